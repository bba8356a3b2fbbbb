import XCTest

@testable import SessionKit

/// The main web view is never removed by the page or by a close button: only the app's `tearDown()` closes a
/// root.
final class RootProtectionTests: XCTestCase {
  func test_windowCloseOnRoot_isIgnored_andKeepsItOpen() async throws {
    let engine = try makeEngine(#"{"version": 1}"#)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    try await root.didCommit("https://site.example/", kind: .newEntry(isPost: false))

    XCTAssertEqual(root.windowDidClose(), [])

    XCTAssertFalse(root.isClosed)
    XCTAssertTrue(root.isRoot)
    XCTAssertFalse(root.isOpenedByScript)
    let next = await root.decide(TestAction.link("https://site.example/next"))
    XCTAssertEqual(next.policy, .allow)
    let closeEvents = await events.settle().compactMap(\.closed)
    XCTAssertTrue(closeEvents.isEmpty)
    await events.stop()
  }

  func test_windowCloseOnRootThatCommittedNothing_isIgnored() throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()

    XCTAssertEqual(root.windowDidClose(), [], "history of length 0 or 1 does not make a root closable")
    XCTAssertFalse(root.isClosed)
  }

  func test_dismissOnRoot_isIgnored_andItsPopupsStayOpen() throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root)

    XCTAssertEqual(root.dismiss(), [])

    XCTAssertFalse(root.isClosed)
    XCTAssertFalse(popup.isClosed)
    XCTAssertEqual(root.children.map(\.id), ["main.1"])
    XCTAssertNotNil(root.admitPopup(for: TestAction.windowOpen("https://other.example/")).child)
  }

  func test_tearDown_closesTheRoot_andItsWholeTree() async throws {
    let engine = try makeEngine(#"{"version": 1}"#)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let popup1 = try openPopup(from: root)
    let popup11 = try openPopup(from: popup1)
    let popup2 = try openPopup(from: root)
    _ = await events.settle()

    let closed = root.tearDown()

    XCTAssertEqual(closed, ["main", "main.1", "main.1.1", "main.2"])
    XCTAssertEqual([root, popup1, popup11, popup2].map(\.isClosed), [true, true, true, true])
    XCTAssertTrue(root.children.isEmpty)
    let closeEvents = await events.settle().compactMap(\.closed)
    XCTAssertEqual(closeEvents.map(\.id), ["main.1", "main.1.1", "main.2"], "one event per popup removed")
    XCTAssertEqual(Set(closeEvents.map(\.reason)), [.openerClosed])
    let decision = await root.decide(TestAction.link("https://site.example/"))
    XCTAssertEqual(decision.outcome, .blocked(.sessionClosed))
    XCTAssertEqual(
      root.admitPopup(for: TestAction.windowOpen("https://popup.example/")).outcome, .blocked(.sessionClosed))
    await events.stop()
  }

  func test_tearDownOfAPopup_closesItsSubtree_withReasonTeardown() async throws {
    let engine = try makeEngine(#"{"version": 1}"#)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root)
    _ = try openPopup(from: popup)
    _ = await events.settle()

    XCTAssertEqual(popup.tearDown(), ["main.1", "main.1.1"])

    let closeEvents = await events.settle().compactMap(\.closed)
    XCTAssertEqual(closeEvents.map(\.reason), [.teardown, .openerClosed])
    XCTAssertFalse(root.isClosed)
    await events.stop()
  }

  func test_popupsAreOpenedByScript_andMayCloseThemselves_evenWithLongHistory() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    defer { withExtendedLifetime(root) {} }
    let popup = try openPopup(from: root)
    for page in 1...3 { try await popup.didCommit("https://popup.example/\(page)", kind: .newEntry(isPost: false)) }

    XCTAssertTrue(popup.isOpenedByScript)
    XCTAssertEqual(popup.historyLength, 3)
    XCTAssertEqual(popup.windowDidClose(), ["main.1"])
  }
}
