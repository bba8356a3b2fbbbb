#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The stand-in raises where WebKit raises, so a broken delegate fails a test instead of a device; the
  /// coordinator never trips it.
  @MainActor
  final class TestWebKitTraps: XCTestCase {
    /// Calls its decision handler twice, never, or once, as told; returns a web view not made from WebKit's
    /// configuration.
    private final class BrokenDelegate: NSObject, WKNavigationDelegate, WKUIDelegate {
      enum Calls { case twice, never, once }
      let calls: Calls

      init(calls: Calls) {
        self.calls = calls
      }

      func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
      ) {
        switch calls {
        case .twice:
          decisionHandler(.allow)
          decisionHandler(.cancel)
        case .never: break
        case .once: decisionHandler(.allow)
        }
      }

      func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
      ) -> WKWebView? {
        WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      }
    }

    private func drive(_ delegate: BrokenDelegate) async -> (WebKitDriver, WKWebView, RaisedExceptions) {
      let raised = RaisedExceptions()
      let driver = WebKitDriver(
        implementing: [.decidePolicyWithHandler, .createWebView], raise: { raised.record($0) })
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      webView.navigationDelegate = delegate
      webView.uiDelegate = delegate
      driver.attach(webView)
      webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await driver.settle()
      return (driver, webView, raised)
    }

    func test_aDecisionHandlerCalledTwice_raisesCalledMoreThanOnce() async {
      let delegate = BrokenDelegate(calls: .twice)
      let (_, _, raised) = await drive(delegate)
      XCTAssertEqual(raised.all.count, 1)
      XCTAssertTrue(raised.all.first?.hasSuffix("was called more than once") == true, "\(raised.all)")
      XCTAssertTrue(raised.all.first?.contains("webView:decidePolicyForNavigationAction:decisionHandler:") == true)
    }

    func test_aDecisionHandlerNeverCalled_raisesWasNotCalled_andTheNavigationIsCancelled() async {
      let delegate = BrokenDelegate(calls: .never)
      let (driver, webView, raised) = await drive(delegate)
      XCTAssertEqual(raised.all.count, 1)
      XCTAssertTrue(raised.all.first?.hasSuffix("was not called") == true, "\(raised.all)")
      XCTAssertEqual(driver.callbacks.map(\.description), ["decidePolicyFor main other target=main → cancel"])
      XCTAssertNil(webView.url)
    }

    func test_aDecisionHandlerCalledOnce_raisesNothing() async {
      let delegate = BrokenDelegate(calls: .once)
      let (_, webView, raised) = await drive(delegate)
      XCTAssertEqual(raised.all, [])
      XCTAssertEqual(webView.url?.absoluteString, "https://shop.example/")
    }

    func test_aPopupNotCreatedFromTheGivenConfiguration_raises_andIsDropped() async {
      let delegate = BrokenDelegate(calls: .once)
      let (driver, webView, raised) = await drive(delegate)
      let popup = await driver.windowOpen("https://shop.example/pay", gesture: true, in: webView)
      XCTAssertNil(popup)
      XCTAssertEqual(raised.all, ["Returned WKWebView was not created with the given configuration."])
    }

    func test_theCoordinator_neverTripsWebKitsChecks_acrossPopupsClosesAndExternalOpens() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#)
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      await harness.driver.tapLink("https://advertiser.example/", target: "_blank", in: popup)
      await harness.driver.tapLink("https://pay.google.com/help", target: "_blank", in: popup)
      XCTAssertEqual(harness.driver.popups.count, 2, "the advertiser went to Safari, the help page is a popup")
      harness.driver.windowClose(in: popup)
      await harness.closed("main.1")
      await harness.closed("main.1.1")
      XCTAssertEqual(harness.raised.all, [])
    }
  }
#endif
