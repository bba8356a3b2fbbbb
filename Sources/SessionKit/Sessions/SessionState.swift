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
  /// A provisional popup's pending question, asked during its first load; it stays set until the decider's
  /// answer is applied, so the popup reports itself provisional meanwhile.
  var provisional: ProvisionalQuestion?
  /// Whether the provisional question is being put to the decider right now (other main-frame loads wait for
  /// nothing and are cancelled meanwhile).
  var isAskingProvisional = false
  /// New-window requests already decided by `decidePolicyFor` (target nil) and awaiting `createWebViewWith`.
  var admittedNewWindows: [AdmittedNewWindow] = []
}

/// A new-window request `decidePolicyFor` allowed, with the snapshot that allowed it: `createWebViewWith`
/// finishes that decision with the same policy (its limits and presentation), never a newer one.
typealias AdmittedNewWindow = (url: String, action: PolicyAction, policy: CompiledPolicy, trace: PolicyDecision.Trace)

/// The `ask` a provisional popup still has to put to its decider. A class: every session carries the optional
/// and almost none has one, so it costs a pointer rather than a trace's worth of inline storage.
final class ProvisionalQuestion: Sendable {
  let decider: String
  let trace: PolicyDecision.Trace
  /// The snapshot that admitted the popup: the question is answered under it (timeout, fallback,
  /// presentation), so the decision never mixes two policies.
  let policy: CompiledPolicy

  init(decider: String, trace: PolicyDecision.Trace, policy: CompiledPolicy) {
    self.decider = decider
    self.trace = trace
    self.policy = policy
  }
}
