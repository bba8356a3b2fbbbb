import XCTest

@testable import SessionKit

/// Closing a popup closes its whole subtree: the closing session first, then its descendants depth-first in
/// creation order, one `popupClosed` event each; closed sessions refuse popups and decisions.
final class SubtreeCloseTests: XCTestCase {
  private struct Tree {
    let engine: SessionEngine
    let root: Session
    let popup1: Session
    let popup2: Session
    let popup11: Session
    let popup12: Session
    let popup111: Session
  }

  /// main ─┬─ main.1 ─┬─ main.1.1 ── main.1.1.1
  ///       │          └─ main.1.2
  ///       └─ main.2
  private func makeTree() throws -> Tree {
    let engine = try makeEngine(#"{"version": 1, "popups": {"maxDepth": 3, "maxOpen": 8}}"#)
    let root = engine.makeRootSession()
    let popup1 = try openPopup(from: root)
    let popup11 = try openPopup(from: popup1)
    let popup2 = try openPopup(from: root)
    let popup111 = try openPopup(from: popup11)
    let popup12 = try openPopup(from: popup1)
    return Tree(
      engine: engine, root: root, popup1: popup1, popup2: popup2, popup11: popup11, popup12: popup12,
      popup111: popup111)
  }

  func test_treeIsNamedAfterOpeners_inCreationOrder() throws {
    let tree = try makeTree()

    XCTAssertEqual(
      [tree.popup1, tree.popup11, tree.popup2, tree.popup111, tree.popup12].map(\.id),
      ["main.1", "main.1.1", "main.2", "main.1.1.1", "main.1.2"])
    XCTAssertEqual([tree.root, tree.popup1, tree.popup11, tree.popup111].map(\.depth), [0, 1, 2, 3])
    XCTAssertEqual(tree.root.children.map(\.id), ["main.1", "main.2"])
    XCTAssertEqual(tree.popup1.children.map(\.id), ["main.1.1", "main.1.2"])
    XCTAssertTrue(tree.popup111.opener === tree.popup11)
    XCTAssertNil(tree.root.opener)
  }

  func test_windowCloseOfMain1_closesItsSubtreeInPreOrder_withOneEventEach() async throws {
    let tree = try makeTree()
    let events = EventCollector(tree.engine)
    _ = await events.settle()

    let closed = tree.popup1.windowDidClose()

    XCTAssertEqual(closed, ["main.1", "main.1.1", "main.1.1.1", "main.1.2"])
    let all = await events.settle()
    let closeEvents = all.compactMap(\.closed)
    XCTAssertEqual(closeEvents.map(\.id), ["main.1", "main.1.1", "main.1.1.1", "main.1.2"])
    XCTAssertEqual(closeEvents.map(\.reason), [.windowClose, .openerClosed, .openerClosed, .openerClosed])
    XCTAssertEqual(all.count, 4, "only the close events: \(all)")
    await events.stop()
  }

  func test_dismissOfMain1_closesItsSubtree_withReasonDismissedThenOpenerClosed() async throws {
    let tree = try makeTree()
    let events = EventCollector(tree.engine)
    _ = await events.settle()

    let closed = tree.popup1.dismiss()

    XCTAssertEqual(closed, ["main.1", "main.1.1", "main.1.1.1", "main.1.2"])
    let closeEvents = await events.settle().compactMap(\.closed)
    XCTAssertEqual(closeEvents.map(\.id), closed)
    XCTAssertEqual(closeEvents.map(\.reason), [.dismissed, .openerClosed, .openerClosed, .openerClosed])
    await events.stop()
  }

  func test_closingASubtree_updatesChildrenLists_andLeavesSiblingsOpen() throws {
    let tree = try makeTree()

    tree.popup11.windowDidClose()

    XCTAssertEqual(tree.popup1.children.map(\.id), ["main.1.2"])
    XCTAssertTrue(tree.popup11.children.isEmpty)
    XCTAssertEqual([tree.popup11, tree.popup111].map(\.isClosed), [true, true])
    XCTAssertEqual([tree.root, tree.popup1, tree.popup2, tree.popup12].map(\.isClosed), [false, false, false, false])

    tree.popup1.dismiss()

    XCTAssertEqual(tree.root.children.map(\.id), ["main.2"])
    XCTAssertTrue(tree.popup1.children.isEmpty)
    XCTAssertTrue(tree.popup12.isClosed)
    XCTAssertFalse(tree.popup2.isClosed)
  }

  func test_closingAClosedSession_againDoesNothing_andEmitsNothing() async throws {
    let tree = try makeTree()
    tree.popup1.dismiss()
    let events = EventCollector(tree.engine)
    _ = await events.settle()

    XCTAssertEqual(tree.popup1.windowDidClose(), [])
    XCTAssertEqual(tree.popup1.dismiss(), [])
    XCTAssertEqual(tree.popup11.dismiss(), [])
    XCTAssertEqual(tree.popup1.tearDown(), [])

    let all = await events.settle()
    XCTAssertTrue(all.isEmpty, "\(all)")
    await events.stop()
  }

  func test_closedSessions_refuseNewPopups_withSessionClosed() throws {
    let tree = try makeTree()
    tree.popup1.dismiss()

    for session in [tree.popup1, tree.popup11, tree.popup111, tree.popup12] {
      let admission = session.admitPopup(for: TestAction.windowOpen("https://popup.example/"))
      XCTAssertNil(admission.child, "\(session.id)")
      XCTAssertEqual(admission.outcome, .blocked(.sessionClosed), "\(session.id)")
      XCTAssertEqual(admission.trace.rule, "session-closed")
    }
    XCTAssertNotNil(tree.popup2.admitPopup(for: TestAction.windowOpen("https://popup.example/")).child)
  }

  func test_closedSessions_decideCancel_withSessionClosed() async throws {
    let tree = try makeTree()
    tree.popup1.windowDidClose()

    for session in [tree.popup1, tree.popup11, tree.popup111, tree.popup12] {
      let decision = await session.decide(TestAction.link("https://site.example/next"))
      XCTAssertEqual(decision.policy, .cancel, "\(session.id)")
      XCTAssertEqual(decision.action, .cancel)
      XCTAssertEqual(decision.outcome, .blocked(.sessionClosed), "\(session.id)")
      XCTAssertEqual(decision.trace.rule, "session-closed")
    }
    let open = await tree.popup2.decide(TestAction.link("https://site.example/next"))
    XCTAssertEqual(open.policy, .allow)
  }

  func test_closedSessions_forgetPendingLoads() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()

    defer { withExtendedLifetime(root) {} }

    let popup = try openPopup(from: root, "https://popup.example/first")
    popup.dismiss()

    let firstLoad = await popup.decide(TestAction.load("https://popup.example/first", gesture: true))

    XCTAssertEqual(firstLoad.outcome, .blocked(.sessionClosed), "an expected load is not allowed after the close")
  }
}
