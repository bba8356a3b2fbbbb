/// The URL Standard's IPv4 and IPv6 parsers and serializers, on UTF-8 bytes.
enum IPAddressParser {
  // MARK: IPv4

  /// Whether an ASCII domain "ends in a number", which makes it an IPv4 address or an error:
  /// its last label (ignoring one trailing dot) is all digits or a `0x` hexadecimal number.
  static func endsInANumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var end = bytes.count
    if end > 0 && bytes[end - 1] == UInt8(ascii: ".") {
      end -= 1
    }
    var start = end
    while start > 0 && bytes[start - 1] != UInt8(ascii: ".") {
      start -= 1
    }
    guard start < end else { return false }
    let last = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if last.allSatisfy(isDigit) { return true }
    if last.count >= 2 && last[0] == UInt8(ascii: "0") && (last[1] | 0x20) == UInt8(ascii: "x") {
      return last.dropFirst(2).allSatisfy { PercentEncodeSet.hexValue($0) != nil }
    }
    return false
  }

  /// Parses dotted IPv4 forms browsers accept: one to four parts, each decimal, `0x` hex or
  /// octal with a leading `0`; the last part fills the remaining bytes (`127.1`, `2130706433`).
  static func parseIPv4(_ bytes: UnsafeBufferPointer<UInt8>) throws(AddressError) -> UInt32 {
    var end = bytes.count
    if end > 1 && bytes[end - 1] == UInt8(ascii: ".") {
      end -= 1
    }
    var numbers: [UInt64] = []
    numbers.reserveCapacity(4)
    var start = 0
    var index = 0
    while index <= end {
      if index == end || bytes[index] == UInt8(ascii: ".") {
        guard numbers.count < 4 else {
          throw AddressError(.invalidIPv4, "more than four parts")
        }
        let part = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard let number = parseIPv4Number(part) else {
          throw AddressError(.invalidIPv4, "\"\(String(decoding: part, as: UTF8.self))\" is not a number")
        }
        numbers.append(number)
        start = index + 1
      }
      index += 1
    }
    for number in numbers.dropLast() where number > 255 {
      throw AddressError(.invalidIPv4, "part \(number) is greater than 255")
    }
    let last = numbers[numbers.count - 1]
    let limit: UInt64 = 1 << (8 * UInt64(5 - numbers.count))
    guard last < limit else {
      throw AddressError(.invalidIPv4, "last part \(last) is greater than \(limit - 1)")
    }
    var address = last
    for (counter, number) in numbers.dropLast().enumerated() {
      address += number << (8 * UInt64(3 - counter))
    }
    return UInt32(address)
  }

  /// One IPv4 part; values saturate above 2^40 so that huge inputs fail the range checks.
  private static func parseIPv4Number(_ part: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard !part.isEmpty else { return nil }
    var digits = part[...]
    var radix: UInt64 = 10
    if part.count >= 2 && part[0] == UInt8(ascii: "0") && (part[1] | 0x20) == UInt8(ascii: "x") {
      digits = part.dropFirst(2)
      radix = 16
    } else if part.count >= 2 && part[0] == UInt8(ascii: "0") {
      digits = part.dropFirst(1)
      radix = 8
    }
    var value: UInt64 = 0
    for byte in digits {
      guard let digit = PercentEncodeSet.hexValue(byte), UInt64(digit) < radix else { return nil }
      value = min(value * radix + UInt64(digit), 1 << 40)
    }
    return value
  }

  /// Dotted-decimal form, `192.168.0.1`.
  static func serializeIPv4(_ address: UInt32) -> String {
    "\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF)"
  }

  // MARK: IPv6

  /// Parses the inside of `[...]`: eight 16-bit pieces, one `::` compression, an optional
  /// dotted IPv4 tail (`::ffff:1.2.3.4`).
  static func parseIPv6(_ input: UnsafeBufferPointer<UInt8>) throws(AddressError) -> [UInt16] {
    var address = [UInt16](repeating: 0, count: 8)
    var pieceIndex = 0
    var compress: Int?
    var pointer = 0
    let count = input.count
    func at(_ index: Int) -> UInt8? { index < count ? input[index] : nil }

    if at(0) == UInt8(ascii: ":") {
      guard at(1) == UInt8(ascii: ":") else {
        throw AddressError(.invalidIPv6, "starts with a single \":\"")
      }
      pointer = 2
      pieceIndex = 1
      compress = 1
    }
    while let c = at(pointer) {
      guard pieceIndex < 8 else { throw AddressError(.invalidIPv6, "more than eight pieces") }
      if c == UInt8(ascii: ":") {
        guard compress == nil else { throw AddressError(.invalidIPv6, "more than one \"::\"") }
        pointer += 1
        pieceIndex += 1
        compress = pieceIndex
        continue
      }
      var value: UInt16 = 0
      var length = 0
      while length < 4, let byte = at(pointer), let digit = PercentEncodeSet.hexValue(byte) {
        value = value << 4 | UInt16(digit)
        pointer += 1
        length += 1
      }
      if at(pointer) == UInt8(ascii: ".") {
        guard length > 0 else { throw AddressError(.invalidIPv6, "IPv4 part without digits") }
        pointer -= length
        guard pieceIndex <= 6 else { throw AddressError(.invalidIPv6, "IPv4 part too late") }
        try parseEmbeddedIPv4(input, from: pointer, into: &address, at: &pieceIndex)
        pointer = count
        break
      } else if at(pointer) == UInt8(ascii: ":") {
        pointer += 1
        guard at(pointer) != nil else { throw AddressError(.invalidIPv6, "ends with a single \":\"") }
      } else if let other = at(pointer) {
        throw AddressError(.invalidIPv6, "unexpected code point \(AddressError.show(byte: other))")
      }
      address[pieceIndex] = value
      pieceIndex += 1
    }
    if let compress {
      var swaps = pieceIndex - compress
      pieceIndex = 7
      while pieceIndex != 0 && swaps > 0 {
        address.swapAt(pieceIndex, compress + swaps - 1)
        pieceIndex -= 1
        swaps -= 1
      }
    } else if pieceIndex != 8 {
      throw AddressError(.invalidIPv6, "fewer than eight pieces and no \"::\"")
    }
    return address
  }

  private static func parseEmbeddedIPv4(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, into address: inout [UInt16], at pieceIndex: inout Int
  ) throws(AddressError) {
    var pointer = start
    var numbersSeen = 0
    while pointer < input.count {
      if numbersSeen > 0 {
        guard input[pointer] == UInt8(ascii: "."), numbersSeen < 4 else {
          throw AddressError(.invalidIPv6, "malformed IPv4 part")
        }
        pointer += 1
      }
      guard pointer < input.count, isDigit(input[pointer]) else {
        throw AddressError(.invalidIPv6, "malformed IPv4 part")
      }
      var piece: Int?
      while pointer < input.count, isDigit(input[pointer]) {
        let number = Int(input[pointer] - UInt8(ascii: "0"))
        if let current = piece {
          guard current != 0 else { throw AddressError(.invalidIPv6, "IPv4 part with a leading zero") }
          piece = current * 10 + number
        } else {
          piece = number
        }
        guard piece! <= 255 else { throw AddressError(.invalidIPv6, "IPv4 part greater than 255") }
        pointer += 1
      }
      address[pieceIndex] = address[pieceIndex] << 8 | UInt16(piece!)
      numbersSeen += 1
      if numbersSeen == 2 || numbersSeen == 4 {
        pieceIndex += 1
      }
    }
    guard numbersSeen == 4 else { throw AddressError(.invalidIPv6, "IPv4 part with fewer than four numbers") }
  }

  /// The URL Standard's compressed form without brackets: lower-case hex, the first longest run
  /// of two or more zero pieces written `::`, no dotted IPv4 tail (`::ffff:102:304`).
  static func serializeIPv6(_ pieces: [UInt16]) -> String {
    var bestStart = -1
    var bestLength = 1
    var index = 0
    while index < pieces.count {
      guard pieces[index] == 0 else {
        index += 1
        continue
      }
      var end = index
      while end < pieces.count && pieces[end] == 0 {
        end += 1
      }
      if end - index > bestLength {
        bestStart = index
        bestLength = end - index
      }
      index = end
    }
    var output = ""
    var ignore0 = false
    for (index, piece) in pieces.enumerated() {
      if ignore0 && piece == 0 { continue }
      ignore0 = false
      if index == bestStart {
        output += index == 0 ? "::" : ":"
        ignore0 = true
        continue
      }
      output += String(piece, radix: 16)
      if index != pieces.count - 1 {
        output += ":"
      }
    }
    return output
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
