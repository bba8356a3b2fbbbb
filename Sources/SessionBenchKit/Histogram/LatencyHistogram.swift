/// A log-linear latency histogram in the style of HdrHistogram, over nanoseconds.
///
/// Values keep three significant digits: every value below 2 048 ns has its own bucket, and
/// above that each power-of-two range is split into 1 024 linear sub-buckets, so a reported
/// value is never more than 1/1 024 (≈ 0.098 %) above the true value. The trackable range is
/// 0 ns to ``highestTrackableValue`` (about 137 s); larger values are clamped to it and
/// counted in ``clampedCount``.
///
/// Storage is allocated once, in ``init()`` (28 672 counters, 224 KiB), so `record(_:)`
/// neither allocates nor loops: it is a few bit operations and an increment. Keep one
/// histogram per worker and ``merge(_:)`` them at the end of a run.
package struct LatencyHistogram: Sendable, Equatable {
  /// Sub-buckets per power of two in the first bucket: 2 048 gives three significant digits.
  private static let subBucketCountMagnitude = 11
  private static let subBucketHalfCountMagnitude = subBucketCountMagnitude - 1
  private static let subBucketHalfCount = 1 << subBucketHalfCountMagnitude
  private static let subBucketMask = UInt64((1 << subBucketCountMagnitude) - 1)
  /// `64 - subBucketCountMagnitude`: turns a leading-zero count into a bucket index.
  private static let leadingZeroCountBase = 64 - subBucketCountMagnitude
  /// Buckets needed so that `2 048 << (bucketCount - 1)` exceeds 100 s in nanoseconds.
  private static let bucketCount = 27
  private static let countsLength = (bucketCount + 1) * subBucketHalfCount

  /// The largest value the histogram distinguishes, in nanoseconds (2³⁷ − 1, about 137 s).
  ///
  /// Larger values are recorded as this value.
  package static let highestTrackableValue = (UInt64(1) << (subBucketCountMagnitude + bucketCount - 1)) - 1

  private var counts: [UInt64]
  private var minValue = UInt64.max
  private var maxValue: UInt64 = 0

  /// The number of values recorded.
  package private(set) var count: UInt64 = 0

  /// The number of values that were above ``highestTrackableValue`` and were clamped to it.
  package private(set) var clampedCount: UInt64 = 0

  /// Creates an empty histogram, allocating all of its storage.
  package init() {
    counts = [UInt64](repeating: 0, count: Self.countsLength)
  }

  /// The smallest value recorded, exactly, in nanoseconds; 0 when the histogram is empty.
  package var min: UInt64 { count == 0 ? 0 : minValue }

  /// The largest value recorded, exactly (after clamping), in nanoseconds; 0 when empty.
  package var max: UInt64 { maxValue }

  /// Whether no value has been recorded.
  package var isEmpty: Bool { count == 0 }

  /// Records one latency, in nanoseconds. O(1) and allocation-free.
  ///
  /// - Parameter nanoseconds: The latency; values above ``highestTrackableValue`` are clamped.
  package mutating func record(_ nanoseconds: UInt64) {
    recordValue(nanoseconds)
  }

  /// Records one latency given as a `Duration`; negative durations are recorded as 0 ns.
  ///
  /// - Parameter duration: The latency.
  package mutating func record(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else {
      recordValue(0)
      return
    }
    let wholeNanoseconds = UInt64(attoseconds / 1_000_000_000)
    let (scaled, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    recordValue(overflow ? UInt64.max : scaled &+ wholeNanoseconds)
  }

  private mutating func recordValue(_ nanoseconds: UInt64) {
    var value = nanoseconds
    if value > Self.highestTrackableValue {
      value = Self.highestTrackableValue
      clampedCount &+= 1
    }
    counts[Self.countsIndex(of: value)] &+= 1
    count &+= 1
    if value < minValue { minValue = value }
    if value > maxValue { maxValue = value }
  }

  /// Adds every value recorded in `other` to this histogram.
  ///
  /// The result is the same as if all of the values had been recorded here.
  ///
  /// - Parameter other: The histogram to add, typically another worker's.
  package mutating func merge(_ other: LatencyHistogram) {
    guard !other.isEmpty else { return }
    counts.withUnsafeMutableBufferPointer { mine in
      other.counts.withUnsafeBufferPointer { theirs in
        for index in mine.indices {
          mine[index] &+= theirs[index]
        }
      }
    }
    count &+= other.count
    clampedCount &+= other.clampedCount
    minValue = Swift.min(minValue, other.minValue)
    maxValue = Swift.max(maxValue, other.maxValue)
  }

  /// The value at or below which `percentile` per cent of the recorded values fall.
  ///
  /// As in HdrHistogram, the result is the highest value equivalent to the bucket that holds
  /// the requested sample, so it is at most 0.098 % above the true value; it is clamped to
  /// ``max``. Percentile 0 returns ``min`` and percentile 100 returns ``max``.
  ///
  /// - Parameter percentile: A percentile from 0 to 100; values outside are clamped.
  /// - Returns: The latency in nanoseconds, or 0 when the histogram is empty.
  package func value(atPercentile percentile: Double) -> UInt64 {
    values(atPercentiles: [percentile])[0]
  }

  /// The values at several percentiles, computed in one pass over the buckets.
  ///
  /// - Parameter percentiles: Percentiles from 0 to 100, in any order.
  /// - Returns: One value per percentile, in the same order, with the semantics of
  ///   ``value(atPercentile:)``.
  package func values(atPercentiles percentiles: [Double]) -> [UInt64] {
    guard count > 0 else { return [UInt64](repeating: 0, count: percentiles.count) }
    var results = [UInt64](repeating: 0, count: percentiles.count)
    var pending: [(rank: UInt64, slot: Int)] = []
    for (slot, raw) in percentiles.enumerated() {
      let percentile = raw.isNaN ? 0 : Swift.min(Swift.max(raw, 0), 100)
      if percentile == 0 {
        results[slot] = min
      } else if percentile == 100 {
        results[slot] = max
      } else {
        pending.append((rank: rank(atPercentile: percentile), slot: slot))
      }
    }
    pending.sort { $0.rank < $1.rank }
    var next = 0
    var running: UInt64 = 0
    var index = 0
    while next < pending.count && index < counts.count {
      running &+= counts[index]
      while next < pending.count && running >= pending[next].rank {
        let value = Self.highestEquivalentValue(Self.valueFromIndex(index))
        results[pending[next].slot] = Swift.min(value, maxValue)
        next += 1
      }
      index += 1
    }
    return results
  }

  /// The latency at the percentiles a report shows.
  package func summary() -> LatencySummary {
    let values = values(atPercentiles: LatencySummary.percentiles)
    return LatencySummary(
      p0: values[0], p25: values[1], p50: values[2], p75: values[3], p90: values[4], p99: values[5],
      p999: values[6], p100: values[7]
    )
  }

  /// The 1-based rank of the sample at `percentile`, rounded as HdrHistogram does.
  private func rank(atPercentile percentile: Double) -> UInt64 {
    let exact = (percentile / 100 * Double(count) + 0.5).rounded(.down)
    return Swift.min(Swift.max(UInt64(exact), 1), count)
  }

  /// The address of the bucket storage, so tests can check that `record(_:)` never reallocates.
  var storageAddress: UInt? {
    counts.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
  }

  /// The sum of every bucket, which always equals `count`.
  var bucketTotal: UInt64 { counts.reduce(0, &+) }

  // MARK: Bucket arithmetic

  static func countsIndex(of value: UInt64) -> Int {
    let bucketIndex = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
    let subBucketIndex = Int(truncatingIfNeeded: value >> UInt64(bucketIndex))
    // (bucketIndex + 1) * halfCount + (subBucketIndex - halfCount), simplified.
    return (bucketIndex << subBucketHalfCountMagnitude) + subBucketIndex
  }

  static func valueFromIndex(_ index: Int) -> UInt64 {
    var bucketIndex = (index >> subBucketHalfCountMagnitude) - 1
    var subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
    if bucketIndex < 0 {
      subBucketIndex -= subBucketHalfCount
      bucketIndex = 0
    }
    return UInt64(subBucketIndex) << UInt64(bucketIndex)
  }

  static func highestEquivalentValue(_ value: UInt64) -> UInt64 {
    let bucketIndex = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
    let lowest = (value >> UInt64(bucketIndex)) << UInt64(bucketIndex)
    return lowest + (UInt64(1) << UInt64(bucketIndex)) - 1
  }
}
