import Foundation
import SessionBenchKit

/// Profiles to compare and encode, with round numbers that make percentages easy to check.
enum ProfileFixtures {
  static let machine = BenchProfile.Machine(
    cores: 2, memoryBytes: 8 << 30, os: "Linux test", arch: "x86_64", swiftVersion: "6.3", hostname: "test-host",
    date: "2025-01-01T00:00:00Z"
  )

  static func latency(scale: Double = 1) -> LatencySummary {
    func ns(_ value: Double) -> UInt64 { UInt64((value * scale).rounded()) }
    return LatencySummary(
      p0: ns(100), p25: ns(200), p50: ns(300), p75: ns(400), p90: ns(500), p99: ns(1_000), p999: ns(2_000),
      p100: ns(10_000)
    )
  }

  static func result(_ name: String, latency: LatencySummary = latency(), throughput: Double = 100_000)
    -> BenchResult
  {
    BenchResult(name: name, samples: 500_000, throughputPerSec: throughput, latencyNs: latency)
  }

  /// A result of a `--repeat` run whose every figure is `scale` times the fixture's, with intervals of ±`spread`
  /// (a fraction) around each median, and its ratios to the baselines given.
  static func repeated(
    _ name: String, scale: Double, spread: Double, ratios: [String: (Double, Double)] = [:]
  ) -> BenchResult {
    var result = result(name, latency: latency(scale: scale), throughput: 100_000 / scale)
    func estimate(_ value: Double) -> Estimate {
      Estimate(median: value, low: value * (1 - spread), high: value * (1 + spread))
    }
    let values = ResultFigures.values(of: result)
    result.repetitions = RepetitionSummary(
      count: 5, confidence: 0.9375,
      figures: ResultFigures(
        p50: estimate(values[0]), p90: estimate(values[1]), p99: estimate(values[2]), p999: estimate(values[3]),
        throughput: estimate(values[4])))
    var relative: [String: ResultFigures] = [:]
    for (baseline, (latencyRatio, ratioSpread)) in ratios {
      func ratio(_ value: Double) -> Estimate {
        Estimate(median: value, low: value * (1 - ratioSpread), high: value * (1 + ratioSpread))
      }
      relative[baseline] = ResultFigures(
        p50: ratio(latencyRatio), p90: ratio(latencyRatio), p99: ratio(latencyRatio), p999: ratio(latencyRatio),
        throughput: ratio(1 / latencyRatio))
    }
    result.relative = relative.isEmpty ? nil : relative
    return result
  }

  static func profile(_ results: [BenchResult]) -> BenchProfile {
    BenchProfile(
      machine: machine, config: BenchProfile.Config(BenchOptions()), results: results,
      memory: BenchProfile.Memory(bytesPerSession: 1_500, peakResidentBytes: 100_000_000)
    )
  }

  static let standardNames = [
    BenchResult.engineDecide, BenchResult.enginePopup, BenchResult.baselineDirect, BenchResult.baselineActorHop,
    BenchResult.baselineNaive, BenchResult.baselineLinear,
  ]

  static func standardProfile() -> BenchProfile {
    profile(standardNames.map { result($0) })
  }

  /// Writes `data` to a new temporary file and returns its path; the file's directory is removed when the test
  /// process exits.
  static func temporaryFile(_ data: Data, name: String = "profile.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "SessionBenchKitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    TemporaryDirectories.shared.add(directory)
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }
}

/// The temporary directories the tests made, removed when the test process exits (each `swift test` left 36 of them
/// behind before; the callers need the files until their test ends, and some hand the path to a child process).
private final class TemporaryDirectories: @unchecked Sendable {
  static let shared = TemporaryDirectories()

  private let lock = NSLock()
  private var directories: [URL] = []

  private init() {
    atexit { TemporaryDirectories.shared.removeAll() }
  }

  func add(_ directory: URL) {
    lock.withLock { directories.append(directory) }
  }

  private func removeAll() {
    let all = lock.withLock {
      defer { directories = [] }
      return directories
    }
    for directory in all { try? FileManager.default.removeItem(at: directory) }
  }
}
