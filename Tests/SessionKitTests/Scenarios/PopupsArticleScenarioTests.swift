import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// The scenarios of the Popups article's "Lifecycle" section are real: each replays with exit status 0.
final class PopupsArticleScenarioTests: XCTestCase {
  func test_everyScenarioInTheLifecycleSection_replaysWithExitZero() async throws {
    let article = ScenarioFiles.packageDirectory
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/SessionKit/SessionKit.docc/Popups.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let section = try XCTUnwrap(text.range(of: "## Lifecycle")).upperBound
    var blocks: [String] = []
    var rest = text[section...]
    while let start = rest.range(of: "```json\n"), let end = rest[start.upperBound...].range(of: "```") {
      blocks.append(String(rest[start.upperBound..<end.lowerBound]))
      rest = rest[end.upperBound...]
    }
    XCTAssertEqual(blocks.count, 5, "blank windows (2), finishing, timeouts, floods")
    for (index, block) in blocks.enumerated() {
      let report = try await replayScenario(block)
      XCTAssertEqual(report.exitCode, 0, "scenario \(index): \(report.failures) \(report.lines)")
    }
  }
}
