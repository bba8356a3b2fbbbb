import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Decodes scenario JSON text.
func decodeScenario(_ json: String) throws -> Scenario {
  try Scenario(json: Array(json.utf8))
}

/// Replays scenario JSON text and returns the report.
func replayScenario(_ json: String) async throws -> ScenarioRunner.Report {
  try await ScenarioRunner(scenario: try decodeScenario(json)).run()
}
