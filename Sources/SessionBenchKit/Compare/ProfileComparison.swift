/// The differences between two session-bench profiles, result by result and percentile by
/// percentile, and whether they amount to a regression.
///
/// A gated figure — the **p50 or p90** latency, or the **throughput** — of a result present in both profiles
/// regresses by one of two rules:
/// - **Repeated runs** (`run --repeat N`) whose profiles both recorded the result's ratio to both baselines at once
///   (``BenchResult/baselines``: the result over the geometric mean of the same repetition's `baseline.direct` and
///   `baseline.naive`): that ratio moved past the threshold the bad way with its intervals apart
///   (``Estimate/isDisjoint(from:)``), a fast end past the threshold too — the ratio's, or the figure's own (a
///   slower build moves every repetition, the least disturbed too; a moment of the machine moves some, and a
///   moment of the baselines pulls the ratio's fast end down but not the figure's) — and the figure itself moved
///   the bad way, by any amount. A machine that is
///   slower or faster as a whole moves a result and its baselines together, so the ratio stays where the figure does
///   not: the ratio catches a slower result in a run that met a fast moment, and passes a run that met a slow one.
///   Over two baselines, one baseline's moment moves the ratio by the square root of its factor. A result that
///   did not get slower has not regressed, whatever its baselines did. The ratios to each baseline are shown, not
///   gated.
/// - **Other profiles** (single runs, or profiles written before the combined ratio), when both of these say so:
///   - **the figure itself**: it rose (latency) or fell (throughput) by more than the threshold; and when both
///     profiles were made with `run --repeat N`, so did the fast end of its interval (the low end of a latency's,
///     the high end of a throughput's: the least disturbed repetitions, since what slows a machine only adds
///     time);
///   - **its in-run ratios**, when the result has any in both profiles (to `baseline.direct` and
///     `baseline.naive`; profiles without them get them computed from their figures): at least one ratio moved
///     past the threshold the same way, its intervals apart and its fast end past the threshold too when both
///     profiles have intervals.
///
/// A result without a baseline in both profiles (a hand-made profile, a baseline compared with itself where it is
/// the only one) is judged by its figure alone, as before the ratios existed.
///
/// `baseline.naive` and `baseline.actor-hop` (``referenceResults``) are shown, with their ratios, but never fail a
/// comparison: they run no SessionKit code (Foundation's `URL`, an empty actor), so a change in them is the
/// machine's or the toolchain's, and they are what the other results are measured against.
///
/// p0, p25, p75, p99, p99.9 and p100 are shown but never fail a comparison: p0 and p25 sit at the timer's
/// resolution, and the tail of a phase of a fraction of a second follows the machine's moments more than the code
/// (p99 made most of the false alarms of `Benchmarks/noise-check.sh` while it was gated;
/// p99.9 and p100 are a handful of samples that the scheduler decides). A change from or to zero has no percentage
/// and is not a regression. Results present in only one profile are listed, not compared.
///
/// The default threshold is 10 %, as package-benchmark's.
package struct ProfileComparison: Sendable {
  /// The threshold used when `--max-regression` is not given: 10 %.
  package static let defaultMaxRegressionPercent = 10.0
  /// The metrics that can fail a comparison.
  package static let gatedMetrics: Set<String> = ["p50", "p90", Row.throughputMetric]
  /// The baselines a result's in-run ratios are taken to.
  package static let ratioBaselines = [BenchResult.baselineDirect, BenchResult.baselineNaive]
  /// The results shown but never gated: references that run no SessionKit code.
  package static let referenceResults: Set<String> = [BenchResult.baselineNaive, BenchResult.baselineActorHop]

  /// One metric of one result (or of one ratio) in both profiles.
  package struct Row: Sendable, Equatable {
    /// The metric name of throughput rows; latency rows are named `p0` … `p100`.
    package static let throughputMetric = "throughput"

    /// The result, e.g. `engine.decide`; for a ratio row, `engine.decide / baseline.naive`.
    package var result: String
    /// `p0`, `p25`, `p50`, `p75`, `p90`, `p99`, `p999`, `p100` (nanoseconds) or `throughput`
    /// (operations per second); for a ratio row the same metric's ratio.
    package var metric: String
    /// The value in the base profile (the median, with `--repeat`).
    package var base: Double
    /// The value in the new profile (the median, with `--repeat`).
    package var new: Double
    /// `(new - base) / base` in per cent, or `nil` when the base is 0.
    package var deltaPercent: Double?
    /// Whether this metric can fail the comparison (see ``ProfileComparison``).
    package var isGated: Bool
    /// Whether this row is a regression past the threshold (see ``ProfileComparison``): for a figure, by the rule
    /// its result is judged by; for a ratio row, whether the ratio says so where it is gated.
    package var isRegression: Bool
    /// The base profile's confidence interval of the median, when it was made with `--repeat`.
    package var baseInterval: Estimate?
    /// The new profile's confidence interval of the median, when it was made with `--repeat`.
    package var newInterval: Estimate?
    /// Whether a ratio row is a ratio (rather than a figure).
    package var isRatio: Bool

    /// Creates a row.
    package init(
      result: String, metric: String, base: Double, new: Double, deltaPercent: Double?, isGated: Bool,
      isRegression: Bool, baseInterval: Estimate? = nil, newInterval: Estimate? = nil, isRatio: Bool = false
    ) {
      self.result = result
      self.metric = metric
      self.base = base
      self.new = new
      self.deltaPercent = deltaPercent
      self.isGated = isGated
      self.isRegression = isRegression
      self.baseInterval = baseInterval
      self.newInterval = newInterval
      self.isRatio = isRatio
    }

    /// Whether the row is a latency, where lower is better, rather than a throughput.
    package var isLatency: Bool { metric != Self.throughputMetric }

    /// Whether the change is past `threshold` per cent in the bad direction and, when both profiles have
    /// intervals, the interval's fast end (the low end of a latency, the high end of a throughput) moved past the
    /// threshold too, and for a ratio the intervals are apart. A slower build moves every repetition, the fastest
    /// too; a moment of the machine moves some, so a median that moved while the fast end stayed is noise.
    func exceeds(_ threshold: Double) -> Bool {
      guard isGated, let delta = deltaPercent, isPast(delta, threshold) else { return false }
      guard let baseInterval, let newInterval else { return true }
      if isRatio && !newInterval.isDisjoint(from: baseInterval) { return false }
      return fastEndChange.map { isPast($0, threshold) } ?? false
    }

    /// Whether the change is past `threshold` per cent in the bad direction with the intervals apart (when both
    /// profiles have them), whatever the fast end did.
    func isPastWithIntervalsApart(_ threshold: Double) -> Bool {
      guard isGated, let delta = deltaPercent, isPast(delta, threshold) else { return false }
      guard let baseInterval, let newInterval else { return true }
      return newInterval.isDisjoint(from: baseInterval)
    }

    /// Whether a gated figure moved the bad way at all (up for a latency, down for a throughput): a result that
    /// did not get slower has not regressed, whatever its baselines did.
    var worsened: Bool {
      guard isGated, let delta = deltaPercent else { return false }
      return isPast(delta, 0)
    }

    /// The change of the interval's fast end, in per cent: the least disturbed of the repetitions, since what
    /// slows a machine only ever adds time; `nil` without intervals.
    package var fastEndChange: Double? {
      guard let baseInterval, let newInterval else { return nil }
      let before = isLatency ? baseInterval.low : baseInterval.high
      let after = isLatency ? newInterval.low : newInterval.high
      return before > 0 ? (after - before) / before * 100 : nil
    }

    fileprivate func isPast(_ delta: Double, _ threshold: Double) -> Bool {
      isLatency ? delta > threshold : delta < -threshold
    }
  }

  /// The rows of the results present in both profiles, in the base profile's order: eight
  /// percentiles then throughput for each.
  package let rows: [Row]
  /// Results of the base profile missing from the new one.
  package let onlyInBase: [String]
  /// Results of the new profile missing from the base one.
  package let onlyInNew: [String]
  /// The threshold, in per cent.
  package let maxRegressionPercent: Double

  /// The in-run ratio rows (`engine.decide / baseline.naive`, … and `engine.decide / baselines`), gated metrics
  /// only, for the results that have ratios in both profiles.
  package let ratioRows: [Row]
  /// The results judged by their ratio to both baselines at once (``BenchResult/baselines``), which both profiles
  /// recorded over repetitions; the others are judged by their figures and their ratio to each baseline.
  package let judgedByBaselines: Set<String>

  /// Compares two profiles.
  ///
  /// - Parameters:
  ///   - base: The reference profile.
  ///   - new: The profile to judge.
  ///   - maxRegressionPercent: The change, in per cent, past which a gated metric regresses.
  package static func compare(
    base: BenchProfile, new: BenchProfile, maxRegressionPercent: Double = defaultMaxRegressionPercent
  ) -> ProfileComparison {
    var rows: [Row] = []
    var ratioRows: [Row] = []
    var judgedByBaselines: Set<String> = []
    let newNames = Set(new.results.map(\.name))
    let baseNames = Set(base.results.map(\.name))
    for baseResult in base.results {
      guard let newResult = new.result(named: baseResult.name) else { continue }
      // The ratios of this result that both profiles have, gated metrics only.
      var ratios: [Row] = []
      for baseline in ratioBaselines where baseline != baseResult.name {
        guard let baseRatio = relative(baseResult, to: baseline, in: base),
          let newRatio = relative(newResult, to: baseline, in: new)
        else { continue }
        ratios += comparedRatio(
          of: baseResult.name, over: baseline, base: baseRatio.figures, new: newRatio.figures,
          baseMeasured: baseRatio.isMeasured, newMeasured: newRatio.isMeasured,
          maxRegressionPercent: maxRegressionPercent)
      }
      // Repeated runs that recorded the ratio to both baselines at once are judged by it, metric by metric; the
      // ratios to each baseline of those metrics are then shown, not gated.
      var combined: [String: Row] = [:]
      if baseResult.repetitions != nil, newResult.repetitions != nil,
        let baseFigures = baseResult.relative?[BenchResult.baselines],
        let newFigures = newResult.relative?[BenchResult.baselines]
      {
        let combinedRows = comparedRatio(
          of: baseResult.name, over: BenchResult.baselines, base: baseFigures, new: newFigures, baseMeasured: true,
          newMeasured: true, maxRegressionPercent: maxRegressionPercent)
        combined = Dictionary(uniqueKeysWithValues: combinedRows.map { ($0.metric, $0) })
        for index in ratios.indices where combined[ratios[index].metric] != nil {
          ratios[index].isGated = false
          ratios[index].isRegression = false
        }
      }
      let baseLatency = baseResult.latencyNs.labelledValues
      let newLatency = newResult.latencyNs.labelledValues
      var figures: [Row] = []
      for (before, after) in zip(baseLatency, newLatency) {
        figures.append(
          row(
            result: baseResult.name, metric: before.label, base: Double(before.value), new: Double(after.value),
            baseInterval: baseResult.repetitions?.figures.estimate(before.label),
            newInterval: newResult.repetitions?.figures.estimate(after.label)))
      }
      figures.append(
        row(
          result: baseResult.name, metric: Row.throughputMetric, base: baseResult.throughputPerSec,
          new: newResult.throughputPerSec, baseInterval: baseResult.repetitions?.figures.throughput,
          newInterval: newResult.repetitions?.figures.throughput))
      for index in figures.indices {
        if referenceResults.contains(baseResult.name) { figures[index].isGated = false }
        let metric = figures[index].metric
        if let ratio = combined[metric] {
          // Past the threshold with its intervals apart, and a fast end that moved too: the ratio's, or the
          // figure's own (a run whose baselines met a moment pulls the ratio's fast end down, not the figure's).
          let figure = figures[index]
          let figureFastEnd = figure.fastEndChange.map { figure.isPast($0, maxRegressionPercent) } ?? false
          figures[index].isRegression =
            (ratio.isRegression || (figureFastEnd && ratio.isPastWithIntervalsApart(maxRegressionPercent)))
            && figure.worsened
          // A ratio past its threshold whose figure did not get worse is shown as such, not as a regression.
          combined[metric]?.isRegression = figures[index].isRegression
          continue
        }
        let sameMetric = ratios.filter { $0.metric == metric }
        figures[index].isRegression =
          figures[index].exceeds(maxRegressionPercent)
          && (sameMetric.isEmpty || sameMetric.contains(where: \.isRegression))
      }
      rows += figures
      ratioRows += ratios + ResultFigures.metrics.compactMap { combined[$0] }
      if !combined.isEmpty { judgedByBaselines.insert(baseResult.name) }
    }
    return ProfileComparison(
      rows: rows,
      onlyInBase: base.results.map(\.name).filter { !newNames.contains($0) },
      onlyInNew: new.results.map(\.name).filter { !baseNames.contains($0) },
      maxRegressionPercent: maxRegressionPercent,
      ratioRows: ratioRows,
      judgedByBaselines: judgedByBaselines
    )
  }

  /// The rows of `name`'s ratio over `baseline` (a baseline's name, or ``BenchResult/baselines``), gated metrics
  /// with a ratio in both profiles only; the intervals of a profile whose ratios were measured, not computed.
  private static func comparedRatio(
    of name: String, over baseline: String, base: ResultFigures, new: ResultFigures, baseMeasured: Bool,
    newMeasured: Bool, maxRegressionPercent: Double
  ) -> [Row] {
    ResultFigures.metrics.filter(gatedMetrics.contains).compactMap { metric in
      guard let before = base.estimate(metric), let after = new.estimate(metric), before.median > 0, after.median > 0
      else { return nil }
      var ratio = row(
        result: ratioName(name, over: baseline), metric: metric, base: before.median, new: after.median,
        baseInterval: baseMeasured ? before : nil, newInterval: newMeasured ? after : nil)
      ratio.isRatio = true
      ratio.isGated = ratio.isGated && !referenceResults.contains(name)
      ratio.isRegression = ratio.exceeds(maxRegressionPercent)
      return ratio
    }
  }

  /// What separates a result's name from its baseline's in a ratio row's name.
  private static let ratioSeparator = " / "

  /// The name of a ratio row: `engine.decide / baseline.naive`, `engine.decide / baselines`.
  private static func ratioName(_ name: String, over baseline: String) -> String {
    name + ratioSeparator + baseline
  }

  /// `result`'s figures over `baseline`'s in `profile`: as recorded (`relative`), or computed from the two
  /// results' figures in a profile written before ratios were recorded; `nil` without the baseline.
  private static func relative(
    _ result: BenchResult, to baseline: String, in profile: BenchProfile
  ) -> (figures: ResultFigures, isMeasured: Bool)? {
    guard let reference = profile.result(named: baseline), reference.samples > 0, result.samples > 0 else {
      return nil
    }
    if let recorded = result.relative?[baseline] {
      return (recorded, result.repetitions != nil)
    }
    let values = ResultFigures.ratios(of: result, to: reference)
    guard let figures = ResultFigures.over([values]) else { return nil }
    return (figures, false)
  }

  private static func row(
    result: String, metric: String, base: Double, new: Double, baseInterval: Estimate?, newInterval: Estimate?
  ) -> Row {
    let delta: Double? = base > 0 && base.isFinite && new.isFinite ? (new - base) / base * 100 : nil
    return Row(
      result: result, metric: metric, base: base, new: new, deltaPercent: delta, isGated: gatedMetrics.contains(metric),
      isRegression: false, baseInterval: baseInterval, newInterval: newInterval)
  }

  /// The rows that regressed past the threshold.
  package var regressions: [Row] { rows.filter(\.isRegression) }

  /// The exit status of `session-bench compare`: 0 without regression, 1 with one (a failed check, as in
  /// `replay`, `lint` and `diff`; 2 is for invalid input or usage).
  package var exitCode: Int32 { regressions.isEmpty ? 0 : 1 }

  /// The comparison as aligned text: one line per metric (with `--repeat` profiles, the median and its
  /// interval), the in-run ratios, results missing on one side, and a verdict that names each regression with both
  /// intervals and the ratio that confirms it.
  package var table: String {
    var text = render(rows)
    if !ratioRows.isEmpty {
      text +=
        "\nIn-run ratios (the result over the same run's baseline, or over both baselines' geometric mean):\n"
        + render(ratioRows)
    }
    for name in onlyInBase {
      text += "\(name): only in the base profile, not compared\n"
    }
    for name in onlyInNew {
      text += "\(name): only in the new profile, not compared\n"
    }
    let threshold = Format.percent(maxRegressionPercent)
    let regressions = regressions
    if regressions.isEmpty {
      var judged: [String] = []  // in the table's order; a result's rows are together
      for row in rows where judgedByBaselines.contains(row.result) && judged.last != row.result {
        judged.append(row.result)
      }
      let byBaselines =
        judged.isEmpty
        ? ""
        : "\(judged.joined(separator: ", ")) by the ratio to both baselines, intervals apart, the figure itself "
          + "worse; "
      text +=
        "No regression past \(threshold) (gated: p50, p90 latency and throughput; \(byBaselines)"
        + "\(judged.isEmpty ? "" : "the others ")by the median and the interval's fast end, confirmed by an in-run "
        + "ratio where there is one; baseline.naive and baseline.actor-hop are references, not gated).\n"
    } else {
      text += "\(regressions.count) regression\(regressions.count == 1 ? "" : "s") past \(threshold):\n"
      for row in regressions {
        let delta = row.deltaPercent.map(Format.signedPercent) ?? "n/a"
        var line = "  \(row.result) \(Self.metricLabel(row.metric)) \(delta): "
        line += "\(Self.figure(row.base, interval: row.baseInterval, of: row)) → "
        line += Self.figure(row.new, interval: row.newInterval, of: row)
        for ratio in ratioRows
        where ratio.isRegression && ratio.metric == row.metric
          && ratio.result.hasPrefix(row.result + Self.ratioSeparator)
        {
          line += "; \(ratio.result) \(Self.figure(ratio.base, interval: ratio.baseInterval, of: ratio)) → "
          line += Self.figure(ratio.new, interval: ratio.newInterval, of: ratio)
          line += " (\(ratio.deltaPercent.map(Format.signedPercent) ?? "n/a"))"
        }
        text += line + "\n"
      }
    }
    return text
  }

  private func render(_ rows: [Row]) -> String {
    var table = TextTable([
      ("result", .left), ("metric", .left), ("base", .right), ("new", .right), ("change", .right), ("", .left),
    ])
    var previous: String?
    for row in rows {
      table.append([
        row.result == previous ? "" : row.result,
        Self.metricLabel(row.metric),
        Self.figure(row.base, interval: row.baseInterval, of: row),
        Self.figure(row.new, interval: row.newInterval, of: row),
        row.deltaPercent.map(Format.signedPercent) ?? "n/a",
        verdict(row),
      ])
      previous = row.result
    }
    return table.render()
  }

  /// `REGRESSION`, `improved`, or why a change past the threshold is not a regression.
  private func verdict(_ row: Row) -> String {
    if row.isRegression { return "REGRESSION" }
    if isImprovement(row) { return "improved" }
    guard row.isGated, let delta = row.deltaPercent, row.isPast(delta, maxRegressionPercent) else { return "" }
    if row.isRatio {
      if let noise = noise(row) { return noise }
      return row.result.hasSuffix(Self.ratioSeparator + BenchResult.baselines) ? "figure not worse" : ""
    }
    let combinedName = Self.ratioName(row.result, over: BenchResult.baselines)
    if let ratio = ratioRows.first(where: { $0.result == combinedName && $0.metric == row.metric }) {
      if let change = ratio.deltaPercent, ratio.isPast(change, maxRegressionPercent) {
        return noise(ratio).map { "ratio " + $0 } ?? "ratio within the intervals"
      }
      return "baselines moved too"
    }
    if let fastEnd = row.fastEndChange,
      row.isLatency ? fastEnd <= maxRegressionPercent : fastEnd >= -maxRegressionPercent
    {
      return "fast end \(Format.signedPercent(fastEnd)): noise"
    }
    return "baselines moved too"
  }

  /// Why a ratio past the threshold is noise: its intervals overlap, or its fast end did not move past the
  /// threshold (a moment of the machine slowed some repetitions, not all); `nil` when neither.
  private func noise(_ ratio: Row) -> String? {
    guard let base = ratio.baseInterval, let new = ratio.newInterval else { return nil }
    if !new.isDisjoint(from: base) { return "within the intervals" }
    if let fastEnd = ratio.fastEndChange, !ratio.isPast(fastEnd, maxRegressionPercent) {
      return "fast end \(Format.signedPercent(fastEnd)): noise"
    }
    return nil
  }

  /// A value as the table shows it, with its interval when there is one: `701 ns [690 ns, 712 ns]`, `1.25×`.
  private static func figure(_ value: Double, interval: Estimate?, of row: Row) -> String {
    let format: (Double) -> String =
      row.isRatio
      ? { $0.isFinite ? String(format: "%.2f×", $0) : "-" }
      : row.isLatency ? { Format.latency(nanoseconds: $0) } : { Format.throughput(perSecond: $0) }
    guard let interval, interval.low != interval.high else { return format(value) }
    return "\(format(value)) [\(format(interval.low)), \(format(interval.high))]"
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
