import Foundation

@testable import SessionKitSimulation

/// A clock that makes two threads race deterministically: every other thread reads ``othersNow``, while the
/// thread that called ``lagOnThisThread(until:)`` reads ``laggingNow`` (it read the clock a moment earlier) and its
/// first read blocks until the other thread signals `release`, or until ``lagLimit`` passed.
///
/// The limit keeps a correct engine from deadlocking: when the lagging thread reads the clock while holding a lock
/// the other thread needs, the other thread cannot signal, and the read returns after the limit.
final class LaggingThreadClock: Clock, Sendable {
  typealias Instant = VirtualClock.Instant

  /// How long the lagging thread's first read waits at most.
  static let lagLimit: DispatchTimeInterval = .milliseconds(500)
  private static let key = "LaggingThreadClock.release"

  private let state = TestLock<(others: Duration, lagging: Duration)>((.zero, .zero))
  /// Signalled when the lagging thread's first read has begun.
  let lagBegan = DispatchSemaphore(value: 0)

  /// What every thread but the lagging one reads.
  var othersNow: Duration {
    get { state.withLock { $0.others } }
    set { state.withLock { $0.others = newValue } }
  }

  /// What the lagging thread reads.
  var laggingNow: Duration {
    get { state.withLock { $0.lagging } }
    set { state.withLock { $0.lagging = newValue } }
  }

  /// Marks the calling thread as the lagging one; its first read waits for `release`.
  func lagOnThisThread(until release: DispatchSemaphore) {
    Thread.current.threadDictionary[Self.key] = release
  }

  var now: Instant {
    let dictionary = Thread.current.threadDictionary
    guard let entry = dictionary[Self.key] else { return Instant(offset: othersNow) }
    if let release = entry as? DispatchSemaphore {
      dictionary[Self.key] = true
      lagBegan.signal()
      _ = release.wait(timeout: .now() + Self.lagLimit)
    }
    return Instant(offset: laggingNow)
  }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    // Nothing in the tests that use this clock sleeps on it; a sleeper waits until cancelled.
    try await Task.sleep(for: .seconds(86_400))
  }
}
