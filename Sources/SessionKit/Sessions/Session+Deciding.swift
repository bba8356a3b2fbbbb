extension Session {
  /// Answers `decidePolicyFor navigationAction` (WebKit's async form). Always returns, exactly once per call,
  /// whatever happens: a decider that throws, hangs or answers late, the session closing, the caller's task
  /// being cancelled, or the engine shutting down all end in a decision.
  public func decide(_ action: NavigationAction) async -> NavigationDecision {
    // No engine lock on this path: the gate counts the decision and gives the shutdown flag and the policy
    // generation in one atomic step; the snapshot is this session's cached one unless the generation moved.
    let stripe = DecisionGate.stripe(of: self)
    let entry = engine.decisionStarted(stripe: stripe)
    // Synchronous unless a decider must be asked: the answer is built in place as the return value, and a
    // question for a decider is set beside it only when one must be asked.
    var question: Question?
    let decision = decideNow(action, entry: entry, stripe: stripe, question: &question)
    // No await between the answer and its return unless a decider is asked.
    guard let question else { return decision }
    return await askThenEnd(question, action: action, stripe: stripe)
  }

  /// ``decide(_:)`` once a decider must be asked: asks, then ends the decision. Named apart from
  /// ``decideAsking(_:action:)``, which does not end it and calls itself.
  @inline(never)
  private func askThenEnd(_ question: Question, action: NavigationAction, stripe: UInt64) async
    -> NavigationDecision
  {
    let decision = await decideAsking(question, action: action)
    ended(decision, action: action, stripe: stripe)
    return decision
  }

  /// A decision's end: published when anyone listens, then no longer counted by the gate.
  @inline(__always)
  private func ended(_ decision: borrowing NavigationDecision, action: NavigationAction, stripe: UInt64) {
    if engine.publishesDecisions { publish(decision, action: action) }
    engine.decisionEnded(stripe: stripe)
  }

  /// Publishes a decision: apart, so that building its events does not enlarge every decision's frame.
  @inline(never)
  private func publish(_ decision: borrowing NavigationDecision, action: NavigationAction) {
    engine.publish(decision.outcome, session: id, url: action.requestURL, decision: copy decision)
  }

  /// Answers `decidePolicyFor navigationAction` for completion-handler callers (Objective-C style): the handler
  /// is called exactly once, possibly on another thread.
  package nonisolated func decide(
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

  /// The synchronous part of a decision: `cancelled` after a shutdown or for a cancelled task, else decided with
  /// the cached snapshot (lent rather than retained, see `CachedPolicies`), refreshed first if the generation
  /// moved, and ended (``ended(_:action:stripe:)``); when a decider must be asked, `question` is set, the return
  /// value is a placeholder and the decision is not ended yet. Inlined into its one caller, which returns the
  /// answer where it was built.
  @inline(__always)
  private func decideNow(
    _ action: NavigationAction, entry: DecisionGate.Entry, stripe: UInt64, question: inout Question?
  ) -> NavigationDecision {
    if entry.isShutDown {
      let decision = Self.interrupted(.cancelled, snapshot: engine.policy.snapshot)
      ended(decision, action: action, stripe: stripe)
      return decision
    }
    // After a refresh the cache holds the new snapshot, so it is lent the same way.
    let lent = policies.lent(at: entry.generation) ?? Unmanaged.passUnretained(refreshPolicies())
    // The snapshot is opened in small closures where it is read, not one around the whole decision: such a
    // closure is not inlined, and an answer built inside it would be moved out of it.
    let decision =
      Task.isCancelled
      ? Self.interrupted(.cancelled, snapshot: CachedPolicies.withLent(lent) { $0.policy.snapshot })
      : decideWithoutWaiting(action, lent: lent, question: &question)
    // Ended before it is returned, unless a decider must be asked first (`askThenEnd` ends it then).
    if question == nil { ended(decision, action: action, stripe: stripe) }
    return decision
  }

  /// Which first load a navigation is, for how its answer applies.
  enum FirstLoad {
    /// Not a popup's first load.
    case none
    /// A popup's first load: an `external` answer closes the popup, which would stay blank.
    case popup
    /// The first load of a real URL in a popup opened blank (``PolicyContext/standsForNewWindow(_:)``), judged as
    /// the new-window request the popup stands for: the answer decides whether the popup stays, and how it is
    /// presented (``answerOpenedBlank(_:action:trace:request:policy:question:)``).
    case openedBlank
  }

  /// A decider to ask before a decision can be answered (rare: allocated only then).
  private final class Question {
    enum Kind {
      /// A provisional popup's first load: its decider must be asked.
      case provisional(ProvisionalQuestion)
      /// The policy said `ask`: the named decider must be asked (the trace of the rule that asked).
      case ask(String, PolicyDecision.Trace, CompiledPolicy, firstLoad: FirstLoad)
    }

    let kind: Kind
    let request: PolicyRequest

    init(_ kind: Kind, request: PolicyRequest) {
      self.kind = kind
      self.request = request
    }
  }

  /// Everything up to the first await: parse, begin the decision in the tree (its one lock), evaluate, answer.
  /// Inlined into its one caller: one call, and one move of the decision, fewer. It must stay synchronous and
  /// must not store into `policies`: the snapshot and policy are lent unretained (see `CachedPolicies`), alive
  /// only through the cache's reference, which nothing replaces while the actor does not suspend between lends.
  @inline(__always)
  private func decideWithoutWaiting(
    _ action: NavigationAction, lent: Unmanaged<EnginePolicies>, question: inout Question?
  ) -> NavigationDecision {
    let policy = CachedPolicies.withLent(lent) { Unmanaged.passUnretained($0.policy) }
    var request: PolicyRequest
    do {
      request = try PolicyRequest(action)
    } catch {
      let trace = CachedPolicies.withLent(policy) { $0.invalidURL(error).trace }
      return NavigationDecision(outcome: .blocked(.invalidURL), action: .cancel, trace: trace)
    }
    let isMainFrame = request.target == .mainFrame
    switch tree.beginDecision(in: key, address: request.address, isMainFrame: isMainFrame) {
    case .closed:
      return Self.interrupted(.sessionClosed, snapshot: CachedPolicies.withLent(policy) { $0.snapshot })
    case .engineStarted(var trace):
      trace.notes.append("a load the engine started; not judged again")
      return NavigationDecision(outcome: .allow, action: .allow, trace: trace)
    case .waitingForDecider(var trace):
      trace.source = .provisional
      trace.notes.append("the popup is still waiting for its decider; no other load until it answers")
      return NavigationDecision(outcome: .blocked(.policy), action: .cancel, trace: trace)
    case .ask(let provisional):
      question = Question(.provisional(provisional), request: request)
      return Self.interrupted(.cancelled, snapshot: CachedPolicies.withLent(policy) { $0.snapshot })
    case .evaluate(let context):
      let decision = CachedPolicies.withLent(policy) { $0.evaluate(request, in: context) }
      if CachedPolicies.withLent(lent, { $0.shadow != nil }) {
        // Only with a shadow policy: the session's id lies in a cache line a decision otherwise leaves alone.
        shadowEvaluate(request, in: context, live: decision, lent: lent, url: action.requestURL)
      }
      let firstLoad: FirstLoad
      if isMainFrame && context.standsForNewWindow(request) {
        // Evaluated with the gesture of the request that opened the popup; a decider sees it too.
        request.isUserGesture = request.isUserGesture || context.openingGesture
        firstLoad = .openedBlank
      } else {
        firstLoad = isMainFrame && context.isBlankPopup ? .popup : .none
      }
      return answer(
        decision, action: action, request: request, policy: policy, firstLoad: firstLoad, question: &question)
    }
  }

  /// ``SessionEngine/shadowEvaluate(_:in:live:candidate:session:url:)`` with the lent snapshot's shadow: apart,
  /// so that a decision without a shadow does not set the live decision aside for it.
  @inline(never)
  private func shadowEvaluate(
    _ request: PolicyRequest, in context: PolicyContext, live: borrowing PolicyDecision,
    lent: Unmanaged<EnginePolicies>, url: String
  ) {
    let shadow = CachedPolicies.withLent(lent) { $0.shadow }
    engine.shadowEvaluate(request, in: context, live: copy live, candidate: shadow, session: id, url: url)
  }

  /// The part of a decision that waits for a decider.
  private func decideAsking(_ question: Question, action: NavigationAction) async -> NavigationDecision {
    let request = question.request
    switch question.kind {
    case .provisional(let provisional):
      return await confirmProvisional(provisional, action: action, request: request)
    case .ask(let name, let trace, let policy, let firstLoad):
      switch await ask(name, trace: trace, action: action, request: request, policy: policy) {
      case .decided(let answered):
        var next: Question?
        // The question holds the policy while it is lent.
        let decision = answer(
          answered, action: action, request: request, policy: Unmanaged.passUnretained(policy),
          firstLoad: firstLoad, question: &next)
        guard let next else { return decision }
        return await decideAsking(next, action: action)
      case .interrupted(let reason, let trace):
        return NavigationDecision(outcome: .blocked(reason), action: .cancel, trace: trace)
      }
    }
  }

  /// How an action answers `decidePolicyFor`: on an existing frame, or (target `nil`) the opener's check of a
  /// new-window link or form, which `createWebViewWith` follows when allowed. `firstLoad`: whether it is a popup's
  /// first load, which an `external` answer ends by closing the popup, or the first load of a popup opened blank,
  /// whose answer decides whether the popup stays. An `ask` is left to ``decideAsking(_:action:)``: `question` is
  /// set, and the return value is a placeholder.
  ///
  /// Inlined: the commonest answer, `allow` on an existing frame, is built here without a call; every other one
  /// by ``answerInFull(_:action:request:policy:firstLoad:question:)``, whose `.allow` case gives the same.
  @inline(__always)
  private func answer(
    _ decision: consuming PolicyDecision, action: NavigationAction, request: PolicyRequest,
    policy: Unmanaged<CompiledPolicy>, firstLoad: FirstLoad, question: inout Question?
  ) -> NavigationDecision {
    if case .allow = decision.action, request.target != .newWindow, firstLoad != .openedBlank {
      return NavigationDecision(outcome: .allow, action: .allow, trace: decision.takeTrace())
    }
    return answerInFull(
      decision, action: action, request: request, policy: policy, firstLoad: firstLoad, question: &question)
  }

  /// ``answer(_:action:request:policy:firstLoad:question:)`` for every action. The policy is lent (see
  /// ``CachedPolicies``) and retained only where an answer keeps it. It must stay synchronous and must not store
  /// into `policies`: the policy is lent unretained, alive only through the cache's (or the question's) reference,
  /// which nothing replaces while the actor does not suspend between lends.
  @inline(never)
  private func answerInFull(
    _ decision: consuming PolicyDecision, action: NavigationAction, request: PolicyRequest,
    policy: Unmanaged<CompiledPolicy>, firstLoad: FirstLoad, question: inout Question?
  ) -> NavigationDecision {
    // The request's target, not `action.targetFrame == nil`: comparing the optional with `nil` copies the frame
    // (and retains its strings) on every decision.
    let newWindow = request.target == .newWindow
    // The trace moved out rather than copied (a retain per string and array) before the decision is destroyed.
    let chosen = decision.action
    let trace = decision.takeTrace()
    if firstLoad == .openedBlank {
      return answerOpenedBlank(
        chosen, action: action, trace: trace, request: request, policy: policy, question: &question)
    }
    switch chosen {
    case .ask where newWindow && PopupTreeState.matchesAboutBlank(request.address):
      // No decider is asked about about:blank: the window opens, and its first load of a real URL is judged as
      // this request (DESIGN §9.2).
      var trace = trace
      trace.notes.append(Self.blankAskNote)
      let approval = NewWindowApproval(
        address: request.address, action: chosen, policy: policy.takeUnretainedValue(), trace: trace)
      tree.update { $0.machine.approveNewWindow(approval, in: key) }
      return NavigationDecision(outcome: .allow, action: chosen, trace: trace)
    case .ask(let name):
      let limits = CachedPolicies.withLent(policy) { $0.popups }
      if newWindow, let refusal = popupRefusal(userGesture: action.isUserGesture, limits: limits) {
        return NavigationDecision(outcome: .blocked(refusal.reason), action: chosen, trace: trace)
      }
      question = Question(.ask(name, trace, policy.takeUnretainedValue(), firstLoad: firstLoad), request: request)
      return Self.interrupted(.cancelled, snapshot: CachedPolicies.withLent(policy) { $0.snapshot })
    case .allow, .popup:
      if newWindow {
        let approval = NewWindowApproval(
          address: request.address, action: chosen, policy: policy.takeUnretainedValue(), trace: trace)
        tree.update { $0.machine.approveNewWindow(approval, in: key) }
      }
      return NavigationDecision(outcome: .allow, action: chosen, trace: trace)
    case .external where request.isAutomaticSubframeLoad, .finish where request.isAutomaticSubframeLoad:
      return Self.keptInPage(chosen, trace: trace)
    case .sameView:
      guard newWindow else { return NavigationDecision(outcome: .allow, action: .sameView, trace: trace) }
      return loadInstead(request.address, in: self, action: .sameView, trace: trace)
    case .external(let via):
      let answer = external(request.address, via: via, action: chosen, trace: trace)
      guard firstLoad == .popup, case .openExternally = answer.outcome else { return answer }
      return closedAfterFirstLoad(answer, snapshot: CachedPolicies.withLent(policy) { $0.snapshot })
    case .finish(let destination):
      var trace = trace
      if isRoot {
        trace.notes.append("finish applies to popups; a root is never finished")
      } else if request.target != .mainFrame {
        trace.notes.append("finish applies to a popup's main-frame navigation; cancelled")
      } else {
        return finish(request.address, via: destination, action: chosen, trace: trace)
      }
      return NavigationDecision(outcome: .blocked(.policy), action: chosen, trace: trace)
    case .cancel:
      return NavigationDecision(outcome: .blocked(.policy), action: .cancel, trace: trace)
    case .download:
      return NavigationDecision(outcome: newWindow ? .blocked(.policy) : .download, action: .download, trace: trace)
    }
  }

  /// The answer to the first load of a real URL in a popup opened blank, judged as the new-window request the
  /// popup stands for (DESIGN §9.2): `popup` keeps the popup with that presentation, `allow` with
  /// `popups.presentation`, `ask` asks the decider about the URL and maps its answer so; anything else closes the
  /// popup and its subtree, as a refused new-window request would have opened nothing (``settleFirstLoad(_:address:policy:isProvisional:)``).
  /// The popup was shown when it opened; a kept popup is presented anew when its presentation changed.
  @_optimize(size)
  private func answerOpenedBlank(
    _ chosen: PolicyAction, action: NavigationAction, trace: PolicyDecision.Trace, request: PolicyRequest,
    policy: Unmanaged<CompiledPolicy>, question: inout Question?
  ) -> NavigationDecision {
    if case .ask(let name) = chosen {
      question = Question(.ask(name, trace, policy.takeUnretainedValue(), firstLoad: .openedBlank), request: request)
      return Self.interrupted(.cancelled, snapshot: CachedPolicies.withLent(policy) { $0.snapshot })
    }
    let decision = PolicyDecision(action: chosen, trace: trace)
    return settleFirstLoad(
      decision, address: request.address, policy: policy.takeUnretainedValue(), isProvisional: false)
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
    guard !address.schemeIsAbout else {
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
