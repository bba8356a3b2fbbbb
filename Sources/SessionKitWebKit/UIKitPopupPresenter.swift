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

  /// Presents popups the way the Google Pay guide's samples do: `overlay` puts the popup web view over its opener
  /// in the same container, with a close button; `modal` presents it in a new ``PopupViewController``. Safari is
  /// presented modally from the top-most view controller.
  @MainActor
  public final class UIKitPopupPresenter: PopupPresenter {
    private enum Shown {
      case overlay(UIView)
      case modal(PopupViewController)
    }

    private let host: () -> UIViewController?
    private var shown: [ObjectIdentifier: Shown] = [:]

    /// A presenter whose modals are presented from `host` (or from what it presents).
    public init(host: UIViewController) {
      self.host = { [weak host] in host }
    }

    /// A presenter whose modals are presented from the view controller `host` returns when needed (SwiftUI: the
    /// window's root view controller).
    public init(host: @escaping () -> UIViewController?) {
      self.host = host
    }

    /// Shows `popup` over `opener` or in a modal view controller.
    public func present(
      _ popup: WKWebView, as presentation: PopupPresentation, over opener: WKWebView,
      close: @escaping @MainActor () -> Void
    ) {
      switch presentation {
      case .overlay:
        // The opener's container; an opener not in a view hierarchy (yet) gets the host's view.
        guard let container = opener.superview ?? topViewController()?.view else { return }
        let overlay = UIView(frame: opener.frame)
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        popup.frame = overlay.bounds
        popup.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        overlay.addSubview(popup)
        overlay.addSubview(Self.closeButton(in: overlay.bounds, close: close))
        container.addSubview(overlay)
        shown[ObjectIdentifier(popup)] = .overlay(overlay)
      case .modal:
        let controller = PopupViewController(webView: popup, close: close)
        topViewController()?.present(controller, animated: true, completion: nil)
        shown[ObjectIdentifier(popup)] = .modal(controller)
      }
    }

    /// Removes the overlay, or dismisses the modal (with whatever it presents).
    public func remove(_ popup: WKWebView) {
      switch shown.removeValue(forKey: ObjectIdentifier(popup)) {
      case .overlay(let overlay): overlay.removeFromSuperview()
      case .modal(let controller):
        if controller.presentingViewController != nil {
          controller.dismiss(animated: true, completion: nil)
        }
      case nil: popup.removeFromSuperview()
      }
    }

    /// Presents Safari from the top-most view controller.
    public func presentSafari(_ safari: SFSafariViewController) {
      topViewController()?.present(safari, animated: true, completion: nil)
    }

    private func topViewController() -> UIViewController? {
      var top = host()
      while let presented = top?.presentedViewController { top = presented }
      return top
    }

    static func closeButton(in bounds: CGRect, close: @escaping @MainActor () -> Void) -> UIButton {
      let button = UIButton(type: .close)
      button.frame = CGRect(x: bounds.width - 52, y: 8, width: 44, height: 44)
      button.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
      button.addAction(UIAction { _ in close() }, for: .touchUpInside)
      return button
    }
  }

  /// The view controller of a `modal` popup: the popup's web view under a close button.
  @MainActor
  public final class PopupViewController: UIViewController {
    /// The popup's web view.
    public let webView: WKWebView
    private let close: @MainActor () -> Void

    /// A controller showing `webView`; `close` runs when the user taps the close button.
    public init(webView: WKWebView, close: @escaping @MainActor () -> Void) {
      self.webView = webView
      self.close = close
      super.init(nibName: nil, bundle: nil)
      modalPresentationStyle = .fullScreen
    }

    #if canImport(UIKit) && canImport(WebKit)
      /// Not supported: create popups in code.
      @available(*, unavailable)
      required init?(coder: NSCoder) {
        return nil
      }
    #endif

    /// The web view filling the view, with the close button on top.
    public override func loadView() {
      let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      webView.frame = root.bounds
      webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      root.addSubview(webView)
      root.addSubview(UIKitPopupPresenter.closeButton(in: root.bounds, close: close))
      view = root
    }
  }

#endif
