extension Session {
  /// Answers `decidePolicyFor navigationAction` (WebKit's async form). Always returns, exactly once per call,
  /// whatever happens: a decider that throws, hangs or answers late, the session closing, the caller's task
  /// being cancelled, or the engine shutting down all end in a decision.
  public func decide(_ action: NavigationAction) async -> NavigationDecision {
    // No engine lock on this path: the gate counts the decision and gives the shutdown flag and the policy
    // generation in one atomic step; the snapshot is this session's cached one unless the generation moved.
    let stripe = DecisionGate.stripe(of: self)
    let entry = engine.decisionStarted(stripe: stripe)
    let decision: NavigationDecision
    if entry.isShutDown {
      decision = Self.interrupted(.cancelled, snapshot: engine.policy.snapshot)
    } else {
      // The cached snapshot, lent rather than retained (see `CachedPolicies`); refreshed when the generation
      // moved. Synchronous unless a decider must be asked: no async frame on the common path.
      // Switched on directly: a `let step` bound first would be copied out of (a retain per string and array of
      // the decision) and then destroyed.
      switch decideNow(action, generation: entry.generation) {
      case .decided(let answer): decision = answer
      case let pending: decision = await decideAsking(pending, action: action)
      }
    }
    if engine.publishesDecisions {
      engine.publish(decision.outcome, session: id, url: action.requestURL, decision: decision)
    }
    engine.decisionEnded(stripe: stripe)
    return decision
  }

  /// Answers `decidePolicyFor navigationAction` for completion-handler callers (Objective-C style): the handler
  /// is called exactly once, possibly on another thread.
  public nonisolated func decide(
    _ action: NavigationAction, completionHandler: @escaping @Sendable (NavigationDecision) -> Void
  ) {
    let fallback = Self.interrupted(.cancelled, snapshot: engine.policy.snapshot)
    let delivery = DecisionDelivery(completionHandler, fallback: fallback)
    if engine.spawn({ [self] in delivery.deliver(await decide(action)) }) == nil {
      delivery.deliver(fallback)
    }
  }

  /// The engine's current policy snapshot, read under its lock and cached; a decision calls it when the gate
  /// showed a generation other than the cached snapshot's.
  ///
  /// Linearizable: the gate's generation advances (under the engine's lock) only after the new snapshot is
  /// installed, and the read-modify-write that entered the decision returned the latest generation, so a cache
  /// of that generation holds the latest snapshot; a refresh under the lock sees that snapshot or a newer one.
  private func refreshPolicies() -> EnginePolicies {
    let current = engine.currentPolicies()
    policies.store(current)
    return current
  }

  /// The synchronous part of a decision with the cached snapshot, refreshed first if the generation moved.
  private func decideNow(_ action: NavigationAction, generation: UInt64) -> Step {
    policies.withCurrent(at: generation) { decideIfNotCancelled(action, policies: $0) }
      ?? decideIfNotCancelled(action, policies: refreshPolicies())
  }

  /// The synchronous part of a decision, unless the calling task is cancelled.
  private func decideIfNotCancelled(_ action: NavigationAction, policies: EnginePolicies) -> Step {
    if Task.isCancelled { return .decided(Self.interrupted(.cancelled, snapshot: policies.policy.snapshot)) }
    return decideWithoutWaiting(action, policies: policies)
  }

  /// Where a decision stands after its synchronous part.
  private enum Step {
    /// Decided.
    case decided(NavigationDecision)
    /// A provisional popup's first load: its decider must be asked.
    case provisional(ProvisionalQuestion, PolicyRequest)
    /// The policy said `ask`: the named decider must be asked (the trace of the rule that asked).
    case ask(String, PolicyDecision.Trace, PolicyRequest, CompiledPolicy, isFirstLoad: Bool)
  }

