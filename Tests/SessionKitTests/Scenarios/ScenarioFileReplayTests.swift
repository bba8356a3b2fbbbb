import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// The scenario files CI replays — the package's `Tests/Scenarios` and the workspace's shared ones — and the
/// worked example of the "Writing scenarios" article all replay with exit status 0.
final class ScenarioFileReplayTests: XCTestCase {
  private func replayFile(_ url: URL) async throws -> ScenarioRunner.Report {
    let data = try Data(contentsOf: url)
    let scenario = try Scenario(json: data)
    return try await ScenarioRunner(scenario: scenario).run()
  }

  private func assertEveryFileReplays(in directory: URL) async throws {
    let files = try ScenarioFiles.files(in: directory)
    XCTAssertFalse(files.isEmpty, "no scenarios in \(directory.path)")
    for file in files {
      do {
        let report = try await replayFile(file)
        XCTAssertEqual(
          report.exitCode, 0,
          "\(file.lastPathComponent): \(report.error.map(String.init(describing:)) ?? "") \(report.failures)")
      } catch {
        XCTFail("\(file.lastPathComponent): \(error)")
      }
    }
  }

  func test_everyPackageScenario_replaysWithExitZero() async throws {
    try await assertEveryFileReplays(in: ScenarioFiles.packageDirectory)
  }

  func test_everySharedScenario_replaysWithExitZero() async throws {
    // In the package, so that it runs (and cannot be skipped) in any clone.
    XCTAssertFalse(try ScenarioFiles.files(in: ScenarioFiles.sharedDirectory).isEmpty)
    try await assertEveryFileReplays(in: ScenarioFiles.sharedDirectory)
  }

  // The package's examples pin every step: each step has an `expect`, so a behaviour change fails CI.
  func test_everyPackageScenario_expectsSomethingOfEveryStep() throws {
    for file in try ScenarioFiles.files(in: ScenarioFiles.packageDirectory) {
      let scenario = try Scenario(json: try Data(contentsOf: file))
      XCTAssertNotNil(scenario.name, file.lastPathComponent)
      for step in scenario.steps {
        XCTAssertNotNil(step.expect, "\(file.lastPathComponent) \(step.path) has no expect")
      }
    }
  }

  // The article's worked example is a real file: the JSON in WritingScenarios.md is the one in Tests/Scenarios.
  func test_theArticlesWorkedExample_isTheReplayedFile() throws {
    let article = ScenarioFiles.packageDirectory
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/SessionKitSimulation/SessionKitSimulation.docc/WritingScenarios.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let marker = "```json\n"
    var blocks: [String] = []
    var rest = text[...]
    while let start = rest.range(of: marker), let end = rest[start.upperBound...].range(of: "```") {
      blocks.append(String(rest[start.upperBound..<end.lowerBound]))
      rest = rest[end.upperBound...]
    }
    let example = try String(
      contentsOf: ScenarioFiles.packageDirectory.appendingPathComponent("checkout-popup-policy.json"), encoding: .utf8)
    XCTAssertTrue(
      blocks.contains(example), "the article's example differs from Tests/Scenarios/checkout-popup-policy.json")
  }
}
