extension Session {
  /// Answers WebKit's `createWebViewWith` synchronously, without awaiting: checks the gesture requirement and
  /// the popup limits first, then applies the policy's answer for the new window. On a popup outcome the app
  /// returns a web view created from WebKit's configuration for ``PopupAdmission/child``; otherwise it returns
  /// `nil` and applies ``PopupAdmission/outcome``.
  ///
  /// An empty request URL is `window.open()` with no URL: the popup stays at `about:blank` with no first load,
  /// and an answer that would load the URL elsewhere (`sameView`, `external`) is blocked (reason `policy`).
  ///
  /// A popup opened blank (no URL, or one that matches `about:blank`) is judged here as any other request, but no
  /// decider is asked about `about:blank`: an `ask` answer opens it. Its first load of a real URL is judged as
  /// this request again, and that answer decides whether it stays and how it is presented (DESIGN §9.2).
  ///
  /// Every check (the session closed, the engine shut down, the gesture requirement, a provisional opener, the
  /// rate limit, `maxDepth`, `maxOpen`) is made again, with the clock read, in the one critical section of the
  /// tree's lock that creates the child, so two admissions racing each other never both pass a limit. After
  /// ``SessionEngine/shutdown()`` has begun nothing is created (``BlockReason/cancelled``); an admission under way
  /// then is waited for, so its events are delivered before the event streams end.
  ///
  /// A provisional popup (`isProvisional`) opens no popup until its decider keeps it: the request is
  /// ``BlockReason/policy``, with the trace's source `PolicyDecision.Source.openerProvisional`.
  @_optimize(size)
  public nonisolated func admitPopup(for action: NavigationAction) -> PopupAdmission {
    // Counted like a decision, so that `shutdown()` finishes the event streams after this admission's events.
    let stripe = DecisionGate.stripe(of: self)
    let entry = engine.decisionStarted(stripe: stripe)
    defer { engine.decisionEnded(stripe: stripe) }
    let admission =
      entry.isShutDown
      ? refused(.cancelled, source: .cancelled, action: .cancel, snapshot: engine.policy.snapshot)
      : makeAdmission(for: action)
    engine.publish(admission.outcome, session: id, url: action.requestURL, decision: nil)
    return admission
  }

  @_optimize(size)
  private nonisolated func makeAdmission(for action: NavigationAction) -> PopupAdmission {
    guard let policies = engine.currentPolicyUnlessShutDown() else {
      return refused(.cancelled, source: .cancelled, action: .cancel, snapshot: engine.policy.snapshot)
    }
    var policy = policies.policy
    let hasURL = !action.requestURL.isEmpty
    var parsed = action
    if !hasURL { parsed.requestURL = "about:blank" }
    let request: PolicyRequest
    do {
      request = try PolicyRequest(parsed)
    } catch {
      return PopupAdmission(
        outcome: .blocked(.invalidURL), child: nil, action: .cancel, trace: policy.invalidURL(error).trace)
    }
    let address = request.address
    let engine = engine
    // One critical section: the approval, the context and the refusal checks (the clock read inside it).
    let (approval, context, refusal) = tree.update { storage in
      let approval = storage.machine.takeApproval(in: key, for: address)
      // An approval from `decidePolicyFor` is finished under the snapshot that gave it.
      let limits = (approval?.policy ?? policy).popups
      let refusal = storage.machine.popupRefusal(
        of: key, userGesture: action.isUserGesture, limits: limits, now: engine.clock.now,
        isShutDown: engine.gate.isShutDown)
      return (approval, storage.machine.context(of: key), refusal)
    }
    if let approval { policy = approval.policy }
    let limits = policy.popups
    if let refusal {
      let reason = Self.blockReason(for: refusal)
      return refused(reason, source: refusal, action: .cancel, snapshot: policy.snapshot, limits: limits)
    }
    let decision: PolicyDecision
    if let approval {
      decision = PolicyDecision(action: approval.action, trace: approval.trace)
    } else {
      decision = policy.evaluate(request, in: context)
      engine.shadowEvaluate(
        request, in: context, live: decision, candidate: policies.shadow, session: id, url: action.requestURL)
    }
    let trace = decision.trace
    let firstLoad: PendingLoad? = hasURL ? .engineStarted(address, trace) : nil
    // Opened blank: its first load of a real URL stands for this request, with its gesture.
    let opening =
      !hasURL || PopupTreeState.matchesAboutBlank(address) ? BlankOpening(isUserGesture: action.isUserGesture) : nil
    switch decision.action {
    case .allow:
      return open(
        presentation: limits.presentation, firstLoad: firstLoad, decision: decision, limits: limits, url: address,
        userGesture: action.isUserGesture, opening: opening)
    case .popup(let presentation):
      return open(
        presentation: presentation, firstLoad: firstLoad, decision: decision, limits: limits, url: address,
        userGesture: action.isUserGesture, opening: opening)
    case .ask where opening != nil:
      // No decider is asked about about:blank: the popup opens, and the first load of a real URL asks.
      var decision = decision
      if approval == nil { decision.trace.notes.append(Self.blankAskNote) }
      return open(
        presentation: limits.presentation, firstLoad: firstLoad, decision: decision, limits: limits, url: address,
        userGesture: action.isUserGesture, opening: opening)
    case .ask(let name):
      let question = PendingLoad.provisional(ProvisionalQuestion(decider: name, trace: trace, policy: policy))
      return open(
        presentation: limits.presentation, firstLoad: question, decision: decision, limits: limits, url: address,
        userGesture: action.isUserGesture)
    case .external(let via):
      guard hasURL else { return refused(.policy, action: decision.action, trace: trace) }
      let answer = external(address, via: via, action: decision.action, trace: trace)
      return PopupAdmission(outcome: answer.outcome, child: nil, action: decision.action, trace: answer.trace)
    case .sameView:
      guard hasURL else { return refused(.policy, action: decision.action, trace: trace) }
      let answer = loadInstead(address, in: self, action: .sameView, trace: trace)
      return PopupAdmission(outcome: answer.outcome, child: nil, action: .sameView, trace: trace)
    case .cancel, .download, .finish:
      // `finish` on a new-window request finishes nothing: it behaves as `cancel`.
      return refused(.policy, action: decision.action, trace: trace)
    }
  }

