import XCTest

@testable import SessionKit

/// The decision gate is striped: each session counts its decisions in one of several atomic words, so that
/// sessions on different cores do not write one shared cache line. Shutdown, the policy generation and the
/// count of decisions under way must still behave as one word did.
final class DecisionGateTests: XCTestCase {
  func test_aShutdown_isSeenInEveryStripe_andOnlyTheLastDecisionOfAStripeReportsIt() {
    let gate = DecisionGate()
    for stripe in 0..<DecisionGate.stripes { XCTAssertFalse(gate.enter(stripe).isShutDown) }
    XCTAssertFalse(gate.enter(3).isShutDown)
    XCTAssertEqual(gate.activeDecisions, DecisionGate.stripes + 1)

    gate.shutDown()
    for stripe in 0..<DecisionGate.stripes { XCTAssertTrue(gate.enter(stripe).isShutDown, "stripe \(stripe)") }
    for stripe in 0..<DecisionGate.stripes { XCTAssertFalse(gate.leave(stripe), "stripe \(stripe) still has one") }
    XCTAssertFalse(gate.leave(3), "stripe 3 still has one")
    XCTAssertTrue(gate.leave(3), "the last decision of stripe 3")
    XCTAssertEqual(gate.activeDecisions, DecisionGate.stripes - 1)
    for stripe in 0..<DecisionGate.stripes where stripe != 3 { XCTAssertTrue(gate.leave(stripe)) }
    XCTAssertEqual(gate.activeDecisions, 0)
  }

  func test_aNewGeneration_isSeenInEveryStripe() {
    let gate = DecisionGate()
    XCTAssertEqual(gate.advanceGeneration(), 1)
    XCTAssertEqual(gate.advanceGeneration(), 2)
    for stripe in 0..<DecisionGate.stripes {
      XCTAssertEqual(gate.enter(stripe).generation, 2, "stripe \(stripe)")
      _ = gate.leave(stripe)
    }
  }

  func test_sessionsSpreadOverTheStripes() throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let sessions = try (0..<512).map { try engine.makeRootSession(id: SessionID("s\($0)")) }
    var counts = [Int](repeating: 0, count: Int(DecisionGate.stripes))
    for session in sessions { counts[Int(DecisionGate.stripe(of: session))] += 1 }
    // 32 per stripe on average: every stripe is used, none holds more than three times its share.
    XCTAssertTrue(counts.allSatisfy { $0 > 0 && $0 < 96 }, "\(counts)")
    for session in sessions { session.tearDown() }
  }

  func test_shutdown_waitsForTheDecisionsOfEveryStripe() async throws {
    let decider = ManualDecider(honoursCancellation: false)
    let engine = try makeEngine(
      #"""
      {"version": 1,
       "rules": [{"name": "r-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 60000, "onTimeout": "cancel"}}
      """#, deciders: ["confirm": decider], events: .none)
    let roots = try (0..<32).map { try engine.makeRootSession(id: SessionID("r\($0)")) }
    XCTAssertGreaterThan(Set(roots.map { DecisionGate.stripe(of: $0) }).count, 1)
    let decisions = roots.map { root in Task { await root.decide(TestAction.link("https://ask.example/")) } }
    await decider.waitForCalls(32)
    XCTAssertEqual(engine.gate.activeDecisions, 32)
    let finished = TestLock(false)
    let shutdown = Task {
      await engine.shutdown()
      finished.withLock { $0 = true }
    }
    // Shutdown interrupts every decision (each leaves its stripe after the flag) ...
    for decision in decisions {
      let answer = await decision.value
      XCTAssertEqual(answer.outcome, .blocked(.cancelled))
    }
    XCTAssertEqual(engine.gate.activeDecisions, 0)
    // ... and still waits for the decider calls it started, which ignore cancellation until answered.
    XCTAssertFalse(finished.withLock { $0 })
    decider.answer(.allow)
    await shutdown.value
    XCTAssertTrue(finished.withLock { $0 })
    XCTAssertEqual(engine.gate.activeDecisions, 0)
  }
}
