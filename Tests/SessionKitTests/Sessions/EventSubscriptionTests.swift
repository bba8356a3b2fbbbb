import XCTest

@testable import SessionKit

/// Each `engine.events()` call is a subscriber of its own: it receives every event emitted after it subscribed,
/// in order, whatever the other subscribers do; ending one ends only that one; nobody subscribing keeps nothing.
final class EventSubscriptionTests: XCTestCase {
  private static let policy = #"{"version": 1, "popups": {"requireUserGesture": false, "maxOpen": 100}}"#

  /// Opens and closes `count` popups of `root`: the lifecycle events it emits, in order.
  private func popupCycles(_ count: Int, of root: Session, from first: Int = 0) throws -> [SessionEvent] {
    var expected: [SessionEvent] = []
    for index in first..<(first + count) {
      let url = "https://pop.example/\(index)"
      let popup = try openPopup(from: root, TestAction.windowOpen(url))
      let presentation = try XCTUnwrap(popup.presentation)
      _ = popup.dismiss()
      expected += [
        .popupOpened(child: popup.id, opener: root.id, presentation: presentation, url: url),
        .popupClosed(popup.id, reason: .dismissed),
      ]
    }
    return expected
  }

  /// Every event of a stream, once the engine has shut down.
  private func drain(_ stream: AsyncStream<SessionEvent>) async -> [SessionEvent] {
    var events: [SessionEvent] = []
    for await event in stream { events.append(event) }
    return events
  }

  func test_twoSubscribers_eachReceiveEveryLifecycleEvent_inOrder() async throws {
    let engine = try makeEngine(Self.policy, events: .lifecycle)
    let first = EventCollector(engine)
    let second = EventCollector(engine)
    let root = engine.makeRootSession()

    let expected = try popupCycles(50, of: root)

    let firstReceived = await first.settle()
    let secondReceived = await second.settle()
    XCTAssertEqual(firstReceived, expected)
    XCTAssertEqual(secondReceived, expected)
    await first.stop()
    await second.stop()
  }

  func test_eventsEmittedBeforeTheStreamIsIterated_areKeptForIt() async throws {
    let engine = try makeEngine(Self.policy, events: .lifecycle)
    let events = engine.events()
    let root = engine.makeRootSession()

    let expected = try popupCycles(3, of: root)
    await engine.shutdown()

    let received = await drain(events)
    XCTAssertEqual(received, expected, "subscribed when events() returned, not when iteration began")
  }

  func test_cancellingOneSubscribersTask_endsOnlyThatSubscriber() async throws {
    let engine = try makeEngine(Self.policy, events: .lifecycle)
    let staying = EventCollector(engine)
    let leavingReceived = CountWaiter()
    let leaving = engine.events()
    let reader = Task {
      var received: [SessionEvent] = []
      for await event in leaving {
        received.append(event)
        leavingReceived.increment()
      }
      return received
    }
    let root = engine.makeRootSession()
    let before = try popupCycles(2, of: root)
    await leavingReceived.wait(forAtLeast: before.count)

    reader.cancel()
    let leftWith = await reader.value
    let after = try popupCycles(3, of: root, from: 2)

    XCTAssertEqual(leftWith, before, "the cancelled subscriber's stream ended")
    let stayed = await staying.settle()
    XCTAssertEqual(stayed, before + after, "the other subscriber still receives every event")
    XCTAssertEqual(engine.subscriberCount, 1, "the cancelled subscription is gone")
    XCTAssertEqual(engine.bufferedEventCount, 0, "nothing is kept for the cancelled subscriber")
    await staying.stop()
  }

  func test_breakingOutOfOneSubscribersLoop_endsOnlyThatSubscriber() async throws {
    let engine = try makeEngine(Self.policy, events: .lifecycle)
    let staying = EventCollector(engine)
    let root = engine.makeRootSession()
    var first: [SessionEvent] = []
    var firstOfTheOther: SessionEvent?
    do {
      let other = engine.events()
      first = try popupCycles(1, of: root)
      for await event in other {
        firstOfTheOther = event
        break
      }
    }
    XCTAssertEqual(firstOfTheOther, first.first)
    XCTAssertEqual(engine.subscriberCount, 1, "the left stream's subscription ended with it")

    let later = try popupCycles(2, of: root, from: 1)
    let stayed = await staying.settle()
    XCTAssertEqual(stayed, first + later)
    XCTAssertEqual(engine.bufferedEventCount, 0)
    await staying.stop()
  }