  /// Everything up to the first await: parse, begin the decision in the tree (its one lock), evaluate, answer.
  private func decideWithoutWaiting(_ action: NavigationAction, policies: EnginePolicies) -> Step {
    let policy = policies.policy
    let request: PolicyRequest
    do {
      request = try PolicyRequest(action)
    } catch {
      return .decided(
        NavigationDecision(outcome: .blocked(.invalidURL), action: .cancel, trace: policy.invalidURL(error).trace))
    }
    let isMainFrame = request.target == .mainFrame
    switch tree.beginDecision(in: key, address: request.address, isMainFrame: isMainFrame) {
    case .closed:
      return .decided(Self.interrupted(.sessionClosed, snapshot: policy.snapshot))
    case .engineStarted(var trace):
      trace.notes.append("a load the engine started; not judged again")
      return .decided(NavigationDecision(outcome: .allow, action: .allow, trace: trace))
    case .waitingForDecider(var trace):
      trace.source = .provisional
      trace.notes.append("the popup is still waiting for its decider; no other load until it answers")
      return .decided(NavigationDecision(outcome: .blocked(.policy), action: .cancel, trace: trace))
    case .ask(let question):
      return .provisional(question, request)
    case .evaluate(let context):
      let decision = policy.evaluate(request, in: context)
      if let shadow = policies.shadow {
        // Only with a shadow policy: the session's id lies in a cache line a decision otherwise leaves alone.
        engine.shadowEvaluate(
          request, in: context, live: decision, candidate: shadow, session: id, url: action.requestURL)
      }
      let isFirstLoad = isMainFrame && context.isBlankPopup
      return answer(decision, action: action, request: request, policy: policy, isFirstLoad: isFirstLoad)
    }
  }

  /// The part of a decision that waits for a decider.
  private func decideAsking(_ step: Step, action: NavigationAction) async -> NavigationDecision {
    switch step {
    case .decided(let decision):
      return decision
    case .provisional(let question, let request):
      return await confirmProvisional(question, action: action, request: request)
    case .ask(let name, let trace, let request, let policy, let isFirstLoad):
      switch await ask(name, trace: trace, action: action, request: request, policy: policy) {
      case .decided(let answered):
        let next = answer(answered, action: action, request: request, policy: policy, isFirstLoad: isFirstLoad)
        return await decideAsking(next, action: action)
      case .interrupted(let reason, let trace):
        return NavigationDecision(outcome: .blocked(reason), action: .cancel, trace: trace)
      }
    }
  }

  /// How an action answers `decidePolicyFor`: on an existing frame, or (target `nil`) the opener's check of a
  /// new-window link or form, which `createWebViewWith` follows when allowed. `isFirstLoad`: a popup's first
  /// load, which an `external` answer ends by closing the popup. An `ask` is left to ``decideAsking(_:action:)``.
  private func answer(
    _ decision: PolicyDecision, action: NavigationAction, request: PolicyRequest, policy: CompiledPolicy,
    isFirstLoad: Bool
  ) -> Step {
    // The request's target, not `action.targetFrame == nil`: comparing the optional with `nil` copies the frame
    // (and retains its strings) on every decision.
    let newWindow = request.target == .newWindow
    let trace = decision.trace
    switch decision.action {
    case .ask(let name):
      if newWindow, let refusal = popupRefusal(userGesture: action.isUserGesture, limits: policy.popups) {
        return .decided(NavigationDecision(outcome: .blocked(refusal.reason), action: decision.action, trace: trace))
      }
      return .ask(name, trace, request, policy, isFirstLoad: isFirstLoad)
    case .allow, .popup:
      if newWindow {
        let approval = NewWindowApproval(
          address: request.address, action: decision.action, policy: policy, trace: trace)
        tree.update { $0.machine.approveNewWindow(approval, in: key) }
      }
      return .decided(NavigationDecision(outcome: .allow, action: decision.action, trace: trace))
    case .external where request.isAutomaticSubframeLoad, .finish where request.isAutomaticSubframeLoad:
      return .decided(Self.keptInPage(decision.action, trace: trace))
    case .sameView:
      guard newWindow else { return .decided(NavigationDecision(outcome: .allow, action: .sameView, trace: trace)) }
      return .decided(loadInstead(request.address, in: self, action: .sameView, trace: trace))
    case .external(let via):
      let answer = external(request.address, via: via, action: decision.action, trace: trace)
      guard isFirstLoad, case .openExternally = answer.outcome else { return .decided(answer) }
      return .decided(closedAfterFirstLoad(answer, snapshot: policy.snapshot))
    case .finish(let destination):
      var trace = trace
      if isRoot {
        trace.notes.append("finish applies to popups; a root is never finished")
      } else if request.target != .mainFrame {
        trace.notes.append("finish applies to a popup's main-frame navigation; cancelled")
      } else {
        return .decided(finish(request.address, via: destination, action: decision.action, trace: trace))
      }
      return .decided(NavigationDecision(outcome: .blocked(.policy), action: decision.action, trace: trace))
    case .cancel:
      return .decided(NavigationDecision(outcome: .blocked(.policy), action: .cancel, trace: trace))
    case .download:
      return .decided(
        NavigationDecision(outcome: newWindow ? .blocked(.policy) : .download, action: .download, trace: trace))
    }
  }

