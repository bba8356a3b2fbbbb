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

  /// Opens URLs outside the app, once per decision: `SFSafariViewController` for `external: safari` with an http or
  /// https URL (it raises for any other scheme), the app's `openURL` (`UIApplication.shared.open` by default) for
  /// `system` and for every other scheme. A URL that cannot be opened is reported, never dropped silently.
  @MainActor
  final class ExternalURLOpener {
    /// Opens a URL outside the app and calls back with whether it did.
    typealias OpenURL = @MainActor (URL, @escaping @MainActor @Sendable (Bool) -> Void) -> Void

    private unowned let presenter: any PopupPresenter
    private let openURL: OpenURL

    init(presenter: any PopupPresenter, openURL: @escaping OpenURL) {
      self.presenter = presenter
      self.openURL = openURL
    }

    /// `UIApplication.shared.open`, which app extensions cannot call.
    @available(iOSApplicationExtension, unavailable)
    static func openWithApplication(_ url: URL, completion: @escaping @MainActor @Sendable (Bool) -> Void) {
      UIApplication.shared.open(url, options: [:], completionHandler: completion)
    }

    /// Opens `urlString` via `via`; `failed` receives the reason when it cannot.
    func open(_ urlString: String, via: ExternalApp, failed: @escaping @MainActor @Sendable (String) -> Void) {
      guard let url = URL(string: urlString) else {
        failed("not a URL Foundation can open")
        return
      }
      let scheme = url.scheme?.lowercased()
      if via == .safari, scheme == "http" || scheme == "https" {
        do {
          let safari = SFSafariViewController(url: url)
          if let uikit = presenter as? UIKitPopupPresenter {
            // It may wait for a popup's dismissal; a failure then is reported with this URL.
            try uikit.presentSafari(safari) { failed("Safari could not be presented (\($0))") }
          } else {
            try presenter.presentSafari(safari)
          }
        } catch {
          failed("Safari could not be presented (\(error))")
        }
        return
      }
      openURL(url) { opened in
        if !opened { failed("no app opened it") }
      }
    }
  }

#endif
