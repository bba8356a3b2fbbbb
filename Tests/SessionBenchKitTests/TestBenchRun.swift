import Foundation
import SessionBenchKit
import SessionKit
import XCTest

final class TestBenchRun: XCTestCase {
  private func tinyOptions() -> BenchOptions {
    var options = BenchOptions()
    options.repetitions = 1
    options.sessions = 200
    options.length = .decisions(2_000)
    options.load = .closed(concurrency: 4)
    options.quiet = true
    return options
  }

  func test_aTinyRun_producesAllFiveResults_withSamples() async throws {
    let report = try await BenchRunner(options: tinyOptions()).run()
    XCTAssertEqual(
      report.profile.results.map(\.name),
      [
        BenchResult.engineDecide, BenchResult.enginePopup, BenchResult.baselineDirect, BenchResult.baselineActorHop,
        BenchResult.baselineNaive, BenchResult.baselineLinear,
      ])
    for result in report.profile.results {
      XCTAssertGreaterThan(result.samples, 0, result.name)
      XCTAssertGreaterThan(result.throughputPerSec, 0, result.name)
      XCTAssertLessThanOrEqual(result.latencyNs.p50, result.latencyNs.p100, result.name)
    }
    // Every step of the engine phase is a decide or a popup; a `_blank` link that opens one is both.
    let engine = report.profile.results.prefix(2).reduce(0) { $0 + $1.samples }
    XCTAssertGreaterThanOrEqual(engine, 2_000)
    XCTAssertEqual(report.profile.results[2].samples, 2_000)
    // A single run: no repetitions, and in-run ratios of width zero.
    XCTAssertNil(report.profile.results[0].repetitions)
    let naive = try XCTUnwrap(report.profile.results[0].relative?[BenchResult.baselineNaive])
    XCTAssertEqual(naive.p50.low, naive.p50.high)
    XCTAssertEqual(
      naive.p50.median,
      Double(report.profile.results[0].latencyNs.p50) / Double(report.profile.results[4].latencyNs.p50))
    // The ratio to both baselines at once: over the geometric mean of direct's and naive's.
    let p50 = report.profile.results.map { Double($0.latencyNs.p50) }
    let both = try XCTUnwrap(report.profile.results[0].relative?[BenchResult.baselines])
    XCTAssertEqual(both.p50.median, p50[0] / (p50[2] * p50[4]).squareRoot(), accuracy: 1e-9)
  }

  func test_aRepeatedRun_reportsMediansWithIntervals_andInRunRatios() async throws {
    var options = tinyOptions()
    options.repetitions = 3
    let report = try await BenchRunner(options: options).run()
    XCTAssertEqual(report.profile.config.repeat, 3)
    for result in report.profile.results {
      let repetitions = try XCTUnwrap(result.repetitions, result.name)
      XCTAssertEqual(repetitions.count, 3)
      XCTAssertEqual(repetitions.confidence, 0.75, accuracy: 1e-12)
      let p50 = repetitions.figures.p50
      XCTAssertLessThanOrEqual(p50.low, p50.median, result.name)
      XCTAssertLessThanOrEqual(p50.median, p50.high, result.name)
      XCTAssertEqual(Double(result.latencyNs.p50), p50.median.rounded(), result.name)
      XCTAssertEqual(result.throughputPerSec, repetitions.figures.throughput.median, result.name)
    }
    let decide = try XCTUnwrap(report.profile.result(named: BenchResult.engineDecide))
    XCTAssertEqual(
      Set(decide.relative.map { Array($0.keys) } ?? []),
      [BenchResult.baselineDirect, BenchResult.baselineNaive, BenchResult.baselines])
    let direct = try XCTUnwrap(report.profile.result(named: BenchResult.baselineDirect))
    XCTAssertEqual(
      Set(direct.relative.map { Array($0.keys) } ?? []), [BenchResult.baselineNaive, BenchResult.baselines])
    // For a baseline, the other one alone: direct over naive.
    XCTAssertEqual(direct.relative?[BenchResult.baselines], direct.relative?[BenchResult.baselineNaive])
    XCTAssertEqual(direct.samples, 3 * 2_000, "each repetition measures every phase")
  }

