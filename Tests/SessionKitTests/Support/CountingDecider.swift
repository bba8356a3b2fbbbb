@testable import SessionKit

/// A decider that answers at once with a fixed action and counts its calls.
final class CountingDecider: NavigationDecider {
  private let answer: PolicyAction
  private let calls = TestLock(0)

  /// A decider answering `answer`.
  init(answering answer: PolicyAction) {
    self.answer = answer
  }

  /// How many calls were made.
  var callCount: Int { calls.withLock { $0 } }

  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    calls.withLock { $0 += 1 }
    return answer
  }
}
