import Foundation
import SessionKit
import XCTest

@testable import SessionKitSimulation

/// End to end: the built `session-bench replay FILE [--policy FILE]` executable's output and exit codes (0 when
/// every `expect` held, 1 with the difference on standard error, 2 naming the JSON path of an invalid file).
final class ScenarioReplayCommandTests: XCTestCase {
  private struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The built executable next to the test bundle (on Linux the bundle URL is the build directory itself).
  private func executable() throws -> URL {
    let bundle = Bundle(for: Self.self).bundleURL
    let candidates = [bundle.deletingLastPathComponent(), bundle].map { $0.appendingPathComponent("session-bench") }
    guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw XCTSkip("session-bench is not built next to the test bundle (\(bundle.path))")
    }
    return url
  }

  private func write(_ name: String, _ json: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(json.utf8).write(to: url)
    return url.path
  }

  /// Runs `session-bench replay ARGUMENTS`; a run that does not exit within 10 s is terminated and fails.
  private func replay(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Run {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = ["replay"] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Drain both pipes while the child runs so a full pipe cannot block it.
    let collected = CollectedOutput()
    let readers = DispatchGroup()
    for (pipe, isError) in [(output, false), (errors, true)] {
      DispatchQueue.global().async(group: readers) {
        collected.append(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
      }
    }
    if exited.wait(timeout: .now() + 10) == .timedOut {
      process.terminate()
      XCTFail("session-bench replay \(arguments) did not exit within 10 s", file: file, line: line)
      exited.wait()
    }
    readers.wait()
    return Run(status: process.terminationStatus, output: collected.output, errors: collected.errors)
  }

  private let passing = #"""
    {"name": "passes",
     "policy": {"version": 1, "include": ["ad-clicks"]},
     "steps": [{"load": "https://publisher.example/", "expect": {"outcome": "navigated"}},
               {"click": "https://advertiser.example/", "target": "_blank",
                "expect": {"outcome": "external", "via": "safari"}}]}
    """#

  // Issue: a decider answering in 10 ms against a 16 ms timeout gave the late answer on a loaded machine.
  // Replays run on virtual time, so their output is the same byte for byte with both cores saturated.
  func test_aReplayWithDeciders_printsTheSameBytes_idleAndWithEveryCoreBusy() throws {
    let scenario = ScenarioFiles.packageDirectory.appendingPathComponent("deciders-in-virtual-time.json")
    let idle = try replay([scenario.path])
    XCTAssertEqual(idle.status, 0, idle.errors)

    let hog = CPUHog(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))
    defer { hog.stop() }
    for _ in 0..<5 {
      let loaded = try replay([scenario.path])
      XCTAssertEqual(loaded.status, 0, loaded.errors)
      XCTAssertEqual(loaded.output, idle.output, "the replay's output depends on the machine's load")
    }
  }

  func test_aScenarioWhoseExpectationsHold_exitsZero_andPrintsOneLinePerStepThenTheFinalLine() throws {
    let run = try replay([try write("passing.json", passing)])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(run.errors, "")
    let lines = run.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(lines[0].hasPrefix(#"{"step":0,"in":"main","event":"load","#), lines[0])
    XCTAssertEqual(lines[2], #"{"final":{"sessions":{"main":{"url":"https://publisher.example/","history":1}}}}"#)
  }

  func test_aFailingExpectation_exitsOne_withTheDifferenceOnStandardError() throws {
    let failing = passing.replacingOccurrences(of: #""via": "safari""#, with: #""via": "system""#)
    let file = try write("failing.json", failing)
    let run = try replay([file])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(
      run.errors.contains(#"steps[1].expect.via: expected "system", got "safari""#), "stderr: \(run.errors)")
    XCTAssertEqual(run.output.split(separator: "\n").count, 3, "the replay still prints every line")
  }

  func test_anInvalidFile_exitsTwo_namingTheJSONPath() throws {
    let file = try write(
      "invalid.json", #"{"steps": [{"load": "https://a.example/"}, {"submit": "https://a.example/", "method": "put"}]}"#
    )
    let run = try replay([file])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.contains("steps[1].method"), "stderr: \(run.errors)")
    XCTAssertEqual(run.output, "")
  }

  func test_aStepInAMissingSession_exitsTwo_namingTheStep_afterTheEarlierLines() throws {
    let file = try write(
      "missing-session.json", #"{"steps": [{"load": "https://a.example/"}, {"in": "main.1", "close": true}]}"#)
    let run = try replay([file])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.contains(#"steps[1].in: session "main.1" does not exist"#), "stderr: \(run.errors)")
    XCTAssertEqual(run.output.split(separator: "\n").count, 1)
  }

  func test_aPolicyFile_replacesTheScenariosPolicy() throws {
    let scenario = try write(
      "scenario.json",
      #"""
      {"policy": "webkit-default",
       "steps": [{"open": "https://a.example/", "gesture": true, "expect": {"outcome": "popup"}}]}
      """#)
    let withItsOwnPolicy = try replay([scenario])
    XCTAssertEqual(withItsOwnPolicy.status, 1)
    let policy = try write("policy.json", #"{"version": 1, "popups": {"presentation": "modal"}}"#)
    let run = try replay([scenario, "--policy", policy])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(run.output.contains(#""presentation":"modal""#), run.output)
  }

  func test_anInvalidPolicyFile_exitsTwo() throws {
    let scenario = try write("scenario.json", passing)
    let policy = try write("policy.json", #"{"version": 1, "default": "maybe"}"#)
    let run = try replay([scenario, "--policy", policy])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.errors.contains("default"), "stderr: \(run.errors)")
  }
}

/// The child's standard output and error, appended from the reader threads.
private final class CollectedOutput: Sendable {
  private let data = Locked<(output: Data, errors: Data)>((Data(), Data()))

  func append(_ chunk: Data, isError: Bool) {
    data.withLock { isError ? $0.errors.append(chunk) : $0.output.append(chunk) }
  }

  var output: String { data.withLock { String(decoding: $0.output, as: UTF8.self) } }
  var errors: String { data.withLock { String(decoding: $0.errors, as: UTF8.self) } }
}
