/// Punycode (RFC 3492), the Bootstring encoding IDNA uses for the `xn--` form of non-ASCII labels.
///
/// Works on a single label without its `xn--` prefix. Both directions fail (return `nil`)
/// instead of overflowing, as the RFC's reference implementation does.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 128
  private static let delimiter = UInt8(ascii: "-")

  /// Appends the encoding of one label to `output`: its ASCII code points, then the rest after
  /// the last `-`. Returns `false` on arithmetic overflow (labels far longer than DNS allows).
  static func encode(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, into output: inout [UInt8]) -> Bool {
    let outputStart = output.count
    for scalar in scalars where scalar.isASCII {
      output.append(UInt8(scalar.value))
    }
    let basicCount = output.count - outputStart
    var handled = basicCount
    if basicCount > 0 {
      output.append(delimiter)
    }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < scalars.count {
      var next = Int.max
      for scalar in scalars where Int(scalar.value) >= n && Int(scalar.value) < next {
        next = Int(scalar.value)
      }
      let (product, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - product else { return false }
      delta += product
      n = next
      for scalar in scalars {
        let value = Int(scalar.value)
        if value < n {
          delta += 1
          guard delta <= Int(Int32.max) else { return false }
        }
        guard value == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = threshold(k, bias)
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, handled + 1, handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return true
  }

  /// Decodes one label's punycode (without `xn--`) into code points, or `nil` when the input
  /// is not valid punycode (a non-basic code point, a bad digit, truncation, overflow, or a
  /// result that is not a Unicode scalar value).
  static func decode(_ input: some Collection<UInt8>) -> [Unicode.Scalar]? {
    let bytes = Array(input)
    var output: [Unicode.Scalar] = []
    var position = 0
    if let last = bytes.lastIndex(of: delimiter), last > 0 {
      for byte in bytes[..<last] {
        guard byte < 0x80 else { return nil }
        output.append(Unicode.Scalar(byte))
      }
      position = last + 1
    }
    var n = initialN
    var i = 0
    var bias = initialBias
    while position < bytes.count {
      let oldI = i
      var weight = 1
      var k = base
      while true {
        guard position < bytes.count, let value = digitValue(bytes[position]) else { return nil }
        position += 1
        let (product, overflow) = value.multipliedReportingOverflow(by: weight)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = threshold(k, bias)
        if value < t { break }
        let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
        guard !weightOverflow, nextWeight <= Int(Int32.max) else { return nil }
        weight = nextWeight
        k += base
      }
      let length = output.count + 1
      bias = adapt(i - oldI, length, oldI == 0)
      n += i / length
      i %= length
      guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
      output.insert(scalar, at: i)
      i += 1
    }
    return output
  }

  private static func threshold(_ k: Int, _ bias: Int) -> Int {
    if k <= bias { return tMin }
    if k >= bias + tMax { return tMax }
    return k - bias
  }

  private static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
    var delta = firstTime ? delta / damp : delta / 2
    delta += delta / numPoints
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    default: nil
    }
  }
}
