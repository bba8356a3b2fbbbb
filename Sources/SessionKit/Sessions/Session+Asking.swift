extension Session {
  enum AskResult {
    case decided(PolicyDecision)
    case interrupted(BlockReason, PolicyDecision.Trace)
  }

  /// Puts the question to the named decider, bounded by the policy's timeout on the engine's clock; maps its
  /// outcome to an action (the `onTimeout` fallback on timeout, error or an `ask` answer).
  func ask(
    _ name: String, trace: PolicyDecision.Trace, action: NavigationAction, request: PolicyRequest,
    policy: CompiledPolicy
  ) async -> AskResult {
    let race = DeciderRace()
    let owner = SessionKey(tree: tree.identity, node: key)
    engine.register(race, owner: owner, isClosed: isClosed)
    defer { engine.unregister(race) }
    // The request's gesture: the first load of a popup opened blank carries the gesture that opened it.
    var action = action
    action.isUserGesture = request.isUserGesture
    let question = DeciderRequest(session: id, action: action, address: request.address, trace: trace)
    var outcome = await race.run(
      engine.decider(named: name), name: name, request: question, timeout: policy.deciders.timeout, engine: engine)
    // `shutdown()` sets its flag, then interrupts the races: an answer (or a timeout) can land in between and win
    // its race. The flag wins instead, as `shutdown()` promises every decision under way ends with `cancel`.
    if case .interrupted = outcome {
    } else if engine.isShutDown {
      outcome = .interrupted(.cancelled)
    }
    var trace = trace
    let fallback = policy.deciders.onTimeout
    let answer: PolicyAction
    switch outcome {
    case .answered(.ask(let other)):
      trace.notes.append("decider \(JSONValue.quoted(name)) answered ask \(JSONValue.quoted(other)); onTimeout applied")
      answer = fallback
    case .answered(let action):
      trace.notes.append("decider \(JSONValue.quoted(name)) answered \(action)")
      answer = action
    case .failed(let problem):
      trace.notes.append("\(problem); onTimeout applied")
      answer = fallback
    case .timedOut:
      trace.notes.append(
        "decider \(JSONValue.quoted(name)) did not answer within \(policy.deciders.timeoutMilliseconds) ms; "
          + "onTimeout applied")
      answer = fallback
    case .interrupted(let reason):
      trace.notes.append("interrupted while asking \(JSONValue.quoted(name)): \(reason.rawValue)")
      trace.source = reason == .sessionClosed ? .sessionClosed : .cancelled
      return .interrupted(reason, trace)
    }
    return .decided(policy.resolved(answer, trace: trace, address: request.address))
  }

  /// A provisional popup's first load: ask its decider; its answer settles the popup
  /// (``settleFirstLoad(_:address:policy:isProvisional:)``).
  func confirmProvisional(
    _ question: ProvisionalQuestion, action: NavigationAction, request: PolicyRequest
  ) async -> NavigationDecision {
    let policy = question.policy
    switch await ask(question.decider, trace: question.trace, action: action, request: request, policy: policy) {
    case .interrupted(let reason, let trace):
      let closed = tree.close(key, reason: reason == .sessionClosed ? .openerClosed : .teardown)
      return NavigationDecision(outcome: .blocked(reason), action: .cancel, closedSessions: closed, trace: trace)
    case .decided(let decision):
      return settleFirstLoad(decision, address: request.address, policy: policy, isProvisional: true)
    }
  }

  /// What the answer to a first load that decides the popup's fate makes of it: a provisional popup's (its
  /// decider's answer) or a popup opened blank's first load of a real URL (DESIGN §9.2). `popup` keeps the popup
  /// with that presentation, `allow` with `popups.presentation` (a provisional popup is announced then); anything
  /// else closes the popup and its subtree and is applied as it would be to the new-window request: `external`
  /// opens the URL outside, `sameView` loads it in the opener, `cancel`, `download` and `finish` load nothing
  /// (``BlockReason/policy``).
  func settleFirstLoad(
    _ decision: PolicyDecision, address: WebAddress, policy: CompiledPolicy, isProvisional: Bool
  ) -> NavigationDecision {
    let trace = decision.trace
    switch decision.action {
    case .allow, .popup:
      let presentation: PopupPresentation
      if case .popup(let chosen) = decision.action {
        presentation = chosen
      } else {
        presentation = policy.popups.presentation
      }
      return keep(presentation: presentation, address: address, policy: policy, isProvisional: isProvisional)
        ?? NavigationDecision(outcome: .allow, action: decision.action, trace: trace)
    case .external(let via):
      let closed = tree.close(key, reason: isProvisional ? .refused : .openedExternally)
      // Dismissed meanwhile: the user closed it first, so nothing is opened in its place.
      guard !closed.isEmpty else { return Self.interrupted(.sessionClosed, snapshot: policy.snapshot) }
      return external(address, via: via, action: decision.action, closed: closed, trace: trace)
    case .sameView:
      let opener = opener
      let closed = tree.close(key, reason: .refused)
      guard !closed.isEmpty else { return Self.interrupted(.sessionClosed, snapshot: policy.snapshot) }
      guard let opener else {
        return NavigationDecision(
          outcome: .blocked(.sessionClosed), action: .sameView, closedSessions: closed, trace: trace)
      }
      return loadInstead(address, in: opener, action: .sameView, closed: closed, trace: trace)
    case .cancel, .download, .ask, .finish:
      // `finish` answering a first load that stands for a new-window request finishes nothing: as `cancel`.
      let closed = tree.close(key, reason: .refused)
      return NavigationDecision(
        outcome: .blocked(.policy), action: decision.action, closedSessions: closed, trace: trace)
    }
  }

  /// Keeps a popup whose first load settled it: a provisional popup is announced, a popup opened blank (announced
  /// when it opened) gets its presentation. `nil` when it is kept, the decision to return when it closed
  /// meanwhile.
  private func keep(
    presentation: PopupPresentation, address: WebAddress, policy: CompiledPolicy, isProvisional: Bool
  ) -> NavigationDecision? {
    let url = address.serialized
    let kept = tree.update { storage in
      isProvisional
        ? storage.machine.confirmProvisional(key, presentation: presentation, url: url)
        : storage.machine.keepOpenedBlank(key, presentation: presentation)
    }
    return kept ? nil : Self.interrupted(.sessionClosed, snapshot: policy.snapshot)
  }
}
