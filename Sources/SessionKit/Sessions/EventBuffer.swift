/// The queue behind ``SessionEngine/events``: lifecycle events are kept until they are read, per-decision
/// events at most ``SessionEngine/bufferedDecisionEventLimit`` at a time, the oldest dropped first (and counted).
///
/// Two first-in-first-out queues share one sequence number, so a reader receives the events in the order they
/// were emitted, less the decisions that were dropped. The stream is `AsyncStream(unfolding:)` over ``next()``:
/// the engine, not the stream, decides what is buffered.
final class EventBuffer: Sendable {
  private struct Waiter {
    var id: UInt64
    var continuation: CheckedContinuation<SessionEvent?, Never>
  }

  private struct State {
    var lifecycle = EventQueue()
    var decisions = EventQueue()
    var nextSequence: UInt64 = 0
    var deliverable = 0
    var dropped = 0
    var isFinished = false
    var waiters: [Waiter] = []
    var nextWaiter: UInt64 = 0

    /// The oldest buffered event of either queue.
    mutating func pop() -> SessionEvent? {
      switch (lifecycle.headSequence, decisions.headSequence) {
      case (let a?, let b?): a < b ? lifecycle.pop() : decisions.pop()
      case (_?, nil): lifecycle.pop()
      case (nil, _?): decisions.pop()
      case (nil, nil): nil
      }
    }
  }

  private let limit: Int
  private let state = Locked(State())

  init(decisionLimit: Int) {
    self.limit = decisionLimit
  }

  /// Events yielded so far that a reader receives (emitted, less those dropped).
  var deliverableCount: Int { state.withLock { $0.deliverable } }

  /// Per-decision events dropped so far because the reader was behind by more than the limit.
  var droppedCount: Int { state.withLock { $0.dropped } }

  /// Queues `event`, or hands it straight to a waiting reader.
  func push(_ event: SessionEvent) {
    let waiter = state.withLock { state -> Waiter? in
      guard !state.isFinished else { return nil }
      state.deliverable += 1
      if !state.waiters.isEmpty { return state.waiters.removeFirst() }
      state.nextSequence += 1
      if event.isPerDecision {
        state.decisions.push(event, sequence: state.nextSequence)
        if state.decisions.count > limit {
          _ = state.decisions.pop()
          state.dropped += 1
          state.deliverable -= 1
        }
      } else {
        state.lifecycle.push(event, sequence: state.nextSequence)
      }
      return nil
    }
    waiter?.continuation.resume(returning: event)
  }

  /// No event follows: readers receive what is buffered, then the end of the stream.
  func finish() {
    let waiters = state.withLock { state -> [Waiter] in
      state.isFinished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.continuation.resume(returning: nil) }
  }

  /// The next event; `nil` once finished and drained, or when the reading task is cancelled.
  func next() async -> SessionEvent? {
    let id = state.withLock { state -> UInt64 in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<SessionEvent?, Never>) in
        let ready = state.withLock { state -> SessionEvent?? in
          if let event = state.pop() { return .some(event) }
          // `Task.isCancelled` is set before the handler runs, and the handler takes this lock: either it sees
          // the waiter or the check here sees the cancellation.
          if state.isFinished || Task.isCancelled { return .some(nil) }
          state.waiters.append(Waiter(id: id, continuation: continuation))
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: nil)
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
  /// may drop when the reader is far behind, rather than a change the UI must apply. Exhaustive on purpose: a
  /// new case must be sorted here.
  var isPerDecision: Bool {
    switch self {
    case .navigationDecided, .shadowDisagreement: true
    case .popupOpened, .popupClosed, .openedExternally, .popupFinished: false
    }
  }
}
