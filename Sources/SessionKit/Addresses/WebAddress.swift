/// A URL parsed as a browser parses it (the WHATWG URL Standard's basic URL parser), made once
/// per navigation action.
///
/// Unlike Foundation's RFC 3986 `URL`, it agrees with WebKit on what will actually be loaded:
/// in `http(s)` URLs `\` separates like `/` (`https://evil.net\@example.com/` loads
/// `evil.net`), the last `@` ends the credentials, leading and trailing spaces and controls are
/// stripped and tabs and newlines removed anywhere, hosts are percent-decoded, mapped to
/// lower-case punycode by UTS #46 and parsed as IPv4 when they end in a number (`http://0x7f.1/`),
/// dot segments are removed and default ports folded away.
///
/// A domain's trailing dot is kept, as the standard keeps it (`https://example.com./` is its own
/// origin); policies compare hosts as DNS names (``WebHost/dnsName``), where it does not count.
package struct WebAddress: Sendable, Hashable, CustomStringConvertible {
  /// The serialization (``serialized``), which every component is a slice of: one string to make, copy and
  /// free, as WHATWG URL libraries such as ada's `url_aggregator` keep it. For a URL the fast path accepts
  /// (``OrdinaryURL``), it is the input string itself.
  let href: String
  /// Where the components are in ``href``.
  let layout: Layout

  /// The scheme, lower-case, without `:` (`https`, `mailto`, `itms-apps`).
  package var scheme: String {
    switch layout.scheme {
    case .http: "http"
    case .https: "https"
    case .ws: "ws"
    case .wss: "wss"
    case .ftp: "ftp"
    case .file: "file"
    case .other: slice(0, layout.schemeEnd)
    }
  }
  /// The username, percent-encoded as the standard serializes it; `""` when there is none.
  package var username: String {
    let start = layout.schemeEnd + 3
    return layout.hostStart > start ? slice(start, layout.usernameEnd) : ""
  }
  /// The password, percent-encoded as the standard serializes it; `""` when there is none.
  package var password: String {
    // `user:password@host`: the password runs from after the username's `:` to the `@`.
    layout.usernameEnd + 1 < layout.hostStart ? slice(layout.usernameEnd + 1, layout.hostStart - 1) : ""
  }
  /// The host; `nil` when the URL has none (`tel:`, `mailto:`, `about:`, `data:`, `javascript:`).
  package var host: WebHost? {
    switch layout.hostKind {
    case .none: return nil
    case .domain: return .domain(slice(layout.hostStart, layout.hostEnd))
    case .opaque: return .opaque(slice(layout.hostStart, layout.hostEnd))
    case .empty: return .empty
    case .ipv4: return .ipv4(layout.ipv4)
    case .ipv6:
      // The serialization of pieces the parser produced, between the brackets: it parses back to them.
      let pieces = withUTF8 { bytes in
        try? IPAddressParser.parseIPv6(
          UnsafeBufferPointer(rebasing: bytes[Int(layout.hostStart + 1)..<Int(layout.hostEnd - 1)]))
      }
      guard let pieces else { preconditionFailure("a serialized IPv6 host parses back: \(href)") }
      return .ipv6(pieces)
    }
  }
  /// The port; `nil` when absent or the scheme's default (http 80, https 443, ws 80, wss 443, ftp 21).
  package var port: Int? { layout.port == Layout.absent ? nil : Int(layout.port) }
  /// The serialized path: `/` for a special URL without one, `/a/c` for `/a/./b/../c`, or the
  /// opaque path of URLs such as `mailto:a@b` (`a@b`) and `about:blank` (`blank`).
  package var path: String { slice(layout.pathStart, layout.pathEnd) }
  /// The query without `?`, percent-encoded; `nil` when there is no `?`.
  package var query: String? {
    layout.queryStart == Layout.absent ? nil : slice(layout.queryStart + 1, layout.queryEnd)
  }
  /// The fragment without `#`, percent-encoded; `nil` when there is no `#`.
  package var fragment: String? {
    layout.fragmentStart == Layout.absent ? nil : slice(layout.fragmentStart + 1, layout.count)
  }
  /// Whether ``path`` is opaque (a URL like `mailto:a@b` or `javascript:x` with no `/` after
  /// the scheme) rather than a list of `/`-separated segments.
  package var hasOpaquePath: Bool { layout.hasOpaquePath }

  /// Parses an absolute URL string.
  /// - Throws: ``AddressError`` saying what is wrong (``AddressError/Code``) and where.
  package init(_ string: String) throws(AddressError) {
    self = try WebAddressParser.parse(string)
  }

  /// Resolves a URL string against `base` as a browser resolves a link in a page at `base`: a reference
  /// with a scheme stands alone (except `http:path` against an http base, and the like, which the standard
  /// reads as relative), `//host/x` keeps the base's scheme, `/x` its authority, `x` and `../x` its
  /// directory, `?q` its path, `#f` everything but its fragment; `file:` URLs keep drive letters.
  /// - Throws: ``AddressError`` saying what is wrong and where, for example a relative reference against a
  ///   URL with an opaque path (`mailto:a@b`), which only a fragment may follow.
  package init(_ string: String, relativeTo base: WebAddress) throws(AddressError) {
    self = try RelativeReference.resolve(string, against: base)
  }

  /// A URL from its serialization and where its components are (``OrdinaryURL``, which checked both).
  init(href: String, layout: Layout) {
    self.href = href
    self.layout = layout
  }

  /// A URL from its components, serialized as the URL Standard serializes them (the full parser's results).
  /// - Throws: ``AddressError/Code/tooLong`` when the serialization is 2³² − 1 bytes or longer, past what the
  ///   offsets hold (percent-encoding and IDNA can make it longer than the input).
  init(
    scheme: String, username: String, password: String, host: WebHost?, port: Int?, path: String, query: String?,
    fragment: String?, hasOpaquePath: Bool
  ) throws(AddressError) {
    var layout = Layout(scheme: SchemeKind(scheme), hasOpaquePath: hasOpaquePath)
    var output = scheme
    output += ":"
    layout.schemeEnd = Layout.offset(scheme.utf8.count)
    if let host {
      output += "//"
      if !username.isEmpty || !password.isEmpty {
        output += username
        layout.usernameEnd = Layout.offset(output.utf8.count)
        if !password.isEmpty {
          output += ":"
          output += password
        }
        output += "@"
      } else {
        layout.usernameEnd = Layout.offset(output.utf8.count)
      }
      layout.hostStart = Layout.offset(output.utf8.count)
      output += host.serialized
      layout.hostEnd = Layout.offset(output.utf8.count)
      switch host {
      case .domain: layout.hostKind = .domain
      case .ipv4(let address): (layout.hostKind, layout.ipv4) = (.ipv4, address)
      case .ipv6: layout.hostKind = .ipv6
      case .opaque: layout.hostKind = .opaque
      case .empty: layout.hostKind = .empty
      }
      if let port {
        output += ":"
        output += String(port)
        layout.port = UInt32(truncatingIfNeeded: port)
      }
    } else {
      layout.usernameEnd = Layout.offset(output.utf8.count)
      layout.hostStart = layout.usernameEnd
      layout.hostEnd = layout.usernameEnd
      if !hasOpaquePath && path.hasPrefix("//") { output += "/." }
    }
    layout.pathStart = Layout.offset(output.utf8.count)
    output += path
    if let query {
      layout.queryStart = Layout.offset(output.utf8.count)
      output += "?"
      output += query
    }
    if let fragment {
      layout.fragmentStart = Layout.offset(output.utf8.count)
      output += "#"
      output += fragment
    }
    guard output.utf8.count < Layout.absent else {
      throw AddressError(.tooLong, "the serialization is \(output.utf8.count) bytes long")
    }
    layout.count = Layout.offset(output.utf8.count)
    self.href = output
    self.layout = layout
  }

  /// The URL Standard's serialization (`href`), fragment included.
  package var serialized: String { href }

  /// URLs are equal when their serializations are: a URL's serialization parses back to it.
  package static func == (lhs: WebAddress, rhs: WebAddress) -> Bool { lhs.href == rhs.href }

  /// Hashes the serialization.
  package func hash(into hasher: inout Hasher) { hasher.combine(href) }

  /// Calls `body` with the UTF-8 bytes of ``href``, which ``Layout``'s offsets index.
  @inline(__always)
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    var copy = href
    return try copy.withUTF8(body)
  }

  /// Calls `body` with the bytes of ``href`` from offset `start` up to `end`.
  @inline(__always)
  func withUTF8<Result>(
    from start: UInt32, to end: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try withUTF8 { try body(UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)])) }
  }

  /// Calls `body` with the bytes of the path (``path``'s UTF-8).
  @inline(__always)
  func withPathUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try withUTF8(from: layout.pathStart, to: layout.pathEnd, body)
  }

  /// Calls `body` with the bytes of the host as ``host``'s `serialized` would give them (`""` with none).
  @inline(__always)
  func withHostUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try withUTF8(from: layout.hostStart, to: layout.hostEnd, body)
  }

  /// Whether the host is a domain with an empty label other than one trailing dot (``WebHost/hasEmptyLabel``),
  /// read in place.
  var hasEmptyLabel: Bool {
    layout.hostKind == .domain && withHostUTF8(WebHost.hasEmptyLabel)
  }

  /// Whether the scheme is `literal` (lower-case), compared without making a string.
  func schemeIs(_ literal: StaticString) -> Bool {
    withUTF8(from: 0, to: layout.schemeEnd) { UTF8Bytes.equal($0, literal) }
  }

  /// Whether the scheme is `about`. A special scheme (http, https, …) never is, so only other schemes' bytes are
  /// read.
  var schemeIsAbout: Bool { !isSpecial && schemeIs("about") }

  /// Whether the two URLs have the same host (or both none): the same kind, serialized alike.
  func hasSameHost(as other: WebAddress) -> Bool {
    layout.hostKind == other.layout.hostKind
      && withHostUTF8 { host in other.withHostUTF8 { UTF8Bytes.equal(host, $0) } }
  }

  private func slice(_ start: UInt32, _ end: UInt32) -> String {
    withUTF8(from: start, to: end) { String(decoding: $0, as: UTF8.self) }
  }

  /// The serialized URL; see ``serialized``.
  package var description: String { serialized }

  /// Whether the scheme is one of the URL Standard's special schemes: `http`, `https`, `ws`,
  /// `wss`, `ftp`, `file`.
  package var isSpecial: Bool { layout.scheme.isSpecial }

  /// The URL's origin: a tuple for `http`, `https`, `ws`, `wss` and `ftp` URLs (and `blob:` URLs
  /// wrapping one of those), opaque for everything else, `file:` and `about:blank` included.
  /// The inheritance of its creator's origin by `about:blank` is the session's business.
  package var origin: Origin {
    switch layout.scheme {
    case .http, .https, .ws, .wss, .ftp:
      guard let host else { return .opaque }
      return .tuple(scheme: scheme, host: host, port: port)
    case .file:
      return .opaque
    case .other:
      guard scheme == "blob", hasOpaquePath, let inner = try? WebAddress(path),
        inner.scheme == "http" || inner.scheme == "https"
      else { return .opaque }
      return inner.origin
    }
  }

  /// Whether this is `about:blank` (query and fragment allowed) or `about:srcdoc` (fragment
  /// allowed), the two URLs whose documents inherit their creator's origin.
  package var isAboutBlankOrSrcdoc: Bool {
    // No host means no credentials either; compared as bytes of the serialization, making no strings.
    guard layout.hostKind == .none else { return false }
    let hasQuery = layout.queryStart != Layout.absent
    return schemeIsAbout
      && withPathUTF8 { UTF8Bytes.equal($0, "blank") || (!hasQuery && UTF8Bytes.equal($0, "srcdoc")) }
  }

  /// Whether this is `about:blank` as HTML matches it (a query and a fragment allowed): the URL of a window's empty
  /// document, which WebKit never counts as a real document of its own.
  package var isAboutBlank: Bool {
    isAboutBlankOrSrcdoc && path == "blank"
  }

  /// The site of the URL's host by `list`; `nil` when the URL has no host or an opaque or empty
  /// one (`mailto:`, `itms-apps://…`, `file:///`).
  package func site(using list: PublicSuffixList = .shared) -> Site? {
    guard layout.hostKind == .domain else { return host.flatMap { Site(host: $0, list: list) } }
    // `Site(host:list:)` on the domain's bytes in place (lower-case ASCII, as the parsers leave it), making one
    // string: the site's.
    let name = withHostUTF8 { host in
      let (name, siteStart) = list.site(ofDomain: host)
      return String(decoding: UnsafeBufferPointer(rebasing: name[siteStart...]), as: UTF8.self)
    }
    return Site(domain: name)
  }
}

