import XCTest

@testable import SessionKit

/// What a naive evaluation decides: the action (after the Safari adjustment), the rule and its position.
struct ReferenceDecision: Equatable, CustomStringConvertible {
  var action: PolicyAction
  var rule: String
  var ruleIndex: Int?

  var description: String { "\(action) by \(rule) [\(ruleIndex.map(String.init) ?? "-")]" }

  init(action: PolicyAction, rule: String, ruleIndex: Int?) {
    self.action = action
    self.rule = rule
    self.ruleIndex = ruleIndex
  }

  init(_ decision: PolicyDecision) {
    self.init(action: decision.action, rule: decision.trace.rule, ruleIndex: decision.trace.ruleIndex)
  }
}
