/// The performance targets of the engine (issue 5), judged on one run's results, each with the figure that
/// decides it.
///
/// The rule-scaling target (100 000 host rules within 1.3 × the p50 of none) needs two runs and is not here;
/// `Benchmarks/README.md` records it.
public struct TargetReport: Sendable {
  /// One target and how the run did.
  public struct Line: Sendable, Equatable {
    /// What is asked, e.g. `engine.decide p50 ≤ 3 × baseline.direct p50`.
    public var target: String
    /// The figure measured, e.g. `2.1×`.
    public var measured: String
    /// Whether the target was met; `nil` when the run cannot tell (a result or the memory is missing).
    public var isMet: Bool?
  }

  /// The targets, in the order.
  public let lines: [Line]

  /// Judges `profile`.
  public init(profile: BenchProfile) {
    let decide = profile.result(named: BenchResult.engineDecide)
    let direct = profile.result(named: BenchResult.baselineDirect)
    let hop = profile.result(named: BenchResult.baselineActorHop)
    let naive = profile.result(named: BenchResult.baselineNaive)
    var lines: [Line] = []
    func ratio(_ value: Double?, _ reference: Double?) -> Double? {
      guard let value, let reference, reference > 0, decide?.samples ?? 0 > 0 else { return nil }
      return value / reference
    }
    let throughput = ratio(decide?.throughputPerSec, hop?.throughputPerSec)
    lines.append(
      Line(
        target: "engine.decide throughput ≥ 60 % of baseline.actor-hop",
        measured: throughput.map { Format.percent($0 * 100) } ?? "n/a", isMet: throughput.map { $0 >= 0.6 }))
    let overDirect = ratio(decide.map { Double($0.latencyNs.p50) }, direct.map { Double($0.latencyNs.p50) })
    lines.append(
      Line(
        target: "engine.decide p50 ≤ 3 × baseline.direct p50",
        measured: overDirect.map(Format.ratio) ?? "n/a", isMet: overDirect.map { $0 <= 3 }))
    let tail = decide.flatMap { $0.samples > 0 ? Double($0.latencyNs.p999) : nil }
    lines.append(
      Line(
        target: "engine.decide p99.9 < 20 µs",
        measured: tail.map { Format.latency(nanoseconds: $0) } ?? "n/a", isMet: tail.map { $0 < 20_000 }))
    let bytes = profile.memory.bytesPerSession
    lines.append(
      Line(
        target: "≤ 1 KiB per idle session",
        measured: bytes.map { Format.bytes($0) } ?? "n/a", isMet: bytes.map { $0 <= 1_024 }))
    let overNaive = ratio(decide.map { Double($0.latencyNs.p50) }, naive.map { Double($0.latencyNs.p50) })
    lines.append(
      Line(
        target: "engine.decide p50 < baseline.naive p50",
        measured: overNaive.map { Format.ratio($0) + " of naive" } ?? "n/a", isMet: overNaive.map { $0 < 1 }))
    self.lines = lines
  }

  /// `targets:` and one line per target, `met`, `MISSED` or `n/a`, ending in a newline.
  public var text: String {
    var table = TextTable([("target", .left), ("measured", .right), ("", .left)])
    for line in lines {
      table.append([line.target, line.measured, line.isMet.map { $0 ? "met" : "MISSED" } ?? "n/a"])
    }
    return table.render()
  }
}
