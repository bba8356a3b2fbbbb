/// The Public Suffix List: the ICANN and private sections, with wildcard (`*.ck`) and exception
/// (`!www.ck`) rules, as browsers use it to tell sites apart (`alice.github.io` and
/// `bob.github.io` are two sites).
///
/// Rules are a trie of labels in a perfect hash table (`PackedSuffixTable`), every IDN rule both as listed and in
/// punycode, so Unicode and `xn--` input both match. A query walks the domain's labels from the right with one
/// probe per label: no per-label strings, no dictionary. The list compiled into SessionKit is generated at build
/// time and read in place: its first use costs nothing.
package struct PublicSuffixList: Sendable {
  /// What is known about one key: the rules that end there.
  struct Entry: OptionSet, Sendable {
    let rawValue: UInt32
    /// The key is a rule.
    static let rule = Entry(rawValue: PackedSuffixTable.ruleFlag)
    /// `*.key` is a rule.
    static let wildcard = Entry(rawValue: PackedSuffixTable.wildcardFlag)
    /// `!key` is a rule.
    static let exception = Entry(rawValue: PackedSuffixTable.exceptionFlag)
  }

  let table: PackedSuffixTable

  /// The number of rules read from the list (each counted once, whatever its forms).
  package let ruleCount: Int

  /// Parses the list's `.dat` format: one rule a line, `//` comments, a rule ending at the first
  /// whitespace, `*.` wildcard and `!` exception prefixes.
  ///
  /// Rules with an empty label or a label over 63 bytes are left out (no DNS name matches them). A list beyond
  /// the table's capacity (about 31 000 suffixes or 256 KB of distinct labels, three times the Public Suffix List)
  /// is left out whole: every name's public suffix is then its last label.
  package init(contents: String) {
    let (entries, ruleCount) = Self.entries(of: contents)
    self.table = PackedSuffixTable.build(entries) ?? PackedSuffixTable.build([])!
    self.ruleCount = ruleCount
  }

  /// The compiled-in list.
  private init(embedded: Void) {
    self.table = PackedSuffixTable(
      bytes: PublicSuffixTableData.bytes(), slotCount: PublicSuffixTableData.slotCount,
      bucketCount: PublicSuffixTableData.bucketCount)
    self.ruleCount = PublicSuffixTableData.ruleCount
  }

  /// The rules' keys in all their forms, each with its kind, and the number of rules.
  @_optimize(size)
  static func entries(of contents: String) -> (entries: [([UInt8], UInt32)], ruleCount: Int) {
    var entries: [([UInt8], UInt32)] = []
    entries.reserveCapacity(16_384)
    var ruleCount = 0
    let text = contents[...]
    let bytes = text.utf8
    var lineStart = bytes.startIndex
    // Lines found with a loop rather than `split`, whose copy for this type would be in every app.
    while lineStart < bytes.endIndex {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      let line = bytes[lineStart..<lineEnd]
      lineStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
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
        entries.append((Array(form.utf8), kind.rawValue))
      }
    }
    return (entries, ruleCount)
  }

  /// A rule's key lower-cased, plus its punycode form when it has Unicode labels, or its Unicode
  /// form when it has `xn--` labels.
  @_optimize(size)
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
    // One walk over the labels decodes each `xn--` label; a key with none has no second form.
    var unicode = ""
    var hasPunycodeLabel = false
    var labelStart = form.startIndex
    while true {
      let labelEnd = form[labelStart...].firstIndex(of: ".") ?? form.endIndex
      let label = form[labelStart..<labelEnd]
      let isPunycode = label.hasPrefix("xn--")
      hasPunycodeLabel = hasPunycodeLabel || isPunycode
      if isPunycode, let scalars = Punycode.decode(label.utf8.dropFirst(4)) {
        unicode += String(String.UnicodeScalarView(scalars))
      } else {
        unicode += label
      }
      guard labelEnd < form.endIndex else { break }
      unicode += "."
      labelStart = form.index(after: labelEnd)
    }
    return hasPunycodeLabel ? [form, Substring(unicode)] : [form]
  }

  /// The list compiled into SessionKit: tables generated at build time from `Scripts/Data/public_suffix_list.dat`
  /// and read in place, with no parse and no allocation at first use.
  ///
  /// The list is part of the binary (generated Swift source, not a bundle resource), so it is always present:
  /// Xcode previews and static-framework setups without resource bundles judge sites like any app.
  package static let shared = PublicSuffixList(embedded: ())

  /// The `VERSION` of the list compiled into SessionKit (for example `2026-10-22_08-36-41_UTC`).
  package static let embeddedVersion = PublicSuffixTableData.version

  /// The public suffix of `domain` (`co.uk` for `www.example.co.uk`), lower-cased, in the input's
  /// form (Unicode or punycode). A domain matching no rule has its last label as public suffix.
  /// `nil` for an empty domain, a leading dot or an empty label; one trailing dot is ignored.
  package func publicSuffix(of domain: String) -> String? {
    guard var name = Self.normalized(domain) else { return nil }
    return name.withUTF8 { bytes in String(decoding: bytes[outlinedSuffixStart(in: bytes)...], as: UTF8.self) }
  }

  /// The registrable domain (eTLD+1) of `domain` (`example.co.uk` for `www.example.co.uk`),
  /// lower-cased, in the input's form. `nil` when `domain` is itself a public suffix, or invalid
  /// as for ``publicSuffix(of:)``.
  package func registrableDomain(of domain: String) -> String? {
    guard var name = Self.normalized(domain) else { return nil }
    return name.withUTF8 { bytes in
      let suffix = outlinedSuffixStart(in: bytes)
      return suffix > 0 ? String(decoding: bytes[Self.labelStart(before: suffix, in: bytes)...], as: UTF8.self) : nil
    }
  }

  /// Whether `domain` is a public suffix (`com`, `co.uk`, `github.io`, or any unlisted TLD).
  package func isPublicSuffix(_ domain: String) -> Bool {
    guard var name = Self.normalized(domain) else { return false }
    return name.withUTF8 { outlinedSuffixStart(in: $0) == 0 }
  }

  /// A parsed domain host's bytes (lower-case ASCII) as a DNS name, without one trailing dot, and where its site
  /// starts in it: at its registrable domain, or at 0 when it has none or, when `mayHaveEmptyLabel`, when it has
  /// an empty label (such a name has no registrable domain: its site is the whole name). `Site(host:list:)` on
  /// bytes, for ``WebAddress/site(using:)`` and the policy's host walk.
  @inline(__always)
  func site(
    ofDomain host: UnsafeBufferPointer<UInt8>, mayHaveEmptyLabel: Bool = true
  ) -> (name: UnsafeBufferPointer<UInt8>, siteStart: Int) {
    let name = WebHost.dnsName(host)
    let siteStart = mayHaveEmptyLabel && WebHost.hasEmptyLabel(host) ? 0 : registrableStart(in: name) ?? 0
    return (name, siteStart)
  }

  /// Where the registrable domain of a normalized name (lower-case, no trailing dot, no empty label)
  /// starts; `nil` when the name is a public suffix.
  @inline(__always)
  func registrableStart(in name: UnsafeBufferPointer<UInt8>) -> Int? {
    let suffix = publicSuffixStart(in: name)
    guard suffix > 0 else { return nil }
    return Self.labelStart(before: suffix, in: name)
  }

  /// Where the label that ends just before `suffix` (which is past a dot) starts.
  @inline(__always)
  private static func labelStart(before suffix: Int, in name: UnsafeBufferPointer<UInt8>) -> Int {
    var index = suffix - 1
    while index > 0 && name[index - 1] != UInt8(ascii: ".") {
      index -= 1
    }
    return index
  }

  /// ``publicSuffixStart(in:)`` as one function for the string API, which is not on the decision path: one copy
  /// of the walk instead of one in each of its callers.
  @inline(never)
  private func outlinedSuffixStart(in name: UnsafeBufferPointer<UInt8>) -> Int {
    publicSuffixStart(in: name)
  }

  /// Where the public suffix of a normalized name starts, by the prevailing rule: an exception
  /// wins, else the longest matching rule or wildcard, else the default rule `*` (one label).
  /// One probe per label, from the right, until no longer rule can match. Inlined into its callers (a site's
  /// lookup and the policy's host walk): a call would save and restore the walk's registers each time.
  @inline(__always)
  func publicSuffixStart(in name: UnsafeBufferPointer<UInt8>) -> Int {
    var walk = LabelWalk(count: name.count)
    guard walk.step(name) else { return 0 }
    var result = walk.start
    var suffix = name.count
    var parentHasWildcard = false
    var node = PackedSuffixTable.rootParent
    repeat {
      let longer = walk.start
      if parentHasWildcard {
        result = longer
      }
      let labelEnd = suffix == name.count ? suffix : suffix - 1
      let child = table.child(
        of: node, hash: walk.hash, label: UnsafeBufferPointer(rebasing: name[longer..<labelEnd]))
      guard child != PackedSuffixTable.noChild else { break }
      let entry = Entry(rawValue: child & 7)
      if entry.contains(.exception) {
        return suffix == name.count ? longer : suffix
      }
      if entry.contains(.rule) {
        result = longer
      }
      parentHasWildcard = entry.contains(.wildcard)
      suffix = longer
      node = child >> 3
    } while walk.step(name)
    return result
  }

  /// The domain lower-cased without one trailing dot; `nil` when empty or with an empty label.
  private static func normalized(_ domain: String) -> String? {
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
    return domain.utf8.last == UInt8(ascii: ".") ? String(domain.dropLast()) : domain
  }

  /// ``normalized(_:)`` for names that need lower-casing (upper case or non-ASCII).
  private static func slowNormalized(_ domain: String) -> String? {
    var name = domain.lowercased()
    if name.utf8.last == UInt8(ascii: ".") {
      name.removeLast()
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
