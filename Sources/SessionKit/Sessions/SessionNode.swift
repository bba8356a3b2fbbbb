/// One session's part of its tree's state: identity, place in the tree, history and what its next load is.
struct SessionNode: Sendable {
  // Stored in this order on purpose: what every decision reads comes first (the pending load, the parent, the
  // flag, and the list's current page, its first field: the node's first 32 bytes), and the one-byte fields
  // fill the padding after the 9-byte optional.

  /// What the next main-frame load of this session is, when the engine already knows.
  var pendingLoad: PendingLoad?
  /// The key of the session that opened it; `nil` for the root.
  let parent: PopupTreeState.Key?
  /// Whether the main frame has committed a URL that does not match `about:blank`.
  var hasCommittedPage = false
  /// How the popup is presented; `nil` for a root.
  var presentation: PopupPresentation?
  /// The back-forward list.
  var history = BackForwardList()
  /// A new-window request `decidePolicyFor` allowed and `createWebViewWith` has not asked for yet.
  var newWindowApproval: NewWindowApproval?
  /// The session's id.
  let id: SessionID
  /// 0 for the root, 1 for the root's popups.
  let depth: Int
  /// The keys of the live children, in creation order.
  var children: [PopupTreeState.Key] = []
  /// The next child's number; never reused.
  var nextChildNumber = 1
  /// When the engine closes this popup if it still shows nothing but `about:blank` (`popups.blankTimeoutMs`),
  /// on the engine's clock; `nil`: never.
  var blankDeadline: Duration?
  /// Set for a popup opened blank (`window.open()`, `about:blank`) until its first load of a real URL is decided
  /// (DESIGN §9.2): that load is judged as the new-window request the popup stands for.
  var blankOpening: BlankOpening?

  /// A session at `about:blank` with an empty history.
  init(id: SessionID, parent: PopupTreeState.Key?, depth: Int) {
    self.id = id
    self.parent = parent
    self.depth = depth
  }

  /// The committed main-frame URL, `nil` before the first commit.
  var committedURL: WebAddress? { history.currentPage?.url }

  /// Whether this is a popup that has committed nothing but URLs that match `about:blank`: its next main-frame
  /// navigation is its first load.
  var isBlankPopup: Bool { parent != nil && !hasCommittedPage }

  /// Whether the popup still waits for its decider.
  var isProvisional: Bool { pendingLoad?.isProvisional ?? false }
}

/// How a popup opened blank was requested: what its first load of a real URL carries when it is judged as that
/// new-window request.
struct BlankOpening: Sendable, Hashable {
  /// Whether a user gesture started the new-window request.
  var isUserGesture: Bool
}

/// A session's next main-frame load, when the engine already knows what it is. Indirect: most sessions have
/// none, and an idle session should not carry a URL and a trace's worth of inline storage for it.
indirect enum PendingLoad: Sendable {
  /// A load the engine started itself (a popup's first load, a `sameView` load): it is allowed without being
  /// judged again, with the trace of the decision that caused it.
  case engineStarted(WebAddress, PolicyDecision.Trace)
  /// A provisional popup's first load, during which its decider is asked.
  case provisional(ProvisionalQuestion)
  /// The provisional popup's decider is being asked now; other main-frame loads are cancelled meanwhile.
  case asking(ProvisionalQuestion)

  /// Whether the load waits for a decider (asked or not yet).
  var isProvisional: Bool {
    switch self {
    case .provisional, .asking: true
    case .engineStarted: false
    }
  }
}

/// A new-window request that `decidePolicyFor` allowed, with the snapshot that allowed it:
/// `createWebViewWith` finishes that decision with the same policy (its limits and presentation), never a
/// newer one. A class, so that the sessions without one (almost all) pay a pointer for the optional.
final class NewWindowApproval: Sendable {
  let address: WebAddress
  let action: PolicyAction
  let policy: CompiledPolicy
  let trace: PolicyDecision.Trace

  init(address: WebAddress, action: PolicyAction, policy: CompiledPolicy, trace: PolicyDecision.Trace) {
    self.address = address
    self.action = action
    self.policy = policy
    self.trace = trace
  }
}

/// The `ask` a provisional popup still has to put to its decider. A class: it is shared by the states a
/// provisional popup passes through, and costs a pointer in the enum.
final class ProvisionalQuestion: Sendable {
  /// The decider's name.
  let decider: String
  /// The trace of the rule that asked.
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
