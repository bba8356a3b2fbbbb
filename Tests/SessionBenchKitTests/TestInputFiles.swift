import Foundation
import SessionBenchKit
import XCTest

/// Files named on the command line: an error names the file and the system's reason, and `-` (or
/// `/dev/stdin`) reads standard input wherever a file is read.
final class TestInputFiles: XCTestCase {
  private var files: TemporaryFiles!

  override func setUpWithError() throws {
    files = try TemporaryFiles(self)
  }

  private let policy =
    #"{"version": 1, "rules": [{"name": "a", "match": {"hosts": ["a.example"]}, "action": "cancel"}]}"#

  private let scenario = #"""
    {"policy": {"version": 1, "include": ["ad-clicks"]},
     "steps": [{"load": "https://publisher.example/", "expect": {"outcome": "navigated"}}]}
    """#

  // MARK: Reasons

  func test_aMissingFile_isNamed_withNoSuchFileOrDirectory() async {
    let path = files.directory.appendingPathComponent("missing.json").path
    for command in [["lint", path], ["replay", path], ["diff", path, path], ["compare", path, path]] {
      let run = await CommandRun.run(command)
      XCTAssertEqual(run.status, 2, "\(command)")
      XCTAssertTrue(
        run.errors.contains("\(path): cannot read the file: No such file or directory"), "\(command): \(run.errors)")
    }
  }

  func test_aDirectory_isNamed_asADirectory() async {
    let run = await CommandRun.run(["lint", files.directory.path])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.contains("\(files.directory.path): cannot read the file: Is a directory"), run.errors)
  }

  func test_anUnreadableFile_saysPermissionDenied() throws {
    XCTAssertEqual(
      InputFileError(path: "p.json", errorNumber: EACCES).description, "p.json: cannot read the file: Permission denied"
    )
    guard geteuid() != 0 else { return }  // root reads any file: the message above is what a user sees
    let path = try files.write("locked.json", policy)
    XCTAssertEqual(chmod(path, 0), 0)
    XCTAssertThrowsError(try InputFile.read(path)) { error in
      XCTAssertEqual((error as? InputFileError)?.reason, "Permission denied")
    }
  }

  // MARK: Endless input

  func test_anEndlessInput_isExit2_namingThePathAndTheLimit_forEveryCommandThatReads() async {
    // Before the limit, /dev/zero grew the process's memory until an allocation failed (SIGABRT).
    let endless = "/dev/zero"
    let commands = [
      ["lint", endless], ["replay", endless], ["diff", endless, endless], ["compare", endless, endless],
      ["run", "--policy", endless, "--quiet"], ["run", "--workload", endless, "--quiet"],
      ["run", "--shadow", endless, "--quiet"],
    ]
    for command in commands {
      let run = await CommandRun.run(command)
      XCTAssertEqual(run.status, 2, "\(command)")
      XCTAssertTrue(run.errors.contains("\(endless): cannot read the "), "\(command): \(run.errors)")
      XCTAssertTrue(
        run.errors.contains("it is larger than the 64 MiB an input may have"), "\(command): \(run.errors)")
      XCTAssertEqual(run.errors.split(separator: "\n").count, 1, "\(command): one line")
      XCTAssertEqual(run.output, "", "\(command): nothing is measured or printed")
    }
  }

  func test_anInputOverTheLimit_isRefused_andOneAtTheLimit_isRead() throws {
    let path = try files.write("big.json", String(repeating: " ", count: 1_000))
    XCTAssertEqual(try InputFile.read(path, limit: 1_000).count, 1_000)
    XCTAssertThrowsError(try InputFile.read(path, limit: 999)) { error in
      XCTAssertEqual(error as? InputFileError, InputFileError.tooLarge(path: path, limit: 999))
    }
  }

  // MARK: Standard input

  func test_dash_readsStandardInput_forLint() async throws {
    let run = try await CommandRun.run(["lint", "-"], standardInput: policy)
    XCTAssertEqual(run.status, 0, run.errors)
  }

  func test_devStdin_readsStandardInput_asAFile() async throws {
    let run = try await CommandRun.run(["lint", "/dev/stdin"], standardInput: policy)
    XCTAssertEqual(run.status, 0, run.errors)
  }

  func test_dash_readsTheScenario_forReplay() async throws {
    let run = try await CommandRun.run(["replay", "-"], standardInput: scenario)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(run.output.split(separator: "\n").count, 2, run.output)
  }

  func test_dash_readsThePolicy_forReplayDiffAndRun() async throws {
    let scenarioPath = try files.write("scenario.json", scenario)
    let replay = try await CommandRun.run(["replay", scenarioPath, "--policy", "-"], standardInput: policy)
    XCTAssertEqual(replay.status, 0, replay.errors)

    let urls = try files.write("urls.txt", "https://a.example/\n")
    let old = try files.write("old.json", policy)
    let diff = try await CommandRun.run(["diff", old, "-", "--urls", urls], standardInput: policy)
    XCTAssertEqual(diff.status, 0, diff.errors)

    let run = try await CommandRun.run(
      ["--sessions", "50", "--decisions", "200", "--concurrency", "1", "--quiet", "--policy", "-"],
      standardInput: policy)
    XCTAssertEqual(run.status, 0, run.errors)
  }

  func test_dash_readsAProfile_forCompare() async throws {
    let profile = String(decoding: ProfileFixtures.standardProfile().encode(), as: UTF8.self)
    let base = try files.write("base.json", profile)
    let run = try await CommandRun.run(["compare", base, "-"], standardInput: profile)
    XCTAssertEqual(run.status, 0, run.errors)
  }

  func test_anInvalidFileOnStandardInput_isNamedStandardInput() async throws {
    let run = try await CommandRun.run(["lint", "-"], standardInput: #"{"version": 1, "rulez": []}"#)
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.hasPrefix("session-bench lint: standard input: rulez: unknown key"), run.errors)
  }

  func test_standardInputNamedTwice_isAUsageError() async {
    for command in [["diff", "-", "-"], ["compare", "-", "-"], ["replay", "-", "--policy", "-"]] {
      let run = await CommandRun.run(command)
      XCTAssertEqual(run.status, 2, "\(command)")
      XCTAssertTrue(run.errors.contains("only one file can be read from standard input"), run.errors)
    }
  }
}
