import XCTest

@testable import SessionKit

/// `shadow(_:)` evaluates every live decision under a candidate too and reports where they differ; the live
/// answers never change.
final class ShadowPolicyTests: XCTestCase {
  private static let live = #"""
    {"version": 1,
     "rules": [{"name": "own-popups", "match": {"sites": ["site.example"], "target": "newWindow"},
                "action": {"popup": "overlay"}},
               {"name": "phones", "match": {"schemes": ["tel"]}, "action": {"external": "system"}}],
     "default": "allow"}
    """#

  /// A candidate that decides every navigation otherwise: another rule and another action each time.
  private static let contrary = #"""
    {"version": 1,
     "rules": [{"name": "refuse-everything", "match": {}, "action": "cancel"}],
     "default": "allow"}
    """#

  private static let actions: [NavigationAction] = [
    TestAction.link("https://site.example/next"),
    TestAction.link("https://other.example/"),
    TestAction.link("tel:+15551234567"),
    TestAction.subframeLink("https://ads.example/slot"),
    TestAction.blankLink("https://partner.example/"),
    TestAction.load("https://site.example/reload", from: "https://site.example/", type: .reload),
  ]

  func test_liveAnswersAreTheSame_whileTheShadowDisagreesOnEveryDecision() async throws {
    let unshadowed = try makeEngine(Self.live, events: .none)
    let shadowed = try makeEngine(Self.live)
    let candidate = try makePolicy(Self.contrary)
    shadowed.shadow(candidate)
    let collector = EventCollector(shadowed)
    let plainRoot = unshadowed.makeRootSession()
    let shadowedRoot = shadowed.makeRootSession()

    for action in Self.actions {
      let expected = await plainRoot.decide(action)
      let got = await shadowedRoot.decide(action)
      XCTAssertEqual(got.outcome, expected.outcome, action.requestURL)
      XCTAssertEqual(got.action, expected.action, action.requestURL)
      XCTAssertEqual(got.trace.source, expected.trace.source, action.requestURL)
    }
    let popup = shadowedRoot.admitPopup(for: TestAction.windowOpen("https://site.example/popup"))

    XCTAssertNotNil(popup.child, "the live policy opens the popup although the shadow would refuse it")
    let disagreements = await collector.settle().compactMap { event -> (String, PolicyDecision, PolicyDecision)? in
      guard case .shadowDisagreement(_, let url, let live, let candidate) = event else { return nil }
      return (url, live, candidate)
    }
    XCTAssertEqual(disagreements.map(\.0), Self.actions.map(\.requestURL) + ["https://site.example/popup"])
    for (_, live, shadow) in disagreements {
      XCTAssertEqual(shadow.trace.source.name, "refuse-everything")
      XCTAssertEqual(shadow.trace.snapshot, candidate.snapshot)
      XCTAssertEqual(live.trace.snapshot, shadowed.policy.snapshot)
      XCTAssertNotEqual(live.trace.source.name, shadow.trace.source.name)
    }
    await collector.stop()
  }

  func test_aCandidateThatAgrees_emitsNothing_andNilStopsShadowing() async throws {
    let engine = try makeEngine(Self.live)
    let collector = EventCollector(engine)
    let root = engine.makeRootSession()
    engine.shadow(try makePolicy(Self.live))

    _ = await root.decide(TestAction.link("https://site.example/next"))
    engine.shadow(nil)
    _ = await root.decide(TestAction.link("https://other.example/"))

    XCTAssertNil(engine.shadowPolicy)
    let events = await collector.settle()
    XCTAssertFalse(events.contains { if case .shadowDisagreement = $0 { true } else { false } })
    XCTAssertEqual(events.count, 2, "one navigationDecided per decision, nothing else")
    await collector.stop()
  }

  func test_stoppingTheShadow_endsTheDisagreements() async throws {
    let engine = try makeEngine(Self.live)
    let collector = EventCollector(engine)
    let root = engine.makeRootSession()
    engine.shadow(try makePolicy(Self.contrary))

    _ = await root.decide(TestAction.link("https://site.example/one"))
    engine.shadow(nil)
    _ = await root.decide(TestAction.link("https://site.example/two"))

    let urls = await collector.settle().compactMap { event -> String? in
      guard case .shadowDisagreement(_, let url, _, _) = event else { return nil }
      return url
    }
    XCTAssertEqual(urls, ["https://site.example/one"])
    await collector.stop()
  }
}
