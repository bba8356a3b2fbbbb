import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// The full-screen view controller of a `modal` popup (``UIKitPopupPresenter``): the popup's web view fills its
  /// view (WebKit insets the page by the safe area itself), and the close button sits in the view's safe area,
  /// ``UIKitPopupPresenter/closeButtonInset`` points inside its top-trailing corner, clear of the status bar, the
  /// notch and the Dynamic Island.
  ///
  /// It is presented `overFullScreen`: the opener's view stays in the window under it, so the opener's page keeps
  /// running at full speed (a `fullScreen` presentation takes it out of the window, and WebKit throttles the timers
  /// of a page that is not in one) while a payment popup talks to it. Its view has the system background, so
  /// nothing of the opener shows through before the popup's page draws.
  @MainActor
  package final class PopupViewController: UIViewController {
    /// The popup's web view.
    package let webView: WKWebView
    /// The close button; its action closes the popup.
    package let closeButton: UIButton

    /// A controller showing `webView` under `closeButton`, a button whose action closes the popup.
    package init(webView: WKWebView, closeButton: UIButton) {
      self.webView = webView
      self.closeButton = closeButton
      super.init(nibName: nil, bundle: nil)
      modalPresentationStyle = .overFullScreen
    }

    /// A controller showing `webView` under ``UIKitPopupPresenter/defaultCloseButton(close:)``; `close` runs when
    /// the user taps it.
    package convenience init(webView: WKWebView, close: @escaping @MainActor () -> Void) {
      self.init(webView: webView, closeButton: UIKitPopupPresenter.defaultCloseButton(close: close))
    }

    #if canImport(UIKit) && canImport(WebKit)
      /// Not supported: create popups in code.
      @available(*, unavailable)
      required init?(coder: NSCoder) {
        return nil
      }
    #endif

    /// A view with the web view pinned to its edges and the close button in its safe area.
    package override func loadView() {
      let root = UIView()
      root.backgroundColor = .systemBackground
      UIKitPopupPresenter.fill(root, with: webView)
      UIKitPopupPresenter.place(closeButton, in: root)
      view = root
    }
  }

#endif
