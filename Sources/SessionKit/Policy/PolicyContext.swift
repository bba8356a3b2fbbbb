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

  /// A context for a session whose origin comes from `currentURL`.
  public init(currentURL: WebAddress?, list: PublicSuffixList = .shared) {
    self.currentURL = currentURL
    self.currentSite = currentURL?.site(using: list)
  }

  /// A context whose site was computed when the URL committed.
  init(currentURL: WebAddress?, currentSite: Site?) {
    self.currentURL = currentURL
    self.currentSite = currentSite
  }

  /// A context with no origin (a root that has committed nothing).
  public static let none = PolicyContext(currentURL: nil)
}
