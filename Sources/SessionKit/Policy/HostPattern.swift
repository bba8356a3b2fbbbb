/// A `hosts` entry of a policy rule: an exact host, or `*.domain` for any subdomain of `domain`
/// (not `domain` itself).
/// Apps make one for a Swift rule's ``RuleMatch``.
public enum HostPattern: Sendable, Hashable, CustomStringConvertible {
  /// Exactly this host as a DNS name (normalised: lower-case, punycode, no trailing dot; IP literals serialised).
  case exact(String)
  /// Any host that ends in `.` plus this domain.
  case subdomains(of: String)

  /// Parses and normalises a pattern, as a policy file's `hosts` entry is: `HostPattern("*.shop.example")`.
  /// - Parameters:
  ///   - text: The pattern: a host, or `*.` and a domain.
  ///   - jsonPath: Where the pattern is in a policy file, for the error; `$` for one written in code.
  /// - Throws: ``ConfigurationError`` at `jsonPath` when `text` is neither a host nor `*.` plus a domain.
  @_optimize(size)
  public init(_ text: String, jsonPath: String = "$") throws(ConfigurationError) {
    if text.hasPrefix("*.") {
      guard let host = HostPattern.normalisedHost(String(text.dropFirst(2))), case .domain(let domain) = host else {
        throw HostPattern.problem(text, path: jsonPath)
      }
      self = .subdomains(of: domain)
    } else {
      guard let host = HostPattern.normalisedHost(text) else { throw HostPattern.problem(text, path: jsonPath) }
      self = .exact(host.serialized)
    }
  }

  /// The error for a pattern that is not one; made only when thrown (quoting the text is most of a valid
  /// pattern's cost).
  @_optimize(size)
  private static func problem(_ text: String, path: String) -> ConfigurationError {
    ConfigurationError(path: path, problem: "\(JSONValue.quoted(text)) is not a host pattern")
  }

  /// Parses `text` with ``WebHost/init(_:)`` (the host of an http URL), accepting nothing else: no port, path,
  /// userinfo, wildcard, percent-escape or empty label. A domain comes back as its DNS name (no trailing dot).
  @_optimize(size)
  static func normalisedHost(_ text: String) -> WebHost? {
    let isBracketed = text.hasPrefix("[") && text.hasSuffix("]")
    let forbidden = isBracketed ? "/\\?#@*%" : "/\\?#@*%:[]"
    // Loops rather than `contains`, which compiled copies of itself for the scalar view.
    for scalar in text.unicodeScalars {
      guard scalar.value > 0x20 else { return nil }
      for character in forbidden.unicodeScalars where character == scalar { return nil }
    }
    guard !text.isEmpty, let host = try? WebHost(text) else { return nil }
    if case .domain = host {
      return host.hasEmptyLabel ? nil : .domain(host.dnsName)
    }
    return host
  }

  /// The pattern as a policy file writes it.
  @_optimize(size)
  public var description: String {
    switch self {
    case .exact(let host): host
    case .subdomains(let domain): "*." + domain
    }
  }
}
