/// The engine's answer to one `decidePolicyFor navigationAction` callback.
/// Apps read it in ``SessionEvent/navigationDecided(session:url:decision:)``; the WebKit adapter answers WebKit from
/// it.
public struct NavigationDecision: Sendable, Hashable, CustomStringConvertible {
  /// What the decision amounts to; WebKit's answer is `policy`.
  public var outcome: NavigationOutcome
  /// The policy action that was applied (after any decider), e.g. `.external(.safari)`.
  public var action: PolicyAction
  /// Sessions closed by this decision (a provisional popup whose decider refused it, a popup whose first load
  /// was opened outside, a finished popup), in close order.
  package var closedSessions: [SessionID]
  /// Which rule decided and why.
  public var trace: PolicyDecision.Trace

  /// Creates a decision.
  package init(
    outcome: NavigationOutcome, action: PolicyAction, closedSessions: [SessionID] = [],
    trace: PolicyDecision.Trace
  ) {
    self.outcome = outcome
    self.action = action
    self.closedSessions = closedSessions
    self.trace = trace
  }

  /// The answer to give WebKit's decision handler, derived from ``outcome``.
  package var policy: NavigationActionPolicy { outcome.policy }

  /// `allow by RULE`, with what happens besides.
  @_optimize(size)
  public var description: String {
    var text = "\(policy) by \(trace.rule)"
    switch outcome {
    case .openExternally(let url, let via): text += ", open \(url) in \(via.rawValue)"
    case .loadInstead(let url, let session): text += ", load \(url) in \(session)"
    case .finished(let url, .opener, let opener?): text += ", popup finished, load \(url) in \(opener)"
    case .finished(let url, _, _): text += ", popup finished, \(url) to the app"
    case .blocked(let reason): text += " (blocked: \(reason.rawValue))"
    case .allow, .download, .popup, .provisionalPopup: break
    }
    return text
  }
}
