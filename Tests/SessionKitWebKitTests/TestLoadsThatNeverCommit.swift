#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitSimulation
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// An allowed main-frame load that ends before it commits (a network error, a 204, a response turned into a
  /// download: WebKit calls `didFailProvisionalNavigation`) ends what the coordinator and the recorder kept for it:
  /// the popup gesture of a first load, and the request whose next decision would be a redirect hop.
  @MainActor
  final class TestLoadsThatNeverCommit: XCTestCase {
    /// A `window.open` gesture belongs to the popup's first load only: when that load fails, a script's later
    /// `location.href` in the popup is judged without a gesture.
    func test_aPopupsFailedFirstLoad_spendsTheWindowOpenGesture() async throws {
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "rules": [
            {"name": "tapped-next", "match": {"paths": ["/next"], "userGesture": true}, "action": "cancel"}]}
          """#)
      harness.driver.failingLoads = ["https://shop.example/pay"]
      await harness.load("https://shop.example/")
      let opened = await harness.driver.windowOpen("https://shop.example/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      let start = harness.driver.callbacks.count
      await harness.driver.assignLocation("https://shop.example/next", in: popup)
      XCTAssertEqual(
        harness.callbacks(from: start).first, "decidePolicyFor popup1 other target=main → allow",
        "a script's location change after the failed first load has no gesture")
      XCTAssertEqual(popup.url?.absoluteString, "https://shop.example/next")
    }

    /// A load that failed is no request being redirected: the next `load` is a step of its own, not a hop.
    func test_aFailedLoad_isNotTakenForARedirectOfTheNextLoad() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      let recorder = try ScenarioRecorder(
        name: "test", policy: Array(#"{"version": 1}"#.utf8), clock: VirtualClock(), minimumWait: .seconds(1))
      harness.coordinator.recorder = recorder
      harness.driver.failingLoads = ["https://shop.example/down"]
      await harness.load("https://shop.example/")
      await harness.load("https://shop.example/down")
      await harness.load("https://shop.example/up")
      await harness.coordinator.commitsRecorded()

      XCTAssertNil(recorder.scenario["redirects"], recorder.json)
      guard case .array(let steps)? = recorder.scenario["steps"] else { return XCTFail(recorder.json) }
      XCTAssertEqual(steps.count, 3, recorder.json)
    }
  }
#endif
