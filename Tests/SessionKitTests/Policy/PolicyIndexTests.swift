import Dispatch
import XCTest

@testable import SessionKit

/// `CompiledPolicy` indexes rules by exact host, wildcard domain and site. The index is an optimisation only:
/// every decision must be the one a naive scan of the rules in order would make.
final class PolicyIndexTests: XCTestCase {
  private static let largeRuleCount = 100_000
  private static let middleUnindexed = 50_000

  /// 100 000 rules: `r{i}` matches host `h{i}.example` exactly, except every tenth from 3 (`*.d{i}.example`)
  /// and every tenth from 7 (site `s{i}.example`); `r50000` (paths `/middle`) and the last rule (`https` without
  /// a gesture) are unindexed. The default is `cancel`.
  private static let largePolicy: CompiledPolicy = {
    var rules: [PolicyRule] = []
    rules.reserveCapacity(largeRuleCount)
    for index in 0..<largeRuleCount {
      let match: RuleMatch
      switch index {
      case middleUnindexed: match = RuleMatch(paths: [.exact("/middle")])
      case largeRuleCount - 1: match = RuleMatch(schemes: ["https"], userGesture: false)
      case _ where index % 10 == 3: match = RuleMatch(hosts: [.subdomains(of: "d\(index).example")])
      case _ where index % 10 == 7: match = RuleMatch(sites: ["s\(index).example"])
      default: match = RuleMatch(hosts: [.exact("h\(index).example")])
      }
      rules.append(
        PolicyRule(name: "r\(index)", match: match, action: index.isMultiple(of: 2) ? .allow : .popup(.modal)))
    }
    return try! CompiledPolicy(PolicyConfiguration(rules: rules, defaultAction: .cancel))
  }()

  private func assertLargePolicy(
    _ url: String, gesture: Bool = true, decidesBy expected: Int?, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let policy = Self.largePolicy
    let decision = try decide(policy, url, gesture: gesture)
    XCTAssertEqual(decision.trace.ruleIndex, expected, url, file: file, line: line)
    XCTAssertEqual(decision.trace.rule, expected.map { "r\($0)" } ?? "default", url, file: file, line: line)
    let action: PolicyAction =
      switch expected {
      case nil: .cancel
      case let index?: index.isMultiple(of: 2) ? .allow : .popup(.modal)
      }
    XCTAssertEqual(decision.action, action, url, file: file, line: line)
  }

  // MARK: A hundred thousand rules

  func test_aLargePolicy_findsExactHostsAtTheBeginningMiddleAndEnd() throws {
    XCTAssertEqual(Self.largePolicy.rules.count, 100_000)
    try assertLargePolicy("https://h0.example/", decidesBy: 0)
    try assertLargePolicy("https://h1.example/", decidesBy: 1)
    try assertLargePolicy("https://h50001.example/", decidesBy: 50_001)
    try assertLargePolicy("https://H99998.EXAMPLE./", decidesBy: 99_998)
  }

  func test_aLargePolicy_findsWildcardsAtTheBeginningMiddleAndEnd_butNotTheirApex() throws {
    try assertLargePolicy("https://a.d3.example/", decidesBy: 3)
    try assertLargePolicy("https://a.b.d50003.example/", decidesBy: 50_003)
    try assertLargePolicy("https://x.d99993.example/", decidesBy: 99_993)
    try assertLargePolicy("https://d99993.example/", decidesBy: nil)
    try assertLargePolicy("https://a.xd3.example/", decidesBy: nil)
  }

  func test_aLargePolicy_findsSitesAtTheBeginningMiddleAndEnd() throws {
    try assertLargePolicy("https://s7.example/", decidesBy: 7)
    try assertLargePolicy("https://www.s50007.example/", decidesBy: 50_007)
    try assertLargePolicy("http://a.b.s99997.example:8080/", decidesBy: 99_997)
  }

  func test_aLargePolicy_fallsThroughToUnindexedRulesInOrder_forAHostNoRuleNames() throws {
    try assertLargePolicy("https://nowhere.example/", decidesBy: nil)
    try assertLargePolicy("https://nowhere.example/middle", decidesBy: 50_000)
    try assertLargePolicy("https://nowhere.example/", gesture: false, decidesBy: 99_999)
    try assertLargePolicy("https://nowhere.example/middle", gesture: false, decidesBy: 50_000)
    try assertLargePolicy("http://nowhere.example/", gesture: false, decidesBy: nil)
    try assertLargePolicy("tel:+15551234567", gesture: false, decidesBy: nil)
  }

