extension Session {
  /// Answers `decidePolicyFor navigationAction` (WebKit's async form). Always returns, exactly once per call,
  /// whatever happens: a decider that throws, hangs or answers late, the session closing, the caller's task
  /// being cancelled, or the engine shutting down all end in a decision.
  public func decide(_ action: NavigationAction) async -> NavigationDecision {
    let policies = engine.decisionStarted()
    defer { engine.decisionEnded() }
    let decision: NavigationDecision
    if let policies, !Task.isCancelled {
      decision = await makeDecision(action, policy: policies.policy, shadow: policies.shadow)
    } else {
      decision = Self.interrupted(.cancelled, snapshot: policies?.policy.snapshot ?? engine.policy.snapshot)
    }
    engine.publish(decision.outcome, session: id, url: action.requestURL, decision: decision)
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

  private func makeDecision(_ action: NavigationAction, policy: CompiledPolicy, shadow: CompiledPolicy?) async
    -> NavigationDecision
  {
    let request: PolicyRequest
    do {
      request = try PolicyRequest(action)
    } catch {
      return NavigationDecision(outcome: .blocked(.invalidURL), action: .cancel, trace: policy.invalidURL(error).trace)
    }
    let isMainFrame = action.targetFrame?.isMainFrame == true
    switch tree.update({ $0.machine.beginDecision(in: key, address: request.address, isMainFrame: isMainFrame) }) {
    case .closed:
      return Self.interrupted(.sessionClosed, snapshot: policy.snapshot)
    case .engineStarted(var trace):
      trace.notes.append("a load the engine started; not judged again")
      return NavigationDecision(outcome: .allow, action: .allow, trace: trace)
    case .waitingForDecider(var trace):
      trace.source = .provisional
      trace.notes.append("the popup is still waiting for its decider; no other load until it answers")
      return NavigationDecision(outcome: .blocked(.policy), action: .cancel, trace: trace)
    case .ask(let question):
      return await confirmProvisional(question, action: action, request: request)
    case .evaluate(let context):
      let decision = policy.evaluate(request, in: context)
      engine.shadowEvaluate(
        request, in: context, live: decision, candidate: shadow, session: id, url: action.requestURL)
      let isFirstLoad = isMainFrame && context.isBlankPopup
      return await answer(decision, action: action, request: request, policy: policy, isFirstLoad: isFirstLoad)
    }
  }

  /// How an action answers `decidePolicyFor`: on an existing frame, or (target `nil`) the opener's check of a
  /// new-window link or form, which `createWebViewWith` follows when allowed. `isFirstLoad`: a popup's first
  /// load, which an `external` answer ends by closing the popup.
  private func answer(
    _ decision: PolicyDecision, action: NavigationAction, request: PolicyRequest, policy: CompiledPolicy,
    isFirstLoad: Bool
  ) async -> NavigationDecision {
    let newWindow = action.targetFrame == nil
    let trace = decision.trace
    switch decision.action {
    case .ask(let name):
      if newWindow, let refusal = popupRefusal(userGesture: action.isUserGesture, limits: policy.popups) {
        return NavigationDecision(outcome: .blocked(refusal.reason), action: decision.action, trace: trace)
      }
      switch await ask(name, trace: trace, action: action, request: request, policy: policy) {
      case .decided(let answered):
        return await answer(answered, action: action, request: request, policy: policy, isFirstLoad: isFirstLoad)
      case .interrupted(let reason, let trace):
        return NavigationDecision(outcome: .blocked(reason), action: .cancel, trace: trace)
      }
    case .allow, .popup:
      if newWindow {
        let approval = NewWindowApproval(
          address: request.address, action: decision.action, policy: policy, trace: trace)
        tree.update { $0.machine.approveNewWindow(approval, in: key) }
      }
      return NavigationDecision(outcome: .allow, action: decision.action, trace: trace)
    case .sameView:
      guard newWindow else { return NavigationDecision(outcome: .allow, action: .sameView, trace: trace) }
      return loadInstead(request.address, in: self, action: .sameView, trace: trace)
    case .external(let via):
      let answer = external(request.address, via: via, action: decision.action, trace: trace)
      guard isFirstLoad, case .openExternally = answer.outcome else { return answer }
      return closedAfterFirstLoad(answer, snapshot: policy.snapshot)
    case .finish(let destination):
      var trace = trace
      if isRoot {
        trace.notes.append("finish applies to popups; a root is never finished")
      } else if newWindow || action.targetFrame?.isMainFrame != true {
        trace.notes.append("finish applies to a popup's main-frame navigation; cancelled")
      } else {
        return finish(request.address, via: destination, action: decision.action, trace: trace)
      }
      return NavigationDecision(outcome: .blocked(.policy), action: decision.action, trace: trace)
    case .cancel:
      return NavigationDecision(outcome: .blocked(.policy), action: .cancel, trace: trace)
    case .download:
      return NavigationDecision(outcome: newWindow ? .blocked(.policy) : .download, action: .download, trace: trace)
    }
  }

  /// A `sameView` load of `address` in `target`, which the engine expects and will allow without judging.
  nonisolated func loadInstead(
    _ address: WebAddress, in target: Session, action: PolicyAction, closed: [SessionID] = [],
    trace: PolicyDecision.Trace
  ) -> NavigationDecision {
    guard target.tree.update({ $0.machine.expectLoad(of: address, trace: trace, in: target.key) }) else {
      return NavigationDecision(
        outcome: .blocked(.sessionClosed), action: action, closedSessions: closed, trace: trace)
    }
    return NavigationDecision(
      outcome: .loadInstead(url: address.serialized, in: target.id), action: action, closedSessions: closed,
      trace: trace)
  }

  /// Opening `address` outside the app; an `about:` URL never leaves the app (it means nothing there).
  nonisolated func external(
    _ address: WebAddress, via: ExternalApp, action: PolicyAction, closed: [SessionID] = [],
    trace: PolicyDecision.Trace
  ) -> NavigationDecision {
    guard address.scheme != "about" else {
      var trace = trace
      trace.notes.append("an about: URL is never opened outside the app")
      return NavigationDecision(outcome: .blocked(.policy), action: action, closedSessions: closed, trace: trace)
    }
    return NavigationDecision(
      outcome: .openExternally(url: address.serialized, via: via), action: action, closedSessions: closed,
      trace: trace)
  }

  static func interrupted(_ reason: BlockReason, snapshot: UInt64) -> NavigationDecision {
    let source: PolicyDecision.Source = reason == .sessionClosed ? .sessionClosed : .cancelled
    return NavigationDecision(
      outcome: .blocked(reason), action: .cancel, trace: .init(source: source, snapshot: snapshot))
  }
}
