#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  @testable import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// WebKit reads once, when a delegate is set, which methods it implements, and calls the `preferences:` variant
  /// of `decidePolicyForNavigationAction` instead of the others when it may. The coordinator claims only its own
  /// methods and an explicit list of forwarded ones, so the app's delegates can never take a decision from it.
  @MainActor
  final class TestDelegateForwarding: XCTestCase {
    private static let preferencesVariant = "webView:decidePolicyForNavigationAction:preferences:decisionHandler:"
    private let cancelAds = #"""
      {"version": 1, "rules": [{"name": "no-ads", "match": {"hosts": ["ads.example"]}, "action": "cancel"}]}
      """#

    /// An app delegate as apps write them: it implements the `preferences:` variant (to set content modes), and
    /// says so to `respondsToSelector:`, as any Objective-C object does.
    private final class AppDelegate: NSObject, WKNavigationDelegate, WKUIDelegate, SelectorResponding {
      var selectors: Set<String>
      var decisions = 0
      var challenges = 0
      var terminations = 0
      var alerts: [String] = []

      init(implementing selectors: Set<String>) {
        self.selectors = selectors
      }

      func responds(toSelector selector: String) -> Bool {
        selectors.contains(selector)
      }

      func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        preferences: WKWebpagePreferences
      ) async -> (WKNavigationActionPolicy, WKWebpagePreferences) {
        decisions += 1
        return (.allow, preferences)
      }

      func webView(_ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
      {
        challenges += 1
        return (.rejectProtectionSpace, nil)
      }

      func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        terminations += 1
      }

      func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void
      ) {
        alerts.append(message)
        completionHandler()
      }
    }

    private struct Setup {
      let webView: WKWebView
      let coordinator: WebSessionCoordinator
      let driver: WebKitDriver
      let raised: RaisedExceptions

      /// What the web view's navigation delegate answers `respondsToSelector:` for `selector`, as WebKit asks it.
      @MainActor
      func claims(_ selector: String) -> Bool {
        (webView.navigationDelegate as? SelectorResponding)?.responds(toSelector: selector) == true
      }
    }

    private func setUp(app: AppDelegate?, policy: String) throws -> Setup {
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      webView.navigationDelegate = app
      webView.uiDelegate = app
      let host = UIViewController()
      host.view.addSubview(webView)
      let raised = RaisedExceptions()
      let coordinator = WebSessionCoordinator(
        engine: SessionEngine(policy: try CompiledPolicy(json: Array(policy.utf8))), webView: webView,
        presenter: UIKitPopupPresenter(host: host))
      let driver = WebKitDriver(implementing: [], raise: { raised.record($0) })
      driver.attach(webView)
      return Setup(webView: webView, coordinator: coordinator, driver: driver, raised: raised)
    }

    func test_anAppDelegateImplementingThePreferencesVariant_cannotBypassThePolicy() async throws {
      let app = AppDelegate(implementing: [Self.preferencesVariant])
      let setup = try setUp(app: app, policy: cancelAds)
      XCTAssertFalse(setup.claims(Self.preferencesVariant))
      XCTAssertEqual(setup.webView.navigationDelegateMethods?.contains(.decidePolicyWithPreferences), false)

      setup.webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await setup.driver.settle()
      await setup.driver.tapLink("https://ads.example/click", in: setup.webView)
      XCTAssertEqual(
        setup.driver.callbacks.filter { $0.name == "decidePolicyFor" }.map(\.description),
        [
          "decidePolicyFor main other target=main → allow",
          "decidePolicyFor main linkActivated target=main → cancel",
        ])
      XCTAssertEqual(setup.webView.url?.absoluteString, "https://shop.example/")
      XCTAssertEqual(app.decisions, 0, "the app's preferences variant is never called")
    }

    func test_noPolicyBearingSelector_isEverClaimed_whateverTheAppImplements() async throws {
      let app = AppDelegate(implementing: DelegateForwarding.policyBearing)
      let setup = try setUp(app: app, policy: cancelAds)
      for selector in DelegateForwarding.policyBearing.sorted() {
        XCTAssertFalse(setup.claims(selector), selector)
      }
      for selector in DelegateForwarding.own.sorted() {
        XCTAssertTrue(setup.claims(selector), selector)
      }
      XCTAssertTrue(DelegateForwarding.own.isDisjoint(with: DelegateForwarding.policyBearing))
      XCTAssertTrue(Set(DelegateForwarding.forwarded.keys).isDisjoint(with: DelegateForwarding.policyBearing))
      XCTAssertFalse(setup.claims("webView:someSelectorNobodyListed:"))
    }

    func test_respondsToSelector_isAPureRule_claimRefuseOrAskNSObject() async {
      let none: (DelegateForwarding.Side, String) -> Bool = { _, _ in false }
      let all: (DelegateForwarding.Side, String) -> Bool = { _, _ in true }
      XCTAssertEqual(DelegateForwarding.answer(for: Self.preferencesVariant, appImplements: all), .refuse)
      XCTAssertEqual(
        DelegateForwarding.answer(for: "webView:decidePolicyForNavigationAction:decisionHandler:", appImplements: none),
        .claim)
      XCTAssertEqual(
        DelegateForwarding.answer(for: "webViewWebContentProcessDidTerminate:", appImplements: none), .refuse)
      XCTAssertEqual(
        DelegateForwarding.answer(for: "webViewWebContentProcessDidTerminate:", appImplements: all), .claim)
      XCTAssertEqual(
        DelegateForwarding.answer(
          for: "webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:",
          appImplements: all), .claim, "every non-policy method the app implements is forwarded")
      XCTAssertEqual(
        DelegateForwarding.answer(for: "webView:shouldPreviewElement:", appImplements: all), .refuse,
        "a WebKit delegate method not in the lists (deprecated since iOS 13) is never claimed")
      XCTAssertEqual(DelegateForwarding.answer(for: "isEqual:", appImplements: all), .askSuper)
      XCTAssertEqual(DelegateForwarding.answer(for: "description", appImplements: none), .askSuper)
    }

    func test_forwardedMethods_areClaimedOnlyWhenTheAppImplementsThem_andReachIt() async throws {
      let challenge = "webView:didReceiveAuthenticationChallenge:completionHandler:"
      let app = AppDelegate(implementing: [challenge])
      let setup = try setUp(app: app, policy: cancelAds)
      XCTAssertTrue(setup.claims(challenge))
      XCTAssertFalse(setup.claims("webViewWebContentProcessDidTerminate:"))

      let disposition = await setup.driver.authenticationChallenge(sampleChallenge(), in: setup.webView)
      XCTAssertEqual(disposition, .rejectProtectionSpace)
      XCTAssertEqual(app.challenges, 1)
      setup.driver.terminateWebContentProcess(of: setup.webView)
      XCTAssertEqual(app.terminations, 0, "not claimed, so WebKit does not call it")
    }

    func test_anAppDelegateSetOnTheCoordinatorLater_isAsked_becauseWebKitsCacheIsRefreshed() async throws {
      let setup = try setUp(app: nil, policy: cancelAds)
      XCTAssertEqual(setup.webView.navigationDelegateMethods?.contains(.webContentProcessDidTerminate), false)
      let app = AppDelegate(implementing: ["webViewWebContentProcessDidTerminate:"])
      setup.coordinator.navigationDelegate = app
      XCTAssertTrue(setup.webView.navigationDelegate === setup.coordinator.webKitDelegate)
      XCTAssertEqual(setup.webView.navigationDelegateMethods?.contains(.webContentProcessDidTerminate), true)
      setup.driver.terminateWebContentProcess(of: setup.webView)
      XCTAssertEqual(app.terminations, 1)
    }

    func test_anAppDelegateThatWentAway_leavesEveryCachedSelectorAnswered_withWebKitsDefault() async throws {
      let challenge = "webView:didReceiveAuthenticationChallenge:completionHandler:"
      var app: AppDelegate? = AppDelegate(implementing: [challenge, "webViewWebContentProcessDidTerminate:"])
      let setup = try setUp(app: app, policy: cancelAds)
      XCTAssertEqual(setup.webView.navigationDelegateMethods?.contains(.authenticationChallenge), true)
      app = nil
      XCTAssertNil(setup.coordinator.navigationDelegate)
      // WebKit still calls what it cached; the coordinator answers it (no unrecognized selector, no hang).
      let disposition = await setup.driver.authenticationChallenge(sampleChallenge(), in: setup.webView)
      XCTAssertEqual(disposition, .performDefaultHandling)
      setup.driver.terminateWebContentProcess(of: setup.webView)
      XCTAssertEqual(setup.raised.all, [])
    }

    func test_theAppsUIDelegate_answersJavaScriptAlerts_whenItImplementsThem() async throws {
      let app = AppDelegate(
        implementing: ["webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:"])
      let setup = try setUp(app: app, policy: cancelAds)
      setup.webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await setup.driver.settle()
      await setup.driver.alert("Card declined", in: setup.webView)
      XCTAssertEqual(app.alerts, ["Card declined"])
      XCTAssertEqual(setup.raised.all, [])
    }
  }
#endif
