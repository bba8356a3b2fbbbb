import XCTest

@testable import SessionKit

/// Closed popups are freed: nothing the engine keeps (the tree, the event buffer, decider races, tasks) holds
/// a session once it has closed.
final class PopupLeakTests: XCTestCase {
  private final class WeakSession {
    weak var session: Session?
    init(_ session: Session) { self.session = session }
  }

  func test_tenThousandPopupCycles_leaveNoPopupAlive() async throws {
    let engine = try makeEngine(#"{"version": 1, "popups": {"requireUserGesture": false, "maxDepth": 3}}"#)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    var references: [WeakSession] = []
    references.reserveCapacity(10_000)
    for index in 0..<10_000 {
      let popup = try openPopup(from: root, TestAction.windowOpen("https://pop.example/\(index)"))
      _ = await popup.decide(TestAction.load("https://pop.example/\(index)", gesture: true))
      switch index % 3 {
      case 0: _ = popup.windowDidClose()
      case 1: _ = popup.dismiss()
      default:
        // A nested popup, closed with its opener.
        let child = try openPopup(from: popup, TestAction.windowOpen("https://pop.example/\(index)/child"))
        references.append(WeakSession(child))
        _ = popup.windowDidClose()
      }
      references.append(WeakSession(popup))
      if index % 1_000 == 999 { _ = await events.settle() }
    }
    _ = await events.settle()
    await engine.tasksFinished()

    let alive = references.filter { $0.session != nil }.count
    XCTAssertEqual(alive, 0, "\(alive) of \(references.count) closed popups are still alive")
    XCTAssertFalse(root.isClosed)
    await events.stop()
  }
}
