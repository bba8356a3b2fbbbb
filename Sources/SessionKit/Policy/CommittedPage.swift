/// A committed main-frame URL with what policies compare navigations with, computed once when it commits: its
/// site, and the DNS names that cross-site checks compare as bytes.
///
/// A class, so that a ``PolicyContext`` and a history entry hold one reference: handing a session's context to
/// `evaluate` retains it once, where a `WebAddress` and a `Site` copied by value retained each of their strings
/// (about 1 000 instructions per decision when a `WebAddress` held seven strings, measured with
/// `Benchmarks/instructions.sh`; it is one string now, and the site another).
final class CommittedPage: Sendable {
  // Declared in this order on purpose (a class keeps its stored properties in declaration order): what every
  // decision reads (the own-origin flag, the names the cross-site check compares) is in the object's first
  // cache line, with the header; the URL, read only for cross-origin checks, comes after.

  /// Whether the URL gives its session an origin of its own: anything but `about:blank` and `about:srcdoc`,
  /// which inherit their creator's.
  let hasOwnOrigin: Bool
  /// The host as a DNS name (without one trailing dot), when the host is a domain.
  let dnsName: String?
  /// The site's host, when it is a domain.
  let siteName: String?
  /// The URL.
  let url: WebAddress
  /// Its site; `nil` for a URL without one (`about:blank`, `data:`, an opaque origin).
  let site: Site?

  /// A page at `url`, whose site is `site` (computed by the caller with the engine's Public Suffix List).
  init(url: WebAddress, site: Site?) {
    self.url = url
    self.site = site
    self.hasOwnOrigin = !url.isAboutBlankOrSrcdoc
    if case .domain(let name)? = url.host {
      self.dnsName = name.utf8.count > 1 && name.utf8.last == UInt8(ascii: ".") ? String(name.dropLast()) : name
    } else {
      self.dnsName = nil
    }
    if case .domain(let name)? = site?.host { self.siteName = name } else { self.siteName = nil }
  }

  /// A page at `url`, its site by `list`.
  convenience init(url: WebAddress, list: PublicSuffixList) {
    self.init(url: url, site: url.site(using: list))
  }
}
