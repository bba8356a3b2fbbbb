import SessionKit

extension SessionEngine {
  /// A root session with `id`, an id the bench makes unique among the engine's open roots itself: a duplicate is
  /// a bug in the bench, not a condition to handle.
  func makeBenchRoot(id: SessionID) -> Session {
    do {
      return try makeRootSession(id: id)
    } catch {
      preconditionFailure("session-bench: \(error)")
    }
  }
}
