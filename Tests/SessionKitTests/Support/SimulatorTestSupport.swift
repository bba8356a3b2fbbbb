import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

// Vocabulary of the conformance and scenario tests: a simulated app (the simulator over an engine built from
// policy JSON), the delegate calls §2's table expects, written the way replay prints them, and helpers that
// replay scenario text and locate the scenario files on disk.

// MARK: - A simulated app

/// One main web view driven by the WebKit simulator, answered by an engine deciding with a policy.
struct SimulatedApp {
  /// The simulator standing in for WebKit.
  let simulator: WebKitSimulator
  /// The virtual clock the engine's decider timeouts run on; each step moves it as a replay does.
  let clock = VirtualClock()

  /// An app deciding with the policy in `policy` (JSON text, or a preset name).
  init(
    policy: String = #"{"version": 1}"#, javaScriptCanOpenWindowsAutomatically: Bool = false,
    deciders: [String: any NavigationDecider] = [:], events: SessionEngine.EventDelivery = .none
  ) throws {
    let configuration: PolicyConfiguration
    if let preset = PolicyPreset(rawValue: policy) {
      configuration = PolicyConfiguration(preset: preset)
    } else {
      configuration = try PolicyConfiguration(json: Array(policy.utf8))
    }
    let engine = SessionEngine(
      policy: try CompiledPolicy(configuration), deciders: deciders, events: events, clock: clock)
    simulator = WebKitSimulator(
      engine: engine,
      settings: SimulatorSettings(javaScriptCanOpenWindowsAutomatically: javaScriptCanOpenWindowsAutomatically))
  }

  /// The engine answering the simulator.
  var engine: SessionEngine { simulator.engine }

  /// Performs `event` in the session `id`.
  @discardableResult
  func perform(_ event: PageEvent, in id: SessionID = "main") async throws -> StepResult {
    try await ScenarioRunner.perform(event, in: id, on: simulator, advancing: clock)
  }

  /// The open sessions as the final replay line lists them: `id url history`, in creation order.
  func openSessions() async -> [String] {
    await simulator.openSessions().map { "\($0.id) \($0.url) \($0.history)" }
  }

  /// The committed URL (`about:blank` when none) and history length of an open session.
  func state(of id: SessionID) async -> (url: String, history: Int)? {
    await simulator.openSessions().first { $0.id == id }.map { ($0.url, $0.history) }
  }

  /// Ends every decision and task the engine started.
  func shutdown() async {
    await engine.shutdown()
  }
}

// MARK: - Expected delegate calls

/// The delegate calls the simulator records, built the way DESIGN §2's table names them.
enum WebKitCall {
  /// `decidePolicyFor` in `session`'s web view; `target` is `main`, `sub` or `none` (a new window); `answer`
  /// is `allow`, `cancel` or `download`.
  static func decidePolicyFor(
    _ session: SessionID, _ type: NavigationType, target: String, answer: String
  ) -> CallbackRecord {
    CallbackRecord(
      callback: .decidePolicyFor, session: session, navigationType: type, targetFrame: target, answer: answer)
  }

  /// `createWebViewWith` on `session`'s web view (always a nil target frame); `answer` is the new session's id
  /// or `nil`.
  static func createWebViewWith(_ session: SessionID, _ type: NavigationType, answer: String) -> CallbackRecord {
    CallbackRecord(
      callback: .createWebViewWith, session: session, navigationType: type, targetFrame: "none", answer: answer)
  }

  /// `webViewDidClose` on `session`'s web view.
  static func webViewDidClose(_ session: SessionID) -> CallbackRecord {
    CallbackRecord(callback: .webViewDidClose, session: session)
  }
}

/// Asserts the exact delegate calls of a step, comparing them as replay prints them so failures read well.
func assertCallbacks(
  _ result: StepResult, _ expected: [CallbackRecord], file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(
    result.callbacks.map(\.json.serialized), expected.map(\.json.serialized), "callbacks", file: file, line: line)
}

/// Asserts a step's outcome, its exact delegate calls and (when given) the rule that decided.
func assertStep(
  _ result: StepResult, _ outcome: StepOutcome, callbacks: [CallbackRecord], rule: String? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(result.outcome, outcome, "outcome", file: file, line: line)
  assertCallbacks(result, callbacks, file: file, line: line)
  if let rule { XCTAssertEqual(result.rule, rule, "rule", file: file, line: line) }
}

// MARK: - Deciders

/// A decider that records every action it is asked about and answers `answer`.
final class RecordingDecider: NavigationDecider {
  private let answer: PolicyAction
  private let asked = Locked<[DeciderRequest]>([])

  init(answering answer: PolicyAction = .allow) {
    self.answer = answer
  }

  /// The requests so far, in order.
  var requests: [DeciderRequest] { asked.withLock { $0 } }

  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    asked.withLock { $0.append(request) }
    return answer
  }
}

// MARK: - Scenarios

/// Decodes scenario JSON text.
func decodeScenario(_ json: String) throws -> Scenario {
  try Scenario(json: Array(json.utf8))
}

/// Replays scenario JSON text and returns the report.
func replayScenario(_ json: String) async throws -> ScenarioRunner.Report {
  try await ScenarioRunner(scenario: try decodeScenario(json)).run()
}

/// Where the scenario files live, relative to this source file.
enum ScenarioFiles {
  /// `Tests/Scenarios` in the package.
  static let packageDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // SessionKitTests
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("Scenarios")

  /// `../shared/scenarios` next to the package, when the workspace has one.
  static let sharedDirectory =
    packageDirectory
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .deletingLastPathComponent()
    .appendingPathComponent("shared")
    .appendingPathComponent("scenarios")

  /// The `.json` files of `directory`, sorted by name.
  static func files(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(
      at: directory.resolvingSymlinksInPath(), includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "json" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }
}
