import SessionKit
import XCTest

@testable import SessionBenchKit

final class TestLatencyHistogram: XCTestCase {
  private static let percentiles: [Double] = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 100]

  /// The HdrHistogram definition on exact data: the sample of rank round(p × n), at least 1.
  private func reference(_ sorted: [UInt64], percentile: Double) -> UInt64 {
    if percentile == 0 { return sorted[0] }
    let rank = max(1, Int((percentile / 100 * Double(sorted.count) + 0.5).rounded(.down)))
    return sorted[min(rank, sorted.count) - 1]
  }

  private func assertMatchesReference(
    _ values: [UInt64], _ label: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    var histogram = LatencyHistogram()
    for value in values {
      histogram.record(value)
    }
    let sorted = values.sorted()
    for percentile in Self.percentiles {
      let expected = reference(sorted, percentile: percentile)
      let actual = histogram.value(atPercentile: percentile)
      let tolerance = Double(expected) * 0.001 + 1
      XCTAssertGreaterThanOrEqual(
        actual, expected, "\(label) p\(percentile) below the true value", file: file, line: line)
      XCTAssertLessThanOrEqual(
        Double(actual) - Double(expected), tolerance, "\(label) p\(percentile): \(actual) vs \(expected)",
        file: file, line: line)
    }
    XCTAssertEqual(histogram.min, sorted.first, label, file: file, line: line)
    XCTAssertEqual(histogram.max, sorted.last, label, file: file, line: line)
    XCTAssertEqual(histogram.count, UInt64(values.count), label, file: file, line: line)
  }

  func test_percentiles_matchSortedArrayReference_withinThreeSignificantDigits() {
    var generator = SplitMix64(seed: 42)
    let uniform = (0..<50_000).map { _ in UInt64.random(in: 1...5_000_000, using: &generator) }
    assertMatchesReference(uniform, "uniform")

    let logUniform = (0..<50_000).map { _ in
      UInt64(pow(10, Double.random(in: 0...10, using: &generator)))
    }
    assertMatchesReference(logUniform, "log-uniform 1 ns … 10 s")

    let exponential = (0..<50_000).map { _ in
      UInt64(-log(Double.random(in: 1e-12..<1, using: &generator)) * 2_000)
    }
    assertMatchesReference(exponential, "exponential, mean 2 µs")

    let bimodal = (0..<50_000).map { index in
      index % 100 == 0
        ? UInt64.random(in: 1_000_000...50_000_000, using: &generator)
        : UInt64.random(in: 800...1_600, using: &generator)
    }
    assertMatchesReference(bimodal, "bimodal with a 1 % slow tail")
  }

  func test_percentiles_ofSmallSampleSets_matchReference() {
    var generator = SplitMix64(seed: 7)
    for size in [1, 2, 3, 10, 99] {
      let values = (0..<size).map { _ in UInt64.random(in: 0...100_000, using: &generator) }
      assertMatchesReference(values, "\(size) samples")
    }
  }

  func test_valuesBelow2048_areExact() {
    var histogram = LatencyHistogram()
    for value in UInt64(0)..<2_048 {
      histogram.record(value)
    }
    XCTAssertEqual(histogram.value(atPercentile: 50), 1_023)
    XCTAssertEqual(histogram.value(atPercentile: 25), 511)
  }

  func test_percentileZeroAndHundred_areExactMinAndMax() {
    var histogram = LatencyHistogram()
    for value: UInt64 in [123_457, 987_654_321, 5_555] {
      histogram.record(value)
    }
    XCTAssertEqual(histogram.value(atPercentile: 0), 5_555)
    XCTAssertEqual(histogram.value(atPercentile: 100), 987_654_321)
    XCTAssertEqual(histogram.value(atPercentile: -5), 5_555, "out-of-range percentiles are clamped")
    XCTAssertEqual(histogram.value(atPercentile: 250), 987_654_321)
  }

  func test_reportedValue_isClampedToRecordedMax() {
    var histogram = LatencyHistogram()
    histogram.record(1_000_001)  // bucket of width 512 above it
    XCTAssertEqual(histogram.value(atPercentile: 50), 1_000_001)
  }

  func test_merge_equalsRecordingEverythingIntoOne() {
    var generator = SplitMix64(seed: 3)
    var workers = [LatencyHistogram](repeating: LatencyHistogram(), count: 4)
    var together = LatencyHistogram()
    for index in 0..<40_000 {
      let value = UInt64(pow(10, Double.random(in: 1...9, using: &generator)))
      workers[index % 4].record(value)
      together.record(value)
    }
    var merged = LatencyHistogram()
    for worker in workers {
      merged.merge(worker)
    }
    XCTAssertEqual(merged, together)
    XCTAssertEqual(merged.summary(), together.summary())
    XCTAssertEqual(merged.count, 40_000)
  }

  func test_mergingAnEmptyHistogram_changesNothing() {
    var histogram = LatencyHistogram()
    histogram.record(500)
    let before = histogram
    histogram.merge(LatencyHistogram())
    XCTAssertEqual(histogram, before)
    var empty = LatencyHistogram()
    empty.merge(before)
    XCTAssertEqual(empty, before)
  }

  func test_hugeValues_areClampedToHighestTrackable_andCounted() {
    var histogram = LatencyHistogram()
    histogram.record(UInt64.max)
    histogram.record(200_000_000_000)  // 200 s
    histogram.record(1_000)
    XCTAssertGreaterThanOrEqual(LatencyHistogram.highestTrackableValue, 100_000_000_000, "covers at least 100 s")
    XCTAssertEqual(histogram.count, 3)
    XCTAssertEqual(histogram.clampedCount, 2)
    XCTAssertEqual(histogram.max, LatencyHistogram.highestTrackableValue)
    XCTAssertEqual(histogram.value(atPercentile: 99), LatencyHistogram.highestTrackableValue)
    XCTAssertEqual(histogram.value(atPercentile: 10), 1_000)
  }

  func test_highestTrackableValue_isRecordedWithoutClamping() {
    var histogram = LatencyHistogram()
    histogram.record(LatencyHistogram.highestTrackableValue)
    XCTAssertEqual(histogram.clampedCount, 0)
    XCTAssertEqual(histogram.value(atPercentile: 50), LatencyHistogram.highestTrackableValue)
  }

  func test_zeroValues_areRecorded() {
    var histogram = LatencyHistogram()
    histogram.record(0)
    histogram.record(0)
    histogram.record(7)
    XCTAssertEqual(histogram.count, 3)
    XCTAssertEqual(histogram.min, 0)
    XCTAssertEqual(histogram.value(atPercentile: 50), 0)
    XCTAssertEqual(histogram.value(atPercentile: 100), 7)
  }

  func test_emptyHistogram_reportsZeros() {
    let histogram = LatencyHistogram()
    XCTAssertTrue(histogram.isEmpty)
    XCTAssertEqual(histogram.min, 0)
    XCTAssertEqual(histogram.max, 0)
    XCTAssertEqual(histogram.summary(), LatencySummary(p0: 0, p25: 0, p50: 0, p75: 0, p90: 0, p99: 0, p999: 0, p100: 0))
  }

  func test_durations_areRecordedInNanoseconds() {
    var histogram = LatencyHistogram()
    histogram.record(Duration.microseconds(3))
    histogram.record(Duration.nanoseconds(-5))
    XCTAssertEqual(histogram.max, 3_000)
    XCTAssertEqual(histogram.min, 0, "negative durations count as 0")
  }

  func test_recordingAMillionValues_keepsItsStorage_andCountsEveryOne() {
    var histogram = LatencyHistogram()
    let storage = histogram.storageAddress
    var generator = SplitMix64(seed: 11)
    for _ in 0..<1_000_000 {
      histogram.record(generator.next() >> UInt64.random(in: 20...63, using: &generator))
    }
    XCTAssertEqual(histogram.count, 1_000_000)
    XCTAssertEqual(histogram.bucketTotal, 1_000_000, "every record lands in a bucket")
    XCTAssertEqual(histogram.storageAddress, storage, "record(_:) never reallocates the buckets")
  }

  func test_summary_reportsTheEightPercentilesInOrder() {
    var histogram = LatencyHistogram()
    for value in UInt64(1)...1_000 {
      histogram.record(value)
    }
    let summary = histogram.summary()
    XCTAssertEqual(summary.p0, 1)
    XCTAssertEqual(summary.p25, 250)
    XCTAssertEqual(summary.p50, 500)
    XCTAssertEqual(summary.p75, 750)
    XCTAssertEqual(summary.p90, 900)
    XCTAssertEqual(summary.p99, 990)
    XCTAssertEqual(summary.p999, 999)
    XCTAssertEqual(summary.p100, 1_000)
  }

  func test_valuesAtSeveralPercentiles_matchOneAtATime_inAnyOrder() {
    var generator = SplitMix64(seed: 5)
    var histogram = LatencyHistogram()
    for _ in 0..<10_000 {
      histogram.record(UInt64.random(in: 1...1_000_000, using: &generator))
    }
    let percentiles: [Double] = [99, 0, 50, 100, 12.5, 99.99]
    XCTAssertEqual(
      histogram.values(atPercentiles: percentiles), percentiles.map { histogram.value(atPercentile: $0) })
  }
}
