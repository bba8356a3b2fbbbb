extension Session {
  /// Answers WebKit's `createWebViewWith` synchronously, without awaiting: checks the gesture requirement and
  /// the popup limits first, then applies the policy's answer for the new window. On a popup outcome the app
  /// returns a web view created from WebKit's configuration for ``PopupAdmission/child``; otherwise it returns
  /// `nil` and applies ``PopupAdmission/outcome``.
  ///
  /// An empty request URL is `window.open()` with no URL: the popup stays at `about:blank` with no first load,
  /// and an answer that would load the URL elsewhere (`sameView`, `external`) is blocked (reason `policy`).
  public nonisolated func admitPopup(for action: NavigationAction) -> PopupAdmission {
    let admission = makeAdmission(for: action)
    engine.publish(admission.outcome, session: id, url: action.requestURL, decision: nil)
    return admission
  }

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
    let (approval, context) = tree.update { storage in
      (storage.machine.takeApproval(in: key, for: address), storage.machine.context(of: key))
    }
    // An approval from `decidePolicyFor` is finished under the snapshot that gave it.
    if let approval { policy = approval.policy }
    let limits = policy.popups
    if let refusal = popupRefusal(userGesture: action.isUserGesture, limits: limits) {
      return refused(refusal.reason, source: refusal.source, action: .cancel, snapshot: policy.snapshot, limits: limits)
    }
    let decision: PolicyDecision
    if let approval {
      decision = PolicyDecision(action: approval.action, trace: approval.trace)
    } else {
      decision = policy.evaluate(request, in: context, hostIsChecked: true)
      engine.shadowEvaluate(
        request, in: context, live: decision, candidate: policies.shadow, session: id, url: action.requestURL)
    }
    let trace = decision.trace
    let firstLoad: PendingLoad? = hasURL ? .engineStarted(address, trace) : nil
    switch decision.action {
    case .allow:
      return open(
        presentation: limits.presentation, firstLoad: firstLoad, decision: decision, limits: limits, url: address)
    case .popup(let presentation):
      return open(presentation: presentation, firstLoad: firstLoad, decision: decision, limits: limits, url: address)
    case .ask(let name):
      // `window.open()` with no URL has nothing to ask about: it opens as an ordinary popup.
      let question =
        hasURL ? PendingLoad.provisional(ProvisionalQuestion(decider: name, trace: trace, policy: policy)) : nil
      return open(
        presentation: limits.presentation, firstLoad: question, decision: decision, limits: limits, url: address)
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

  /// Creates the popup's session (the limits are checked again under the tree's lock).
  private nonisolated func open(
    presentation: PopupPresentation, firstLoad: PendingLoad?, decision: PolicyDecision, limits: PopupLimits,
    url: WebAddress
  ) -> PopupAdmission {
    let tree = tree
    let now = engine.clock.now
    let result = tree.update { storage -> (PopupTreeState.OpenResult, Session?) in
      let result = storage.machine.openPopup(
        under: key, presentation: presentation, firstLoad: firstLoad, limits: limits, url: url.serialized, now: now)
      guard case .opened(let childKey, let childID) = result else { return (result, nil) }
      let child = Session(id: childID, depth: depth + 1, key: childKey, tree: tree)
      storage.popups[childKey] = child
      // The child's `opener` finds its root through this weak reference, made only now (see `Storage.root`).
      if isRoot, storage.root == nil { storage.root = self }
      return (result, child)
    }
    guard case .opened(_, let childID) = result.0, let child = result.1 else {
      // Refused under the lock: the opener closed, or the limits were reached since they were checked.
      let reason: BlockReason
      switch result.0 {
      case .refused(.sessionClosed): reason = .sessionClosed
      case .refused(.popupRateLimit): reason = .rateLimit
      default: reason = .popupLimit
      }
      return refused(reason, action: decision.action, trace: decision.trace)
    }
    if let timeout = limits.blankTimeout { engine.watchBlankDeadline(now + timeout, in: tree) }
    let outcome: NavigationOutcome =
      firstLoad?.isProvisional == true
      ? .provisionalPopup(child: childID, presentation: presentation)
      : .popup(child: childID, presentation: presentation)
    return PopupAdmission(outcome: outcome, child: child, action: decision.action, trace: decision.trace)
  }

  /// Why a new popup of this session would be refused: the gesture requirement, then `maxDepth` and
  /// `maxOpen`; `nil` when it may open.
  nonisolated func popupRefusal(userGesture: Bool, limits: PopupLimits) -> (
    reason: BlockReason, source: PolicyDecision.Source
  )? {
    let now = engine.clock.now
    let source = tree.read { $0.machine.popupRefusal(of: key, userGesture: userGesture, limits: limits, now: now) }
    switch source {
    case nil: return nil
    case .popupGate?: return (.noUserGesture, .popupGate)
    case .sessionClosed?: return (.sessionClosed, .sessionClosed)
    case .popupRateLimit?: return (.rateLimit, .popupRateLimit)
    case let other?: return (.popupLimit, other)
    }
  }

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

  private nonisolated func refused(_ reason: BlockReason, action: PolicyAction, trace: PolicyDecision.Trace)
    -> PopupAdmission
  {
    PopupAdmission(outcome: .blocked(reason), child: nil, action: action, trace: trace)
  }
}
