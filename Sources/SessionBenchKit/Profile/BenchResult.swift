/// The measurements of one operation in a benchmark run, such as `engine.decide`.
public struct BenchResult: Codable, Sendable, Equatable {
  /// The result of `engine.decide`: one navigation decision through the engine.
  public static let engineDecide = "engine.decide"
  /// The result of `engine.popup`: one popup admission through the engine.
  public static let enginePopup = "engine.popup"
  /// The name of the popup storm's result (`run --storm`): each operation of one tree that only opens, loads
  /// and closes popups, flat out, beside the ordinary sessions.
  public static let engineStorm = "engine.storm"
  /// The floor: the compiled policy called synchronously, without an actor.
  public static let baselineDirect = "baseline.direct"
  /// The concurrency floor: an empty actor round trip.
  public static let baselineActorHop = "baseline.actor-hop"
  /// What sample code does: parse the URL string and compare hosts, per call.
  public static let baselineNaive = "baseline.naive"

  /// The operation measured, e.g. `engine.decide` or `baseline.direct`.
  public var name: String
  /// The number of operations timed.
  public var samples: UInt64
  /// Operations completed per second of wall-clock time, over all workers.
  public var throughputPerSec: Double
  /// The latency distribution, in nanoseconds.
  public var latencyNs: LatencySummary

  /// Creates a result from its fields.
  public init(name: String, samples: UInt64, throughputPerSec: Double, latencyNs: LatencySummary) {
    self.name = name
    self.samples = samples
    self.throughputPerSec = throughputPerSec
    self.latencyNs = latencyNs
  }

  /// Creates a result from a merged histogram and the wall-clock time the run took.
  ///
  /// - Parameters:
  ///   - name: The operation measured.
  ///   - histogram: Every worker's latencies, merged.
  ///   - elapsedSeconds: The wall-clock duration over which the samples were taken; the
  ///     throughput is 0 when it is not positive.
  public init(name: String, histogram: LatencyHistogram, elapsedSeconds: Double) {
    self.init(
      name: name,
      samples: histogram.count,
      throughputPerSec: elapsedSeconds > 0 ? Double(histogram.count) / elapsedSeconds : 0,
      latencyNs: histogram.summary()
    )
  }
}
