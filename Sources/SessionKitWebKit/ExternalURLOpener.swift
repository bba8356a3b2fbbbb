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
  /// https URL (it raises for any other scheme), `UIApplication.shared.open` for `system` and for every other
  /// scheme.
  @MainActor
  final class ExternalURLOpener {
    private unowned let presenter: any PopupPresenter

    init(presenter: any PopupPresenter) {
      self.presenter = presenter
    }

    func open(_ urlString: String, via: ExternalApp) {
      guard let url = URL(string: urlString) else { return }
      let scheme = url.scheme?.lowercased()
      if via == .safari, scheme == "http" || scheme == "https" {
        presenter.presentSafari(SFSafariViewController(url: url))
      } else {
        UIApplication.shared.open(url, options: [:], completionHandler: nil)
      }
    }
  }

#endif
