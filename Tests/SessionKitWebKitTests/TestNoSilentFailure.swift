#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// What the coordinator cannot do is undone in the engine and reported, never dropped: a popup that cannot be
  /// shown is closed at once, a URL that cannot be opened and a commit that cannot be recorded are reported; and
  /// values WebKit sends as nil where Swift says they cannot be are read without crashing.
  @MainActor
  final class TestNoSilentFailure: XCTestCase {
    private let payPolicy = #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#

    /// A presenter that cannot show anything, as one whose host view controller went away.
    private final class RefusingPresenter: PopupPresenter {
      var removed = 0
      func present(
        _ popup: WKWebView, as presentation: PopupPresentation, over opener: WKWebView,
        close: @escaping @MainActor () -> Void
      ) throws(PopupPresentationError) {
        throw PopupPresentationError(.noHost, "the host view controller is gone")
      }
      func remove(_ popup: WKWebView) { removed += 1 }
      func presentSafari(_ safari: SFSafariViewController) throws(PopupPresentationError) {
        throw PopupPresentationError(.noHost, "the host view controller is gone")
      }
    }

    private struct Setup {
      let engine: SessionEngine
      let webView: WKWebView
      let coordinator: WebSessionCoordinator
      let driver: WebKitDriver
      let raised: RaisedExceptions
    }

    private func setUp(
      presenter: any PopupPresenter, webView: WKWebView? = nil, opens: Bool = true
    ) throws -> Setup {
      let engine = SessionEngine(policy: try CompiledPolicy(json: Array(payPolicy.utf8)))
      let webView = webView ?? WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      let coordinator = try WebSessionCoordinator(
        engine: engine, webView: webView, presenter: presenter, rootID: "main",
        openURL: { _, done in done(opens) })
      let raised = RaisedExceptions()
      let driver = WebKitDriver(implementing: [], raise: { raised.record($0) })
      driver.attach(webView)
      return Setup(engine: engine, webView: webView, coordinator: coordinator, driver: driver, raised: raised)
    }

    func test_aPopupThePresenterCannotShow_isClosedInTheEngineAtOnce_andReported() async throws {
      let presenter = RefusingPresenter()
      let setup = try setUp(presenter: presenter)
      var problems: [WebSessionCoordinator.Problem] = []
      setup.coordinator.onProblem = { problems.append($0) }
      let events = setup.engine.events()
      setup.webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      await setup.driver.settle()

      let popup = await setup.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: setup.webView)
      XCTAssertEqual(
        problems,
        [.popupPresentationFailed("main.1", PopupPresentationError(.noHost, "the host view controller is gone"))])
      XCTAssertNil(popup, "WebKit gets no window: the page's window.open returns null, as for a blocked popup")
      XCTAssertEqual(setup.coordinator.rootSession.children.map(\.id), [], "closed in the engine, not left open")
      var iterator = events.makeAsyncIterator()
      var seen: [SessionEvent] = []
      while let event = await iterator.next() {
        seen.append(event)
        if case .popupClosed("main.1", _) = event { break }
      }
      XCTAssertTrue(seen.contains(.popupClosed("main.1", reason: .teardown)), "\(seen)")
      XCTAssertEqual(setup.raised.all, [])
    }

    func test_anExternalURLThatCannotBeOpened_isReported() async throws {
      let setup = try setUp(presenter: RefusingPresenter(), opens: false)
      var problems: [WebSessionCoordinator.Problem] = []
      setup.coordinator.onProblem = { problems.append($0) }
      setup.webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      await setup.driver.settle()
      // `ad-clicks` sends an ad's _blank link to Safari: the presenter cannot present it.
      await setup.driver.tapLink(
        "https://advertiser.example/offer", target: "_blank", in: setup.webView,
        frameURL: "https://googleads.g.doubleclick.net/ad")
      // A non-web scheme goes to the system, which has no app for it.
      await setup.driver.tapLink("unknownapp://open", in: setup.webView)
      XCTAssertEqual(problems.count, 2, "\(problems)")
      guard problems.count == 2 else { return }
      XCTAssertTrue("\(problems[0])".contains("https://advertiser.example/offer"), "\(problems[0])")
      XCTAssertTrue("\(problems[0])".contains("Safari could not be presented"), "\(problems[0])")
      XCTAssertEqual(problems[1], .externalOpenFailed(url: "unknownapp://open", reason: "no app opened it"))
    }

    func test_aCommitTheSessionCannotRecord_isReported() async throws {
      /// A web view whose committed URL has a host the WHATWG rules reject (a space) but Foundation keeps.
      final class OddWebView: WKWebView {
        override var url: URL? { backForwardList.currentItem == nil ? nil : URL(string: "https://a%20b.example/x") }
      }
      let setup = try setUp(
        presenter: RefusingPresenter(),
        webView: OddWebView(frame: .zero, configuration: WKWebViewConfiguration()))
      var problems: [WebSessionCoordinator.Problem] = []
      setup.coordinator.onProblem = { problems.append($0) }
      setup.webView.load(URLRequest(url: URL(string: "https://shop.example/")!))
      await setup.driver.settle()
      await setup.coordinator.commitsRecorded()
      XCTAssertEqual(problems.count, 1, "\(problems)")
      if case .commitNotRecorded(let id, let url, _)? = problems.first {
        XCTAssertEqual(id, "main")
        XCTAssertEqual(url, "https://a%20b.example/x")
      } else {
        XCTFail("\(problems)")
      }
    }

    func test_nilSourceFramesAndFrameRequests_atRunTime_areReadWithoutCrashing() async throws {
      let harness = try AdapterHarness(policy: payPolicy)
      harness.driver.sendsRuntimeNils = true
      await harness.load("https://merchant.example/checkout")
      await harness.driver.tapLink(
        "https://advertiser.example/offer", target: "_blank", in: harness.mainWebView,
        frameURL: "https://googleads.g.doubleclick.net/ad")
      let opened = await harness.driver.windowOpen(
        "https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      XCTAssertNotNil(opened, "the popup still opens")
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://merchant.example/checkout")
      XCTAssertEqual(harness.raised.all, [])
    }
  }
#endif
