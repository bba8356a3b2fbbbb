extension Session {
  /// A `finish` answer to this popup's main-frame navigation of `address`: the navigation is cancelled and the
  /// popup's subtree closes (reason ``CloseReason/finished``); `opener` then loads `address` (a load the
  /// engine expects and allows without judging it), `app` receives it through `popupFinished`.
  nonisolated func finish(
    _ address: WebAddress, via destination: FinishDestination, action: PolicyAction, trace: PolicyDecision.Trace
  ) -> NavigationDecision {
    // The opener in the engine's tree: the session that opened the popup, also for a `noopener` popup.
    let opener = opener
    let closed = tree.close(key, reason: .finished)
    // Dismissed meanwhile: the user closed it first, so nothing is handed on.
    guard !closed.isEmpty else { return Self.interrupted(.sessionClosed, snapshot: trace.snapshot) }
    let url = address.serialized
    switch destination {
    case .app:
      return NavigationDecision(
        outcome: .finished(url: url, via: .app, opener: nil), action: action, closedSessions: closed, trace: trace)
    case .opener:
      guard let opener else {
        return NavigationDecision(
          outcome: .blocked(.sessionClosed), action: action, closedSessions: closed, trace: trace)
      }
      let expectation = opener.tree.update { $0.machine.expectLoad(of: address, trace: trace, in: opener.key) }
      if let refusal = Self.refusal(expectation, in: opener, action: action, closed: closed, trace: trace) {
        return refusal
      }
      return NavigationDecision(
        outcome: .finished(url: url, via: .opener, opener: opener.id), action: action, closedSessions: closed,
        trace: trace)
    }
  }

  /// An `external` answer to a popup's first load: the popup would stay blank, so it closes (reason
  /// ``CloseReason/openedExternally``) with its subtree.
  nonisolated func closedAfterFirstLoad(_ answer: NavigationDecision, snapshot: UInt64) -> NavigationDecision {
    let closed = tree.close(key, reason: .openedExternally)
    // Dismissed meanwhile: the user closed it first, so nothing is opened in its place.
    guard !closed.isEmpty else { return Self.interrupted(.sessionClosed, snapshot: snapshot) }
    var answer = answer
    answer.closedSessions = closed
    answer.trace.notes.append("a popup's first load opened outside; the popup would stay blank and is closed")
    return answer
  }
}
