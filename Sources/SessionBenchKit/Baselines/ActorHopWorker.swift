/// `baseline.actor-hop`, the concurrency floor: an empty actor method's round trip, one actor per session, from
/// the same workers drawing the same steps.
struct ActorHopWorker: BaselineWorker {
  let targets: [HopTarget]
  var generator: WorkloadGenerator
  var histogram = LatencyHistogram()

  mutating func perform(intendedStart: UInt64?) async {
    let target = targets[generator.next().session]
    let started = Timestamp.now()
    await target.roundTrip()
    histogram.record(Timestamp.now() &- (intendedStart ?? started))
  }
}

/// The actor `baseline.actor-hop` calls: a method that does (next to) nothing.
actor HopTarget {
  private var calls = 0

  /// Enters the actor and returns.
  func roundTrip() {
    calls &+= 1
  }
}
