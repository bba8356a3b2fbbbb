/// The percent-encode sets of the URL Standard, as bit flags over bytes.
///
/// Every set contains the C0 controls and all bytes above U+007E, so UTF-8 encoded non-ASCII
/// code points are always percent-encoded byte by byte.
struct PercentEncodeSet: OptionSet, Sendable {
  let rawValue: UInt8

  /// C0 controls and bytes above `~`: opaque paths and opaque hosts.
  static let c0Control = PercentEncodeSet(rawValue: 1)
  /// Fragments.
  static let fragment = PercentEncodeSet(rawValue: 2)
  /// Queries of non-special URLs.
  static let query = PercentEncodeSet(rawValue: 4)
  /// Queries of special URLs (adds `'`).
  static let specialQuery = PercentEncodeSet(rawValue: 8)
  /// Path segments.
  static let path = PercentEncodeSet(rawValue: 16)
  /// Username and password.
  static let userinfo = PercentEncodeSet(rawValue: 32)

  /// Whether `byte` must be percent-encoded in this set.
  @inline(__always)
  func encodes(_ byte: UInt8) -> Bool {
    Self.membership(of: byte) & rawValue != 0
  }

  /// The sets containing `byte`, as a bit mask (a switch the compiler turns into a table).
  @inline(__always)
  static func membership(of byte: UInt8) -> UInt8 {
    if byte < 0x20 || byte > 0x7E { return 0b11_1111 }
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"): return 0b11_1110
    case UInt8(ascii: "#"): return 0b11_1100
    case UInt8(ascii: "`"): return 0b11_0010
    case UInt8(ascii: "'"): return 0b00_1000
    case UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "{"), UInt8(ascii: "}"): return 0b11_0000
    case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"),
      UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "|"):
      return 0b10_0000
    default: return 0
    }
  }

  /// Appends `byte` to `output`, percent-encoded if this set contains it.
  @inline(__always)
  func append(_ byte: UInt8, to output: inout [UInt8]) {
    if encodes(byte) {
      output.append(UInt8(ascii: "%"))
      output.append(Self.hexDigit(byte >> 4))
      output.append(Self.hexDigit(byte & 0xF))
    } else {
      output.append(byte)
    }
  }

  /// `bytes` percent-encoded with this set, as a string; no copy when nothing needs encoding.
  func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard let first = bytes.firstIndex(where: encodes) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    output.append(contentsOf: bytes[..<first])
    for byte in bytes[first...] {
      append(byte, to: &output)
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The upper-case hexadecimal digit for a value below 16.
  @inline(__always)
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? value + UInt8(ascii: "0") : value - 10 + UInt8(ascii: "A")
  }

  /// The value of an ASCII hexadecimal digit, or nil.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Percent-decodes `bytes` as the URL Standard does: a `%` not followed by two hex digits stays.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(byte)
        index += 1
      }
    }
    return output
  }
}
