import Foundation
import SessionBenchKit
import XCTest

/// The decision rule of `compare` on synthetic profiles: intervals of repeated runs, and in-run ratios.
final class TestNoiseAwareComparison: XCTestCase {
  private typealias Fixtures = ProfileFixtures

  func test_aSlowEpisode_movesTheMedianButNotTheFastEnd_andPasses() {
    // The median +15 %, but the fastest repetitions as fast as before (+2 %): the new run met a slow episode.
    let base = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1, spread: 0.05)])
    var new = base
    let slow = Estimate(median: 345, low: 291, high: 400)
    let figures = base.results[0].repetitions!.figures
    new.results[0].repetitions?.figures = ResultFigures(
      p50: slow, p90: figures.p90, p99: figures.p99, p999: figures.p999, throughput: figures.throughput)
    new.results[0].latencyNs.p50 = 345
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("fast end +2.1 %: noise"), comparison.table)
    // The same change with tight intervals is a regression.
    let tightBase = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1, spread: 0.01)])
    let tightNew = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1.12, spread: 0.01)])
    XCTAssertEqual(ProfileComparison.compare(base: tightBase, new: tightNew, maxRegressionPercent: 10).exitCode, 1)
  }

  func test_separatedIntervals_beyondTheThreshold_fail_andTheMessageNamesBothIntervals() {
    let base = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1, spread: 0.03)])
    let new = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1.2, spread: 0.03)])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1)
    XCTAssertEqual(Set(comparison.regressions.map(\.metric)), ["p50", "p90", "throughput"])
    // p50: 300 ns [291, 309] → 360 ns [349.2, 370.8].
    XCTAssertTrue(
      comparison.table.contains("engine.decide p50 +20.0 %: 300 ns [291 ns, 309 ns] → 360 ns [349 ns, 371 ns]"),
      comparison.table)
  }

  func test_separatedIntervals_withinTheThreshold_pass() {
    let base = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1, spread: 0.01)])
    let new = Fixtures.profile([Fixtures.repeated(BenchResult.engineDecide, scale: 1.05, spread: 0.01)])
    XCTAssertEqual(ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10).exitCode, 0)
  }

  func test_aWholeMachineSlowdown_movesTheBaselinesToo_andIsNotARegression() {
    // Every result 30 % slower, intervals apart, but the in-run ratios unchanged: the machine, not the code.
    let names = [BenchResult.engineDecide, BenchResult.baselineDirect, BenchResult.baselineNaive]
    func profile(_ scale: Double) -> BenchProfile {
      Fixtures.profile(
        names.map { name in
          Fixtures.repeated(
            name, scale: scale, spread: 0.02,
            ratios: Dictionary(uniqueKeysWithValues: names.filter { $0 != name }.map { ($0, (1.0, 0.02)) }))
        })
    }
    let comparison = ProfileComparison.compare(base: profile(1), new: profile(1.3), maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("baselines moved too"), comparison.table)
  }

  func test_ratioRule_aResultSlowerThanItsOwnBaselines_isARegression_namingTheRatio() {
    let base = Fixtures.profile([
      Fixtures.repeated(
        BenchResult.engineDecide, scale: 1, spread: 0.02,
        ratios: [BenchResult.baselineNaive: (1.2, 0.02), BenchResult.baselineDirect: (2, 0.02)]),
      Fixtures.repeated(BenchResult.baselineDirect, scale: 0.5, spread: 0.02),
      Fixtures.repeated(BenchResult.baselineNaive, scale: 0.83, spread: 0.02),
    ])
    let new = Fixtures.profile([
      Fixtures.repeated(
        BenchResult.engineDecide, scale: 1.25, spread: 0.02,
        ratios: [BenchResult.baselineNaive: (1.5, 0.02), BenchResult.baselineDirect: (2.5, 0.02)]),
      Fixtures.repeated(BenchResult.baselineDirect, scale: 0.5, spread: 0.02),
      Fixtures.repeated(BenchResult.baselineNaive, scale: 0.83, spread: 0.02),
    ])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1, comparison.table)
    XCTAssertTrue(comparison.regressions.allSatisfy { $0.result == BenchResult.engineDecide })
    XCTAssertTrue(
      comparison.table.contains("engine.decide / baseline.naive 1.20× [1.18×, 1.22×] → 1.50× [1.47×, 1.53×] (+25.0 %)"),
      comparison.table)
    XCTAssertTrue(comparison.table.contains("; engine.decide / baseline.direct 2.00×"), comparison.table)
  }

  func test_ratioRule_withinTheNoiseOfTheRatio_passes() {
    // decide +25 % absolute, but its ratio to naive moved 12 % inside intervals of ±8 %: the naive baseline of the
    // same run was slower too (+12 %, inside its own intervals of ±10 %).
    let base = Fixtures.profile([
      Fixtures.repeated(
        BenchResult.engineDecide, scale: 1, spread: 0.02, ratios: [BenchResult.baselineNaive: (1.2, 0.08)]),
      Fixtures.repeated(BenchResult.baselineNaive, scale: 0.83, spread: 0.1),
    ])
    let new = Fixtures.profile([
      Fixtures.repeated(
        BenchResult.engineDecide, scale: 1.25, spread: 0.02, ratios: [BenchResult.baselineNaive: (1.34, 0.08)]),
      Fixtures.repeated(BenchResult.baselineNaive, scale: 0.93, spread: 0.1),
    ])
    XCTAssertEqual(ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10).exitCode, 0)
  }

  func test_profilesWithoutIntervals_useTodaysRule_confirmedByRatiosComputedFromTheirFigures() {
    // Single runs: decide and its baselines all 30 % slower: no regression (the ratios did not move).
    let names = [BenchResult.engineDecide, BenchResult.baselineDirect, BenchResult.baselineNaive]
    let base = Fixtures.profile(names.map { Fixtures.result($0) })
    let slower = Fixtures.profile(names.map { Fixtures.result($0, latency: Fixtures.latency(scale: 1.3)) })
    XCTAssertEqual(ProfileComparison.compare(base: base, new: slower, maxRegressionPercent: 10).exitCode, 0)
    // Only decide 30 % slower: its ratios moved with it.
    var decideSlower = base
    decideSlower.results[0].latencyNs = Fixtures.latency(scale: 1.3)
    let comparison = ProfileComparison.compare(base: base, new: decideSlower, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1)
    XCTAssertEqual(Set(comparison.regressions.map(\.metric)), ["p50", "p90"])
    XCTAssertTrue(comparison.table.contains("engine.decide / baseline.naive 1.00× → 1.30× (+30.0 %)"), comparison.table)
  }

  func test_plantedSlowdown_ofDecideByTwentyPerCent_isCaught_whenTheRunsAreOtherwiseTheSame() {
    // What Benchmarks/noise-check.sh does with the test hook, done on the figures: NEW's decide figures and its
    // ratios × 1.2 (throughput ÷ 1.2).
    let names = [BenchResult.engineDecide, BenchResult.baselineDirect, BenchResult.baselineNaive]
    let base = Fixtures.profile(
      names.map { name in
        Fixtures.repeated(
          name, scale: 1, spread: 0.05,
          ratios: Dictionary(uniqueKeysWithValues: names.filter { $0 != name }.map { ($0, (1.0, 0.05)) }))
      })
    var new = base
    new.results[0] = Fixtures.repeated(
      BenchResult.engineDecide, scale: 1.2, spread: 0.05,
      ratios: [BenchResult.baselineDirect: (1.2, 0.05), BenchResult.baselineNaive: (1.2, 0.05)])
    XCTAssertEqual(ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10).exitCode, 1)
    XCTAssertEqual(ProfileComparison.compare(base: base, new: base, maxRegressionPercent: 10).exitCode, 0)
  }
}

