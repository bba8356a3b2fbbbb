import SessionBenchKit
import XCTest

/// `lint` and `diff` on the command line.
final class TestToolingCommandLine: XCTestCase {
  func test_lint_takesOnePolicy_andItsFlags() throws {
    let command = try BenchCommandLine.parse(["lint", "p.json", "--json", "--strict", "--probe", "--deciders=a,b"])
    var expected = LintOptions(file: "p.json")
    expected.json = true
    expected.strict = true
    expected.probe = true
    expected.deciders = ["a", "b"]

    XCTAssertEqual(command, .lint(expected))
    XCTAssertEqual(try BenchCommandLine.parse(["lint", "p.json"]), .lint(LintOptions(file: "p.json")))
  }

  func test_lint_takesAll_withOrWithoutProbe() throws {
    var all = LintOptions(file: "p.json")
    all.all = true

    XCTAssertEqual(try BenchCommandLine.parse(["lint", "p.json", "--all"]), .lint(all))
    all.probe = true
    XCTAssertEqual(try BenchCommandLine.parse(["lint", "--probe", "p.json", "--all"]), .lint(all))
  }

  func test_lint_refusesNoFile_twoFiles_andUnknownOptions() {
    XCTAssertThrowsError(try BenchCommandLine.parse(["lint"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["lint", "a.json", "b.json"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["lint", "a.json", "--fix"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["lint", "a.json", "--deciders", "a,,b"]))
  }

  func test_diff_defaultsToTheWorkloadStream_andTakesItsSources() throws {
    XCTAssertEqual(
      try BenchCommandLine.parse(["diff", "old.json", "new.json"]),
      .diff(DiffOptions(old: "old.json", new: "new.json")))
    XCTAssertEqual(
      try BenchCommandLine.parse(["diff", "old.json", "new.json", "--decisions", "500", "--seed=7", "--json"]),
      .diff(
        {
          var options = DiffOptions(old: "old.json", new: "new.json", source: .workload(decisions: 500, seed: 7))
          options.json = true
          return options
        }()))
    XCTAssertEqual(
      try BenchCommandLine.parse(["diff", "old.json", "new.json", "--scenarios", "a.json", "b.json"]),
      .diff(DiffOptions(old: "old.json", new: "new.json", source: .scenarios(["a.json", "b.json"]))))
    XCTAssertEqual(
      try BenchCommandLine.parse(["diff", "old.json", "new.json", "--urls", "u.txt", "--from", "https://x.example/"]),
      .diff(DiffOptions(old: "old.json", new: "new.json", source: .urls(file: "u.txt", from: "https://x.example/"))))
  }

  func test_diff_refusesMixedSources_andAStrayFrom() {
    XCTAssertThrowsError(try BenchCommandLine.parse(["diff", "old.json"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["diff", "a", "b", "--urls", "u", "--scenarios", "s"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["diff", "a", "b", "--from", "https://x.example/"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["diff", "a", "b", "--urls", "u", "--seed", "3"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["diff", "a", "b", "--decisions", "0"]))
  }

  func test_run_takesAShadowPolicy() throws {
    guard case .run(let options) = try BenchCommandLine.parse(["run", "--shadow", "candidate.json"]) else {
      return XCTFail("expected run")
    }
    XCTAssertEqual(options.shadow, "candidate.json")
  }
}
