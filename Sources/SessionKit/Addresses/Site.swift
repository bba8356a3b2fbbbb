/// A browser "site": the registrable domain of a host by the Public Suffix List, or the host
/// itself when it has none (a public suffix, `localhost`, a single-label intranet name). An IP
/// address is its own site. A domain's trailing dot is not part of its site (`example.com.` and
/// `example.com` are one site).
///
/// Two URLs are same-site when their sites are equal: `https://a.example.co.uk` and
/// `http://b.example.co.uk:8080` are (scheme and port do not matter), `alice.github.io` and
/// `bob.github.io` are not (`github.io` is in the list's private section).
package struct Site: Sendable, Hashable, CustomStringConvertible {
  /// The site as a host: a ``WebHost/domain(_:)`` holding the registrable domain (punycode), or an
  /// ``WebHost/ipv4(_:)`` or ``WebHost/ipv6(_:)`` address.
  package let host: WebHost

  /// The site of `host` by `list`; `nil` for the empty host and opaque hosts, which have none.
  package init?(host: WebHost, list: PublicSuffixList = .shared) {
    switch host {
    case .domain(let name):
      self.host = .domain(list.registrableDomain(of: name) ?? host.dnsName)
    case .ipv4, .ipv6:
      self.host = host
    case .opaque, .empty:
      return nil
    }
  }

  /// The site of a domain whose site `name` is, found by the caller (``WebAddress/site(using:)``).
  init(domain name: String) {
    self.host = .domain(name)
  }

  /// The site's string: `example.co.uk`, `xn--85x722f.com.cn`, `192.168.0.1`, `[::1]`.
  package var description: String { host.serialized }
}