/// The rule for repeated runs that recorded each result's ratio to both baselines at once (`baselines`).
final class TestCombinedBaselineComparison: XCTestCase {
  private typealias Fixtures = ProfileFixtures

  /// A `--repeat` profile: decide at `decide` times the fixture's figures with its ratios (the combined one
  /// `combined`; to each baseline `direct` and `naive`, by default in proportion), the baselines at `machine` times
  /// theirs with their ratios to each other; every interval ±`spread`.
  private func profile(
    decide: Double, combined: Double, machine: Double, spread: Double = 0.03, direct: Double? = nil,
    naive: Double? = nil
  ) -> BenchProfile {
    func result(_ name: String, scale: Double, ratios: [String: Double]) -> BenchResult {
      Fixtures.repeated(name, scale: scale, spread: spread, ratios: ratios.mapValues { ($0, spread) })
    }
    return Fixtures.profile([
      result(
        BenchResult.engineDecide, scale: decide,
        ratios: [
          BenchResult.baselineDirect: direct ?? 2 * combined / 1.6,
          BenchResult.baselineNaive: naive ?? 1.2 * combined / 1.6,
          BenchResult.baselines: combined,
        ]),
      result(
        BenchResult.baselineDirect, scale: 0.5 * machine,
        ratios: [BenchResult.baselineNaive: 0.6, BenchResult.baselines: 0.6]),
      result(
        BenchResult.baselineNaive, scale: 0.83 * machine,
        ratios: [BenchResult.baselineDirect: 1.66, BenchResult.baselines: 1.66]),
    ])
  }

