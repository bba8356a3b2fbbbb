import Foundation

/// Runs `session-bench run` end to end: the benchmark, the table on standard output, and the `--json`, `--csv`
/// and `--svg` files.
///
/// - Parameters:
///   - options: The parsed options.
///   - standardOutput: Where the report goes (nothing is written with `--quiet`).
///   - standardError: Where errors go.
/// - Returns: The exit status: 0 when the run completed and every file was written; 2 when a policy or workload
///   file cannot be read or is invalid (the message names the file and JSON path) or an output file cannot be
///   written (invalid input, as for every command: 1 is for a failed check, which `run` does not make).
public func runBench(
  _ options: BenchOptions,
  standardOutput: (String) -> Void = { print($0, terminator: "") },
  standardError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
) async -> Int32 {
  let progress = ProgressLine(quiet: options.quiet)
  let report: BenchReport
  do {
    report = try await BenchRunner(options: options).run(progress: progress)
  } catch {
    progress.finish()
    standardError("session-bench: \(error.description)\n")
    return BenchSetupError.exitCode
  }
  progress.finish()
  var status: Int32 = 0
  func write(_ data: Data, to path: String?) {
    guard let path else { return }
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      standardError("session-bench: \(path): cannot write the file: \(error.localizedDescription)\n")
      status = 2
    }
  }
  write(report.profile.encode(), to: options.jsonPath)
  write(Data(ReportTable.csv(report.profile.results).utf8), to: options.csvPath)
  let plot = PercentilePlot(
    title: "session-bench latency by percentile", subtitle: report.summary, histograms: report.histograms,
    notes: PercentilePlot.notes(machine: report.profile.machine, names: report.histograms.map(\.name)))
  if options.svgPath != nil { write(Data(plot.svg.utf8), to: options.svgPath) }
  if !options.quiet {
    standardOutput(
      "session-bench: \(report.summary)\n\n" + ReportTable(profile: report.profile).text + "\n"
        + "caches: none (the engine has no cache today: no hit rate to report)\n\n"
        + TargetReport(profile: report.profile).text)
  }
  return status
}