  /// The trace's note when an `ask` answers a new-window request for `about:blank`.
  static let blankAskNote = "no decider is asked about about:blank; the popup's first load of a real URL will be"

  /// Creates the popup's session: every check is made again, with the clock and the shutdown flag read, in the
  /// critical section that creates it.
  @_optimize(size)
  private nonisolated func open(
    presentation: PopupPresentation, firstLoad: PendingLoad?, decision: PolicyDecision, limits: PopupLimits,
    url: WebAddress, userGesture: Bool, opening: BlankOpening? = nil
  ) -> PopupAdmission {
    let tree = tree
    let engine = engine
    let result = tree.update { storage -> (PopupTreeState.OpenResult, Session?, Duration) in
      let now = engine.clock.now
      let result = storage.machine.openPopup(
        under: key, presentation: presentation, firstLoad: firstLoad, limits: limits, url: url.serialized, now: now,
        userGesture: userGesture, isShutDown: engine.gate.isShutDown, opening: opening)
      guard case .opened(let childKey, let childID) = result else { return (result, nil, now) }
      let child = Session(id: childID, depth: depth + 1, key: childKey, tree: tree)
      storage.popups[childKey] = child
      // The child's `opener` finds its root through this weak reference, made only now (see `Storage.root`).
      if isRoot, storage.root == nil { storage.root = self }
      return (result, child, now)
    }
    guard case .opened(_, let childID) = result.0, let child = result.1 else {
      // Refused under the lock: something changed since the first check (the opener closed, a limit was
      // reached, the engine shut down).
      guard case .refused(let source) = result.0 else { preconditionFailure("opened without a session") }
      var trace = decision.trace
      trace.notes.append("refused when the popup was created: \(source.name)")
      return refused(Self.blockReason(for: source), action: decision.action, trace: trace)
    }
    if let timeout = limits.blankTimeout { engine.watchBlankDeadline(result.2 + timeout, in: tree) }
    let outcome: NavigationOutcome =
      firstLoad?.isProvisional == true
      ? .provisionalPopup(child: childID, presentation: presentation)
      : .popup(child: childID, presentation: presentation)
    return PopupAdmission(outcome: outcome, child: child, action: decision.action, trace: decision.trace)
  }

  /// Why a new popup of this session would be refused (see `PopupTreeState.popupRefusal`), with the clock read
  /// under the tree's lock; `nil` when it may open.
  nonisolated func popupRefusal(userGesture: Bool, limits: PopupLimits) -> (
    reason: BlockReason, source: PolicyDecision.Source
  )? {
    let engine = engine
    let source = tree.read {
      $0.machine.popupRefusal(
        of: key, userGesture: userGesture, limits: limits, now: engine.clock.now, isShutDown: engine.gate.isShutDown)
    }
    return source.map { (Self.blockReason(for: $0), $0) }
  }

  /// The outcome's reason for a refusal by the engine's own checks.
  static func blockReason(for source: PolicyDecision.Source) -> BlockReason {
    switch source {
    case .popupGate: .noUserGesture
    case .sessionClosed: .sessionClosed
    case .popupRateLimit: .rateLimit
    case .cancelled: .cancelled
    case .openerProvisional, .provisional, .pendingLoad: .policy
    case .popupLimit, .rule, .defaultAction, .invalidURL: .popupLimit
    }
  }

  @_optimize(size)
  private nonisolated func refused(
    _ reason: BlockReason, source: PolicyDecision.Source, action: PolicyAction, snapshot: UInt64,
    limits: PopupLimits? = nil
  ) -> PopupAdmission {
    var conditions: [String] = []
    if let limits {
      conditions = [
        "maxDepth: \(limits.maxDepth)", "maxOpen: \(limits.maxOpen)",
        "requireUserGesture: \(limits.requireUserGesture)",
      ]
      if let maxPerMinute = limits.maxPerMinute { conditions.append("maxPerMinute: \(maxPerMinute)") }
    }
    let trace = PolicyDecision.Trace(source: source, conditions: conditions, snapshot: snapshot)
    return refused(reason, action: action, trace: trace)
  }

  @_optimize(size)
  private nonisolated func refused(_ reason: BlockReason, action: PolicyAction, trace: PolicyDecision.Trace)
    -> PopupAdmission
  {
    PopupAdmission(outcome: .blocked(reason), child: nil, action: action, trace: trace)
  }
}
