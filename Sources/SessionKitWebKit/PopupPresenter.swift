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

  /// Shows popups and Safari view controllers for a ``WebSessionCoordinator``.
  ///
  /// The coordinator calls ``present(_:as:over:close:)`` once per popup, when the engine admitted it (a provisional
  /// popup when its first load is allowed), and ``remove(_:)`` once when the engine closed it.
  @MainActor
  public protocol PopupPresenter: AnyObject {
    /// Shows `popup` over `opener` (`overlay`) or in a new view controller (`modal`). `close` is the popup's close
    /// button action: it tells the engine, which then closes the popup's subtree.
    func present(
      _ popup: WKWebView, as presentation: PopupPresentation, over opener: WKWebView,
      close: @escaping @MainActor () -> Void)

    /// Removes `popup` (its session was closed).
    func remove(_ popup: WKWebView)

    /// Presents Safari for an `external: safari` decision.
    func presentSafari(_ safari: SFSafariViewController)
  }

#endif