  func test_aLaterSubscriber_receivesOnlyTheEventsEmittedAfterItSubscribed() async throws {
    let engine = try makeEngine(Self.policy)
    let early = engine.events()
    let root = engine.makeRootSession()
    let url = "https://shop.example/"
    _ = await root.decide(TestAction.link(url))
    let before = try popupCycles(2, of: root)

    let late = engine.events()
    let after = try popupCycles(2, of: root, from: 2)
    await engine.shutdown()

    let earlyReceived = await drain(early)
    let lateReceived = await drain(late)
    XCTAssertEqual(earlyReceived.compactMap(\.decided).map(\.url), [url])
    XCTAssertEqual(earlyReceived.filter { $0.decided == nil }, before + after)
    XCTAssertEqual(lateReceived, after)
  }

  func test_withNoSubscriber_nothingIsBuffered_andAReleasedStreamUnsubscribes() async throws {
    let engine = try makeEngine(Self.policy)
    let root = engine.makeRootSession()
    for index in 0..<100 { _ = await root.decide(TestAction.link("https://shop.example/\(index)")) }
    _ = try popupCycles(100, of: root)

    XCTAssertEqual(engine.subscriberCount, 0)
    XCTAssertEqual(engine.bufferedEventCount, 0, "no subscriber: every event went nowhere")
    XCTAssertEqual(engine.droppedEventCount, 0, "an event nobody subscribed to is not dropped either")

    var stream: AsyncStream<SessionEvent>? = engine.events()
    _ = await root.decide(TestAction.link("https://shop.example/kept"))
    _ = try popupCycles(1, of: root, from: 100)
    withExtendedLifetime(stream) {
      XCTAssertEqual(engine.subscriberCount, 1)
      XCTAssertEqual(engine.bufferedEventCount, 3, "a decision, a popup opened and closed, kept for the stream")
    }

    stream = nil
    XCTAssertEqual(engine.subscriberCount, 0, "a stream released without being read unsubscribes")
    XCTAssertEqual(engine.bufferedEventCount, 0)
    _ = try popupCycles(10, of: root, from: 101)
    XCTAssertEqual(engine.bufferedEventCount, 0)
    await engine.shutdown()
  }

  func test_theDecisionBoundIsPerSubscriber_aSlowOneDropsItsOldest_aFastOneLosesNothing() async throws {
    let engine = try makeEngine(Self.policy)
    let fast = EventCollector(engine)
    let (slow, slowSubscription) = engine.subscribe()
    let root = engine.makeRootSession()
    let limit = SessionEngine.bufferedDecisionEventLimit
    var decided: [String] = []
    var lifecycle: [SessionEvent] = []
    for index in 0..<(2 * limit) {
      let url = "https://shop.example/\(index)"
      _ = await root.decide(TestAction.link(url))
      decided.append(url)
      if index % 512 == 0 {
        lifecycle += try popupCycles(1, of: root, from: index)
        _ = await fast.settle()
      }
    }

    _ = await fast.settle()
    let fastReceived = fast.receivedEvents
    XCTAssertEqual(fastReceived.compactMap(\.decided).map(\.url), decided, "the fast subscriber loses nothing")
    XCTAssertEqual(fastReceived.filter { $0.decided == nil }, lifecycle)
    XCTAssertEqual(slowSubscription.droppedCount, decided.count - limit)
    XCTAssertEqual(engine.droppedEventCount, decided.count - limit, "the total over subscribers: the slow one's")

    await engine.shutdown()
    let slowReceived = await drain(slow)
    XCTAssertEqual(slowReceived.compactMap(\.decided).map(\.url), Array(decided.suffix(limit)), "oldest dropped")
    XCTAssertEqual(slowReceived.filter { $0.decided == nil }, lifecycle, "every lifecycle event kept")
    await fast.stop()
  }

  func test_shutdown_finishesEverySubscriberAfterWhatWasKeptForIt_andLaterStreamsHaveEnded() async throws {
    let engine = try makeEngine(Self.policy)
    let first = engine.events()
    let second = engine.events()
    let root = engine.makeRootSession()
    let expected = try popupCycles(4, of: root)

    await engine.shutdown()
    let afterShutdown = engine.events()
    let late = await root.decide(TestAction.link("https://shop.example/late"))
    XCTAssertEqual(late.outcome, .blocked(.cancelled))

    let firstReceived = await drain(first)
    let secondReceived = await drain(second)
    let lateReceived = await drain(afterShutdown)
    XCTAssertEqual(firstReceived, expected)
    XCTAssertEqual(secondReceived, expected)
    XCTAssertEqual(lateReceived, [], "events() after shutdown returns a stream that has ended")
  }

  func test_noDelivery_everyStreamHasEnded_andNothingIsBuffered() async throws {
    let engine = try makeEngine(Self.policy, events: .none)
    let first = engine.events()
    let root = engine.makeRootSession()
    _ = try popupCycles(2, of: root)

    let received = await drain(first)
    XCTAssertEqual(received, [])
    XCTAssertEqual(engine.bufferedEventCount, 0)
  }
}
