import Foundation

/// Whether the long explorations run at full size: `SESSIONKIT_LONG_TESTS=1`, which `.ci/run` sets. Without it,
/// `swift test` runs them smaller (the model checker one operation shallower, a 200 000-step file instead of a
/// million), so that a contributor's run stays within a few minutes on two cores; CI keeps the full size.
enum LongTests {
  /// The environment variable: `SESSIONKIT_LONG_TESTS`.
  static let variable = "SESSIONKIT_LONG_TESTS"

  /// Whether it is set to `1`.
  static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}