  func test_aSlowerResult_inARunThatMetAFastMoment_isCaughtByItsRatioToBothBaselines() {
    // The planted slowdown of Benchmarks/noise-check.sh in a run whose baselines ran 13 % faster: decide's figures
    // only +4 %, but +20 % over its baselines, intervals apart. The rule before the combined ratio passed it.
    let comparison = ProfileComparison.compare(
      base: profile(decide: 1, combined: 1.6, machine: 1), new: profile(decide: 1.04, combined: 1.92, machine: 0.87),
      maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1, comparison.table)
    XCTAssertEqual(Set(comparison.regressions.map(\.result)), [BenchResult.engineDecide])
    XCTAssertEqual(Set(comparison.regressions.map(\.metric)), ["p50", "p90", "throughput"])
    XCTAssertEqual(
      comparison.judgedByBaselines,
      [BenchResult.engineDecide, BenchResult.baselineDirect, BenchResult.baselineNaive])
    XCTAssertTrue(
      comparison.table.contains(
        "engine.decide p50 +4.0 %: 300 ns [291 ns, 309 ns] → 312 ns [303 ns, 321 ns]; "
          + "engine.decide / baselines 1.60× [1.55×, 1.65×] → 1.92× [1.86×, 1.98×] (+20.0 %)"),
      comparison.table)
    // The ratios to each baseline are shown, not gated: the combined one decides.
    let shown = comparison.ratioRows.filter { $0.result == "engine.decide / baseline.naive" }
    XCTAssertEqual(shown.count, 3)
    XCTAssertTrue(shown.allSatisfy { !$0.isGated && !$0.isRegression })
  }

