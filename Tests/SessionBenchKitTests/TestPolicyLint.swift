import Foundation
import SessionKit
import XCTest

@testable import SessionBenchKit

/// `session-bench lint`: the findings of §7.2, their JSON paths and levels, the soundness of `unreachable`, the
/// probe of hostile spellings, and the exit statuses.
final class TestPolicyLint: XCTestCase {
  private func findings(_ json: String, deciders: Set<String>? = nil) throws -> [LintFinding] {
    try PolicyLint(json: Array(json.utf8), declaredDeciders: deciders).findings()
  }

  private func temporaryFile(_ contents: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json")
    try Data(contents.utf8).write(to: url)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }

  private static let threeMistakes = #"""
    {"version": 1,
     "rules": [
       {"name": "uk-shops", "match": {"hosts": ["*.co.uk"]}, "action": "allow"},
       {"name": "our-sites", "match": {"hosts": ["*.example.com"]}, "action": "allow"},
       {"name": "pay", "match": {"hosts": ["pay.example.com"], "target": "newWindow"}, "action": {"popup": "modal"}},
       {"name": "phones", "match": {"schemes": ["tel"]}, "action": {"external": "safari"}}
     ]}
    """#

  func test_wildcardOnAPublicSuffix_ruleShadowedByAnEarlierOne_andSafariOnTel_areTheThreeErrors() throws {
    let found = try findings(Self.threeMistakes)

    XCTAssertEqual(found.map(\.code), [.publicSuffixWildcard, .unreachable, .safariScheme])
    XCTAssertEqual(found.map(\.path), ["rules[0].match.hosts[0]", "rules[2]", "rules[3].action"])
    XCTAssertEqual(found.map(\.level), [.error, .error, .error])
    XCTAssertTrue(found[1].message.contains("rules[1] (\"our-sites\")"), found[1].message)
  }

  func test_theLintCommand_printsTheErrors_andExitsOne_orAsJSONLines() throws {
    let path = try temporaryFile(Self.threeMistakes)
    var options = LintOptions(file: path)
    let text = runLint(options)
    options.json = true
    let json = runLint(options)

    XCTAssertEqual(text.exitCode, 1)
    XCTAssertTrue(text.output.hasPrefix("error rules[0].match.hosts[0]: \"*.co.uk\" matches every site"), text.output)
    XCTAssertEqual(json.exitCode, 1)
    let lines = json.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3)
    let first = try JSONValue(parsing: lines[0])
    XCTAssertEqual(first["level"], .string("error"))
    XCTAssertEqual(first["path"], .string("rules[0].match.hosts[0]"))
    XCTAssertEqual(first["code"], .string("public-suffix-wildcard"))
  }

  func test_aPresetRuleShadowedByAnEarlierPreset_isUnreachable_andNamedByItsInclude() throws {
    let found = try findings(#"{"version": 1, "include": ["webkit-default", "google-pay"]}"#)

    XCTAssertEqual(found.map(\.code), [.unreachable])
    XCTAssertEqual(found.first?.path, "include[1]")
    XCTAssertTrue(found.first?.message.contains("google-pay/pay-and-sign-in-popups") == true)
    XCTAssertTrue(found.first?.message.contains("\"webkit-default/new-windows\"") == true)
  }

  func test_anOwnRuleThatCatchesEveryNewWindow_shadowsThePresetsNewWindowRules() throws {
    let found = try findings(
      #"""
      {"version": 1, "include": ["ad-clicks"],
       "rules": [{"name": "no-windows", "match": {"target": "newWindow"}, "action": "cancel"}]}
      """#)

    XCTAssertEqual(found.filter { $0.code == .unreachable }.map(\.message).count, 2)
    XCTAssertTrue(found.allSatisfy { $0.path == "include[0]" })
  }

  func test_narrowerConditionsThatDoNotFollowFromTheEarlierRule_areNotUnreachable() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "a", "match": {"hosts": ["pay.example.com"], "paths": ["/checkout/*"]}, "action": "allow"},
        {"name": "b", "match": {"hosts": ["pay.example.com"]}, "action": "cancel"},
        {"name": "c", "match": {"sites": ["example.com"], "crossSite": true}, "action": "cancel"},
        {"name": "d", "match": {"hosts": ["example.com", "*.example.com"]}, "action": "allow"},
        {"name": "e", "match": {"sites": ["example.com"]}, "action": "cancel"}
      ]}
      """#)

