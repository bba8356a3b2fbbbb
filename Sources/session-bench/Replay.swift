import Foundation
import SessionKit
import SessionKitSimulation

/// `session-bench replay FILE [--policy FILE]`: prints one JSON line per step and a final line; exit 0 when
/// every `expect` held, 1 when one failed (the differences go to standard error), 2 when a file is invalid.
enum Replay {
  static func run(file: String, policyFile: String?) async -> Int32 {
    do {
      var override: PolicyConfiguration?
      if let policyFile {
        override = try PolicyConfiguration(json: try read(policyFile)).self
      }
      // Streamed: each step is decoded when reached and its line written when done; no line is kept.
      let scenario = try ScenarioFile(json: Array(try read(file)), policyOverride: override)
      let report = try await ScenarioRunner(file: scenario).run(keepingLines: false) { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
      }
      if let error = report.error { fail("\(file): \(error)") }
      for failure in report.failures { fail("\(file): \(failure)") }
      return report.exitCode
    } catch let error as ReplayError {
      fail(error.description)
      return 2
    } catch let error as ConfigurationError {
      fail("\(file): \(error)")
      return 2
    } catch {
      fail("\(file): \(error)")
      return 2
    }
  }

  private static func read(_ path: String) throws(ReplayError) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else { throw ReplayError(path: path) }
    return data
  }

  private static func fail(_ message: String) {
    FileHandle.standardError.write(Data("session-bench replay: \(message)\n".utf8))
  }
}

/// A file named on the command line cannot be read.
struct ReplayError: Error, CustomStringConvertible {
  var path: String
  var description: String { "\(path): cannot read the file" }
}
