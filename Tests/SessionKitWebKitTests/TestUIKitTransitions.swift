#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  @testable import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// UIKit's presentations and dismissals take time, and UIKit ignores a dismissal while one runs (with a log line
  /// only). A popup removed during one must still leave the screen, and its close button must always close.
  @MainActor
  final class TestUIKitTransitions: XCTestCase {
    private let modalPayPolicy = #"""
      {"version": 1,
       "rules": [{"name": "pay-modal", "match": {"hosts": ["pay.google.com"], "target": "newWindow"},
                  "action": {"popup": "modal"}},
                 {"name": "out", "match": {"hosts": ["advertiser.example"]}, "action": {"external": "safari"}}],
       "include": ["google-pay"]}
      """#

    override func setUp() async throws {
      UIKitStandIn.resetWarnings()
    }

    private var refusedDismissals: [String] {
      UIKitStandIn.warnings.filter { $0.hasPrefix("Attempt to dismiss") }
    }

    func test_aModalPopupClosingDuringItsOwnPresentation_leavesTheScreen_whenThePresentationEnds() async throws {
      let harness = try AdapterHarness(policy: modalPayPolicy)
      await harness.load("https://merchant.example/checkout")
      harness.driver.transitionsEndWhenSettled = false
      let opened = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(try XCTUnwrap(harness.presented.first).isBeingPresented, "still sliding in")

      harness.driver.windowClose(in: popup)
      _ = await harness.event {
        if case .popupClosed("main.1", _) = $0 { return true }
        return false
      }
      UIKitStandIn.finishTransitions()
      XCTAssertTrue(harness.presented.isEmpty, "the modal went once its presentation ended")
      XCTAssertEqual(refusedDismissals, [])
      XCTAssertFalse(harness.isShown(popup))
    }

    func test_aModalPopupWhoseFirstLoadGoesToSafari_goesFirst_andSafariIsPresentedFromTheMerchantPage() async throws {
      let harness = try AdapterHarness(policy: modalPayPolicy)
      var problems: [WebSessionCoordinator.Problem] = []
      harness.coordinator.onProblem = { problems.append($0) }
      harness.driver.redirects["https://pay.google.com/handoff"] = .init(to: "https://advertiser.example/offer")
      await harness.load("https://merchant.example/checkout")
      harness.driver.transitionsEndWhenSettled = false
      _ = await harness.driver.windowOpen("https://pay.google.com/handoff", gesture: true, in: harness.mainWebView)
      UIKitStandIn.finishTransitions()

      XCTAssertEqual(problems, [])
      XCTAssertEqual(harness.presented.count, 1)
      let safari = try XCTUnwrap(harness.presented.first as? SFSafariViewController, "\(harness.presented)")
      XCTAssertEqual(safari.url.absoluteString, "https://advertiser.example/offer")
      XCTAssertEqual(refusedDismissals, [])
    }

    func test_tearDown_withNestedModalPopups_dismissesThemAll_parentsFirst() async throws {
      let harness = try AdapterHarness(policy: modalPayPolicy)
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen("https://pay.google.com/a", gesture: true, in: harness.mainWebView)
      let first = try XCTUnwrap(opened)
      let nested = await harness.driver.windowOpen("https://pay.google.com/b", gesture: true, in: first)
      XCTAssertNotNil(nested)
      XCTAssertEqual(harness.presented.count, 2)

      harness.coordinator.tearDown()
      UIKitStandIn.finishTransitions()
      XCTAssertTrue(harness.presented.isEmpty, "\(harness.presented)")
      XCTAssertEqual(refusedDismissals, [])
      XCTAssertTrue(harness.isShown(harness.mainWebView))
    }

    /// A presenter whose first removal is lost, as UIKit loses a dismissal it ignores.
    private final class LosingPresenter: UIKitPopupPresenter {
      var removals = 0

      override func remove(_ popup: WKWebView) {
        removals += 1
        if removals > 1 { super.remove(popup) }
      }
    }

    func test_aCloseButtonLeftOnScreen_afterItsPopupClosed_stillTakesThePopupAway() async throws {
      let host = UIViewController()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = host
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      host.view.addSubview(webView)
      let presenter = LosingPresenter(host: host)
      let coordinator = WebSessionCoordinator(
        engine: SessionEngine(
          policy: try CompiledPolicy(json: Array(#"{"version": 1, "include": ["google-pay"]}"#.utf8))),
        webView: webView, presenter: presenter)
      let driver = WebKitDriver(implementing: [])
      driver.attach(webView)
      webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      await driver.settle()
      let opened = await driver.windowOpen("https://pay.google.com/pay", gesture: true, in: webView)
      let popup = try XCTUnwrap(opened)
      var events = coordinator.engine.events().makeAsyncIterator()
      driver.windowClose(in: popup)
      while let event = await events.next() {
        if case .popupClosed = event { break }
      }
      for _ in 0..<100 where presenter.removals == 0 { await Task.yield() }
      XCTAssertNotNil(popup.superview, "the first removal was lost")
      XCTAssertNil(coordinator.session(for: popup), "the coordinator let the popup go")

      let button = try XCTUnwrap(popup.subviews.compactMap { $0 as? UIButton }.first)
      button.tap()
      XCTAssertNil(popup.superview, "the close button closes what is left")
      XCTAssertEqual(presenter.removals, 2)
    }
  }
#endif
