import CSessionKitAtomics

/// The subscribers to an engine's events (``SessionEngine/events()``), each with its own queues: lifecycle
/// events are kept until that subscriber reads them, per-decision events at most
/// ``SessionEngine/bufferedDecisionEventLimit`` at a time, its oldest dropped first (and counted).
///
/// Per subscriber, two first-in-first-out queues share one sequence number, so it receives the events in the
/// order they were emitted, less the decisions that were dropped. All the subscribers' queues are behind one
/// lock, so two events emitted at once reach every subscriber in the same order. An event emitted while nobody
/// subscribes is not kept anywhere: ``hasSubscribers`` answers that with one atomic load, so that an engine
/// nobody observes pays nothing more per decision.
final class EventHub: Sendable {
  /// A reader waiting for a subscriber's next event.
  private typealias Waiter = CheckedContinuation<SessionEvent?, Never>

  /// One subscriber's queues and readers.
  private struct Subscriber {
    let id: UInt64
    var lifecycle = EventQueue()
    var decisions = EventQueue()
    var nextSequence: UInt64 = 0
    /// Events handed to this subscriber, queued or straight to a reader, less those dropped.
    var yielded = 0
    var dropped = 0
    /// No event follows: what is queued is read, then the stream ends.
    var isFinished = false
    var waiters: [Waiter] = []

    var buffered: Int { lifecycle.count + decisions.count }

    /// Queues `event`, or takes the reader it goes straight to; `true` when a per-decision event was dropped.
    mutating func push(_ event: SessionEvent, limit: Int) -> (reader: Waiter?, dropped: Bool) {
      yielded += 1
      if !waiters.isEmpty { return (waiters.removeFirst(), false) }
      nextSequence += 1
      guard event.isPerDecision else {
        lifecycle.push(event, sequence: nextSequence)
        return (nil, false)
      }
      decisions.push(event, sequence: nextSequence)
      guard decisions.count > limit else { return (nil, false) }
      _ = decisions.pop()
      dropped += 1
      yielded -= 1
      return (nil, true)
    }

    /// The oldest queued event of either queue.
    mutating func pop() -> SessionEvent? {
      switch (lifecycle.headSequence, decisions.headSequence) {
      case (let a?, let b?): a < b ? lifecycle.pop() : decisions.pop()
      case (_?, nil): lifecycle.pop()
      case (nil, _?): decisions.pop()
      case (nil, nil): nil
      }
    }
  }

  private struct State {
    /// In the order they subscribed; few (an app's one or two, and a coordinator per root web view).
    var subscribers: [Subscriber] = []
    var nextID: UInt64 = 0
    /// Per-decision events dropped over all subscribers, those gone included.
    var dropped = 0
    var isFinished = false
  }

  /// The readers a push or a finish resumes once the lock is released: no allocation for the first one.
  private struct Readers {
    var first: Waiter?
    var rest: [Waiter] = []

    mutating func append(_ waiter: Waiter) {
      if first == nil { first = waiter } else { rest.append(waiter) }
    }

    func resume(returning event: SessionEvent?) {
      first?.resume(returning: event)
      for waiter in rest { waiter.resume(returning: event) }
    }
  }

  private let limit: Int
  private let state = Locked(State())
  /// How many subscribers accept events (registered and not finished): a copy of the count under the lock,
  /// changed only while holding it, for ``hasSubscribers``.
  private let active = ActiveSubscribers()

  @_optimize(size)
  init(decisionLimit: Int) {
    self.limit = decisionLimit
  }

  /// Whether an event emitted now may reach a subscriber: one atomic load, no lock. A subscriber registered
  /// before this call (in the same task, or one the call's task waited for) is seen.
  var hasSubscribers: Bool { active.count != 0 }

