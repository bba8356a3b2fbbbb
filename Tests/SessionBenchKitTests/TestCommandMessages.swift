import Foundation
import SessionBenchKit
import XCTest

@testable import SessionKit

/// Error messages say what is wrong and where: the scheme written with its colon, the near miss of an unknown
/// key (policy and scenario, with its JSON path), and the file an error belongs to.
final class TestCommandMessages: XCTestCase {
  private var files: TemporaryFiles!

  override func setUpWithError() throws {
    files = try TemporaryFiles(self)
  }

  private let scenario = #"""
    {"policy": {"version": 1, "include": ["ad-clicks"]},
     "steps": [{"load": "https://publisher.example/", "expect": {"outcome": "navigated"}}]}
    """#

  func test_aSchemeWrittenWithItsColon_saysToDropIt() async throws {
    let policy = #"{"version": 1, "rules": [{"name": "s", "match": {"schemes": ["https:"]}, "action": "allow"}]}"#
    let path = try files.write("schemes.json", policy)
    let run = await CommandRun.run(["lint", path])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(
      run.errors,
      "session-bench lint: \(path): rules[0].match.schemes[0]: \"https:\" ends with \":\"; write \"https\"\n")
  }

  func test_anUnknownPolicyKey_suggestsTheClosestKey_keepingItsPath() async throws {
    let policy = #"{"version": 1, "rules": [{"name": "h", "match": {"host": ["a.example"]}, "action": "allow"}]}"#
    let run = await CommandRun.run(["lint", try files.write("host.json", policy)])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.contains(#"rules[0].match.host: unknown key; did you mean "hosts"?"#), run.errors)
  }

  func test_anUnknownScenarioKey_suggestsTheClosestKey_keepingItsPath() async throws {
    let misspelled = scenario.replacingOccurrences(of: #""expect""#, with: #""expcet""#)
    let path = try files.write("typo.json", misspelled)
    let run = await CommandRun.run(["replay", path])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.contains(#"\#(path): steps[0].expcet: unknown key; did you mean "expect"?"#), run.errors)

    let outcome = scenario.replacingOccurrences(of: #""outcome""#, with: #""Outcome""#)
    let caseRun = await CommandRun.run(["replay", try files.write("case.json", outcome)])
    XCTAssertTrue(
      caseRun.errors.contains(#"steps[0].expect.Outcome: unknown key; did you mean "outcome"?"#), caseRun.errors)
  }

  func test_replayWithABadPolicy_namesThePolicyFile_notTheScenario() async throws {
    let scenarioPath = try files.write("scenario.json", scenario)
    let policyPath = try files.write("bad-policy.json", #"{"version": 1, "rules": [{"name": "x"}]}"#)
    let run = await CommandRun.run(["replay", scenarioPath, "--policy", policyPath])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.hasPrefix("session-bench replay: \(policyPath): "), run.errors)
    XCTAssertFalse(run.errors.contains(scenarioPath), run.errors)
  }

  func test_anUnknownOption_suggestsTheNearMiss() async {
    let run = await CommandRun.run(["lint", "policy.json", "--prob"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(
      run.errors,
      "session-bench: unknown option \"--prob\" for lint; did you mean --probe? (see session-bench help lint)\n")
  }

  // MARK: Near misses

  func test_nearMiss_prefersTheSameLettersInAnotherCase_thenTheFewestEdits() {
    XCTAssertEqual(NearMiss.closest(to: "Hosts", among: ["hosts", "host"]), "hosts")
    XCTAssertEqual(NearMiss.closest(to: "host", among: ["hosts", "sites", "paths"]), "hosts")
    XCTAssertEqual(NearMiss.closest(to: "hsots", among: ["hosts", "sites"]), "hosts", "a transposition is one edit")
    XCTAssertEqual(NearMiss.closest(to: "maxDept", among: ["maxDepth", "maxOpen"]), "maxDepth")
  }

  func test_nearMiss_suggestsNothing_beyondTwoEdits_orForAValidName() {
    XCTAssertNil(NearMiss.closest(to: "timeout", among: ["onTimeout", "delayMs"]))
    XCTAssertNil(NearMiss.closest(to: "to", among: ["in", "id"]), "replacing every letter is no near miss")
    XCTAssertNil(NearMiss.closest(to: "hosts", among: ["hosts", "host"]))
  }
}