  func test_aLargePolicy_letsAnEarlierUnindexedRuleWin_overALaterIndexedOne() throws {
    try assertLargePolicy("https://h70001.example/middle", decidesBy: 50_000)
    try assertLargePolicy("https://a.d70003.example/middle", decidesBy: 50_000)
    try assertLargePolicy("https://s70007.example/middle", decidesBy: 50_000)
    try assertLargePolicy("https://h10.example/middle", decidesBy: 10)
    try assertLargePolicy("https://h99998.example/", gesture: false, decidesBy: 99_998)
  }

  func test_aLargePolicy_findsTheRuleOfEveryListedHost_andNoneForTheRest() throws {
    // Index scaling itself is measured with `session-bench --rules N`, not timed here.
    let policy = Self.largePolicy
    let requests = try (0..<1_000).map { index in
      try PolicyRequest(navigationAction("https://h\(index * 97).example/unknown"))
    }
    let context = try policyContext(.showing("https://example.com/"))
    var matched = 0
    for request in requests where policy.evaluate(request, in: context).trace.ruleIndex != nil { matched += 1 }
    XCTAssertEqual(matched, 800)
  }

  // MARK: Small policies, every kind of rule mixed

  func test_anUnindexedRuleAtIndex0_winsOverAnIndexedRuleAtIndex5() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON("promo-paths", match: #"{"paths": ["/promo/*"]}"#, action: #""cancel""#),
      ruleJSON("a", match: #"{"hosts": ["a.example"]}"#),
      ruleJSON("b", match: #"{"hosts": ["*.b.example"]}"#),
      ruleJSON("c", match: #"{"sites": ["c.example"]}"#),
      ruleJSON("d", match: #"{"hosts": ["d.example"]}"#),
      ruleJSON("shop", match: #"{"hosts": ["shop.example"]}"#, action: #"{"popup": "modal"}"#),
    ])
    let promo = try decide(policy, "https://shop.example/promo/1")
    XCTAssertEqual(promo.trace.rule, "promo-paths")
    XCTAssertEqual(promo.trace.ruleIndex, 0)
    XCTAssertEqual(promo.action, .cancel)
    let shop = try decide(policy, "https://shop.example/cart")
    XCTAssertEqual(shop.trace.rule, "shop")
    XCTAssertEqual(shop.trace.ruleIndex, 5)
    XCTAssertEqual(shop.action, .popup(.modal))
  }

  func test_exactWildcardSiteAndUnindexedRules_competeByPositionOnly() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON("exact-new-window", match: #"{"hosts": ["pay.example.com"], "target": "newWindow"}"#),
      ruleJSON("site-no-gesture", match: #"{"sites": ["example.com"], "userGesture": false}"#),
      ruleJSON("wildcard-cross-site", match: #"{"hosts": ["*.example.com"], "crossSite": true}"#),
      ruleJSON("reloads", match: #"{"navigationTypes": ["reload"]}"#),
      ruleJSON("exact", match: #"{"hosts": ["pay.example.com"]}"#),
      ruleJSON("site", match: #"{"sites": ["example.com"]}"#),
      ruleJSON("any-subframe", match: #"{"target": "subframe"}"#),
    ])
    let merchant = PolicyTestSession.showing("https://merchant.example/")
    let home = PolicyTestSession.showing("https://www.example.com/")
    let url = "https://pay.example.com/"
    XCTAssertEqual(try decide(policy, url, target: .newWindow, from: home).trace.rule, "exact-new-window")
    XCTAssertEqual(try decide(policy, url, gesture: false, from: home).trace.rule, "site-no-gesture")
    XCTAssertEqual(try decide(policy, url, from: merchant).trace.rule, "wildcard-cross-site")
    XCTAssertEqual(try decide(policy, url, type: .reload, from: home).trace.rule, "reloads")
    XCTAssertEqual(try decide(policy, url, from: home).trace.rule, "exact")
    XCTAssertEqual(try decide(policy, "https://example.com/", from: home).trace.rule, "site")
    XCTAssertEqual(try decide(policy, "https://example.net/", target: .subframe, from: home).trace.rule, "any-subframe")
    XCTAssertEqual(try decide(policy, "https://example.net/", from: home).trace.rule, "default")
  }

  func test_aRuleListingAHostTwiceOrMatchingItTwoWays_decidesOnce() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON(
        "twice", match: #"{"hosts": ["a.example.com", "A.example.com.", "*.example.com"]}"#, action: #""cancel""#),
      ruleJSON("later", match: #"{"hosts": ["a.example.com"]}"#),
    ])
    let decision = try decide(policy, "https://a.example.com/")
    XCTAssertEqual(decision.trace.rule, "twice")
    XCTAssertEqual(decision.trace.ruleIndex, 0)
  }

  func test_aRuleWhoseIndexedHostMatchesButAnotherConditionFails_letsTheNextCandidateDecide() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON("exact-but-new-window", match: #"{"hosts": ["a.example.com"], "target": "newWindow"}"#),
      ruleJSON("wildcard-but-subframe", match: #"{"hosts": ["*.example.com"], "target": "subframe"}"#),
      ruleJSON("site-but-reload", match: #"{"sites": ["example.com"], "navigationTypes": ["reload"]}"#),
      ruleJSON("wildcard", match: #"{"hosts": ["*.example.com"]}"#, action: #""download""#),
      ruleJSON("exact", match: #"{"hosts": ["a.example.com"]}"#),
    ])
    let decision = try decide(policy, "https://a.example.com/")
    XCTAssertEqual(decision.trace.rule, "wildcard")
    XCTAssertEqual(decision.action, .download)
  }

  func test_IPLiteralHostsAndSites_areFoundThroughTheIndex() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON("v4", match: #"{"hosts": ["10.0.0.1"]}"#),
      ruleJSON("v6-site", match: #"{"sites": ["[2001:db8::1]"]}"#),
      ruleJSON("v6", match: #"{"hosts": ["[::1]"]}"#),
    ])
    XCTAssertEqual(try decide(policy, "http://10.0.0.1/").trace.rule, "v4")
    XCTAssertEqual(try decide(policy, "http://0xa000001/").trace.rule, "v4")
    XCTAssertEqual(try decide(policy, "http://[2001:DB8:0::1]:8080/").trace.rule, "v6-site")
    XCTAssertEqual(try decide(policy, "http://[::1]/").trace.rule, "v6")
    XCTAssertEqual(try decide(policy, "http://10.0.0.2/").trace.rule, "default")
  }

  // MARK: Differential

  func test_indexedEvaluation_agreesWithALinearFirstMatch_onRandomPoliciesAndNavigations() throws {
    try assertAgreesWithLinearFirstMatch(seeds: [1, 2, 3, 4], urls: RandomPolicyWorkload.urls)
  }

  func test_indexedEvaluation_agreesWithALinearFirstMatch_forNonSpecialURLsWithOpaqueHosts() throws {
    let opaque = RandomPolicyWorkload.domains.flatMap { ["itms-apps://\($0)/app/id1", "myapp://\($0)/pay"] }
    try assertAgreesWithLinearFirstMatch(seeds: [5, 6], urls: RandomPolicyWorkload.urls + opaque)
  }

  /// For each seed: a random policy of 200 rules and 500 random navigations, decided by the compiled policy and
  /// by ``LinearPolicyReference``. The workload is checked too: most decisions must come from indexed rules, many
  /// from deep in the list, and some from the default, or the comparison would prove little.
  private func assertAgreesWithLinearFirstMatch(
    seeds: [UInt64], urls: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var mismatches: [String] = []
    var decisions: [(ruleIndex: Int?, isIndexed: Bool)] = []
    for seed in seeds {
      var generator = SeededGenerator(seed: seed)
      let configuration = RandomPolicyWorkload.configuration(rules: 200, using: &generator)
      let policy = try CompiledPolicy(configuration)
      let reference = try LinearPolicyReference(configuration)
      for _ in 0..<500 {
        let url = urls.randomElement(using: &generator)!
        let session = RandomPolicyWorkload.sessions.randomElement(using: &generator)!
        let request = try PolicyRequest(
          address: try address(url), navigationType: NavigationType.allCases.randomElement(using: &generator)!,
          target: NavigationTarget.allCases.randomElement(using: &generator)!,
          isUserGesture: Bool.random(using: &generator))
        let context = try policyContext(session)
        let expected = reference.decide(request, in: context)
        let actual = ReferenceDecision(policy.evaluate(request, in: context))
        let decidingMatch = expected.ruleIndex.map { reference.rules[$0].match }
        decisions.append((expected.ruleIndex, decidingMatch.map { $0.hosts != nil || $0.sites != nil } ?? false))
        if actual != expected {
          mismatches.append(
            "seed \(seed): \(request.navigationType) \(request.target) gesture \(request.isUserGesture) \(url) "
              + "from \(session): expected \(expected), got \(actual)")
        }
      }
    }
    let count = decisions.count
    XCTAssertEqual(count, seeds.count * 500, file: file, line: line)
    XCTAssertGreaterThan(
      decisions.filter(\.isIndexed).count, count / 2, "too few indexed decisions", file: file, line: line)
    XCTAssertGreaterThan(
      decisions.filter { ($0.ruleIndex ?? 0) > 20 }.count, count / 5, "too few deep rules", file: file, line: line)
    XCTAssertGreaterThan(
      decisions.filter { $0.ruleIndex == nil }.count, count / 50, "too few defaults", file: file, line: line)
    XCTAssertEqual(
      mismatches.count, 0, "\(mismatches.count) mismatches:\n" + mismatches.prefix(10).joined(separator: "\n"),
      file: file, line: line)
  }
}