extension WebAddress {
  /// Where a ``WebAddress``'s components are in its serialization, as UTF-8 offsets (a URL whose
  /// serialization is 4 GiB or longer is refused: ``AddressError/Code/tooLong``).
  ///
  /// `scheme:` then, with a host, `//`, the credentials (`user:password@`, the username ending at
  /// ``usernameEnd``), the host (``hostStart``..<``hostEnd``) and `:port`; without one, `/.` when the path
  /// starts with `//`. Then the path from ``pathStart``, `?query` from ``queryStart`` and `#fragment` from
  /// ``fragmentStart``, each ``absent`` when missing.
  struct Layout: Sendable, Equatable {
    /// An offset or port that is not there.
    static let absent = UInt32.max

    let scheme: SchemeKind
    let hasOpaquePath: Bool
    var hostKind = HostKind.none
    /// The offset of the scheme's `:`.
    var schemeEnd: UInt32 = 0
    var usernameEnd: UInt32 = 0
    var hostStart: UInt32 = 0
    var hostEnd: UInt32 = 0
    var pathStart: UInt32 = 0
    /// The offset of the `?`.
    var queryStart = absent
    /// The offset of the `#`.
    var fragmentStart = absent
    /// The length of the serialization.
    var count: UInt32 = 0
    var port = absent
    /// The address of an IPv4 host.
    var ipv4: UInt32 = 0

    init(scheme: SchemeKind, hasOpaquePath: Bool) {
      self.scheme = scheme
      self.hasOpaquePath = hasOpaquePath
    }

    /// Where the query ends: at the fragment or the end.
    var queryEnd: UInt32 { fragmentStart == Self.absent ? count : fragmentStart }
    /// Where the path ends: at the query, the fragment or the end.
    var pathEnd: UInt32 { queryStart == Self.absent ? queryEnd : queryStart }

    /// `offset` as stored; an offset past 4 GiB is cut off, and such a URL refused once its whole length is
    /// known (``AddressError/Code/tooLong``).
    static func offset(_ offset: Int) -> UInt32 {
      UInt32(truncatingIfNeeded: offset)
    }
  }

  /// Which ``WebHost`` case the host is, or none.
  enum HostKind: UInt8, Sendable, Equatable {
    case none, domain, ipv4, ipv6, opaque, empty
  }
}
