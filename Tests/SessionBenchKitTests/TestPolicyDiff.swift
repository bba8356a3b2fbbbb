import Foundation
import SessionKit
import XCTest

@testable import SessionBenchKit

/// `session-bench diff`: both policies judge the same navigations; changes are counted per (rule, action) pair
/// with up to three examples.
final class TestPolicyDiff: XCTestCase {
  private var realistic: String {
    RepositoryFiles.root.appendingPathComponent("Benchmarks/policies/realistic.json").path
  }

  private func temporaryFile(_ contents: String, extension ext: String = "json") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString).\(ext)")
    try Data(contents.utf8).write(to: url)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }

  /// The realistic policy with `partner-11` cancelling instead of allowing.
  private func realisticWithOneRuleChanged() throws -> String {
    let text = String(decoding: try RepositoryFiles.data("Benchmarks/policies/realistic.json"), as: UTF8.self)
    let rule = #"{"name":"partner-11","match":{"hosts":["partner-11.example","www.partner-11.example"]},"action":"#
    XCTAssertTrue(text.contains(rule + #""allow"}"#))
    return try temporaryFile(text.replacingOccurrences(of: rule + #""allow"}"#, with: rule + #""cancel"}"#))
  }

  func test_aPolicyAgainstItself_changesNothing_andExitsZero() async throws {
    var options = DiffOptions(old: realistic, new: realistic, source: .workload(decisions: 20_000, seed: 1))
    let result = await runDiff(options)
    options.json = true
    let json = await runDiff(options)

    XCTAssertEqual(result.exitCode, 0)
    XCTAssertEqual(result.output, "20000 decisions judged by both policies; 0 changed\n")
    XCTAssertEqual(json.output, "")
  }

  func test_oneRuleChanged_reportsExactlyThatRulesChanges_andExitsOne() async throws {
    let options = DiffOptions(
      old: realistic, new: try realisticWithOneRuleChanged(), source: .workload(decisions: 20_000, seed: 1))
    let changes = try await diffChanges(options)
    let result = await runDiff(options)

    XCTAssertEqual(changes.changes.count, 1)
    let change = try XCTUnwrap(changes.changes.first)
    XCTAssertEqual(
      [change.oldRule, change.newRule, change.oldAction, change.newAction],
      ["partner-11", "partner-11", "allow", "cancel"])
    XCTAssertGreaterThan(change.count, 0)
    XCTAssertEqual(change.examples.count, 3)
    XCTAssertTrue(change.examples.allSatisfy { $0.contains("partner-11.example") }, "\(change.examples)")
    XCTAssertEqual(result.exitCode, 1)
    XCTAssertTrue(result.output.contains("× partner-11 → partner-11, allow → cancel"), result.output)
  }

  func test_urlsAreJudgedAsALinkTapAndAsANewWindow_fromTheGivenPage() async throws {
    let old = try temporaryFile(#"{"version": 1, "include": ["ad-clicks"]}"#)
    let new = try temporaryFile(
      #"""
      {"version": 1, "include": ["ad-clicks"],
       "rules": [{"name": "shop-popups", "match": {"sites": ["shop.example"], "target": "newWindow"},
                  "action": {"popup": "modal"}}]}
      """#)
    let urls = try temporaryFile(
      "# shops\nhttps://shop.example/a\nhttps://www.shop.example/b\n\nhttps://app.example/x\n", extension: "txt")
    var options = DiffOptions(old: old, new: new, source: .urls(file: urls, from: DiffOptions.defaultFrom))
    options.json = true
    let result = await runDiff(options)

    XCTAssertEqual(result.exitCode, 1)
    XCTAssertEqual(
      result.output,
      #"{"oldRule":"ad-clicks/cross-site-new-window","newRule":"shop-popups","oldAction":"{\"external\":\"safari\"}","#
        + #""newAction":"{\"popup\":\"modal\"}","count":2,"examples":["https://shop.example/a","https://www.shop.example/b"]}"#
        + "\n")
  }

  func test_scenariosReplayedUnderEachPolicy_compareOutcomesStepByStep() async throws {
    let scenario = RepositoryFiles.root.appendingPathComponent("Tests/Scenarios/checkout-popup-policy.json").path
    let same = try await diffChanges(DiffOptions(old: realistic, new: realistic, source: .scenarios([scenario])))
    let stricter = try temporaryFile(#"{"version": 1, "default": "cancel"}"#)
    let changed = try await diffChanges(DiffOptions(old: realistic, new: stricter, source: .scenarios([scenario])))

    XCTAssertEqual(same.changes, [])
    XCTAssertGreaterThan(same.judged, 0)
    XCTAssertFalse(changed.changes.isEmpty)
    XCTAssertTrue(changed.changes.allSatisfy { $0.newRule == "default" || $0.newRule == "-" }, "\(changed.changes)")
  }

  func test_anInvalidOrMissingFile_exitsTwo_namingIt() async throws {
    let invalid = try temporaryFile(#"{"version": 1, "rules": [{"name": "x", "action": "maybe"}]}"#)
    let result = await runDiff(DiffOptions(old: realistic, new: invalid))
    let missing = await runDiff(DiffOptions(old: "/nonexistent.json", new: realistic))

    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.output.contains("\(invalid): rules[0].action: \"maybe\" is not an action"), result.output)
    XCTAssertEqual(missing.exitCode, 2)
    XCTAssertTrue(missing.output.contains("/nonexistent.json: cannot read the file"))
  }

  func test_changesKeepTheirFirstThreeExamples_andCountTheRest() {
    var changes = DecisionChanges()
    for url in ["a", "b", "a", "c", "d"] {
      changes.record(url: url, oldRule: "r", oldAction: "allow", newRule: "r", newAction: "cancel")
    }
    changes.record(url: "e", oldRule: "r", oldAction: "allow", newRule: "r", newAction: "allow")

    XCTAssertEqual(changes.judged, 6)
    XCTAssertEqual(changes.changes.map(\.count), [5])
    XCTAssertEqual(changes.changes.first?.examples, ["a", "b", "c"])
  }
}
