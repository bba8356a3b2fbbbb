import XCTest

@testable import SessionKit

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
    let engine = try makeEngine(askPolicy(timeoutMs: 30), deciders: ["confirm": decider], events: .none)
    let session = engine.makeRootSession()
    let clock = ContinuousClock()
    let start = clock.now

    let decision = await session.decide(TestAction.link(Self.askedURL))

    XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(30))
    assertFallback(decision)
    XCTAssertEqual(
      decision.trace.notes, [#"decider "confirm" did not answer within 30 ms; onTimeout applied"#])
    XCTAssertEqual(decider.callCount, 1)
    let cancelled = await eventually { decider.cancelledCount == 1 }
    XCTAssertTrue(cancelled, "the engine cancels the decider it stopped waiting for")
  }

  func test_deciderThatAnswersAfterTheTimeout_isDiscarded_andTheFallbackStands() async throws {
    let decider = ManualDecider(honoursCancellation: false)
    let engine = try makeEngine(askPolicy(timeoutMs: 10), deciders: ["confirm": decider])
    let events = EventCollector(engine)
    let session = engine.makeRootSession()
    let recorder = DecisionRecorder()

    session.decide(TestAction.link(Self.askedURL), completionHandler: recorder.handler)
    let delivered = await recorder.waitForDeliveries(1)
    XCTAssertTrue(delivered)
    decider.answer(.allow)
    let returned = await decider.waitForReturns(1)
    XCTAssertTrue(returned, "the decider answered, late")
    let after = await events.settle()
    try? await Task.sleep(for: .milliseconds(20))

    XCTAssertEqual(recorder.decisions.count, 1, "the late answer is not delivered again")
    assertFallback(try XCTUnwrap(recorder.decisions.first))
    XCTAssertEqual(after.compactMap(\.decided).count, 1)
    XCTAssertEqual(after.compactMap(\.external).map(\.via), [.system])
    XCTAssertTrue(session.children.isEmpty)
    await events.stop()
  }

  func test_lateAllowForProvisionalPopup_doesNotReopenIt() async throws {
    let decider = ManualDecider(honoursCancellation: false)
    let engine = try makeEngine(
      #"""
      {"version": 1,
       "rules": [{"name": "ask-confirm", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 10, "onTimeout": "cancel"}}
      """#, deciders: ["confirm": decider])
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let admission = root.admitPopup(for: TestAction.windowOpen(Self.askedURL))
    let popup = try XCTUnwrap(admission.child)
    XCTAssertTrue(admission.isProvisional)

    let decision = await popup.decide(TestAction.load(Self.askedURL, gesture: true))
    decider.answer(.allow)
    let returned = await decider.waitForReturns(1)
    XCTAssertTrue(returned)
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
    let engine = try makeEngine(askPolicy(timeoutMs: 5_000), events: .none)
    let session = engine.makeRootSession()
    let clock = ContinuousClock()
    let start = clock.now

    let decision = await session.decide(TestAction.link(Self.askedURL))

    XCTAssertLessThan(clock.now - start, .seconds(4))
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
    let session = engine.makeRootSession(id: "tab-7")

    _ = await session.decide(TestAction.link("HTTPS://ASK.example:443/checkout"))

    let request = try XCTUnwrap(manual.requests.first)
    XCTAssertEqual(request.session, "tab-7")
    XCTAssertEqual(request.address.serialized, Self.askedURL)
    XCTAssertEqual(request.trace.rule, "ask-confirm")
    XCTAssertEqual(request.action.requestURL, "HTTPS://ASK.example:443/checkout")
  }
}
