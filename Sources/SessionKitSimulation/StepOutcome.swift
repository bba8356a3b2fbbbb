import SessionKit

/// The net effect of one page event, as replay reports it.
public enum StepOutcome: Sendable, Hashable {
  /// A frame of `session` navigated (`frame`: `main` or `sub`).
  case navigated(session: SessionID, frame: FrameKind)
  /// A popup opened.
  case popup(child: SessionID, presentation: PopupPresentation)
  /// The URL was opened outside the app.
  case external(via: ExternalApp)
  /// Nothing happened, for this reason.
  case blocked(reason: BlockReason)
  /// Sessions closed (the subtree included), in close order.
  case closed([SessionID])
  /// The event was ignored (e.g. `window.close()` refused, `back` with no entry).
  case ignored
  /// The navigation became a download.
  case download

  /// Which frame navigated.
  public enum FrameKind: String, Sendable, Hashable {
    /// The main frame.
    case main
    /// An iframe.
    case sub
  }

  /// `navigated`, `popup`, `external`, `blocked`, `closed`, `ignored` or `download`.
  public var name: String {
    switch self {
    case .navigated: "navigated"
    case .popup: "popup"
    case .external: "external"
    case .blocked: "blocked"
    case .closed: "closed"
    case .ignored: "ignored"
    case .download: "download"
    }
  }

  /// The outcome's fields as replay prints them, `outcome` first.
  public var members: [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = [("outcome", .string(name))]
    switch self {
    case .navigated(let session, let frame):
      members += [("session", .string(session.rawValue)), ("frame", .string(frame.rawValue))]
    case .popup(let child, let presentation):
      members += [("child", .string(child.rawValue)), ("presentation", .string(presentation.rawValue))]
    case .external(let via): members.append(("via", .string(via.rawValue)))
    case .blocked(let reason): members.append(("reason", .string(reason.rawValue)))
    case .closed(let ids): members.append(("closed", .array(ids.map { .string($0.rawValue) })))
    case .ignored, .download: break
    }
    return members
  }
}
