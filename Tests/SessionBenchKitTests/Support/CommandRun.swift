import Foundation
import SessionBenchKit
import SessionKit
import XCTest

/// What one in-process session-bench command line printed and returned.
struct CommandRun {
  var status: Int32
  var output: String
  var errors: String

  /// Runs `arguments` (without the program name) through the same runner as the executable. A `run` saves
  /// nothing (`--no-save` is added unless the arguments choose `--runs-dir`): a test must not write into the
  /// developer's `.build/session-bench`, whose last two runs `compare` takes.
  static func run(_ arguments: [String]) async -> CommandRun {
    let output = Locked("")
    let errors = Locked("")
    let isRun = arguments.first.map { $0 == "run" || $0.hasPrefix("-") } ?? true
    let saving = arguments.contains { $0 == "--no-save" || $0.hasPrefix("--runs-dir") || $0 == "--help" || $0 == "-h" }
    let arguments = isRun && !saving ? arguments + ["--no-save"] : arguments
    let status = await BenchCommandRunner.run(
      arguments, standardOutput: { text in output.withLock { $0 += text } },
      standardError: { text in errors.withLock { $0 += text } })
    return CommandRun(status: status, output: output.withLock { $0 }, errors: errors.withLock { $0 })
  }

  /// Runs `arguments` with `input` as standard input: a pipe duplicated onto descriptor 0 for the call.
  static func run(_ arguments: [String], standardInput input: String) async throws -> CommandRun {
    try await StandardInput.feeding(input) { await run(arguments) }
  }
}

/// Standard input replaced for the length of a call, so that `-` and `/dev/stdin` are read as a shell would
/// pipe a file into session-bench.
enum StandardInput {
  static func feeding<Result>(_ text: String, _ body: () async throws -> Result) async throws -> Result {
    let pipe = Pipe()
    let saved = dup(STDIN_FILENO)
    XCTAssertGreaterThanOrEqual(saved, 0)
    XCTAssertEqual(dup2(pipe.fileHandleForReading.fileDescriptor, STDIN_FILENO), STDIN_FILENO)
    defer {
      dup2(saved, STDIN_FILENO)
      close(saved)
    }
    pipe.fileHandleForWriting.write(Data(text.utf8))
    try pipe.fileHandleForWriting.close()
    return try await body()
  }
}

/// Files written for one test and removed after it.
struct TemporaryFiles {
  let directory: URL

  init(_ test: XCTestCase) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("session-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let directory = directory
    test.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
  }

  /// Writes `contents` to `name` in the directory; returns its path.
  func write(_ name: String, _ contents: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
  }
}
