@testable import SessionKit

/// A count that tasks can wait on: ``wait(forAtLeast:)`` returns once ``increment()`` has brought it there, with
/// no polling and no clock.
final class CountWaiter: Sendable {
  private struct State {
    var count = 0
    var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = TestLock(State())

  /// The current count.
  var count: Int { state.withLock { $0.count } }

  /// Adds one and wakes the waiters whose target is reached.
  func increment() {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count += 1
      let count = state.count
      defer { state.waiters.removeAll { $0.target <= count } }
      return state.waiters.filter { $0.target <= count }.map(\.continuation)
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once the count is at least `target`.
  func wait(forAtLeast target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.count >= target { return true }
        state.waiters.append((target, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
