@testable import SessionKit

/// Collects the events of one subscription of ``SessionEngine/events()``, made when it is created: it receives
/// the events emitted from then on (create it before the actions it observes). ``settle()`` waits until it has
/// received as many events as the engine has yielded to its subscription (`EventSubscription.yieldedCount`), so
/// every event emitted before the call is in the result.
final class EventCollector: Sendable {
  private let subscription: EventSubscription
  private let events = TestLock<(all: [SessionEvent], taken: Int)>(([], 0))
  private let received = CountWaiter()
  private let consumer: Task<Void, Never>

  /// Subscribes to `engine`'s events and starts collecting them (an engine made with
  /// ``SessionEngine/EventDelivery/all`` or ``SessionEngine/EventDelivery/lifecycle``).
  init(_ engine: SessionEngine) {
    let (stream, subscription) = engine.subscribe()
    self.subscription = subscription
    let (events, received) = (self.events, self.received)
    consumer = Task {
      for await event in stream {
        events.withLock { $0.all.append(event) }
        received.increment()
      }
    }
  }

  /// Every event received so far, without waiting.
  var receivedEvents: [SessionEvent] { events.withLock { $0.all } }

  /// The events emitted since the previous `settle()` (since the engine started, the first time) up to this
  /// call, in order: waits until all of them have arrived.
  func settle() async -> [SessionEvent] {
    await received.wait(forAtLeast: subscription.yieldedCount)
    return events.withLock { events in
      defer { events.taken = events.all.count }
      return Array(events.all[events.taken...])
    }
  }

  /// Stops collecting; the events stay readable.
  func stop() async {
    consumer.cancel()
    await consumer.value
  }
}
