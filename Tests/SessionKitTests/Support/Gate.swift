@testable import SessionKit

/// A gate tasks wait at until a test opens it. Once open it stays open.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var cancelledWaiters: Set<UInt64> = []
  }

  private let state = TestLock(State())

  /// Whether the gate was opened.
  var isOpen: Bool { state.withLock { $0.isOpen } }

  /// Opens the gate, releasing every waiter.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the gate opens, ignoring cancellation (a decider that does not honour it).
  func wait() async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await park(id)
  }

  /// Waits until the gate opens or the task is cancelled.
  /// - Throws: `CancellationError` when the task was cancelled before the gate opened.
  func waitHonouringCancellation() async throws {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await park(id)
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let waiter = state.waiters.removeValue(forKey: id) else {
          state.cancelledWaiters.insert(id)  // not parked yet: `park` returns at once
          return nil
        }
        return waiter
      }
      waiter?.resume()
    }
    if !isOpen { throw CancellationError() }
  }

  private func park(_ id: UInt64) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen || state.cancelledWaiters.remove(id) != nil { return true }
        state.waiters[id] = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
