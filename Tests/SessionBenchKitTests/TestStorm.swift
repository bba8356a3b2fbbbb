import SessionBenchKit
import XCTest

final class TestStorm: XCTestCase {
  func test_runWithStorm_reportsTheStormAsItsOwnRow_besideTheOrdinarySessions() async throws {
    var options = try XCTUnwrap(
      {
        if case .run(let options) = try BenchCommandLine.parse(["run", "--storm", "--decisions", "2000"]) {
          return options
        }
        return nil
      }())
    XCTAssertTrue(options.storm)
    options.sessions = 200
    options.load = .closed(concurrency: 4)
    options.quiet = true
    let report = try await BenchRunner(options: options).run()

    XCTAssertEqual(
      report.profile.results.map(\.name),
      [
        BenchResult.engineDecide, BenchResult.enginePopup, BenchResult.engineStorm, BenchResult.baselineDirect,
        BenchResult.baselineActorHop, BenchResult.baselineNaive, BenchResult.baselineLinear,
      ])
    let storm = try XCTUnwrap(report.profile.result(named: BenchResult.engineStorm))
    XCTAssertGreaterThan(storm.samples, 0)
    XCTAssertGreaterThan(try XCTUnwrap(report.profile.result(named: BenchResult.engineDecide)).samples, 0)
  }

  func test_runWithoutStorm_hasNoStormRow() throws {
    guard case .run(let options) = try BenchCommandLine.parse(["run"]) else { return XCTFail("not a run") }
    XCTAssertFalse(options.storm)
  }
}
