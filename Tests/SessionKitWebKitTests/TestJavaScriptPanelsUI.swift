#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// `UIKitPopupPresenter` shows a page's `alert`, `confirm` and `prompt` in a `UIAlertController` titled with the
  /// frame's host, and answers exactly once: the user's tap, or `dismissed` when it cannot show the panel, when
  /// it is cancelled, or when the alert goes away untapped — a page is never left waiting.
  @MainActor
  final class TestJavaScriptPanelsUI: XCTestCase {
    /// A host on screen (the root of a window) with a page in its view.
    @MainActor
    private struct Screen {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let host = UIViewController()
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())

      init() {
        window.rootViewController = host
        host.view.addSubview(webView)
      }
    }

    private var screen: Screen?
    private var host: UIViewController { screen!.host }
    private var webView: WKWebView { screen!.webView }

    override func setUp() async throws {
      screen = Screen()
    }

    private func panel(_ kind: JavaScriptPanel.Kind, _ message: String = "Pay 10 EUR?") -> JavaScriptPanel {
      JavaScriptPanel(kind: kind, message: message, frameHost: "shop.example")
    }

    /// Starts `panel` and waits until its alert is on screen.
    private func show(_ panel: JavaScriptPanel, with presenter: UIKitPopupPresenter? = nil) async throws
      -> (Task<JavaScriptPanel.Answer, Never>, UIAlertController)
    {
      let presenter = presenter ?? UIKitPopupPresenter(host: host)
      let webView = webView
      let answer = Task { await presenter.runJavaScriptPanel(panel, in: webView) }
      let alert = try await alert()
      // The alert's presentation takes time, as on a device; the user sees it once it has ended.
      UIKitStandIn.finishTransitions()
      return (answer, alert)
    }

    /// The alert presented over the host, once it is.
    private func alert() async throws -> UIAlertController {
      for _ in 0..<1_000 {
        var top: UIViewController = host
        while let presented = top.presentedViewController { top = presented }
        if let alert = top as? UIAlertController { return alert }
        await Task.yield()
      }
      XCTFail("no alert was presented")
      throw CancellationError()
    }

    private func action(_ title: String, of alert: UIAlertController) throws -> UIAlertAction {
      try XCTUnwrap(alert.actions.first { $0.title == title }, "\(alert.actions.map(\.title))")
    }

    func test_anAlert_isTitledWithTheFramesHost_hasOneOK_andAnswersOKWhenTapped() async throws {
      let (answer, alert) = try await show(panel(.alert, "Card declined"))
      XCTAssertEqual(alert.preferredStyle, .alert)
      XCTAssertEqual(alert.title, "shop.example")
      XCTAssertEqual(alert.message, "Card declined")
      XCTAssertEqual(alert.actions.map(\.title), ["OK"])
      XCTAssertNil(alert.textFields)

      try action("OK", of: alert).tap()

      UIKitStandIn.finishTransitions()
      let result = await answer.value
      XCTAssertEqual(result, .ok(text: nil))
      XCTAssertNil(host.presentedViewController, "dismissed")
    }

    func test_aConfirm_hasCancelAndOK_andAnswersEach() async throws {
      let (confirmed, alert) = try await show(panel(.confirm))
      XCTAssertEqual(alert.actions.map(\.title), ["Cancel", "OK"])
      XCTAssertEqual(alert.actions.map(\.style), [.cancel, .default])
      XCTAssertTrue(alert.preferredAction === alert.actions.last)
      try action("OK", of: alert).tap()
      UIKitStandIn.finishTransitions()
      let first = await confirmed.value
      XCTAssertEqual(first, .ok(text: nil))

      let (cancelled, second) = try await show(panel(.confirm))
      try action("Cancel", of: second).tap()
      UIKitStandIn.finishTransitions()
      let result = await cancelled.value
      XCTAssertEqual(result, .dismissed)
    }

    func test_aPrompt_showsTheDefaultText_andAnswersTheTextTheUserLeaves() async throws {
      let (edited, alert) = try await show(panel(.prompt(defaultText: "1"), "Quantity?"))
      let field = try XCTUnwrap(alert.textFields?.first)
      XCTAssertEqual(field.text, "1")
      field.text = "3"
      try action("OK", of: alert).tap()
      UIKitStandIn.finishTransitions()
      let result = await edited.value
      XCTAssertEqual(result, .ok(text: "3"))

      let (emptied, second) = try await show(panel(.prompt(defaultText: nil)))
      XCTAssertEqual(second.textFields?.first?.text, "")
      try action("OK", of: second).tap()
      UIKitStandIn.finishTransitions()
      let empty = await emptied.value
      XCTAssertEqual(empty, .ok(text: ""), "OK with an empty field is the empty string, not null")

      let (cancelled, third) = try await show(panel(.prompt(defaultText: "1")))
      try action("Cancel", of: third).tap()
      UIKitStandIn.finishTransitions()
      let none = await cancelled.value
      XCTAssertEqual(none, .dismissed)
    }

    func test_aPanelThatCannotBeShown_answersDismissedAtOnce() async {
      let offScreen = UIViewController()
      let notInWindow = await UIKitPopupPresenter(host: offScreen).runJavaScriptPanel(panel(.confirm), in: webView)
      XCTAssertEqual(notInWindow, .dismissed)

      let noHost = await UIKitPopupPresenter(host: { nil }).runJavaScriptPanel(panel(.alert), in: webView)
      XCTAssertEqual(noHost, .dismissed)

      final class DroppingHost: UIViewController {
        override func present(_ controller: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
      }
      let dropping = DroppingHost()
      let screen = UIWindow(frame: .zero)
      screen.rootViewController = dropping
      let dropped = await UIKitPopupPresenter(host: dropping).runJavaScriptPanel(
        panel(.prompt(defaultText: "a")), in: webView)
      XCTAssertEqual(dropped, .dismissed)
    }

    func test_aCancelledPanel_answersDismissed_andTakesItsAlertDown() async throws {
      let (answer, _) = try await show(panel(.confirm))
      answer.cancel()
      let result = await answer.value
      XCTAssertEqual(result, .dismissed)
      for _ in 0..<1_000 where !UIKitStandIn.hasRunningTransitions { await Task.yield() }
      UIKitStandIn.finishTransitions()
      XCTAssertNil(host.presentedViewController)
    }

    func test_anAlertDismissedWithoutATap_answersDismissed() async throws {
      let answer: Task<JavaScriptPanel.Answer, Never>
      do {
        let (task, alert) = try await show(panel(.alert))
        answer = task
        XCTAssertTrue(alert.presentingViewController === host)
      }
      // As when the modal popup under it is dismissed: the alert goes without any of its actions.
      host.dismiss(animated: true)
      UIKitStandIn.finishTransitions()
      let result = await answer.value
      XCTAssertEqual(result, .dismissed)
    }

    func test_aPagesConfirm_throughTheCoordinator_getsTheUsersAnswer() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      harness.driver.implemented.formUnion([.javaScriptAlert, .javaScriptConfirm, .javaScriptTextInput])
      await harness.load("https://shop.example/checkout")
      let page = harness.mainWebView
      let driver = harness.driver
      let confirmed = Task { await driver.confirm("Pay 10 EUR?", in: page) }
      var top: UIViewController = harness.host
      for _ in 0..<1_000 where !(top is UIAlertController) {
        await Task.yield()
        top = harness.host.presentedViewController ?? harness.host
      }
      let alert = try XCTUnwrap(top as? UIAlertController)
      XCTAssertEqual(alert.title, "shop.example")
      XCTAssertEqual(alert.message, "Pay 10 EUR?")
      UIKitStandIn.finishTransitions()
      try action("OK", of: alert).tap()
      UIKitStandIn.finishTransitions()
      let result = await confirmed.value
      XCTAssertTrue(result)
    }
  }
#endif
