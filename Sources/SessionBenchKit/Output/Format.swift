import Foundation

/// How reports write numbers: three significant digits and a unit a person reads at a glance.
enum Format {
  /// `850 ns`, `1.23 µs`, `45.6 ms`, `2.00 s`.
  static func latency(nanoseconds: Double) -> String {
    guard nanoseconds.isFinite else { return "-" }
    if nanoseconds < 999.5 { return "\(Int(nanoseconds.rounded())) ns" }
    return scaled(nanoseconds, units: [(1e3, "µs"), (1e6, "ms"), (1e9, "s")])
  }

  /// `980 /s`, `12.3 k/s`, `1.23 M/s`.
  static func throughput(perSecond: Double) -> String {
    guard perSecond.isFinite else { return "-" }
    if perSecond < 999.5 { return "\(Int(perSecond.rounded())) /s" }
    return scaled(perSecond, units: [(1e3, "k/s"), (1e6, "M/s"), (1e9, "G/s")])
  }

  /// `512 B`, `1.50 KiB`, `231 MiB`.
  static func bytes(_ count: Double) -> String {
    guard count.isFinite else { return "-" }
    if abs(count) < 1023.5 { return "\(Int(count.rounded())) B" }
    return scaled(count, units: [(1024, "KiB"), (1_048_576, "MiB"), (1_073_741_824, "GiB")])
  }

  /// `+12.3 %`, `-4.0 %`, `+0.0 %`.
  static func signedPercent(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let rounded = (value * 10).rounded() / 10
    return (rounded < 0 ? "-" : "+") + String(format: "%.1f %%", abs(rounded))
  }

  /// `73 %`, `4.2 %`.
  static func percent(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    return abs(value) < 9.95 ? String(format: "%.1f %%", value) : String(format: "%.0f %%", value)
  }

  /// `2.1×`, `15×`, `0.42×`.
  static func ratio(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    if value < 1 { return String(format: "%.2f×", value) }
    if value < 9.95 { return String(format: "%.1f×", value) }
    return String(format: "%.0f×", value)
  }

  /// A value in the largest unit not above it, with three significant digits.
  private static func scaled(_ value: Double, units: [(scale: Double, name: String)]) -> String {
    var chosen = units[0]
    for unit in units where abs(value) >= unit.scale * 0.9995 {
      chosen = unit
    }
    let amount = value / chosen.scale
    let magnitude = abs(amount)
    let digits = magnitude < 9.995 ? 2 : magnitude < 99.95 ? 1 : 0
    return String(format: "%.\(digits)f ", amount) + chosen.name
  }
}
