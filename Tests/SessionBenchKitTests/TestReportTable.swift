import SessionBenchKit
import XCTest

final class TestReportTable: XCTestCase {
  func test_csv_hasTheHeader_andOneLinePerResult_inNanoseconds() {
    let csv = ReportTable.csv(ProfileFixtures.standardProfile().results)
    let lines = csv.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines.first,
      "name,samples,throughputPerSec,p0,p25,p50,p75,p90,p99,p999,p100,cpuNsPerOp,involuntaryContextSwitches")
    XCTAssertEqual(lines.count, 1 + ProfileFixtures.standardNames.count)
    XCTAssertEqual(lines[1], "engine.decide,500000,100000.0,100,200,300,400,500,1000,2000,10000,,")
  }

  func test_cpuTimeAndContextSwitches_areShownBesideTheLatencies() {
    var decide = ProfileFixtures.result(BenchResult.engineDecide)
    decide.cpuNsPerOp = 4_250
    decide.involuntaryContextSwitches = 17
    let text = ReportTable(results: [decide]).text
    XCTAssertTrue(text.contains("cpu/op") && text.contains("invol. cs"), text)
    XCTAssertTrue(text.contains("4.25 µs") && text.contains(" 17"), text)
    XCTAssertTrue(ReportTable.csv([decide]).hasSuffix(",4250.0,17\n"))
  }

  func test_table_showsEveryResult_withScaledUnits() {
    var decide = ProfileFixtures.result(BenchResult.engineDecide)
    decide.latencyNs.p99 = 12_340
    decide.latencyNs.p100 = 2_500_000
    let text = ReportTable(results: [decide]).text
    XCTAssertTrue(text.contains("engine.decide"))
    XCTAssertTrue(text.contains("300 ns"))
    XCTAssertTrue(text.contains("12.3 µs"))
    XCTAssertTrue(text.contains("2.50 ms"))
    XCTAssertTrue(text.contains("100 k/s"))
  }

  func test_table_columnsAreAligned() {
    let lines = ReportTable(results: ProfileFixtures.standardProfile().results).text.split(separator: "\n")
    let tableLines = lines.prefix(2 + ProfileFixtures.standardNames.count)
    XCTAssertEqual(Set(tableLines.map(\.count)).count, 1, "every table line has the same width:\n\(tableLines)")
  }

  func test_ratios_compareEngineToDirectNaiveAndActorHop() {
    let results = [
      ProfileFixtures.result(
        BenchResult.engineDecide, latency: ProfileFixtures.latency(scale: 2.1), throughput: 73_000),
      ProfileFixtures.result(BenchResult.baselineDirect, throughput: 100_000),
      ProfileFixtures.result(BenchResult.baselineActorHop, throughput: 100_000),
      ProfileFixtures.result(BenchResult.baselineNaive),
    ]
    let ratios = ReportTable(results: results).ratioLines
    XCTAssertEqual(ratios.count, 3)
    XCTAssertTrue(ratios[0].hasPrefix("engine.decide / baseline.direct "), ratios[0])
    XCTAssertTrue(ratios[0].contains("p50 = 2.1×"), ratios[0])
    XCTAssertTrue(ratios[0].contains("throughput = 73 %"), ratios[0])
    XCTAssertTrue(ratios[1].hasPrefix("engine.decide / baseline.naive "), ratios[1])
    XCTAssertTrue(ratios[2].hasPrefix("engine.decide / baseline.actor-hop "), ratios[2])
  }

  func test_repeatedRuns_showTheirIntervals_andTheRecordedRatios() throws {
    var decide = ProfileFixtures.result(BenchResult.engineDecide)
    let figures = try XCTUnwrap(
      ResultFigures.over([
        [300, 500, 1_000, 2_000, 9e4], [310, 520, 1_100, 2_100, 1e5],
        [290, 480, 900, 1_900, 1.1e5],
      ]))
    decide.repetitions = RepetitionSummary(count: 3, confidence: 0.75, figures: figures)
    let ratio = try XCTUnwrap(ResultFigures.over([[1.2, 1, 1, 1, 0.8], [1.3, 1, 1, 1, 0.8], [1.1, 1, 1, 1, 0.8]]))
    decide.relative = [BenchResult.baselineNaive: ratio]
    let table = ReportTable(results: [decide, ProfileFixtures.result(BenchResult.baselineNaive)])
    XCTAssertTrue(
      table.intervalLines.first?.hasPrefix(
        "medians of 3 interleaved repetitions; each interval holds the median with 75")
        ?? false, "\(table.intervalLines)")
    XCTAssertTrue(table.text.contains("engine.decide   p50 [290 ns, 310 ns]"), table.text)
    XCTAssertTrue(table.text.contains("engine.decide / baseline.naive  p50 = 1.20× [1.10×, 1.30×]"), table.text)
    XCTAssertTrue(ReportTable(results: [ProfileFixtures.result(BenchResult.engineDecide)]).intervalLines.isEmpty)
  }

  func test_memory_isShownUnderTheTable() {
    let text = ReportTable(profile: ProfileFixtures.standardProfile()).text
    XCTAssertTrue(text.contains("memory: 1.46 KiB per idle session, peak resident 95.4 MiB"), text)
  }
}
