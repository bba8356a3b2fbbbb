import SessionKit

/// A workload's seeded random numbers (SplitMix64), so that a workload is the same for the same seed on every
/// machine, with the two draws the generator needs.
package struct WorkloadRandom: RandomNumberGenerator, Sendable {
  private var generator: SplitMix64

  /// A generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    generator.next()
  }

  /// A number in `0..<bound`, without division (Lemire's multiply-high; the bias is below 2⁻³² for any
  /// bound a workload uses).
  package mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `0..<1` with 53 random bits.
  package mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
