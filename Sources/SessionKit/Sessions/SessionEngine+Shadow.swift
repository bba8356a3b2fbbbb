extension SessionEngine {
  /// Shadows the live policy with a candidate: every decision the live policy makes from now on is evaluated
  /// under `candidate` too, and a ``SessionEvent/shadowDisagreement(session:url:live:candidate:)`` is emitted
  /// when the two differ (another deciding rule or another action). The live answers never change. `nil` stops
  /// shadowing.
  ///
  /// Only decisions the policy makes are shadowed: the engine's own checks (popup limits, the gesture gate,
  /// loads the engine started, invalid URLs) and deciders' answers are the same under any policy's rules.
  @_optimize(size)
  public func shadow(_ candidate: CompiledPolicy?) {
    install { EnginePolicies(generation: $0, policy: $1.policy, shadow: candidate) }
  }

  /// The candidate being shadowed, if any.
  package var shadowPolicy: CompiledPolicy? { state.withLock { $0.shadow } }

  /// Evaluates `request` under `candidate` (the shadow read with the live policy), if any, and reports a
  /// disagreement with `live`.
  func shadowEvaluate(
    _ request: PolicyRequest, in context: PolicyContext, live: PolicyDecision, candidate: CompiledPolicy?,
    session: SessionID, url: String
  ) {
    guard let candidate else { return }
    let shadowed = candidate.evaluate(request, in: context)
    guard shadowed.action != live.action || shadowed.trace.source.name != live.trace.source.name else { return }
    emit(.shadowDisagreement(session: session, url: url, live: live, candidate: shadowed))
  }
}
