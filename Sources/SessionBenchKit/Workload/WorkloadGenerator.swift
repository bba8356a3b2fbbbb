/// An endless, deterministic stream of workload events drawn from a ``WorkloadMix``.
///
/// The stream depends only on the mix, the seed, the stream number (one per worker) and the number of
/// sessions; drawing an event allocates nothing and costs a few nanoseconds.
package struct WorkloadGenerator: Sendable {
  private var random: WorkloadRandom
  private let kinds: [WorkloadEventKind]
  /// Cumulative probabilities of `kinds`; the last is 1.
  private let thresholds: [Double]
  private let sessions: Int

  /// A stream of events over `sessions` sessions.
  ///
  /// - Parameters:
  ///   - mix: The weights of the event kinds; at least one must be positive.
  ///   - seed: The run's seed (`--seed`).
  ///   - stream: Which of the run's streams, e.g. the worker's number; streams of one seed differ.
  ///   - sessions: How many sessions the events are spread over, uniformly (at least 1).
  package init(mix: WorkloadMix, seed: UInt64, stream: Int = 0, sessions: Int) {
    // Distinct streams of one seed: offset the seed by a large odd multiple of the stream number.
    random = WorkloadRandom(seed: seed ^ (UInt64(truncatingIfNeeded: stream) &* 0xD1B5_4A32_D192_ED03))
    let positive = WorkloadEventKind.allCases.filter { (mix.weights[$0] ?? 0) > 0 }
    let total = positive.reduce(0) { $0 + (mix.weights[$1] ?? 0) }
    var running = 0.0
    var thresholds: [Double] = []
    for kind in positive {
      running += mix.weights[kind] ?? 0
      thresholds.append(running / total)
    }
    if !thresholds.isEmpty { thresholds[thresholds.count - 1] = 1 }
    self.kinds = positive.isEmpty ? [.reload] : positive
    self.thresholds = thresholds.isEmpty ? [1] : thresholds
    self.sessions = max(sessions, 1)
  }

  /// The next event.
  package mutating func next() -> WorkloadStep {
    let draw = random.unit()
    var index = 0
    while index < thresholds.count - 1 && draw >= thresholds[index] {
      index += 1
    }
    return WorkloadStep(kind: kinds[index], session: random.below(sessions), pick: random.next())
  }
}