  func test_aMomentThatSlowedSomeRepetitions_movesTheRatiosMedian_butNotItsFastEnd_andPasses() {
    // Two default runs of one binary on a busy machine (Benchmarks/noise-check.sh, 2026-12-05): in the second, a
    // moment slowed most of the repetitions of one phase. decide's p50 +49 % and its ratio to the baselines +42 %,
    // intervals apart, but the fastest repetitions as fast as before: 27.57× [27.55×, 27.64×] → 39.15× [27.95×,
    // 40.13×]. A slower build moves every repetition, the fastest too; the rule before took this as a regression.
    let base = profile(decide: 1, combined: 1.6, machine: 1, spread: 0.002)
    var new = base
    let figures = base.results[0].repetitions!.figures
    let slowP50 = Estimate(
      median: figures.p50.median * 1.49, low: figures.p50.low * 0.995, high: figures.p50.median * 1.5)
    new.results[0].repetitions?.figures = ResultFigures(
      p50: slowP50, p90: figures.p90, p99: figures.p99, p999: figures.p999, throughput: figures.throughput)
    new.results[0].latencyNs.p50 = UInt64(slowP50.median)
    let ratio = base.results[0].relative![BenchResult.baselines]!
    new.results[0].relative![BenchResult.baselines] = ResultFigures(
      p50: Estimate(median: 1.6 * 1.42, low: 1.6 * 1.014, high: 1.6 * 1.456), p90: ratio.p90, p99: ratio.p99,
      p999: ratio.p999, throughput: ratio.throughput)
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("ratio fast end +1.6 %: noise"), comparison.table)
    // The same ratio with its fast end moved too is a regression: every repetition got slower.
    new.results[0].relative![BenchResult.baselines]!.p50 = Estimate(
      median: 1.6 * 1.42, low: 1.6 * 1.3, high: 1.6 * 1.456)
    XCTAssertEqual(ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10).exitCode, 1)
  }

  func test_aPlantInARunWhoseBaselinesMetAMoment_isCaughtByTheFiguresOwnFastEnd() {
    // The planted +20 % of Benchmarks/noise-check.sh (2026-12-05, a quiet machine): decide's throughput 1.15 M/s
    // [1.06, 1.19] → 979 k/s [868 k, 1.02 M], its ratio to the baselines 1.19× [1.15×, 1.24×] → 1.05× [1.01×,
    // 1.12×]: intervals apart, but some repetitions' baselines were slow too, so the ratio's fast end moved only
    // -9.7 %. The figure's own fast end moved -14 %: every repetition of decide got slower.
    let base = profile(decide: 1, combined: 1.6, machine: 1)
    var new = base
    let figures = base.results[0].repetitions!.figures
    new.results[0].repetitions?.figures = ResultFigures(
      p50: figures.p50, p90: figures.p90, p99: figures.p99, p999: figures.p999,
      throughput: Estimate(median: 97_900, low: 86_800, high: 102_000))
    new.results[0].throughputPerSec = 97_900
    var baseRatio = base.results[0].relative![BenchResult.baselines]!
    baseRatio.throughput = Estimate(median: 1.19, low: 1.15, high: 1.24)
    var newRatio = baseRatio
    newRatio.throughput = Estimate(median: 1.05, low: 1.01, high: 1.12)
    var before = base
    before.results[0].repetitions?.figures.throughput = Estimate(median: 115_000, low: 106_000, high: 119_000)
    before.results[0].throughputPerSec = 115_000
    before.results[0].relative![BenchResult.baselines] = baseRatio
    new.results[0].relative![BenchResult.baselines] = newRatio
    let comparison = ProfileComparison.compare(base: before, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1, comparison.table)
    XCTAssertEqual(comparison.regressions.map(\.metric), ["throughput"])
    // Neither fast end past the threshold: a moment, not a slower build.
    new.results[0].repetitions?.figures.throughput = Estimate(median: 97_900, low: 86_800, high: 110_000)
    XCTAssertEqual(ProfileComparison.compare(base: before, new: new, maxRegressionPercent: 10).exitCode, 0)
  }

  func test_aResultThatDidNotGetSlower_isNotARegression_whateverItsBaselinesDid() {
    // The baselines ran 20 % faster in the new run, so decide is +20 % over them, but decide itself is 1 % faster.
    let comparison = ProfileComparison.compare(
      base: profile(decide: 1, combined: 1.6, machine: 1), new: profile(decide: 0.99, combined: 1.92, machine: 0.8),
      maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    // The ratio is shown past the threshold, intervals apart, but not as a regression.
    let ratio = comparison.ratioRows.first { $0.result == "engine.decide / baselines" && $0.metric == "p50" }
    XCTAssertEqual(ratio?.isRegression, false)
    XCTAssertTrue(comparison.table.contains("+20.0 %  figure not worse"), comparison.table)
  }

  func test_oneBaselinesRatioPastTheThreshold_isNotEnough_whenTheRatioToBothIsNot() {
    // decide +12 %: its ratio to naive +15 %, intervals apart (naive ran 3 % faster), but to direct -3 % (direct ran
    // 15 % slower): over both, +5.6 %. The earlier rule, where one ratio confirmed, called it a regression.
    let comparison = ProfileComparison.compare(
      base: profile(decide: 1, combined: 1.6, machine: 1),
      new: profile(decide: 1.12, combined: 1.6 * 1.056, machine: 1, direct: 2 * 0.97, naive: 1.2 * 1.15),
      maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("baselines moved too"), comparison.table)
    let earlier = ProfileComparison.compare(
      base: withoutCombinedRatio(profile(decide: 1, combined: 1.6, machine: 1)),
      new: withoutCombinedRatio(
        profile(decide: 1.12, combined: 1.6 * 1.056, machine: 1, direct: 2 * 0.97, naive: 1.2 * 1.15)),
      maxRegressionPercent: 10)
    XCTAssertEqual(earlier.exitCode, 1, earlier.table)
  }

  private func withoutCombinedRatio(_ profile: BenchProfile) -> BenchProfile {
    var profile = profile
    for index in profile.results.indices { profile.results[index].relative?[BenchResult.baselines] = nil }
    return profile
  }

  func test_aFigurePastTheThreshold_withItsBaselines_passes_andSaysWhy() {
    // The whole machine 30 % slower: figures +30 %, the combined ratio unchanged.
    var comparison = ProfileComparison.compare(
      base: profile(decide: 1, combined: 1.6, machine: 1), new: profile(decide: 1.3, combined: 1.6, machine: 1.3),
      maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("baselines moved too"), comparison.table)
    // decide +30 %, the combined ratio +15 % but inside intervals of ±10 %.
    comparison = ProfileComparison.compare(
      base: profile(decide: 1, combined: 1.6, machine: 1, spread: 0.1),
      new: profile(decide: 1.3, combined: 1.84, machine: 1.13, spread: 0.1), maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("ratio within the intervals"), comparison.table)
  }

  func test_aProfileWithoutTheCombinedRatio_isJudgedByTheEarlierRule() {
    let comparison = ProfileComparison.compare(
      base: withoutCombinedRatio(profile(decide: 1, combined: 1.6, machine: 1)),
      new: profile(decide: 1.04, combined: 1.92, machine: 0.87), maxRegressionPercent: 10)
    XCTAssertEqual(comparison.judgedByBaselines, [])
    XCTAssertEqual(comparison.exitCode, 0, "the figure moved 4 %: below the threshold, as before")
  }

  func test_theRatioToBothBaselines_isOverTheirGeometricMean() {
    let decide = ProfileFixtures.result(BenchResult.engineDecide, latency: ProfileFixtures.latency(scale: 2))
    let direct = ProfileFixtures.result(BenchResult.baselineDirect, latency: ProfileFixtures.latency(scale: 1))
    let naive = ProfileFixtures.result(
      BenchResult.baselineNaive, latency: ProfileFixtures.latency(scale: 4), throughput: 25_000)
    let ratios = ResultFigures.ratios(of: decide, toGeometricMeanOf: [direct, naive])
    XCTAssertEqual(ratios[0], 1, accuracy: 1e-12, "2 over √(1 × 4)")
    XCTAssertEqual(ratios[4], 2, accuracy: 1e-12, "100 000 over √(100 000 × 25 000)")
    XCTAssertEqual(ResultFigures.ratios(of: decide, toGeometricMeanOf: []), [0, 0, 0, 0, 0])
    var stopped = naive
    stopped.latencyNs = ProfileFixtures.latency(scale: 0)
    XCTAssertEqual(ResultFigures.ratios(of: decide, toGeometricMeanOf: [direct, stopped])[0], 0)
  }
}

