import Foundation
import SessionBenchKit
import XCTest

final class TestProfileComparison: XCTestCase {
  private typealias Fixtures = ProfileFixtures

  func test_identicalProfiles_haveNoRegression_andExitZero() {
    let profile = Fixtures.standardProfile()
    let comparison = ProfileComparison.compare(base: profile, new: profile, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0)
    XCTAssertTrue(comparison.regressions.isEmpty)
    XCTAssertEqual(
      comparison.rows.count, Fixtures.standardNames.count * 9, "eight percentiles and throughput per result")
    XCTAssertTrue(comparison.table.contains("No regression past 10 %"))
  }

  func test_latencyRisePastThreshold_onP90_isARegression_andExitsOne() {
    let base = Fixtures.profile([Fixtures.result(BenchResult.engineDecide)])
    var slower = Fixtures.latency()
    slower.p90 = 600  // +20 %
    let new = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, latency: slower)])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1)
    XCTAssertEqual(comparison.regressions.map(\.metric), ["p90"])
    XCTAssertEqual(comparison.regressions.first?.deltaPercent ?? 0, 20, accuracy: 1e-9)
    XCTAssertTrue(comparison.table.contains("REGRESSION"))
    XCTAssertTrue(comparison.table.contains("engine.decide p90 +20.0 %"))
  }

  func test_riseWithinThreshold_isNotARegression() {
    let base = Fixtures.profile([Fixtures.result(BenchResult.engineDecide)])
    let new = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, latency: Fixtures.latency(scale: 1.05))])
    XCTAssertEqual(ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10).exitCode, 0)
    XCTAssertEqual(ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 4).exitCode, 1)
  }

  func test_throughputDropPastThreshold_isARegression() {
    let base = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, throughput: 100_000)])
    let new = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, throughput: 80_000)])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 1)
    XCTAssertEqual(comparison.regressions.map(\.metric), ["throughput"])
  }

  func test_improvement_exitsZero_andIsMarked() {
    let base = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, throughput: 100_000)])
    let new = Fixtures.profile([
      Fixtures.result(BenchResult.engineDecide, latency: Fixtures.latency(scale: 0.5), throughput: 200_000)
    ])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0)
    XCTAssertTrue(comparison.table.contains("improved"))
  }

  func test_tailPercentiles_areShownButNotGated() {
    let base = Fixtures.profile([Fixtures.result(BenchResult.engineDecide)])
    var noisyTail = Fixtures.latency()
    noisyTail.p99 = 1_500  // +50 %
    noisyTail.p999 *= 3
    noisyTail.p100 *= 10
    noisyTail.p0 *= 2
    let new = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, latency: noisyTail)])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0)
    XCTAssertEqual(comparison.rows.first { $0.metric == "p100" }?.deltaPercent ?? 0, 900, accuracy: 1e-9)
    XCTAssertEqual(comparison.rows.first { $0.metric == "p99" }?.isGated, false)
  }

  func test_resultsMissingOnOneSide_areReported_notCompared() {
    let base = Fixtures.profile([
      Fixtures.result(BenchResult.engineDecide), Fixtures.result(BenchResult.baselineNaive),
    ])
    let new = Fixtures.profile([
      Fixtures.result(BenchResult.engineDecide), Fixtures.result(BenchResult.enginePopup),
    ])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertEqual(comparison.exitCode, 0)
    XCTAssertEqual(comparison.onlyInBase, [BenchResult.baselineNaive])
    XCTAssertEqual(comparison.onlyInNew, [BenchResult.enginePopup])
    XCTAssertEqual(Set(comparison.rows.map(\.result)), [BenchResult.engineDecide])
    XCTAssertTrue(comparison.table.contains("baseline.naive: only in the base profile"))
    XCTAssertTrue(comparison.table.contains("engine.popup: only in the new profile"))
  }

  func test_zeroBaseValue_hasNoPercentage_andIsNotARegression() {
    var zero = Fixtures.latency()
    zero.p50 = 0
    let base = Fixtures.profile([Fixtures.result(BenchResult.engineDecide, latency: zero)])
    let new = Fixtures.profile([Fixtures.result(BenchResult.engineDecide)])
    let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: 10)
    XCTAssertNil(comparison.rows.first { $0.metric == "p50" }?.deltaPercent)
    XCTAssertEqual(comparison.exitCode, 0)
  }

  // MARK: runCompare

  func test_runCompare_onFiles_exitsZeroWithoutRegression_andTwoWithOne() throws {
    let base = Fixtures.standardProfile()
    var regressed = base
    regressed.results[0].latencyNs.p50 *= 2
    let basePath = try Fixtures.temporaryFile(base.encode())
    let samePath = try Fixtures.temporaryFile(base.encode())
    let regressedPath = try Fixtures.temporaryFile(regressed.encode())

    let same = runCompare(basePath: basePath, newPath: samePath, maxRegression: 10)
    XCTAssertEqual(same.exitCode, 0)
    XCTAssertTrue(same.output.contains("engine.decide"))

    let worse = runCompare(basePath: basePath, newPath: regressedPath, maxRegression: 10)
    XCTAssertEqual(worse.exitCode, 1)
    XCTAssertTrue(worse.output.contains("engine.decide p50 +100.0 %"))

    let lenient = runCompare(basePath: basePath, newPath: regressedPath, maxRegression: 150)
    XCTAssertEqual(lenient.exitCode, 0)
  }

  func test_runCompare_withUnreadableFile_exitsTwo_namingThePath() throws {
    let basePath = try Fixtures.temporaryFile(Fixtures.standardProfile().encode())
    let missing = "/nonexistent/SessionBenchKitTests/missing.json"
    let result = runCompare(basePath: basePath, newPath: missing, maxRegression: 10)
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.output.contains(missing), result.output)
    XCTAssertTrue(result.output.contains("cannot read the file: No such file or directory"), result.output)
  }

  func test_runCompare_withInvalidJSON_exitsTwo_namingThePathAndTheProblem() throws {
    let goodPath = try Fixtures.temporaryFile(Fixtures.standardProfile().encode())
    let garbagePath = try Fixtures.temporaryFile(Data("not json".utf8))
    let garbage = runCompare(basePath: garbagePath, newPath: goodPath, maxRegression: 10)
    XCTAssertEqual(garbage.exitCode, 2)
    XCTAssertTrue(garbage.output.contains("\(garbagePath): not a session-bench profile"), garbage.output)

    let incompletePath = try Fixtures.temporaryFile(Data(#"{"tool":"session-bench","version":"1.0"}"#.utf8))
    let incomplete = runCompare(basePath: goodPath, newPath: incompletePath, maxRegression: 10)
    XCTAssertEqual(incomplete.exitCode, 2)
    XCTAssertTrue(incomplete.output.contains("\(incompletePath): not a session-bench profile: $.machine: missing"))
  }

  func test_loadingAnotherToolsJSON_isRejected() throws {
    var profile = Fixtures.standardProfile()
    profile.tool = "other-bench"
    let path = try Fixtures.temporaryFile(profile.encode())
    XCTAssertThrowsError(try BenchProfile.load(fromFile: path)) { error in
      XCTAssertEqual((error as? ProfileLoadError)?.path, path)
    }
  }
}
