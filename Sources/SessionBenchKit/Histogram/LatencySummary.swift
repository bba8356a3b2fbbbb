/// The latency of one benchmark result at the percentiles a report shows, in nanoseconds.
///
/// Encodes with the keys of the `latencyNs` object of the session-bench JSON profile:
/// `p0`, `p25`, `p50`, `p75`, `p90`, `p99`, `p999` (99.9th percentile) and `p100`.
package struct LatencySummary: Codable, Sendable, Equatable {
  /// The percentiles, in the order of the stored properties.
  package static let percentiles: [Double] = [0, 25, 50, 75, 90, 99, 99.9, 100]

  /// The smallest latency.
  package var p0: UInt64
  /// The 25th percentile.
  package var p25: UInt64
  /// The median.
  package var p50: UInt64
  /// The 75th percentile.
  package var p75: UInt64
  /// The 90th percentile.
  package var p90: UInt64
  /// The 99th percentile.
  package var p99: UInt64
  /// The 99.9th percentile.
  package var p999: UInt64
  /// The largest latency.
  package var p100: UInt64

  /// Creates a summary from its percentiles, in nanoseconds.
  package init(
    p0: UInt64, p25: UInt64, p50: UInt64, p75: UInt64, p90: UInt64, p99: UInt64, p999: UInt64, p100: UInt64
  ) {
    self.p0 = p0
    self.p25 = p25
    self.p50 = p50
    self.p75 = p75
    self.p90 = p90
    self.p99 = p99
    self.p999 = p999
    self.p100 = p100
  }

  /// The percentiles with their labels (`"p0"` … `"p100"`, the JSON keys) and values, in order.
  package var labelledValues: [(label: String, value: UInt64)] {
    [
      ("p0", p0), ("p25", p25), ("p50", p50), ("p75", p75), ("p90", p90), ("p99", p99), ("p999", p999),
      ("p100", p100),
    ]
  }
}
