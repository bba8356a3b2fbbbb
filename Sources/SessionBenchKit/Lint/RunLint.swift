import Foundation
import SessionKit

/// Runs `session-bench lint`.
///
/// - Returns: The text to print (``LintReport``: findings, errors first, a kind found often on one line unless
///   `all`; then the probe's summary and lines) and the exit status: 0 without
///   errors (warnings allowed unless `strict`), 1 with errors (or warnings under `strict`), 2 when the file
///   cannot be read or is invalid; then `output` is the message, meant for standard error.
package func runLint(_ options: LintOptions) -> (output: String, exitCode: Int32) {
  let data: [UInt8]
  do throws(InputFileError) {
    data = try InputFile.read(options.file)
  } catch {
    return ("session-bench lint: \(error)\n", 2)
  }
  let lint: PolicyLint
  let probe: PolicyProbe?
  do {
    lint = try PolicyLint(json: data, declaredDeciders: options.deciders)
    probe = options.probe ? try PolicyProbe(lint) : nil
  } catch {
    return ("session-bench lint: \(InputFile.displayName(options.file)): \(error)\n", 2)
  }
  let findings = lint.findings()
  let report = LintReport(findings: findings, probe: probe?.probe())
  let output = options.json ? report.json(all: options.all) : report.text(all: options.all)
  let errors = findings.contains { $0.level == .error }
  // Every warning counts under `strict`, grouped on one line or not.
  let failed = errors || (options.strict && !findings.isEmpty)
  return (output, failed ? 1 : 0)
}
