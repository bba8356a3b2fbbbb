import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  // The close button of Google's Google Pay guide for WKWebView ("Using iOS WKWebView",
  // https://developers.google.com/pay/api/web/guides/recipes/using-ios-wkwebview, `addWebView(_:)`): a filled
  // capsule with the `xmark` symbol, 24 points square, 6 points inside the top-trailing corner of the popup's safe
  // area — drawn at that size inside a 44-point touch target, the minimum of Apple's Human Interface Guidelines.
  extension UIKitPopupPresenter {
    /// The side of the capsule ``defaultCloseButton(close:)`` draws, in points (the guide's).
    package static let closeButtonSize: CGFloat = 24
    /// The side of ``defaultCloseButton(close:)``'s touch target, in points: Apple's minimum of 44 × 44. The
    /// capsule is drawn centred in it.
    package static let closeButtonTouchTarget: CGFloat = 44
    /// How far inside the top-trailing corner of the popup's safe area the close button sits, in points (the
    /// guide's): the default button's touch target sits there, so its capsule is drawn 16 points inside, and
    /// the whole 44-point target is inside the popup, where every touch reaches it.
    package static let closeButtonInset: CGFloat = 6

    /// The guide's close button: `UIButton(configuration: .filled())` with the `xmark` symbol on a capsule
    /// ``closeButtonSize`` points square, in a button ``closeButtonTouchTarget`` points square (the capsule is the
    /// background, inset to its size); its primary action runs `close`.
    package static func defaultCloseButton(close: @escaping @MainActor () -> Void) -> UIButton {
      var configuration = UIButton.Configuration.filled()
      configuration.image = UIImage(systemName: "xmark")
      configuration.cornerStyle = .capsule
      let inset = (closeButtonTouchTarget - closeButtonSize) / 2
      configuration.background.backgroundInsets = NSDirectionalEdgeInsets(
        top: inset, leading: inset, bottom: inset, trailing: inset)
      let button = UIButton(configuration: configuration, primaryAction: UIAction { _ in close() })
      button.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        button.widthAnchor.constraint(equalToConstant: closeButtonTouchTarget),
        button.heightAnchor.constraint(equalToConstant: closeButtonTouchTarget),
      ])
      return button
    }

    /// Adds `view` to `container`, pinned to its four edges.
    static func fill(_ container: UIView, with view: UIView) {
      view.translatesAutoresizingMaskIntoConstraints = false
      container.addSubview(view)
      NSLayoutConstraint.activate([
        view.topAnchor.constraint(equalTo: container.topAnchor),
        view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
      ])
    }

    /// Adds `button` to `view`, ``closeButtonInset`` points inside the top-trailing corner of its safe area.
    static func place(_ button: UIButton, in view: UIView) {
      button.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(button)
      let safeArea = view.safeAreaLayoutGuide
      NSLayoutConstraint.activate([
        button.topAnchor.constraint(equalTo: safeArea.topAnchor, constant: closeButtonInset),
        button.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -closeButtonInset),
      ])
    }
  }

#endif
