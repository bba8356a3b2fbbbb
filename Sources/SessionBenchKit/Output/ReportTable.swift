import Foundation

/// The results of a run as a person reads them: an aligned table, the ratios of the engine to
/// the baselines, and the memory used; or as CSV.
///
/// ```
/// result              samples  throughput     p50     p90     p99   p99.9    p100
/// engine.decide       1234567   247 k/s    1.21 µs  2.05 µs  8.40 µs  31.2 µs  1.10 ms
/// …
/// engine.decide / baseline.direct      p50 = 2.1×   p99 = 3.0×   throughput = 48 %
/// ```
package struct ReportTable: Sendable {
  /// The header of ``csv(_:)``.
  package static let csvHeader =
    "name,samples,throughputPerSec,p0,p25,p50,p75,p90,p99,p999,p100,cpuNsPerOp,involuntaryContextSwitches"

  /// The results, in the order they are shown.
  package var results: [BenchResult]
  /// The memory measurement, shown under the table when given.
  package var memory: BenchProfile.Memory?

  /// Creates a report of `results` and, optionally, `memory`.
  package init(results: [BenchResult], memory: BenchProfile.Memory? = nil) {
    self.results = results
    self.memory = memory
  }

  /// Creates a report of a profile's results and memory.
  package init(profile: BenchProfile) {
    self.init(results: profile.results, memory: profile.memory)
  }

  /// The table, the ratio lines and the memory line, ending in a newline.
  package var text: String {
    var table = TextTable([
      ("result", .left), ("samples", .right), ("throughput", .right), ("p50", .right), ("p90", .right),
      ("p99", .right), ("p99.9", .right), ("p100", .right), ("cpu/op", .right), ("invol. cs", .right),
    ])
    for result in results {
      let latency = result.latencyNs
      var row = [result.name, String(result.samples), Format.throughput(perSecond: result.throughputPerSec)]
      for value in [latency.p50, latency.p90, latency.p99, latency.p999, latency.p100] {
        row.append(Format.latency(nanoseconds: Double(value)))
      }
      row.append(result.cpuNsPerOp.map { Format.latency(nanoseconds: $0) } ?? "-")
      row.append(result.involuntaryContextSwitches.map { String($0) } ?? "-")
      table.append(row)
    }
    var text = table.render()
    let intervals = intervalLines
    if !intervals.isEmpty {
      text += "\n" + intervals.joined(separator: "\n") + "\n"
    }
    let ratios = ratioLines
    if !ratios.isEmpty {
      text += "\n" + ratios.joined(separator: "\n") + "\n"
    }
    if let memory {
      text += "\n" + memoryLine(memory) + "\n"
    }
    return text
  }

  /// With `--repeat N`: a heading saying how the figures were made, then one line per result with the intervals
  /// of its p50, p99 and throughput medians; empty for a single run.
  package var intervalLines: [String] {
    guard let first = results.compactMap(\.repetitions).first else { return [] }
    var lines = [
      "medians of \(first.count) interleaved repetitions; each interval holds the median with "
        + "\(Format.percent(first.confidence * 100)) confidence (order statistics):"
    ]
    let width = results.map(\.name.count).max() ?? 0
    for result in results {
      guard let figures = result.repetitions?.figures else { continue }
      func latency(_ estimate: Estimate) -> String {
        "[\(Format.latency(nanoseconds: estimate.low)), \(Format.latency(nanoseconds: estimate.high))]"
      }
      let throughput =
        "[\(Format.throughput(perSecond: figures.throughput.low)), "
        + "\(Format.throughput(perSecond: figures.throughput.high))]"
      lines.append(
        result.name + String(repeating: " ", count: width - result.name.count)
          + "  p50 \(latency(figures.p50))  p99 \(latency(figures.p99))  throughput \(throughput)")
    }
    return lines
  }

  /// One line per engine result and baseline (`baseline.direct`, `baseline.naive`, `baseline.actor-hop`): the
  /// p50 and p99 latency ratios and the throughput as a percentage of the baseline's, e.g.
  /// `engine.decide / baseline.direct  p50 = 2.1×  p99 = 3.0×  throughput = 48 %`. Ratios recorded over
  /// repetitions (``BenchResult/relative``) are their medians, with their intervals in brackets.
  package var ratioLines: [String] {
    let engines = results.filter { $0.name.hasPrefix("engine.") }
    let baselines = [BenchResult.baselineDirect, BenchResult.baselineNaive, BenchResult.baselineActorHop]
      .compactMap { name in results.first { $0.name == name } }
    var pairs: [(label: String, line: String)] = []
    for engine in engines {
      for baseline in baselines {
        if let recorded = engine.relative?[baseline.name], recorded.p50.low != recorded.p50.high {
          func ratio(_ estimate: Estimate) -> String {
            "\(Self.ratio2(estimate.median)) [\(Self.ratio2(estimate.low)), \(Self.ratio2(estimate.high))]"
          }
          func percent(_ estimate: Estimate) -> String {
            "\(Format.percent(estimate.median * 100)) [\(Format.percent(estimate.low * 100)), "
              + "\(Format.percent(estimate.high * 100))]"
          }
          pairs.append(
            (
              "\(engine.name) / \(baseline.name)",
              "p50 = \(ratio(recorded.p50))  p99 = \(ratio(recorded.p99))  throughput = \(percent(recorded.throughput))"
            ))
          continue
        }
        let p50 = Self.ratio(Double(engine.latencyNs.p50), Double(baseline.latencyNs.p50))
        let p99 = Self.ratio(Double(engine.latencyNs.p99), Double(baseline.latencyNs.p99))
        let throughput =
          baseline.throughputPerSec > 0
          ? Format.percent(engine.throughputPerSec / baseline.throughputPerSec * 100) : "n/a"
        pairs.append(
          (
            "\(engine.name) / \(baseline.name)",
            "p50 = \(p50)  p99 = \(p99)  throughput = \(throughput)"
          )
        )
      }
    }
    let width = pairs.map(\.label.count).max() ?? 0
    return pairs.map { $0.label + String(repeating: " ", count: width - $0.label.count) + "  " + $0.line }
  }

  /// The results as CSV: ``csvHeader`` and one line per result, latencies in nanoseconds.
  package static func csv(_ results: [BenchResult]) -> String {
    var text = csvHeader + "\n"
    for result in results {
      let latency = result.latencyNs.labelledValues.map { String($0.value) }
      let usage = [
        result.cpuNsPerOp.map { String($0) } ?? "", result.involuntaryContextSwitches.map(String.init) ?? "",
      ]
      let fields = [csvField(result.name), String(result.samples), String(result.throughputPerSec)] + latency + usage
      text += fields.joined(separator: ",") + "\n"
    }
    return text
  }

  private static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// `1.55×`: two decimals, for ratios measured over repetitions, whose bars (1.5, 3) need them.
  private static func ratio2(_ value: Double) -> String {
    value.isFinite ? String(format: "%.2f×", value) : "-"
  }

  private static func ratio(_ value: Double, _ reference: Double) -> String {
    reference > 0 ? Format.ratio(value / reference) : "n/a"
  }

  private func memoryLine(_ memory: BenchProfile.Memory) -> String {
    let perSession = memory.bytesPerSession.map { "\(Format.bytes($0)) per idle session" } ?? "per-session n/a"
    let peak = memory.peakResidentBytes.map { "peak resident \(Format.bytes(Double($0)))" } ?? "peak resident n/a"
    return "memory: \(perSession), \(peak)"
  }
}