  /// A `sameView` load of `address` in `target`, which the engine expects and will allow without judging;
  /// ``NavigationOutcome/blocked(_:)`` instead when it cannot expect it (``expected(_:in:action:closed:trace:)``),
  /// so that no caller loads what the engine would then judge or cancel.
  nonisolated func loadInstead(
    _ address: WebAddress, in target: Session, action: PolicyAction,
    closed: [SessionID] = [], trace: PolicyDecision.Trace
  ) -> NavigationDecision {
    let expectation = target.tree.update { $0.machine.expectLoad(of: address, trace: trace, in: target.key) }
    if let refusal = Self.refusal(expectation, in: target, action: action, closed: closed, trace: trace) {
      return refusal
    }
    return NavigationDecision(
      outcome: .loadInstead(url: address.serialized, in: target.id), action: action,
      closedSessions: closed,
      trace: trace)
  }

  /// The decision to return when `target` could not expect an engine-started load, `nil` when it did: closed,
  /// ``BlockReason/sessionClosed``; waiting for its decider, ``BlockReason/policy`` by
  /// ``PolicyDecision/Source/provisional``; a popup whose first load has not begun, ``BlockReason/policy`` by
  /// ``PolicyDecision/Source/pendingLoad``.
  nonisolated static func refusal(
    _ expectation: PopupTreeState.LoadExpectation, in target: Session, action: PolicyAction, closed: [SessionID],
    trace: PolicyDecision.Trace
  ) -> NavigationDecision? {
    var trace = trace
    switch expectation {
    case .expected:
      return nil
    case .sessionClosed:
      return NavigationDecision(outcome: .blocked(.sessionClosed), action: action, closedSessions: closed, trace: trace)
    case .provisional:
      trace.source = .provisional
      trace.notes.append("\(target.id) is still waiting for its decider; no other load until it answers")
    case .anotherLoadPending:
      trace.source = .pendingLoad
      trace.notes.append("\(target.id) has not begun its first load, which the engine started; it is not replaced")
    }
    return NavigationDecision(outcome: .blocked(.policy), action: action, closedSessions: closed, trace: trace)
  }

  /// Opening `address` outside the app; an `about:` URL never leaves the app (it means nothing there).
  nonisolated func external(
    _ address: WebAddress, via: ExternalApp, action: PolicyAction,
    closed: [SessionID] = [], trace: PolicyDecision.Trace
  ) -> NavigationDecision {
    guard !address.schemeIs("about") else {
      var trace = trace
      trace.notes.append("an about: URL is never opened outside the app")
      return NavigationDecision(outcome: .blocked(.policy), action: action, closedSessions: closed, trace: trace)
    }
    return NavigationDecision(
      outcome: .openExternally(url: address.serialized, via: via), action: action,
      closedSessions: closed,
      trace: trace)
  }

  static func interrupted(_ reason: BlockReason, snapshot: UInt64) -> NavigationDecision {
    let source: PolicyDecision.Source = reason == .sessionClosed ? .sessionClosed : .cancelled
    return NavigationDecision(
      outcome: .blocked(reason), action: .cancel, trace: .init(source: source, snapshot: snapshot))
  }
}
