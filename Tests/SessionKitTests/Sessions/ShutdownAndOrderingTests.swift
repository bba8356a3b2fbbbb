import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Guarantees at the edges, found in review: shutdown owns the decider calls it started and announces every
/// close, a provisional popup is decided under one snapshot and takes no other load while its decider thinks,
/// and a subtree's closing is never followed by one of its popups opening.
final class ShutdownAndOrderingTests: XCTestCase {
  private static let askPopups = #"""
    {"version": 1,
     "rules": [{"name": "r-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
     "deciders": {"timeoutMs": 60000, "onTimeout": "cancel"}}
    """#

  func test_shutdown_cancelsAndAwaitsTheDeciderCallsItStarted() async throws {
    let decider = ManualDecider(honoursCancellation: true)
    let engine = try makeEngine(Self.askPopups, deciders: ["confirm": decider], events: .none)
    let root = engine.makeRootSession()
    let decision = Task { await root.decide(TestAction.link("https://ask.example/")) }
    await decider.waitForCalls(1)

    await engine.shutdown()

    // When shutdown returns, the decider's call has already ended (cancelled), not merely been told to.
    XCTAssertEqual(decider.cancelledCount, 1)
    let answer = await decision.value
    XCTAssertEqual(answer.policy, .cancel)
    XCTAssertEqual(answer.outcome, .blocked(.cancelled))
  }

  func test_aDeciderAnsweringOnceShutdownHasBegun_doesNotWin_everyDecisionEndsCancelled() async throws {
    // The decider ignores cancellation and answers as soon as the engine shows the shutdown, before or while
    // `shutdown()` interrupts the races: the answer must not decide.
    let decider = ManualDecider(honoursCancellation: false)
    let engine = try makeEngine(Self.askPopups, deciders: ["confirm": decider], events: .none)
    let roots = try (0..<32).map { try engine.makeRootSession(id: SessionID("r\($0)")) }
    let decisions = roots.map { root in Task { await root.decide(TestAction.link("https://ask.example/")) } }
    await decider.waitForCalls(32)

    let shutdown = Task { await engine.shutdown() }
    while !engine.isShutDown { await Task.yield() }
    decider.answer(.allow)
    await shutdown.value

    for decision in decisions {
      let answer = await decision.value
      XCTAssertEqual(answer.outcome, .blocked(.cancelled))
      XCTAssertEqual(answer.policy, .cancel)
    }
  }

  func test_shutdownDuringAProvisionalPopupsFirstLoad_stillAnnouncesItsClose_inTheAsyncForm() async throws {
    for _ in 0..<30 {
      let decider = ManualDecider()
      let engine = try makeEngine(Self.askPopups, deciders: ["confirm": decider], events: .lifecycle)
      let events = engine.events()
      let root = engine.makeRootSession()
      let child = try openPopup(from: root, "https://ask.example/pay")
      let firstLoad = Task { await child.decide(TestAction.load("https://ask.example/pay", gesture: true)) }
      _ = await decider.waitForCalls(1)

      await engine.shutdown()
      let decision = await firstLoad.value

      var closedEvents: [SessionID] = []
      for await event in events {
        if let closed = event.closed { closedEvents.append(closed.id) }
      }
      XCTAssertTrue(child.isClosed)
      XCTAssertEqual(decision.closedSessions, ["main.1"])
      XCTAssertEqual(closedEvents, ["main.1"], "the engine closed main.1, so the UI must hear of it")
    }
  }

  func test_provisionalPopup_isDecidedUnderTheSnapshotThatAdmittedIt_evenAfterASwap() async throws {
    let decider = ManualDecider()  // never answers
    let clock = VirtualClock()
    let engine = try makeEngine(
      #"""
      {"version": 1,
       "rules": [{"name": "r-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 1, "onTimeout": "cancel"}}
      """#, deciders: ["confirm": decider], events: .none, clock: clock)
    let admitting = engine.policy
    let root = engine.makeRootSession()
    let child = try openPopup(from: root, "https://ask.example/pay")
    engine.replacePolicy(
      try makePolicy(
        #"""
        {"version": 1, "rules": [{"name": "b-cancel", "match": {"hosts": ["ask.example"]}, "action": "cancel"}],
         "deciders": {"timeoutMs": 60000, "onTimeout": {"popup": "modal"}}}
        """#))

    async let pending = child.decide(TestAction.load("https://ask.example/pay", gesture: true))
    await decider.waitForCalls(1)
    await advance(clock, by: .milliseconds(1))
    let firstLoad = await pending

    // The admitting policy's 1 ms timeout and its onTimeout (cancel) decide; nothing of the new one mixes in.
    XCTAssertEqual(firstLoad.trace.snapshot, admitting.snapshot)
    XCTAssertEqual(firstLoad.trace.rule, "r-ask")
    XCTAssertEqual(firstLoad.action, .cancel)
    XCTAssertEqual(firstLoad.closedSessions, ["main.1"])
    await engine.shutdown()
  }

  func test_provisionalPopupWhoseDeciderIsThinking_staysProvisional_andRefusesOtherLoads() async throws {
    let decider = ManualDecider()
    let engine = try makeEngine(Self.askPopups, deciders: ["confirm": decider], events: .lifecycle)
    let root = engine.makeRootSession()
    let child = try openPopup(from: root, "https://ask.example/pay")
    let firstLoad = Task { await child.decide(TestAction.load("https://ask.example/pay", gesture: true)) }
    _ = await decider.waitForCalls(1)

    XCTAssertTrue(child.isProvisional)
    let other = await child.decide(TestAction.load("https://elsewhere.example/", gesture: false))
    XCTAssertEqual(other.policy, .cancel, "nothing loads in a popup its decider has not confirmed")

    decider.answer(.allow)
    let confirmed = await firstLoad.value
    XCTAssertEqual(confirmed.policy, .allow)
    XCTAssertFalse(child.isProvisional)
    await engine.shutdown()
  }

  func test_aGrandchildConfirmedWhileItsOpenerCloses_isNeverAnnouncedAfterThatClose() async throws {
    var violations = 0
    for _ in 0..<200 {
      let decider = ManualDecider()
      let engine = try makeEngine(Self.askPopups, deciders: ["confirm": decider], events: .lifecycle)
      let events = engine.events()
      let root = engine.makeRootSession()
      let child = try openPopup(from: root, "https://plain.example/")
      let grandchild = try openPopup(from: child, "https://ask.example/pay")
      let firstLoad = Task { await grandchild.decide(TestAction.load("https://ask.example/pay", gesture: true)) }
      _ = await decider.waitForCalls(1)
      async let answer: Void = Task.detached { decider.answer(.allow) }.value
      async let close: [SessionID] = Task.detached { child.dismiss() }.value
      _ = await (answer, close)
      _ = await firstLoad.value
      await engine.shutdown()
      var order: [String] = []
      for await event in events {
        if let opened = event.opened { order.append("open \(opened.child)") }
        if let closed = event.closed { order.append("close \(closed.id)") }
      }
      if let opened = order.firstIndex(of: "open main.1.1"), let closed = order.firstIndex(of: "close main.1"),
        opened > closed
      {
        violations += 1
      }
    }
    XCTAssertEqual(violations, 0, "popupOpened(main.1.1) after popupClosed(main.1) in \(violations) of 200 runs")
  }
}