  func test_aTinyRun_writesAProfileWithExactlyTheKeysOfSection6_andTheCSVAndSVG() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TestBenchRun-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    var options = tinyOptions()
    options.jsonPath = directory.appendingPathComponent("profile.json").path
    options.csvPath = directory.appendingPathComponent("profile.csv").path
    options.svgPath = directory.appendingPathComponent("profile.svg").path
    let status = await runBench(options, standardOutput: { _ in }, standardError: { XCTFail($0) })
    XCTAssertEqual(status, 0)

    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: options.jsonPath!)))
    let json = try XCTUnwrap(object as? [String: Any])
    XCTAssertEqual(Set(json.keys), ["tool", "version", "machine", "config", "results", "memory"])
    let results = try XCTUnwrap(json["results"] as? [[String: Any]])
    XCTAssertEqual(results.count, 6)
    for result in results {
      XCTAssertEqual(
        Set(result.keys),
        [
          "name", "samples", "throughputPerSec", "latencyNs", "cpuNsPerOp", "involuntaryContextSwitches", "repetitions",
          "relative",
        ])
      XCTAssertGreaterThan(result["cpuNsPerOp"] as? Double ?? 0, 0)
      XCTAssertGreaterThan(result["samples"] as? Int ?? 0, 0)
      let latency = try XCTUnwrap(result["latencyNs"] as? [String: Any])
      XCTAssertEqual(Set(latency.keys), ["p0", "p25", "p50", "p75", "p90", "p99", "p999", "p100"])
    }
    let memory = try XCTUnwrap(json["memory"] as? [String: Any])
    XCTAssertEqual(Set(memory.keys), ["bytesPerSession", "peakResidentBytes"])
    let config = try XCTUnwrap(json["config"] as? [String: Any])
    XCTAssertEqual(config["decisions"] as? Int, 2_000)
    XCTAssertEqual(config["concurrency"] as? Int, 4)

    let csv = try String(contentsOfFile: options.csvPath!, encoding: .utf8)
    XCTAssertEqual(csv.split(separator: "\n").count, 7)
    let svg = try String(contentsOfFile: options.svgPath!, encoding: .utf8)
    XCTAssertTrue(svg.contains("engine.decide") && svg.hasSuffix("</svg>\n"))
  }

  func test_theReport_showsTheTable_theRatios_andTheTargets() async {
    var options = tinyOptions()
    options.quiet = false
    let output = Lines()
    let status = await runBench(options, standardOutput: { output.append($0) }, standardError: { XCTFail($0) })
    XCTAssertEqual(status, 0)
    let text = output.text
    XCTAssertTrue(text.contains("engine.decide / baseline.direct"))
    XCTAssertTrue(text.contains("engine.decide p50 / baseline.direct p50"))
    XCTAssertTrue(text.contains("run with --hosts 100000"), "the hosts target says how to measure it")
    XCTAssertTrue(text.contains("floor (no target)"))
    XCTAssertTrue(text.contains("per idle session"))
    XCTAssertFalse(text.contains("issue"), "the report speaks to its reader, not of the project's history")
    XCTAssertFalse(text.contains("since"), "the report speaks to its reader, not of the project's history")
  }

  func test_hostsN_addsTheDefaultReferenceRow_andDrawsGeneratedHosts() async throws {
    var options = tinyOptions()
    options.hosts = 5_000
    let report = try await BenchRunner(options: options).run()
    XCTAssertEqual(report.profile.config.hosts, 5_000)
    XCTAssertEqual(report.profile.results.map(\.name)[2], BenchResult.engineDecideDefault)
    XCTAssertGreaterThan(report.profile.result(named: BenchResult.engineDecideDefault)?.samples ?? 0, 0)
    XCTAssertTrue(report.summary.contains("5000 generated hosts"), report.summary)
  }

  func test_rulesN_padsThePolicyWithNHostRules_beforeItsOwn() throws {
    var options = tinyOptions()
    let plain = try BenchPolicy.load(options)
    options.rules = 1_000
    let padded = try BenchPolicy.load(options)
    XCTAssertEqual(padded.rules.count, plain.rules.count + 1_000)
    XCTAssertEqual(padded.rules.prefix(1_000).map(\.name), (0..<1_000).map { "padding-\($0)" })
    XCTAssertEqual(padded.rules[999].match.hosts, [.exact("padding-999.example")])
    XCTAssertEqual(Array(padded.rules.dropFirst(1_000)).map(\.name), plain.rules.map(\.name))
    // The padding is consulted: a padding host is decided by its rule.
    let request = try PolicyRequest(
      address: try WebAddress("https://padding-999.example/"), navigationType: .linkActivated, target: .mainFrame,
      isUserGesture: true)
    XCTAssertEqual(padded.evaluate(request, in: .none).trace.rule, "padding-999")
  }

  func test_theRealisticPolicy_hasThreeHundredAppRules_beforeThePresets() throws {
    let configuration = try RealisticPolicy.configuration()
    XCTAssertEqual(configuration.rules.count, RealisticPolicy.appRuleCount)
    XCTAssertEqual(configuration.include, [.googlePay, .adClicks, .webkitDefault])
    let matches = configuration.rules.map(\.match)
    XCTAssertGreaterThan(matches.filter { $0.hosts != nil }.count, 100)
    XCTAssertGreaterThan(matches.filter { $0.sites != nil }.count, 50)
    XCTAssertGreaterThan(matches.filter { $0.paths != nil }.count, 50)
    XCTAssertGreaterThan(matches.filter { $0.schemes != nil }.count, 10)
  }
}
