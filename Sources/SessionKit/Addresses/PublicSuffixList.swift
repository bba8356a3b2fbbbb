/// The Public Suffix List: the ICANN and private sections, with wildcard (`*.ck`) and exception
/// (`!www.ck`) rules, as browsers use it to tell sites apart (`alice.github.io` and
/// `bob.github.io` are two sites).
///
/// Rules are indexed once in a dictionary keyed by the rule's labels (every IDN rule both as
/// listed and in punycode, so Unicode and `xn--` input both match). A query walks the domain's
/// labels from the right with substring lookups: a handful of hash probes, no per-label strings.
public struct PublicSuffixList: Sendable {
  /// What is known about one key: the rules that end there, and whether longer rules do.
  private struct Entry: OptionSet, Sendable {
    let rawValue: UInt8
    /// The key is a rule.
    static let rule = Entry(rawValue: 1)
    /// `*.key` is a rule.
    static let wildcard = Entry(rawValue: 2)
    /// `!key` is a rule.
    static let exception = Entry(rawValue: 4)
    /// Some rule ends with `.key`: keep walking left.
    static let parent = Entry(rawValue: 8)
  }

  private let entries: [Substring: Entry]

  /// The number of rules read from the list (each counted once, whatever its forms).
  public let ruleCount: Int

