/// The engine's view of its clock: elapsed time since the engine started and sleeping, independent of the
/// clock's instant type, so the engine can take any `Clock` whose durations are `Duration`.
struct EngineClock: Sendable {
  private let elapsed: @Sendable () -> Duration
  private let sleeper: @Sendable (Duration) async throws -> Void

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleeper = { try await clock.sleep(until: clock.now.advanced(by: $0), tolerance: nil) }
  }

  /// The time since the engine was created.
  var now: Duration { elapsed() }

  /// Sleeps for `duration`; throws `CancellationError` when the task is cancelled.
  func sleep(for duration: Duration) async throws {
    try await sleeper(duration)
  }
}
