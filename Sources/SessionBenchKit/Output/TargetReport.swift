import Foundation

/// The performance targets of the engine, judged on one run's results: each a ratio with a bar (the least
/// acceptable) and a goal, and the figure that decides it. A missed target says why it may have been missed and
/// what to try (``advice(for:)``).
///
/// The ratios are in-run: the result over a baseline measured by the same process minutes apart at most, so that a
/// machine faster or slower as a whole does not move them. With `--repeat N` a ratio is the median of the
/// repetitions' ratios and its interval is shown beside it; the verdict goes by the median.
///
/// The wall-clock decide bars: `engine.decide` p50 ≤ 1.5× `baseline.naive` at 10 000 sessions (goal ≤ 1.0×), and
/// p99.9 ≤ 3× `baseline.direct` with as many requests in flight as cores. The p50 over `baseline.direct` is shown
/// for reference, with no target: it sits near the cost of the actor hop itself.
///
/// Targets that need information a run does not have (`--hosts 100000`, `--rules 100000`, a closed loop with as
/// many workers as cores, 10 000 sessions) say how to get it instead of a figure. The actor hop is shown as a
/// floor, not a target.
package struct TargetReport: Sendable {
  /// How a run did against one target.
  package enum Verdict: Sendable, Equatable {
    /// Within the goal.
    case goalMet
    /// Within the bar, not the goal.
    case barMet
    /// Past the bar.
    case missed
    /// The run cannot tell; the text says what run can.
    case unknown(String)
    /// A floor to compare with, not a target.
    case floor
    /// A figure shown for reference, with no target.
    case shown
  }

  /// One target and how the run did.
  package struct Line: Sendable, Equatable {
    /// What is measured, e.g. `engine.decide p50 / baseline.direct p50`.
    package var target: String
    /// The figure measured, e.g. `1.25×`, or `n/a`.
    package var measured: String
    /// The least acceptable value, e.g. `≤ 1.3`; empty for a floor.
    package var bar: String
    /// The value aimed at, e.g. `≤ 1.1`; empty for a floor.
    package var goal: String
    /// How the run did.
    package var verdict: Verdict

    /// Whether the bar was met; `nil` when the run cannot tell or the line is a floor.
    package var isMet: Bool? {
      switch verdict {
      case .goalMet, .barMet: true
      case .missed: false
      case .unknown, .floor, .shown: nil
      }
    }
  }

  /// The generated hosts the hosts target asks for.
  package static let hostsForTarget = 100_000
  /// The padding rules the rules target asks for.
  package static let rulesForTarget = 100_000
  /// The sessions the decide-over-naive target is set at.
  package static let sessionsForTarget = 10_000

  /// The targets, then the floor.
  package let lines: [Line]
  /// The machine's one-minute load average just before the run, if known: a missed target's advice quotes it,
  /// since most misses on a shared machine are its load.
  package let loadAverage: Double?
  /// The cores of the machine the profile was made on.
  private let cores: Int

  /// Judges `profile`.
  ///
  /// - Parameters:
  ///   - profile: The run's profile.
  ///   - loadAverage: The machine's one-minute load average just before the run (``currentLoadAverage()``), or
  ///     `nil` when the report is made later or elsewhere.
  package init(profile: BenchProfile, loadAverage: Double? = nil) {
    self.loadAverage = loadAverage
    self.cores = profile.machine.cores
    let decide = profile.result(named: BenchResult.engineDecide).flatMap { $0.samples > 0 ? $0 : nil }
    let hop = profile.result(named: BenchResult.baselineActorHop)
    let reference = profile.result(named: BenchResult.engineDecideDefault)
    func ratio(_ value: UInt64?, _ reference: UInt64?) -> Double? {
      guard decide != nil, let value, let reference, reference > 0 else { return nil }
      return Double(value) / Double(reference)
    }
    /// `engine.decide`'s in-run ratio to `baseline` at `metric`: recorded (with its interval), or computed.
    func inRun(_ baseline: String, _ metric: String) -> Estimate? {
      guard let decide else { return nil }
      if let recorded = decide.relative?[baseline]?.estimate(metric), recorded.median > 0 { return recorded }
      guard let reference = profile.result(named: baseline) else { return nil }
      let values = ResultFigures.ratios(of: decide, to: reference)
      guard let index = ResultFigures.metrics.firstIndex(of: metric), values[index] > 0 else { return nil }
      return Estimate(single: values[index])
    }
    func atMost(_ target: String, _ value: Double?, bar: Double, goal: Double, unknown: String = "n/a") -> Line {
      let verdict: Verdict =
        if let value { value <= goal ? .goalMet : value <= bar ? .barMet : .missed } else { .unknown(unknown) }
      return Line(
        target: target, measured: value.map(Self.ratio) ?? "n/a", bar: "≤ \(Self.number(bar))",
        goal: "≤ \(Self.number(goal))", verdict: verdict)
    }
    func atMost(_ target: String, _ estimate: Estimate?, bar: Double, goal: Double, unknown: String) -> Line {
      var line = atMost(target, estimate?.median, bar: bar, goal: goal, unknown: unknown)
      if let estimate, estimate.low != estimate.high {
        line.measured += " [\(Self.ratio(estimate.low)), \(Self.ratio(estimate.high))]"
      }
      return line
    }
    var lines: [Line] = []
    let atTargetSessions = profile.config.sessions == Self.sessionsForTarget
    lines.append(
      atMost(
        "engine.decide p50 / baseline.naive p50 at \(Self.sessionsForTarget) sessions",
        atTargetSessions ? inRun(BenchResult.baselineNaive, "p50") : nil, bar: 1.5, goal: 1,
        unknown: atTargetSessions ? "n/a" : "run with --sessions \(Self.sessionsForTarget)"))
    let cores = profile.machine.cores
    let atCores = profile.config.concurrency == cores
    lines.append(
      atMost(
        "engine.decide p99.9 / baseline.direct p99.9 at concurrency = cores (\(cores))",
        atCores ? inRun(BenchResult.baselineDirect, "p999") : nil, bar: 3, goal: 1.5,
        unknown: "run with --concurrency \(cores)"))
    if let overDirect = inRun(BenchResult.baselineDirect, "p50") {
      var shown = atMost("engine.decide p50 / baseline.direct p50", overDirect, bar: 0, goal: 0, unknown: "n/a")
      shown.bar = ""
      shown.goal = ""
      shown.verdict = .shown
      lines.append(shown)
    }
    let throughputRatio = inRun(BenchResult.baselineDirect, "throughput")
    let throughput = throughputRatio?.median
    var measured = throughput.map { String(format: "%.2f", $0) } ?? "n/a"
    if let throughputRatio, throughputRatio.low != throughputRatio.high {
      measured += String(format: " [%.2f, %.2f]", throughputRatio.low, throughputRatio.high)
    }
    lines.append(
      Line(
        target: "engine.decide / baseline.direct throughput",
        measured: measured,
        bar: "≥ 0.80", goal: "≥ 0.90",
        verdict: throughput.map { $0 >= 0.9 ? .goalMet : $0 >= 0.8 ? .barMet : .missed } ?? .unknown("n/a")))
    let bytes = profile.memory.bytesPerSession
    lines.append(
      Line(
        target: "bytes per idle session", measured: bytes.map { Format.bytes($0) } ?? "n/a", bar: "≤ 1024",
        goal: "≤ 512",
        verdict: bytes.map { $0 <= 512 ? .goalMet : $0 <= 1_024 ? .barMet : .missed } ?? .unknown("n/a")))
    let hosts = profile.config.hosts ?? 0
    let hostsRatio =
      hosts >= Self.hostsForTarget && profile.config.rules == 0
      ? ratio(decide?.latencyNs.p50, reference?.latencyNs.p50) : nil
    lines.append(
      atMost(
        "engine.decide p50 at --hosts \(Self.hostsForTarget) / default", hostsRatio, bar: 1.3, goal: 1.1,
        unknown: "run with --hosts \(Self.hostsForTarget)"))
    let rulesRatio =
      profile.config.rules >= Self.rulesForTarget && hosts == 0
      ? ratio(decide?.latencyNs.p50, reference?.latencyNs.p50) : nil
    lines.append(
      atMost(
        "engine.decide p50 with \(Self.rulesForTarget) host rules / none", rulesRatio, bar: 1.3, goal: 1.1,
        unknown: "run with --rules \(Self.rulesForTarget)"))
    let overHop: Double? =
      if let decide, let hop, hop.throughputPerSec > 0 { decide.throughputPerSec / hop.throughputPerSec } else {
        nil
      }
    lines.append(
      Line(
        target: "floor: engine.decide / baseline.actor-hop throughput",
        measured: overHop.map { Format.percent($0 * 100) } ?? "n/a", bar: "", goal: "", verdict: .floor))
    self.lines = lines
  }

  /// One line per target with its bar and goal and `goal met`, `bar met`, `MISSED`, what run would tell,
  /// `for reference` or `floor (no target)`; then, for each missed target, why and what to try; ending in a newline.
  package var text: String {
    var table = TextTable([("target", .left), ("measured", .right), ("bar", .left), ("goal", .left), ("", .left)])
    for line in lines {
      let verdict =
        switch line.verdict {
        case .goalMet: "goal met"
        case .barMet: "bar met"
        case .missed: "MISSED (see below)"
        case .unknown(let how): how
        case .floor: "floor (no target)"
        case .shown: "for reference (no target)"
        }
      table.append([line.target, line.measured, line.bar, line.goal, verdict])
    }
    var text = table.render()
    for line in lines where line.verdict == .missed {
      text += "\n\(line.target) is \(line.measured), past the bar (\(line.bar)). \(advice(for: line))\n"
    }
    return text
  }

  /// Why a target may have been missed and what to try, for a person reading the report.
  package func advice(for line: Line) -> String {
    let load =
      loadAverage.map {
        String(format: "The machine's load average was %.1f on %d cores just before the run", $0, cores)
          + ($0 >= Double(cores) * 0.5 ? ": other work was sharing the cores. " : ". ")
      } ?? ""
    let again = "Run again when the machine is quiet; if it stays missed, the code has got slower: "
    let instructions = "`Benchmarks/instructions.sh` counts the decision's instructions, which no load moves."
    if line.target.hasPrefix("engine.decide p50 / baseline.naive") {
      return "A decision took longer than the guides' sample code by more than the bar. Both are measured in this "
        + "process seconds apart, so the machine's speed moves both, but not always alike. " + load + again
        + instructions
    }
    if line.target.hasPrefix("engine.decide p99.9") {
      return "The slowest decisions are set by the scheduler more than by the code when other work shares the "
        + "cores. " + load + "Run again when the machine is quiet, with the same --concurrency."
    }
    if line.target.hasPrefix("engine.decide / baseline.direct throughput") {
      return "The engine completed fewer decisions a second than the bare policy by more than the bar. Throughput "
        + "follows the machine's load more than any other figure. " + load + again + instructions
    }
    if line.target.hasPrefix("bytes per idle session") {
      return "Each idle session weighs more than the bar. The figure is the growth of the resident set while the "
        + "sessions were made, so a larger policy or other allocations in the process add to it: check with the "
        + "built-in policy and the default --sessions before looking at the session's own state."
    }
    if line.target.hasPrefix("engine.decide p50 at --hosts") || line.target.hasPrefix("engine.decide p50 with") {
      return "A decision slowed down as the hosts or rules grew: host look-ups should not depend on their number. "
        + load + again + instructions
    }
    return load + again + instructions
  }

  /// The one-minute load average of this machine, or `nil` where the system does not report it.
  package static func currentLoadAverage() -> Double? {
    var averages = [Double](repeating: 0, count: 3)
    return getloadavg(&averages, 3) >= 1 ? averages[0] : nil
  }

  /// `1.25×`: two decimals, as the bars and goals have.
  private static func ratio(_ value: Double) -> String {
    value.isFinite ? String(format: "%.2f×", value) : "-"
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
