/// The engine's answer to one `decidePolicyFor navigationAction` callback.
public struct NavigationDecision: Sendable, Hashable, CustomStringConvertible {
  /// The answer to give WebKit's decision handler.
  public var policy: NavigationActionPolicy
  /// The policy action that was applied (after any decider), e.g. `.external(.safari)`.
  public var action: PolicyAction
  /// What the app must do besides answering.
  public var effect: NavigationEffect
  /// Why the navigation stops, when `policy` is `.cancel` and nothing happens in its place.
  public var blockedReason: BlockReason?
  /// Sessions closed by this decision (a provisional popup whose decider refused it), in close order.
  public var closedSessions: [SessionID]
  /// Which rule decided and why.
  public var trace: PolicyDecision.Trace

  /// Creates a decision.
  public init(
    policy: NavigationActionPolicy, action: PolicyAction, effect: NavigationEffect = .none,
    blockedReason: BlockReason? = nil, closedSessions: [SessionID] = [], trace: PolicyDecision.Trace
  ) {
    self.policy = policy
    self.action = action
    self.effect = effect
    self.blockedReason = blockedReason
    self.closedSessions = closedSessions
    self.trace = trace
  }

  /// `allow by RULE`, with the effect when there is one.
  public var description: String {
    var text = "\(policy) by \(trace.rule)"
    if case .openExternally(let url, let via) = effect { text += ", open \(url) in \(via.rawValue)" }
    if case .load(let url, let session) = effect { text += ", load \(url) in \(session)" }
    if let blockedReason { text += " (blocked: \(blockedReason.rawValue))" }
    return text
  }
}