final class TestEstimate: XCTestCase {
  func test_coverage_isOneMinusTwiceTheBinomialTail() {
    XCTAssertEqual(Estimate.coverage(repetitions: 5, rank: 1), 1 - 2.0 / 32, accuracy: 1e-12)
    XCTAssertEqual(Estimate.coverage(repetitions: 5, rank: 2), 1 - 2 * 6.0 / 32, accuracy: 1e-12)
    XCTAssertEqual(Estimate.coverage(repetitions: 9, rank: 2), 1 - 2 * 10.0 / 512, accuracy: 1e-12)
  }

  func test_rank_isTheNarrowestIntervalReachingTheConfidence_orTheRange() {
    XCTAssertEqual(Estimate.rank(repetitions: 5), 1, "93.75 % < 95 %: the range")
    XCTAssertEqual(Estimate.rank(repetitions: 9), 2, "96.1 %")
    XCTAssertEqual(Estimate.rank(repetitions: 20), 6, "95.9 %; rank 7 would be 88.5 %")
    XCTAssertEqual(Estimate.rank(repetitions: 1), 1)
  }

  func test_of_takesTheMedianAndTheOrderStatistics() throws {
    let five = try XCTUnwrap(Estimate.of([5, 1, 4, 2, 3]))
    XCTAssertEqual(five, Estimate(median: 3, low: 1, high: 5))
    let nine = try XCTUnwrap(Estimate.of([9, 8, 7, 6, 5, 4, 3, 2, 1]))
    XCTAssertEqual(nine, Estimate(median: 5, low: 2, high: 8))
    let four = try XCTUnwrap(Estimate.of([1, 2, 3, 10]))
    XCTAssertEqual(four.median, 2.5)
    XCTAssertNil(Estimate.of([]))
    XCTAssertEqual(Estimate.of([7]), Estimate(single: 7))
  }

