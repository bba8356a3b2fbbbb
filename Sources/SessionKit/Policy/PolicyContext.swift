/// What a policy compares a navigation with: the session's current URL (for `crossSite` and `crossOrigin`).
///
/// A session that has committed nothing yet (a fresh popup) uses its opener's URL; a session showing
/// `about:blank` inherited from its opener uses the opener's. A root that has committed nothing has no URL:
/// every target is cross-site and cross-origin to it.
///
/// A context holds its URL and site in one shared box, made when the URL commits, so copying a context costs
/// one retain whatever the URL.
package struct PolicyContext: Sendable, Hashable {
  /// The URL, its site and the names compared with, or `nil` when the session has no origin yet.
  let page: CommittedPage?
  /// Whether the session is a popup that has committed nothing but URLs that match `about:blank`, so that its
  /// next main-frame navigation is its first load (`popupFirstLoad`). `currentURL` is then the nearest opener's
  /// up the tree that has an origin of its own.
  package let isBlankPopup: Bool
  /// Whether the session is a popup opened blank (`window.open()`, `about:blank`) whose first load of a real URL
  /// has not been decided: that load is judged as the new-window request the popup stands for as well
  /// (``standsForNewWindow(_:)``).
  package let isBlankOpening: Bool
  /// The user gesture of the new-window request that opened the popup blank, which its first load of a real URL
  /// carries (with ``isBlankOpening``).
  package let openingGesture: Bool

  /// The URL whose origin and site the session has, or `nil` when it has none yet.
  package var currentURL: WebAddress? { page?.url }
  /// The site of `currentURL`, computed once.
  package var currentSite: Site? { page?.site }

  /// A context for a session whose origin comes from `currentURL`; `isBlankPopup` when the session is a popup
  /// that has committed nothing but `about:blank`.
  package init(currentURL: WebAddress?, isBlankPopup: Bool = false, list: PublicSuffixList = .shared) {
    self.page = currentURL.map { CommittedPage(url: $0, list: list) }
    self.isBlankPopup = isBlankPopup
    self.isBlankOpening = false
    self.openingGesture = false
  }

  /// A context on a page that committed (its site computed then); `opening`, for a popup opened blank whose first
  /// load of a real URL is undecided, the gesture of the request that opened it.
  init(page: CommittedPage?, isBlankPopup: Bool, opening: BlankOpening? = nil) {
    self.page = page
    self.isBlankPopup = isBlankPopup
    self.isBlankOpening = opening != nil
    self.openingGesture = opening?.isUserGesture ?? false
  }

  /// Whether `request` is the first load of a real URL in a popup opened blank (DESIGN §9.2): a main-frame
  /// navigation to a URL that does not match `about:blank` while ``isBlankOpening`` holds. It is judged as the
  /// new-window request the popup stands for as well as the popup's first load: a rule's `target` holds for
  /// `newWindow` and for `mainFrame`, and the answer decides whether the popup stays.
  @inline(__always)
  package func standsForNewWindow(_ request: borrowing PolicyRequest) -> Bool {
    isBlankOpening && isBlankPopup && request.target == .mainFrame
      && !PopupTreeState.matchesAboutBlank(request.address)
  }

  /// A context with no origin (a root that has committed nothing).
  package static let none = PolicyContext(currentURL: nil)

  /// Contexts are equal when their URLs, sites, `isBlankPopup` and opening are.
  @_optimize(size)
  package static func == (lhs: PolicyContext, rhs: PolicyContext) -> Bool {
    guard lhs.isBlankPopup == rhs.isBlankPopup, lhs.isBlankOpening == rhs.isBlankOpening,
      lhs.openingGesture == rhs.openingGesture
    else { return false }
    if lhs.page === rhs.page { return true }
    return lhs.currentURL == rhs.currentURL && lhs.currentSite == rhs.currentSite
  }

  /// Hashes the URL, the site, `isBlankPopup` and the opening.
  @_optimize(size)
  package func hash(into hasher: inout Hasher) {
    hasher.combine(currentURL)
    hasher.combine(currentSite)
    hasher.combine(isBlankPopup)
    hasher.combine(isBlankOpening)
    hasher.combine(openingGesture)
  }
}
