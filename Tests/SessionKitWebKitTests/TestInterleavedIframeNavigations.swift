#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// An allowed iframe navigation whose entry the list has not shown yet keeps its record while other decisions
  /// come first: each iframe's entry is recorded with its own frame's URLs.
  @MainActor
  final class TestInterleavedIframeNavigations: XCTestCase {
    func test_anotherIframesNavigation_decidedMeanwhile_doesNotTakeTheFirstOnesRecord() async throws {
      let gate = DeciderGate()
      let policy = #"""
        {"version": 1, "rules": [
          {"name": "held", "match": {"hosts": ["frames.example"], "navigationTypes": ["linkActivated"]},
           "action": {"ask": "held"}}]}
        """#
      let harness = try AdapterHarness(
        policy: policy,
        deciders: [
          "held": ClosureDecider { _ in
            await gate.pass()
            return .allow
          }
        ])
      let webView = harness.mainWebView
      harness.driver.pages["https://news.example/"] = ["https://frames.example/f1", "https://ads.example/slot"]
      await harness.load("https://news.example/")
      await harness.coordinator.commitsRecorded()

      let first = Task {
        await harness.driver.tapLink("https://frames.example/a", in: webView, frameURL: "https://frames.example/f1")
      }
      await gate.untilEntered()
      await harness.driver.tapLink("https://ads.example/b", in: webView, frameURL: "https://ads.example/slot")
      await gate.open()
      await first.value
      await harness.coordinator.commitsRecorded()

      XCTAssertEqual(webView.backForwardList.backList.count, 2, "two iframe entries")
      let entries = harness.coordinator.rootSession.backForwardList.entries
      XCTAssertEqual(entries.map(\.url.serialized), Array(repeating: "https://news.example/", count: 3))
      XCTAssertEqual(
        entries.map { $0.subframe.map { "\($0.from.serialized) → \($0.to.serialized)" } ?? "-" },
        [
          "-", "https://ads.example/slot → https://ads.example/b",
          "https://frames.example/f1 → https://frames.example/a",
        ])
      XCTAssertEqual(harness.raised.all, [])
    }
  }
#endif
