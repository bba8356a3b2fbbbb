import XCTest

@testable import SessionKit

/// Records every call of a completion handler, so a test can assert it was called exactly once.
final class DecisionRecorder: Sendable {
  private let calls = TestLock<[NavigationDecision]>([])
  private let deliveries = CountWaiter()

  /// The completion handler to pass to ``Session/decide(_:completionHandler:)``.
  var handler: @Sendable (NavigationDecision) -> Void {
    { [self] decision in
      self.calls.withLock { $0.append(decision) }
      self.deliveries.increment()
    }
  }

  /// Every decision delivered so far, in order.
  var decisions: [NavigationDecision] { calls.withLock { $0 } }

  /// Returns once the handler was called `count` times.
  func waitForDeliveries(_ count: Int = 1) async {
    await deliveries.wait(forAtLeast: count)
  }

  /// Waits for the first delivery, then until every task `engine` started has ended, so that a second
  /// delivery would show; returns the only decision, failing the test when there is not exactly one.
  func onlyDecision(
    after engine: SessionEngine, file: StaticString = #filePath, line: UInt = #line
  ) async throws -> NavigationDecision {
    await waitForDeliveries(1)
    await engine.tasksFinished()
    let decisions = self.decisions
    XCTAssertEqual(decisions.count, 1, "completion handler calls: \(decisions)", file: file, line: line)
    return try XCTUnwrap(decisions.first, "the completion handler was never called", file: file, line: line)
  }
}
