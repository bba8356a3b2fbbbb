extension PolicyRequest {
  /// Whether this is a load the page started on its own in one of its iframes: target a subframe, no user
  /// gesture (an iframe's `src` on a commit, back/forward or reload, a redirect hop of such a load, a script's
  /// `src` change). Such a load never leaves the app nor finishes a popup (DESIGN §8.1): a page cannot send the app
  /// to Safari, or close its popup, by embedding an iframe.
  var isAutomaticSubframeLoad: Bool {
    target == .subframe && !isUserGesture
  }
}

extension Session {
  /// The answer to an automatic iframe load (``PolicyRequest/isAutomaticSubframeLoad``) that the policy would
  /// send out of the app or finish the popup with: cancelled instead, and the trace says why. Only the iframe's
  /// load is cancelled: the page stays, nothing closes, and a blank popup's timeout is untouched.
  nonisolated static func keptInPage(_ action: PolicyAction, trace: PolicyDecision.Trace) -> NavigationDecision {
    var trace = trace
    trace.notes.append(
      "an iframe's load without a user gesture never leaves the app nor finishes a popup; cancelled instead")
    return NavigationDecision(outcome: .blocked(.policy), action: action, trace: trace)
  }
}
