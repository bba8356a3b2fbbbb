import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import SafariServices
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// The presenter UIKit apps pass to a ``WebSessionCoordinator``: it presents popups as Google's Google Pay guide
  /// for `WKWebView` draws them ("Using iOS WKWebView",
  /// <https://developers.google.com/pay/api/web/guides/recipes/using-ios-wkwebview>): an `overlay` popup is added
  /// to the host view controller's view, pinned to its safe area, under a close button in the popup's top-trailing
  /// corner; a `modal` popup is presented in a full-screen view controller; Safari and JavaScript panels
  /// (`UIAlertController`) are presented from the top-most view controller.
  ///
  /// ```swift
  /// coordinator = WebSessionCoordinator(
  ///   engine: engine, webView: webView, presenter: UIKitPopupPresenter(host: self))
  /// ```
  ///
  /// A popup fills the host's safe area whatever size or position the page asked for: `window.open`'s features
  /// (`width`, `height`, `left`, `top`, in `WKWindowFeatures`) are ignored. iOS has no windows to size: Safari on
  /// iPhone and iPad ignores them too and opens a tab, and the pages that open popups in an app (payment sheets,
  /// sign-in) lay out for the width they get; one layout, pinned to the safe area, stays right on every device,
  /// orientation and split-screen width, where a size chosen for a desktop window would not.
  ///
  /// Nothing fails silently: ``present(_:as:over:close:)`` and ``presentSafari(_:)`` throw
  /// ``PopupPresentationError`` when UIKit would refuse or drop the presentation (no host, a host whose view is
  /// not in a window, a view controller already presenting or being dismissed), and the coordinator then closes
  /// the popup; a JavaScript panel that cannot be shown answers `dismissed` at once.
  ///
  /// Pass `makeCloseButton` (or subclass it and override ``makeCloseButton(close:)``) to change the close button;
  /// override ``makeModalViewController(for:closeButton:)`` or ``makeAlertController(for:answer:)`` to change the
  /// modal's controller or the panels.
  @MainActor
  open class UIKitPopupPresenter: PopupPresenter {
    /// Makes a popup's close button; the button must run `close` when tapped.
    public typealias CloseButtonFactory = @MainActor (_ close: @escaping @MainActor () -> Void) -> UIButton

    private enum Shown {
      case overlay
      case modal(UIViewController)
    }

    private let host: @MainActor () -> UIViewController?
    private let overlayContainer: (@MainActor () -> UIView?)?
    private let closeButtonFactory: CloseButtonFactory?
    private var shown: [ObjectIdentifier: Shown] = [:]
    /// Modal popups to dismiss, and Safari view controllers to present, once UIKit is not in a transition: UIKit
    /// ignores a dismissal while a presentation or dismissal runs in the stack, and a presentation from a
    /// controller in one. Run in order; a dismissal whose controller went with one below it is dropped.
    private var waiting: [Waiting] = []
    private var isWaitingForTransition = false
    /// How many run-loop turns the queue has waited for a transition with no coordinator to wait on.
    private var turnsWithoutCoordinator = 0
    /// The most turns it waits so before it tries anyway (UIKit then ignores it, or it goes through).
    private static let turnsWithoutCoordinatorLimit = 30

    private enum Waiting {
      case dismiss(UIViewController)
      case presentSafari(SFSafariViewController, failed: (@MainActor (PopupPresentationError) -> Void)?)
    }

    /// Called when a Safari view controller whose presentation waited for a transition could not be presented
    /// after all (``presentSafari(_:)`` had returned), for an app that calls ``presentSafari(_:)`` itself. Those
    /// the coordinator presents for an `external` answer are reported through ``WebSessionCoordinator/onProblem``
    /// with their URL instead.
    package var deferredPresentationFailed: (@MainActor (PopupPresentationError) -> Void)?

    /// A presenter for a UIKit screen.
    /// - Parameters:
    ///   - host: the screen's view controller, held weakly: overlays go in its view; modals, Safari and panels are
    ///     presented from it, or from the top-most controller it presents.
    ///   - makeCloseButton: makes the close button of overlays and modals; `nil` for the guide's (a filled capsule
    ///     with an `xmark`, in a 44-point touch target).
    public init(host: UIViewController, makeCloseButton: CloseButtonFactory? = nil) {
      // Designated, not a convenience init over the package one below: a subclass in the app's module inherits the
      // designated initializers it can see, and it sees this one only.
      self.host = { [weak host] in host }
      self.overlayContainer = nil
      self.closeButtonFactory = makeCloseButton
    }

    /// A presenter whose host is found when needed.
    /// - Parameters:
    ///   - host: returns the view controller modals, Safari and panels are presented from (or from the top-most
    ///     controller it presents), `nil` when there is none; SwiftUI: the window's root view controller.
    ///   - overlayContainer: returns the view overlays go in (`nil` when it is gone); without it, the host's view.
    ///   - makeCloseButton: makes the close button of overlays and modals; `nil` for the guide's
    ///     (``defaultCloseButton(close:)``).
    package init(
      host: @escaping @MainActor () -> UIViewController?,
      overlayContainer: (@MainActor () -> UIView?)? = nil, makeCloseButton: CloseButtonFactory? = nil
    ) {
      self.host = host
      self.overlayContainer = overlayContainer
      self.closeButtonFactory = makeCloseButton
    }

    // MARK: - PopupPresenter

    /// Shows `popup` over `opener` (`overlay`), or presents it in the controller
    /// ``makeModalViewController(for:closeButton:)`` makes (`modal`).
    ///
    /// An overlay is pinned to the `safeAreaLayoutGuide` of the view it goes in: the overlay container when that
    /// shows `opener`, else the view of the presented controller that shows it (a popup opened from a modal
    /// popup), else the overlay container or the host's view — never `opener.superview`, which is UIKit's private
    /// wrapper when a view controller's `view` is the web view. Its close button goes on the popup, so that it
    /// leaves with it.
    /// - Throws: ``PopupPresentationError`` `noHost`, `noContainer`, `notInWindow` or `hostBusy`.
    open func present(
      _ popup: WKWebView, as presentation: PopupPresentation, over opener: WKWebView,
      close: @escaping @MainActor () -> Void
    ) throws(PopupPresentationError) {
      switch presentation {
      case .overlay:
        let container = try container(for: opener)
        popup.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(popup)
        let safeArea = container.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
          popup.topAnchor.constraint(equalTo: safeArea.topAnchor),
          popup.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
          popup.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
          popup.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        ])
        Self.place(makeCloseButton(close: close), in: popup)
        shown[ObjectIdentifier(popup)] = .overlay
      case .modal:
        let controller = makeModalViewController(for: popup, closeButton: makeCloseButton(close: close))
        try presentFromTop(controller, showing: "popup")
        shown[ObjectIdentifier(popup)] = .modal(controller)
      }
    }

    /// Removes the overlay (its close button goes with it), or dismisses the modal with whatever it presents —
    /// at once, or, while UIKit is in a presentation or dismissal that would make it ignore the dismissal (the
    /// popup's own presentation, Safari being presented over it, a modal below being dismissed), when that
    /// transition ends. A popup removed twice is removed once.
    open func remove(_ popup: WKWebView) {
      switch shown.removeValue(forKey: ObjectIdentifier(popup)) {
      case .modal(let controller):
        dismissWhenIdle(controller)
      case .overlay:
        popup.removeFromSuperview()
      case nil:
        // Not shown by this presenter, or shown and its removal lost (a close button left on screen): a modal
        // still presented goes, an overlay's view is taken away.
        if let modal = presentedModal(showing: popup) {
          dismissWhenIdle(modal)
        } else if popup.superview != nil, !(popup.superview.map { isModalRoot($0) } ?? false) {
          popup.removeFromSuperview()
        }
      }
    }

    /// The presented ``PopupViewController`` showing `popup`, if any.
    private func presentedModal(showing popup: WKWebView) -> UIViewController? {
      var next = host()?.presentedViewController
      while let controller = next {
        if let modal = controller as? PopupViewController, modal.webView === popup, !isModalRoot(modal.view) {
          return modal
        }
        next = controller.presentedViewController
      }
      return nil
    }

    /// Presents Safari from the top-most view controller: at once, or after the modal popups being removed are gone
    /// and UIKit's transition has ended (Safari presented over a modal about to be dismissed would go with it).
    /// - Throws: ``PopupPresentationError`` `noHost`, `notInWindow` or `hostBusy` when it cannot be presented now;
    ///   one that waited and then cannot be presented is not shown (the coordinator presents Safari for an `external`
    ///   answer through another path, which reports that through ``WebSessionCoordinator/onProblem``).
    open func presentSafari(_ safari: SFSafariViewController) throws(PopupPresentationError) {
      try presentSafari(safari, failedLater: deferredPresentationFailed)
    }

    /// ``presentSafari(_:)``, with what to call when a presentation that waited fails (the coordinator's report,
    /// which knows the URL).
    func presentSafari(
      _ safari: SFSafariViewController, failedLater: (@MainActor (PopupPresentationError) -> Void)?
    ) throws(PopupPresentationError) {
      guard waiting.isEmpty, busyController() == nil else {
        waiting.append(.presentSafari(safari, failed: failedLater))
        runWaiting()
        return
      }
      try presentFromTop(safari, showing: "Safari")
    }

    /// Dismisses `controller` (with what it presents) once UIKit is in no transition that would make it ignore
    /// the dismissal.
    func dismissWhenIdle(_ controller: UIViewController) {
      waiting.append(.dismiss(controller))
      runWaiting()
    }

    /// Runs the waiting dismissals and presentations while UIKit is not in a transition; when it is, runs them
    /// again when it ends (`transitionCoordinator`), taking the controller whose transition just ended as free (on a
    /// device its `isBeingPresented` can still be true in the coordinator's completion). A dismissal UIKit ignored
    /// anyway is tried again on the next run-loop turn.
    private func runWaiting(justEnded: UIViewController? = nil) {
      var justEnded = justEnded
      while let next = waiting.first {
        if let busy = busyController(except: justEnded) {
          guard !isWaitingForTransition else { return }
          isWaitingForTransition = true
          let coordinated =
            busy.transitionCoordinator?.animate(alongsideTransition: nil) { [weak self, weak busy] _ in
              self?.isWaitingForTransition = false
              self?.runWaiting(justEnded: busy)
            } ?? false
          if coordinated { return }
          isWaitingForTransition = false
          // No coordinator to wait on: wait a few run-loop turns, then try anyway rather than wait for nothing.
          if turnsWithoutCoordinator < Self.turnsWithoutCoordinatorLimit {
            turnsWithoutCoordinator += 1
            return retryOnNextTurn()
          }
        }
        turnsWithoutCoordinator = 0
        waiting.removeFirst()
        switch next {
        case .dismiss(let controller):
          guard let presenter = controller.presentingViewController else { continue }
          // Asked of the presenter: asked of the modal itself, UIKit would dismiss only what the modal presents.
          presenter.dismiss(animated: true, completion: nil)
          // A transition of its own starts now: the one that ended no longer counts.
          justEnded = nil
          if controller.presentingViewController != nil, !controller.isBeingDismissed {
            // UIKit ignored it (a transition nobody announced): again, first, on the next turn.
            waiting.insert(next, at: 0)
            return retryOnNextTurn()
          }
        case .presentSafari(let safari, let failed):
          do {
            try presentFromTop(safari, showing: "Safari")
          } catch {
            failed?(error)
          }
        }
      }
    }

    private func retryOnNextTurn() {
      Task { @MainActor [weak self] in self?.runWaiting() }
    }

    /// A controller of the host's presentation stack that is being presented or dismissed, if any.
    private func busyController(except ended: UIViewController? = nil) -> UIViewController? {
      var next = host()
      while let controller = next {
        if controller !== ended, controller.isBeingPresented || controller.isBeingDismissed { return controller }
        next = controller.presentedViewController
      }
      return nil
    }

    /// Whether `view` is the view of a modal this presenter showed (a popup's web view in it stays until the
    /// modal is dismissed).
    private func isModalRoot(_ view: UIView) -> Bool {
      waiting.contains { if case .dismiss(let controller) = $0 { controller.viewIfLoaded === view } else { false } }
    }

    /// Shows `panel` in a `UIAlertController` (``makeAlertController(for:answer:)``) presented from the top-most
    /// view controller, and returns the user's answer, exactly once: `dismissed` at once when the alert cannot be
    /// presented (no host, not in a window, busy), when the calling task is cancelled (the alert is then
    /// dismissed), or when the alert goes away without a tap (dismissed with the modal popup under it).
    open func runJavaScriptPanel(_ panel: JavaScriptPanel, in webView: WKWebView) async -> JavaScriptPanel.Answer {
      await showAlert(for: panel)
    }

    // MARK: - Customization

    /// The alert for `panel`, as Safari shows one: titled with the frame's host, showing the message; `alert` has
    /// OK, `confirm` Cancel and OK, `prompt` a text field with the default text, Cancel and OK. Each action must
    /// call `answer` (OK: `ok(text:)`, with the field's text for a prompt; Cancel: `dismissed`); calls after the
    /// first are ignored. The titles are English: an app that localizes its panels overrides this, or implements
    /// the panels in its own UI delegate (the coordinator asks it first).
    open func makeAlertController(
      for panel: JavaScriptPanel, answer: @escaping @MainActor (JavaScriptPanel.Answer) -> Void
    ) -> UIAlertController {
      Self.alertController(for: panel, answer: answer)
    }

    /// The close button of a popup: the factory passed to `init`, else the guide's. The presenter pins it 6 points
    /// inside the top-trailing corner of the popup's safe area (of the modal's view for a modal) and sets
    /// `translatesAutoresizingMaskIntoConstraints`; the button sizes itself.
    open func makeCloseButton(close: @escaping @MainActor () -> Void) -> UIButton {
      closeButtonFactory?(close) ?? Self.defaultCloseButton(close: close)
    }

    /// The view controller a `modal` popup is presented in: a full-screen controller whose view the web view fills,
    /// presented `overFullScreen` (the opener's page keeps running under it), with `closeButton` in its safe area.
    open func makeModalViewController(for popup: WKWebView, closeButton: UIButton) -> UIViewController {
      PopupViewController(webView: popup, closeButton: closeButton)
    }

    // MARK: - Where to present

    /// The top-most view controller of the host's presentation stack, when a presentation from it would be shown.
    func topViewController() throws(PopupPresentationError) -> UIViewController {
      guard let host = host() else {
        throw PopupPresentationError(.noHost, "the host view controller is gone")
      }
      var top = host
      while let presented = top.presentedViewController { top = presented }
      guard !top.isBeingDismissed, !top.isBeingPresented else {
        throw PopupPresentationError(.hostBusy, "\(type(of: top)) is being presented or dismissed")
      }
      guard top.viewIfLoaded?.window != nil else {
        throw PopupPresentationError(.notInWindow, "the view of \(type(of: top)) is not in a window")
      }
      return top
    }

    /// Presents `controller` from the top-most view controller and checks that UIKit did: it ignores (with a log
    /// line only) a presentation from a controller that is already presenting.
    func presentFromTop(_ controller: UIViewController, showing what: String) throws(PopupPresentationError) {
      let top = try topViewController()
      top.present(controller, animated: true, completion: nil)
      guard controller.presentingViewController != nil else {
        throw PopupPresentationError(.hostBusy, "\(type(of: top)) did not present the \(what)")
      }
    }

    /// The view an overlay over `opener` goes in: the overlay container when it shows the opener (SwiftUI), else
    /// the view of the top-most presented controller that shows it (a popup opened from a modal popup), else the
    /// overlay container, or the host's view.
    private func container(for opener: WKWebView) throws(PopupPresentationError) -> UIView {
      let host = host()
      let given = overlayContainer?()
      var container: UIView?
      if let given, opener.isDescendant(of: given) {
        container = given
      } else {
        var next = host?.presentedViewController
        while let controller = next {
          if let view = controller.viewIfLoaded, opener.isDescendant(of: view) { container = view }
          next = controller.presentedViewController
        }
      }
      if container == nil {
        if overlayContainer != nil {
          guard let given else { throw PopupPresentationError(.noContainer, "the overlay container is gone") }
          container = given
        } else {
          guard let host else { throw PopupPresentationError(.noHost, "the host view controller is gone") }
          guard let view = host.viewIfLoaded else {
            throw PopupPresentationError(.notInWindow, "the view of \(type(of: host)) is not loaded")
          }
          container = view
        }
      }
      guard let container, container.window != nil else {
        throw PopupPresentationError(.notInWindow, "the view to put the overlay in is not in a window")
      }
      // A modal that covers the screen above the container (a `modal` popup is `overFullScreen`: the views under
      // it stay in the window) would hide the overlay under it.
      var above = host?.presentedViewController
      while let controller = above {
        let covers =
          controller.modalPresentationStyle == .fullScreen || controller.modalPresentationStyle == .overFullScreen
        if covers, let view = controller.viewIfLoaded, !container.isDescendant(of: view) {
          throw PopupPresentationError(.hostBusy, "\(type(of: controller)) covers the view the overlay would go in")
        }
        above = controller.presentedViewController
      }
      return container
    }
  }

#endif
