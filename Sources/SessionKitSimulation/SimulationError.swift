import SessionKit

/// A page event the simulator cannot perform.
package struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Code: String, Sendable, Hashable {
    /// No session has this id.
    case unknownSession
    /// The session is closed.
    case closedSession
    /// A `click` or `submit` names a `frame` that the declared page the session shows has not.
    case unknownFrame
  }

  /// What went wrong.
  package var code: Code
  /// The session the event named.
  package var session: SessionID
  /// For ``Code/unknownFrame``: the `frame` the step named.
  package var frame: String?
  /// For ``Code/unknownFrame``: the declared page the session shows.
  package var page: String?
  /// For ``Code/unknownFrame``: the page's declared iframes, by `src`.
  package var declaredFrames: [String]

  /// Creates an error.
  package init(
    code: Code, session: SessionID, frame: String? = nil, page: String? = nil, declaredFrames: [String] = []
  ) {
    self.code = code
    self.session = session
    self.frame = frame
    self.page = page
    self.declaredFrames = declaredFrames
  }

  /// The step's key the error is about: `frame` for ``Code/unknownFrame``, else `in`.
  package var key: String { code == .unknownFrame ? "frame" : "in" }

  /// e.g. `session "main.3" does not exist`.
  package var description: String {
    switch code {
    case .unknownSession: "session \(JSONValue.quoted(session.rawValue)) does not exist"
    case .closedSession: "session \(JSONValue.quoted(session.rawValue)) is closed"
    case .unknownFrame:
      "the page \(JSONValue.quoted(page ?? "")) that \(JSONValue.quoted(session.rawValue)) shows declares no "
        + "iframe \(JSONValue.quoted(frame ?? "")) (its frames, by src: "
        + declaredFrames.map(JSONValue.quoted).joined(separator: ", ") + ")"
    }
  }
}
