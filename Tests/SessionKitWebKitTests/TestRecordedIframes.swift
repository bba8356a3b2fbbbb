#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitSimulation
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The recorder declares a page's iframes by position, from the first commit of the page until it finishes:
  /// two iframes with one `src` are two iframes, and a reload of the page declares nothing more.
  @MainActor
  final class TestRecordedIframes: XCTestCase {
    func test_twoIframesWithOneSrc_areDeclaredTwice_andTheRecordingReplays() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      let recorder = try ScenarioRecorder(
        name: "test", policy: Array(#"{"version": 1}"#.utf8), clock: VirtualClock(), minimumWait: .seconds(1))
      harness.coordinator.recorder = recorder
      harness.driver.pages["https://news.example/story"] = [
        "https://ads.example/slot", "https://widgets.example/w", "https://ads.example/slot",
      ]
      await harness.load("https://news.example/story")
      await harness.driver.reload(in: harness.mainWebView)
      await harness.coordinator.commitsRecorded()

      XCTAssertEqual(
        recorder.scenario["pages"]?.serialized,
        #"{"https://news.example/story":{"frames":["https://ads.example/slot","https://widgets.example/w","#
          + #""https://ads.example/slot"]}}"#)
      let replay = try await ScenarioRunner(scenario: Scenario(json: Array(recorder.json.utf8))).run()
      XCTAssertEqual(replay.exitCode, 0, "\(replay.failures)\n\(recorder.json)")
    }
  }
#endif
