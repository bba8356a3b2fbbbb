import SessionKit

/// Runs a scenario through the simulator and the engine, producing `session-bench replay`'s lines and checking
/// every `expect` and the `expectFinal`. Apps use it in their XCTest conformance tests (a recording from a
/// device, or a scenario written by hand, against the app's policy); `session-bench replay` is the same run.
///
/// Time is virtual: the engine runs on a virtual clock that moves only while a step waits for a decider, to
/// the next deadline (the decider's `delayMs` or the policy's timeout, whichever comes first), and by a `wait`
/// step, so a replay's output depends on the file alone, never on the machine's load. Blank timeouts are checked
/// when a step ends (no timer sleeps on the clock).
public struct ScenarioRunner: Sendable {
  /// The result of a replay: what a test asserts on.
  public struct Report: Sendable {
    /// One JSON line per step that ran, then the final line (absent when the run stopped on an invalid step);
    /// empty for a run with `keepingLines: false`, whose lines only went to its `output`.
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
  package var scenario: Scenario
  /// The file whose steps a streaming run decodes one at a time, instead of `scenario.steps`.
  private let file: ScenarioFile?
  /// Whether each callback on a step's line also has its `url`, `gesture` and `method`
  /// (``CallbackRecord/json(details:)``; `session-bench replay --callback-details`). `expect` is checked against
  /// the line without them either way.
  package var callbackDetails = false

  /// Prepares a run.
  public init(scenario: Scenario) {
    self.scenario = scenario
    self.file = nil
  }

  /// Prepares a run of a file's steps, each decoded as it is reached: with `run(keepingLines: false)`, memory
  /// does not grow with the number of steps.
  package init(file: ScenarioFile) {
    self.scenario = file.scenario
    self.file = file
  }

  /// Runs every step in order; `output` receives each line as soon as its step is done.
  /// - Parameters:
  ///   - keepingLines: whether ``Report/lines`` keeps the lines too; pass `false` for long scenarios, whose
  ///     lines only `output` sees.
  ///   - output: receives each line.
  /// - Throws: `ConfigurationError` when the policy cannot be compiled.
  public func run(
    keepingLines: Bool = true, output: (String) -> Void = { _ in }
  ) async throws(ConfigurationError) -> Report {
    if let file {
      return try await run(file.steps, keepingLines: keepingLines, output: output)
    }
    return try await run(scenario.steps, keepingLines: keepingLines, output: output)
  }

  private func run(
    _ steps: some Sequence<ScenarioStep>, keepingLines: Bool, output: (String) -> Void
  ) async throws(ConfigurationError) -> Report {
    let policy = try CompiledPolicy(scenario.policy)
    let clock = VirtualClock()
    let timeout = policy.deciders.timeoutMilliseconds
    let engine = SessionEngine(
      policy: policy, deciders: scenario.deciders.mapValues { $0.decider(timeoutMilliseconds: timeout, clock: clock) },
      events: .none, clock: clock, blankTimeouts: .manual)
    let simulator = WebKitSimulator(engine: engine, settings: scenario.settings, web: scenario.web)
    var report = Report(lines: [], failures: [], error: nil)
    for (index, step) in steps.enumerated() {
      let result: StepResult
      do {
        result = try await Self.perform(step.event, in: step.session, on: simulator, advancing: clock)
      } catch {
        report.error = ConfigurationError(
          path: "\(step.path.isEmpty ? "steps[\(index)]" : step.path).\(error.key)", problem: error.description)
        await engine.shutdown()
        return report
      }
      let line = result.json(step: index)
      let text = callbackDetails ? result.json(step: index, callbackDetails: true).serialized : line.serialized
      if keepingLines { report.lines.append(text) }
      output(text)
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
    if keepingLines { report.lines.append(final) }
    output(final)
    if case .object(let expected)? = scenario.expectFinal {
      let actual = JSONValue.object(sessions)
      for session in expected {
        let path = "expectFinal.\(session.key)"
        if case .null = session.value {
          if actual[session.key] != nil { report.failures.append("\(path): expected no open session, got one") }
        } else if let got = actual[session.key] {
          report.failures += Self.differences(expected: session.value, actual: got, path: path)
        } else {
          report.failures.append("\(path): expected an open session, got none")
        }
      }
    }
    await engine.shutdown()
    return report
  }

  /// Performs one step, moving the virtual clock whenever the step waits on it: once a decider and its
  /// timeout are both asleep, the clock jumps to the earlier deadline, which settles the race; a `wait` moves
  /// it first. When the step ends, the popups whose blank timeout fell due are closed and reported on its line
  /// (`timedOut`). The engine must check blank timeouts manually (`SessionEngine.BlankTimeoutChecking.manual`):
  /// a timer asleep on the clock would be taken for half of a decider race.
  static func perform(
    _ event: PageEvent, in session: SessionID, on simulator: WebKitSimulator, advancing clock: VirtualClock
  ) async throws(SimulationError) -> StepResult {
    if case .wait(let milliseconds) = event {
      // Checked before the clock moves, so that time never passes in a step that is invalid.
      _ = try await simulator.session(session)
      clock.advance(by: .milliseconds(milliseconds))
    }
    var result = try await race(event, in: session, on: simulator, advancing: clock)
    result.timedOut = simulator.engine.closeExpiredPopups()
    return result
  }

  private static func race(
    _ event: PageEvent, in session: SessionID, on simulator: WebKitSimulator, advancing clock: VirtualClock
  ) async throws(SimulationError) -> StepResult {
    let outcome = await withTaskGroup(of: Result<StepResult, SimulationError>?.self) { group in
      group.addTask {
        do throws(SimulationError) {
          return .success(try await simulator.perform(event, in: session))
        } catch {
          return .failure(error)
        }
      }
      while true {
        group.addTask {
          await clock.waitForSleepers(atLeast: 2)
          return nil
        }
        guard let next = await group.next() else { preconditionFailure("the step's task always finishes") }
        if let result = next {
          group.cancelAll()
          return result
        }
        clock.advanceToNextDeadline()
      }
    }
    return try outcome.get()
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
