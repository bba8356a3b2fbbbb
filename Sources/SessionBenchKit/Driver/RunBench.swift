import Foundation

/// Runs `session-bench run` end to end: the output paths checked, the benchmark, the table on standard output, the
/// profile and plot saved in the runs directory (``SavedRuns``), and the `--json`, `--csv` and `--svg` files.
///
/// - Parameters:
///   - options: The parsed options.
///   - standardOutput: Where the report goes (nothing is written with `--quiet`).
///   - standardError: Where errors go.
/// - Returns: The exit status: 0 when the run completed and every file was written; 2 when a policy or workload
///   file cannot be read or is invalid (the message names the file and JSON path) or an output file or the runs
///   directory cannot be written — checked before any work, so a run never ends in a path that could not work
///   (invalid input, as for every command: 1 is for a failed check, which `run` does not make).
package func runBench(
  _ options: BenchOptions,
  standardOutput: (String) -> Void = { print($0, terminator: "") },
  standardError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
) async -> Int32 {
  let saved = options.savedRunsDirectory.map { SavedRuns(directory: $0) }
  do throws(OutputFileError) {
    // The runs directory first: an output inside it (`--json .build/session-bench/x.json`) needs it made.
    try saved?.prepare()
    for path in [options.jsonPath, options.csvPath, options.svgPath].compactMap({ $0 }) {
      try OutputFile.check(path)
    }
  } catch {
    standardError(
      "session-bench: \(error.description)\(error.path == saved?.directory ? " (choose another with --runs-dir DIR, or --no-save)" : "")\n"
    )
    return 2
  }
  // The load before the run: what else the machine was doing, not the run itself (a missed target quotes it).
  let loadBefore = TargetReport.currentLoadAverage()
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
  func write(_ bytes: some Collection<UInt8>, to path: String?) {
    guard let path else { return }
    do throws(OutputFileError) {
      try OutputFile.write(bytes, to: path)
    } catch {
      standardError("session-bench: \(error.description)\n")
      status = 2
    }
  }
  let profile = report.profile.encode()
  let plot = PercentilePlot(
    title: "session-bench latency by percentile", subtitle: report.summary, histograms: report.histograms,
    notes: PercentilePlot.notes(machine: report.profile.machine, names: report.histograms.map(\.name))
  ).svg
  write(profile, to: options.jsonPath)
  write(Array(ReportTable.csv(report.profile.results).utf8), to: options.csvPath)
  write(Array(plot.utf8), to: options.svgPath)
  var savedTo: (profile: String, plot: String)?
  if let saved {
    do throws(OutputFileError) {
      savedTo = try saved.save(profile: profile, plot: plot)
    } catch {
      standardError("session-bench: \(error.description)\n")
      status = 2
    }
  }
  if !options.quiet {
    var text =
      "session-bench: \(report.summary)\n\n" + ReportTable(profile: report.profile).text + "\n"
      + TargetReport(profile: report.profile, loadAverage: loadBefore).text
    if let savedTo, let saved {
      text += "\nsaved: \(savedTo.profile) (profile) and \(savedTo.plot) (plot)\n"
      let compare = saved.isDefault ? "session-bench compare" : "session-bench compare --runs-dir \(saved.directory)"
      text += "`\(compare)` compares the last two runs saved there.\n"
    }
    standardOutput(text)
  }
  return status
}
