/// A committed main-frame URL with what policies compare navigations with, computed once when it commits: its
/// site, held inline for the cross-site check, and the length of its DNS name.
///
/// A class, so that a ``PolicyContext`` and a history entry hold one reference: handing a session's context to
/// `evaluate` retains it once, where a `WebAddress` and a `Site` copied by value would retain each of their
/// strings on every decision (the cost is in Benchmarks/README.md, "The decide path").
final class CommittedPage: Sendable {
  // Declared in this order on purpose (a class keeps its stored properties in declaration order): what every
  // decision reads follows the header in the object's first 48 bytes (the site's name 16–39, the own-origin flag
  // at 40, the DNS name's length 44–47), so that the retain and the cross-site check touch one cache line, or
  // two when the object straddles a boundary; the URL, read only for cross-origin checks and same-name checks,
  // comes after. With 10 000 sessions a decision found the names' strings cold: a line each.

  /// The site's host (when it is a domain), inline when short enough (almost every registrable domain is).
  let siteKey: InlineName
  /// Whether the URL gives its session an origin of its own: anything but `about:blank` and `about:srcdoc`,
  /// which inherit their creator's.
  let hasOwnOrigin: Bool
  /// The length in bytes of the host as a DNS name (without one trailing dot); `UInt32.max` when the host is not
  /// a domain (a URL's serialization is shorter than that). The same-name check reads the URL's bytes only when
  /// the lengths agree.
  let dnsLength: UInt32
  /// The URL.
  let url: WebAddress
  /// Its site; `nil` for a URL without one (`about:blank`, `data:`, an opaque origin).
  let site: Site?

  /// A page at `url`, whose site is `site` (computed by the caller with the engine's Public Suffix List).
  init(url: WebAddress, site: Site?) {
    self.url = url
    self.site = site
    self.hasOwnOrigin = !url.isAboutBlankOrSrcdoc
    self.dnsLength =
      url.layout.hostKind == .domain ? url.withHostUTF8 { UInt32(clamping: WebHost.dnsName($0).count) } : .max
    if case .domain(var name)? = site?.host {
      self.siteKey = name.withUTF8(InlineName.init)
    } else {
      self.siteKey = .none
    }
  }

  /// A page at `url`, its site by `list`.
  convenience init(url: WebAddress, list: PublicSuffixList) {
    self.init(url: url, site: url.site(using: list))
  }

  /// Whether the host is a domain whose DNS name is `name`.
  func hasDNSName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard dnsLength != .max, dnsLength == name.count else { return false }
    return url.withHostUTF8 { UTF8Bytes.equal(WebHost.dnsName($0), name) }
  }

  /// Whether the site is the domain `name`.
  func hasSiteName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    switch siteKey.match(name) {
    case .same: return true
    case .different: return false
    case .unknown:
      guard case .domain(var held)? = site?.host else { return false }
      return held.withUTF8 { UTF8Bytes.equal($0, name) }
    }
  }

  /// The host as a DNS name, when it is a domain (for tests and diagnostics; decisions compare bytes).
  var dnsName: String? {
    guard dnsLength != .max else { return nil }
    return url.withHostUTF8 { String(decoding: WebHost.dnsName($0), as: UTF8.self) }
  }

  /// The site's host, when it is a domain.
  var siteName: String? {
    guard case .domain(let name)? = site?.host else { return nil }
    return name
  }
}
