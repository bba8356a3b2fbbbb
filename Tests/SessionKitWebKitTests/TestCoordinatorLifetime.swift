#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// WebKit holds its delegates weakly but keeps what they implement: a released delegate leaves every navigation
  /// waiting for an answer that never comes. The root web view keeps its coordinator until `tearDown()`, and no
  /// decision that resolves after `tearDown()` acts for the coordinator.
  @MainActor
  final class TestCoordinatorLifetime: XCTestCase {
    private let cancelAds = #"""
      {"version": 1, "rules": [
        {"name": "no-ads", "match": {"hosts": ["ads.example"]}, "action": "cancel"},
        {"name": "out", "match": {"hosts": ["advertiser.example"]}, "action": {"external": "safari"}}]}
      """#

    private func screen() -> (UIWindow, UIViewController, WKWebView) {
      let host = UIViewController()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = host
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      host.view.addSubview(webView)
      return (window, host, webView)
    }

    /// A coordinator for `webView` that nothing in the test keeps (torn down at once with `tearingDown`).
    private func bind(_ webView: WKWebView, host: UIViewController, tearingDown: Bool) throws -> WebSessionCoordinator {
      let coordinator = WebSessionCoordinator(
        engine: SessionEngine(policy: try CompiledPolicy(json: Array(cancelAds.utf8))), webView: webView,
        presenter: UIKitPopupPresenter(host: host))
      if tearingDown { coordinator.tearDown() }
      return coordinator
    }

    /// A delegate as a plain app writes one: it says it decides navigations.
    private final class PlainDelegate: NSObject, WKNavigationDelegate, SelectorResponding {
      func responds(toSelector selector: String) -> Bool {
        selector == "webView:decidePolicyForNavigationAction:decisionHandler:"
      }
    }

    func test_theStandIn_likeWebKit_leavesANavigationUndecided_whenTheDelegateItCachedIsGone() async {
      let (_, _, webView) = screen()
      var delegate: PlainDelegate? = PlainDelegate()
      webView.navigationDelegate = delegate
      delegate = nil
      let driver = WebKitDriver(implementing: [])
      driver.attach(webView)
      webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await driver.settle()
      XCTAssertEqual(
        driver.callbacks.map(\.description), ["decidePolicyFor main other target=main → never (the delegate is gone)"])
      XCTAssertNil(webView.url, "nothing loads")
    }

    func test_aCoordinatorTheAppDoesNotKeep_goesOnDeciding_forItsWebView() async throws {
      let (_, host, webView) = screen()
      weak var released: WebSessionCoordinator?
      released = try bind(webView, host: host, tearingDown: false)
      XCTAssertNotNil(released, "the web view keeps it")
      let driver = WebKitDriver(implementing: [])
      driver.attach(webView)
      webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await driver.settle()
      await driver.tapLink("https://ads.example/click", in: webView)
      XCTAssertEqual(
        driver.callbacks.filter { $0.name == "decidePolicyFor" }.map(\.description),
        ["decidePolicyFor main other target=main → allow", "decidePolicyFor main linkActivated target=main → cancel"])
      XCTAssertEqual(webView.url?.absoluteString, "https://shop.example/")
    }

    func test_tearDown_letsTheCoordinatorGo() async throws {
      let (_, host, webView) = screen()
      weak var released: WebSessionCoordinator?
      released = try bind(webView, host: host, tearingDown: true)
      for _ in 0..<1_000 where released != nil { await Task.yield() }
      XCTAssertNil(released, "nothing holds a torn-down coordinator: no leak")
      XCTAssertNil(webView.navigationDelegate)
    }

    func test_aDecisionThatResolvesAfterTearDown_opensNothing() async throws {
      let gate = DeciderGate()
      let policy = #"""
        {"version": 1, "rules": [{"name": "held", "match": {"hosts": ["advertiser.example"]}, "action": {"ask": "held"}}]}
        """#
      let harness = try AdapterHarness(
        policy: policy,
        deciders: [
          "held": ClosureDecider { _ in
            await gate.pass()
            return .external(.safari)
          }
        ])
      await harness.load("https://games.example/play")
      let webView = harness.mainWebView
      let driver = harness.driver
      let tapped = Task { await driver.tapLink("https://advertiser.example/offer", in: webView) }
      await gate.untilEntered()
      harness.coordinator.tearDown()
      await gate.open()
      await tapped.value
      XCTAssertEqual(harness.presented.compactMap { $0 as? SFSafariViewController }.count, 0)
      XCTAssertEqual(
        driver.callbacks.last { $0.name == "decidePolicyFor" }?.description,
        "decidePolicyFor main linkActivated target=main → cancel")
    }
  }
#endif
