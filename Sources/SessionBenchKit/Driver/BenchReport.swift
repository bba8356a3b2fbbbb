/// The outcome of a run: the profile and the merged histograms behind it, for the plot.
package struct BenchReport: Sendable {
  /// The profile written by `--json`.
  package var profile: BenchProfile
  /// Every result's merged histogram, in the order of ``BenchProfile/results``.
  package var histograms: [(name: String, histogram: LatencyHistogram)]
  /// A line describing the run's options, for the report's header and the plot's subtitle.
  package var summary: String
}
