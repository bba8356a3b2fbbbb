#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  @testable import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// SessionKit's copy of a `WKNavigationAction` carries what policies and deciders read.
  @MainActor
  final class TestNavigationActionConversion: XCTestCase {
    private func action(download: Bool, in webView: WKWebView) -> WKNavigationAction {
      let page = URL(string: "https://shop.example/orders")!
      let frame = WKFrameInfo(isMainFrame: true, url: page, webView: webView)
      return WKNavigationAction(
        request: URLRequest(url: URL(string: "https://shop.example/invoice.pdf")!), sourceFrame: frame,
        targetFrame: frame, navigationType: .linkActivated, shouldPerformDownload: download)
    }

    /// `WKNavigationAction.shouldPerformDownload` (a same-origin `<a download>`) reaches SessionKit's action.
    func test_shouldPerformDownload_isCopied() async {
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      let downloading = NavigationActionConversion.navigationAction(
        action(download: true, in: webView), in: webView, isUserGesture: true)
      XCTAssertTrue(downloading.shouldPerformDownload)
      XCTAssertEqual(downloading.requestURL, "https://shop.example/invoice.pdf")
      let navigating = NavigationActionConversion.navigationAction(
        action(download: false, in: webView), in: webView, isUserGesture: true)
      XCTAssertFalse(navigating.shouldPerformDownload)
    }
  }
#endif
