#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The app's own delegates keep receiving what SessionKit does not answer.
  @MainActor
  final class TestAppDelegateForwarding: XCTestCase {
    private final class AppDelegate: NSObject, WKNavigationDelegate, WKUIDelegate {
      var events: [String] = []

      func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        events.append("didCommit \(webView.url?.absoluteString ?? "-")")
      }

      func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        events.append("didFinish")
      }
    }

    func test_theWebViewsPreviousDelegates_becomeTheAppDelegates_andReceiveCommitsAndFinishes() async throws {
      let app = AppDelegate()
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      webView.navigationDelegate = app
      webView.uiDelegate = app
      let host = UIViewController()
      host.view.addSubview(webView)
      let coordinator = WebSessionCoordinator(
        engine: SessionEngine(policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8))), webView: webView,
        presenter: UIKitPopupPresenter(host: host))
      XCTAssertTrue(coordinator.navigationDelegate === app)
      XCTAssertTrue(coordinator.uiDelegate === app)
      XCTAssertTrue(webView.navigationDelegate === coordinator.webKitDelegate)

      let driver = WebKitDriver(implementing: AdapterHarness.coordinatorMethods)
      driver.attach(webView)
      webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await driver.settle()
      XCTAssertEqual(app.events, ["didCommit https://shop.example/", "didFinish"])
      await coordinator.commitsRecorded()
      XCTAssertEqual(coordinator.rootSession.committedURL?.serialized, "https://shop.example/")
    }
  }
#endif
