import Foundation
import SessionBenchKit
import XCTest

final class TestBenchProfileSchema: XCTestCase {
  private func encodedObject(_ profile: BenchProfile) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: profile.encode())
    return try XCTUnwrap(object as? [String: Any])
  }

  func test_encodedProfile_hasExactlyTheKeysOfDesignSection6() throws {
    let json = try encodedObject(ProfileFixtures.standardProfile())
    XCTAssertEqual(Set(json.keys), ["tool", "version", "machine", "config", "results", "memory"])
    XCTAssertEqual(json["tool"] as? String, "session-bench")

    let results = try XCTUnwrap(json["results"] as? [[String: Any]])
    XCTAssertEqual(results.map { $0["name"] as? String }, ProfileFixtures.standardNames)
    for result in results {
      XCTAssertEqual(
        Set(result.keys),
        [
          "name", "samples", "throughputPerSec", "latencyNs", "cpuNsPerOp", "involuntaryContextSwitches", "repetitions",
          "relative",
        ])
      let latency = try XCTUnwrap(result["latencyNs"] as? [String: Any])
      XCTAssertEqual(Set(latency.keys), ["p0", "p25", "p50", "p75", "p90", "p99", "p999", "p100"])
    }

    let memory = try XCTUnwrap(json["memory"] as? [String: Any])
    XCTAssertEqual(Set(memory.keys), ["bytesPerSession", "peakResidentBytes"])

    let machine = try XCTUnwrap(json["machine"] as? [String: Any])
    XCTAssertEqual(Set(machine.keys), ["cores", "memoryBytes", "os", "arch", "swiftVersion", "hostname", "date"])

    let config = try XCTUnwrap(json["config"] as? [String: Any])
    XCTAssertEqual(
      Set(config.keys),
      [
        "sessions", "durationSeconds", "decisions", "concurrency", "rate", "workload", "policy", "rules", "seed",
        "hosts", "repeat",
      ])
  }

  func test_aProfileWrittenBeforeHostsAndCPUTime_stillDecodes() throws {
    var json = String(decoding: ProfileFixtures.standardProfile().encode(), as: UTF8.self)
    for key in ["hosts", "cpuNsPerOp", "involuntaryContextSwitches"] {
      json = json.split(separator: "\n").filter { !$0.contains("\"\(key)\"") }.joined(separator: "\n")
    }
    let profile = try BenchProfile.decode(from: Data(json.utf8))
    XCTAssertNil(profile.config.hosts)
    XCTAssertNil(profile.results[0].cpuNsPerOp)
  }

  func test_aProfileWrittenBeforeRepeat_stillDecodes_andCompares() throws {
    var json = String(decoding: ProfileFixtures.standardProfile().encode(), as: UTF8.self)
    for key in ["repeat", "repetitions", "relative"] {
      json = json.split(separator: "\n").filter { !$0.contains("\"\(key)\"") }.joined(separator: "\n")
    }
    XCTAssertFalse(json.contains("relative"))
    let profile = try BenchProfile.decode(from: Data(json.utf8))
    XCTAssertNil(profile.config.repeat)
    XCTAssertNil(profile.results[0].repetitions)
    XCTAssertNil(profile.results[0].relative)
    let path = try ProfileFixtures.temporaryFile(Data(json.utf8))
    XCTAssertEqual(runCompare(basePath: path, newPath: path, maxRegression: 10).exitCode, 0)
  }

  func test_checkedInProfiles_fromBeforeRepeat_stillCompare() throws {
    let directory = RepositoryFiles.root.appendingPathComponent("Benchmarks/baselines")
    let old = directory.appendingPathComponent("linux-2core-issue12.json").path
    let loaded = directory.appendingPathComponent("linux-2core-loaded.json").path
    let result = runCompare(basePath: old, newPath: loaded, maxRegression: 10)
    XCTAssertNotEqual(result.exitCode, 2, result.output)
    XCTAssertTrue(result.output.contains("In-run ratios"), result.output)
  }

  func test_repeatedResults_roundTripWithTheirIntervals() throws {
    var profile = ProfileFixtures.standardProfile()
    let figures = try XCTUnwrap(ResultFigures.over([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7]]))
    profile.results[0].repetitions = RepetitionSummary(count: 3, confidence: 0.75, figures: figures)
    profile.results[0].relative = [BenchResult.baselineNaive: figures]
    profile.config.repeat = 3
    let decoded = try BenchProfile.decode(from: profile.encode())
    XCTAssertEqual(decoded, profile)
    XCTAssertEqual(decoded.results[0].repetitions?.figures.p90, Estimate(median: 3, low: 2, high: 4))
  }

  func test_absentOptions_andUnmeasuredMemory_areWrittenAsNull() throws {
    var profile = ProfileFixtures.standardProfile()
    profile.memory = BenchProfile.Memory(bytesPerSession: nil, peakResidentBytes: nil)
    let json = try encodedObject(profile)
    let config = try XCTUnwrap(json["config"] as? [String: Any])
    XCTAssertTrue(config["decisions"] is NSNull)
    XCTAssertTrue(config["rate"] is NSNull)
    XCTAssertEqual(config["durationSeconds"] as? Double, 0.3)
    XCTAssertEqual(config["concurrency"] as? Int, 64)
    let memory = try XCTUnwrap(json["memory"] as? [String: Any])
    XCTAssertTrue(memory["bytesPerSession"] is NSNull)
    XCTAssertTrue(memory["peakResidentBytes"] is NSNull)
  }

  func test_profile_roundTripsThroughJSON() throws {
    var options = BenchOptions()
    options.length = .decisions(1_000)
    options.load = .open(ratePerSecond: 5_000)
    options.policy = "p.json"
    var profile = ProfileFixtures.standardProfile()
    profile.config = BenchProfile.Config(options)
    XCTAssertEqual(try BenchProfile.decode(from: profile.encode()), profile)
  }

  func test_encoding_isPrettyPrinted_withSortedKeys() throws {
    let text = String(decoding: ProfileFixtures.standardProfile().encode(), as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("{\n"))
    let config = try XCTUnwrap(text.range(of: "\"config\""))
    let tool = try XCTUnwrap(text.range(of: "\"tool\""))
    XCTAssertLessThan(config.lowerBound, tool.lowerBound)
  }

  func test_nonFiniteNumbers_areNotWrittenAsInvalidJSON() throws {
    var profile = ProfileFixtures.standardProfile()
    profile.results[0].throughputPerSec = .infinity
    profile.memory.bytesPerSession = .nan
    let json = try encodedObject(profile)
    let results = try XCTUnwrap(json["results"] as? [[String: Any]])
    XCTAssertEqual(results[0]["throughputPerSec"] as? Double, 0)
  }

  func test_currentMachine_describesThisProcess() {
    let machine = BenchProfile.Machine.current()
    XCTAssertEqual(machine.cores, ProcessInfo.processInfo.activeProcessorCount)
    XCTAssertGreaterThan(machine.memoryBytes, 0)
    XCTAssertTrue(machine.swiftVersion.hasPrefix("6."))
    XCTAssertNotNil(ISO8601DateFormatter().date(from: machine.date), machine.date)
  }

  func test_resultFromHistogram_computesThroughputOverElapsedTime() {
    var histogram = LatencyHistogram()
    for value in UInt64(1)...1_000 {
      histogram.record(value)
    }
    let result = BenchResult(name: BenchResult.engineDecide, histogram: histogram, elapsedSeconds: 0.5)
    XCTAssertEqual(result.samples, 1_000)
    XCTAssertEqual(result.throughputPerSec, 2_000)
    XCTAssertEqual(result.latencyNs, histogram.summary())
  }
}
