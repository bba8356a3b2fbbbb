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

  /// Writes `data` to a new temporary file and returns its path.
  static func temporaryFile(_ data: Data, name: String = "profile.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "SessionBenchKitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }
}
