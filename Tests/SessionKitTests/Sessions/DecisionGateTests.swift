import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

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

  // MARK: - Every decision leaves the gate once

  /// Asks `confirm` (which answers at once) on ask.example and `hang` (which answers only when cancelled or timed
  /// out) on hang.example; allows the rest.
  private static let askingPolicy = #"""
    {"version": 1,
     "rules": [{"name": "r-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}},
               {"name": "r-hang", "match": {"hosts": ["hang.example"]}, "action": {"ask": "hang"}}],
     "deciders": {"timeoutMs": 10, "onTimeout": "cancel"},
     "default": "allow"}
    """#

  /// The gate's count, read apart: Swift 6.0.3's move-only checker crashes ("expected borrow scope end") compiling
  /// the test below when it reads the noncopyable gate itself.
  private static func activeDecisions(_ engine: SessionEngine) -> UInt64 { engine.gate.activeDecisions }

  /// The gate's shutdown flag, read apart for the same reason.
  private static func gateIsShutDown(_ engine: SessionEngine) -> Bool { engine.gate.isShutDown }

  /// Checks that `decision` took the path `outcome` names, is no longer counted by the gate and was published
  /// `published` times (the events since the previous `settle()` are its own).
  private func assertEndedOnce(
    _ decision: NavigationDecision, _ outcome: NavigationOutcome, url: String, engine: SessionEngine,
    events: EventCollector, published: Int = 1, file: StaticString = #filePath, line: UInt = #line
  ) async {
    XCTAssertEqual(decision.outcome, outcome, "\(decision)", file: file, line: line)
    XCTAssertEqual(Self.activeDecisions(engine), 0, "still counted after \(url)", file: file, line: line)
    let decided = await events.settle().compactMap(\.decided)
    XCTAssertEqual(decided.map(\.url), Array(repeating: url, count: published), file: file, line: line)
    XCTAssertTrue(decided.allSatisfy { $0.decision == decision }, "\(decided)", file: file, line: line)
  }

  func test_everyKindOfDecision_leavesTheGate_andIsPublished_once() async throws {
    let confirm = CountingDecider(answering: .allow)
    let hang = ManualDecider()
    let clock = VirtualClock()
    let engine = try makeEngine(Self.askingPolicy, deciders: ["confirm": confirm, "hang": hang], clock: clock)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    func check(
      _ decision: NavigationDecision, _ outcome: NavigationOutcome, url: String, published: Int = 1,
      line: UInt = #line
    ) async {
      await assertEndedOnce(
        decision, outcome, url: url, engine: engine, events: events, published: published, line: line)
    }

    // Synchronous: allowed, an invalid URL, an `ask` refused as a popup (no gesture) before its decider is asked.
    await check(
      await root.decide(TestAction.link("https://site.example/next")), .allow, url: "https://site.example/next")
    await check(
      await root.decide(TestAction.link("https://exa mple.com/")), .blocked(.invalidURL), url: "https://exa mple.com/")
    let refused = "https://ask.example/refused"
    await check(
      await root.decide(TestAction.blankLink(refused, gesture: false)), .blocked(.noUserGesture), url: refused)
    XCTAssertEqual(confirm.callCount, 0)

    // Asking: answered by the decider, and a provisional popup's first load confirmed by its decider.
    await check(await root.decide(TestAction.link("https://ask.example/pay")), .allow, url: "https://ask.example/pay")
    let provisionalURL = "https://ask.example/popup"
    let admission = root.admitPopup(for: TestAction.windowOpen(provisionalURL))
    let provisional = try XCTUnwrap(admission.child)
    XCTAssertTrue(admission.isProvisional)
    _ = await events.settle()
    await check(await provisional.decide(TestAction.load(provisionalURL, gesture: true)), .allow, url: provisionalURL)
    XCTAssertEqual(confirm.callCount, 2)
    XCTAssertFalse(provisional.isProvisional)

    // Asking, interrupted: the decider times out, the session closes, the caller's task is cancelled.
    async let timedOut = root.decide(TestAction.link("https://hang.example/timeout"))
    await hang.waitForCalls(1)
    await advance(clock, by: .milliseconds(10))
    await check(await timedOut, .blocked(.policy), url: "https://hang.example/timeout")
    let popup = try openPopup(from: root)
    _ = await events.settle()
    async let closedWhileAsking = popup.decide(TestAction.link("https://hang.example/closed"))
    await hang.waitForCalls(2)
    popup.dismiss()
    await check(await closedWhileAsking, .blocked(.sessionClosed), url: "https://hang.example/closed")
    let caller = Task { await root.decide(TestAction.link("https://hang.example/cancelled")) }
    await hang.waitForCalls(3)
    caller.cancel()
    await check(await caller.value, .blocked(.cancelled), url: "https://hang.example/cancelled")

    // Synchronous again: in a closed session, and for a task cancelled before it decides.
    _ = await events.settle()
    await check(
      await popup.decide(TestAction.link("https://site.example/closed")), .blocked(.sessionClosed),
      url: "https://site.example/closed")
    let gate = Gate()
    let cancelled = Task {
      await gate.wait()
      return await root.decide(TestAction.link("https://site.example/cancelled"))
    }
    cancelled.cancel()
    gate.open()
    await check(await cancelled.value, .blocked(.cancelled), url: "https://site.example/cancelled")
    XCTAssertEqual(hang.callCount, 3, "no decider is asked for a closed session or a cancelled task")

    // After a shutdown: still counted in and out (the flag is apart from the count), and no longer published
    // (every subscription has finished).
    // A decision still counted would make the shutdown wait for ever.
    guard Self.activeDecisions(engine) == 0 else { return XCTFail("a decision was never ended") }
    await engine.shutdown()
    await check(
      await root.decide(TestAction.link("https://site.example/late")), .blocked(.cancelled),
      url: "https://site.example/late", published: 0)
    XCTAssertTrue(Self.gateIsShutDown(engine), "leaving did not clear the shutdown flag")
    await events.stop()
  }
}
