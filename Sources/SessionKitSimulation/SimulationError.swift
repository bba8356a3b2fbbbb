import SessionKit

/// A page event the simulator cannot perform.
public struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Sendable, Hashable {
    /// No session has this id.
    case unknownSession
    /// The session is closed.
    case closedSession
  }

  /// What went wrong.
  public var code: Code
  /// The session the event named.
  public var session: SessionID

  /// Creates an error.
  public init(code: Code, session: SessionID) {
    self.code = code
    self.session = session
  }

  /// e.g. `session "main.3" does not exist`.
  public var description: String {
    switch code {
    case .unknownSession: "session \(JSONValue.quoted(session.rawValue)) does not exist"
    case .closedSession: "session \(JSONValue.quoted(session.rawValue)) is closed"
    }
  }
}
