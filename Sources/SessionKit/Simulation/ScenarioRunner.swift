/// Runs a scenario through the simulator and the engine, producing `session-bench replay`'s lines (DESIGN §5)
/// and checking every `expect`.
public struct ScenarioRunner: Sendable {
  /// The result of a replay.
  public struct Report: Sendable {
    /// One JSON line per step that ran, then the final line (absent when the run stopped on an invalid step).
    public var lines: [String]
    /// Every expectation that did not hold, e.g. `steps[2].expect.outcome: expected "popup", got "external"`.
    public var failures: [String]
    /// Why the run stopped early: a step named a session that does not exist or is closed.
    public var error: ConfigurationError?

    /// 0 when every step ran and every `expect` held; 1 when an `expect` failed; 2 when the file is invalid.
    public var exitCode: Int32 {
      if error != nil { return 2 }
      return failures.isEmpty ? 0 : 1
    }
  }

  /// The scenario to run.
  public var scenario: Scenario

  /// Prepares a run.
  public init(scenario: Scenario) {
    self.scenario = scenario
  }

  /// Runs every step in order; `output` receives each line as soon as it is known.
  /// - Throws: ``ConfigurationError`` when the policy cannot be compiled.
  public func run(output: (String) -> Void = { _ in }) async throws(ConfigurationError) -> Report {
    let policy = try CompiledPolicy(scenario.policy)
    let engine = SessionEngine(
      policy: policy,
      deciders: scenario.deciders.mapValues { $0.decider(timeoutMilliseconds: policy.deciders.timeoutMilliseconds) },
      events: .none)
    let simulator = WebKitSimulator(engine: engine, settings: scenario.settings)
    var report = Report(lines: [], failures: [], error: nil)
    for (index, step) in scenario.steps.enumerated() {
      let result: StepResult
      do {
        result = try await simulator.perform(step.event, in: step.session)
      } catch {
        report.error = ConfigurationError(
          path: step.path.isEmpty ? "steps[\(index)].in" : "\(step.path).in", problem: error.description)
        await engine.shutdown()
        return report
      }
      let line = result.json(step: index)
      report.lines.append(line.serialized)
      output(line.serialized)
      if let expect = step.expect {
        report.failures += Self.differences(expected: expect, actual: line, path: "\(step.path).expect")
      }
    }
    var sessions: [(key: String, value: JSONValue)] = []
    for session in await simulator.openSessions() {
      sessions.append(
        (session.id.rawValue, .object([("url", .string(session.url)), ("history", .number(Double(session.history)))])))
    }
    let final = JSONValue.object([("final", .object([("sessions", .object(sessions))]))]).serialized
    report.lines.append(final)
    output(final)
    await engine.shutdown()
    return report
  }

  /// The fields of `expected` that `actual` does not have with the same value.
  static func differences(expected: JSONValue, actual: JSONValue, path: String) -> [String] {
    guard case .object(let fields) = expected else { return [] }
    return fields.compactMap { field in
      let got = actual[field.key]
      guard got != field.value else { return nil }
      return "\(path).\(field.key): expected \(field.value.serialized), got \(got?.serialized ?? "nothing")"
    }
  }
}
