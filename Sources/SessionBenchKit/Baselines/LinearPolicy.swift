import SessionKit

/// `baseline.linear`: the policy evaluated correctly and plainly, as a careful app would write it by hand: the
/// URL parsed as a browser parses it (``WebAddress``), its site looked up in the Public Suffix List, and every
/// rule tried in order, each condition checked from the rule as written: no index, no precomputed masks.
///
/// It gives the same answer as `CompiledPolicy.evaluate` (the differential test in
/// `TestLinearPolicy` checks it on random policies), so it is both the bench's "what would a correct app pay"
/// row and a reference the compiled evaluator is checked against.
package struct LinearPolicy: Sendable {
  /// The rules in evaluation order (own rules, then the presets').
  package let rules: [PolicyRule]
  /// The action when no rule matches.
  package let defaultAction: PolicyAction
  private let list: PublicSuffixList

  /// The plain evaluation of `policy`'s rules and default.
  package init(_ policy: CompiledPolicy, list: PublicSuffixList = .shared) {
    self.rules = policy.rules
    self.defaultAction = policy.configuration.defaultAction
    self.list = list
  }

  /// The plain evaluation of `rules` (in evaluation order, presets' rules included) and `defaultAction`.
  package init(rules: [PolicyRule], defaultAction: PolicyAction, list: PublicSuffixList = .shared) {
    self.rules = rules
    self.defaultAction = defaultAction
    self.list = list
  }

  /// What decided a navigation: the index of the first rule that matched, or `nil` for the default.
  package struct Decision: Sendable, Equatable {
    /// The action, after Safari's http(s)-only fallback to the system.
    package var action: PolicyAction
    /// The index of the deciding rule in ``LinearPolicy/rules``; `nil` when the default decided or the URL is
    /// invalid.
    package var ruleIndex: Int?
    /// Whether the URL could not be parsed (the decision is then `cancel`).
    package var isInvalidURL: Bool
  }

  /// Judges a WebKit navigation action: parses its URL, then judges the request.
  package func evaluate(_ action: NavigationAction, in context: PolicyContext) -> Decision {
    guard let request = try? PolicyRequest(action) else {
      return Decision(action: .cancel, ruleIndex: nil, isInvalidURL: true)
    }
    return evaluate(request, in: context)
  }

  /// Judges a parsed navigation: the first rule, in order, all of whose conditions hold; else the default.
  package func evaluate(_ request: PolicyRequest, in context: PolicyContext) -> Decision {
    let address = request.address
    // What every rule compares with, read once: a careful app does not recompute it per rule.
    let facts = Facts(
      scheme: address.scheme, path: address.path, host: address.host, hostName: address.host?.dnsName,
      firstLoad: context.isBlankPopup && request.target == .mainFrame)
    // The site is looked up at most once, and only when a rule asks for it, as careful hand-written code would.
    var targetSite: Site??
    func site() -> Site? {
      if let targetSite { return targetSite }
      let computed = address.site(using: list)
      targetSite = .some(computed)
      return computed
    }
    return rules.withUnsafeBufferPointer { rules in
      for index in rules.indices where matches(rules[index].match, request, context, facts, site) {
        return Decision(action: Self.resolved(rules[index].action, address), ruleIndex: index, isInvalidURL: false)
      }
      return Decision(action: Self.resolved(defaultAction, address), ruleIndex: nil, isInvalidURL: false)
    }
  }

  /// The parts of the request the conditions read.
  private struct Facts {
    var scheme: String
    var path: String
    var host: WebHost?
    var hostName: String?
    var firstLoad: Bool
  }

  @inline(__always)
  private func matches(
    _ match: borrowing RuleMatch, _ request: borrowing PolicyRequest, _ context: borrowing PolicyContext,
    _ facts: borrowing Facts, _ site: () -> Site?
  ) -> Bool {
    if let target = match.target, target != request.target { return false }
    if let types = match.navigationTypes, !types.contains(request.navigationType) { return false }
    if let gesture = match.userGesture, gesture != request.isUserGesture { return false }
    if let firstLoad = match.popupFirstLoad, firstLoad != facts.firstLoad { return false }
    if let schemes = match.schemes, !schemes.contains(facts.scheme) { return false }
    if let hosts = match.hosts, !hosts.contains(where: { Self.host(facts.host, named: facts.hostName, matches: $0) }) {
      return false
    }
    if let paths = match.paths, !paths.contains(where: { $0.matches(facts.path) }) { return false }
    if let sites = match.sites {
      guard let target = site(), sites.contains(target.description) else { return false }
    }
    if let crossSite = match.crossSite, crossSite != isCrossSite(request.address, context, site) { return false }
    if let crossOrigin = match.crossOrigin, crossOrigin != Self.isCrossOrigin(request.address, context) {
      return false
    }
    return true
  }

  /// Whether `host` (whose DNS name is `name`) matches `pattern`.
  static func host(_ host: WebHost?, matches pattern: HostPattern) -> Bool {
    self.host(host, named: host?.dnsName, matches: pattern)
  }

  /// A domain matches by its DNS name (no trailing dot): equal to an exact pattern, or ending in `.` plus a
  /// `*.` pattern's domain; an IP literal matches an exact pattern written as the same literal; an opaque or
  /// empty host matches nothing.
  @inline(__always)
  private static func host(_ host: WebHost?, named name: String?, matches pattern: HostPattern) -> Bool {
    guard let host, let name else { return false }
    switch host {
    case .domain:
      switch pattern {
      case .exact(let exact): return name == exact
      case .subdomains(let domain):
        // Ends in "." + domain, without building that string.
        guard name.utf8.count > domain.utf8.count, name.hasSuffix(domain) else { return false }
        let utf8 = name.utf8
        return utf8[utf8.index(utf8.endIndex, offsetBy: -domain.utf8.count - 1)] == UInt8(ascii: ".")
      }
    case .ipv4, .ipv6:
      if case .exact(let exact) = pattern { return name == exact }
      return false
    case .opaque, .empty:
      return false
    }
  }

  /// Cross-site to a session without a URL; never for `about:blank`/`about:srcdoc` (they inherit the session's
  /// origin); not for the same DNS name; otherwise by comparing sites, a URL without a site being cross-site.
  private func isCrossSite(_ address: WebAddress, _ context: PolicyContext, _ site: () -> Site?) -> Bool {
    guard let current = context.currentURL else { return true }
    if address.isAboutBlankOrSrcdoc { return false }
    if case .domain? = address.host, case .domain? = current.host, address.host?.dnsName == current.host?.dnsName {
      return false
    }
    guard let currentSite = context.currentSite, let target = site() else { return true }
    return currentSite != target
  }

  /// Cross-origin to a session without a URL or when either origin is opaque; never for `about:blank`.
  private static func isCrossOrigin(_ address: WebAddress, _ context: PolicyContext) -> Bool {
    guard let current = context.currentURL else { return true }
    if address.isAboutBlankOrSrcdoc { return false }
    return !current.origin.isSameOrigin(as: address.origin)
  }

  /// `SFSafariViewController` opens only http and https; anything else goes to the system.
  private static func resolved(_ action: PolicyAction, _ address: WebAddress) -> PolicyAction {
    if case .external(.safari) = action, address.scheme != "http", address.scheme != "https" {
      return .external(.system)
    }
    return action
  }
}
