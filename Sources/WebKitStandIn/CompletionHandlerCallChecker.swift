import Foundation

/// WebKit's `CompletionHandlerCallChecker` (`CompletionHandlerCallChecker.mm`): a decision handler must be called
/// exactly once. WebKit raises `NSInternalInconsistencyException` with "Completion handler passed to -[CLASS
/// SELECTOR] was called more than once" on a second call and "… was not called" when the handler is released
/// uncalled. Here the message goes to the driver's `raise` hook (a crash by default, as in WebKit), and the
/// navigation goes on as cancelled (a panel as dismissed: `uncalled`) so that a test that records the failure does
/// not hang.
final class CompletionHandlerCallChecker<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `state` is only touched under `lock`; `deinit` may run on any thread.
  private let lock = NSLock()
  private var state: (called: Bool, resume: (@Sendable (Value) -> Void)?)
  private let selector: String
  private let raise: @Sendable (String) -> Void
  private let uncalled: Value

  init(
    selector: String, raise: @escaping @Sendable (String) -> Void, uncalled: Value,
    resume: @escaping @Sendable (Value) -> Void
  ) {
    self.selector = selector
    self.raise = raise
    self.uncalled = uncalled
    self.state = (false, resume)
  }

  func call(_ policy: Value) {
    let resume = lock.withLock { () -> (@Sendable (Value) -> Void)? in
      defer { state = (true, nil) }
      return state.called ? nil : state.resume
    }
    guard let resume else {
      raise("Completion handler passed to \(selector) was called more than once")
      return
    }
    resume(policy)
  }

  deinit {
    let resume = lock.withLock { state.called ? nil : state.resume }
    if let resume {
      raise("Completion handler passed to \(selector) was not called")
      resume(uncalled)
    }
  }
}
