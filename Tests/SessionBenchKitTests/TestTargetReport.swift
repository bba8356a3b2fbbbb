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
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.direct").verdict, .barMet)
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.direct").measured, "1.20×")
    XCTAssertEqual(try line(report, "engine.decide p50 / baseline.naive").verdict, .barMet)
    XCTAssertEqual(try line(report, "engine.decide / baseline.direct throughput").verdict, .goalMet)
    XCTAssertEqual(try line(report, "bytes per idle session").verdict, .missed)
    XCTAssertEqual(try line(report, "floor:").verdict, .floor)
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
