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

/// `callback session navigationType targetFrame answer` of each callback of a replay line.
func calls(_ line: JSONValue) -> [String] {
  guard case .array(let calls)? = line["callbacks"] else { return [] }
  return calls.map { call in
    ["callback", "session", "navigationType", "targetFrame", "answer"].compactMap {
      if case .string(let text)? = call[$0] { text } else { nil }
    }.joined(separator: " ")
  }
}

/// The string a replay line has at `key`, if any.
func string(_ line: JSONValue, _ key: String) -> String? {
  if case .string(let text)? = line[key] { text } else { nil }
}
