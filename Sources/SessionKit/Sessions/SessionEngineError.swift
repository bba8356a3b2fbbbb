/// Why a ``SessionEngine`` refused a request.
public enum SessionEngineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// ``SessionEngine/makeRootSession(id:)`` was given the id of a root of the engine that is still open (not
  /// torn down nor released).
  case duplicateRootID(SessionID)

  /// The error in words.
  @_optimize(size)
  public var description: String {
    switch self {
    case .duplicateRootID(let id): "the engine already has an open root session with the id \(id)"
    }
  }
}
