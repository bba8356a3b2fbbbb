#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitSimulation
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// A recording made by the adapter replays to the same answers: every scenario in `Tests/Scenarios` is played
  /// through the stand-in WebKit into a recording coordinator, and `session-bench replay`'s runner checks the
  /// recording's expectations (every callback and its answer) and gives the callbacks the original scenario gives.
  @MainActor
  final class TestRecordingRoundTrip: XCTestCase {
    private static let scenarios = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // SessionKitWebKitTests
      .deletingLastPathComponent()  // Tests
      .appendingPathComponent("Scenarios")

    func test_everyScenario_recordedThroughTheAdapter_replaysToTheSameAnswers() async throws {
      let files = try FileManager.default.contentsOfDirectory(at: Self.scenarios, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
      XCTAssertGreaterThanOrEqual(files.count, 10)
      for file in files {
        let name = file.lastPathComponent
        let bytes = Array(try Data(contentsOf: file))
        let played = try ScenarioThroughAdapter(json: bytes, name: name)
        try await played.play()
        XCTAssertEqual(played.raised.all, [], name)
        XCTAssertEqual(played.recorder.unrecorded, [], name)

        let recording = Array(played.recorder.json.utf8)
        let replay = try await ScenarioRunner(scenario: Scenario(json: recording)).run()
        XCTAssertEqual(
          replay.exitCode, 0,
          "\(name): \(replay.failures) \(replay.error.map(String.init(describing:)) ?? "")\n\(played.recorder.json)")

        let original = try await ScenarioRunner(scenario: Scenario(json: bytes)).run()
        XCTAssertEqual(try Self.callbacks(replay.lines), try Self.callbacks(original.lines), name)
        // The sessions left open, with their URLs and history lengths (iframe entries included).
        XCTAssertEqual(replay.lines.last, original.lines.last, name)
        XCTAssertEqual(played.finalLine, original.lines.last, "\(name): the adapter's engine")
      }
    }

    func test_redactedQueries_replayToTheSameAnswers_withoutTheQueries() async throws {
      let file = Self.scenarios.appendingPathComponent("checkout-popup-policy.json")
      let played = try ScenarioThroughAdapter(
        json: Array(try Data(contentsOf: file)), name: "redacted", redact: .queries)
      try await played.play()

      let replay = try await ScenarioRunner(scenario: Scenario(json: Array(played.recorder.json.utf8))).run()
      XCTAssertEqual(replay.exitCode, 0, "\(replay.failures)")
      XCTAssertFalse(played.recorder.json.contains("?"), played.recorder.json)
    }

    func test_redaction_stripsQueriesOrPaths() {
      XCTAssertEqual(
        ScenarioRecorder.redact("https://pay.example/cb?token=s3cret#frag", .queries), "https://pay.example/cb")
      XCTAssertEqual(
        ScenarioRecorder.redact("https://pay.example:8443/cb?token=1", .paths), "https://pay.example:8443/")
      XCTAssertEqual(ScenarioRecorder.redact("mailto:someone@example.com", .paths), "mailto:")
      XCTAssertEqual(ScenarioRecorder.redact("https://pay.example/cb?x", .none), "https://pay.example/cb?x")
    }

    /// Every callback of every step line, in order (the steps' numbering aside).
    private static func callbacks(_ lines: [String]) throws -> [JSONValue] {
      try lines.dropLast().flatMap { line -> [JSONValue] in
        guard case .array(let callbacks)? = try JSONValue(parsing: line)["callbacks"] else { return [] }
        return callbacks
      }
    }
  }
#endif