  func test_disjoint() {
    XCTAssertTrue(Estimate(median: 2, low: 1.5, high: 2.5).isDisjoint(from: Estimate(median: 1, low: 0.5, high: 1.4)))
    XCTAssertFalse(Estimate(median: 2, low: 1.5, high: 2.5).isDisjoint(from: Estimate(median: 1, low: 0.5, high: 1.5)))
  }
}

final class TestReferenceResults: XCTestCase {
  func test_naiveAndActorHop_areShown_butNeverGated() {
    let names = [
      BenchResult.engineDecide, BenchResult.baselineDirect, BenchResult.baselineActorHop, BenchResult.baselineNaive,
    ]
    let base = ProfileFixtures.profile(names.map { ProfileFixtures.result($0) })
    var new = base
    new.results[2].latencyNs = ProfileFixtures.latency(scale: 1.5)  // actor-hop +50 %
    new.results[3].throughputPerSec = 50_000  // naive at half the throughput
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0, comparison.table)
    XCTAssertTrue(comparison.table.contains("references"), comparison.table)
    XCTAssertTrue(comparison.rows.contains { $0.result == BenchResult.baselineActorHop && $0.deltaPercent == 50 })
    // baseline.direct, which runs SessionKit's evaluate, is gated.
    new = base
    new.results[1].latencyNs = ProfileFixtures.latency(scale: 1.5)
    XCTAssertEqual(
      ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10).regressions.map(\.result),
      [BenchResult.baselineDirect, BenchResult.baselineDirect], "p50 and p90; p99 is shown, not gated")
  }
}
