/// UTS #46 ToASCII as the URL Standard's "domain to ASCII" runs it: CheckHyphens, UseSTD3ASCIIRules,
/// Transitional_Processing and VerifyDnsLength off; CheckBidi and CheckJoiners on.
///
/// Any error UTS #46 would record fails the whole domain (the URL Standard treats a recorded error as
/// failure), so processing stops at the first one and says which rule and code point.
enum UTS46 {
  private static let zeroWidthNonJoiner: Unicode.Scalar = "\u{200C}"
  private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
  private static let viramaClass: UInt8 = 9

  /// The ASCII form of a UTF-8 domain (percent-decoded; an invalid sequence is U+FFFD, which is disallowed):
  /// mapped, NFC, split into labels, `xn--` labels decoded and checked, every label validated, the bidi rule
  /// applied to bidi domain names, and non-ASCII labels punycode-encoded.
  static func toASCII(utf8: UnsafeBufferPointer<UInt8>, data: IDNAData = .shared) throws(AddressError) -> [UInt8] {
    var mapped: [Unicode.Scalar] = []
    mapped.reserveCapacity(utf8.count + 8)
    // Gathered while mapping, so that later steps need not look every scalar up again.
    var facts = DomainFacts()
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x80 {
        mapped.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte))
        index += 1
        continue
      }
      guard let (scalar, length) = decodeUTF8(utf8, at: index) else {
        throw AddressError(.invalidHost, "the host is not valid UTF-8 (U+FFFD is disallowed)")
      }
      index += length
      let (status, replacement, properties) = data.lookUp(scalar)
      switch status {
      case .valid, .deviation:
        mapped.append(scalar)
        facts.note(properties)
      case .mapped:
        for replacement in replacement {
          mapped.append(replacement)
          if replacement.value >= 0x300 { facts.note(data.properties(of: replacement)) }
        }
      case .ignored: continue
      case .disallowed: throw AddressError(.invalidHost, "disallowed code point \(show(scalar))")
      }
    }
    return try toASCII(mapped: mapped, facts: facts, data: data)
  }

  /// What the mapped domain holds that decides which later steps have work to do.
  private struct DomainFacts {
    /// A scalar that NFC may change or reorder: the domain needs normalizing.
    var needsNormalization = false
    /// A right-to-left or Arabic-number scalar: a bidi domain name.
    var isBidi = false

    /// Notes the properties of a scalar of the mapped domain; below U+0300 every one is NFC-stable, of class 0,
    /// and neither R, AL nor AN, so callers may skip those.
    @inline(__always)
    mutating func note(_ properties: IDNAData.Properties) {
      if properties.mayChangeUnderNFC || properties.combiningClass != 0 { needsNormalization = true }
      switch properties.bidiClass {
      case .r, .al, .an: isBidi = true
      default: break
      }
    }
  }

  /// The scalar of the multi-byte UTF-8 sequence at `index` and its length; `nil` when ill-formed.
  @inline(__always)
  private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF:
      (length, value) = (3, UInt32(lead & 0x0F))
      if lead == 0xE0 { low = 0xA0 } else if lead == 0xED { high = 0x9F }
    case 0xF0...0xF4:
      (length, value) = (4, UInt32(lead & 0x07))
      if lead == 0xF0 { low = 0x90 } else if lead == 0xF4 { high = 0x8F }
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte >= (offset == 1 ? low : 0x80), byte <= (offset == 1 ? high : 0xBF) else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  private static func toASCII(mapped: [Unicode.Scalar], facts: DomainFacts, data: IDNAData) throws(AddressError)
    -> [UInt8]
  {
    var domain = facts.needsNormalization ? CanonicalComposition.nfc(mapped, data: data) : mapped
    // Mapping leaves only valid code points; composition can make others, which must be checked again.
    let recheckStatus = facts.needsNormalization && domain != mapped
    var isBidiDomain =
      recheckStatus ? domain.contains { !$0.isASCII && isRightToLeftOrArabicNumber($0, data: data) } : facts.isBidi
    // Labels are read through a buffer (slicing an array retains it) and found again by each step rather than
    // kept in an array: splitting at full stops costs less than allocating.
    let hasACELabel = try domain.withUnsafeTypedBufferPointer { (domain) throws(AddressError) -> Bool in
      var hasACELabel = false
      try forEachLabel(of: domain) { (label, _) throws(AddressError) in
        if hasACEPrefix(label) {
          hasACELabel = true
        } else if !label.allSatisfy(\.isASCII) {
          // An all-ASCII label is valid as it is: no mark, joiner or invalid code point.
          try validate(label, data: data, checkStatus: recheckStatus)
        }
      }
      return hasACELabel
    }
    if hasACELabel {
      // `xn--` labels are replaced by what they decode to (which holds no full stop: validation refuses one).
      domain = try domain.withUnsafeTypedBufferPointer { (domain) throws(AddressError) -> [Unicode.Scalar] in
        var decodedDomain: [Unicode.Scalar] = []
        decodedDomain.reserveCapacity(domain.count)
        try forEachLabel(of: domain) { (label, position) throws(AddressError) in
          if position > 0 { decodedDomain.append(".") }
          if hasACEPrefix(label) {
            decodedDomain.append(contentsOf: try decodeACELabel(label, data: data))
          } else {
            decodedDomain.append(contentsOf: label)
          }
        }
        return decodedDomain
      }
      isBidiDomain = domain.contains { !$0.isASCII && isRightToLeftOrArabicNumber($0, data: data) }
    }
    return try domain.withUnsafeTypedBufferPointer { (domain) throws(AddressError) -> [UInt8] in
      if isBidiDomain {
        try checkBidiDomain(domain, data: data)
      }
      var output: [UInt8] = []
      output.reserveCapacity(domain.count + 8)
      try forEachLabel(of: domain) { (label, position) throws(AddressError) in
        if position > 0 {
          output.append(UInt8(ascii: "."))
        }
        if label.allSatisfy(\.isASCII) {
          for scalar in label { output.append(UInt8(truncatingIfNeeded: scalar.value)) }
        } else {
          output.append(contentsOf: "xn--".utf8)
          guard Punycode.encode(label, into: &output) else {
            throw AddressError(.invalidPunycode, "a label is too long to encode")
          }
        }
      }
      return output
    }
  }

  /// Calls `body` with each label of `domain` (split at full stops, empty labels included) and its position.
  @inline(__always)
  private static func forEachLabel(
    of domain: UnsafeBufferPointer<Unicode.Scalar>,
    _ body: (UnsafeBufferPointer<Unicode.Scalar>, Int) throws(AddressError) -> Void
  ) throws(AddressError) {
    var start = 0
    var position = 0
    for index in 0...domain.count where index == domain.count || domain[index] == "." {
      try body(UnsafeBufferPointer(rebasing: domain[start..<index]), position)
      start = index + 1
      position += 1
    }
  }

  private static func hasACEPrefix(_ label: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
    let start = label.startIndex
    return label.count >= 4 && label[start] == "x" && label[start + 1] == "n" && label[start + 2] == "-"
      && label[start + 3] == "-"
  }

  /// Step 4.1 of UTS #46 processing: an `xn--` label must be ASCII, valid punycode, decode to a non-empty
  /// label with a non-ASCII code point, and that label must pass the validity criteria.
  private static func decodeACELabel(_ label: UnsafeBufferPointer<Unicode.Scalar>, data: IDNAData) throws(AddressError)
    -> [Unicode.Scalar]
  {
    let name = String(String.UnicodeScalarView(label))
    guard label.allSatisfy(\.isASCII) else {
      throw AddressError(.invalidPunycode, "\"\(name)\" has a non-ASCII code point")
    }
    guard let decoded = Punycode.decode(label.dropFirst(4).lazy.map { UInt8($0.value) }) else {
      throw AddressError(.invalidPunycode, "\"\(name)\" is not valid punycode")
    }
    guard decoded.contains(where: { !$0.isASCII }) else {
      throw AddressError(.invalidPunycode, "\"\(name)\" does not decode to a non-ASCII label")
    }
    do {
      try decoded.withUnsafeTypedBufferPointer { (decoded) throws(AddressError) in
        try validate(decoded, data: data, isDecoded: true, checkStatus: true)
      }
    } catch {
      throw AddressError(.invalidPunycode, "\"\(name)\" decodes to a label with a \(error.detail)")
    }
    return decoded
  }

  /// The validity criteria (UTS #46 §4.1) with the URL Standard's flags.
  private static func validate(
    _ label: UnsafeBufferPointer<Unicode.Scalar>, data: IDNAData, isDecoded: Bool = false, checkStatus: Bool
  ) throws(AddressError) {
    guard let first = label.first else { return }
    if isDecoded && hasACEPrefix(label) {
      throw AddressError(.invalidPunycode, "label that starts with \"xn--\"")
    }
    if checkStatus {
      for scalar in label {
        if scalar == "." { throw AddressError(.invalidHost, "full stop") }
        if scalar.isASCII {
          if scalar.value >= 0x41 && scalar.value <= 0x5A {
            throw AddressError(.invalidHost, "code point that is not in mapped form (\(show(scalar)))")
          }
          continue
        }
        switch data.mapping(of: scalar).0 {
        case .valid, .deviation: continue
        case .mapped, .ignored:
          throw AddressError(.invalidHost, "code point that is not in mapped form \(show(scalar))")
        case .disallowed: throw AddressError(.invalidHost, "disallowed code point \(show(scalar))")
        }
      }
    }
    if isDecoded {
      guard
        CanonicalComposition.isQuickCheckNFC(label, data: data)
          || CanonicalComposition.nfc(Array(label), data: data).elementsEqual(label)
      else {
        throw AddressError(.invalidHost, "label that is not in NFC")
      }
    }
    if !first.isASCII && data.properties(of: first).isMark {
      throw AddressError(.invalidHost, "label starting with combining mark \(show(first))")
    }
    try checkJoiners(label, data: data)
  }

  /// CONTEXTJ (RFC 5892 appendix A.1, A.2): a joiner needs a virama before it; a non-joiner may instead sit
  /// between a left- or dual-joining and a right- or dual-joining letter, transparent letters aside.
  private static func checkJoiners(_ label: UnsafeBufferPointer<Unicode.Scalar>, data: IDNAData) throws(AddressError) {
    for index in label.indices where label[index] == zeroWidthNonJoiner || label[index] == zeroWidthJoiner {
      if index > label.startIndex && !label[index - 1].isASCII
        && data.properties(of: label[index - 1]).combiningClass == viramaClass
      {
        continue
      }
      if label[index] == zeroWidthNonJoiner && joinsOnBothSides(label, index, data: data) {
        continue
      }
      throw AddressError(.invalidHost, "\(show(label[index])) outside the context where it is allowed")
    }
  }

  private static func joinsOnBothSides(_ label: UnsafeBufferPointer<Unicode.Scalar>, _ index: Int, data: IDNAData)
    -> Bool
  {
    var before = index - 1
    while before >= label.startIndex && data.properties(of: label[before]).joiningType == .transparent {
      before -= 1
    }
    guard before >= label.startIndex else { return false }
    let left = data.properties(of: label[before]).joiningType
    guard left == .left || left == .dual else { return false }
    var after = index + 1
    while after < label.endIndex && data.properties(of: label[after]).joiningType == .transparent {
      after += 1
    }
    guard after < label.endIndex else { return false }
    let right = data.properties(of: label[after]).joiningType
    return right == .right || right == .dual
  }

  private static func isRightToLeftOrArabicNumber(_ scalar: Unicode.Scalar, data: IDNAData) -> Bool {
    switch data.properties(of: scalar).bidiClass {
    case .r, .al, .an: true
    default: false
    }
  }

  /// The bidi rule over a bidi domain name, with the carve-out RFC 5893 §2 makes for LDH labels (ASCII letters,
  /// digits and hyphens), as browsers apply it: they need not satisfy the rule, except that one starting with a
  /// digit must not come after a right-to-left label (`1.ي` is valid, `ي.1x` is not).
  private static func checkBidiDomain(_ domain: UnsafeBufferPointer<Unicode.Scalar>, data: IDNAData)
    throws(AddressError)
  {
    var afterRightToLeft = false
    try forEachLabel(of: domain) { (label, _) throws(AddressError) in
      if label.isEmpty { return }
      if label.allSatisfy(isLDH) {
        if afterRightToLeft && ("0"..."9").contains(label[0]) {
          throw AddressError(
            .invalidHost,
            "label \"\(String(String.UnicodeScalarView(label)))\" starts with a digit after a right-to-left label")
        }
        return
      }
      if try checkBidiRule(label, data: data) {
        afterRightToLeft = true
      }
    }
  }

  private static func isLDH(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "0"..."9", "-": true
    default: false
    }
  }

  /// The six conditions of RFC 5893 §2, for a label of a domain that has a right-to-left label. Returns whether
  /// the label is a right-to-left label in RFC 5893's sense (it has an R, AL or AN character).
  @discardableResult
  private static func checkBidiRule(_ label: UnsafeBufferPointer<Unicode.Scalar>, data: IDNAData) throws(AddressError)
    -> Bool
  {
    func fail(_ rule: String) -> AddressError {
      AddressError(.invalidHost, "label \"\(String(String.UnicodeScalarView(label)))\" breaks the bidi rule: \(rule)")
    }
    func bidiClass(_ scalar: Unicode.Scalar) -> IDNAData.BidiClass { data.properties(of: scalar).bidiClass }
    let isRightToLeft: Bool
    switch bidiClass(label[label.startIndex]) {
    case .r, .al: isRightToLeft = true
    case .l: isRightToLeft = false
    default: throw fail("it must start with a left-to-right or right-to-left letter")
    }
    var last = IDNAData.BidiClass.nsm
    var hasEuropeanNumber = false
    var hasArabicNumber = false
    var hasRightToLeft = false
    for scalar in label {
      let current = bidiClass(scalar)
      if current != .nsm { last = current }
      if current == .r || current == .al || current == .an { hasRightToLeft = true }
      switch (isRightToLeft, current) {
      case (true, .r), (true, .al), (true, .es), (true, .cs), (true, .et), (true, .on), (true, .bn), (true, .nsm):
        continue
      case (true, .en): hasEuropeanNumber = true
      case (true, .an): hasArabicNumber = true
      case (true, _): throw fail("a right-to-left label cannot hold a left-to-right character")
      case (false, .l), (false, .en), (false, .es), (false, .cs), (false, .et), (false, .on), (false, .bn),
        (false, .nsm):
        continue
      case (false, _): throw fail("a left-to-right label cannot hold a right-to-left character")
      }
    }
    if isRightToLeft {
      guard last == .r || last == .al || last == .en || last == .an else {
        throw fail("a right-to-left label must end with a right-to-left letter or a number")
      }
      if hasEuropeanNumber && hasArabicNumber {
        throw fail("a right-to-left label cannot mix European and Arabic digits")
      }
    } else if last != .l && last != .en {
      throw fail("a left-to-right label must end with a left-to-right letter or a digit")
    }
    return hasRightToLeft
  }

  static func show(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
