#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// WebKit's back-forward list keeps at most 100 entries, dropping the oldest (`WebBackForwardList`), as the
  /// session's does: after more, and a same-document entry among them, the session's history still matches it.
  @MainActor
  final class TestLongHistories: XCTestCase {
    private func assertHistoriesMatch(
      _ harness: AdapterHarness, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) async {
      await harness.coordinator.commitsRecorded()
      let list = harness.mainWebView.backForwardList
      let webKit = (list.backList + [list.currentItem].compactMap { $0 } + list.forwardList).map(\.url.absoluteString)
      let session = harness.coordinator.rootSession.backForwardList
      XCTAssertEqual(session.entries.map(\.url.serialized), webKit, message, file: file, line: line)
      XCTAssertEqual(session.currentIndex, list.backList.count, message, file: file, line: line)
    }

    func test_moreThanAHundredEntries_withASameDocumentOne_keepTheSessionsHistoryInStepWithWebKits() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      for page in 0..<103 { await harness.load("https://shop.example/p\(page)") }
      harness.driver.pushState("https://shop.example/p102/state", in: harness.mainWebView)
      await harness.load("https://shop.example/last")
      XCTAssertEqual(harness.mainWebView.backForwardList.backList.count, 99, "WebKit keeps 100 entries")
      await assertHistoriesMatch(harness, "after 105 entries")
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 100)

      await harness.driver.go(-2, in: harness.mainWebView)
      await harness.load("https://shop.example/p102/state")
      await assertHistoriesMatch(harness, "after going back and loading again")
      XCTAssertEqual(harness.raised.all, [])
    }
  }
#endif
