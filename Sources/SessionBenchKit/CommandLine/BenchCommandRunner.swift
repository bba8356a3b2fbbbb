import Foundation

/// Runs a session-bench command line: parses it, runs the command and returns its exit status, the same for
/// every command: 0 all is well, 1 a check failed, 2 invalid input or usage (``BenchCommandName``).
package enum BenchCommandRunner {
  /// Runs the command `arguments` (without the program name) ask for.
  ///
  /// - Parameters:
  ///   - standardOutput: Where a command's results and the help go.
  ///   - standardError: Where usage errors, unreadable or invalid files and failed checks go.
  /// - Returns: The exit status.
  package static func run(
    _ arguments: [String],
    standardOutput: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
    standardError: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) async -> Int32 {
    let command: BenchCommand
    do {
      command = try BenchCommandLine.parse(arguments)
    } catch {
      let first = arguments.first ?? ""
      let topic = first.hasPrefix("-") ? .run : BenchCommandName(rawValue: first).flatMap { $0 == .help ? nil : $0 }
      let hint = topic.map { "(see session-bench help \($0.rawValue))" } ?? "(see session-bench help)"
      let message = error.message.contains("session-bench help") ? error.message : "\(error.message) \(hint)"
      standardError("session-bench: \(message)\n")
      return UsageError.exitCode
    }
    switch command {
    case .help(let topic):
      standardOutput(BenchCommandLine.help(topic) + "\n")
      return 0
    case .replay(let file, let policy, let callbackDetails):
      return await runReplay(
        file: file, policyFile: policy, callbackDetails: callbackDetails, standardOutput: standardOutput,
        standardError: standardError)
    case .compare(let base, let new, let maxRegression):
      return report(
        runCompare(basePath: base, newPath: new, maxRegression: maxRegression), standardOutput, standardError)
    case .compareSavedRuns(let directory, let maxRegression):
      return report(runCompare(savedIn: directory, maxRegression: maxRegression), standardOutput, standardError)
    case .lint(let options):
      return report(runLint(options), standardOutput, standardError)
    case .diff(let options):
      return report(await runDiff(options), standardOutput, standardError)
    case .run(let options):
      return await runBench(options, standardOutput: standardOutput, standardError: standardError)
    case .soak(let options):
      return await SoakRun.main(options, standardOutput: standardOutput, standardError: standardError)
    case .instructions(let options):
      return await InstructionRun.main(options)
    }
  }

  /// Writes a command's output (to standard error when it could not run: status 2) and returns its status.
  private static func report(
    _ result: (output: String, exitCode: Int32), _ standardOutput: (String) -> Void,
    _ standardError: (String) -> Void
  ) -> Int32 {
    let output = result.output.isEmpty || result.output.hasSuffix("\n") ? result.output : result.output + "\n"
    if result.exitCode == UsageError.exitCode {
      standardError(output)
    } else {
      standardOutput(output)
    }
    return result.exitCode
  }
}
