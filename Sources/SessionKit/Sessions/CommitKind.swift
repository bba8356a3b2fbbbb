/// How a committed load changes a session's back-forward list. Apps with delegates of their own pass it to
/// ``Session/didCommit(_:kind:)``; `WebSessionCoordinator` does on iOS.
public enum CommitKind: Sendable, Hashable {
  /// A new entry (a link, a script, a form, an app load, a `sameView` load): drops the forward entries.
  case newEntry(isPost: Bool)
  /// An iframe navigated from `previousFrameURL` to the committed URL: WebKit's joint session history adds an
  /// entry (dropping the forward ones) while the main frame's URL stays.
  case subframe(previousFrameURL: String)
  /// A move within the list, `offset` steps (−1 is back).
  case backForward(offset: Int)
  /// A reload of the current entry.
  case reload
}
