/// One kind of thing a page or its user does in a benchmark workload, as weighted by a ``WorkloadMix``.
///
/// Each kind turns into the WebKit callbacks WebKit makes for it (as the simulator reproduces them), answered through the engine's public API
/// (`Session.decide`, `Session.admitPopup`, `Session.didCommit`, `Session.windowDidClose`).
package enum WorkloadEventKind: String, Sendable, Hashable, CaseIterable {
  /// The app loads a page of its own site (`decidePolicyFor` other, main frame, no gesture), then commits.
  case load
  /// The user taps a link to another page of the current page's site (linkActivated, main frame).
  case sameSiteClick
  /// The user taps a link to another site: an ad, a partner, the App Store (linkActivated, main frame).
  case crossSiteClick
  /// The user taps a `_blank` link: the opener's `decidePolicyFor` with a nil target and, when it is allowed,
  /// the popup's life (admission, first load, `window.close()`).
  case blankLink
  /// The page calls `window.open(url)` after a tap: admission, the popup's first load, `window.close()`.
  case windowOpen
  /// Back onto the previous history entry (backForward); a reload when there is none.
  case back
  /// Forward onto the next history entry (backForward); a reload when there is none.
  case forward
  /// A reload of the current page.
  case reload

  /// The key of the kind in a workload file's `weights` object.
  package var name: String { rawValue }

  /// Whether the kind opens a popup (and closes it again) as part of the event.
  package var opensPopup: Bool { self == .blankLink || self == .windowOpen }
}
