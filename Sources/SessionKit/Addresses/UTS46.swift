/// UTS #46 ToASCII as the URL Standard's "domain to ASCII" runs it: CheckHyphens, UseSTD3ASCIIRules,
/// Transitional_Processing and VerifyDnsLength off; CheckBidi and CheckJoiners on.
///
/// Any error UTS #46 would record fails the whole domain (the URL Standard treats a recorded error as
/// failure), so processing stops at the first one and says which rule and code point.
enum UTS46 {
  private static let zeroWidthNonJoiner: Unicode.Scalar = "\u{200C}"
  private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
  private static let viramaClass: UInt8 = 9

  /// The ASCII form of a domain: mapped, NFC, split into labels, `xn--` labels decoded and checked, every
  /// label validated, the bidi rule applied to bidi domain names, and non-ASCII labels punycode-encoded.
  static func toASCII(_ input: some Sequence<Unicode.Scalar>, data: IDNAData = .shared) throws(AddressError)
    -> [UInt8]
  {
    var mapped: [Unicode.Scalar] = []
    mapped.reserveCapacity(input.underestimatedCount + 8)
    for scalar in input {
      if scalar.isASCII {
        let value = scalar.value
        mapped.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value | 0x20)! : scalar)
        continue
      }
      let (status, replacement) = data.mapping(of: scalar)
      switch status {
      case .valid, .deviation: mapped.append(scalar)
      case .mapped: mapped.append(contentsOf: replacement)
      case .ignored: continue
      case .disallowed: throw AddressError(.invalidHost, "disallowed code point \(show(scalar))")
      }
    }
    let normalized = CanonicalComposition.nfc(mapped, data: data)
    // Mapping leaves only valid code points; composition can make others, which must be checked again.
    let recheckStatus = normalized != mapped

    var labels: [[Unicode.Scalar]] = []
    var isBidiDomain = false
    for label in normalized.split(separator: ".", omittingEmptySubsequences: false) {
      var label = Array(label)
      if hasACEPrefix(label) {
        label = try decodeACELabel(label, data: data)
      } else {
        try validate(label, data: data, checkStatus: recheckStatus)
      }
      if !isBidiDomain {
        isBidiDomain = label.contains { !$0.isASCII && isRightToLeftOrArabicNumber($0, data: data) }
      }
      labels.append(label)
    }
    if isBidiDomain {
      try checkBidiDomain(labels, data: data)
    }

    var output: [UInt8] = []
    output.reserveCapacity(normalized.count + 8)
    for (index, label) in labels.enumerated() {
      if index > 0 {
        output.append(UInt8(ascii: "."))
      }
      if label.allSatisfy(\.isASCII) {
        output.append(contentsOf: label.lazy.map { UInt8($0.value) })
      } else {
        guard let encoded = Punycode.encode(label) else {
          throw AddressError(.invalidPunycode, "a label is too long to encode")
        }
        output.append(contentsOf: "xn--".utf8)
        output.append(contentsOf: encoded)
      }
    }
    return output
  }

  private static func hasACEPrefix(_ label: [Unicode.Scalar]) -> Bool {
    label.count >= 4 && label[0] == "x" && label[1] == "n" && label[2] == "-" && label[3] == "-"
  }

  /// Step 4.1 of UTS #46 processing: an `xn--` label must be ASCII, valid punycode, decode to a non-empty
  /// label with a non-ASCII code point, and that label must pass the validity criteria.
  private static func decodeACELabel(_ label: [Unicode.Scalar], data: IDNAData) throws(AddressError)
    -> [Unicode.Scalar]
  {
    let name = String(String.UnicodeScalarView(label))
    guard label.allSatisfy(\.isASCII) else {
      throw AddressError(.invalidPunycode, "\"\(name)\" has a non-ASCII code point")
    }
    guard let decoded = Punycode.decode(label[4...].lazy.map { UInt8($0.value) }) else {
      throw AddressError(.invalidPunycode, "\"\(name)\" is not valid punycode")
    }
    guard decoded.contains(where: { !$0.isASCII }) else {
      throw AddressError(.invalidPunycode, "\"\(name)\" does not decode to a non-ASCII label")
    }
    do {
      try validate(decoded, data: data, isDecoded: true, checkStatus: true)
    } catch {
      throw AddressError(.invalidPunycode, "\"\(name)\" decodes to a label with a \(error.detail)")
    }
    return decoded
  }

  /// The validity criteria (UTS #46 §4.1) with the URL Standard's flags.
  private static func validate(
    _ label: [Unicode.Scalar], data: IDNAData, isDecoded: Bool = false, checkStatus: Bool
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
      guard CanonicalComposition.nfc(label, data: data) == label else {
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
  private static func checkJoiners(_ label: [Unicode.Scalar], data: IDNAData) throws(AddressError) {
    for index in label.indices where label[index] == zeroWidthNonJoiner || label[index] == zeroWidthJoiner {
      if index > 0 && !label[index - 1].isASCII && data.properties(of: label[index - 1]).combiningClass == viramaClass {
        continue
      }
      if label[index] == zeroWidthNonJoiner && joinsOnBothSides(label, index, data: data) {
        continue
      }
      throw AddressError(.invalidHost, "\(show(label[index])) outside the context where it is allowed")
    }
  }

  private static func joinsOnBothSides(_ label: [Unicode.Scalar], _ index: Int, data: IDNAData) -> Bool {
    var before = index - 1
    while before >= 0 && data.properties(of: label[before]).joiningType == .transparent {
      before -= 1
    }
    guard before >= 0 else { return false }
    let left = data.properties(of: label[before]).joiningType
    guard left == .left || left == .dual else { return false }
    var after = index + 1
    while after < label.count && data.properties(of: label[after]).joiningType == .transparent {
      after += 1
    }
    guard after < label.count else { return false }
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
  private static func checkBidiDomain(_ labels: [[Unicode.Scalar]], data: IDNAData) throws(AddressError) {
    var afterRightToLeft = false
    for label in labels where !label.isEmpty {
      if label.allSatisfy(isLDH) {
        if afterRightToLeft && ("0"..."9").contains(label[0]) {
          throw AddressError(
            .invalidHost,
            "label \"\(String(String.UnicodeScalarView(label)))\" starts with a digit after a right-to-left label")
        }
        continue
      }
      try checkBidiRule(label, data: data)
      if !afterRightToLeft {
        afterRightToLeft = label.contains { !$0.isASCII && isRightToLeftOrArabicNumber($0, data: data) }
      }
    }
  }

  private static func isLDH(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "0"..."9", "-": true
    default: false
    }
  }

  /// The six conditions of RFC 5893 §2, for a label of a domain that has a right-to-left label.
  private static func checkBidiRule(_ label: [Unicode.Scalar], data: IDNAData) throws(AddressError) {
    let classes = label.map { data.properties(of: $0).bidiClass }
    func fail(_ rule: String) -> AddressError {
      AddressError(.invalidHost, "label \"\(String(String.UnicodeScalarView(label)))\" breaks the bidi rule: \(rule)")
    }
    let isRightToLeft: Bool
    switch classes[0] {
    case .r, .al: isRightToLeft = true
    case .l: isRightToLeft = false
    default: throw fail("it must start with a left-to-right or right-to-left letter")
    }
    let last = classes.lastIndex { $0 != .nsm } ?? 0
    if isRightToLeft {
      var hasEuropeanNumber = false
      var hasArabicNumber = false
      for bidiClass in classes {
        switch bidiClass {
        case .r, .al, .es, .cs, .et, .on, .bn, .nsm: continue
        case .en: hasEuropeanNumber = true
        case .an: hasArabicNumber = true
        case .l, .other: throw fail("a right-to-left label cannot hold a left-to-right character")
        }
      }
      guard [.r, .al, .en, .an].contains(classes[last]) else {
        throw fail("a right-to-left label must end with a right-to-left letter or a number")
      }
      if hasEuropeanNumber && hasArabicNumber {
        throw fail("a right-to-left label cannot mix European and Arabic digits")
      }
    } else {
      for bidiClass in classes {
        switch bidiClass {
        case .l, .en, .es, .cs, .et, .on, .bn, .nsm: continue
        default: throw fail("a left-to-right label cannot hold a right-to-left character")
        }
      }
      guard classes[last] == .l || classes[last] == .en else {
        throw fail("a left-to-right label must end with a left-to-right letter or a digit")
      }
    }
  }

  static func show(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
