import SessionKit

/// What one page event did: its outcome, the rule that decided and the delegate calls made.
package struct StepResult: Sendable, Hashable {
  /// The event's name (`click`, `open`, …).
  package var event: String
  /// The session the event happened in.
  package var session: SessionID
  /// The URL involved, normalised (lower-case scheme and host, no default port, fragment kept); `nil` for
  /// events without one.
  package var url: String?
  /// The net effect.
  package var outcome: StepOutcome
  /// The rule that decided (`default` when none matched; `PRESET/NAME` for a preset's), when a policy decided.
  package var rule: String?
  /// The decision trace behind `rule`.
  package var trace: PolicyDecision.Trace?
  /// The delegate calls the simulator made, in order, with their answers.
  package var callbacks: [CallbackRecord]
  /// The popups a blank timeout closed when the step ended (subtrees included), when time passed during it.
  package var timedOut: [SessionID]
  /// The redirect hops of the step's navigation, in order (each a decision in `callbacks`).
  package var redirects: [String]
  /// The iframes (by `src`) of a declared page whose automatic load was cancelled during the step.
  package var blockedFrames: [String]
  /// Popups the step's answer closed when its outcome has no `closed` of its own (a blank popup whose first load
  /// was answered `sameView`, the opener then `navigated`, or `cancel`, `blocked`), subtrees included.
  package var closed: [SessionID]
  /// A window name the step looked up that two familiar windows have: WebKit searches them in an order it does not fix
  /// (`FrameTree::find`), so the engine may find the other one.
  package var ambiguousName: String?
  /// Whether the step went back or forward onto a page whose iframes WebKit matches to their history items by names
  /// it gives in the order frames are made, which loads can change: an iframe with iframes of its own before another.
  package var unpredictableFrames: Bool
  /// Whether the step's outcome depends on how long ago the user tapped in the page: WebKit counts ten seconds of real
  /// time, which the simulator's steps stand for only roughly (`WebKitSimulator.RecentInteraction`).
  package var unpredictableTiming: Bool

  /// Creates a result.
  package init(
    event: String, session: SessionID, url: String?, outcome: StepOutcome, rule: String? = nil,
    trace: PolicyDecision.Trace? = nil, callbacks: [CallbackRecord] = [], timedOut: [SessionID] = [],
    redirects: [String] = [], blockedFrames: [String] = [], closed: [SessionID] = [], ambiguousName: String? = nil,
    unpredictableFrames: Bool = false, unpredictableTiming: Bool = false
  ) {
    self.event = event
    self.session = session
    self.url = url
    self.outcome = outcome
    self.rule = rule
    self.trace = trace
    self.callbacks = callbacks
    self.timedOut = timedOut
    self.redirects = redirects
    self.blockedFrames = blockedFrames
    self.closed = closed
    self.ambiguousName = ambiguousName
    self.unpredictableFrames = unpredictableFrames
    self.unpredictableTiming = unpredictableTiming
  }

  /// The step's replay line, as `session-bench replay` prints it: `step`, `in`, `event`, `url`, the outcome's fields
  /// (with `closed` when the answer closed popups), `rule`,
  /// `callbacks`, then `redirects` when the navigation was redirected, `blockedFrames` when iframe loads were
  /// cancelled, and `timedOut` when a blank timeout closed popups as the step ended. With `callbackDetails`, each
  /// callback also has its `url`, `gesture` and `method` (``CallbackRecord/json(details:)``), and the line has
  /// `ambiguousName` when the step looked up a name WebKit may resolve to another window, `unpredictableFrames` when it
  /// went back or forward onto a page whose iframes WebKit may match to other history items, and `unpredictableTiming`
  /// when its outcome depends on how long ago the user tapped in the page (for the conformance comparer).
  package func json(step: Int, callbackDetails: Bool = false) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("step", .number(Double(step))), ("in", .string(session.rawValue)), ("event", .string(event)),
    ]
    if let url { members.append(("url", .string(url))) }
    members += outcome.members
    if !closed.isEmpty, !members.contains(where: { $0.key == "closed" }) {
      members.append(("closed", StepOutcome.ids(closed)))
    }
    if let rule { members.append(("rule", .string(rule))) }
    members.append(("callbacks", .array(callbacks.map { $0.json(details: callbackDetails) })))
    if !redirects.isEmpty { members.append(("redirects", .array(redirects.map { .string($0) }))) }
    if !blockedFrames.isEmpty { members.append(("blockedFrames", .array(blockedFrames.map { .string($0) }))) }
    if !timedOut.isEmpty { members.append(("timedOut", StepOutcome.ids(timedOut))) }
    if callbackDetails, let ambiguousName { members.append(("ambiguousName", .string(ambiguousName))) }
    if callbackDetails, unpredictableFrames { members.append(("unpredictableFrames", .bool(true))) }
    if callbackDetails, unpredictableTiming { members.append(("unpredictableTiming", .bool(true))) }
    return .object(members)
  }
}
