import SessionBenchKit
import XCTest

final class TestTargetReport: XCTestCase {
  private func line(_ report: TargetReport, _ prefix: String) throws -> TargetReport.Line {
    try XCTUnwrap(report.lines.first { $0.target.hasPrefix(prefix) }, prefix)
  }

  func test_ratiosAreJudgedAgainstBarAndGoal() throws {
    var profile = ProfileFixtures.standardProfile()
    profile.results[0].latencyNs = ProfileFixtures.latency(scale: 1.2)  // engine.decide p50 1.2 × direct
    profile.results[0].throughputPerSec = 95_000
    let report = TargetReport(profile: profile)
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.direct").verdict, .shown, "shown, with no target")
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.direct").measured, "1.20×")
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.naive p50 at 10000 sessions").verdict, .barMet)
    XCTAssertEqual(try line(report, "engine.decide / baseline.direct throughput").verdict, .goalMet)
    XCTAssertEqual(try line(report, "bytes per idle session").verdict, .missed)
    XCTAssertEqual(try line(report, "floor:").verdict, .floor)
  }

  func test_aMissedTarget_saysWhy_andWhatToTry_quotingTheLoad_andNoHistory() throws {
    var profile = ProfileFixtures.standardProfile()
    profile.results[0].throughputPerSec = 75_000  // 0.75 of baseline.direct's
    let report = TargetReport(profile: profile, loadAverage: 3.14)
    let throughput = try line(report, "engine.decide / baseline.direct throughput")
    XCTAssertEqual(throughput.verdict, .missed)
    let text = report.text
    XCTAssertTrue(text.contains("MISSED (see below)"), text)
    XCTAssertTrue(
      text.contains("engine.decide / baseline.direct throughput is 0.75, past the bar (≥ 0.80)."), text)
    XCTAssertTrue(
      text.contains("The machine's load average was 3.1 on 2 cores just before the run: other work"), text)
    XCTAssertTrue(text.contains("Run again when the machine is quiet"), text)
    XCTAssertTrue(text.contains("Benchmarks/instructions.sh"), text)
    XCTAssertFalse(text.contains("issue"), text)
    // Without a load figure (a profile judged later), the advice still says what to try.
    XCTAssertTrue(TargetReport(profile: profile).text.contains("Run again when the machine is quiet"))
  }

  func test_decideBars_useTheInRunRatios_withTheirIntervals() throws {
    var profile = ProfileFixtures.standardProfile()
    profile.config.concurrency = 2
    func figures(_ value: Double) -> ResultFigures {
      let estimate = Estimate(median: value, low: value * 0.9, high: value * 1.1)
      return ResultFigures(p50: estimate, p90: estimate, p99: estimate, p999: estimate, throughput: estimate)
    }
    // The recorded ratios (medians of the repetitions' ratios) decide, not the ratio of the medians (1.0 here).
    profile.results[0].relative = [BenchResult.baselineNaive: figures(1.6), BenchResult.baselineDirect: figures(2.5)]
    var report = TargetReport(profile: profile)
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.naive").verdict, .missed)
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.naive").measured, "1.60× [1.44×, 1.76×]")
    XCTAssertEqual(try line(report, "engine.decide p99.9 / baseline.direct").verdict, .barMet)
    profile.results[0].relative = [BenchResult.baselineNaive: figures(0.95), BenchResult.baselineDirect: figures(3.2)]
    report = TargetReport(profile: profile)
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.naive").verdict, .goalMet)
    XCTAssertEqual(try line(report, "engine.decide p99.9 / baseline.direct").verdict, .missed)
    profile.config.sessions = 1_000
    report = TargetReport(profile: profile)
    XCTAssertEqual(
      try line(report, "engine.decide p50 / baseline.naive").verdict, .unknown("run with --sessions 10000"))
  }

  func test_targetsARunCannotJudge_sayWhichRunCan() throws {
    let report = TargetReport(profile: ProfileFixtures.standardProfile())
    XCTAssertEqual(try line(report, "engine.decide p50 at --hosts").verdict, .unknown("run with --hosts 100000"))
    XCTAssertEqual(try line(report, "engine.decide p50 with").verdict, .unknown("run with --rules 100000"))
    XCTAssertEqual(try line(report, "engine.decide p99.9").verdict, .unknown("run with --concurrency 2"))
  }

  func test_hostsAndRulesTargets_divideByTheDefaultReferenceRow() throws {
    var profile = ProfileFixtures.standardProfile()
    profile.results.append(
      ProfileFixtures.result(BenchResult.engineDecideDefault, latency: ProfileFixtures.latency(scale: 0.8)))
    profile.config.hosts = 100_000
    profile.config.concurrency = 2
    var report = TargetReport(profile: profile)
    XCTAssertEqual(try line(report, "engine.decide p50 at --hosts").measured, "1.25×")
    XCTAssertEqual(try line(report, "engine.decide p50 at --hosts").verdict, .barMet)
    XCTAssertEqual(try line(report, "engine.decide p99.9").verdict, .goalMet)
    profile.config.hosts = 0
    profile.config.rules = 100_000
    report = TargetReport(profile: profile)
    XCTAssertEqual(try line(report, "engine.decide p50 with").measured, "1.25×")
    XCTAssertNotNil(try line(report, "engine.decide p50 at --hosts").verdict)
    XCTAssertEqual(try line(report, "engine.decide p50 at --hosts").isMet, nil)
  }
}
