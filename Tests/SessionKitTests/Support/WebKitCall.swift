import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// The delegate calls the simulator records, built the way WebKitBehavior.md's callback table names them.
enum WebKitCall {
  /// `decidePolicyFor` in `session`'s web view; `target` is `main`, `sub` or `none` (a new window); `answer`
  /// is `allow`, `cancel` or `download`.
  static func decidePolicyFor(
    _ session: SessionID, _ type: NavigationType, target: String, answer: String
  ) -> CallbackRecord {
    CallbackRecord(
      callback: .decidePolicyFor, session: session, navigationType: type, targetFrame: target, answer: answer)
  }

  /// `createWebViewWith` on `session`'s web view (always a nil target frame); `answer` is the new session's id
  /// or `nil`.
  static func createWebViewWith(_ session: SessionID, _ type: NavigationType, answer: String) -> CallbackRecord {
    CallbackRecord(
      callback: .createWebViewWith, session: session, navigationType: type, targetFrame: "none", answer: answer)
  }

  /// `webViewDidClose` on `session`'s web view.
  static func webViewDidClose(_ session: SessionID) -> CallbackRecord {
    CallbackRecord(callback: .webViewDidClose, session: session)
  }
}

/// Asserts the exact delegate calls of a step, comparing them as replay prints them so failures read well.
func assertCallbacks(
  _ result: StepResult, _ expected: [CallbackRecord], file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(
    result.callbacks.map(\.json.serialized), expected.map(\.json.serialized), "callbacks", file: file, line: line)
}

/// Asserts a step's outcome, its exact delegate calls and (when given) the rule that decided.
func assertStep(
  _ result: StepResult, _ outcome: StepOutcome, callbacks: [CallbackRecord], rule: String? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(result.outcome, outcome, "outcome", file: file, line: line)
  assertCallbacks(result, callbacks, file: file, line: line)
  if let rule { XCTAssertEqual(result.rule, rule, "rule", file: file, line: line) }
}
