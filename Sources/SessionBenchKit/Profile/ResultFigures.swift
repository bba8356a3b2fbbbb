import Foundation

/// A result's gated and shown figures as ``Estimate``s: its latency percentiles and its throughput, or the same
/// figures of a ratio to a baseline.
package struct ResultFigures: Codable, Sendable, Equatable {
  /// The metrics, in the order of the stored properties: the names ``ProfileComparison`` rows use.
  package static let metrics = ["p50", "p90", "p99", "p999", "throughput"]

  /// The median latency (or its ratio).
  package var p50: Estimate
  /// The 90th percentile (or its ratio).
  package var p90: Estimate
  /// The 99th percentile (or its ratio).
  package var p99: Estimate
  /// The 99.9th percentile (or its ratio).
  package var p999: Estimate
  /// Operations per second (or the ratio of the throughputs).
  package var throughput: Estimate

  /// Creates the figures from their estimates.
  package init(p50: Estimate, p90: Estimate, p99: Estimate, p999: Estimate, throughput: Estimate) {
    self.p50 = p50
    self.p90 = p90
    self.p99 = p99
    self.p999 = p999
    self.throughput = throughput
  }

  /// The estimate of `metric` (`p50`, `p90`, `p99`, `p999` or `throughput`), or `nil` for another name.
  package func estimate(_ metric: String) -> Estimate? {
    switch metric {
    case "p50": p50
    case "p90": p90
    case "p99": p99
    case "p999": p999
    case "throughput": throughput
    default: nil
    }
  }

  /// The figures of one measurement each: intervals of width zero.
  package init(_ result: BenchResult) {
    self.init(values: Self.values(of: result))
  }

  /// The medians and intervals of the figures of several measurements of one result (`values[i]` are the
  /// ``metrics`` of measurement `i`); `nil` when there is none.
  package static func over(_ values: [[Double]], confidence: Double = Estimate.defaultConfidence) -> ResultFigures? {
    guard !values.isEmpty else { return nil }
    var estimates: [Estimate] = []
    for index in metrics.indices {
      guard let estimate = Estimate.of(values.map { $0[index] }, confidence: confidence) else { return nil }
      estimates.append(estimate)
    }
    return ResultFigures(
      p50: estimates[0], p90: estimates[1], p99: estimates[2], p999: estimates[3], throughput: estimates[4])
  }

  /// The ``metrics`` of one result, latencies in nanoseconds.
  package static func values(of result: BenchResult) -> [Double] {
    let latency = result.latencyNs
    return [
      Double(latency.p50), Double(latency.p90), Double(latency.p99), Double(latency.p999), result.throughputPerSec,
    ]
  }

  /// The ``metrics`` of `result` over those of `baseline`: latency over latency, throughput over throughput
  /// (0 where the baseline's is 0: no ratio).
  package static func ratios(of result: BenchResult, to baseline: BenchResult) -> [Double] {
    zip(values(of: result), values(of: baseline)).map { $1 > 0 ? $0 / $1 : 0 }
  }

  /// The ``metrics`` of `result` over the geometric mean of those of `baselines`, metric by metric (0 where a
  /// baseline's is 0, or without baselines: no ratio).
  package static func ratios(of result: BenchResult, toGeometricMeanOf baselines: [BenchResult]) -> [Double] {
    let references = baselines.map(values(of:))
    return values(of: result).enumerated().map { index, value in
      let product = references.reduce(1.0) { $0 * $1[index] }
      guard !references.isEmpty, product > 0 else { return 0 }
      switch references.count {
      case 1: return value / product
      case 2: return value / product.squareRoot()
      default: return value / pow(product, 1 / Double(references.count))
      }
    }
  }

  private init(values: [Double]) {
    self.init(
      p50: Estimate(single: values[0]), p90: Estimate(single: values[1]), p99: Estimate(single: values[2]),
      p999: Estimate(single: values[3]), throughput: Estimate(single: values[4]))
  }
}

/// How a result of `session-bench run --repeat N` was measured: the repetitions, the confidence of the intervals,
/// and each figure's median and interval over the repetitions.
package struct RepetitionSummary: Codable, Sendable, Equatable {
  /// The number of repetitions.
  package var count: Int
  /// The probability that each interval holds the true median (``Estimate/achievedConfidence(repetitions:confidence:)``).
  package var confidence: Double
  /// The figures' medians and intervals over the repetitions.
  package var figures: ResultFigures

  /// Creates a summary from its fields.
  package init(count: Int, confidence: Double, figures: ResultFigures) {
    self.count = count
    self.confidence = confidence
    self.figures = figures
  }
}
