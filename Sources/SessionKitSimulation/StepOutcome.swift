import SessionKit

/// The net effect of one page event, as replay reports it.
package enum StepOutcome: Sendable, Hashable {
  /// A frame of `session` navigated (`frame`: `main` or `sub`).
  case navigated(session: SessionID, frame: FrameKind)
  /// A popup opened.
  case popup(child: SessionID, presentation: PopupPresentation)
  /// The URL was opened outside the app; `closed`: the popup whose first load it was, and its subtree (it
  /// would have stayed blank).
  case external(via: ExternalApp, closed: [SessionID] = [])
  /// A popup finished (`finish`): its subtree `closed`, the URL handed `via` its opener (loaded in `session`)
  /// or the app (`session` `nil`).
  case finished(via: FinishDestination, closed: [SessionID], session: SessionID?)
  /// Scenario time passed (a `wait` step); `closed`: the popups a blank timeout closed, subtrees included.
  case waited(closed: [SessionID])
  /// Nothing happened, for this reason.
  case blocked(reason: BlockReason)
  /// Sessions closed (the subtree included), in close order.
  case closed([SessionID])
  /// The event was ignored (e.g. `window.close()` refused, `back` with no entry).
  case ignored
  /// The navigation became a download.
  case download

  /// Which frame navigated.
  package enum FrameKind: String, Sendable, Hashable {
    /// The main frame.
    case main
    /// An iframe.
    case sub
  }

  /// `navigated`, `popup`, `external`, `finished`, `blocked`, `closed`, `ignored`, `download` or `waited`.
  package var name: String {
    switch self {
    case .navigated: "navigated"
    case .popup: "popup"
    case .external: "external"
    case .finished: "finished"
    case .waited: "waited"
    case .blocked: "blocked"
    case .closed: "closed"
    case .ignored: "ignored"
    case .download: "download"
    }
  }

  /// The outcome's fields as replay prints them, `outcome` first.
  package var members: [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = [("outcome", .string(name))]
    switch self {
    case .navigated(let session, let frame):
      members += [("session", .string(session.rawValue)), ("frame", .string(frame.rawValue))]
    case .popup(let child, let presentation):
      members += [("child", .string(child.rawValue)), ("presentation", .string(presentation.rawValue))]
    case .external(let via, let closed):
      members.append(("via", .string(via.rawValue)))
      if !closed.isEmpty { members.append(("closed", Self.ids(closed))) }
    case .finished(let via, let closed, let session):
      members += [("via", .string(via.rawValue)), ("closed", Self.ids(closed))]
      if let session { members.append(("session", .string(session.rawValue))) }
    case .waited(let closed):
      if !closed.isEmpty { members.append(("closed", Self.ids(closed))) }
    case .blocked(let reason): members.append(("reason", .string(reason.rawValue)))
    case .closed(let ids): members.append(("closed", Self.ids(ids)))
    case .ignored, .download: break
    }
    return members
  }

  static func ids(_ ids: [SessionID]) -> JSONValue {
    .array(ids.map { .string($0.rawValue) })
  }
}