  /// Parses the list's `.dat` format: one rule a line, `//` comments, a rule ending at the first
  /// whitespace, `*.` wildcard and `!` exception prefixes.
  public init(contents: String) {
    var entries: [Substring: Entry] = [:]
    entries.reserveCapacity(16_384)
    var ruleCount = 0
    let text = contents[...]
    for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
      let ruleEnd = line.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } ?? line.endIndex
      let rule = text[line.startIndex..<ruleEnd]
      guard !rule.isEmpty, !rule.hasPrefix("//") else { continue }
      ruleCount += 1
      let kind: Entry
      let key: Substring
      if rule.hasPrefix("!") {
        (kind, key) = (.exception, rule.dropFirst())
      } else if rule.hasPrefix("*.") {
        (kind, key) = (.wildcard, rule.dropFirst(2))
      } else {
        (kind, key) = (.rule, rule)
      }
      for form in Self.forms(of: key) {
        entries[form, default: []].insert(kind)
        var suffix = form[...]
        while let dot = suffix.firstIndex(of: ".") {
          suffix = suffix[suffix.index(after: dot)...]
          entries[suffix, default: []].insert(.parent)
        }
      }
    }
    self.entries = entries
    self.ruleCount = ruleCount
  }

  /// A rule's key lower-cased, plus its punycode form when it has Unicode labels, or its Unicode
  /// form when it has `xn--` labels.
  private static func forms(of key: Substring) -> [Substring] {
    let needsLowering = key.utf8.contains { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }
    let form = needsLowering ? Substring(key.lowercased()) : key
    if form.utf8.contains(where: { $0 >= 0x80 }) {
      let utf8 = Array(form.utf8)
      guard
        let ascii = try? utf8.withUnsafeBufferPointer({ (bytes) throws(AddressError) in
          try HostParser.domainToASCII(bytes)
        })
      else { return [form] }
      return [form, Substring(String(decoding: ascii, as: UTF8.self))]
    }
    guard hasPunycodeLabel(form) else { return [form] }
    let labels = form.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
      guard label.hasPrefix("xn--"), let scalars = Punycode.decode(label.utf8.dropFirst(4)) else {
        return String(label)
      }
      return String(String.UnicodeScalarView(scalars))
    }
    return [form, Substring(labels.joined(separator: "."))]
  }

  private static func hasPunycodeLabel(_ name: Substring) -> Bool {
    name.utf8.split(separator: UInt8(ascii: ".")).contains { $0.starts(with: "xn--".utf8) }
  }

  /// The list compiled into SessionKit, parsed on first use (about 40 ms in a release build, once per process).
  ///
  /// The list is part of the binary (generated Swift source, not a bundle resource), so it is always present:
  /// Xcode previews and static-framework setups without resource bundles judge sites like any app.
  public static let shared = PublicSuffixList(contents: PublicSuffixListText.text)

  /// The `VERSION` of the list compiled into SessionKit (for example `2026-10-22_08-36-41_UTC`).
  public static let embeddedVersion = PublicSuffixListText.version

  /// The public suffix of `domain` (`co.uk` for `www.example.co.uk`), lower-cased, in the input's
  /// form (Unicode or punycode). A domain matching no rule has its last label as public suffix.
  /// `nil` for an empty domain, a leading dot or an empty label; one trailing dot is ignored.
  public func publicSuffix(of domain: String) -> String? {
    guard let name = Self.normalized(domain) else { return nil }
    return String(name[publicSuffixStart(in: name)...])
  }

  /// The registrable domain (eTLD+1) of `domain` (`example.co.uk` for `www.example.co.uk`),
  /// lower-cased, in the input's form. `nil` when `domain` is itself a public suffix, or invalid
  /// as for ``publicSuffix(of:)``.
  public func registrableDomain(of domain: String) -> String? {
    guard let name = Self.normalized(domain),
      let start = Self.suffixStart(in: name, extending: publicSuffixStart(in: name))
    else { return nil }
    return String(name[start...])
  }

  /// Whether `domain` is a public suffix (`com`, `co.uk`, `github.io`, or any unlisted TLD).
  public func isPublicSuffix(_ domain: String) -> Bool {
    guard let name = Self.normalized(domain) else { return false }
    return publicSuffixStart(in: name) == name.startIndex
  }

  /// Where the public suffix of a normalized name starts, by the prevailing rule: an exception
  /// wins, else the longest matching rule or wildcard, else the default rule `*` (one label).
  private func publicSuffixStart(in name: Substring) -> String.Index {
    var suffix = name.endIndex
    var result = Self.suffixStart(in: name, extending: suffix) ?? name.startIndex
    var parentHasWildcard = false
    while let longer = Self.suffixStart(in: name, extending: suffix) {
      if parentHasWildcard {
        result = longer
      }
      guard let entry = entries[name[longer...]] else { break }
      if entry.contains(.exception) {
        return suffix == name.endIndex ? longer : suffix
      }
      if entry.contains(.rule) {
        result = longer
      }
      parentHasWildcard = entry.contains(.wildcard)
      suffix = longer
    }
    return result
  }

  /// The start of the suffix one label longer than the one starting at `suffix` (`endIndex`
  /// for the empty suffix); `nil` when `suffix` is already the whole name.
  private static func suffixStart(in name: Substring, extending suffix: String.Index) -> String.Index? {
    let utf8 = name.utf8
    guard suffix > utf8.startIndex else { return nil }
    var index = suffix == utf8.endIndex ? suffix : utf8.index(before: suffix)
    while index > utf8.startIndex {
      let previous = utf8.index(before: index)
      if utf8[previous] == UInt8(ascii: ".") { return index }
      index = previous
    }
    return utf8.startIndex
  }

  /// The domain lower-cased without one trailing dot; `nil` when empty or with an empty label.
  private static func normalized(_ domain: String) -> Substring? {
    // One pass over contiguous bytes (hosts from the URL parser are already lower-case ASCII, the hot case).
    var copy = domain
    let (needsLowering, hasEmptyLabel) = copy.withUTF8 { bytes -> (Bool, Bool) in
      var needsLowering = false
      var hasEmptyLabel = false
      var previous = UInt8(ascii: ".")
      let end = bytes.count > 0 && bytes[bytes.count - 1] == UInt8(ascii: ".") ? bytes.count - 1 : bytes.count
      for index in 0..<end {
        let byte = bytes[index]
        if byte >= 0x41 && byte <= 0x5A || byte >= 0x80 { needsLowering = true }
        if byte == UInt8(ascii: ".") && previous == UInt8(ascii: ".") { hasEmptyLabel = true }
        previous = byte
      }
      return (needsLowering, hasEmptyLabel || previous == UInt8(ascii: "."))
    }
    guard !needsLowering else { return slowNormalized(domain) }
    guard !hasEmptyLabel else { return nil }
    return domain.utf8.last == UInt8(ascii: ".") ? domain.dropLast() : domain[...]
  }

  /// ``normalized(_:)`` for names that need lower-casing (upper case or non-ASCII).
  private static func slowNormalized(_ domain: String) -> Substring? {
    var name = domain.lowercased()[...]
    if name.utf8.last == UInt8(ascii: ".") {
      name = name.dropLast()
    }
    guard !name.isEmpty else { return nil }
    var previous = UInt8(ascii: ".")
    for byte in name.utf8 {
      if byte == UInt8(ascii: ".") && previous == UInt8(ascii: ".") { return nil }
      previous = byte
    }
    return previous == UInt8(ascii: ".") ? nil : name
  }
}
