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
    /// A `click`, `submit` or `open` aims at a `target` that names an iframe inside an iframe: the simulator
    /// navigates a page's own iframes only.
    case nestedTarget
  }

  /// What went wrong.
  package var code: Code
  /// The session the event named.
  package var session: SessionID
  /// For ``Code/unknownFrame``: the `frame` the step named; for ``Code/nestedTarget``: the `src` of the nested
  /// iframe the target names.
  package var frame: String?
  /// For ``Code/unknownFrame``: the declared page the session shows; for ``Code/nestedTarget``: the `target`.
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

  /// The step's key the error is about: `frame` for ``Code/unknownFrame``, `target` for ``Code/nestedTarget``, else
  /// `in`.
  package var key: String {
    switch code {
    case .unknownFrame: "frame"
    case .nestedTarget: "target"
    case .unknownSession, .closedSession: "in"
    }
  }

  /// e.g. `session "main.3" does not exist`.
  package var description: String {
    switch code {
    case .unknownSession: "session \(JSONValue.quoted(session.rawValue)) does not exist"
    case .closedSession: "session \(JSONValue.quoted(session.rawValue)) is closed"
    case .unknownFrame:
      "the page \(JSONValue.quoted(page ?? "")) that \(JSONValue.quoted(session.rawValue)) shows declares no "
        + "iframe \(JSONValue.quoted(frame ?? "")) (its frames, by src: "
        + declaredFrames.map(JSONValue.quoted).joined(separator: ", ") + ")"
    case .nestedTarget:
      "the target \(JSONValue.quoted(page ?? "")) names the iframe \(JSONValue.quoted(frame ?? "")) inside an iframe "
        + "of the page \(JSONValue.quoted(session.rawValue)) shows: the simulator navigates a page's own iframes "
        + "only (WritingScenarios, \"Named iframes\")"
    }
  }
}
