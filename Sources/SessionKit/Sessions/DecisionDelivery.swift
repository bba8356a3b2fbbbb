/// Delivers a decision to a completion handler exactly once: a second delivery is ignored, and if the owner is
/// released without delivering (which the engine's structure rules out), the fallback is delivered then, so
/// WebKit never sees a handler called twice or never.
final class DecisionDelivery: Sendable {
  private let handler: Locked<(@Sendable (NavigationDecision) -> Void)?>
  private let fallback: NavigationDecision

  init(_ handler: @escaping @Sendable (NavigationDecision) -> Void, fallback: NavigationDecision) {
    self.handler = Locked(handler)
    self.fallback = fallback
  }

  /// Calls the handler if it was not called yet; returns whether this call delivered.
  @discardableResult
  func deliver(_ decision: NavigationDecision) -> Bool {
    let handler = handler.withLock { handler in
      defer { handler = nil }
      return handler
    }
    handler?(decision)
    return handler != nil
  }

  deinit {
    deliver(fallback)
  }
}