    XCTAssertEqual(found.map(\.code), [.unreachable])
    XCTAssertEqual(found.first?.path, "rules[4]", "the site is covered by the exact host and *. together")
  }

  func test_warnings_nameTheCanonicalHost_aPopupOffNewWindows_andAnUndeclaredDecider() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "shop", "match": {"hosts": ["Shop.Example.com."], "target": "mainFrame"}, "action": {"popup": "modal"}},
        {"name": "idn", "match": {"sites": ["bücher.example"]}, "action": {"ask": "confirm"}}
      ], "default": {"ask": "review"}}
      """#, deciders: ["confirm"])

    XCTAssertEqual(found.map(\.code), [.nonCanonicalHost, .popupNeverNewWindow, .nonCanonicalHost, .undeclaredDecider])
    XCTAssertEqual(
      found.map(\.path), ["rules[0].match.hosts[0]", "rules[0].action", "rules[1].match.sites[0]", "default"])
    XCTAssertTrue(found[0].message.contains("write \"shop.example.com\""), found[0].message)
    XCTAssertTrue(found[2].message.contains("xn--bcher-kva.example"), found[2].message)
    XCTAssertTrue(found.allSatisfy { $0.level == .warning })
  }

  func test_warningsPass_unlessStrict_andAnInvalidFileExitsTwo() throws {
    let warned = try temporaryFile(
      #"{"version": 1, "rules": [{"name": "a", "match": {"hosts": ["A.example"]}, "action": "allow"}]}"#)
    var options = LintOptions(file: warned)
    XCTAssertEqual(runLint(options).exitCode, 0)
    options.strict = true
    XCTAssertEqual(runLint(options).exitCode, 1)

    let invalid = runLint(LintOptions(file: try temporaryFile(#"{"version": 1, "rules": [{"name": "a"}]}"#)))
    XCTAssertEqual(invalid.exitCode, 2)
    XCTAssertTrue(invalid.output.contains("rules[0]: a rule needs an \"action\""), invalid.output)
    XCTAssertEqual(runLint(LintOptions(file: "/nonexistent/policy.json")).exitCode, 2)
  }

  func test_theRealisticBenchmarkPolicy_lintsClean() throws {
    let path = RepositoryFiles.root.appendingPathComponent("Benchmarks/policies/realistic.json").path
    var options = LintOptions(file: path)
    options.strict = true
    let result = runLint(options)

    XCTAssertEqual(result.output, "")
    XCTAssertEqual(result.exitCode, 0)
  }

  func test_probe_showsThatHostileSpellingsOfAHost_areNotDecidedByItsRule() throws {
    let lint = try PolicyLint(
      json: Array(
        #"""
        {"version": 1, "default": "cancel",
         "rules": [{"name": "shop", "match": {"hosts": ["example.com"]}, "action": "allow"}]}
        """#.utf8))
    let lines = try PolicyProbe(lint).lines()
    let decidedBy = Dictionary(uniqueKeysWithValues: lines.map { ($0.spelling, $0.decidedBy) })

    XCTAssertEqual(lines.first?.url, "https://example.com.evil.net/")
    XCTAssertEqual(decidedBy["suffix-extension"], "default")
    XCTAssertEqual(decidedBy["userinfo"], "default")
    XCTAssertEqual(decidedBy["path-at"], "default")
    XCTAssertEqual(decidedBy["backslash-at"], "default")
    XCTAssertEqual(decidedBy["homograph"], "default")
    XCTAssertEqual(decidedBy["case-and-trailing-dot"], "shop", "the same host, spelled otherwise")
  }

  func test_theLintCommandWithProbe_printsAProbeLineForEachSpelling_afterTheFindings() throws {
    let path = try temporaryFile(
      #"{"version": 1, "rules": [{"name": "shop", "match": {"hosts": ["example.com"]}, "action": "allow"}]}"#)
    var options = LintOptions(file: path)
    options.probe = true
    let text = runLint(options)
    options.json = true
    let json = runLint(options)

    XCTAssertEqual(text.exitCode, 0)
    XCTAssertTrue(
      text.output.hasPrefix(
        "probe rules[0] \"shop\" suffix-extension: https://example.com.evil.net/ → default (allow)\n"), text.output)
    XCTAssertEqual(text.output.split(separator: "\n").count, 6)
    let first = try JSONValue(parsing: String(json.output.split(separator: "\n")[0]))
    XCTAssertEqual(first["decidedBy"], .string("default"))
    XCTAssertEqual(first["spelling"], .string("suffix-extension"))
  }

  /// The soundness of `unreachable`: on random policies over a small vocabulary, where rules overlap often, no
  /// rule lint calls unreachable ever decides any of many random requests.
  func test_aRuleLintCallsUnreachable_neverDecides_onRandomPoliciesAndRequests() throws {
    var generator = SplitMix64(seed: 0x5EED_0015)
    var unreachableSeen = 0
    for _ in 0..<300 {
      let json = RandomPolicies.configuration(using: &generator)
      let lint = try PolicyLint(json: Array(json.utf8))
      let unreachable = Set(lint.unreachableRuleIndices())
      unreachableSeen += unreachable.count
      let policy = try CompiledPolicy(lint.configuration)
      for _ in 0..<200 {
        let (request, context) = RandomPolicies.request(using: &generator)
        guard case .rule(let name, let index) = policy.evaluate(request, in: context).trace.source else { continue }
        XCTAssertFalse(
          unreachable.contains(index), "\(name) decided \(request.address) but lint calls it unreachable:\n\(json)")
      }
    }
    XCTAssertGreaterThan(unreachableSeen, 100, "the random policies shadow rules often enough to test something")
  }
}
