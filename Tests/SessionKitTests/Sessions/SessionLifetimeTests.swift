import XCTest

@testable import SessionKit

/// Closed sessions are released: nothing in the engine keeps a popup (or a torn-down root) alive.
final class SessionLifetimeTests: XCTestCase {
  func test_closedPopups_areReleased_onceTheAppDropsThem() async throws {
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 60000}}
      """#, deciders: ["confirm": ManualDecider()], events: .none)
    let root = engine.makeRootSession()
    weak var popup1: Session?
    weak var popup11: Session?
    weak var provisional: Session?
    weak var popup2: Session?
    do {
      let strong1 = try openPopup(from: root)
      let strong11 = try openPopup(from: strong1)
      let strongProvisional = try openPopup(from: strong1, "https://ask.example/")
      let strong2 = try openPopup(from: root)
      popup1 = strong1
      popup11 = strong11
      provisional = strongProvisional
      popup2 = strong2
      // Decisions under way when the popups close: a completion-handler one and an interrupted decider.
      let recorder = DecisionRecorder()
      strong11.decide(TestAction.link("https://ask.example/pay"), completionHandler: recorder.handler)
      _ = await strong1.decide(TestAction.link("https://site.example/"))
      try await strong2.didCommit("https://popup.example/", kind: .newEntry(isPost: false))

      strong1.dismiss()
      strong2.windowDidClose()
      await recorder.waitForDeliveries(1)
      await engine.tasksFinished()
    }

    let released = popup1 == nil && popup11 == nil && provisional == nil && popup2 == nil
    XCTAssertTrue(
      released,
      "still alive: \([popup1, popup11, provisional, popup2].compactMap { $0?.id })")
    XCTAssertTrue(root.children.isEmpty)
  }

  func test_tornDownRoot_andItsEngine_areReleased() async throws {
    weak var root: Session?
    weak var popup: Session?
    weak var engine: SessionEngine?
    do {
      let strongEngine = try makeEngine(#"{"version": 1}"#, events: .none)
      let strongRoot = strongEngine.makeRootSession()
      let strongPopup = try openPopup(from: strongRoot)
      engine = strongEngine
      root = strongRoot
      popup = strongPopup
      let recorder = DecisionRecorder()
      strongRoot.decide(TestAction.link("https://site.example/"), completionHandler: recorder.handler)
      await recorder.waitForDeliveries(1)
      strongRoot.tearDown()
      await strongEngine.tasksFinished()
    }

    let released = root == nil && popup == nil && engine == nil
    XCTAssertTrue(released, "root \(root == nil ? "released" : "alive"), popup \(popup == nil ? "released" : "alive")")
  }

  func test_openPopups_areKeptAliveByTheirOpener() throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    weak var popup: Session?
    do {
      popup = try openPopup(from: root)
    }

    XCTAssertNotNil(popup, "a live popup belongs to its opener's children")
    XCTAssertEqual(root.children.map(\.id), ["main.1"])
  }

  func test_aRootIsReferencedWeakly_onlyOnceItOpensAPopup() async throws {
    // A weak reference gives an object a side table that every retain and release then goes through: a root
    // that never opens a popup (most main web views) must not pay for the reference its popups' `opener` needs.
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("https://site.example/", kind: .newEntry(isPost: false))
    _ = await root.decide(TestAction.link("https://site.example/next"))
    // The runtime's weak count is 1 for an object nothing references weakly, one more per weak reference.
    XCTAssertEqual(_getWeakRetainCount(root), 1, "a root without popups is not referenced weakly")

    let popup = try openPopup(from: root)
    XCTAssertTrue(popup.opener === root)
    let grandchild = try openPopup(from: popup)
    XCTAssertTrue(grandchild.opener === popup)
    XCTAssertEqual(_getWeakRetainCount(root), 2, "the tree's one weak reference, for the popups' opener")
    _ = try openPopup(from: root)
    XCTAssertEqual(_getWeakRetainCount(root), 2, "recorded once")
  }
}
