#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// An engine serves any number of coordinators over its life: each subscribes to the events for itself, acts on
  /// its own tree only, and `tearDown()` ends only its own part.
  @MainActor
  final class TestCoordinatorLifecycle: XCTestCase {
    private let payPolicy = #"{"version": 1, "include": ["google-pay"]}"#

    /// A root web view in a host view controller that is in a window, with a coordinator on `engine`.
    private struct Root {
      let host: UIViewController
      let webView: WKWebView
      let coordinator: WebSessionCoordinator
      let driver: WebKitDriver
      let window: UIWindow
      var closed: [SessionID] = []
    }

    private func makeRoot(on engine: SessionEngine, webView existing: WKWebView? = nil, window: UIWindow? = nil)
      -> Root
    {
      let window = window ?? UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let host = UIViewController()
      window.rootViewController = host
      window.addSubview(host.view)
      let webView = existing ?? WKWebView(frame: host.view.bounds, configuration: WKWebViewConfiguration())
      host.view.addSubview(webView)
      let coordinator = WebSessionCoordinator(
        engine: engine, webView: webView, presenter: UIKitPopupPresenter(host: host))
      let driver = WebKitDriver(implementing: [])
      driver.attach(webView)
      return Root(host: host, webView: webView, coordinator: coordinator, driver: driver, window: window)
    }

    private func engine() throws -> SessionEngine {
      SessionEngine(policy: try CompiledPolicy(json: Array(payPolicy.utf8)))
    }

    /// Records the popups `coordinator` removed (its `popupClosed` events) and waits for one.
    @MainActor
    private final class ClosedPopups {
      private var closed: [SessionID] = []
      private var waiter: (id: SessionID, continuation: CheckedContinuation<Void, Never>)?

      init(_ coordinator: WebSessionCoordinator) {
        coordinator.onEvent = { [unowned self] event in
          guard case .popupClosed(let id, _) = event else { return }
          closed.append(id)
          if let waiter, waiter.id == id {
            self.waiter = nil
            waiter.continuation.resume()
          }
        }
      }

      func wait(for id: SessionID) async {
        if closed.contains(id) { return }
        await withCheckedContinuation { waiter = (id, $0) }
      }
    }

    func test_aCoordinatorTornDown_andANewOneOnTheSameEngine_stillRemovesClosedPopups() async throws {
      let engine = try engine()
      let first = makeRoot(on: engine)
      first.coordinator.tearDown()
      let second = makeRoot(on: engine, webView: first.webView, window: first.window)
      second.webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      await second.driver.settle()
      let opened = await second.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: second.webView)
      let popup = try XCTUnwrap(opened)
      XCTAssertNotNil(popup.superview, "presented")
      let id = try XCTUnwrap(second.coordinator.session(for: popup)?.id)

      let closed = ClosedPopups(second.coordinator)
      second.driver.windowClose(in: popup)
      await closed.wait(for: id)
      XCTAssertNil(popup.superview, "removed when its page closed it")
    }

    func test_twoRootsOnOneEngine_getDistinctIds_andEachRemovesOnlyItsOwnPopups() async throws {
      let engine = try engine()
      let left = makeRoot(on: engine)
      let right = makeRoot(on: engine)
      XCTAssertNotEqual(left.coordinator.rootSession.id, right.coordinator.rootSession.id)
      for root in [left, right] {
        root.webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
        await root.driver.settle()
      }
      let leftOpened = await left.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: left.webView)
      let rightOpened = await right.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: right.webView)
      let leftPopup = try XCTUnwrap(leftOpened)
      let rightPopup = try XCTUnwrap(rightOpened)
      let rightID = try XCTUnwrap(right.coordinator.session(for: rightPopup)?.id)
      var leftSaw: [SessionEvent] = []
      left.coordinator.onEvent = { leftSaw.append($0) }

      let closed = ClosedPopups(right.coordinator)
      right.driver.windowClose(in: rightPopup)
      await closed.wait(for: rightID)
      XCTAssertNil(rightPopup.superview)
      XCTAssertNotNil(leftPopup.superview, "the other root's popup stays on screen")
      let leftRoot = left.coordinator.rootSession.id.rawValue
      for event in leftSaw {
        let id: SessionID
        switch event {
        case .popupOpened(let child, _, _, _): id = child
        case .popupClosed(let closed, _): id = closed
        case .openedExternally(let session, _, _), .popupFinished(let session, _),
          .navigationDecided(let session, _, _), .shadowDisagreement(let session, _, _, _):
          id = session
        }
        XCTAssertTrue(id.rawValue == leftRoot || id.rawValue.hasPrefix(leftRoot + "."), "\(event)")
        if case .popupClosed = event { XCTFail("the left tree closed nothing: \(event)") }
      }
    }

    func test_aSecondRootWithAnOpenRootsId_isATypedError() async throws {
      let engine = try engine()
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      let presenter = UIKitPopupPresenter(host: UIViewController())
      let first = try WebSessionCoordinator(
        engine: engine, webView: webView, presenter: presenter, rootID: "checkout", openURL: { _, done in done(true) })
      XCTAssertThrowsError(
        try WebSessionCoordinator(
          engine: engine, webView: WKWebView(frame: .zero, configuration: WKWebViewConfiguration()),
          presenter: presenter, rootID: "checkout", openURL: { _, done in done(true) })
      ) { error in
        XCTAssertTrue("\(error)".contains("checkout"), "\(error)")
      }
      first.tearDown()
      XCTAssertNoThrow(
        try WebSessionCoordinator(
          engine: engine, webView: webView, presenter: presenter, rootID: "checkout", openURL: { _, done in done(true) }
        ).tearDown(), "a torn-down root's id is free again")
    }

    func test_anOldCoordinatorTornDownAfterANewOneBound_leavesTheNewOneDeciding() async throws {
      final class AppDelegate: NSObject, WKNavigationDelegate, WKUIDelegate {}
      let engine = SessionEngine(
        policy: try CompiledPolicy(
          json: Array(
            #"{"version": 1, "rules": [{"name": "no-ads", "match": {"hosts": ["ads.example"]}, "action": "cancel"}]}"#
              .utf8)))
      let app = AppDelegate()
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      webView.navigationDelegate = app
      webView.uiDelegate = app
      let old = makeRoot(on: engine, webView: webView)
      let new = makeRoot(on: engine, webView: webView, window: old.window)
      XCTAssertTrue(new.coordinator.navigationDelegate === app, "the app's delegate, not the old coordinator")
      XCTAssertTrue(new.coordinator.uiDelegate === app)
      old.coordinator.tearDown()
      XCTAssertTrue(
        webView.navigationDelegate === new.coordinator.webKitDelegate, "the old coordinator leaves the new one in place"
      )
      XCTAssertTrue(webView.uiDelegate === new.coordinator.webKitDelegate)

      webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await new.driver.settle()
      await new.driver.tapLink("https://ads.example/click", in: webView)
      XCTAssertEqual(webView.url?.absoluteString, "https://shop.example/", "the policy still decides")
      new.coordinator.tearDown()
      XCTAssertTrue(webView.navigationDelegate === app)
    }

    func test_aClosedPopupsWebView_isUnbound_andNothingLoadsInItUnjudged() async throws {
      let engine = try engine()
      let root = makeRoot(on: engine)
      root.webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      await root.driver.settle()
      let opened = await root.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: root.webView)
      let popup = try XCTUnwrap(opened)
      let id = try XCTUnwrap(root.coordinator.session(for: popup)?.id)
      let closed = ClosedPopups(root.coordinator)
      // The delegate WebKit holds for a callback already under way.
      let delegate = try XCTUnwrap(popup.navigationDelegate)
      root.driver.windowClose(in: popup)
      await closed.wait(for: id)
      XCTAssertNil(popup.navigationDelegate, "WebKit asks nobody about the closed popup")
      XCTAssertNil(popup.uiDelegate)
      // A callback already under way when it closed is cancelled, not allowed unjudged.
      let policy = await delegate.webView(popup, decidePolicyFor: Self.link("https://anything.example/"))
      XCTAssertEqual(policy, .cancel)
    }

    private static func link(_ url: String) -> WKNavigationAction {
      WKNavigationAction(
        request: URLRequest(url: URL(string: url)!), sourceFrame: nil, targetFrame: nil,
        navigationType: .linkActivated)
    }

    func test_tearDown_givesTheRootBackToTheAppsDelegates_andLaterLoadsAreNotCancelled() async throws {
      final class AppDelegate: NSObject, WKNavigationDelegate, WKUIDelegate {}
      let engine = try engine()
      let app = AppDelegate()
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      webView.navigationDelegate = app
      webView.uiDelegate = app
      let root = makeRoot(on: engine, webView: webView)
      XCTAssertTrue(webView.navigationDelegate === root.coordinator.webKitDelegate)
      webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      await root.driver.settle()
      let opened = await root.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: webView)
      let popup = try XCTUnwrap(opened)

      root.coordinator.tearDown()
      XCTAssertTrue(webView.navigationDelegate === app)
      XCTAssertTrue(webView.uiDelegate === app)
      XCTAssertNil(root.coordinator.session(for: webView))
      XCTAssertNil(root.coordinator.session(for: popup))
      XCTAssertNil(popup.superview, "the popups' views are removed")
      XCTAssertFalse(engine.isShutDown, "the engine stays usable")

      webView.load(URLRequest(url: URL(string: "https://merchant.example/orders")!))
      await root.driver.settle()
      XCTAssertEqual(webView.url?.absoluteString, "https://merchant.example/orders", "not cancelled")
      root.coordinator.tearDown()  // a second call does nothing
    }
  }
#endif
