/// SplitMix64: a small, fast, seeded random number generator, so that a workload is the same for the same
/// seed on every machine (no Foundation or system randomness).
public struct WorkloadRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`, without division (Lemire's multiply-high; the bias is below 2⁻³² for any
  /// bound a workload uses).
  public mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `0..<1` with 53 random bits.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
