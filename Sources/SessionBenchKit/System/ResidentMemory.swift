import Foundation

/// The resident memory of this process, read from `/proc/self/status` on Linux.
///
/// Elsewhere every reading is `nil`: the report then shows the memory as not available
/// rather than a wrong number.
package enum ResidentMemory {
  /// The current resident set size (`VmRSS`), in bytes.
  package static func current() -> UInt64? {
    read(field: "VmRSS")
  }

  /// The peak resident set size of the process so far (`VmHWM`), in bytes.
  package static func peak() -> UInt64? {
    read(field: "VmHWM")
  }

  /// A field of a `/proc/<pid>/status` text, such as `VmRSS:   123456 kB`, in bytes.
  ///
  /// - Parameters:
  ///   - status: The text of the status file.
  ///   - field: The field name without its colon, e.g. `VmRSS`.
  /// - Returns: The value in bytes, or `nil` when the field is missing or not in kB.
  package static func value(ofField field: String, inStatus status: String) -> UInt64? {
    let prefix = field + ":"
    for line in status.split(separator: "\n") where line.hasPrefix(prefix) {
      let parts = line.dropFirst(prefix.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard parts.count == 2, parts[1] == "kB", let kibibytes = UInt64(parts[0]) else { return nil }
      return kibibytes * 1024
    }
    return nil
  }

  private static func read(field: String) -> UInt64? {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
      return value(ofField: field, inStatus: status)
    #else
      return nil
    #endif
  }
}
