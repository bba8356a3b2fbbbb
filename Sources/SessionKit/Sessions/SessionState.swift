/// The part of a session that WebKit's synchronous `createWebViewWith` and the close paths must read or change
/// without awaiting; guarded by the session's mutex. Everything here is small and changes rarely.
struct SessionState: Sendable {
  /// The committed URL, `nil` before the first commit.
  var committedURL: WebAddress?
  /// The committed URL's site, computed once per commit.
  var committedSite: Site?
  /// Whether the committed URL gives the session an origin of its own (not `about:blank`/`about:srcdoc`,
  /// which inherit the opener's). Kept apart from a full ``PolicyContext`` so an idle session stores its URL once.
  var hasOwnOrigin = false
  /// The back-forward list's length (mirrored from the actor for `window.close()`'s rule).
  var historyLength = 0
  /// Whether the session is closed.
  var isClosed = false
  /// The live children, in creation order.
  var children: [Session] = []
  /// The next child's number; never reused.
  var nextChildNumber = 1
  /// How the session is presented (a provisional popup's decider may change it).
  var presentation: PopupPresentation?
  /// Loads the engine started itself (a popup's first load, a `sameView` load), which are allowed without
  /// judging them again; each with the trace of the decision that caused it.
  var expectedLoads: [(url: String, trace: PolicyDecision.Trace)] = []
  /// A provisional popup's pending question, asked during its first load.
  var provisional: ProvisionalQuestion?
  /// New-window requests already decided by `decidePolicyFor` (target nil) and awaiting `createWebViewWith`.
  var admittedNewWindows: [AdmittedNewWindow] = []
}

/// A new-window request `decidePolicyFor` allowed, with the presentation its policy gives an `allow`.
typealias AdmittedNewWindow = (
  url: String, action: PolicyAction, presentation: PopupPresentation, trace: PolicyDecision.Trace
)

/// The `ask` a provisional popup still has to put to its decider. A class: every session carries the optional
/// and almost none has one, so it costs a pointer rather than a trace's worth of inline storage.
final class ProvisionalQuestion: Sendable {
  let decider: String
  let trace: PolicyDecision.Trace

  init(decider: String, trace: PolicyDecision.Trace) {
    self.decider = decider
    self.trace = trace
  }
}
