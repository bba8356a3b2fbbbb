import SessionKit

/// A clock whose time moves only when it is told to: the simulator's and the tests' stand-in for the
/// continuous clock, so that which of a decider and its timeout comes first depends on the durations alone,
/// never on the machine's load.
///
/// Sleepers wait until ``advance(by:)`` or ``advanceToNextDeadline()`` moves the time to or past their deadline;
/// a cancelled sleeper leaves at once (its task's cancellation removes it synchronously).
/// ``waitForSleepers(atLeast:)`` lets a driver wait until the work it started is asleep before it moves time.
package final class VirtualClock: Clock, Sendable {
  /// A point on the virtual time line: the time since the clock started.
  package struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
    /// The time since the clock started.
    package var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    package init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    package func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by offset.
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var watchers: [(id: UInt64, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    mutating func makeID() -> UInt64 {
      nextID += 1
      return nextID
    }

    /// Removes and returns the watchers whose count is reached.
    mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
      let ready = watchers.filter { $0.count <= sleepers.count }.map(\.continuation)
      watchers.removeAll { $0.count <= sleepers.count }
      return ready
    }
  }

  private let state = Locked(State())

  /// A clock at offset zero.
  package init() {}

  /// The current virtual time.
  package var now: Instant { state.withLock { $0.now } }

  /// Zero: virtual time has no granularity.
  package var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on the clock.
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline`; returns at once when it already has.
  /// - Throws: `CancellationError` when the task is cancelled first.
  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { $0.makeID() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (registered, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
          guard deadline > state.now, !Task.isCancelled else { return (false, []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (true, state.satisfiedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        guard !registered else { return }
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          continuation.resume()
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the time forward by `duration`, waking every sleeper whose deadline it reaches, earliest first.
  package func advance(by duration: Duration) {
    let woken = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  /// Moves the time to the earliest sleeper's deadline and wakes the sleepers due then; `false` when nobody
  /// sleeps.
  @discardableResult
  package func advanceToNextDeadline() -> Bool {
    let step = state.withLock { state -> Duration? in
      state.sleepers.map(\.deadline).min().map { state.now.duration(to: $0) }
    }
    guard let step else { return false }
    advance(by: step)
    return true
  }

  /// Returns once at least `count` tasks are asleep on the clock, or when the waiting task is cancelled.
  package func waitForSleepers(atLeast count: Int) async {
    let id = state.withLock { $0.makeID() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          if state.sleepers.count >= count || Task.isCancelled { return true }
          state.watchers.append((id, count, continuation))
          return false
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let watcher = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.watchers.remove(at: index).continuation
      }
      watcher?.resume()
    }
  }
}
