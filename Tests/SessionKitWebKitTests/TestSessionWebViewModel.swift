#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// `SessionWebView`'s logic, driven as SwiftUI drives it (make, update, update…, dismantle): the URL is loaded
  /// once and again only when it changes, the view's settings reach the coordinator, popups go over the web view
  /// inside the view, dismantling tears the coordinator down, and a view made again on the same engine works.
  @MainActor
  final class TestSessionWebViewModel: XCTestCase {
    private let payPolicy = #"{"version": 1, "include": ["google-pay"]}"#
    private let checkout = URL(string: "https://merchant.example/checkout")!

    /// What SwiftUI puts around the view: a window whose root view controller shows the container.
    @MainActor
    private struct Scene {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let root = UIViewController()
      let model: SessionWebViewModel
      let container: UIView
      let webView: WKWebView
      let driver: WebKitDriver

      init(engine: SessionEngine, settings: SessionWebViewModel.Settings = .init()) throws {
        window.rootViewController = root
        model = SessionWebViewModel(engine: engine)
        container = model.makeView(settings: settings)
        root.view.addSubview(container)
        webView = try XCTUnwrap(model.webView)
        driver = WebKitDriver(implementing: AdapterHarness.coordinatorMethods)
        driver.attach(webView)
      }

      /// SwiftUI's `updateUIView` with `url`, then the page's loads.
      func update(_ url: URL, settings: SessionWebViewModel.Settings = .init()) async {
        model.update(url: url, settings: settings)
        await driver.settle()
      }

      /// The main-frame navigations WebKit asked about so far.
      var loads: [String] {
        driver.callbacks.filter { $0.name == "decidePolicyFor" && $0.webView == "main" }.map(\.description)
      }
    }

    private func engine() throws -> SessionEngine {
      SessionEngine(policy: try CompiledPolicy(json: Array(payPolicy.utf8)))
    }

    func test_theViewLoadsItsURLOnce_andAgainOnlyWhenTheURLChanges() async throws {
      let scene = try Scene(engine: try engine())
      XCTAssertTrue(scene.webView.superview === scene.container)
      XCTAssertEqual(scene.loads, [], "makeUIView loads nothing by itself")

      await scene.update(checkout)
      await scene.update(checkout)
      XCTAssertEqual(scene.loads.count, 1, "an unchanged URL does not reload: \(scene.loads)")
      XCTAssertEqual(scene.webView.url, checkout)

      await scene.driver.tapLink("https://merchant.example/cart", in: scene.webView)
      await scene.update(checkout)
      XCTAssertEqual(scene.webView.url?.absoluteString, "https://merchant.example/cart", "the page keeps its place")

      let receipt = URL(string: "https://merchant.example/receipt")!
      await scene.update(receipt)
      await scene.update(receipt)
      XCTAssertEqual(scene.webView.url, receipt)
      XCTAssertEqual(scene.model.loadedURL, receipt)
      XCTAssertEqual(scene.loads.count, 3, "\(scene.loads)")
    }

    func test_theViewsSettings_reachTheCoordinator_andItsDelegatesAreKeptAlive() async throws {
      final class AppDelegate: NSObject, WKNavigationDelegate, WKUIDelegate {}
      var settings = SessionWebViewModel.Settings()
      var events: [SessionEvent] = []
      settings.onEvent = { events.append($0) }
      settings.onPopupFinished = { _, _ in }
      settings.onProblem = { _ in }
      settings.newWindowGesture = { _, _ in true }
      settings.uiDelegate = AppDelegate()
      settings.navigationDelegate = AppDelegate()
      let scene = try Scene(engine: try engine(), settings: settings)
      let coordinator = try XCTUnwrap(scene.model.coordinator)
      XCTAssertNotNil(coordinator.onEvent)
      XCTAssertNotNil(coordinator.onPopupFinished)
      XCTAssertNotNil(coordinator.onProblem)
      XCTAssertNotNil(coordinator.newWindowGesture)
      XCTAssertTrue(coordinator.uiDelegate === settings.uiDelegate, "alive, though only the settings hold it")
      XCTAssertTrue(coordinator.navigationDelegate === settings.navigationDelegate)

      await scene.update(checkout, settings: settings)
      await scene.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: scene.webView)
      for _ in 0..<1_000 where events.isEmpty { await Task.yield() }
      XCTAssertFalse(events.isEmpty, "onEvent is the coordinator's")

      scene.model.update(url: checkout, settings: SessionWebViewModel.Settings())
      XCTAssertNil(coordinator.onEvent, "an update applies the view's current settings")
      XCTAssertNil(coordinator.uiDelegate)
    }

    func test_anOverlayPopup_goesOverTheWebViewInsideTheView_pinnedToTheViewsSafeArea() async throws {
      let scene = try Scene(engine: try engine())
      await scene.update(checkout)
      let opened = await scene.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: scene.webView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(popup.superview === scene.container)
      let safeArea = scene.container.safeAreaLayoutGuide
      XCTAssertTrue(
        popup.standInActiveConstraints.contains { $0.secondItem === safeArea && $0.firstAttribute == .top },
        "\(popup.standInActiveConstraints.map(\.standInDescription))")
    }

    func test_dismantling_tearsTheCoordinatorDown_closingItsPopups_andLaterUpdatesDoNothing() async throws {
      let scene = try Scene(engine: try engine())
      await scene.update(checkout)
      let opened = await scene.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: scene.webView)
      let popup = try XCTUnwrap(opened)
      let coordinator = try XCTUnwrap(scene.model.coordinator)

      scene.model.dismantle()
      XCTAssertTrue(coordinator.rootSession.isClosed)
      XCTAssertNil(popup.superview, "the popup's view is removed")
      XCTAssertNil(scene.model.coordinator)
      scene.model.dismantle()
      await scene.update(URL(string: "https://merchant.example/other")!)
      XCTAssertEqual(scene.loads.count, 1)
    }

    func test_aViewMadeAgainOnTheSameEngine_getsANewCoordinator_andItsPopupsStillWork() async throws {
      let engine = try engine()
      let first = try Scene(engine: engine)
      await first.update(checkout)
      let firstRoot = try XCTUnwrap(first.model.coordinator?.rootSession.id)
      first.model.dismantle()
      first.container.removeFromSuperview()

      let second = try Scene(engine: engine)
      await second.update(checkout)
      let coordinator = try XCTUnwrap(second.model.coordinator)
      XCTAssertNotEqual(coordinator.rootSession.id, firstRoot)
      let opened = await second.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: second.webView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(popup.superview === second.container)

      var closed = false
      coordinator.onEvent = { if case .popupClosed = $0 { closed = true } }
      try XCTUnwrap(popup.subviews.compactMap { $0 as? UIButton }.first).tap()
      for _ in 0..<1_000 where !closed { await Task.yield() }
      XCTAssertTrue(closed)
      XCTAssertNil(popup.superview, "the close button closes it through the new coordinator")
    }
  }
#endif
