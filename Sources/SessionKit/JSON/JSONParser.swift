/// A small, strict RFC 8259 parser producing ``JSONValue`` with line and column in its errors.
package struct JSONParser {
  private let bytes: [UInt8]
  // `package`, with the helpers below, for `JSONStreamedDocument` (SessionKitSimulation's JSONStreaming.swift), which
  // only scenarios use: apps do not link it.
  package var index = 0
  package var depth = 0
  private static let maximumDepth = 256

  @_optimize(size)
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  @_optimize(size)
  mutating func parseDocument() throws(ConfigurationError) -> JSONValue {
    try begin()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw syntaxError("unexpected text after the JSON value") }
    return value
  }

  /// Checks the encoding, skips a byte order mark and leading whitespace.
  @_optimize(size)
  package mutating func begin() throws(ConfigurationError) {
    if let invalid = Self.firstInvalidUTF8(in: bytes) {
      index = invalid
      throw syntaxError("invalid UTF-8 (a sequence starting with byte 0x\(String(bytes[invalid], radix: 16)))")
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
  }

  /// Whether every byte has been read.
  package var isAtEnd: Bool { index == bytes.count }

  @_optimize(size)
  package mutating func parseValue() throws(ConfigurationError) -> JSONValue {
    guard index < bytes.count else { throw syntaxError("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw syntaxError("unexpected character \(describe(bytes[index]))")
    }
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629:
  /// no overlong forms, no surrogates, nothing above U+10FFFF), or `nil` when all of `bytes` is UTF-8. Strings
  /// are then decoded knowing the text is valid, so nothing is ever replaced by U+FFFD.
  @_optimize(size)
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The length of the sequence and the range its second byte must fall in (Unicode Table 3-7).
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        second = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        second = 0x80...0x9F
      case 0xF0:
        length = 4
        second = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        second = 0x80...0x8F
      default: return index
      }
      for offset in 1..<length {
        let position = index + offset
        guard position < bytes.count, (offset == 1 ? second : 0x80...0xBF).contains(bytes[position]) else {
          return index
        }
      }
      index += length
    }
    return nil
  }

  @_optimize(size)
  package mutating func enterNesting() throws(ConfigurationError) {
    depth += 1
    if depth > Self.maximumDepth { throw syntaxError("nesting deeper than \(Self.maximumDepth) levels") }
  }

  @_optimize(size)
  private mutating func parseObject() throws(ConfigurationError) -> JSONValue {
    try enterNesting()
    defer { depth -= 1 }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen = Set<String>()
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else { throw syntaxError("expected a string key") }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(key).inserted else {
        index = keyStart
        throw syntaxError("duplicate key \(JSONValue.quoted(key))")
      }
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw syntaxError("expected \":\" after key") }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
      } else if peek(UInt8(ascii: "}")) {
        index += 1
        return .object(members)
      } else {
        throw syntaxError("expected \",\" or \"}\" in object")
      }
    }
  }

  @_optimize(size)
  private mutating func parseArray() throws(ConfigurationError) -> JSONValue {
    try enterNesting()
    defer { depth -= 1 }
    index += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
      } else if peek(UInt8(ascii: "]")) {
        index += 1
        return .array(values)
      } else {
        throw syntaxError("expected \",\" or \"]\" in array")
      }
    }
  }

  @_optimize(size)
  package mutating func parseString() throws(ConfigurationError) -> String {
    index += 1
    // Appended a run of bytes at a time as one `String`: appending a run's scalars (a generic sequence) cost a
    // first-use lookup of the view's associated types.
    var text = ""
    var runStart = index
    func flush(_ end: Int) {
      if end > runStart {
        text.append(String(decoding: bytes[runStart..<end], as: UTF8.self))
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(index)
        index += 1
        return text
      }
      if byte < 0x20 { throw syntaxError("control character in string") }
      if byte == UInt8(ascii: "\\") {
        flush(index)
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): text.append("\"")
        case UInt8(ascii: "\\"): text.append("\\")
        case UInt8(ascii: "/"): text.append("/")
        case UInt8(ascii: "b"): text.append("\u{08}")
        case UInt8(ascii: "f"): text.append("\u{0C}")
        case UInt8(ascii: "n"): text.append("\n")
        case UInt8(ascii: "r"): text.append("\r")
        case UInt8(ascii: "t"): text.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code), peek(UInt8(ascii: "\\")), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw syntaxError("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw syntaxError("invalid \\u escape") }
          text.unicodeScalars.append(scalar)
        default:
          index -= 1
          throw syntaxError("invalid escape \\\(describe(escape))")
        }
        runStart = index
        continue
      }
      index += 1
    }
    throw syntaxError("unterminated string")
  }

  @_optimize(size)
  private mutating func parseHex4() throws(ConfigurationError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw syntaxError("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("invalid hex digit in \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  @_optimize(size)
  private mutating func parseNumber() throws(ConfigurationError) -> Double {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard consumeDigits() > 0 else { throw syntaxError("invalid number") }
    if bytes[start] == UInt8(ascii: "-")
      ? bytes[start + 1] == UInt8(ascii: "0") && index - start > 2
      : bytes[start] == UInt8(ascii: "0") && index - start > 1
    {
      throw syntaxError("leading zero in number")
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard consumeDigits() > 0 else { throw syntaxError("invalid number") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard consumeDigits() > 0 else { throw syntaxError("invalid number") }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
      throw syntaxError("number out of range")
    }
    return value
  }

  @_optimize(size)
  private mutating func consumeDigits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    return index - start
  }

  @_optimize(size)
  private mutating func expectLiteral(_ literal: String) throws(ConfigurationError) {
    // A loop rather than `elementsEqual`, which compiled a copy of itself for these two types.
    var end = index
    for byte in literal.utf8 {
      guard end < bytes.count, bytes[end] == byte else { throw syntaxError("invalid literal") }
      end += 1
    }
    index = end
  }

  @_optimize(size)
  package func peek(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  @_optimize(size)
  package mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  @_optimize(size)
  private func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? "\"\(Character(Unicode.Scalar(byte)))\"" : "0x" + String(byte, radix: 16)
  }

  @_optimize(size)
  package func syntaxError(_ problem: String) -> ConfigurationError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return ConfigurationError(path: "", problem: "invalid JSON at line \(line), column \(column): \(problem)")
  }
}
