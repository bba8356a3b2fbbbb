import XCTest

@testable import SessionKit

/// `engine.events()` tells the UI what happened: popups opened (with their presentation) and closed, URLs to
/// open outside (with where), and every decision with its trace.
final class SessionEventTests: XCTestCase {
  private static let policy = #"""
    {"version": 1,
     "rules": [{"name": "checkout", "match": {"hosts": ["pay.example"], "target": "newWindow"},
                "action": {"popup": "modal"}},
               {"name": "ads", "match": {"hosts": ["ads.example"]}, "action": {"external": "safari"}}]}
    """#

  func test_aPaymentFlow_emitsItsEventsInOrder() async throws {
    let engine = try makeEngine(Self.policy)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()

    _ = await root.decide(TestAction.load("https://shop.example/"))
    _ = await root.decide(TestAction.blankLink("https://pay.example/checkout"))
    let popup = try openPopup(from: root, TestAction.blankLink("https://pay.example/checkout"))
    _ = await popup.decide(TestAction.load("https://pay.example/checkout", gesture: true))
    _ = await root.decide(TestAction.link("https://ads.example/offer"))
    let all = await events.settle()

    XCTAssertEqual(all.count, 6, "\(all)")
    guard all.count == 6 else { return }
    XCTAssertEqual(all[0].decided?.session, "main")
    XCTAssertEqual(all[0].decided?.url, "https://shop.example/")
    XCTAssertEqual(all[0].decided?.decision.trace.rule, "default")
    XCTAssertEqual(all[1].decided?.decision.trace.rule, "checkout")
    XCTAssertEqual(all[1].decided?.decision.policy, .allow)
    XCTAssertEqual(
      all[2],
      .popupOpened(child: "main.1", opener: "main", presentation: .modal, url: "https://pay.example/checkout"))
    XCTAssertEqual(all[3].decided?.session, "main.1")
    XCTAssertEqual(all[3].decided?.decision.trace.notes, ["a load the engine started; not judged again"])
    XCTAssertEqual(all[4], .openedExternally(session: "main", url: "https://ads.example/offer", via: .safari))
    XCTAssertEqual(all[5].decided?.decision.trace.rule, "ads")
    XCTAssertEqual(all[5].decided?.decision.outcome, .openExternally(url: "https://ads.example/offer", via: .safari))
    popup.windowDidClose()
    let closing = await events.settle()
    XCTAssertEqual(closing, [.popupClosed("main.1", reason: .windowClose)])
    await events.stop()
  }

  func test_popupClosedEvents_followTheClose() async throws {
    let engine = try makeEngine(Self.policy)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    defer { withExtendedLifetime(root) {} }
    let popup = try openPopup(from: root)
    _ = await events.settle()

    popup.dismiss()

    let closing = await events.settle()
    XCTAssertEqual(closing, [.popupClosed("main.1", reason: .dismissed)])
    await events.stop()
  }

  func test_everyDecision_isAnnouncedWithItsTrace_onceEach() async throws {
    let engine = try makeEngine(Self.policy)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let recorder = DecisionRecorder()

    for index in 0..<50 {
      root.decide(TestAction.link("https://shop.example/\(index)"), completionHandler: recorder.handler)
    }
    await recorder.waitForDeliveries(50)
    let decided = await events.settle().compactMap(\.decided)

    XCTAssertEqual(decided.count, 50)
    XCTAssertEqual(Set(decided.map(\.url)).count, 50)
    XCTAssertEqual(Set(decided.map(\.decision)), Set(recorder.decisions))
    await events.stop()
  }

  func test_lifecycleDelivery_leavesOutDecisions_butKeepsPopupsAndExternalOpens() async throws {
    let engine = try makeEngine(Self.policy, events: .lifecycle)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()

    _ = await root.decide(TestAction.link("https://shop.example/"))
    _ = await root.decide(TestAction.link("https://ads.example/"))
    let popup = try openPopup(from: root, "https://pay.example/")
    popup.dismiss()

    let all = await events.settle()
    XCTAssertEqual(
      all,
      [
        .openedExternally(session: "main", url: "https://ads.example/", via: .safari),
        .popupOpened(child: "main.1", opener: "main", presentation: .modal, url: "https://pay.example/"),
        .popupClosed("main.1", reason: .dismissed),
      ])
    await events.stop()
  }

  func test_noDelivery_finishesTheStreamAtOnce() async throws {
    let engine = try makeEngine(Self.policy, events: .none)
    _ = await engine.makeRootSession().decide(TestAction.link("https://ads.example/"))

    var iterator = engine.events().makeAsyncIterator()
    let first = await iterator.next()

    XCTAssertNil(first)
  }

  func test_shutdown_finishesTheStream() async throws {
    let engine = try makeEngine(Self.policy)
    let events = engine.events()
    let root = engine.makeRootSession()
    _ = await root.decide(TestAction.link("https://shop.example/"))

    await engine.shutdown()
    var received: [SessionEvent] = []
    for await event in events { received.append(event) }

    XCTAssertEqual(received.count, 1, "buffered events are still delivered, then the stream ends")
  }

  /// A popup admitted while its opener closes is either refused or closed with the subtree; when it is announced
  /// at all, its `popupOpened` comes before its `popupClosed`, or the UI would present a popup already gone.
  func test_popupAdmittedWhileItsOpenerCloses_isNeverAnnouncedAfterItsClose() async throws {
    let engine = try makeEngine(#"{"version": 1, "popups": {"maxOpen": 100}}"#, events: .lifecycle)
    let events = EventCollector(engine)
    let rounds = 10_000

    let leftOpen = await withTaskGroup(of: [SessionID].self) { group in
      for round in 0..<rounds {
        group.addTask {
          guard let root = try? engine.makeRootSession(id: SessionID("r\(round)")) else {
            return [SessionID("r\(round): id taken")]
          }
          guard let opener = root.admitPopup(for: TestAction.windowOpen("https://opener.example/")).child else {
            return [SessionID("r\(round): no opener")]
          }
          let child = await withTaskGroup(of: Session?.self) { race in
            race.addTask { opener.admitPopup(for: TestAction.windowOpen("https://child.example/")).child }
            race.addTask {
              opener.dismiss()
              return nil
            }
            return await race.reduce(nil) { $0 ?? $1 }
          }
          return child.map { $0.isClosed ? [] : [$0.id] } ?? []
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    let all = await events.settle()

    XCTAssertEqual(leftOpen, [], "children left open under a closed opener")
    var position: [SessionID: (opened: Int?, closed: Int?)] = [:]
    for (index, event) in all.enumerated() {
      if let opened = event.opened { position[opened.child, default: (nil, nil)].opened = index }
      if let closed = event.closed { position[closed.id, default: (nil, nil)].closed = index }
    }
    let announcedLate = position.filter { _, at in
      guard let opened = at.opened else { return false }
      return at.closed.map { $0 < opened } ?? true
    }
    XCTAssertEqual(
      announcedLate.keys.sorted(), [], "popupOpened after popupClosed (or never closed) for these popups")
    await events.stop()
  }
}
