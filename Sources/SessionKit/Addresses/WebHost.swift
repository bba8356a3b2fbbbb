/// The host of a ``WebAddress``, as the URL Standard's host parser produces it.
///
/// Domains are ASCII, lower-case, with internationalised labels in their punycode (`xn--`) form
/// (UTS #46 as the URL Standard runs it), and keep the trailing dot of a fully qualified name as
/// the standard does: `https://example.com./` is another origin than `https://example.com/`.
/// Compare hosts as DNS names with ``dnsName``, which drops that dot.
///
/// Named `WebHost` rather than `Host` so that it does not clash with Foundation's `Host` class in
/// files that import both modules.
package enum WebHost: Sendable, Hashable, CustomStringConvertible {
  /// A domain name: ASCII, lower-case, punycode for IDN labels, a trailing dot kept.
  case domain(String)
  /// An IPv4 address, most significant byte first (`127.0.0.1` is `0x7F00_0001`).
  case ipv4(UInt32)
  /// An IPv6 address as its eight 16-bit pieces.
  case ipv6([UInt16])
  /// The host of a non-special URL (`itms-apps://apps.apple.com`), kept as written apart from
  /// percent-encoding of controls and non-ASCII; not lower-cased, no IDNA.
  case opaque(String)
  /// The empty host, as in `file:///etc/hosts` or `foo://`.
  case empty

  /// Parses `string` as the host of an `http` or `https` URL would be parsed: percent-decoding,
  /// IDNA to punycode, lower-casing, IPv4 forms (`0x7f.1`), bracketed IPv6 (`[::1]`).
  ///
  /// Use it to validate and normalise hosts written in configuration (policy host patterns).
  /// - Throws: ``AddressError`` when the string is empty or not a valid host.
  package init(_ string: String) throws(AddressError) {
    var copy = string
    let result = copy.withUTF8 { bytes in
      Result { () throws(AddressError) -> WebHost in
        guard !bytes.isEmpty else { throw AddressError(.emptyHost, "the host is empty") }
        return try HostParser.parse(bytes, isOpaque: false)
      }
    }
    do {
      self = try result.get()
    } catch {
      throw error.about(string)
    }
  }

  /// The host as it appears in a serialized URL: `example.com`, `1.2.3.4`, `[::1]`, or `""` for
  /// the empty host.
  package var serialized: String {
    switch self {
    case .domain(let name): name
    case .ipv4(let address): IPAddressParser.serializeIPv4(address)
    case .ipv6(let pieces): "[" + IPAddressParser.serializeIPv6(pieces) + "]"
    case .opaque(let host): host
    case .empty: ""
    }
  }

  /// The serialized host; see ``serialized``.
  package var description: String { serialized }

  /// Whether the host is an IPv4 or IPv6 address (an IP literal is its own site).
  package var isIPAddress: Bool {
    switch self {
    case .ipv4, .ipv6: true
    case .domain, .opaque, .empty: false
    }
  }

  /// The host as a DNS name: a domain without one trailing dot (`example.com.` is `example.com`), any other
  /// host as ``serialized``. Policies match `hosts` and `sites` and judge `crossSite` by it.
  package var dnsName: String {
    guard case .domain(let name) = self, name.utf8.count > 1, name.utf8.last == UInt8(ascii: ".") else {
      return serialized
    }
    return String(name.dropLast())
  }

  /// Whether the host is a domain with an empty label other than one trailing dot (`a..example.com`,
  /// `evil.example..`, `.example.com`, `.`): the URL Standard accepts such a host, but no DNS resolves it,
  /// so policies judge a URL with one as invalid.
  package var hasEmptyLabel: Bool {
    guard case .domain(var name) = self else { return false }
    return name.withUTF8(Self.hasEmptyLabel)
  }

  /// ``hasEmptyLabel`` of a domain's bytes (one trailing dot allowed).
  static func hasEmptyLabel(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var previous = UInt8(ascii: ".")
    for byte in bytes {
      if byte == UInt8(ascii: ".") && previous == UInt8(ascii: ".") { return true }
      previous = byte
    }
    return bytes.count == 1
  }

  /// ``dnsName`` of a domain's bytes: without one trailing dot.
  @inline(__always)
  static func dnsName(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    let count = bytes.count > 1 && bytes[bytes.count - 1] == UInt8(ascii: ".") ? bytes.count - 1 : bytes.count
    return UnsafeBufferPointer(start: bytes.baseAddress, count: count)
  }

  /// The domain name when the host is a domain, else `nil`.
  package var domain: String? {
    if case .domain(let name) = self { name } else { nil }
  }
}
