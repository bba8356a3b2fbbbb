import XCTest

@testable import SessionKit

/// `replacePolicy(_:)` is atomic: every decision is made by exactly one snapshot — its rule, its default, its
/// decider fallback — never a mix, even while another task swaps policies as fast as it can.
final class PolicySwapTests: XCTestCase {
  private static let policyA = #"""
    {"version": 1,
     "rules": [{"name": "a-allow-one", "match": {"hosts": ["one.example"]}, "action": "allow"},
               {"name": "a-cancel-two", "match": {"hosts": ["two.example"]}, "action": "cancel"},
               {"name": "a-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "flaky"}}],
     "default": "download",
     "deciders": {"timeoutMs": 5000, "onTimeout": "cancel"}}
    """#

  private static let policyB = #"""
    {"version": 1,
     "rules": [{"name": "b-cancel-one", "match": {"hosts": ["one.example"]}, "action": "cancel"},
               {"name": "b-safari-two", "match": {"hosts": ["two.example"]}, "action": {"external": "safari"}},
               {"name": "b-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "flaky"}}],
     "default": "allow",
     "deciders": {"timeoutMs": 5000, "onTimeout": {"external": "system"}}}
    """#

  private static let hosts = ["one.example", "two.example", "ask.example", "other.example"]

  /// What each snapshot decides for each host: (rule, action, policy).
  private static func expected(
    host: String, isA: Bool
  ) -> (rule: String, action: PolicyAction, policy: NavigationActionPolicy) {
    switch (host, isA) {
    case ("one.example", true): ("a-allow-one", .allow, .allow)
    case ("two.example", true): ("a-cancel-two", .cancel, .cancel)
    case ("ask.example", true): ("a-ask", .cancel, .cancel)
    case (_, true): ("default", .download, .download)
    case ("one.example", false): ("b-cancel-one", .cancel, .cancel)
    case ("two.example", false): ("b-safari-two", .external(.safari), .cancel)
    case ("ask.example", false): ("b-ask", .external(.system), .cancel)
    default: ("default", .allow, .allow)
    }
  }

  func test_rulesOfTheTwoPolicies_areDisjoint() throws {
    let policyA = try makePolicy(Self.policyA)
    let policyB = try makePolicy(Self.policyB)

    XCTAssertEqual(traceNames(of: policyA).intersection(traceNames(of: policyB)), ["default"])
    XCTAssertNotEqual(policyA.snapshot, policyB.snapshot)
  }

  func test_replacePolicy_appliesToLaterDecisions() async throws {
    let policyB = try makePolicy(Self.policyB)
    let engine = try makeEngine(Self.policyA, events: .none)
    let root = engine.makeRootSession()

    let before = await root.decide(TestAction.link("https://one.example/"))
    engine.replacePolicy(policyB)
    let after = await root.decide(TestAction.link("https://one.example/"))

    XCTAssertEqual(before.trace.rule, "a-allow-one")
    XCTAssertEqual(after.trace.rule, "b-cancel-one")
    XCTAssertEqual(after.trace.snapshot, policyB.snapshot)
    XCTAssertTrue(engine.policy === policyB)
  }

  func test_decisionsDuringConcurrentSwaps_eachSeeExactlyOneSnapshot() async throws {
    let policyA = try makePolicy(Self.policyA)
    let policyB = try makePolicy(Self.policyB)
    let engine = SessionEngine(policy: policyA, deciders: ["flaky": ThrowingDecider()], events: .none)
    let roots = try (0..<20).map { try engine.makeRootSession(id: SessionID("tab-\($0)")) }
    let decisions = 4_000
    let done = Gate()

    let results = await withTaskGroup(of: [(isA: Bool, problem: String?)].self) { group in
      group.addTask {
        var swaps = 0
        while !done.isOpen || swaps < 2 {
          engine.replacePolicy(swaps.isMultiple(of: 2) ? policyB : policyA)
          swaps += 1
          await Task.yield()
        }
        return []
      }
      let results = await withTaskGroup(of: (isA: Bool, problem: String?).self) { deciders in
        for index in 0..<decisions {
          deciders.addTask {
            // Swaps among the decisions too: on a loaded machine the swapper task above may not run until every
            // decision is done, and one snapshot would go unseen.
            if index.isMultiple(of: 50) { engine.replacePolicy((index / 50).isMultiple(of: 2) ? policyB : policyA) }
            let host = Self.hosts[index % Self.hosts.count]
            let decision = await Self.decide(
              TestAction.link("https://\(host)/\(index)"), in: roots[index % roots.count],
              completionForm: index.isMultiple(of: 2))
            let problem = Self.problem(with: decision, host: host, policyA: policyA, policyB: policyB)
            return (decision.trace.snapshot == policyA.snapshot, problem)
          }
        }
        return await deciders.reduce(into: []) { $0.append($1) }
      }
      done.open()
      return await group.reduce(into: results) { $0 += $1 }
    }

    let problems = results.compactMap(\.problem)
    let fromA = results.filter(\.isA).count
    let fromB = results.count - fromA
    XCTAssertEqual(problems, [], "decisions that mix snapshots")
    XCTAssertEqual(fromA + fromB, decisions)
    XCTAssertGreaterThan(fromA, 0, "no decision saw policy A")
    XCTAssertGreaterThan(fromB, 0, "no decision saw policy B")
  }

  /// Decides `action` in `session` through the async form or the completion-handler form.
  private static func decide(
    _ action: NavigationAction, in session: Session, completionForm: Bool
  ) async -> NavigationDecision {
    guard completionForm else { return await session.decide(action) }
    return await withCheckedContinuation { continuation in
      session.decide(action) { continuation.resume(returning: $0) }
    }
  }

  /// Why `decision` is not wholly one snapshot's, or `nil` when it is.
  private static func problem(
    with decision: NavigationDecision, host: String, policyA: CompiledPolicy, policyB: CompiledPolicy
  ) -> String? {
    let trace = decision.trace
    let isA: Bool
    switch trace.snapshot {
    case policyA.snapshot: isA = true
    case policyB.snapshot: isA = false
    default: return "\(host): unknown snapshot \(trace.snapshot)"
    }
    let policy = isA ? policyA : policyB
    guard traceNames(of: policy).contains(trace.rule) else {
      return "\(host): rule \(trace.rule) is not in snapshot \(isA ? "A" : "B")"
    }
    if let index = trace.ruleIndex, policy.rules[index].name != trace.rule {
      return "\(host): rule index \(index) is not \(trace.rule) in snapshot \(isA ? "A" : "B")"
    }
    let expected = expected(host: host, isA: isA)
    guard trace.rule == expected.rule, decision.action == expected.action, decision.policy == expected.policy else {
      return "\(host) in snapshot \(isA ? "A" : "B"): \(decision.action) by \(trace.rule), expected "
        + "\(expected.action) by \(expected.rule)"
    }
    return nil
  }
}
