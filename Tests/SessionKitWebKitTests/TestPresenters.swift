#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// `UIKitPopupPresenter` draws popups as Google's Google Pay guide does (an overlay pinned to the host view's safe
  /// area under the guide's close button; a full-screen modal with its close button in the safe area), and throws
  /// instead of failing silently where UIKit would refuse or drop a presentation.
  @MainActor
  final class TestPresenters: XCTestCase {
    /// A host view controller on screen: the root of a window.
    @MainActor
    private struct Screen {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let host: UIViewController
      let opener = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())

      init(host: UIViewController = UIViewController()) {
        self.host = host
        window.rootViewController = host
        if host.view !== opener { host.view.addSubview(opener) }
      }
    }

    /// A host whose view is the web view, as `loadView() { view = webView }` makes it.
    private final class WebViewHost: UIViewController {
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      override func loadView() { view = webView }
    }

    /// A view controller in the middle of an animated dismissal.
    private final class DismissingController: UIViewController {
      override var isBeingDismissed: Bool { true }
    }

    /// A host whose presentations UIKit drops (as it does, with a log line only, in the middle of a transition).
    private final class DroppingHost: UIViewController {
      override func present(_ controller: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    }

    private func makePopup() -> WKWebView {
      WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    }

    /// The active constraint `first.firstAttribute == second.secondAttribute + constant`, if there is one.
    private func constraint(
      _ first: UIView, _ firstAttribute: NSLayoutConstraint.Attribute, to second: AnyObject?,
      _ secondAttribute: NSLayoutConstraint.Attribute
    ) -> NSLayoutConstraint? {
      first.standInActiveConstraints.first {
        $0.firstItem === first && $0.firstAttribute == firstAttribute && $0.secondItem === second
          && $0.secondAttribute == secondAttribute
      }
    }

    /// The code of the `PopupPresentationError` `body` throws; `nil` when it throws none.
    private func presentationError(_ body: () throws -> Void) -> PopupPresentationError.Code? {
      do {
        try body()
        return nil
      } catch let error as PopupPresentationError {
        return error.code
      } catch {
        XCTFail("\(error)")
        return nil
      }
    }

    // MARK: - Overlay

    func test_anOverlay_isAddedToTheHostsView_pinnedToItsSafeArea() async throws {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      let popup = makePopup()
      try presenter.present(popup, as: .overlay, over: screen.opener) {}

      XCTAssertTrue(popup.superview === screen.host.view)
      XCTAssertFalse(popup.translatesAutoresizingMaskIntoConstraints)
      let safeArea = screen.host.view.safeAreaLayoutGuide
      for attribute in [NSLayoutConstraint.Attribute.top, .bottom, .leading, .trailing] {
        let pin = constraint(popup, attribute, to: safeArea, attribute)
        XCTAssertEqual(pin?.constant, 0, "\(attribute): \(popup.standInActiveConstraints.map(\.standInDescription))")
      }
    }

    func test_anOverlayOverAHostWhoseViewIsTheWebView_goesInTheHostsView_notInUIKitsWrapper() async throws {
      let host = WebViewHost()
      let screen = Screen(host: host)
      let presenter = UIKitPopupPresenter(host: host)
      let popup = makePopup()
      try presenter.present(popup, as: .overlay, over: host.webView) {}

      XCTAssertTrue(host.webView.superview === screen.window, "the opener's superview is not the host's")
      XCTAssertTrue(popup.superview === host.webView)
      XCTAssertNotNil(constraint(popup, .top, to: host.webView.safeAreaLayoutGuide, .top))
    }

    func test_theOverlaysCloseButton_isTheGuides_aFilledCapsuleXmark24PointsSquare_inA44PointTouchTarget()
      async throws
    {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      let popup = makePopup()
      try presenter.present(popup, as: .overlay, over: screen.opener) {}

      let button = try XCTUnwrap(popup.subviews.compactMap { $0 as? UIButton }.first, "on the popup")
      XCTAssertEqual(button.buttonType, .system)
      XCTAssertEqual(button.configuration?.standInStyle, "filled")
      XCTAssertEqual(button.configuration?.image?.standInSystemName, "xmark")
      XCTAssertEqual(button.configuration?.cornerStyle, .capsule)
      XCTAssertFalse(button.translatesAutoresizingMaskIntoConstraints)
      // Apple's minimum touch target, with the guide's 24-point capsule drawn in its middle.
      XCTAssertEqual(constraint(button, .width, to: nil, .notAnAttribute)?.constant, 44)
      XCTAssertEqual(constraint(button, .height, to: nil, .notAnAttribute)?.constant, 44)
      XCTAssertEqual(
        button.configuration?.background.backgroundInsets,
        NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10))
      XCTAssertEqual(constraint(button, .top, to: popup.safeAreaLayoutGuide, .top)?.constant, 6)
      XCTAssertEqual(constraint(button, .trailing, to: popup.safeAreaLayoutGuide, .trailing)?.constant, -6)
    }

    func test_tappingTheOverlaysCloseButton_callsClose_andRemovingThePopup_takesItsButtonAndConstraintsAway()
      async throws
    {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      let popup = makePopup()
      var closed = 0
      try presenter.present(popup, as: .overlay, over: screen.opener) { closed += 1 }
      let button = try XCTUnwrap(popup.subviews.compactMap { $0 as? UIButton }.first)

      button.tap()
      XCTAssertEqual(closed, 1)
      presenter.remove(popup)
      XCTAssertNil(popup.superview)
      XCTAssertTrue(button.superview === popup, "the button goes with the popup")
      XCTAssertTrue(screen.host.view.constraints.isEmpty, "the pins to the host's safe area are deactivated")
      XCTAssertTrue(screen.host.view.subviews.elementsEqual([screen.opener], by: ===))
    }

    func test_aPopupOpenedFromAModalPopup_isOverlaidOnTheModal_notOnTheHostBelowIt() async throws {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      let modal = makePopup()
      try presenter.present(modal, as: .modal, over: screen.opener) {}
      let controller = try XCTUnwrap(screen.host.presentedViewController)

      let overlay = makePopup()
      try presenter.present(overlay, as: .overlay, over: modal) {}
      XCTAssertTrue(overlay.superview === controller.view)
    }

    func test_anOverlayContainerThatIsGone_throwsNoContainer() async {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: { screen.host }, overlayContainer: { nil })
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .overlay, over: screen.opener) {} }, .noContainer)
    }

    // MARK: - Close button factories

    func test_aCloseButtonFactory_makesTheButtonOfOverlaysAndModals() async throws {
      let screen = Screen()
      var made: [UIButton] = []
      let presenter = UIKitPopupPresenter(host: screen.host) { close in
        let button = UIButton(type: .close)
        button.addAction(UIAction { _ in close() }, for: .touchUpInside)
        made.append(button)
        return button
      }
      var closed: [String] = []
      let overlay = makePopup()
      try presenter.present(overlay, as: .overlay, over: screen.opener) { closed.append("overlay") }
      let modal = makePopup()
      try presenter.present(modal, as: .modal, over: screen.opener) { closed.append("modal") }

      XCTAssertEqual(made.count, 2)
      XCTAssertTrue(made[0].superview === overlay)
      XCTAssertEqual(constraint(made[0], .top, to: overlay.safeAreaLayoutGuide, .top)?.constant, 6)
      XCTAssertTrue((screen.host.presentedViewController as? PopupViewController)?.closeButton === made[1])
      made[0].tap()
      made[1].tap()
      XCTAssertEqual(closed, ["overlay", "modal"])
    }

    func test_aSubclass_canReplaceTheCloseButton() async throws {
      final class LabelledPresenter: UIKitPopupPresenter {
        override func makeCloseButton(close: @escaping @MainActor () -> Void) -> UIButton {
          var configuration = UIButton.Configuration.plain()
          configuration.title = "Done"
          return UIButton(configuration: configuration, primaryAction: UIAction { _ in close() })
        }
      }
      let screen = Screen()
      let popup = makePopup()
      var closed = 0
      try LabelledPresenter(host: screen.host).present(popup, as: .overlay, over: screen.opener) { closed += 1 }
      let button = try XCTUnwrap(popup.subviews.compactMap { $0 as? UIButton }.first)
      XCTAssertEqual(button.configuration?.title, "Done")
      button.tap()
      XCTAssertEqual(closed, 1)
    }

    // MARK: - Modal

    func test_aModal_isPresentedOverFullScreen_onTheSystemBackground_withItsCloseButtonInTheSafeArea() async throws {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      let popup = makePopup()
      var closed = 0
      try presenter.present(popup, as: .modal, over: screen.opener) { closed += 1 }

      let controller = try XCTUnwrap(screen.host.presentedViewController as? PopupViewController)
      // The opener stays in the window (its page's timers run at full speed while Google Pay talks to it), and
      // nothing of it shows through before the popup's page draws.
      XCTAssertEqual(controller.modalPresentationStyle, .overFullScreen)
      XCTAssertTrue(screen.host.view.window === screen.window)
      XCTAssertEqual(controller.view.backgroundColor, .systemBackground)
      XCTAssertTrue(controller.webView === popup)
      XCTAssertTrue(popup.superview === controller.view)
      XCTAssertNotNil(constraint(popup, .top, to: controller.view, .top), "the page fills the view")
      let button = controller.closeButton
      XCTAssertTrue(button.superview === controller.view)
      let safeArea = controller.view.safeAreaLayoutGuide
      XCTAssertEqual(constraint(button, .top, to: safeArea, .top)?.constant, 6)
      XCTAssertEqual(constraint(button, .trailing, to: safeArea, .trailing)?.constant, -6)
      XCTAssertEqual(button.configuration?.image?.standInSystemName, "xmark")

      button.tap()
      XCTAssertEqual(closed, 1)
      presenter.remove(popup)
      UIKitStandIn.finishTransitions()
      XCTAssertNil(screen.host.presentedViewController)
      XCTAssertTrue(screen.host.view.window === screen.window, "the host is on screen")
    }

    func test_removingAModal_dismissesItWithWhatItPresents() async throws {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      let popup = makePopup()
      try presenter.present(popup, as: .modal, over: screen.opener) {}
      UIKitStandIn.finishTransitions()
      try presenter.presentSafari(SFSafariViewController(url: URL(string: "https://help.example/")!))
      UIKitStandIn.finishTransitions()
      XCTAssertTrue(screen.host.presentedViewController?.presentedViewController is SFSafariViewController)

      presenter.remove(popup)
      UIKitStandIn.finishTransitions()
      XCTAssertNil(screen.host.presentedViewController)
    }

    func test_safari_isPresentedFromTheTopMostViewController() async throws {
      let screen = Screen()
      let sheet = UIViewController()
      screen.host.present(sheet, animated: false)
      let safari = SFSafariViewController(url: URL(string: "https://advertiser.example/")!)
      try UIKitPopupPresenter(host: screen.host).presentSafari(safari)
      XCTAssertTrue(sheet.presentedViewController === safari)
    }

    // MARK: - Failures

    func test_aHostThatWasDeallocated_throwsNoHost_forOverlaysModalsAndSafari() async {
      let screen = Screen()
      var host: UIViewController? = UIViewController()
      let presenter = UIKitPopupPresenter(host: host!)
      host = nil
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .overlay, over: screen.opener) {} }, .noHost)
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .modal, over: screen.opener) {} }, .noHost)
      let safari = SFSafariViewController(url: URL(string: "https://advertiser.example/")!)
      XCTAssertEqual(presentationError { try presenter.presentSafari(safari) }, .noHost)
    }

    func test_aHostNotInAWindow_throwsNotInWindow_forOverlaysModalsAndSafari() async {
      let host = UIViewController()
      let opener = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      host.view.addSubview(opener)
      let presenter = UIKitPopupPresenter(host: host)
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .overlay, over: opener) {} }, .notInWindow)
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .modal, over: opener) {} }, .notInWindow)
      let safari = SFSafariViewController(url: URL(string: "https://advertiser.example/")!)
      XCTAssertEqual(presentationError { try presenter.presentSafari(safari) }, .notInWindow)
      XCTAssertTrue(host.view.subviews.elementsEqual([opener], by: ===), "no overlay left behind")
      XCTAssertNil(host.presentedViewController)
    }

    func test_aHostThatIsPresentingAModalBeingDismissed_throwsHostBusy() async {
      let screen = Screen()
      screen.host.present(DismissingController(), animated: true)
      let presenter = UIKitPopupPresenter(host: screen.host)
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .modal, over: screen.opener) {} }, .hostBusy)
      // Safari waits for the dismissal to end; one that UIKit still refuses then is reported.
      var deferred: [PopupPresentationError.Code] = []
      presenter.deferredPresentationFailed = { deferred.append($0.code) }
      let safari = SFSafariViewController(url: URL(string: "https://advertiser.example/")!)
      XCTAssertNil(presentationError { try presenter.presentSafari(safari) })
      UIKitStandIn.finishTransitions()
      XCTAssertEqual(deferred, [.hostBusy])
    }

    func test_aPresentationUIKitDrops_throwsHostBusy() async {
      let screen = Screen(host: DroppingHost())
      let presenter = UIKitPopupPresenter(host: screen.host)
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .modal, over: screen.opener) {} }, .hostBusy)
    }

    func test_aModalCoveringTheHost_makesAnOverlayFromThePageBelowItThrowHostBusy_ratherThanHideUnderIt()
      async throws
    {
      let screen = Screen()
      let presenter = UIKitPopupPresenter(host: screen.host)
      try presenter.present(makePopup(), as: .modal, over: screen.opener) {}
      UIKitStandIn.finishTransitions()
      XCTAssertNotNil(screen.host.view.window)
      XCTAssertEqual(
        presentationError { try presenter.present(makePopup(), as: .overlay, over: screen.opener) {} }, .hostBusy)
    }

    func test_theCoordinator_closesAndReportsAPopupWhoseHostIsNotInAWindow() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1, "include": ["google-pay"]}"#)
      var problems: [WebSessionCoordinator.Problem] = []
      harness.coordinator.onProblem = { problems.append($0) }
      await harness.load("https://merchant.example/checkout")
      harness.window.rootViewController = nil

      let popup = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      XCTAssertNil(popup?.superview)
      guard case .popupPresentationFailed(_, let error)? = problems.first else {
        return XCTFail("\(problems)")
      }
      XCTAssertEqual(error.code, .notInWindow)
    }

    // MARK: - The stand-in, as UIKit

    func test_theStandIn_likeUIKit_ignoresAPresentationFromAControllerAlreadyPresenting_orNotInAWindow() async {
      UIKitStandIn.resetWarnings()
      let screen = Screen()
      screen.host.present(UIViewController(), animated: false)
      let second = UIViewController()
      screen.host.present(second, animated: false)
      XCTAssertNil(second.presentingViewController)

      let offScreen = UIViewController()
      let third = UIViewController()
      offScreen.present(third, animated: false)
      XCTAssertNil(third.presentingViewController)
      XCTAssertEqual(UIKitStandIn.warnings.count, 2)
      XCTAssertTrue(UIKitStandIn.warnings[0].contains("which is already presenting"), UIKitStandIn.warnings[0])
      XCTAssertTrue(UIKitStandIn.warnings[1].contains("not in the window hierarchy"), UIKitStandIn.warnings[1])
    }

    func test_theStandIn_likeUIKit_raisesForAConstraintBetweenViewsWithNoCommonAncestor() async {
      var raised: [String] = []
      UIKitStandIn.raise = { raised.append($0) }
      defer { UIKitStandIn.raise = { fatalError("UIKit exception: \($0)") } }
      let popup = makePopup()
      let host = UIView()
      popup.topAnchor.constraint(equalTo: host.safeAreaLayoutGuide.topAnchor).isActive = true
      XCTAssertEqual(raised.count, 1)
      XCTAssertTrue(raised.first?.contains("no common ancestor") == true)
    }
  }
#endif
