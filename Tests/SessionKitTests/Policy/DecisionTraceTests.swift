import XCTest

@testable import SessionKit

/// Every decision says which rule decided (or the default), where it sits, which conditions held, and which
/// compiled snapshot produced it.
final class DecisionTraceTests: XCTestCase {
  func test_theTrace_listsTheDecidingRulesConditions_inFileOrder() throws {
    let match = """
      {"userGesture": true, "crossSite": true, "target": "newWindow", "navigationTypes": ["linkActivated", "other"],
       "paths": ["/gp/*", "/pay"], "sites": ["google.com"], "hosts": ["pay.google.com", "*.google.com"],
       "schemes": ["https"], "crossOrigin": true}
      """
    let policy = try compiledPolicy(rules: [
      ruleJSON("skip", match: #"{"schemes": ["ftp"]}"#), ruleJSON("pay", match: match),
    ])
    let decision = try decide(
      policy, "https://pay.google.com/gp/p", target: .newWindow, from: .showing("https://merchant.example/"))
    XCTAssertEqual(decision.trace.rule, "pay")
    XCTAssertEqual(decision.trace.ruleIndex, 1)
    XCTAssertEqual(
      decision.trace.conditions,
      [
        "schemes: https", "hosts: pay.google.com, *.google.com", "sites: google.com", "paths: /gp/*, /pay",
        "navigationTypes: linkActivated, other", "target: newWindow", "crossSite: true", "crossOrigin: true",
        "userGesture: true",
      ])
  }

  func test_aRuleWithoutConditions_tracesNoConditions() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("everything")])
    let decision = try decide(policy, "https://example.com/")
    XCTAssertEqual(decision.trace.rule, "everything")
    XCTAssertEqual(decision.trace.ruleIndex, 0)
    XCTAssertEqual(decision.trace.conditions, [])
  }

  func test_aPresetRulesTrace_namesThePresetAndTheRule() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["google-pay"]"#))
    let decision = try decide(
      policy, "https://accounts.google.com/signin", type: .other, target: .newWindow,
      from: .showing("https://merchant.example/"))
    XCTAssertEqual(decision.trace.rule, "google-pay/pay-and-sign-in-popups")
    XCTAssertEqual(decision.trace.ruleIndex, 0)
    XCTAssertEqual(
      decision.trace.conditions,
      ["hosts: pay.google.com, payments.google.com, accounts.google.com, accounts.youtube.com", "target: newWindow"])
  }

  func test_theDefaultsTrace_isNamedDefault_withoutIndexOrConditions() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("never", match: #"{"schemes": ["ftp"]}"#)])
    let trace = try decide(policy, "https://example.com/").trace
    XCTAssertEqual(trace.rule, "default")
    XCTAssertNil(trace.ruleIndex)
    XCTAssertEqual(trace.conditions, [])
    XCTAssertEqual(trace.notes, [])
    XCTAssertEqual(trace.description, "default")
  }

  func test_theTraceDescription_readsRuleThenConditions() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("out", match: #"{"schemes": ["tel"], "userGesture": true}"#, action: #"{"external": "safari"}"#)]
    )
    let decision = try decide(policy, "tel:+1555")
    XCTAssertTrue(
      decision.trace.description.hasPrefix("out (schemes: tel; userGesture: true) — "), decision.trace.description)
    XCTAssertTrue(decision.description.hasPrefix("{\"external\":\"system\"} by out"), decision.description)
  }

  func test_everyTrace_carriesTheSnapshotOfThePolicyThatDecided() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("pay", match: #"{"hosts": ["pay.example"]}"#)])
    XCTAssertEqual(try decide(policy, "https://pay.example/").trace.snapshot, policy.snapshot)
    XCTAssertEqual(try decide(policy, "https://other.example/").trace.snapshot, policy.snapshot)
    XCTAssertEqual(try decide(policy, "https://exa mple/").trace.snapshot, policy.snapshot)
  }

  func test_twoCompiledPolicies_haveDifferentSnapshots_evenFromTheSameFile() throws {
    let json = policyJSON(rules: [ruleJSON("r")])
    let first = try compiledPolicy(json)
    let second = try compiledPolicy(json)
    XCTAssertNotEqual(first.snapshot, second.snapshot)
    let firstTrace = try decide(first, "https://example.com/").trace
    let secondTrace = try decide(second, "https://example.com/").trace
    XCTAssertNotEqual(firstTrace.snapshot, secondTrace.snapshot)
    XCTAssertNotEqual(firstTrace, secondTrace)
  }

  func test_snapshotsAreUnique_acrossConcurrentCompilation() async throws {
    let configuration = PolicyConfiguration(include: [.adClicks])
    let snapshots = try await withThrowingTaskGroup(of: UInt64.self) { group in
      for _ in 0..<64 {
        group.addTask { try CompiledPolicy(configuration).snapshot }
      }
      return try await group.reduce(into: [UInt64]()) { $0.append($1) }
    }
    XCTAssertEqual(Set(snapshots).count, 64)
  }

  func test_evaluation_isPure_sameRequestSameDecision() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["google-pay", "ad-clicks"]"#))
    let first = try decide(policy, "https://advertiser.example/", target: .newWindow)
    for _ in 0..<10 {
      XCTAssertEqual(try decide(policy, "https://advertiser.example/", target: .newWindow), first)
    }
  }
}
