/// Why a ``SessionEngine`` or a ``Session`` refused a request.
/// Apps catch it from the coordinator's `rootID:` initializer, and delegates of their own from
/// ``Session/didCommit(_:kind:)``.
public enum SessionEngineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `SessionEngine.makeRootSession(id:)` was given the id of a root of the engine that is still open (not
  /// torn down nor released).
  case duplicateRootID(SessionID)
  /// ``Session/didCommit(_:kind:)`` was given a URL that cannot be parsed (`reason` says why); nothing changed.
  case unparsableURL(String, reason: String)

  /// The error in words.
  @_optimize(size)
  public var description: String {
    switch self {
    case .duplicateRootID(let id): "the engine already has an open root session with the id \(id)"
    case .unparsableURL(let url, let reason): "cannot record a commit of \(url): \(reason)"
    }
  }
}
