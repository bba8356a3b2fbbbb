import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// `popups.blankTimeoutMs` on the engine's clock: the deadlines live in the tree's state, the engine closes the
/// popups due (by its one timer task, or when asked), each popup is announced closed once, after it opened.
final class BlankTimeoutTests: XCTestCase {
  private static let policy = #"{"version": 1, "popups": {"blankTimeoutMs": 300}}"#

  func test_theEnginesTimer_closesABlankPopup_whenTheVirtualClockReachesItsDeadline() async throws {
    let clock = VirtualClock()
    let engine = try makeEngine(Self.policy, events: .lifecycle, clock: clock)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root, TestAction.windowOpen(""))
    _ = await events.settle()

    // The timer task is the clock's one sleeper; one millisecond short of the deadline nothing happens.
    await advance(clock, by: .milliseconds(299))
    XCTAssertFalse(popup.isClosed)
    clock.advance(by: .milliseconds(1))
    await engine.tasksFinished()

    XCTAssertTrue(popup.isClosed)
    let closing = await events.settle()
    XCTAssertEqual(closing, [.popupClosed("main.1", reason: .blankTimeout)])
    await events.stop()
    await engine.shutdown()
  }

  func test_theEnginesTimer_sleepsAgainUntilTheNextDeadline() async throws {
    let clock = VirtualClock()
    let engine = try makeEngine(Self.policy, events: .lifecycle, clock: clock)
    let root = engine.makeRootSession()
    let first = try openPopup(from: root, TestAction.windowOpen(""))
    await advance(clock, by: .milliseconds(100))
    let second = try openPopup(from: root, TestAction.windowOpen(""))

    await advance(clock, by: .milliseconds(200))
    await clock.waitForSleepers(atLeast: 1)
    XCTAssertTrue(first.isClosed)
    XCTAssertFalse(second.isClosed)
    XCTAssertEqual(clock.sleeperCount, 1, "one timer task, asleep until the second deadline")
    clock.advance(by: .milliseconds(100))
    await engine.tasksFinished()
    XCTAssertTrue(second.isClosed)
    await engine.shutdown()
  }

  func test_manualChecking_startsNoTimer_andClosesOnlyWhatIsDue() async throws {
    let clock = VirtualClock()
    let engine = SessionEngine(
      policy: try makePolicy(Self.policy), events: .lifecycle, clock: clock, blankTimeouts: .manual)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let blank = try openPopup(from: root, TestAction.windowOpen(""))
    let page = try openPopup(from: root, TestAction.windowOpen("https://site.example/page"))
    try await page.didCommit("https://site.example/page", kind: .newEntry(isPost: false))
    XCTAssertEqual(clock.sleeperCount, 0)

    clock.advance(by: .milliseconds(299))
    XCTAssertEqual(engine.closeExpiredPopups(), [])
    clock.advance(by: .milliseconds(1))
    XCTAssertEqual(engine.closeExpiredPopups(), ["main.1"])
    XCTAssertEqual(engine.closeExpiredPopups(), [], "each popup closes once")
    XCTAssertTrue(blank.isClosed)
    XCTAssertFalse(page.isClosed)

    let all = await events.settle()
    XCTAssertEqual(all.compactMap(\.opened).map(\.child), ["main.1", "main.2"])
    XCTAssertEqual(all.compactMap(\.closed).map(\.id), ["main.1"])
    await events.stop()
    await engine.shutdown()
  }

  func test_aPopupDismissedBeforeItsDeadline_isAnnouncedClosedOnce() async throws {
    let clock = VirtualClock()
    let engine = try makeEngine(Self.policy, events: .lifecycle, clock: clock)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root, TestAction.windowOpen(""))
    popup.dismiss()
    await advance(clock, by: .milliseconds(300))
    await engine.tasksFinished()

    let closed = await events.settle().compactMap(\.closed)
    XCTAssertEqual(closed.map(\.reason), [.dismissed])
    await events.stop()
    await engine.shutdown()
  }

  func test_aBlankTimeoutDuringTheDecidersQuestion_endsTheProvisionalPopupOnce() async throws {
    let clock = VirtualClock()
    let decider = ManualDecider()
    let engine = try makeEngine(
      #"""
      {"version": 1, "popups": {"blankTimeoutMs": 100}, "deciders": {"timeoutMs": 1000},
       "rules": [{"name": "ask", "match": {"target": "newWindow"}, "action": {"ask": "confirm"}}]}
      """#, deciders: ["confirm": decider], events: .lifecycle, clock: clock)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root, TestAction.windowOpen("https://partner.example/"))
    async let decision = popup.decide(TestAction.load("https://partner.example/"))
    await decider.waitForCalls()
    // The race's timeout and the blank timer are asleep: the blank deadline comes first.
    await advance(clock, by: .milliseconds(100), onceAsleep: 2)
    let answered = await decision

    XCTAssertEqual(answered.outcome, .blocked(.sessionClosed))
    XCTAssertTrue(popup.isClosed)
    let closed = await events.settle().compactMap(\.closed)
    XCTAssertEqual(closed.map(\.id), ["main.1"])
    XCTAssertEqual(closed.map(\.reason), [.blankTimeout])
    await events.stop()
    await engine.shutdown()
  }

  func test_theRateLimitWindow_isHalfOpen_onTheEnginesClock() {
    var tree = PopupTreeState(root: "main")
    let limits = PopupLimits(
      presentation: .overlay, maxDepth: 3, maxOpen: 8, requireUserGesture: false, maxPerMinute: 1)
    let first = tree.openPopup(
      under: PopupTreeState.rootKey, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank",
      now: .seconds(5))
    guard case .opened = first else { return XCTFail("\(first)") }
    XCTAssertEqual(
      tree.popupRefusal(
        of: PopupTreeState.rootKey, userGesture: false, limits: limits, now: .seconds(65) - .nanoseconds(1)),
      .popupRateLimit)
    XCTAssertNil(tree.popupRefusal(of: PopupTreeState.rootKey, userGesture: false, limits: limits, now: .seconds(65)))
  }
  func test_theTreeState_keepsADeadlineThroughAboutBlankCommits_andDropsItWhenAPageCommits() throws {
    var tree = PopupTreeState(root: "main")
    let limits = PopupLimits(
      presentation: .overlay, maxDepth: 3, maxOpen: 8, requireUserGesture: false, blankTimeoutMilliseconds: 50)
    var keys: [PopupTreeState.Key] = []
    for start in [20, 10] {
      let result = tree.openPopup(
        under: PopupTreeState.rootKey, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank",
        now: .milliseconds(start))
      guard case .opened(let key, _) = result else { return XCTFail("\(result)") }
      keys.append(key)
    }
    XCTAssertTrue(tree.context(of: keys[0]).isBlankPopup)
    _ = tree.commit(try WebAddress("about:blank#x"), site: nil, kind: .newEntry(isPost: false), in: keys[0])
    XCTAssertTrue(tree.context(of: keys[0]).isBlankPopup)
    XCTAssertEqual(tree.earliestBlankDeadline, .milliseconds(60))
    XCTAssertEqual(tree.blankPopupsDue(at: .milliseconds(59)), [])
    XCTAssertEqual(tree.blankPopupsDue(at: .milliseconds(70)), [keys[1], keys[0]], "earliest deadline first")

    _ = tree.commit(try WebAddress("https://site.example/"), site: nil, kind: .newEntry(isPost: false), in: keys[1])
    XCTAssertFalse(tree.context(of: keys[1]).isBlankPopup)
    XCTAssertEqual(tree.blankPopupsDue(at: .milliseconds(70)), [keys[0]])
    XCTAssertEqual(tree.earliestBlankDeadline, .milliseconds(70))
  }
}
