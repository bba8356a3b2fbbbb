/// What a policy compares a navigation with: the session's current URL (for `crossSite` and `crossOrigin`).
///
/// A session that has committed nothing yet (a fresh popup) uses its opener's URL; a session showing
/// `about:blank` inherited from its opener uses the opener's. A root that has committed nothing has no URL:
/// every target is cross-site and cross-origin to it.
public struct PolicyContext: Sendable, Hashable {
  /// The URL whose origin and site the session has, or `nil` when it has none yet.
  public let currentURL: WebAddress?
  /// The site of `currentURL`, computed once.
  public let currentSite: Site?
  /// Whether the session is a popup that has committed nothing but URLs that match `about:blank`, so that its
  /// next main-frame navigation is its first load (`popupFirstLoad`). `currentURL` is then the nearest opener's
  /// up the tree that has an origin of its own.
  public let isBlankPopup: Bool

  /// A context for a session whose origin comes from `currentURL`; `isBlankPopup` when the session is a popup
  /// that has committed nothing but `about:blank`.
  public init(currentURL: WebAddress?, isBlankPopup: Bool = false, list: PublicSuffixList = .shared) {
    self.currentURL = currentURL
    self.currentSite = currentURL?.site(using: list)
    self.isBlankPopup = isBlankPopup
  }

  /// A context whose site was computed when the URL committed.
  init(currentURL: WebAddress?, currentSite: Site?, isBlankPopup: Bool = false) {
    self.currentURL = currentURL
    self.currentSite = currentSite
    self.isBlankPopup = isBlankPopup
  }

  /// A context with no origin (a root that has committed nothing).
  public static let none = PolicyContext(currentURL: nil)
}
