@testable import SessionKit

/// A decider that waits at a gate, then answers whatever the test set. One that honours cancellation ends with
/// `CancellationError` when the engine cancels it; one that does not keeps waiting and answers late.
final class ManualDecider: NavigationDecider {
  private struct State {
    var answer: PolicyAction = .allow
    var requests: [DeciderRequest] = []
  }

  private let gate = Gate()
  private let state = TestLock(State())
  private let honoursCancellation: Bool
  private let calls = CountWaiter()
  private let returns = CountWaiter()
  private let cancellations = CountWaiter()

  /// A decider that answers once ``answer(_:)`` is called.
  init(honoursCancellation: Bool = true) {
    self.honoursCancellation = honoursCancellation
  }

  /// The requests received so far, in order.
  var requests: [DeciderRequest] { state.withLock { $0.requests } }
  /// How many calls were made.
  var callCount: Int { calls.count }
  /// How many calls returned an answer (late ones included).
  var returnedCount: Int { returns.count }
  /// How many calls ended because the engine cancelled them.
  var cancelledCount: Int { cancellations.count }

  /// Answers every waiting call, and every later one at once, with `action`.
  func answer(_ action: PolicyAction) {
    state.withLock { $0.answer = action }
    gate.open()
  }

  /// Returns once `count` calls were made.
  func waitForCalls(_ count: Int = 1) async {
    await calls.wait(forAtLeast: count)
  }

  /// Returns once `count` calls returned an answer.
  func waitForReturns(_ count: Int = 1) async {
    await returns.wait(forAtLeast: count)
  }

  /// Returns once `count` calls were cancelled by the engine.
  func waitForCancellations(_ count: Int = 1) async {
    await cancellations.wait(forAtLeast: count)
  }

  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    state.withLock { $0.requests.append(request) }
    calls.increment()
    if honoursCancellation {
      do {
        try await gate.waitHonouringCancellation()
      } catch {
        cancellations.increment()
        throw error
      }
    } else {
      await gate.wait()
    }
    let answer = state.withLock { $0.answer }
    returns.increment()
    return answer
  }
}
