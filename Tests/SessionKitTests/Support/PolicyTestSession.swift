import XCTest

@testable import SessionKit

/// Where a navigation comes from: the session's URL (the context of `crossSite`/`crossOrigin`), or a root
/// that has committed nothing.
enum PolicyTestSession {
  /// A session showing this URL.
  case showing(String)
  /// A root web view that has committed nothing: `PolicyContext.none`.
  case fresh
  /// A popup that has committed nothing but `about:blank`, opened by a session showing this URL: its next
  /// main-frame navigation is its first load (`popupFirstLoad`).
  case blankPopup(opener: String)
}
