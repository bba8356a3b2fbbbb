/// One worker of a measured phase: a long-lived task's state, which performs operations one after another and
/// records their latencies in its own histograms (merged when the phase ends).
protocol PhaseWorker: Sendable {
  /// Performs one operation and records its latency.
  ///
  /// - Parameter intendedStart: In an open loop, when the operation should have started (its latency is measured
  ///   from there, so queueing is not hidden); `nil` in a closed loop, where the worker reads the clock just
  ///   before the timed call.
  mutating func perform(intendedStart: UInt64?) async
}

/// A baseline's worker: one result, one histogram.
protocol BaselineWorker: PhaseWorker {
  /// The latencies of the operations performed.
  var histogram: LatencyHistogram { get }
}
