import XCTest

@testable import SessionKit

/// An engine serves any number of root web views over its life: a root's id is unique among the engine's open
/// roots, a duplicate is a typed error, and a root torn down or released frees its id.
final class RootSessionIDTests: XCTestCase {
  private static let policy = #"{"version": 1, "popups": {"requireUserGesture": false}}"#

  func test_aDuplicateOpenRootID_isATypedErrorNamingTheID() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let open = try engine.makeRootSession(id: "tab")

    XCTAssertThrowsError(try engine.makeRootSession(id: "tab")) { error in
      XCTAssertEqual(error as? SessionEngineError, .duplicateRootID("tab"))
      XCTAssertTrue("\(error)".contains("tab"), "\(error)")
    }
    XCTAssertFalse(open.isClosed, "the refused request leaves the open root alone")
    XCTAssertEqual(engine.openRootIDs, ["tab"])
  }

  func test_theErrorIsTyped() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let open = engine.makeRootSession()
    do throws(SessionEngineError) {
      _ = try engine.makeRootSession(id: open.id)
      XCTFail("a second open root \(open.id) was made")
    } catch {
      // `error` is a `SessionEngineError` here, not `any Error`: the function throws that type only.
      XCTAssertEqual(error, .duplicateRootID("main"))
    }
  }

  func test_aTornDownRootsID_canBeReused() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let first = try engine.makeRootSession(id: "tab")
    _ = try openPopup(from: first)
    first.tearDown()

    let second = try engine.makeRootSession(id: "tab")
    XCTAssertEqual(second.id, "tab")
    XCTAssertEqual(try openPopup(from: second).id, "tab.1", "a new tree: its popups count from 1 again")
  }

  func test_aReleasedRootsID_canBeReused() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    do {
      let released = try engine.makeRootSession(id: "tab")
      _ = try openPopup(from: released)
    }
    XCTAssertEqual(engine.openRootIDs, [], "a released root closes its tree and frees its id")

    let again = try engine.makeRootSession(id: "tab")
    XCTAssertEqual(again.id, "tab")
  }

  func test_anOldRootTornDownAgain_doesNotFreeTheIDOfTheRootThatReusedIt() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let old = try engine.makeRootSession(id: "tab")
    old.tearDown()
    let current = try engine.makeRootSession(id: "tab")

    XCTAssertEqual(old.tearDown(), [], "closed already")
    XCTAssertThrowsError(try engine.makeRootSession(id: "tab")) { error in
      XCTAssertEqual(error as? SessionEngineError, .duplicateRootID("tab"))
    }
    XCTAssertFalse(current.isClosed)
  }

  func test_closingAPopup_keepsItsRootsIDTaken() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let root = try engine.makeRootSession(id: "tab")
    let popup = try openPopup(from: root)
    popup.windowDidClose()

    XCTAssertEqual(engine.openRootIDs, ["tab"])
    XCTAssertThrowsError(try engine.makeRootSession(id: "tab"))
  }

  func test_defaultIDs_areUniqueAmongOpenRoots_startingWithMain() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let explicit = try engine.makeRootSession(id: "main-3")
    let roots = (0..<5).map { _ in engine.makeRootSession() }

    XCTAssertEqual(roots.map(\.id), ["main", "main-2", "main-4", "main-5", "main-6"], "main-3 is taken")
    XCTAssertEqual(engine.openRootIDs, Set((roots + [explicit]).map(\.id.rawValue)))
  }

  func test_defaultIDs_areNeverThoseOfEarlierDefaultRoots() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    var seen: Set<SessionID> = []
    for _ in 0..<1_000 {
      let root = engine.makeRootSession()
      XCTAssertTrue(seen.insert(root.id).inserted, "\(root.id) given twice")
      root.tearDown()
    }
    XCTAssertEqual(engine.openRootIDs, [])
  }

  func test_explicitIDs_mayTakeADefaultRootsFreedID() throws {
    let engine = try makeEngine(Self.policy, events: .none)
    engine.makeRootSession().tearDown()

    XCTAssertEqual(try engine.makeRootSession(id: "main").id, "main")
  }

  func test_concurrentRootsWithDefaultIDs_getDistinctIDs() async throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let roots = await withTaskGroup(of: Session.self) { group in
      for _ in 0..<200 { group.addTask { engine.makeRootSession() } }
      return await group.reduce(into: []) { $0.append($1) }
    }

    XCTAssertEqual(Set(roots.map(\.id)).count, 200)
    XCTAssertEqual(engine.openRootIDs.count, 200)
  }
}
