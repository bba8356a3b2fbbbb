/// The differences between two session-bench profiles, result by result and percentile by
/// percentile, and whether they amount to a regression.
///
/// A regression is, for a result present in both profiles:
/// - a rise of more than the threshold in the **p50, p90 or p99** latency, or
/// - a fall of more than the threshold in **throughput**.
///
/// p0, p25, p75, p99.9 and p100 are shown but never fail a comparison: p0 and p25 sit at the
/// timer's resolution, and p99.9 and p100 of a few-second run are a handful of samples that
/// the scheduler decides more than the code does. A change from or to zero has no percentage
/// and is not a regression. Results present in only one profile are listed, not compared.
///
/// The default threshold is 10 %, as package-benchmark's; run-to-run noise of the gated
/// percentiles on an idle machine stays well below it.
public struct ProfileComparison: Sendable {
  /// The threshold used when `--max-regression` is not given: 10 %.
  public static let defaultMaxRegressionPercent = 10.0
  /// The metrics that can fail a comparison.
  public static let gatedMetrics: Set<String> = ["p50", "p90", "p99", Row.throughputMetric]

  /// One metric of one result in both profiles.
  public struct Row: Sendable, Equatable {
    /// The metric name of throughput rows; latency rows are named `p0` … `p100`.
    public static let throughputMetric = "throughput"

    /// The result, e.g. `engine.decide`.
    public var result: String
    /// `p0`, `p25`, `p50`, `p75`, `p90`, `p99`, `p999`, `p100` (nanoseconds) or `throughput`
    /// (operations per second).
    public var metric: String
    /// The value in the base profile.
    public var base: Double
    /// The value in the new profile.
    public var new: Double
    /// `(new - base) / base` in per cent, or `nil` when the base is 0.
    public var deltaPercent: Double?
    /// Whether this metric can fail the comparison (see ``ProfileComparison``).
    public var isGated: Bool
    /// Whether this row is a regression past the threshold.
    public var isRegression: Bool

    /// Creates a row.
    public init(
      result: String, metric: String, base: Double, new: Double, deltaPercent: Double?, isGated: Bool,
      isRegression: Bool
    ) {
      self.result = result
      self.metric = metric
      self.base = base
      self.new = new
      self.deltaPercent = deltaPercent
      self.isGated = isGated
      self.isRegression = isRegression
    }

    /// Whether the row is a latency, where lower is better, rather than a throughput.
    public var isLatency: Bool { metric != Self.throughputMetric }
  }

  /// The rows of the results present in both profiles, in the base profile's order: eight
  /// percentiles then throughput for each.
  public let rows: [Row]
  /// Results of the base profile missing from the new one.
  public let onlyInBase: [String]
  /// Results of the new profile missing from the base one.
  public let onlyInNew: [String]
  /// The threshold, in per cent.
  public let maxRegressionPercent: Double

  /// Compares two profiles.
  ///
  /// - Parameters:
  ///   - base: The reference profile.
  ///   - new: The profile to judge.
  ///   - maxRegressionPercent: The change, in per cent, past which a gated metric regresses.
  public static func compare(
    base: BenchProfile, new: BenchProfile, maxRegressionPercent: Double = defaultMaxRegressionPercent
  ) -> ProfileComparison {
    var rows: [Row] = []
    let newNames = Set(new.results.map(\.name))
    let baseNames = Set(base.results.map(\.name))
    for baseResult in base.results {
      guard let newResult = new.result(named: baseResult.name) else { continue }
      let baseLatency = baseResult.latencyNs.labelledValues
      let newLatency = newResult.latencyNs.labelledValues
      for (before, after) in zip(baseLatency, newLatency) {
        rows.append(
          row(
            result: baseResult.name, metric: before.label, base: Double(before.value), new: Double(after.value),
            threshold: maxRegressionPercent)
        )
      }
      rows.append(
        row(
          result: baseResult.name, metric: Row.throughputMetric, base: baseResult.throughputPerSec,
          new: newResult.throughputPerSec, threshold: maxRegressionPercent)
      )
    }
    return ProfileComparison(
      rows: rows,
      onlyInBase: base.results.map(\.name).filter { !newNames.contains($0) },
      onlyInNew: new.results.map(\.name).filter { !baseNames.contains($0) },
      maxRegressionPercent: maxRegressionPercent
    )
  }

  private static func row(result: String, metric: String, base: Double, new: Double, threshold: Double) -> Row {
    let delta: Double? = base > 0 && base.isFinite && new.isFinite ? (new - base) / base * 100 : nil
    let isGated = gatedMetrics.contains(metric)
    var isRegression = false
    if isGated, let delta {
      isRegression = metric == Row.throughputMetric ? delta < -threshold : delta > threshold
    }
    return Row(
      result: result, metric: metric, base: base, new: new, deltaPercent: delta, isGated: isGated,
      isRegression: isRegression
    )
  }

  /// The rows that regressed past the threshold.
  public var regressions: [Row] { rows.filter(\.isRegression) }

  /// The exit status of `session-bench compare`: 0 without regression, 1 with one (a failed check, as in
  /// `replay`, `lint` and `diff`; 2 is for invalid input or usage).
  public var exitCode: Int32 { regressions.isEmpty ? 0 : 1 }

  /// The comparison as aligned text: one line per metric, results missing on one side, and
  /// a verdict.
  public var table: String {
    var table = TextTable([
      ("result", .left), ("metric", .left), ("base", .right), ("new", .right), ("change", .right), ("", .left),
    ])
    var previous: String?
    for row in rows {
      let value: (Double) -> String = {
        row.isLatency ? Format.latency(nanoseconds: $0) : Format.throughput(perSecond: $0)
      }
      let verdict = row.isRegression ? "REGRESSION" : isImprovement(row) ? "improved" : ""
      table.append([
        row.result == previous ? "" : row.result,
        Self.metricLabel(row.metric),
        value(row.base),
        value(row.new),
        row.deltaPercent.map(Format.signedPercent) ?? "n/a",
        verdict,
      ])
      previous = row.result
    }
    var text = table.render()
    for name in onlyInBase {
      text += "\(name): only in the base profile, not compared\n"
    }
    for name in onlyInNew {
      text += "\(name): only in the new profile, not compared\n"
    }
    let threshold = Format.percent(maxRegressionPercent)
    let regressions = regressions
    if regressions.isEmpty {
      text += "No regression past \(threshold) (gated: p50, p90, p99 latency and throughput).\n"
    } else {
      text += "\(regressions.count) regression\(regressions.count == 1 ? "" : "s") past \(threshold):\n"
      for row in regressions {
        let delta = row.deltaPercent.map(Format.signedPercent) ?? "n/a"
        text += "  \(row.result) \(Self.metricLabel(row.metric)) \(delta)\n"
      }
    }
    return text
  }

  /// A gated metric that got better by more than the threshold.
  private func isImprovement(_ row: Row) -> Bool {
    guard row.isGated, let delta = row.deltaPercent else { return false }
    return row.isLatency ? delta < -maxRegressionPercent : delta > maxRegressionPercent
  }

  /// `p999` reads as `p99.9` in tables.
  private static func metricLabel(_ metric: String) -> String {
    metric == "p999" ? "p99.9" : metric
  }
}
