import SessionBenchKit
import XCTest

final class TestBenchCommandLine: XCTestCase {
  private func runOptions(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws
    -> BenchOptions
  {
    let command = try BenchCommandLine.parse(arguments)
    guard case .run(let options) = command else {
      XCTFail("expected run, got \(command)", file: file, line: line)
      return BenchOptions()
    }
    return options
  }

  private func assertUsageError(
    _ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let command = try BenchCommandLine.parse(arguments)
      XCTFail("expected a usage error for \(arguments), got \(command)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.message, message, file: file, line: line)
    }
  }

  // MARK: Defaults

  func test_noArguments_runsTheDefaultProfile() throws {
    let options = try runOptions([])
    XCTAssertEqual(options.sessions, 10_000)
    XCTAssertEqual(options.length, .duration(.milliseconds(300)))
    XCTAssertEqual(options.repetitions, 15, "repeated by default, so that compare can judge two default runs")
    XCTAssertEqual(options.savedRunsDirectory, ".build/session-bench")
    XCTAssertEqual(options.load, .closed(concurrency: 64))
    XCTAssertEqual(options.workload, "mixed")
    XCTAssertNil(options.policy)
    XCTAssertEqual(options.rules, 0)
    XCTAssertNil(options.jsonPath)
    XCTAssertFalse(options.quiet)
    var saving = BenchOptions()
    saving.savedRunsDirectory = SavedRuns.defaultDirectory
    XCTAssertEqual(options, saving)
  }

  func test_runAlone_runsTheDefaultProfile() throws {
    var saving = BenchOptions()
    saving.savedRunsDirectory = SavedRuns.defaultDirectory
    XCTAssertEqual(try BenchCommandLine.parse(["run"]), .run(saving))
  }

  func test_runsDir_andNoSave_chooseWhereARunIsSaved() throws {
    XCTAssertEqual(try runOptions(["--runs-dir", "/tmp/r"]).savedRunsDirectory, "/tmp/r")
    XCTAssertNil(try runOptions(["--no-save"]).savedRunsDirectory)
    assertUsageError(
      ["--no-save", "--runs-dir", "x"], "--runs-dir and --no-save cannot both be given: save in DIR, or save nothing")
    assertUsageError(
      ["--json", "a.out", "--svg", "a.out"], "--json and --svg name the same file, a.out: give each its own")
  }

  func test_compareWithoutPaths_comparesTheLastTwoSavedRuns() throws {
    XCTAssertEqual(
      try BenchCommandLine.parse(["compare"]),
      .compareSavedRuns(directory: ".build/session-bench", maxRegressionPercent: 10))
    XCTAssertEqual(
      try BenchCommandLine.parse(["compare", "--runs-dir", "r", "--max-regression", "5"]),
      .compareSavedRuns(directory: "r", maxRegressionPercent: 5))
    assertUsageError(
      ["compare", "a.json", "b.json", "--runs-dir", "r"],
      "compare takes two profiles or --runs-dir, not both: "
        + "session-bench compare [BASE.json NEW.json | --runs-dir DIR] [--max-regression PCT]")
  }

  // MARK: Each option

  func test_everyRunOption_isParsed() throws {
    let options = try runOptions([
      "run", "--sessions", "500", "--decisions", "20000", "--rate", "2500.5", "--workload", "popups",
      "--policy", "policy.json", "--rules", "1000", "--seed", "99", "--json", "out.json", "--csv", "out.csv",
      "--svg", "out.svg", "--quiet", "--hosts", "100000",
    ])
    XCTAssertEqual(options.hosts, 100_000)
    XCTAssertEqual(options.sessions, 500)
    XCTAssertEqual(options.length, .decisions(20_000))
    XCTAssertEqual(options.load, .open(ratePerSecond: 2_500.5))
    XCTAssertEqual(options.workload, "popups")
    XCTAssertTrue(options.workloadIsNamed)
    XCTAssertEqual(options.policy, "policy.json")
    XCTAssertEqual(options.rules, 1_000)
    XCTAssertEqual(options.seed, 99)
    XCTAssertEqual(options.jsonPath, "out.json")
    XCTAssertEqual(options.csvPath, "out.csv")
    XCTAssertEqual(options.svgPath, "out.svg")
    XCTAssertTrue(options.quiet)
  }

  func test_optionsWithEqualsSign_areParsedLikeSeparateValues() throws {
    let options = try runOptions(["--sessions=42", "--duration=250ms", "--concurrency=8", "--workload=my work.json"])
    XCTAssertEqual(options.sessions, 42)
    XCTAssertEqual(options.length, .duration(.milliseconds(250)))
    XCTAssertEqual(options.load, .closed(concurrency: 8))
    XCTAssertEqual(options.workload, "my work.json")
    XCTAssertFalse(options.workloadIsNamed, "an unknown workload name is a file path")
  }

  func test_durations_acceptSecondsMillisecondsAndMinutes() throws {
    let cases: [(String, Duration)] = [
      ("5", .seconds(5)), ("5s", .seconds(5)), ("500ms", .milliseconds(500)), ("1.5s", .milliseconds(1_500)),
      ("2m", .seconds(120)), ("1min", .seconds(60)), ("750us", .microseconds(750)),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(try runOptions(["--duration", text]).length, .duration(expected), text)
    }
  }

  func test_seedZero_andRulesZero_areAllowed() throws {
    let options = try runOptions(["--seed", "0", "--rules", "0"])
    XCTAssertEqual(options.seed, 0)
    XCTAssertEqual(options.rules, 0)
  }

  func test_help_isRecognisedAnywhere() throws {
    XCTAssertEqual(try BenchCommandLine.parse(["--help"]), .help(nil))
    XCTAssertEqual(try BenchCommandLine.parse(["-h"]), .help(nil))
    XCTAssertEqual(try BenchCommandLine.parse(["help"]), .help(nil))
    XCTAssertEqual(try BenchCommandLine.parse(["run", "--sessions", "5", "--help"]), .help(.run))
    XCTAssertEqual(try BenchCommandLine.parse(["--sessions", "5", "-h"]), .help(.run))
    XCTAssertTrue(BenchCommandLine.usage.contains("--max-regression"))
  }

  func test_compare_takesTwoFiles_andAnOptionalThreshold() throws {
    XCTAssertEqual(
      try BenchCommandLine.parse(["compare", "a.json", "b.json"]),
      .compare(base: "a.json", new: "b.json", maxRegressionPercent: 10)
    )
    XCTAssertEqual(
      try BenchCommandLine.parse(["compare", "--max-regression", "5", "a.json", "b.json"]),
      .compare(base: "a.json", new: "b.json", maxRegressionPercent: 5)
    )
    XCTAssertEqual(
      try BenchCommandLine.parse(["compare", "a.json", "b.json", "--max-regression=2.5%"]),
      .compare(base: "a.json", new: "b.json", maxRegressionPercent: 2.5)
    )
  }

  func test_replay_takesAFile_andAnOptionalPolicy() throws {
    XCTAssertEqual(try BenchCommandLine.parse(["replay", "s.json"]), .replay(file: "s.json", policy: nil))
    XCTAssertEqual(
      try BenchCommandLine.parse(["replay", "s.json", "--policy", "p.json"]), .replay(file: "s.json", policy: "p.json"))
  }

  func test_replay_takesCallbackDetails_once_anywhere() throws {
    XCTAssertEqual(
      try BenchCommandLine.parse(["replay", "--callback-details", "s.json", "--policy", "p.json"]),
      .replay(file: "s.json", policy: "p.json", callbackDetails: true))
    XCTAssertEqual(
      try BenchCommandLine.parse(["replay", "s.json", "--callback-details"]),
      .replay(file: "s.json", policy: nil, callbackDetails: true))
    assertUsageError(
      ["replay", "s.json", "--callback-details", "--callback-details"], "--callback-details is given twice")
  }

  // MARK: Errors

  func test_nonNumericSessions_isRejected_namingOptionAndValue() {
    assertUsageError(["--sessions", "abc"], "--sessions: \"abc\" is not a positive whole number")
  }

  func test_zeroAndNegativeNumbers_areRejected() {
    assertUsageError(["--sessions", "0"], "--sessions: \"0\" is not a positive whole number")
    assertUsageError(["--concurrency", "-4"], "--concurrency: \"-4\" is not a positive whole number")
    assertUsageError(["--decisions=0"], "--decisions: \"0\" is not a positive whole number")
    assertUsageError(["--rate", "0"], "--rate: \"0\" is not a positive number of requests per second")
    assertUsageError(["--rules", "-1"], "--rules: \"-1\" is not a whole number (0 or more)")
    assertUsageError(["--duration", "0s"], "--duration: \"0s\" is not a positive duration such as 5, 5s or 500ms")
    assertUsageError(["--duration", "-5"], "--duration: \"-5\" is not a positive duration such as 5, 5s or 500ms")
  }

  func test_malformedValues_areRejected() {
    assertUsageError(
      ["--duration", "5 parsecs"], "--duration: \"5 parsecs\" is not a positive duration such as 5, 5s or 500ms")
    assertUsageError(["--duration", "2d"], "--duration: \"2d\" is not a positive duration such as 5, 5s or 500ms")
    assertUsageError(["--duration", "100000s"], "--duration: \"100000s\" is longer than a day")
    assertUsageError(["--rate", "fast"], "--rate: \"fast\" is not a positive number of requests per second")
    assertUsageError(["--rate", "inf"], "--rate: \"inf\" is not a positive number of requests per second")
    assertUsageError(["--seed", "-1"], "--seed: \"-1\" is not a whole number from 0 to 18446744073709551615")
    assertUsageError(["--json="], "--json: the file path is empty")
  }

  func test_unknownOptionsAndArguments_areRejected() {
    assertUsageError(
      ["--sesions", "5"], "unknown option \"--sesions\"; did you mean --sessions? (see session-bench help run)")
    assertUsageError(["run", "extra"], "unexpected argument \"extra\"; run takes only options")
    assertUsageError(
      ["bench"], "unknown command \"bench\"; expected run, replay, compare, lint, diff, soak, instructions or help")
    assertUsageError(["-x"], "unknown option \"-x\" (see session-bench help run)")
  }

  func test_missingValues_areRejected() {
    assertUsageError(["--sessions"], "--sessions needs a value")
    assertUsageError(["--json", "--quiet"], "--json needs a value")
    assertUsageError(["compare", "a.json", "b.json", "--max-regression"], "--max-regression needs a value")
  }

  func test_durationAndDecisions_cannotBothBeGiven() {
    assertUsageError(
      ["--duration", "5s", "--decisions", "100"],
      "--duration and --decisions cannot both be given: choose one way to bound the run")
  }

  func test_concurrencyAndRate_cannotBothBeGiven() {
    assertUsageError(
      ["--rate", "1000", "--concurrency", "8"],
      "--concurrency and --rate cannot both be given: choose a closed or an open loop")
  }

  func test_repeatedOptionsAndFlagValues_areRejected() {
    assertUsageError(["--sessions", "5", "--sessions=6"], "--sessions is given twice")
    assertUsageError(["--quiet=yes"], "--quiet takes no value")
  }

  func test_compareAndReplayArgumentErrors_areExplained() {
    assertUsageError(
      ["compare", "a.json"],
      "compare needs two profiles, BASE.json and NEW.json, or none (the last two runs), but got 1: "
        + "session-bench compare [BASE.json NEW.json | --runs-dir DIR] [--max-regression PCT]")
    assertUsageError(
      ["compare", "a.json", "b.json", "--max-regression", "lots"],
      "--max-regression: \"lots\" is not a percentage (0 or more, such as 10 or 10%)")
    assertUsageError(
      ["compare", "a.json", "b.json", "--sessions", "3"],
      "unknown option \"--sessions\" for compare (see session-bench help compare)")
    assertUsageError(["replay"], "replay needs a scenario file: session-bench replay FILE [--policy FILE]")
    assertUsageError(["replay", "a.json", "b.json"], "replay takes one scenario file, not 2")
  }

  func test_usageErrors_exitWithStatusTwo() {
    XCTAssertEqual(UsageError.exitCode, 2)
  }
}