  /// Registers a subscriber; its id. After ``finish()``, the id of none: its stream ends at once.
  @_optimize(size)
  func subscribe() -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      guard !state.isFinished else { return state.nextID }
      state.subscribers.append(Subscriber(id: state.nextID))
      active.add(1)
      return state.nextID
    }
  }

  /// Forgets subscriber `id` and what it had not read; its waiting readers receive the end of the stream.
  @_optimize(size)
  func unsubscribe(_ id: UInt64) {
    let readers = state.withLock { state -> [Waiter] in
      guard let index = state.subscribers.firstIndex(where: { $0.id == id }) else { return [] }
      let subscriber = state.subscribers.remove(at: index)
      if !subscriber.isFinished { active.add(-1) }
      return subscriber.waiters
    }
    for reader in readers { reader.resume(returning: nil) }
  }

  /// Hands `event` to every subscriber: queued, or straight to a waiting reader (resumed after the lock).
  ///
  /// Never inlined: its continuations are of a resilient type (`CheckedContinuation`, from the concurrency
  /// library), whose size is known only at run time, so inlined into `Session.decide` they would make its async
  /// frame allocate on every decision, subscribers or not.
  @inline(never)
  func push(_ event: SessionEvent) {
    guard hasSubscribers else { return }
    let readers = state.withLock { state -> Readers in
      var readers = Readers()
      // No event follows `finish()`, also while it is still ending its subscribers' streams.
      guard !state.isFinished else { return readers }
      // Indices of the array, not its elements: each subscriber is changed in place.
      for index in state.subscribers.indices where !state.subscribers[index].isFinished {
        let (reader, dropped) = state.subscribers[index].push(event, limit: limit)
        if let reader { readers.append(reader) }
        if dropped { state.dropped += 1 }
      }
      return readers
    }
    readers.resume(returning: event)
  }

  /// No event follows: every subscriber receives what is queued for it, then the end of its stream; a later
  /// ``subscribe()`` gets a stream that has ended.
  @_optimize(size)
  func finish() {
    let anySubscriber = state.withLock { state -> Bool in
      state.isFinished = true
      return !state.subscribers.isEmpty
    }
    // Nobody to hand anything to (an engine made with `.none` finishes here as it starts): the continuations'
    // types, which the runtime resolves at their first use, are not touched.
    if anySubscriber { finishSubscribers() }
  }

  /// ``finish()``'s part for the subscribers registered before it (`isFinished` is set: no more are added).
  @inline(never)
  @_optimize(size)
  private func finishSubscribers() {
    let readers = state.withLock { state -> Readers in
      var readers = Readers()
      for index in state.subscribers.indices where !state.subscribers[index].isFinished {
        state.subscribers[index].isFinished = true
        active.add(-1)
        for waiter in state.subscribers[index].waiters { readers.append(waiter) }
        state.subscribers[index].waiters = []
      }
      return readers
    }
    readers.resume(returning: nil)
  }

  /// Subscriber `id`'s next event; `nil` once it is finished and drained, when it is gone, or when the reading
  /// task is cancelled, which ends the subscription (the other subscribers keep theirs).
  func next(for id: UInt64) async -> SessionEvent? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<SessionEvent?, Never>) in
        let ready = state.withLock { state -> SessionEvent?? in
          guard let index = state.subscribers.firstIndex(where: { $0.id == id }) else { return .some(nil) }
          if let event = state.subscribers[index].pop() { return .some(event) }
          // `Task.isCancelled` is set before the handler runs, and the handler takes this lock (to unsubscribe):
          // either it finds the waiter or the check here sees the cancellation.
          if state.subscribers[index].isFinished || Task.isCancelled { return .some(nil) }
          state.subscribers[index].waiters.append(continuation)
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      unsubscribe(id)
    }
  }

  /// Subscriber `id`'s counts: events handed to it less those dropped, and those dropped.
  @_optimize(size)
  func counts(of id: UInt64) -> (yielded: Int, dropped: Int) {
    state.withLock { state in
      state.subscribers.first { $0.id == id }.map { ($0.yielded, $0.dropped) } ?? (0, 0)
    }
  }

  /// Per-decision events dropped so far over all subscribers, because one was behind by more than the limit.
  var droppedCount: Int { state.withLock { $0.dropped } }

  /// Events queued for subscribers and not read yet, over all of them.
  var bufferedCount: Int { state.withLock { $0.subscribers.reduce(0) { $0 + $1.buffered } } }

  /// Subscribers registered (finished ones included until they are released).
  var subscriberCount: Int { state.withLock { $0.subscribers.count } }
}

/// One subscription to an engine's events: the subscriber's id in its ``EventHub``, which it leaves when this
/// object goes (its stream was released, or ended), so that nothing is kept for a subscriber nobody can read.
package final class EventSubscription: Sendable {
  private let hub: EventHub
  private let id: UInt64

  @_optimize(size)
  init(hub: EventHub) {
    self.hub = hub
    self.id = hub.subscribe()
  }

  deinit {
    hub.unsubscribe(id)
  }

  /// The stream of this subscription's events (call it once): it holds the subscription for as long as it, or an
  /// iterator of it, exists, and lets it go once it has ended (`AsyncStream(unfolding:)` releases its closure
  /// when the closure returns `nil` or the reading task is cancelled).
  @_optimize(size)
  func makeStream() -> AsyncStream<SessionEvent> {
    AsyncStream(unfolding: { await self.next() })
  }

  /// The next event; `nil` at the end of the stream.
  func next() async -> SessionEvent? {
    await hub.next(for: id)
  }

  /// Events handed to this subscriber so far, less those dropped: a reader that has received this many has
  /// received everything emitted since it subscribed (a test's "the events so far were delivered").
  package var yieldedCount: Int { hub.counts(of: id).yielded }

  /// Per-decision events this subscriber lost because it was more than
  /// ``SessionEngine/bufferedDecisionEventLimit`` of them behind.
  package var droppedCount: Int { hub.counts(of: id).dropped }
}

/// The count behind ``EventHub/hasSubscribers``: one atomic word (C11) in its own cache line, read without a
/// lock and changed only under the hub's lock.
private struct ActiveSubscribers: ~Copyable, @unchecked Sendable {
  // @unchecked: the pointer is the C word's, allocated in `init`, freed in `deinit`, and only touched through the
  // C11 atomic functions.
  private let word = sk_atomic_word_create(0)

  deinit {
    sk_atomic_word_destroy(word)
  }

  var count: UInt64 { sk_atomic_word_load(word) }

  func add(_ delta: Int) {
    if delta >= 0 {
      _ = sk_atomic_word_fetch_add(word, UInt64(delta))
    } else {
      _ = sk_atomic_word_fetch_sub(word, UInt64(-delta))
    }
  }
}

/// A first-in-first-out queue of events with their sequence numbers; amortised O(1) push and pop.
private struct EventQueue {
  private var items: [(sequence: UInt64, event: SessionEvent)] = []
  private var head = 0

  var count: Int { items.count - head }
  var headSequence: UInt64? { head < items.count ? items[head].sequence : nil }

  mutating func push(_ event: SessionEvent, sequence: UInt64) {
    items.append((sequence, event))
  }

  mutating func pop() -> SessionEvent? {
    guard head < items.count else { return nil }
    let event = items[head].event
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return event
  }
}

extension SessionEvent {
  /// Whether the event reports one decision (``navigationDecided``, ``shadowDisagreement``), which the engine
  /// may drop for a subscriber that is far behind, rather than a change the UI must apply. Exhaustive on
  /// purpose: a new case must be sorted here.
  var isPerDecision: Bool {
    switch self {
    case .navigationDecided, .shadowDisagreement: true
    case .popupOpened, .popupClosed, .openedExternally, .popupFinished: false
    }
  }
}
