import XCTest

@testable import SessionKit

/// Thousands of root sessions deciding at once, each through a realistic mix (same-site and cross-site
/// links, a payment popup and its first load, an iframe, back and reload), decide exactly as one session alone
/// would.
final class ConcurrentSessionsTests: XCTestCase {
  private static let policy = #"""
    {"version": 1, "include": ["google-pay", "ad-clicks"],
     "rules": [{"name": "phone", "match": {"schemes": ["tel"]}, "action": {"external": "system"}}],
     "popups": {"maxOpen": 2}}
    """#

  func test_twoThousandRoots_tenDecisionsEach_decideAsEachWouldAlone() async throws {
    let engine = try makeEngine(Self.policy, events: .lifecycle)
    let events = EventCollector(engine)
    let roots = 2_000
    let problems = await withTaskGroup(of: [String].self) { group in
      for index in 0..<roots {
        group.addTask { await Self.runSession(index, engine: engine) }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }

    XCTAssertEqual(Array(problems.prefix(20)), [], "\(problems.count) problems")
    let all = await events.settle()
    XCTAssertEqual(all.compactMap(\.opened).count, roots)
    XCTAssertEqual(all.compactMap(\.closed).count, roots)
    XCTAssertEqual(all.compactMap(\.external).count, 3 * roots, "ad link, phone, ad _blank")
    XCTAssertTrue(all.compactMap(\.decided).isEmpty, "lifecycle delivery leaves decisions out")
    await events.stop()
  }

  /// Ten decisions in one root session; returns what went differently from the expectation.
  private static func runSession(_ index: Int, engine: SessionEngine) async -> [String] {
    guard let root = try? engine.makeRootSession(id: SessionID("tab-\(index)")) else {
      return ["tab-\(index): the id is taken"]
    }
    let game = "https://game\(index).example/play"
    var problems: [String] = []
    func check(_ step: String, _ decision: NavigationDecision, _ policy: NavigationActionPolicy, _ rule: String) {
      guard decision.policy == policy, decision.trace.rule == rule else {
        problems.append("tab-\(index) \(step): \(decision), expected \(policy) by \(rule)")
        return
      }
    }
    check("load", await root.decide(TestAction.load(game)), .allow, "default")
    do {
      try await root.didCommit(game, kind: .newEntry(isPost: false))
    } catch {
      return ["tab-\(index): cannot commit \(game): \(error)"]
    }
    check(
      "same-site link", await root.decide(TestAction.link("https://game\(index).example/level2", from: game)),
      .allow, "default")
    check(
      "ad link", await root.decide(TestAction.link("https://advertiser.example/offer", from: game)),
      .cancel, "ad-clicks/cross-site-link")
    check(
      "iframe", await root.decide(TestAction.subframeLink("https://game\(index).example/frame2", frame: game)),
      .allow, "default")
    check("phone", await root.decide(TestAction.link("tel:+15551234567", from: game)), .cancel, "phone")
    let pay = "https://pay.google.com/gp/p/ui/pay?tab=\(index)"
    check(
      "pay _blank", await root.decide(TestAction.blankLink(pay, from: game)), .allow,
      "google-pay/pay-and-sign-in-popups")
    let admission = root.admitPopup(for: TestAction.blankLink(pay, from: game))
    guard let popup = admission.child else { return problems + ["tab-\(index): no payment popup: \(admission)"] }
    if popup.id != SessionID("tab-\(index).1") || admission.presentation != .overlay {
      problems.append("tab-\(index): popup \(popup.id) \(String(describing: admission.presentation))")
    }
    check(
      "pay first load", await popup.decide(TestAction.load(pay, gesture: true)), .allow,
      "google-pay/pay-and-sign-in-popups")
    check(
      "ad _blank", await root.decide(TestAction.blankLink("https://advertiser.example/x", from: game)),
      .cancel, "ad-clicks/cross-site-new-window")
    check("reload", await root.decide(TestAction.load(game, from: game, type: .reload)), .allow, "default")
    if popup.windowDidClose() != [popup.id] { problems.append("tab-\(index): popup did not close") }
    check("after close", await popup.decide(TestAction.link(pay)), .cancel, "session-closed")
    root.tearDown()
    return problems
  }
}
