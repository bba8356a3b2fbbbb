/// The measurements of one operation in a benchmark run, such as `engine.decide`.
package struct BenchResult: Codable, Sendable, Equatable {
  /// The result of `engine.decide`: one navigation decision through the engine.
  package static let engineDecide = "engine.decide"
  /// The result of `engine.popup`: one popup admission through the engine.
  package static let enginePopup = "engine.popup"
  /// The name of the popup storm's result (`run --storm`): each operation of one tree that only opens, loads
  /// and closes popups, flat out, beside the ordinary sessions.
  package static let engineStorm = "engine.storm"
  /// The floor: the compiled policy called synchronously, without an actor.
  package static let baselineDirect = "baseline.direct"
  /// The concurrency floor: an empty actor round trip.
  package static let baselineActorHop = "baseline.actor-hop"
  /// What sample code does: parse the URL string and compare hosts, per call.
  package static let baselineNaive = "baseline.naive"
  /// What a careful app writes by hand: the URL parsed as a browser does, the site from the Public Suffix
  /// List, every rule tried in order (``LinearPolicy``).
  package static let baselineLinear = "baseline.linear"
  /// `engine.decide` on the catalogue's own hosts and the policy without `--rules` padding, measured in an
  /// extra phase of a run with `--hosts` or `--rules`: the reference their targets divide by.
  package static let engineDecideDefault = "engine.decide.default"
  /// The key, in ``relative``, of a result's figures over the geometric mean of the same repetition's
  /// `baseline.direct` and `baseline.naive` (of the one that is not the result itself, for those two): the in-run
  /// ratio that ``ProfileComparison`` judges repeated runs by, since one baseline's moment moves it by only the
  /// square root of its factor.
  package static let baselines = "baselines"

  /// The operation measured, e.g. `engine.decide` or `baseline.direct`.
  package var name: String
  /// The number of operations timed.
  package var samples: UInt64
  /// Operations completed per second of wall-clock time, over all workers.
  package var throughputPerSec: Double
  /// The latency distribution, in nanoseconds.
  package var latencyNs: LatencySummary
  /// CPU time (user + system, every thread of the process) per operation, in nanoseconds: the phase's CPU time,
  /// shared between the phase's results as its wall-clock time is, over the samples. `null` in profiles written
  /// before it was measured.
  package var cpuNsPerOp: Double?
  /// Involuntary context switches (every thread of the process) during the phase the result was measured in;
  /// the engine's results share one phase. `null` in profiles written before it was measured.
  package var involuntaryContextSwitches: UInt64?
  /// With `run --repeat N` (N > 1): the repetitions, and each figure's median and confidence interval over them
  /// (``latencyNs`` and ``throughputPerSec`` then hold those medians). `null` for a single run and in profiles
  /// written before the option existed.
  package var repetitions: RepetitionSummary?
  /// The result's figures over the same run's baselines, by baseline name (`baseline.direct`, `baseline.naive`),
  /// and over both at once (``baselines``, their geometric mean): per repetition, then the median and interval
  /// over the repetitions. `null` in profiles written before it was recorded, where ``ProfileComparison`` computes
  /// the ratios to each baseline from the figures.
  package var relative: [String: ResultFigures]?

  /// Creates a result from its fields.
  package init(
    name: String, samples: UInt64, throughputPerSec: Double, latencyNs: LatencySummary, cpuNsPerOp: Double? = nil,
    involuntaryContextSwitches: UInt64? = nil, repetitions: RepetitionSummary? = nil,
    relative: [String: ResultFigures]? = nil
  ) {
    self.repetitions = repetitions
    self.relative = relative
    self.name = name
    self.samples = samples
    self.throughputPerSec = throughputPerSec
    self.latencyNs = latencyNs
    self.cpuNsPerOp = cpuNsPerOp
    self.involuntaryContextSwitches = involuntaryContextSwitches
  }

  /// Writes every key, with `null` for what was not measured, so that profiles share one schema.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(samples, forKey: .samples)
    try container.encode(throughputPerSec, forKey: .throughputPerSec)
    try container.encode(latencyNs, forKey: .latencyNs)
    try container.encode(cpuNsPerOp, forKey: .cpuNsPerOp)
    try container.encode(involuntaryContextSwitches, forKey: .involuntaryContextSwitches)
    try container.encode(repetitions, forKey: .repetitions)
    try container.encode(relative, forKey: .relative)
  }

  /// Creates a result from a merged histogram and the wall-clock time the run took.
  ///
  /// - Parameters:
  ///   - name: The operation measured.
  ///   - histogram: Every worker's latencies, merged.
  ///   - elapsedSeconds: The wall-clock duration over which the samples were taken; the
  ///     throughput is 0 when it is not positive.
  ///   - usage: The CPU time attributed to this result and the involuntary context switches of its phase.
  package init(
    name: String, histogram: LatencyHistogram, elapsedSeconds: Double,
    usage: (cpuNanoseconds: Double, involuntaryContextSwitches: UInt64)? = nil
  ) {
    self.init(
      name: name,
      samples: histogram.count,
      throughputPerSec: elapsedSeconds > 0 ? Double(histogram.count) / elapsedSeconds : 0,
      latencyNs: histogram.summary(),
      cpuNsPerOp: usage.flatMap { histogram.count > 0 ? $0.cpuNanoseconds / Double(histogram.count) : nil },
      involuntaryContextSwitches: usage?.involuntaryContextSwitches
    )
  }
}
