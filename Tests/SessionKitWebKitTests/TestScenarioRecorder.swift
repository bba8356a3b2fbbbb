#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitSimulation
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// What the recorder writes for time passing between steps and for loads the engine starts itself.
  @MainActor
  final class TestScenarioRecorder: XCTestCase {
    private func recording(
      _ harness: AdapterHarness, clock: VirtualClock, minimumWait: Duration = .milliseconds(1)
    ) throws -> ScenarioRecorder {
      let recorder = try ScenarioRecorder(
        name: "test", policy: Array(#"{"version": 1}"#.utf8), clock: clock, minimumWait: minimumWait)
      harness.coordinator.recorder = recorder
      return recorder
    }

    /// The steps of the recording without their `expect`s, as JSON text.
    private func steps(_ recorder: ScenarioRecorder) -> [String] {
      guard case .array(let steps)? = recorder.scenario["steps"] else { return [] }
      return steps.map { step in
        guard case .object(let members) = step else { return step.serialized }
        return JSONValue.object(members.filter { $0.key != "expect" }).serialized
      }
    }

    func test_timeBetweenSteps_isRecordedAsAWaitStep_inWholeMilliseconds() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      let clock = VirtualClock()
      let recorder = try recording(harness, clock: clock)
      clock.advance(by: .seconds(5))  // before the first step: nothing to wait for
      await harness.load("https://shop.example/")
      clock.advance(by: .microseconds(1_500_700))
      await harness.driver.tapLink("https://shop.example/cart", in: harness.mainWebView)
      await harness.driver.tapLink("https://shop.example/pay", in: harness.mainWebView)

      XCTAssertEqual(
        steps(recorder),
        [
          #"{"load":"https://shop.example/"}"#, #"{"wait":1500}"#, #"{"click":"https://shop.example/cart"}"#,
          #"{"click":"https://shop.example/pay"}"#,
        ])
      let replay = try await ScenarioRunner(scenario: Scenario(json: Array(recorder.json.utf8))).run()
      XCTAssertEqual(replay.exitCode, 0, "\(replay.failures)")
    }

    /// A page's iframe loads and a redirect's hops belong to the step that caused them, and the recording
    /// declares the `pages` and `redirects` they showed; a back over iframe entries a reload collapsed, which
    /// reaches no delegate, is a `back` step with no callback. The recording replays to the same answers.
    func test_iframeLoads_redirects_andSilentHistoryMoves_areRecorded() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#, blankTimeouts: .manual)
      let clock = VirtualClock()
      let recorder = try recording(harness, clock: clock, minimumWait: .seconds(1))
      let webView = harness.mainWebView
      harness.driver.pages["https://news.example/story"] = ["https://widgets.example/w"]
      harness.driver.redirects["https://news.example/old"] = .init(to: "https://news.example/story", status: 301)
      await harness.load("https://news.example/old")
      await harness.driver.tapLink("https://widgets.example/w2", in: webView, frameURL: "https://widgets.example/w")
      await harness.driver.reload(in: webView)
      await harness.driver.go(-1, in: webView)
      await harness.coordinator.commitsRecorded()

      XCTAssertEqual(recorder.unrecorded, [])
      XCTAssertEqual(
        steps(recorder),
        [
          #"{"load":"https://news.example/old"}"#,
          #"{"click":"https://widgets.example/w2","frame":"https://widgets.example/w"}"#, #"{"reload":true}"#,
          #"{"back":true}"#,
        ])
      XCTAssertEqual(
        recorder.scenario["pages"]?.serialized,
        #"{"https://news.example/story":{"frames":["https://widgets.example/w"]}}"#)
      XCTAssertEqual(
        recorder.scenario["redirects"]?.serialized,
        #"{"https://news.example/old":{"to":"https://news.example/story","status":302}}"#)
      let replay = try await ScenarioRunner(scenario: Scenario(json: Array(recorder.json.utf8))).run()
      XCTAssertEqual(replay.exitCode, 0, "\(replay.failures)\n\(recorder.json)")
    }

    func test_gapsShorterThanTheMinimumWait_areNotRecorded() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      let clock = VirtualClock()
      let recorder = try recording(harness, clock: clock, minimumWait: .milliseconds(100))
      await harness.load("https://shop.example/")
      clock.advance(by: .milliseconds(99))
      await harness.driver.tapLink("https://shop.example/cart", in: harness.mainWebView)
      clock.advance(by: .milliseconds(100))
      await harness.driver.tapLink("https://shop.example/pay", in: harness.mainWebView)

      XCTAssertEqual(
        steps(recorder),
        [
          #"{"load":"https://shop.example/"}"#, #"{"click":"https://shop.example/cart"}"#, #"{"wait":100}"#,
          #"{"click":"https://shop.example/pay"}"#,
        ])
    }

    func test_aPopupFinishedToItsOpener_recordsTheOpenersLoadInTheSameStep() async throws {
      let policy = #"""
        {"version": 1,
         "rules": [{"name": "to-opener", "match": {"hosts": ["merchant.example"], "paths": ["/oauth/done"]},
                    "action": {"finish": "opener"}}]}
        """#
      let harness = try AdapterHarness(policy: policy)
      let recorder = try ScenarioRecorder(name: "oauth", policy: Array(policy.utf8), clock: VirtualClock())
      harness.coordinator.recorder = recorder
      await harness.load("https://merchant.example/account")
      let opened = await harness.driver.windowOpen(
        "https://idp.example/authorize", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      await harness.driver.assignLocation("https://merchant.example/oauth/done?code=8", in: popup)
      await harness.closed("main.1")
      await harness.driver.settle()

      XCTAssertEqual(
        steps(recorder),
        [
          #"{"load":"https://merchant.example/account"}"#,
          #"{"open":"https://idp.example/authorize","gesture":true}"#,
          #"{"in":"main.1","assign":"https://merchant.example/oauth/done?code=8"}"#,
        ])
      guard case .array(let steps)? = recorder.scenario["steps"],
        case .array(let callbacks)? = steps[2]["expect"]?["callbacks"]
      else { return XCTFail("no callbacks") }
      XCTAssertEqual(callbacks.map { $0["session"]?.serialized }, [#""main.1""#, #""main""#])
      let replay = try await ScenarioRunner(scenario: Scenario(json: Array(recorder.json.utf8))).run()
      XCTAssertEqual(replay.exitCode, 0, "\(replay.failures)")
    }
  }
#endif
