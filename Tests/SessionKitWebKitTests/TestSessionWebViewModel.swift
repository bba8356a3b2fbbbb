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

    /// Lets the main actor run what the page's observers queued: the page reads the web view on the next turn.
    private func pageReads() async {
      for _ in 0..<3 { await Task.yield() }
    }

    func test_thePage_followsLoadingProgressTitleAndHistory_asTheyChange() async throws {
      let page = SessionWebPage()
      var settings = SessionWebViewModel.Settings()
      settings.page = page
      let scene = try Scene(engine: try engine(), settings: settings)
      XCTAssertTrue(page.webView === scene.webView)
      XCTAssertFalse(page.isLoading)
      XCTAssertNil(page.url)
      scene.driver.titles["https://merchant.example/checkout"] = "Checkout"
      scene.driver.titles["https://merchant.example/cart"] = "Your cart"
      // A redirect hop is decided while the page loads: the main actor is free then, and the page has read it.
      scene.driver.redirects["https://merchant.example/start"] = .init(to: checkout.absoluteString)
      // What the page says after each change of isLoading (its own reads were queued first, as it observed first).
      let seen = Locked<[String]>([])
      let watch = scene.webView.observe(\.isLoading, options: [.new]) { _, _ in
        Task { @MainActor in
          let state = "\(page.isLoading) \(page.url?.absoluteString ?? "-")"
          seen.withLock { $0.append(state) }
        }
      }
      await scene.update(URL(string: "https://merchant.example/start")!, settings: settings)
      await pageReads()
      watch.invalidate()
      XCTAssertEqual(seen.withLock { $0 }, ["true -", "false https://merchant.example/checkout"])
      XCTAssertEqual(page.url, checkout)
      XCTAssertEqual(page.title, "Checkout")
      XCTAssertEqual(page.estimatedProgress, 1)
      XCTAssertFalse(page.canGoBack)

      await scene.driver.tapLink("https://merchant.example/cart", in: scene.webView)
      await pageReads()
      XCTAssertEqual(page.title, "Your cart")
      XCTAssertEqual(page.url?.absoluteString, "https://merchant.example/cart")
      XCTAssertTrue(page.canGoBack)
      XCTAssertFalse(page.canGoForward)
    }

    func test_thePagesActions_navigateTheRootWebView_andTheEngineDecidesEach() async throws {
      let page = SessionWebPage()
      var settings = SessionWebViewModel.Settings()
      settings.page = page
      let scene = try Scene(engine: try engine(), settings: settings)
      await scene.update(checkout, settings: settings)
      await scene.driver.tapLink("https://merchant.example/cart", in: scene.webView)
      await pageReads()

      page.goBack()
      await scene.driver.settle()
      await pageReads()
      XCTAssertEqual(page.url, checkout)
      XCTAssertTrue(page.canGoForward)
      page.goForward()
      await scene.driver.settle()
      await pageReads()
      XCTAssertEqual(page.url?.absoluteString, "https://merchant.example/cart")
      page.reload()
      await scene.driver.settle()
      page.load(URL(string: "https://merchant.example/receipt")!)
      await scene.driver.settle()
      await pageReads()
      XCTAssertEqual(page.url?.absoluteString, "https://merchant.example/receipt")
      XCTAssertEqual(
        scene.loads.suffix(4),
        [
          "decidePolicyFor main backForward target=main → allow",
          "decidePolicyFor main backForward target=main → allow",
          "decidePolicyFor main reload target=main → allow", "decidePolicyFor main other target=main → allow",
        ])
      XCTAssertFalse(page.isLoading)
    }

    func test_aNewPage_followsInsteadOfTheOldOne_andDismantlingLetsGo() async throws {
      let first = SessionWebPage()
      var settings = SessionWebViewModel.Settings()
      settings.page = first
      let scene = try Scene(engine: try engine(), settings: settings)
      await scene.update(checkout, settings: settings)
      let second = SessionWebPage()
      settings.page = second
      await scene.update(checkout, settings: settings)
      await pageReads()
      XCTAssertNil(first.webView)
      XCTAssertNil(first.url, "a page that follows nothing shows nothing")
      XCTAssertEqual(second.url, checkout, "the new page reads the web view")
      await scene.driver.tapLink("https://merchant.example/cart", in: scene.webView)
      await pageReads()
      XCTAssertEqual(second.url?.absoluteString, "https://merchant.example/cart")
      scene.model.dismantle()
      await pageReads()
      XCTAssertNil(second.webView)
      XCTAssertNil(second.url)
      XCTAssertFalse(second.canGoBack, "no action is offered that would do nothing")
      second.goBack()  // nothing to act on: no crash, no load
    }

    func test_aPageGivenToANewView_keepsFollowingIt_whenTheOldViewGoesAfterwards() async throws {
      // An `if`/`else` or an `.id` change: SwiftUI makes the new view before it dismantles the old one.
      let page = SessionWebPage()
      var settings = SessionWebViewModel.Settings()
      settings.page = page
      let old = try Scene(engine: try engine(), settings: settings)
      await old.update(checkout, settings: settings)
      let new = try Scene(engine: try engine(), settings: settings)
      XCTAssertTrue(page.webView === new.webView)
      old.model.dismantle()
      XCTAssertTrue(page.webView === new.webView, "the old view lets go of its page only if it still follows it")
      await new.update(URL(string: "https://merchant.example/receipt")!, settings: settings)
      await pageReads()
      XCTAssertEqual(page.url?.absoluteString, "https://merchant.example/receipt")
    }

    func test_configureWebView_runsOnce_withTheNewWebView_beforeItsFirstLoad() async throws {
      var calls: [String] = []
      var settings = SessionWebViewModel.Settings()
      settings.configureWebView = { webView in
        webView.customUserAgent = "Shop/2.1"
        calls.append(webView.url?.absoluteString ?? "nothing loaded")
      }
      let scene = try Scene(engine: try engine(), settings: settings)
      await scene.update(checkout, settings: settings)
      await scene.update(URL(string: "https://merchant.example/receipt")!, settings: settings)
      XCTAssertEqual(calls, ["nothing loaded"])
      XCTAssertEqual(scene.webView.customUserAgent, "Shop/2.1")
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
