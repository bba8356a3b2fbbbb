import Foundation

/// The URL Standard's host parser, on UTF-8 bytes, with an ASCII fast path.
///
/// Domain to ASCII approximates UTS #46 (IDNA processing, non-transitional, no STD3 rules, no
/// DNS length check) with Foundation: the domain is mapped with NFKC
/// (`precomposedStringWithCompatibilityMapping`), lower-cased, recomposed with NFC
/// (`precomposedStringWithCanonicalMapping`), common default-ignorable code points are removed
/// and ideographic full stops become dots. That covers case, width and composition variants
/// (`BÜCHER`, `ｅｘａｍｐｌｅ`, `u` + combining diaeresis) but not UTS #46's full mapping and
/// validity tables, nor its bidi and joiner checks. `xn--` labels are decoded to verify them.
enum HostParser {
  /// Parses a non-empty host. `isOpaque` is true for non-special schemes.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, isOpaque: Bool) throws(AddressError) -> WebHost {
    if bytes.first == UInt8(ascii: "[") {
      guard bytes.count >= 2, bytes.last == UInt8(ascii: "]") else {
        throw AddressError(.invalidIPv6, "missing \"]\"")
      }
      return .ipv6(try IPAddressParser.parseIPv6(UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])))
    }
    if isOpaque {
      return try parseOpaque(bytes)
    }
    if isPlainASCIIDomain(bytes) {
      return try finishDomain(bytes)
    }
    let decoded = PercentEncodeSet.decode(bytes)
    let ascii = try domainToASCII(decoded)
    return try ascii.withUnsafeBufferPointer { (buffer) throws(AddressError) -> WebHost in try finishDomain(buffer) }
  }

  /// The host of a non-special URL: forbidden host code points fail, controls and non-ASCII
  /// are percent-encoded, nothing else changes.
  private static func parseOpaque(_ bytes: UnsafeBufferPointer<UInt8>) throws(AddressError) -> WebHost {
    if let bad = bytes.first(where: isForbiddenHostCodePoint) {
      throw AddressError(.forbiddenHostCodePoint, "forbidden code point \(AddressError.show(byte: bad))")
    }
    return .opaque(PercentEncodeSet.c0Control.encode(bytes))
  }

  /// ASCII, no `%`, and no label starting with `xn--`: domain to ASCII is just lower-casing.
  private static func isPlainASCIIDomain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var labelStart = true
    for index in bytes.indices {
      let byte = bytes[index]
      if byte >= 0x80 || byte == UInt8(ascii: "%") { return false }
      if labelStart && (byte | 0x20) == UInt8(ascii: "x") && index + 3 < bytes.count
        && (bytes[index + 1] | 0x20) == UInt8(ascii: "n") && bytes[index + 2] == UInt8(ascii: "-")
        && bytes[index + 3] == UInt8(ascii: "-")
      {
        return false
      }
      labelStart = byte == UInt8(ascii: ".")
    }
    return true
  }

  /// Checks an ASCII domain (not yet lower-cased) for forbidden code points, then makes it an
  /// IPv4 address if it ends in a number, else a lower-case domain without its trailing dot.
  private static func finishDomain(_ bytes: UnsafeBufferPointer<UInt8>) throws(AddressError) -> WebHost {
    guard !bytes.isEmpty else { throw AddressError(.invalidHost, "the domain is empty after IDNA mapping") }
    var hasUpper = false
    for byte in bytes {
      if isForbiddenDomainCodePoint(byte) {
        throw AddressError(.forbiddenHostCodePoint, "forbidden code point \(AddressError.show(byte: byte))")
      }
      if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
        hasUpper = true
      }
    }
    if IPAddressParser.endsInANumber(bytes) {
      return .ipv4(try IPAddressParser.parseIPv4(bytes))
    }
    var end = bytes.count
    if end > 1 && bytes[end - 1] == UInt8(ascii: ".") {
      end -= 1
    }
    let trimmed = UnsafeBufferPointer(rebasing: bytes[..<end])
    guard hasUpper else { return .domain(String(decoding: trimmed, as: UTF8.self)) }
    return .domain(String(decoding: trimmed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
  }

  /// IDNA ToASCII of a percent-decoded domain (see the type's documentation for the mapping).
  static func domainToASCII(_ bytes: [UInt8]) throws(AddressError) -> [UInt8] {
    if bytes.allSatisfy({ $0 < 0x80 }) && !bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
      try verifyPunycodeLabels(bytes)
      return bytes
    }
    let decoded = String(decoding: bytes, as: UTF8.self)
    if decoded.unicodeScalars.contains("\u{FFFD}") {
      throw AddressError(.invalidHost, "the host is not valid UTF-8 after percent-decoding")
    }
    let mapped = decoded.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCanonicalMapping
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    var label: [Unicode.Scalar] = []
    var isASCIILabel = true
    func flushLabel() throws(AddressError) {
      if isASCIILabel {
        let ascii = label.map { UInt8($0.value) }
        try verifyPunycodeLabels(ascii)
        output.append(contentsOf: ascii)
      } else {
        if let problem = disallowedCodePoint(in: label) {
          throw AddressError(.invalidHost, problem)
        }
        guard let encoded = Punycode.encode(label) else {
          throw AddressError(.invalidPunycode, "a label is too long to encode")
        }
        output.append(contentsOf: Array("xn--".utf8))
        output.append(contentsOf: encoded)
      }
      label.removeAll(keepingCapacity: true)
      isASCIILabel = true
    }
    for scalar in mapped.unicodeScalars {
      switch scalar.value {
      case 0x2E, 0x3002, 0xFF0E, 0xFF61:
        try flushLabel()
        output.append(UInt8(ascii: "."))
      case 0xAD, 0x34F, 0x180B...0x180D, 0x200B, 0x2060, 0xFE00...0xFE0F, 0xFEFF:
        continue  // default ignorable code points UTS #46 maps to nothing
      default:
        label.append(scalar)
        if !scalar.isASCII {
          isASCIILabel = false
        }
      }
    }
    try flushLabel()
    return output
  }

  /// Every `xn--` label of an ASCII domain must decode to a non-empty, non-ASCII label.
  private static func verifyPunycodeLabels(_ ascii: [UInt8]) throws(AddressError) {
    for label in ascii.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: true) {
      let bytes = Array(label)
      guard bytes.count >= 4, bytes[0] | 0x20 == UInt8(ascii: "x"), bytes[1] | 0x20 == UInt8(ascii: "n"),
        bytes[2] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-")
      else { continue }
      let name = String(decoding: bytes, as: UTF8.self)
      guard let scalars = Punycode.decode(bytes[4...]) else {
        throw AddressError(.invalidPunycode, "\"\(name)\" is not valid punycode")
      }
      guard scalars.contains(where: { !$0.isASCII }) else {
        throw AddressError(.invalidPunycode, "\"\(name)\" does not decode to a non-ASCII label")
      }
      if let problem = disallowedCodePoint(in: scalars) {
        throw AddressError(.invalidPunycode, "\"\(name)\" decodes to a label with a \(problem)")
      }
      let text = String(String.UnicodeScalarView(scalars))
      let mapped = text.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCanonicalMapping
      guard text.unicodeScalars.elementsEqual(mapped.unicodeScalars) else {
        throw AddressError(.invalidPunycode, "\"\(name)\" decodes to a label that is not in mapped form")
      }
    }
  }

  /// The part of UTS #46's validity criteria that the Unicode properties in the standard library
  /// can check: no controls, unassigned, surrogate or private-use code points, and no combining
  /// mark at the start of a label.
  private static func disallowedCodePoint(in label: [Unicode.Scalar]) -> String? {
    for (offset, scalar) in label.enumerated() {
      switch scalar.properties.generalCategory {
      case .control, .unassigned, .surrogate, .privateUse:
        return "disallowed code point U+\(String(scalar.value, radix: 16, uppercase: true))"
      case .nonspacingMark where offset == 0, .spacingMark where offset == 0, .enclosingMark where offset == 0:
        return "label starting with combining mark U+\(String(scalar.value, radix: 16, uppercase: true))"
      default:
        continue
      }
    }
    return nil
  }

  /// Forbidden host code points: NUL, tab, LF, CR, space, `#`, `/`, `:`, `<`, `>`, `?`, `@`,
  /// `[`, `\`, `]`, `^`, `|`.
  @inline(__always)
  static func isForbiddenHostCodePoint(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
      true
    default: false
    }
  }

  /// Forbidden domain code points: the forbidden host code points, C0 controls, `%` and DEL.
  @inline(__always)
  static func isForbiddenDomainCodePoint(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x25 || byte == 0x7F || isForbiddenHostCodePoint(byte)
  }
}
