import XCTest

@testable import SessionKit

/// `requireUserGesture`, `maxDepth` and `maxOpen` refuse popups with the right reason, the gesture first;
/// closing frees a slot; popup ids are never reused.
final class PopupLimitTests: XCTestCase {
  private func engine(maxDepth: Int = 3, maxOpen: Int = 8, requireUserGesture: Bool = true) throws -> SessionEngine {
    try makeEngine(
      #"""
      {"version": 1,
       "popups": {"maxDepth": \#(maxDepth), "maxOpen": \#(maxOpen), "requireUserGesture": \#(requireUserGesture)}}
      """#, events: .none)
  }

  func test_windowOpenWithoutGesture_isRefused_noUserGesture_whenTheGestureIsRequired() throws {
    let root = try engine().makeRootSession()

    let admission = root.admitPopup(for: TestAction.windowOpen("https://popup.example/", gesture: false))

    XCTAssertNil(admission.child)
    XCTAssertEqual(admission.outcome, .blocked(.noUserGesture))
    XCTAssertEqual(admission.trace.rule, "popups")
    XCTAssertTrue(root.children.isEmpty)
  }

  func test_windowOpenWithoutGesture_opens_whenNoGestureIsRequired() throws {
    let root = try engine(requireUserGesture: false).makeRootSession()

    XCTAssertNotNil(root.admitPopup(for: TestAction.windowOpen("https://popup.example/", gesture: false)).child)
  }

  func test_gestureIsCheckedBeforeTheLimits() throws {
    let root = try engine(maxDepth: 0, maxOpen: 0).makeRootSession()

    let withoutGesture = root.admitPopup(for: TestAction.windowOpen("https://popup.example/", gesture: false))
    let withGesture = root.admitPopup(for: TestAction.windowOpen("https://popup.example/", gesture: true))

    XCTAssertEqual(withoutGesture.outcome, .blocked(.noUserGesture))
    XCTAssertEqual(withGesture.outcome, .blocked(.popupLimit))
  }

  func test_maxDepth1_allowsARootsPopup_butNotAPopupsPopup() throws {
    let root = try engine(maxDepth: 1).makeRootSession()

    let popup = try openPopup(from: root)
    let nested = popup.admitPopup(for: TestAction.windowOpen("https://nested.example/"))

    XCTAssertEqual(popup.id, "main.1")
    XCTAssertEqual(popup.depth, 1)
    XCTAssertNil(nested.child)
    XCTAssertEqual(nested.outcome, .blocked(.popupLimit))
    XCTAssertEqual(nested.trace.rule, "popups")
    XCTAssertTrue(popup.children.isEmpty)
  }

  func test_maxDepth0_refusesEveryPopup() throws {
    let root = try engine(maxDepth: 0).makeRootSession()

    XCTAssertEqual(root.admitPopup(for: TestAction.windowOpen("https://popup.example/")).outcome, .blocked(.popupLimit))
  }

  func test_maxOpen_countsEveryPopupInTheRootTree_notTheRoot() throws {
    let root = try engine(maxOpen: 3).makeRootSession()
    let popup1 = try openPopup(from: root)
    let popup11 = try openPopup(from: popup1)
    _ = try openPopup(from: popup11)

    for opener in [root, popup1, popup11] {
      let admission = opener.admitPopup(for: TestAction.windowOpen("https://more.example/"))
      XCTAssertNil(admission.child, "\(opener.id)")
      XCTAssertEqual(admission.outcome, .blocked(.popupLimit), "\(opener.id)")
    }
  }

  func test_maxOpen_isPerRootTree() throws {
    let engine = try engine(maxOpen: 1)
    let first = try engine.makeRootSession(id: "tab-1")
    let second = try engine.makeRootSession(id: "tab-2")

    XCTAssertEqual(try openPopup(from: first).id, "tab-1.1")
    XCTAssertEqual(try openPopup(from: second).id, "tab-2.1")
    XCTAssertEqual(first.admitPopup(for: TestAction.windowOpen("https://more.example/")).outcome, .blocked(.popupLimit))
  }

  func test_closingAPopup_freesItsSlots_andIdsAreNeverReused() throws {
    let root = try engine(maxOpen: 2).makeRootSession()
    let popup1 = try openPopup(from: root)
    _ = try openPopup(from: popup1)
    XCTAssertEqual(root.admitPopup(for: TestAction.windowOpen("https://more.example/")).outcome, .blocked(.popupLimit))

    popup1.windowDidClose()

    let popup2 = try openPopup(from: root)
    let popup3 = try openPopup(from: root)
    XCTAssertEqual([popup2.id, popup3.id], ["main.2", "main.3"], "a refused request takes no number")
    XCTAssertEqual(root.admitPopup(for: TestAction.windowOpen("https://more.example/")).outcome, .blocked(.popupLimit))
    popup3.dismiss()
    XCTAssertEqual(try openPopup(from: root).id, "main.4")
  }

  func test_afterMain1Closes_theNextPopupIsMain2() throws {
    let root = try engine().makeRootSession()
    try openPopup(from: root).dismiss()

    XCTAssertEqual(try openPopup(from: root).id, "main.2")
  }

  func test_concurrentAdmissionsFromAcrossTheTree_neverExceedMaxOpen() async throws {
    let root = try engine(maxDepth: 10, maxOpen: 8).makeRootSession()
    let popup1 = try openPopup(from: root)
    let popup11 = try openPopup(from: popup1)
    let openers = [root, popup1, popup11]

    let admitted = await withTaskGroup(of: Int.self) { group in
      for index in 0..<300 {
        group.addTask {
          let admission = openers[index % openers.count].admitPopup(
            for: TestAction.windowOpen("https://popup.example/\(index)"))
          return admission.child == nil ? 0 : 1
        }
      }
      return await group.reduce(0, +)
    }

    XCTAssertEqual(admitted, 6, "2 already open + 6 = maxOpen 8")
    XCTAssertEqual(openers.map(\.children.count).reduce(0, +), 8)
  }

  func test_refusedNewWindowAskRule_asksNoDecider() async throws {
    let decider = CountingDecider(answering: .allow)
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}],
       "popups": {"maxOpen": 0, "requireUserGesture": true}}
      """#, deciders: ["confirm": decider], events: .none)
    let root = engine.makeRootSession()

    let noGesture = await root.decide(TestAction.blankLink("https://popup.example/", gesture: false))
    let overLimit = await root.decide(TestAction.blankLink("https://popup.example/"))
    let admission = root.admitPopup(for: TestAction.windowOpen("https://popup.example/"))

    XCTAssertEqual(noGesture.policy, .cancel)
    XCTAssertEqual(noGesture.outcome, .blocked(.noUserGesture))
    XCTAssertEqual(overLimit.policy, .cancel)
    XCTAssertEqual(overLimit.outcome, .blocked(.popupLimit))
    XCTAssertEqual(admission.outcome, .blocked(.popupLimit))
    XCTAssertEqual(decider.callCount, 0)
  }

  func test_provisionalPopup_takesASlot_andItsRefusalFreesIt() async throws {
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
       "popups": {"maxOpen": 1}}
      """#, deciders: ["confirm": CountingDecider(answering: .cancel)], events: .none)
    let root = engine.makeRootSession()
    let provisional = try openPopup(from: root, "https://ask.example/")
    XCTAssertTrue(provisional.isProvisional)
    XCTAssertEqual(root.admitPopup(for: TestAction.windowOpen("https://other.example/")).outcome, .blocked(.popupLimit))

    let decision = await provisional.decide(TestAction.load("https://ask.example/", gesture: true))

    XCTAssertEqual(decision.closedSessions, ["main.1"])
    XCTAssertEqual(try openPopup(from: root, "https://other.example/").id, "main.2")
  }
}
