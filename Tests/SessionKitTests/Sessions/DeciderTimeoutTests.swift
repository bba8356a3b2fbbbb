import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// `{"ask": NAME}` deciders are bounded by `deciders.timeoutMs`; on timeout, on an error, on an `ask` answer or
/// when none is registered, `deciders.onTimeout` applies and the trace says why. A late answer is discarded.
final class DeciderTimeoutTests: XCTestCase {
  /// Asks `confirm` for ask.example; falls back to opening with the system, which no other path produces.
  private func askPolicy(timeoutMs: Int) -> String {
    #"""
    {"version": 1,
     "rules": [{"name": "ask-confirm", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
     "deciders": {"timeoutMs": \#(timeoutMs), "onTimeout": {"external": "system"}}}
    """#
  }

  private static let askedURL = "https://ask.example/checkout"

  private func assertFallback(
    _ decision: NavigationDecision, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(decision.policy, .cancel, file: file, line: line)
    XCTAssertEqual(decision.action, .external(.system), file: file, line: line)
    XCTAssertEqual(decision.outcome, .openExternally(url: Self.askedURL, via: .system), file: file, line: line)
    XCTAssertEqual(decision.trace.rule, "ask-confirm", file: file, line: line)
  }

  func test_deciderThatNeverAnswers_fallsBackToOnTimeout_afterTimeout() async throws {
    let decider = ManualDecider()
    let clock = VirtualClock()
    let engine = try makeEngine(
      askPolicy(timeoutMs: 30), deciders: ["confirm": decider], events: .none, clock: clock)
    let session = engine.makeRootSession()

    async let pending = session.decide(TestAction.link(Self.askedURL))
    await decider.waitForCalls(1)
    await advance(clock, by: .milliseconds(29))
    XCTAssertEqual(clock.sleeperCount, 1, "not yet due")
    clock.advance(by: .milliseconds(1))
    let decision = await pending

    assertFallback(decision)
    XCTAssertEqual(
      decision.trace.notes, [#"decider "confirm" did not answer within 30 ms; onTimeout applied"#])
    XCTAssertEqual(decider.callCount, 1)
    await decider.waitForCancellations(1)
    XCTAssertEqual(decider.cancelledCount, 1, "the engine cancels the decider it stopped waiting for")
  }

  func test_deciderThatAnswersAfterTheTimeout_isDiscarded_andTheFallbackStands() async throws {
    let decider = ManualDecider(honoursCancellation: false)
    let clock = VirtualClock()
    let engine = try makeEngine(askPolicy(timeoutMs: 10), deciders: ["confirm": decider], clock: clock)
    let events = EventCollector(engine)
    let session = engine.makeRootSession()
    let recorder = DecisionRecorder()

    session.decide(TestAction.link(Self.askedURL), completionHandler: recorder.handler)
    await decider.waitForCalls(1)
    await advance(clock, by: .milliseconds(10))
    await recorder.waitForDeliveries(1)
    decider.answer(.allow)
    await decider.waitForReturns(1)
    await engine.tasksFinished()
    let after = await events.settle()

    XCTAssertEqual(recorder.decisions.count, 1, "the late answer is not delivered again")
    assertFallback(try XCTUnwrap(recorder.decisions.first))
    XCTAssertEqual(after.compactMap(\.decided).count, 1)
    XCTAssertEqual(after.compactMap(\.external).map(\.via), [.system])
    XCTAssertTrue(session.children.isEmpty)
    await events.stop()
  }

  func test_lateAllowForProvisionalPopup_doesNotReopenIt() async throws {
    let decider = ManualDecider(honoursCancellation: false)
    let clock = VirtualClock()
    let engine = try makeEngine(
      #"""
      {"version": 1,
       "rules": [{"name": "ask-confirm", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 10, "onTimeout": "cancel"}}
      """#, deciders: ["confirm": decider], clock: clock)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let admission = root.admitPopup(for: TestAction.windowOpen(Self.askedURL))
    let popup = try XCTUnwrap(admission.child)
    XCTAssertTrue(admission.isProvisional)

    async let pending = popup.decide(TestAction.load(Self.askedURL, gesture: true))
    await decider.waitForCalls(1)
    await advance(clock, by: .milliseconds(10))
    let decision = await pending
    decider.answer(.allow)
    await decider.waitForReturns(1)
    await engine.tasksFinished()
    let all = await events.settle()

    XCTAssertEqual(decision.policy, .cancel)
    XCTAssertEqual(decision.outcome, .blocked(.policy))
    XCTAssertEqual(decision.closedSessions, ["main.1"])
    XCTAssertTrue(popup.isClosed)
    XCTAssertTrue(root.children.isEmpty)
    XCTAssertTrue(all.compactMap(\.opened).isEmpty, "a refused provisional popup is never announced: \(all)")
    XCTAssertEqual(all.compactMap(\.closed).map(\.id), ["main.1"])
    await events.stop()
  }

  func test_deciderThatThrows_fallsBackToOnTimeout_andTraceSaysItFailed() async throws {
    let engine = try makeEngine(askPolicy(timeoutMs: 5_000), deciders: ["confirm": ThrowingDecider()], events: .none)
    let session = engine.makeRootSession()

    let decision = await session.decide(TestAction.link(Self.askedURL))

    assertFallback(decision)
    XCTAssertEqual(
      decision.trace.notes, [#"decider "confirm" failed: the decider failed on purpose; onTimeout applied"#])
  }

  func test_unregisteredDecider_fallsBackToOnTimeout_atOnce() async throws {
    let clock = VirtualClock()
    let engine = try makeEngine(askPolicy(timeoutMs: 5_000), events: .none, clock: clock)
    let session = engine.makeRootSession()

    let decision = await session.decide(TestAction.link(Self.askedURL))

    XCTAssertEqual(clock.now.offset, .zero, "decided without waiting for the timeout")
    assertFallback(decision)
    XCTAssertEqual(decision.trace.notes, [#"no decider is registered as "confirm"; onTimeout applied"#])
  }

  func test_deciderAnsweringAsk_fallsBackToOnTimeout() async throws {
    let engine = try makeEngine(
      askPolicy(timeoutMs: 5_000), deciders: ["confirm": CountingDecider(answering: .ask("other"))], events: .none)
    let session = engine.makeRootSession()

    let decision = await session.decide(TestAction.link(Self.askedURL))

    assertFallback(decision)
    XCTAssertEqual(
      decision.trace.notes, [#"decider "confirm" answered ask "other"; onTimeout applied"#])
  }

  func test_deciderAnsweringInTime_isApplied_andTraceNamesTheAnswer() async throws {
    let engine = try makeEngine(
      askPolicy(timeoutMs: 5_000), deciders: ["confirm": CountingDecider(answering: .download)], events: .none)
    let session = engine.makeRootSession()

    let decision = await session.decide(TestAction.link(Self.askedURL))

    XCTAssertEqual(decision.policy, .download)
    XCTAssertEqual(decision.action, .download)
    XCTAssertEqual(decision.trace.rule, "ask-confirm")
    XCTAssertEqual(decision.trace.notes, [#"decider "confirm" answered download"#])
  }

  func test_deciderRegisteredLater_isConsultedByLaterDecisions() async throws {
    let engine = try makeEngine(askPolicy(timeoutMs: 5_000), events: .none)
    let session = engine.makeRootSession()
    let decider = CountingDecider(answering: .allow)
    engine.register(decider, as: "confirm")

    let decision = await session.decide(TestAction.link(Self.askedURL))

    XCTAssertEqual(decision.policy, .allow)
    XCTAssertEqual(decider.callCount, 1)
  }

  func test_deciderIsAskedAboutTheParsedURL_inItsSession_withTheRuleThatAsked() async throws {
    let manual = ManualDecider()
    manual.answer(.allow)
    let engine = try makeEngine(askPolicy(timeoutMs: 5_000), deciders: ["confirm": manual], events: .none)
    let session = try engine.makeRootSession(id: "tab-7")

    _ = await session.decide(TestAction.link("HTTPS://ASK.example:443/checkout"))

    let request = try XCTUnwrap(manual.requests.first)
    XCTAssertEqual(request.session, "tab-7")
    XCTAssertEqual(request.address.serialized, Self.askedURL)
    XCTAssertEqual(request.trace.rule, "ask-confirm")
    XCTAssertEqual(request.action.requestURL, "HTTPS://ASK.example:443/checkout")
  }
}
