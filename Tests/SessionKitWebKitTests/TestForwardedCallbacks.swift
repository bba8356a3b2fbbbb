#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// Every delegate method that decides no navigation reaches the app's own delegates when they implement it
  /// (WebKit's default applies otherwise), driven by the stand-in as WebKit calls them.
  @MainActor
  final class TestForwardedCallbacks: XCTestCase {
    /// An app delegate implementing every non-policy method, recording what reached it.
    private final class AppDelegate: NSObject, WKNavigationDelegate, WKUIDelegate, SelectorResponding {
      var calls: [String] = []
      var responsePolicy = WKNavigationResponsePolicy.allow

      func responds(toSelector selector: String) -> Bool {
        !selector.contains("decidePolicyForNavigationAction") && !selector.contains("createWebView")
      }

      func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        calls.append("didStartProvisional")
      }
      func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!) {
        calls.append("didReceiveServerRedirect")
      }
      func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async
        -> WKNavigationResponsePolicy
      {
        calls.append("response \(navigationResponse.isForMainFrame ? "main" : "sub")")
        return responsePolicy
      }
      func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
      ) { calls.append("didFailProvisional") }
      func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) { calls.append("didCommit") }
      func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { calls.append("didFinish") }
      func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        calls.append("didFail")
      }
      func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {
        calls.append("actionDownload")
      }
      func webView(_ webView: WKWebView, shouldAllowDeprecatedTLSFor challenge: URLAuthenticationChallenge) async
        -> Bool
      { true }
      func webViewDidClose(_ webView: WKWebView) { calls.append("webViewDidClose") }
      func webView(
        _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin,
        initiatedBy frame: WKFrameInfo, type: WKMediaCaptureType
      ) async -> WKPermissionDecision { .grant }
      func webView(
        _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
      ) { decisionHandler(.deny) }
    }

    private func harness(_ app: AppDelegate) throws -> AdapterHarness {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      harness.coordinator.navigationDelegate = app
      harness.coordinator.uiDelegate = app
      return harness
    }

    func test_theRootsWindowClose_reachesTheApp_andTheRootStays() async throws {
      let app = AppDelegate()
      let harness = try harness(app)
      await harness.load("https://shop.example/")
      harness.driver.windowClose(in: harness.mainWebView)
      XCTAssertEqual(app.calls.filter { $0 == "webViewDidClose" }.count, 1)
      XCTAssertTrue(harness.isShown(harness.mainWebView))
      XCTAssertFalse(harness.coordinator.rootSession.isClosed)
    }

    func test_permissionsAndDeprecatedTLS_areTheAppsAnswers() async throws {
      let app = AppDelegate()
      let harness = try harness(app)
      await harness.load("https://shop.example/")
      let camera = await harness.driver.requestMediaCapture(.camera, in: harness.mainWebView)
      XCTAssertEqual(camera, .grant)
      let motion = await harness.driver.requestDeviceOrientationAndMotion(in: harness.mainWebView)
      XCTAssertEqual(motion, .deny)
      let tls = await harness.driver.deprecatedTLS(sampleChallenge(), in: harness.mainWebView)
      XCTAssertTrue(tls)

      // Without an app delegate, WebKit's defaults.
      let plain = try AdapterHarness(policy: #"{"version": 1}"#)
      await plain.load("https://shop.example/")
      let asked = await plain.driver.requestMediaCapture(.microphone, in: plain.mainWebView)
      XCTAssertEqual(asked, .prompt)
      let refused = await plain.driver.deprecatedTLS(sampleChallenge(), in: plain.mainWebView)
      XCTAssertFalse(refused)
    }

    func test_aLoadsProvisionalStart_redirects_response_andFinish_reachTheApp_inWebKitsOrder() async throws {
      let app = AppDelegate()
      let harness = try harness(app)
      harness.driver.redirects["https://shop.example/go"] = .init(to: "https://shop.example/landing")
      await harness.load("https://shop.example/go")
      XCTAssertEqual(
        app.calls, ["didStartProvisional", "didReceiveServerRedirect", "response main", "didCommit", "didFinish"])
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.committedURL?.serialized, "https://shop.example/landing")
    }

    func test_aResponseTheAppCancels_commitsNothing_andTheFailureReachesTheApp() async throws {
      let app = AppDelegate()
      let harness = try harness(app)
      await harness.load("https://shop.example/")
      app.calls = []
      app.responsePolicy = .cancel
      await harness.driver.tapLink("https://shop.example/file.pdf", in: harness.mainWebView)
      XCTAssertEqual(app.calls, ["didStartProvisional", "response main", "didFailProvisional"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/")
    }

    func test_aFailureAfterTheCommit_andADownload_reachTheApp() async throws {
      let app = AppDelegate()
      let harness = try harness(app)
      harness.driver.failingAfterCommit = ["https://shop.example/slow"]
      await harness.load("https://shop.example/slow")
      XCTAssertEqual(app.calls.suffix(2), ["didCommit", "didFail"])
      app.calls = []
      await harness.driver.tapLink("https://shop.example/receipt.pdf", in: harness.mainWebView, download: true)
      XCTAssertEqual(app.calls, ["actionDownload"])
    }
  }
#endif
