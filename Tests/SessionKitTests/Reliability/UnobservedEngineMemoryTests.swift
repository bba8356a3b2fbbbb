import XCTest

@testable import SessionKit

/// An engine nobody subscribes to keeps no events: a long-lived app that never reads `events()` (or whose
/// reader has gone) uses constant memory for them, lifecycle events included.
final class UnobservedEngineMemoryTests: XCTestCase {
  /// Before subscriptions (one engine-wide stream that kept lifecycle events until read) this grew the resident
  /// set by 41 MiB: two lifecycle events per cycle, kept for a reader that never came.
  func test_rootCyclesThatOpenAPopup_withNoSubscriber_keepResidentMemoryFlat() async throws {
    let engine = try makeEngine(#"{"version": 1, "popups": {"requireUserGesture": false}}"#)
    func cycle(_ index: Int) throws {
      let root = engine.makeRootSession()
      let popup = try openPopup(from: root, TestAction.windowOpen("https://pop.example/\(index)"))
      XCTAssertFalse(popup.isClosed)
      // Half the roots are torn down, half released (which closes their trees as well).
      if index.isMultiple(of: 2) { _ = root.tearDown() }
    }
    for index in 0..<10_000 { try cycle(index) }
    let before = try XCTUnwrap(residentSetSize(), "no /proc/self/statm")
    for index in 10_000..<110_000 { try cycle(index) }
    let after = try XCTUnwrap(residentSetSize())

    let growth = Double(after - before) / 1_048_576
    if residentSizeBoundsApply {
      XCTAssertLessThan(growth, 4, "100 000 root cycles with no subscriber grew RSS by \(growth) MiB")
    }
    XCTAssertEqual(engine.bufferedEventCount, 0)
    XCTAssertEqual(engine.openRootIDs, [], "every root's id was freed")
    await engine.shutdown()
  }
}
