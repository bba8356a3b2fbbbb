import Foundation
import SessionBenchKit
import SessionKit
import XCTest

/// Where a run writes: its output paths are checked before any work, and every run is saved in the runs directory so
/// that `compare` with no paths compares the last two; profiles made differently are not judged.
final class TestRunOutputs: XCTestCase {
  private var files: TemporaryFiles!

  override func setUpWithError() throws {
    files = try TemporaryFiles(self)
  }

  private func tinyOptions() -> BenchOptions {
    var options = BenchOptions()
    options.repetitions = 1
    options.sessions = 100
    options.length = .decisions(500)
    options.load = .closed(concurrency: 2)
    return options
  }

  private func run(_ options: BenchOptions) async -> (status: Int32, output: String, errors: String) {
    let output = Locked("")
    let errors = Locked("")
    let status = await runBench(
      options, standardOutput: { text in output.withLock { $0 += text } },
      standardError: { text in errors.withLock { $0 += text } })
    return (status, output.withLock { $0 }, errors.withLock { $0 })
  }

  // MARK: Output paths, before any work

  func test_anOutputInADirectoryThatDoesNotExist_isOneLine_exit2_beforeAnyWork() async {
    var options = tinyOptions()
    options.jsonPath = files.directory.path + "/no-such-dir/x.json"
    let result = await run(options)
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.errors,
      "session-bench: \(options.jsonPath!): cannot write the file: No such file or directory "
        + "(its directory \(files.directory.path)/no-such-dir does not exist)\n")
    XCTAssertEqual(result.output, "", "nothing measured, nothing printed: the path is checked first")
  }

  func test_aDirectoryAsTheOutput_saysIsADirectory_notACocoaErrorNumber() async {
    for keyPath in [\BenchOptions.jsonPath, \BenchOptions.csvPath, \BenchOptions.svgPath] {
      var options = tinyOptions()
      options[keyPath: keyPath] = files.directory.path
      let result = await run(options)
      XCTAssertEqual(result.status, 2)
      XCTAssertEqual(result.errors, "session-bench: \(files.directory.path): cannot write the file: Is a directory\n")
      XCTAssertEqual(result.output, "")
    }
  }

  func test_aRunsDirectoryUnderAFile_isOneLine_exit2_namingTheWayOut() async throws {
    let file = try files.write("plain", "x")
    var options = tinyOptions()
    options.savedRunsDirectory = file + "/runs"
    let result = await run(options)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.errors.hasPrefix("session-bench: \(file)/runs: cannot write the file: Not a directory"))
    XCTAssertTrue(result.errors.hasSuffix("(choose another with --runs-dir DIR, or --no-save)\n"), result.errors)
    XCTAssertEqual(result.output, "")
  }

  // MARK: Saved runs

  func test_everyRun_isSaved_andCompareWithoutPaths_takesTheLastTwo_oldestAsBase() async throws {
    let directory = files.directory.path + "/runs"
    var options = tinyOptions()
    options.savedRunsDirectory = directory
    var first = await run(options)
    XCTAssertEqual(first.status, 0, first.errors)
    let none = runCompare(savedIn: directory)
    XCTAssertEqual(none.exitCode, 2)
    XCTAssertTrue(none.output.contains("holds one run; compare needs two"), none.output)
    first = await run(options)
    XCTAssertEqual(first.status, 0, first.errors)
    let saved = SavedRuns(directory: directory).profiles()
    XCTAssertEqual(saved.count, 2)
    for profile in saved {
      XCTAssertNoThrow(try BenchProfile.load(fromFile: profile))
      let plot = try String(contentsOfFile: String(profile.dropLast(5)) + ".svg", encoding: .utf8)
      XCTAssertTrue(plot.hasSuffix("</svg>\n"))
    }
    XCTAssertTrue(first.output.contains("saved: \(saved[1]) (profile) and "), first.output)
    let compared = runCompare(savedIn: directory)
    XCTAssertNotEqual(compared.exitCode, 2, compared.output)
    XCTAssertTrue(compared.output.hasPrefix("base: \(saved[0]) "), compared.output)
    XCTAssertTrue(compared.output.contains("new:  \(saved[1]) "), compared.output)
  }

  func test_theRunsDirectory_keepsTheNewest20_inTheOrderTheyWereSaved_whateverTheClockSays() throws {
    let runs = SavedRuns(directory: files.directory.path + "/kept")
    try runs.prepare()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var paths: [String] = []
    for index in 0..<23 {
      // Three runs in one second, then the clock steps back an hour, then one a second.
      let date = index < 3 ? start : start.addingTimeInterval(Double(index) - 3_600)
      paths.append(try runs.save(profile: Data("{}".utf8), plot: "<svg/>", date: date).profile)
    }
    XCTAssertEqual(runs.profiles(), Array(paths.suffix(20)), "the newest 20 by number, oldest first")
    XCTAssertFalse(FileManager.default.fileExists(atPath: String(paths[0].dropLast(5)) + ".svg"))
    XCTAssertTrue(paths[1].hasSuffix("/run-000002-2027-01-15T080000Z.json"), paths[1])
    XCTAssertTrue(paths[22].hasSuffix("/run-000023-2027-01-15T070022Z.json"), paths[22])
  }

  func test_filesTheToolDidNotName_areNeverReadCountedOrRemoved() throws {
    let directory = files.directory.path + "/mine"
    let runs = SavedRuns(directory: directory)
    try runs.prepare()
    // The user's own files, some named almost as the tool names its runs.
    let own = [
      "run-1.json", "run-baseline.json", "run-000001-2026-12-05T103000Z.json.bak", "run-00001-2026-12-05T103000Z.json",
      "notes.txt",
    ]
    for name in own { XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())) }
    for index in 0..<(SavedRuns.kept + 2) {
      _ = try runs.save(profile: Data("{}".utf8), plot: "<svg/>", date: Date(timeIntervalSince1970: Double(index)))
    }
    XCTAssertEqual(runs.profiles().count, SavedRuns.kept)
    XCTAssertTrue(runs.profiles().allSatisfy { $0.contains("/run-0000") && $0.hasSuffix("Z.json") })
    for name in own { XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/" + name), name) }
  }

  func test_anUnwritableRunsDirectory_isNamed_withTheWayOut() async throws {
    guard geteuid() != 0 else { return }  // root writes anywhere: the next test covers the message's shape
    let directory = files.directory.path + "/locked"
    XCTAssertEqual(mkdir(directory, 0o500), 0)
    var options = tinyOptions()
    options.savedRunsDirectory = directory
    let result = await run(options)
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.errors,
      "session-bench: \(directory): cannot write the file: Permission denied "
        + "(choose another with --runs-dir DIR, or --no-save)\n")
  }

  // MARK: Profiles that cannot be judged

  func test_profilesMadeDifferently_areNotJudged_theMessageSaysWhatDiffers_andWhatToRun() throws {
    var base = ProfileFixtures.standardProfile()
    base.config.repeat = 1
    base.config.durationSeconds = 5
    var new = ProfileFixtures.standardProfile()
    new.config.repeat = 15
    // A planted regression that must not be reported: the comparison cannot judge it.
    new.results[0].latencyNs.p50 *= 3
    let basePath = try files.write("base.json", String(decoding: base.encode(), as: UTF8.self))
    let newPath = try files.write("new.json", String(decoding: new.encode(), as: UTF8.self))
    let result = runCompare(basePath: basePath, newPath: newPath)
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertFalse(result.output.contains("REGRESSION"), result.output)
    XCTAssertTrue(
      result.output.hasPrefix("session-bench compare: cannot judge these profiles against each other: "),
      result.output)
    XCTAssertTrue(result.output.contains("they were made with other options"), result.output)
    XCTAssertTrue(result.output.contains("repetitions: base 1 (a single run), new 15 (interleaved)"), result.output)
    XCTAssertTrue(result.output.contains("length of a phase: base 5 s, new 0.3 s"), result.output)
    XCTAssertTrue(result.output.contains("swift run -c release session-bench"), result.output)

    new = base
    new.machine.cores = 8
    let elsewhere = try files.write("elsewhere.json", String(decoding: new.encode(), as: UTF8.self))
    let other = runCompare(basePath: basePath, newPath: elsewhere)
    XCTAssertEqual(other.exitCode, 2)
    XCTAssertTrue(other.output.contains("they were made on another machine"), other.output)
    XCTAssertTrue(other.output.contains("cores: base 2, new 8"), other.output)
    XCTAssertTrue(other.output.contains("Make both profiles on one machine"), other.output)
  }

  func test_theSameOptionsOnTheSameMachine_areJudged_evenUnderAnotherHostName() throws {
    let profile = ProfileFixtures.standardProfile()
    XCTAssertTrue(ProfileDifferences(base: profile, new: profile).areComparable)
    var renamed = profile
    renamed.machine.hostname = "MacBook-Pro.local"  // macOS renames the host with the network
    let differences = ProfileDifferences(base: profile, new: renamed)
    XCTAssertTrue(differences.areComparable)
    XCTAssertEqual(differences.notes.count, 1)
    var older = profile
    older.config.repeat = nil  // a profile from before --repeat: a single run
    older.config.hosts = nil
    var single = profile
    single.config.repeat = 1
    single.config.hosts = 0
    XCTAssertTrue(ProfileDifferences(base: older, new: single).areComparable)
  }
}
