import Foundation
import SessionKit

/// Runs `session-bench diff`.
///
/// - Returns: The text to print and the exit status: 0 when no decision changed, 1 when some did, 2 when a
///   file cannot be read or is invalid; then `output` is the message, meant for standard error.
package func runDiff(_ options: DiffOptions) async -> (output: String, exitCode: Int32) {
  do throws(DiffFailure) {
    let changes = try await diffChanges(options)
    var output = ""
    if options.json {
      for change in changes.changes { output += change.json + "\n" }
    } else {
      let judged: String
      if case .scenarios = options.source {
        judged = "\(changes.judged) scenario steps replayed under both policies"
      } else {
        judged = "\(changes.judged) decisions judged by both policies"
      }
      output += "\(judged); \(changes.changedCount) changed\n"
      for change in changes.changes { output += change.text + "\n" }
    }
    return (output, changes.changes.isEmpty ? 0 : 1)
  } catch {
    return ("session-bench diff: \(error)\n", 2)
  }
}

/// The changes `session-bench diff` reports.
/// - Throws: ``DiffFailure`` when a file cannot be read or is invalid.
package func diffChanges(_ options: DiffOptions) async throws(DiffFailure) -> DecisionChanges {
  let old = try configuration(at: options.old)
  let new = try configuration(at: options.new)
  switch options.source {
  case .scenarios(let files):
    let loaded = try files.map { (path) throws(DiffFailure) in (path, try contents(of: path)) }
    return try await ScenarioDiff.run(files: loaded, old: old, new: new)
  case .urls(let file, let from):
    let text = String(decoding: try contents(of: file), as: UTF8.self)
    let urls = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    return try compiled(old, options.old, new, options.new).urls(urls, from: from)
  case .workload(let decisions, let seed):
    return try compiled(old, options.old, new, options.new).workload(decisions: decisions, seed: seed)
  }
}

private func compiled(
  _ old: PolicyConfiguration, _ oldPath: String, _ new: PolicyConfiguration, _ newPath: String
) throws(DiffFailure) -> PolicyDiff {
  PolicyDiff(old: try compile(old, oldPath), new: try compile(new, newPath))
}

private func compile(_ configuration: PolicyConfiguration, _ path: String) throws(DiffFailure) -> CompiledPolicy {
  do throws(ConfigurationError) {
    return try CompiledPolicy(configuration)
  } catch {
    throw DiffFailure("\(InputFile.displayName(path)): \(error)")
  }
}

private func configuration(at path: String) throws(DiffFailure) -> PolicyConfiguration {
  let bytes = try contents(of: path)
  do throws(ConfigurationError) {
    return try PolicyConfiguration(json: bytes)
  } catch {
    throw DiffFailure("\(InputFile.displayName(path)): \(error)")
  }
}

private func contents(of path: String) throws(DiffFailure) -> [UInt8] {
  do throws(InputFileError) {
    return try InputFile.read(path)
  } catch {
    throw DiffFailure(error.description)
  }
}
