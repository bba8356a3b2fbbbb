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
public struct WebAddress: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lower-case, without `:` (`https`, `mailto`, `itms-apps`).
  public let scheme: String
  /// The username, percent-encoded as the standard serializes it; `""` when there is none.
  public let username: String
  /// The password, percent-encoded as the standard serializes it; `""` when there is none.
  public let password: String
  /// The host; `nil` when the URL has none (`tel:`, `mailto:`, `about:`, `data:`, `javascript:`).
  public let host: WebHost?
  /// The port; `nil` when absent or the scheme's default (http 80, https 443, ws 80, wss 443, ftp 21).
  public let port: Int?
  /// The serialized path: `/` for a special URL without one, `/a/c` for `/a/./b/../c`, or the
  /// opaque path of URLs such as `mailto:a@b` (`a@b`) and `about:blank` (`blank`).
  public let path: String
  /// The query without `?`, percent-encoded; `nil` when there is no `?`.
  public let query: String?
  /// The fragment without `#`, percent-encoded; `nil` when there is no `#`.
  public let fragment: String?
  /// Whether ``path`` is opaque (a URL like `mailto:a@b` or `javascript:x` with no `/` after
  /// the scheme) rather than a list of `/`-separated segments.
  public let hasOpaquePath: Bool

  /// Parses an absolute URL string.
  /// - Throws: ``AddressError`` saying what is wrong (``AddressError/Code``) and where.
  public init(_ string: String) throws(AddressError) {
    self = try WebAddressParser.parse(string)
  }

  /// Resolves a URL string against `base` as a browser resolves a link in a page at `base`: a reference
  /// with a scheme stands alone (except `http:path` against an http base, and the like, which the standard
  /// reads as relative), `//host/x` keeps the base's scheme, `/x` its authority, `x` and `../x` its
  /// directory, `?q` its path, `#f` everything but its fragment; `file:` URLs keep drive letters.
  /// - Throws: ``AddressError`` saying what is wrong and where, for example a relative reference against a
  ///   URL with an opaque path (`mailto:a@b`), which only a fragment may follow.
  public init(_ string: String, relativeTo base: WebAddress) throws(AddressError) {
    self = try RelativeReference.resolve(string, against: base)
  }

  init(
    scheme: String, username: String, password: String, host: WebHost?, port: Int?, path: String, query: String?,
    fragment: String?, hasOpaquePath: Bool
  ) {
    self.scheme = scheme
    self.username = username
    self.password = password
    self.host = host
    self.port = port
    self.path = path
    self.query = query
    self.fragment = fragment
    self.hasOpaquePath = hasOpaquePath
  }

  /// The URL Standard's serialization (`href`), fragment included.
  public var serialized: String {
    var output = scheme
    output += ":"
    if let host {
      output += "//"
      if !username.isEmpty || !password.isEmpty {
        output += username
        if !password.isEmpty {
          output += ":"
          output += password
        }
        output += "@"
      }
      output += host.serialized
      if let port {
        output += ":"
        output += String(port)
      }
    } else if !hasOpaquePath && path.hasPrefix("//") {
      output += "/."
    }
    output += path
    if let query {
      output += "?"
      output += query
    }
    if let fragment {
      output += "#"
      output += fragment
    }
    return output
  }

  /// The serialized URL; see ``serialized``.
  public var description: String { serialized }

  /// Whether the scheme is one of the URL Standard's special schemes: `http`, `https`, `ws`,
  /// `wss`, `ftp`, `file`.
  public var isSpecial: Bool { SchemeKind(scheme).isSpecial }

  /// The URL's origin: a tuple for `http`, `https`, `ws`, `wss` and `ftp` URLs (and `blob:` URLs
  /// wrapping one of those), opaque for everything else, `file:` and `about:blank` included.
  /// The inheritance of its creator's origin by `about:blank` is the session's business.
  public var origin: Origin {
    switch SchemeKind(scheme) {
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
  public var isAboutBlankOrSrcdoc: Bool {
    guard host == nil, scheme.hasSameBytes(as: "about"), username.isEmpty, password.isEmpty else { return false }
    return path.hasSameBytes(as: "blank") || (path.hasSameBytes(as: "srcdoc") && query == nil)
  }

  /// The site of the URL's host by `list`; `nil` when the URL has no host or an opaque or empty
  /// one (`mailto:`, `itms-apps://…`, `file:///`).
  public func site(using list: PublicSuffixList = .shared) -> Site? {
    guard let host else { return nil }
    return Site(host: host, list: list)
  }
}
