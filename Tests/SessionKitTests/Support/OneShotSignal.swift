@testable import SessionKit

/// Resumes one waiter once, however many times it is signalled: how a completion-handler caller waits in
/// tests without trusting the engine to call the handler only once. Waiting honours cancellation.
final class OneShotSignal: Sendable {
  private struct State {
    var isSignalled = false
    var isCancelled = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = TestLock(State())

  /// Wakes the waiter (now or when it starts waiting).
  func signal() {
    let waiter = state.withLock { state in
      state.isSignalled = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Waits for the signal; returns whether it came (`false` when the task was cancelled first).
  func wait() async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if state.isSignalled || state.isCancelled { return true }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.isCancelled = true
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume()
    }
    return state.withLock { $0.isSignalled }
  }
}
