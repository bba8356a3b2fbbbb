import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Every decision is delivered exactly once, in both forms, whatever happens while it is decided: the decider
/// throws, never answers or answers late, the session closes, the caller's task is cancelled, or the engine
/// shuts down.
final class ExactlyOnceDeliveryTests: XCTestCase {
  /// Asks `confirm` about everything on ask.example, with a timeout long enough that only an interruption ends
  /// a hanging decider within a test.
  private static let hangingPolicy = #"""
    {"version": 1,
     "rules": [{"name": "ask-confirm", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
     "deciders": {"timeoutMs": 60000, "onTimeout": "allow"}}
    """#

  private static let askedURL = "https://ask.example/pay"

  private func assertInterrupted(
    _ decision: NavigationDecision, _ reason: BlockReason, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(decision.policy, .cancel, file: file, line: line)
    XCTAssertEqual(decision.action, .cancel, file: file, line: line)
    XCTAssertEqual(decision.outcome, .blocked(reason), "\(decision)", file: file, line: line)
  }

  // MARK: - The decider fails

  func test_throwingDecider_deliversTheFallbackOnce_toTheCompletionHandler() async throws {
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 60000, "onTimeout": "cancel"}}
      """#, deciders: ["confirm": ThrowingDecider()], events: .none)
    let session = engine.makeRootSession()
    let recorder = DecisionRecorder()

    session.decide(TestAction.link("https://a.example/"), completionHandler: recorder.handler)

    let decision = try await recorder.onlyDecision(after: engine)
    XCTAssertEqual(decision.policy, .cancel)
    XCTAssertEqual(decision.outcome, .blocked(.policy))
    await engine.shutdown()
    XCTAssertEqual(recorder.decisions.count, 1)
  }

  func test_hangingDecider_deliversTheFallbackOnce_whenTheTimeoutFires() async throws {
    let decider = ManualDecider()
    let clock = VirtualClock()
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 5, "onTimeout": "allow"}}
      """#, deciders: ["confirm": decider], events: .none, clock: clock)
    let session = engine.makeRootSession()
    let recorder = DecisionRecorder()

    session.decide(TestAction.link("https://a.example/"), completionHandler: recorder.handler)
    await decider.waitForCalls(1)
    await advance(clock, by: .milliseconds(5))

    let decision = try await recorder.onlyDecision(after: engine)
    XCTAssertEqual(decision.policy, .allow)
    XCTAssertEqual(decision.trace.notes, [#"decider "confirm" did not answer within 5 ms; onTimeout applied"#])
  }

  func test_deciderIgnoringCancellation_answeringLate_isDeliveredOnce() async throws {
    let decider = ManualDecider(honoursCancellation: false)
    let clock = VirtualClock()
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 5, "onTimeout": "cancel"}}
      """#, deciders: ["confirm": decider], events: .none, clock: clock)
    let session = engine.makeRootSession()
    let recorder = DecisionRecorder()

    session.decide(TestAction.link("https://a.example/"), completionHandler: recorder.handler)
    await decider.waitForCalls(1)
    await advance(clock, by: .milliseconds(5))
    await recorder.waitForDeliveries(1)
    decider.answer(.allow)
    await decider.waitForReturns(1)

