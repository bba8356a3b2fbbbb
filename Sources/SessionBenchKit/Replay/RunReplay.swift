import SessionKit
import SessionKitSimulation

/// Runs `session-bench replay FILE [--policy FILE] [--callback-details]`: writes one JSON line per step and a final
/// line.
///
/// - Parameters:
///   - file: The scenario file (`-`: standard input).
///   - policyFile: A policy that replaces the scenario's own (`-`: standard input), or `nil`.
///   - callbackDetails: Whether each callback also has its `url`, `gesture` and `method`, and a step that looked up a
///     name two familiar windows have its `ambiguousName` (for checking the replay against a real engine); `expect`
///     is checked without them.
///   - standardOutput: Where the lines go, each as it is produced (no line is kept).
///   - standardError: Where failed expectations and errors go, each naming its file (the policy's for an
///     error in the policy) and JSON path.
/// - Returns: 0 when every `expect` held, 1 when one failed, 2 when a file cannot be read or is invalid or a
///   step cannot run.
package func runReplay(
  file: String, policyFile: String?, callbackDetails: Bool = false,
  standardOutput: @escaping @Sendable (String) -> Void,
  standardError: @escaping @Sendable (String) -> Void
) async -> Int32 {
  func fail(_ message: String) { standardError("session-bench replay: \(message)\n") }
  var override: PolicyConfiguration?
  if let policyFile {
    do {
      let configuration = try PolicyConfiguration(json: try InputFile.read(policyFile))
      _ = try CompiledPolicy(configuration)
      override = configuration
    } catch let error as InputFileError {
      fail(error.description)
      return 2
    } catch {
      fail("\(InputFile.displayName(policyFile)): \(error)")
      return 2
    }
  }
  let scenarioName = InputFile.displayName(file)
  do {
    // Streamed: each step is decoded when reached and its line written when done.
    let scenario = try ScenarioFile(json: try InputFile.read(file), policyOverride: override)
    var runner = ScenarioRunner(file: scenario)
    runner.callbackDetails = callbackDetails
    let report = try await runner.run(keepingLines: false) { standardOutput($0 + "\n") }
    if let error = report.error { fail("\(scenarioName): \(error)") }
    for failure in report.failures { fail("\(scenarioName): \(failure)") }
    return report.exitCode
  } catch let error as InputFileError {
    fail(error.description)
    return 2
  } catch {
    fail("\(scenarioName): \(error)")
    return 2
  }
}
