import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

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
      policy: try CompiledPolicy(configuration), deciders: deciders, events: events, clock: clock,
      blankTimeouts: .manual)
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
