import SessionKit

/// A page event the simulator cannot perform.
public struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Sendable, Hashable {
    /// No session has this id.
    case unknownSession
    /// The session is closed.
    case closedSession
    /// A `click` or `submit` names a `frame` that the declared page the session shows has not.
    case unknownFrame
  }

  /// What went wrong.
  public var code: Code
  /// The session the event named.
  public var session: SessionID
  /// For ``Code/unknownFrame``: the frame the step named and the page's declared frames.
  public var frame: (name: String, page: String, declared: [String])?

  /// Creates an error.
  public init(code: Code, session: SessionID, frame: (name: String, page: String, declared: [String])? = nil) {
    self.code = code
    self.session = session
    self.frame = frame
  }

  /// The step's key the error is about: `frame` for ``Code/unknownFrame``, else `in`.
  public var key: String { code == .unknownFrame ? "frame" : "in" }

  /// Errors are equal when their code, session and frame are.
  public static func == (lhs: SimulationError, rhs: SimulationError) -> Bool {
    lhs.code == rhs.code && lhs.session == rhs.session && lhs.frame?.name == rhs.frame?.name
      && lhs.frame?.page == rhs.frame?.page && lhs.frame?.declared == rhs.frame?.declared
  }

  /// Hashes the code, session and frame name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(session)
    hasher.combine(frame?.name)
  }

  /// e.g. `session "main.3" does not exist`.
  public var description: String {
    switch code {
    case .unknownSession: "session \(JSONValue.quoted(session.rawValue)) does not exist"
    case .closedSession: "session \(JSONValue.quoted(session.rawValue)) is closed"
    case .unknownFrame:
      "the page \(JSONValue.quoted(frame?.page ?? "")) that \(JSONValue.quoted(session.rawValue)) shows declares no "
        + "iframe \(JSONValue.quoted(frame?.name ?? "")) (its frames, by src: "
        + (frame?.declared ?? []).map(JSONValue.quoted).joined(separator: ", ") + ")"
    }
  }
}
