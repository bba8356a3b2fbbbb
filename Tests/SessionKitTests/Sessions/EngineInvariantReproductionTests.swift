import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Issue #26's four cases, reproduced through the public API: the rate limit under racing admissions, a
/// provisional popup's child, a `sameView` load in a provisional popup, and a first load judged twice.
final class EngineInvariantReproductionTests: XCTestCase {
  private static let policy = #"""
    {"version": 1,
     "rules": [{"name": "r-allow", "match": {"hosts": ["allow.example"]}, "action": "allow"},
               {"name": "r-popup", "match": {"hosts": ["popup.example"]}, "action": {"popup": "overlay"}},
               {"name": "r-same", "match": {"hosts": ["same.example"]}, "action": "sameView"},
               {"name": "r-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
     "deciders": {"timeoutMs": 5000, "onTimeout": "cancel"}}
    """#

  func test_threadsRacingAdmissions_neverOpenMoreThanMaxPerMinute_whenOneReadTheClockFirst() throws {
    let clock = LaggingThreadClock()
    let engine = SessionEngine(
      policy: try makePolicy(#"{"version": 1, "popups": {"maxPerMinute": 2}}"#), clock: clock)
    let root = engine.makeRootSession()
    // Thread A reads the clock at 1.000 s; thread B admits two popups at 1.001 s while A is between its read and
    // whatever it does next.
    clock.laggingNow = .milliseconds(1000)
    clock.othersNow = .milliseconds(1001)
    let bAdmitted = DispatchSemaphore(value: 0)
    let outcomes = TestLock<[NavigationOutcome]>([])
    let done = DispatchGroup()
    done.enter()
    done.enter()
    Thread {
      clock.lagOnThisThread(until: bAdmitted)
      let admission = root.admitPopup(for: TestAction.windowOpen("https://a.example/"))
      outcomes.withLock { $0.append(admission.outcome) }
      done.leave()
    }.start()
    Thread {
      clock.lagBegan.wait()
      for index in 1...2 {
        let admission = root.admitPopup(for: TestAction.windowOpen("https://b.example/\(index)"))
        outcomes.withLock { $0.append(admission.outcome) }
      }
      bAdmitted.signal()
      done.leave()
    }.start()
    done.wait()

    let fourth = root.admitPopup(for: TestAction.windowOpen("https://c.example/"))

    XCTAssertEqual(
      root.children.count, 2,
      "maxPerMinute 2, yet \(root.children.map(\.id)) were created within the minute: \(outcomes.withLock { $0 })")
    XCTAssertEqual(fourth.outcome, .blocked(.rateLimit))
  }

  func test_aProvisionalPopupsChild_isRefused_soNoPopupIsAnnouncedBeforeItsOpener() async throws {
    let decider = CountingDecider(answering: .cancel)
    let engine = try makeEngine(Self.policy, deciders: ["confirm": decider])
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root, "https://ask.example/pay")
    XCTAssertTrue(popup.isProvisional)

    let nested = popup.admitPopup(for: TestAction.windowOpen("https://popup.example/nested"))
    _ = await popup.decide(TestAction.load("https://ask.example/pay", gesture: true))

    XCTAssertNil(nested.child, "a popup was created in \(popup.id), which the app was never told about")
    XCTAssertEqual(nested.outcome, .blocked(.policy))
    XCTAssertEqual(nested.trace.rule, "opener-provisional")
    let all = await events.settle()
    var announced: Set<SessionID> = [root.id]
    for opened in all.compactMap(\.opened) {
      XCTAssertTrue(announced.contains(opened.opener), "\(opened.child) announced before its opener \(opened.opener)")
      announced.insert(opened.child)
    }
    XCTAssertEqual(all.compactMap(\.closed).map(\.id), ["main.1"], "only the refused popup closes")
    await events.stop()
  }

  func test_aSameViewAnswerInAProvisionalPopup_isReportedAsRefused_neverPromisedAndDropped() async throws {
    let decider = CountingDecider(answering: .allow)
    let engine = try makeEngine(Self.policy, deciders: ["confirm": decider])
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root, "https://ask.example/pay")
    let url = "https://same.example/article"

    let request = await popup.decide(TestAction.blankLink(url, from: "about:blank"))

    XCTAssertNotEqual(
      request.outcome, .loadInstead(url: url, in: popup.id),
      "the engine promised a load in a provisional popup that it never expects")
    XCTAssertEqual(request.outcome, .blocked(.policy))
    XCTAssertEqual(request.trace.rule, "provisional")
    XCTAssertTrue(popup.isProvisional)
    XCTAssertEqual(decider.callCount, 0)
  }

  func test_aPopupsFirstLoad_isNotJudgedAgain_whenASameViewLoadIsAskedForBeforeIt() async throws {
    let engine = try makeEngine(Self.policy)
    let root = engine.makeRootSession()
    let first = "https://allow.example/first"
    let popup = try openPopup(from: root, first)

    let request = await popup.decide(TestAction.blankLink("https://same.example/second", from: "about:blank"))
    engine.replacePolicy(try makePolicy(DecidePolicyAnswerTests.cancelEverything))
    let firstLoad = await popup.decide(TestAction.load(first, gesture: true))

    XCTAssertEqual(firstLoad.policy, .allow, "the engine-started first load was judged again: \(firstLoad.trace)")
    XCTAssertEqual(firstLoad.trace.rule, "r-allow")
    XCTAssertEqual(request.outcome, .blocked(.policy), "the pending first load is not replaced silently")
    XCTAssertEqual(request.trace.rule, "pending-load")
  }
}
