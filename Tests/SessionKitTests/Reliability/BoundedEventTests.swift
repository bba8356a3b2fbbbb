import XCTest

@testable import SessionKit

/// A subscription of `engine.events()` keeps every lifecycle event for its reader and at most
/// ``SessionEngine/bufferedDecisionEventLimit`` per-decision events, so an app that subscribes and never reads
/// uses constant memory for decisions.
final class BoundedEventTests: XCTestCase {
  private static let policy = #"{"version": 1, "popups": {"requireUserGesture": false}}"#

  func test_rootCyclesWithAnUnreadStream_keepResidentMemoryFlat() async throws {
    let engine = try makeEngine(Self.policy)
    let unread = engine.events()
    func cycle(_ index: Int) async throws {
      let root = try engine.makeRootSession(id: SessionID("r\(index)"))
      _ = await root.decide(TestAction.load("https://shop.example/item/\(index)"))
      _ = root.tearDown()
    }
    // Warm up past the buffer's limit, so that what follows only replaces decisions.
    for index in 0..<10_000 { try await cycle(index) }
    let before = try XCTUnwrap(residentSetSize(), "no /proc/self/statm")
    for index in 10_000..<110_000 { try await cycle(index) }
    let after = try XCTUnwrap(residentSetSize())
    withExtendedLifetime(unread) {}

    let growth = Double(after - before) / 1_048_576
    if residentSizeBoundsApply {
      XCTAssertLessThan(growth, 4, "100 000 root cycles grew RSS by \(growth) MiB")
    }
    XCTAssertEqual(engine.droppedEventCount, 110_000 - SessionEngine.bufferedDecisionEventLimit)
    await engine.shutdown()
  }

  func test_aReaderThatFallsBehind_receivesEveryLifecycleEvent_andTheNewestDecisionsInOrder() async throws {
    let engine = try makeEngine(Self.policy)
    let events = engine.events()
    let root = engine.makeRootSession()
    let limit = SessionEngine.bufferedDecisionEventLimit
    var popups: [String] = []
    var decided: [String] = []
    for index in 0..<(2 * limit) {
      let url = "https://shop.example/\(index)"
      _ = await root.decide(TestAction.load(url))
      decided.append(url)
      if index % 4 == 0 {
        let popup = try openPopup(from: root, TestAction.windowOpen("https://pop.example/\(index)"))
        popups.append(popup.id.rawValue)
        _ = popup.windowDidClose()
      }
    }
    await engine.shutdown()

    var lifecycle: [String] = []
    var decisions: [String] = []
    for await event in events {
      switch event {
      case .navigationDecided(_, let url, _): decisions.append(url)
      case .popupOpened(let child, _, _, _): lifecycle.append("opened \(child)")
      case .popupClosed(let id, _): lifecycle.append("closed \(id)")
      default: lifecycle.append("\(event)")
      }
    }
    XCTAssertEqual(lifecycle, popups.flatMap { ["opened \($0)", "closed \($0)"] }, "every lifecycle event arrives")
    XCTAssertEqual(decisions, Array(decided.suffix(limit)), "the oldest decisions were dropped first")
    XCTAssertEqual(engine.droppedEventCount, decided.count - limit)
  }

  func test_aReaderThatKeepsUp_losesNothing() async throws {
    let engine = try makeEngine(Self.policy)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let count = SessionEngine.bufferedDecisionEventLimit * 2
    for index in 0..<count {
      _ = await root.decide(TestAction.load("https://shop.example/\(index)"))
      if index % 512 == 0 { _ = await events.settle() }
    }
    _ = await events.settle()
    XCTAssertEqual(events.receivedEvents.count, count)
    XCTAssertEqual(engine.droppedEventCount, 0)
    await events.stop()
  }
}
