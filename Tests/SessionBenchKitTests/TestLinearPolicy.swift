import SessionBenchKit
import SessionKit
import XCTest

/// `CompiledPolicy.evaluate` (indexed) against `LinearPolicy` (every rule in order, as written): on random
/// policies, URLs and contexts they must give the same action from the same rule. This guards rewrites of the
/// evaluator; the last test shows the comparison can fail.
final class TestLinearPolicy: XCTestCase {
  private static let policies = 300
  private static let navigationsPerPolicy = 200

  private struct Tally {
    var decisions = 0
    var byRule = 0
    var byDefault = 0
    var invalid = 0
    /// (policy number, rule index) pairs that decided something.
    var decidingRules: Set<[Int]> = []
    var compiledPolicies = 0
  }

  /// Runs every random navigation of every random policy through both evaluators (the linear one built from
  /// `rules(policy)`), calling `compare` for each pair.
  private func run(
    seed: UInt64, policies: Int = policies, navigations: Int = navigationsPerPolicy,
    rules: (CompiledPolicy) -> [PolicyRule] = { $0.rules },
    compare: (PolicyDecision, LinearPolicy.Decision, String) -> Void
  ) -> Tally {
    var generator = SplitMix64(seed: seed)
    var tally = Tally()
    for number in 0..<policies {
      let json = DifferentialPolicies.configuration(using: &generator)
      guard let policy = try? CompiledPolicy(json: Array(json.utf8)) else { continue }
      tally.compiledPolicies += 1
      let linear = LinearPolicy(rules: rules(policy), defaultAction: policy.configuration.defaultAction)
      for _ in 0..<navigations {
        let (action, context) = DifferentialPolicies.navigation(using: &generator)
        let compiled = policy.evaluate(action, in: context)
        let plain = linear.evaluate(action, in: context)
        compare(
          compiled, plain,
          "\(action.requestURL) \(action.navigationType) target \(action.targetFrame == nil ? "new" : action.targetFrame!.isMainFrame ? "main" : "sub") gesture \(action.isUserGesture) from \(context.currentURL?.serialized ?? "nil") blank \(context.isBlankPopup)\n\(json)"
        )
        tally.decisions += 1
        switch compiled.trace.source {
        case .rule(_, let index):
          tally.byRule += 1
          tally.decidingRules.insert([number, index])
        case .defaultAction: tally.byDefault += 1
        case .invalidURL: tally.invalid += 1
        default: break
        }
      }
    }
    return tally
  }

  private static func sameDecision(_ compiled: PolicyDecision, _ plain: LinearPolicy.Decision) -> Bool {
    guard compiled.action == plain.action else { return false }
    switch compiled.trace.source {
    case .rule(_, let index): return plain.ruleIndex == index && !plain.isInvalidURL
    case .defaultAction: return plain.ruleIndex == nil && !plain.isInvalidURL
    case .invalidURL: return plain.isInvalidURL
    default: return false
    }
  }

  func test_compiledEvaluate_decidesAsTheLinearScan_onRandomPolicies() {
    var failures = 0
    let tally = run(seed: 0x5EED_0012) { compiled, plain, what in
      guard !Self.sameDecision(compiled, plain) else { return }
      failures += 1
      if failures <= 5 {
        XCTFail("compiled \(compiled.action) by \(compiled.trace.source.name) vs linear \(plain) for \(what)")
      }
    }
    XCTAssertEqual(failures, 0, "disagreements")
    // The comparison means something only if it covers many rules, the default and invalid URLs.
    XCTAssertGreaterThan(tally.compiledPolicies, Self.policies * 3 / 4, "most random policies are valid")
    XCTAssertGreaterThan(tally.decidingRules.count, 600, "distinct (policy, rule) pairs that decided")
    XCTAssertGreaterThan(tally.byRule, tally.decisions / 3)
    XCTAssertGreaterThan(tally.byDefault, tally.decisions / 20)
    XCTAssertGreaterThan(tally.invalid, 0)
  }

  func test_realisticPolicy_linearScanAgrees_onTheWorkloadsRequests() throws {
    let policy = try CompiledPolicy(RealisticPolicy.configuration())
    let linear = LinearPolicy(policy)
    let catalog = WebCatalog(generatedHosts: 100, seed: 7)
    var rules: Set<Int> = []
    for page in catalog.pages {
      for from in catalog.pages.prefix(48).enumerated().filter({ $0.offset % 3 == 0 }).map(\.element)
        + catalog.pages.suffix(4)
      {
        for (type, target) in [(NavigationType.linkActivated, true), (.other, false), (.formSubmitted, true)] {
          let action = NavigationAction(
            requestURL: page.url, sourceFrame: from.mainFrame, targetFrame: target ? from.mainFrame : nil,
            navigationType: type, isUserGesture: true)
          let compiled = policy.evaluate(action, in: from.context)
          let plain = linear.evaluate(action, in: from.context)
          XCTAssertTrue(Self.sameDecision(compiled, plain), "\(page.url) from \(from.url): \(compiled) vs \(plain)")
          if let index = plain.ruleIndex { rules.insert(index) }
        }
      }
    }
    XCTAssertGreaterThan(rules.count, 20, "rules of the realistic policy that decided")
  }

  /// Dropping one kind of condition from every rule must make the linear evaluation disagree with the compiled
  /// one somewhere: the random navigations reach every condition, so a wrong evaluator cannot pass.
  func test_theComparisonCatchesAnEvaluatorThatIgnoresACondition() {
    let drops: [(String, (inout RuleMatch) -> Void)] = [
      ("hosts", { $0.hosts = nil }), ("sites", { $0.sites = nil }), ("paths", { $0.paths = nil }),
      ("schemes", { $0.schemes = nil }), ("navigationTypes", { $0.navigationTypes = nil }),
      ("target", { $0.target = nil }), ("crossSite", { $0.crossSite = nil }),
      ("crossOrigin", { $0.crossOrigin = nil }), ("userGesture", { $0.userGesture = nil }),
      ("popupFirstLoad", { $0.popupFirstLoad = nil }),
    ]
    for (name, drop) in drops {
      var disagreements = 0
      _ = run(
        seed: 0xBAD_0012, policies: 60, navigations: 100,
        rules: { policy in
          policy.rules.map { rule in
            var rule = rule
            drop(&rule.match)
            return rule
          }
        },
        compare: { compiled, plain, _ in if !Self.sameDecision(compiled, plain) { disagreements += 1 } })
      XCTAssertGreaterThan(disagreements, 50, "ignoring \(name) goes unnoticed")
    }
  }
}
