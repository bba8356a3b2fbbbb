import Foundation
import SessionBenchKit
import XCTest

/// Every command exits 0 when all is well, 1 when a check failed and 2 on invalid input or usage, run through
/// the executable's own runner.
final class TestExitStatuses: XCTestCase {
  private var files: TemporaryFiles!

  override func setUpWithError() throws {
    files = try TemporaryFiles(self)
  }

  private let passingScenario = #"""
    {"policy": {"version": 1, "include": ["ad-clicks"]},
     "steps": [{"load": "https://publisher.example/", "expect": {"outcome": "navigated"}},
               {"click": "https://advertiser.example/", "target": "_blank",
                "expect": {"outcome": "external", "via": "safari"}}]}
    """#

  private var failingScenario: String {
    passingScenario.replacingOccurrences(of: #""via": "safari""#, with: #""via": "system""#)
  }

  private let cleanPolicy =
    #"{"version": 1, "rules": [{"name": "a", "match": {"hosts": ["a.example"]}, "action": "cancel"}]}"#

  // MARK: replay

  func test_replay_exitsZeroWhenEveryExpectHolds_oneWhenOneFails_twoOnAnInvalidFile() async throws {
    let passing = await CommandRun.run(["replay", try files.write("pass.json", passingScenario)])
    XCTAssertEqual(passing.status, 0, passing.errors)
    let failing = await CommandRun.run(["replay", try files.write("fail.json", failingScenario)])
    XCTAssertEqual(failing.status, 1)
    XCTAssertTrue(failing.errors.contains(#"steps[1].expect.via: expected "system", got "safari""#), failing.errors)
    let invalid = await CommandRun.run(["replay", try files.write("bad.json", #"{"steps": [{"jump": 1}]}"#)])
    XCTAssertEqual(invalid.status, 2)
    let missing = await CommandRun.run(["replay", files.directory.appendingPathComponent("none.json").path])
    XCTAssertEqual(missing.status, 2)
    let usage = await CommandRun.run(["replay"])
    XCTAssertEqual(usage.status, 2)
  }

  // MARK: compare

  func test_compare_exitsOneOnARegression_notTwo_andTwoOnInvalidInputOrUsage() async throws {
    let base = ProfileFixtures.standardProfile()
    // engine.decide twice as slow, its baselines not: a regression by the figure and by its in-run ratios. (Every
    // result twice as slow would be the machine, not the code: see TestNoiseAwareComparison.)
    var regressed = base
    regressed.results[0].latencyNs = ProfileFixtures.latency(scale: 2)
    let basePath = try files.write("base.json", String(decoding: base.encode(), as: UTF8.self))
    let newPath = try files.write("new.json", String(decoding: regressed.encode(), as: UTF8.self))

    let same = await CommandRun.run(["compare", basePath, basePath])
    XCTAssertEqual(same.status, 0, same.errors)
    let regression = await CommandRun.run(["compare", basePath, newPath, "--max-regression", "10"])
    XCTAssertEqual(regression.status, 1, "a regression is a failed check: exit 1 (session-bench compare --help)")
    XCTAssertTrue(regression.output.contains("REGRESSION"), regression.output)
    let garbage = await CommandRun.run(["compare", basePath, try files.write("garbage.json", "{")])
    XCTAssertEqual(garbage.status, 2)
    let usage = await CommandRun.run(["compare", basePath])
    XCTAssertEqual(usage.status, 2)
  }

  // MARK: lint

  func test_lint_exitsZeroClean_oneOnAnError_twoOnAnInvalidFile() async throws {
    let clean = await CommandRun.run(["lint", try files.write("clean.json", cleanPolicy)])
    XCTAssertEqual(clean.status, 0, clean.errors)
    let wildcard = #"{"version": 1, "rules": [{"name": "w", "match": {"hosts": ["*.co.uk"]}, "action": "allow"}]}"#
    let error = await CommandRun.run(["lint", try files.write("wildcard.json", wildcard)])
    XCTAssertEqual(error.status, 1)
    let invalid = await CommandRun.run(["lint", try files.write("invalid.json", #"{"version": 1, "rulez": []}"#)])
    XCTAssertEqual(invalid.status, 2)
    let usage = await CommandRun.run(["lint", "--strict"])
    XCTAssertEqual(usage.status, 2)
  }

  // MARK: diff

  func test_diff_exitsZeroUnchanged_oneOnAChangedDecision_twoOnAnInvalidFile() async throws {
    let urls = try files.write("urls.txt", "https://a.example/\nhttps://b.example/\n")
    let old = try files.write("old.json", cleanPolicy)
    let changed = try files.write("new.json", cleanPolicy.replacingOccurrences(of: "cancel", with: "allow"))
    let same = await CommandRun.run(["diff", old, old, "--urls", urls])
    XCTAssertEqual(same.status, 0, same.errors)
    let different = await CommandRun.run(["diff", old, changed, "--urls", urls])
    XCTAssertEqual(different.status, 1, different.errors)
    let invalid = await CommandRun.run(["diff", old, try files.write("bad.json", "[]"), "--urls", urls])
    XCTAssertEqual(invalid.status, 2)
    let usage = await CommandRun.run(["diff", old])
    XCTAssertEqual(usage.status, 2)
  }

  // MARK: soak, run, instructions, help

  func test_soak_exitsZeroWithoutViolations_andTwoOnUsage() async {
    let clean = await CommandRun.run([
      "soak", "--decisions", "300", "--roots", "8", "--engines", "2", "--concurrency", "4", "--quiet",
    ])
    XCTAssertEqual(clean.status, 0, clean.errors)
    XCTAssertTrue(clean.output.contains("violations: 0"), clean.output)
    let usage = await CommandRun.run(["soak", "--throw-rate", "2"])
    XCTAssertEqual(usage.status, 2)
  }

  func test_run_exitsTwo_onAMissingPolicy_andOnAnOutputFileItCannotWrite() async throws {
    let tiny = ["--sessions", "100", "--decisions", "500", "--concurrency", "2", "--quiet"]
    let missing = await CommandRun.run(tiny + ["--policy", files.directory.appendingPathComponent("none.json").path])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.errors.contains("No such file or directory"), missing.errors)
    let unwritable = await CommandRun.run(tiny + ["--json", files.directory.path])
    XCTAssertEqual(unwritable.status, 2, unwritable.errors)
    let usage = await CommandRun.run(["run", "--sessions", "none"])
    XCTAssertEqual(usage.status, 2)
  }

  func test_instructions_andHelp_exitZero_andTwoOnUsage() async {
    let counted = await CommandRun.run(["help", "instructions"])
    XCTAssertEqual(counted.status, 0)
    let usage = await CommandRun.run(["instructions", "--op", "fly", "--count", "1"])
    XCTAssertEqual(usage.status, 2)
    XCTAssertTrue(usage.errors.contains("--op: \"fly\" is not one of"), usage.errors)
    let unknownTopic = await CommandRun.run(["help", "fly"])
    XCTAssertEqual(unknownTopic.status, 2)
  }

  func test_usageErrors_goToStandardError_withTheCommandsHelpNamed() async {
    let run = await CommandRun.run(["diff", "a.json", "b.json", "--urls", "u.txt", "--scenarios", "s.json"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.output, "")
    XCTAssertEqual(
      run.errors, "session-bench: --scenarios and --urls cannot both be given (see session-bench help diff)\n")
  }

}