    let decision = try await recorder.onlyDecision(after: engine)
    XCTAssertEqual(decision.policy, .cancel, "the fallback, not the late allow")
  }

  // MARK: - The session closes mid-decision

  func test_popupDismissedMidDecision_endsTheDecisionAtOnce_withSessionClosed() async throws {
    let decider = ManualDecider()
    let clock = VirtualClock()
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none, clock: clock)
    let root = engine.makeRootSession()
    defer { withExtendedLifetime(root) {} }
    let popup = try openPopup(from: root)
    let recorder = DecisionRecorder()

    popup.decide(TestAction.link(Self.askedURL), completionHandler: recorder.handler)
    await decider.waitForCalls(1)
    XCTAssertEqual(popup.dismiss(), ["main.1"])

    let decision = try await recorder.onlyDecision(after: engine)
    XCTAssertEqual(clock.now.offset, .zero, "ended by the close, not the 60 s timeout")
    assertInterrupted(decision, .sessionClosed)
    XCTAssertEqual(decision.trace.notes, [#"interrupted while asking "confirm": session-closed"#])
    await decider.waitForCancellations(1)
  }

  func test_openerClosedMidDecision_endsTheDescendantsDecisions_withSessionClosed() async throws {
    let decider = ManualDecider()
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root)
    let grandchild = try openPopup(from: popup)

    async let inPopup = popup.decide(TestAction.link(Self.askedURL))
    async let inGrandchild = grandchild.decide(TestAction.link(Self.askedURL))
    await decider.waitForCalls(2)
    XCTAssertEqual(popup.windowDidClose(), ["main.1", "main.1.1"])

    let decisions = await [inPopup, inGrandchild]
    for decision in decisions { assertInterrupted(decision, .sessionClosed) }
  }

  func test_rootTornDownMidDecision_endsTheDecision_withSessionClosed_inTheAsyncForm() async throws {
    let decider = ManualDecider()
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none)
    let root = engine.makeRootSession()

    async let decision = root.decide(TestAction.link(Self.askedURL))
    await decider.waitForCalls(1)
    XCTAssertEqual(root.tearDown(), ["main"])

    assertInterrupted(await decision, .sessionClosed)
  }

  func test_decisionInAClosedSession_isCancelled_withSessionClosed_withoutAskingTheDecider() async throws {
    let decider = CountingDecider(answering: .allow)
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none)
    let root = engine.makeRootSession()
    defer { withExtendedLifetime(root) {} }
    let popup = try openPopup(from: root)
    popup.dismiss()
    let recorder = DecisionRecorder()

    let asyncDecision = await popup.decide(TestAction.link(Self.askedURL))
    popup.decide(TestAction.link(Self.askedURL), completionHandler: recorder.handler)

    assertInterrupted(asyncDecision, .sessionClosed)
    XCTAssertEqual(asyncDecision.trace.rule, "session-closed")
    assertInterrupted(try await recorder.onlyDecision(after: engine), .sessionClosed)
    XCTAssertEqual(decider.callCount, 0)
  }

  // MARK: - The caller's task is cancelled

  func test_callerCancelledMidDecision_endsTheDecision_withCancelled() async throws {
    let decider = ManualDecider()
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none)
    let session = engine.makeRootSession()

    let action = TestAction.link(Self.askedURL)
    let caller = Task { await session.decide(action) }
    await decider.waitForCalls(1)
    caller.cancel()
    let decision = await caller.value

    assertInterrupted(decision, .cancelled)
    XCTAssertEqual(decision.trace.notes, [#"interrupted while asking "confirm": cancelled"#])
    XCTAssertFalse(session.isClosed, "cancelling one decision leaves the session open")
    await decider.waitForCancellations(1)
  }

  func test_callerAlreadyCancelled_getsCancelled_withoutAskingTheDecider() async throws {
    let decider = CountingDecider(answering: .allow)
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none)
    let session = engine.makeRootSession()
    let gate = Gate()

    let action = TestAction.link(Self.askedURL)
    let caller = Task {
      await gate.wait()
      return await session.decide(action)
    }
    caller.cancel()
    gate.open()
    let decision = await caller.value

    assertInterrupted(decision, .cancelled)
    XCTAssertEqual(decider.callCount, 0)
  }

  // MARK: - The engine shuts down

  func test_shutdown_endsEveryDecisionUnderWay_once_inBothForms_andAwaitsItsTasks() async throws {
    let decider = ManualDecider()
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider], events: .none)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root)
    let recorders = (0..<10).map { _ in DecisionRecorder() }
    for (index, recorder) in recorders.enumerated() {
      (index.isMultiple(of: 2) ? root : popup).decide(
        TestAction.link(Self.askedURL), completionHandler: recorder.handler)
    }
    async let inRoot = root.decide(TestAction.link(Self.askedURL))
    async let inPopup = popup.decide(TestAction.link(Self.askedURL))
    await decider.waitForCalls(12)

    await engine.shutdown()

    for recorder in recorders {
      XCTAssertEqual(recorder.decisions.count, 1, "delivered before shutdown() returned")
    }
    for decision in await [inRoot, inPopup] + recorders.flatMap(\.decisions) {
      assertInterrupted(decision, .cancelled)
    }
    await engine.tasksFinished()
    XCTAssertEqual(recorders.map(\.decisions.count), Array(repeating: 1, count: 10))
  }

  func test_afterShutdown_decisionsAreCancelledAtOnce_andPopupsRefused() async throws {
    let decider = CountingDecider(answering: .allow)
    let engine = try makeEngine(Self.hangingPolicy, deciders: ["confirm": decider])
    let root = engine.makeRootSession()
    await engine.shutdown()
    let recorder = DecisionRecorder()

    root.decide(TestAction.link(Self.askedURL), completionHandler: recorder.handler)
    let asyncDecision = await root.decide(TestAction.link(Self.askedURL))
    let admission = root.admitPopup(for: TestAction.windowOpen("https://popup.example/"))

    XCTAssertEqual(recorder.decisions.count, 1, "delivered synchronously once the engine is shut down")
    assertInterrupted(try await recorder.onlyDecision(after: engine), .cancelled)
    assertInterrupted(asyncDecision, .cancelled)
    XCTAssertNil(admission.child)
    XCTAssertEqual(admission.outcome, .blocked(.cancelled))
    XCTAssertEqual(decider.callCount, 0)
    XCTAssertTrue(engine.isShutDown)
    var iterator = engine.events().makeAsyncIterator()
    let next = await iterator.next()
    XCTAssertNil(next, "the event stream finished")
  }

  func test_deliveredDecision_isNotDeliveredAgain_whenTheSessionClosesOrTheEngineShutsDownLater() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    defer { withExtendedLifetime(root) {} }
    let popup = try openPopup(from: root)
    let recorder = DecisionRecorder()

    popup.decide(TestAction.link("https://a.example/"), completionHandler: recorder.handler)
    await recorder.waitForDeliveries(1)
    popup.dismiss()
    await engine.shutdown()

    let decision = try await recorder.onlyDecision(after: engine)
    XCTAssertEqual(decision.policy, .allow)
  }
}
