import SessionKit
import SessionKitSimulation

/// `session-bench diff --scenarios`: each scenario replayed under each policy (the file's own policy replaced),
/// step by step; a step changed when its deciding rule or its outcome differs. After a step changed, later
/// steps may differ because of it (a popup that no longer opens): they are counted too, as a user would see them.
enum ScenarioDiff {
  /// Replays `files` under both policies.
  /// - Throws: ``DiffFailure`` naming the file when a scenario is invalid under either policy.
  static func run(
    files: [(name: String, json: [UInt8])], old: PolicyConfiguration, new: PolicyConfiguration
  ) async throws(DiffFailure) -> DecisionChanges {
    var changes = DecisionChanges()
    for file in files {
      var before = try await lines(of: file, under: old)
      var after = try await lines(of: file, under: new)
      // A step that could not run under one policy (its session never opened) is a change too.
      let notRun = JSONValue.object([("outcome", .string("not run"))])
      before += Array(repeating: notRun, count: max(0, after.count - before.count))
      after += Array(repeating: notRun, count: max(0, before.count - after.count))
      for (index, (oldLine, newLine)) in zip(before, after).enumerated() {
        let url = (oldLine["url"] ?? newLine["url"]).flatMap(Self.string) ?? "\(file.name) step \(index)"
        changes.record(
          url: url, oldRule: oldLine["rule"].flatMap(Self.string) ?? "-", oldAction: outcome(oldLine),
          newRule: newLine["rule"].flatMap(Self.string) ?? "-", newAction: outcome(newLine))
      }
    }
    return changes
  }

  /// The step lines of one replay (the final line left out); a replay that stopped at a step naming a session
  /// that did not open under this policy gives the lines before it.
  private static func lines(
    of file: (name: String, json: [UInt8]), under policy: PolicyConfiguration
  ) async throws(DiffFailure) -> [JSONValue] {
    do throws(ConfigurationError) {
      let scenario = try Scenario(json: file.json, policyOverride: policy)
      let report = try await ScenarioRunner(scenario: scenario).run()
      let steps = report.error == nil ? report.lines.dropLast() : report.lines[...]
      return try steps.map { (line) throws(ConfigurationError) in try JSONValue(parsing: line) }
    } catch {
      throw DiffFailure("\(file.name): \(error)")
    }
  }

  /// `popup overlay`, `external safari`, `blocked policy`, `navigated`: the outcome and what qualifies it.
  private static func outcome(_ line: JSONValue) -> String {
    let outcome = line["outcome"].flatMap(string) ?? "-"
    let detail = ["via", "reason", "presentation"].lazy.compactMap { line[$0].flatMap(string) }.first
    return detail.map { "\(outcome) \($0)" } ?? outcome
  }

  private static func string(_ value: JSONValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
  }
}
