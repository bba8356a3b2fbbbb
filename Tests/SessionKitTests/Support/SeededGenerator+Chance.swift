@testable import SessionKit

/// The stress runs draw from the same SplitMix64 as the policy tests, so a run replays from its seed.
typealias EngineTestRandom = SeededGenerator

extension SeededGenerator {
  /// `true` with probability `percent` in 100.
  mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }
}
