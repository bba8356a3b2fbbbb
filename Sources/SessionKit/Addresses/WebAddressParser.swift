/// The URL Standard's basic URL parser for absolute URLs (no base URL), on UTF-8 bytes.
///
/// The states of the standard's state machine are folded into a few scans: the scheme, the
/// authority (credentials, host, port) found by its terminator and its last `@`, the path
/// segments, the query and the fragment. Components that need no percent-encoding or dot-segment
/// removal are sliced straight out of the input.
struct WebAddressParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var kind = SchemeKind.other
  private var username = ""
  private var password = ""
  private var host: WebHost?
  private var port: Int?

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses `string`; errors carry the whole string. An ordinary URL takes ``OrdinaryURL``'s fast path.
  static func parse(_ string: String) throws(AddressError) -> WebAddress {
    var copy = string
    if let ordinary = OrdinaryURL.parse(&copy) { return ordinary }
    return try parseWithoutFastPath(string)
  }

  /// The full parser alone, without ``OrdinaryURL``'s fast path (also for the test that compares them).
  static func parseWithoutFastPath(_ string: String) throws(AddressError) -> WebAddress {
    var copy = string
    let result = copy.withUTF8 { raw in
      Result { () throws(AddressError) -> WebAddress in try parse(raw: raw) }
    }
    do {
      return try result.get()
    } catch {
      throw error.about(string)
    }
  }

  /// Strips leading and trailing C0 controls and spaces, removes tabs and newlines, then parses.
  private static func parse(raw: UnsafeBufferPointer<UInt8>) throws(AddressError) -> WebAddress {
    var start = 0
    var end = raw.count
    while start < end && raw[start] <= 0x20 {
      start += 1
    }
    while end > start && raw[end - 1] <= 0x20 {
      end -= 1
    }
    let trimmed = UnsafeBufferPointer(rebasing: raw[start..<end])
    guard trimmed.contains(where: isTabOrNewline) else {
      var parser = WebAddressParser(bytes: trimmed)
      return try parser.run()
    }
    let filtered = trimmed.filter { !isTabOrNewline($0) }
    return try filtered.withUnsafeTypedBufferPointer { (buffer) throws(AddressError) -> WebAddress in
      var parser = WebAddressParser(bytes: buffer)
      return try parser.run()
    }
  }

  private mutating func run() throws(AddressError) -> WebAddress {
    let count = bytes.count
    guard count > 0, isASCIIAlpha(bytes[0]) else { throw schemeError() }
    var index = 1
    while index < count && isSchemeByte(bytes[index]) {
      index += 1
    }
    guard index < count, bytes[index] == UInt8(ascii: ":") else { throw schemeError() }
    let scheme = lowerCasedString(0..<index)
    kind = SchemeKind(scheme)
    index += 1

    var path: String
    var hasOpaquePath = false
    switch kind {
    case .file:
      (path, index) = try parseFile(from: index)
    case .other:
      if index < count && bytes[index] == UInt8(ascii: "/") {
        if index + 1 < count && bytes[index + 1] == UInt8(ascii: "/") {
          index = try parseAuthority(from: index + 2)
          if index < count && bytes[index] == UInt8(ascii: "/") {
            (path, index) = parsePath(from: index + 1, afterSlash: true)
          } else {
            path = ""
          }
        } else {
          (path, index) = parsePath(from: index + 1, afterSlash: true)
        }
      } else {
        (path, index) = parseOpaquePath(from: index)
        hasOpaquePath = true
      }
    case .http, .https, .ws, .wss, .ftp:
      while index < count && isSlash(bytes[index]) {
        index += 1
      }
      index = try parseAuthority(from: index)
      (path, index) = parsePathStart(at: index)
    }

    var query: String?
    if index < count && bytes[index] == UInt8(ascii: "?") {
      var end = index + 1
      while end < count && bytes[end] != UInt8(ascii: "#") {
        end += 1
      }
      let set: PercentEncodeSet = kind.isSpecial ? .specialQuery : .query
      query = set.encode(slice(index + 1..<end))
      index = end
    }
    var fragment: String?
    if index < count && bytes[index] == UInt8(ascii: "#") {
      fragment = PercentEncodeSet.fragment.encode(slice(index + 1..<count))
    }
    return try WebAddress(
      scheme: scheme, username: username, password: password, host: host, port: port, path: path,
      query: query, fragment: fragment, hasOpaquePath: hasOpaquePath)
  }

  // MARK: Authority

  /// Credentials, host and port up to the first `/`, `?`, `#` (or `\` in special URLs); the
  /// last `@` separates the credentials, as in browsers. Returns the index after the authority.
  private mutating func parseAuthority(from start: Int) throws(AddressError) -> Int {
    let special = kind.isSpecial
    var end = start
    var lastAt: Int?
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
        || (special && byte == UInt8(ascii: "\\"))
      {
        break
      }
      if byte == UInt8(ascii: "@") {
        lastAt = end
      }
      end += 1
    }
    var hostStart = start
    if let lastAt {
      let colon = slice(start..<lastAt).firstIndex(of: UInt8(ascii: ":")).map { $0 + start } ?? lastAt
      username = PercentEncodeSet.userinfo.encode(slice(start..<colon))
      if colon < lastAt {
        password = PercentEncodeSet.userinfo.encode(slice(colon + 1..<lastAt))
      }
      hostStart = lastAt + 1
      guard hostStart < end else { throw AddressError(.emptyHost, "no host after the credentials") }
    }
    var hostEnd = hostStart
    var insideBrackets = false
    while hostEnd < end {
      let byte = bytes[hostEnd]
      if byte == UInt8(ascii: "[") {
        insideBrackets = true
      } else if byte == UInt8(ascii: "]") {
        insideBrackets = false
      } else if byte == UInt8(ascii: ":") && !insideBrackets {
        break
      }
      hostEnd += 1
    }
    if hostEnd == hostStart {
      guard hostEnd == end && !special else {
        throw AddressError(.emptyHost, hostEnd < end ? "no host before the port" : "the host is empty")
      }
      host = .empty
    } else {
      host = try HostParser.parse(slice(hostStart..<hostEnd), isOpaque: !special)
    }
    if hostEnd < end {
      try parsePort(hostEnd + 1..<end)
    }
    return end
  }

  private mutating func parsePort(_ range: Range<Int>) throws(AddressError) {
    var value = 0
    for index in range {
      let byte = bytes[index]
      guard IPAddressParser.isDigit(byte) else {
        throw AddressError(.invalidPort, "\(AddressError.show(byte: byte)) is not a digit")
      }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      guard value <= 65_535 else {
        throw AddressError(.invalidPort, "\(String(decoding: slice(range), as: UTF8.self)) is greater than 65535")
      }
    }
    guard !range.isEmpty else { return }
    port = value == kind.defaultPort ? nil : value
  }

  // MARK: File

  /// `file:` URLs: always a host (empty, or a domain other than `localhost`), Windows drive
  /// letters (`file:///C|/x` is `file:///C:/x`) kept at the root.
  private mutating func parseFile(from start: Int) throws(AddressError) -> (String, Int) {
    host = .empty
    let count = bytes.count
    guard start < count && isSlash(bytes[start]) else { return parsePath(from: start, afterSlash: false) }
    guard start + 1 < count && isSlash(bytes[start + 1]) else { return parsePath(from: start + 1, afterSlash: false) }
    let hostStart = start + 2
    var hostEnd = hostStart
    while hostEnd < count && !isPathTerminator(bytes[hostEnd], special: true) {
      hostEnd += 1
    }
    if hostEnd - hostStart == 2 && isWindowsDriveLetter(bytes[hostStart], bytes[hostStart + 1]) {
      return parsePath(from: hostStart, afterSlash: false)
    }
    if hostEnd > hostStart {
      let parsed = try HostParser.parse(slice(hostStart..<hostEnd), isOpaque: false)
      host = parsed == .domain("localhost") ? .empty : parsed
    }
    return parsePathStart(at: hostEnd)
  }

  // MARK: Path

  /// The path start state of a special URL: one leading `/` or `\` is the path's own.
  private func parsePathStart(at index: Int) -> (String, Int) {
    if index < bytes.count && isSlash(bytes[index]) {
      return parsePath(from: index + 1, afterSlash: bytes[index] == UInt8(ascii: "/"))
    }
    return parsePath(from: index, afterSlash: false)
  }

  /// The path state from `start`, the byte after the path's leading slash. Returns the
  /// serialized path (`/` before each segment) and the index of the `?`, `#` or end.
  private func parsePath(from start: Int, afterSlash: Bool) -> (String, Int) {
    let special = kind.isSpecial
    let count = bytes.count
    if afterSlash && kind != .file {
      var index = start
      var clean = true
      var segmentStart = true
      while index < count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        if PercentEncodeSet.path.encodes(byte) || (special && byte == UInt8(ascii: "\\"))
          || (segmentStart && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%")))
        {
          clean = false
          break
        }
        segmentStart = byte == UInt8(ascii: "/")
        index += 1
      }
      if clean {
        return (String(decoding: slice(start - 1..<index), as: UTF8.self), index)
      }
    }

    var output: [UInt8] = []
    output.reserveCapacity(count - start + 8)
    var segments = 0
    var startsWithDriveLetter = false
    var index = start
    while true {
      let segmentStart = index
      while index < count && !isPathTerminator(bytes[index], special: special) {
        index += 1
      }
      let segment = slice(segmentStart..<index)
      let endsWithSlash =
        index < count && (bytes[index] == UInt8(ascii: "/") || (special && bytes[index] == UInt8(ascii: "\\")))
      switch Self.dotSegmentKind(segment) {
      case 2:
        if segments > 0 && !(kind == .file && segments == 1 && startsWithDriveLetter) {
          output.removeSubrange(output.lastIndex(of: UInt8(ascii: "/"))!...)
          segments -= 1
        }
        if !endsWithSlash {
          output.append(UInt8(ascii: "/"))
          segments += 1
        }
      case 1:
        if !endsWithSlash {
          output.append(UInt8(ascii: "/"))
          segments += 1
        }
      default:
        output.append(UInt8(ascii: "/"))
        if kind == .file && segments == 0 && segment.count == 2 && isWindowsDriveLetter(segment[0], segment[1]) {
          output.append(segment[0])
          output.append(UInt8(ascii: ":"))
          startsWithDriveLetter = true
        } else {
          for byte in segment {
            PercentEncodeSet.path.append(byte, to: &output)
          }
        }
        segments += 1
      }
      guard endsWithSlash else { break }
      index += 1
    }
    return (String(decoding: output, as: UTF8.self), index)
  }

  /// 1 for `.` or `%2e`, 2 for `..`, `.%2e`, `%2e.` or `%2e%2e` (any case), else 0.
  private static func dotSegmentKind(_ segment: UnsafeBufferPointer<UInt8>) -> Int {
    var dots = 0
    var index = 0
    while index < segment.count {
      if segment[index] == UInt8(ascii: ".") {
        index += 1
      } else if segment[index] == UInt8(ascii: "%") && index + 2 < segment.count
        && segment[index + 1] == UInt8(ascii: "2") && segment[index + 2] | 0x20 == UInt8(ascii: "e")
      {
        index += 3
      } else {
        return 0
      }
      dots += 1
      if dots > 2 { return 0 }
    }
    return dots
  }

  /// The opaque path of `mailto:`, `tel:`, `data:`, `javascript:`, `about:` and the like:
  /// controls and non-ASCII percent-encoded, and a space right before `?` or `#` as `%20`.
  private func parseOpaquePath(from start: Int) -> (String, Int) {
    var end = start
    while end < bytes.count && bytes[end] != UInt8(ascii: "?") && bytes[end] != UInt8(ascii: "#") {
      end += 1
    }
    if end < bytes.count && end > start && bytes[end - 1] == UInt8(ascii: " ") {
      return (PercentEncodeSet.c0Control.encode(slice(start..<end - 1)) + "%20", end)
    }
    return (PercentEncodeSet.c0Control.encode(slice(start..<end)), end)
  }

  // MARK: Bytes

  private func schemeError() -> AddressError {
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      if byte == UInt8(ascii: ":") {
        guard index > 0 else { return AddressError(.missingScheme, "nothing before \":\"") }
        let text = String(decoding: slice(0..<index), as: UTF8.self)
        return AddressError(
          .invalidScheme, "\"\(text)\" is not a scheme (a letter, then letters, digits, \"+\", \"-\" or \".\")")
      }
    }
    return AddressError(.missingScheme, bytes.isEmpty ? "the input is empty" : "no scheme followed by \":\"")
  }

  @inline(__always)
  private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[range])
  }

  private func lowerCasedString(_ range: Range<Int>) -> String {
    let part = slice(range)
    guard part.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(decoding: part, as: UTF8.self) }
    return String(decoding: part.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  @inline(__always)
  private func isPathTerminator(_ byte: UInt8, special: Bool) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
      || (special && byte == UInt8(ascii: "\\"))
  }
}

@inline(__always)
private func isTabOrNewline(_ byte: UInt8) -> Bool {
  byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// Whether `byte` is an ASCII letter.
@inline(__always)
func isASCIIAlpha(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

/// Whether `byte` may follow a scheme's first letter: an ASCII letter or digit, `+`, `-` or `.`.
@inline(__always)
func isSchemeByte(_ byte: UInt8) -> Bool {
  isASCIIAlpha(byte) || IPAddressParser.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    || byte == UInt8(ascii: ".")
}

@inline(__always)
private func isSlash(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
}

@inline(__always)
private func isWindowsDriveLetter(_ first: UInt8, _ second: UInt8) -> Bool {
  isASCIIAlpha(first) && (second == UInt8(ascii: ":") || second == UInt8(ascii: "|"))
}
