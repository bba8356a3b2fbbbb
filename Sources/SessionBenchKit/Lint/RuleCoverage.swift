import SessionKit

/// Whether one rule's `match` holds for every request another's holds for: the question behind the
/// `unreachable` finding. The answer is sound, never complete: `true` only when each condition of the broader
/// match provably follows from the conditions of the narrower one, condition by condition, so lint never calls
/// a rule unreachable that some request reaches (a property test checks it against the evaluator).
struct RuleCoverage {
  let list: PublicSuffixList

  /// Whether `broader` holds whenever `narrower` holds.
  func covers(_ broader: RuleMatch, _ narrower: RuleMatch) -> Bool {
    schemesCovered(broader, narrower) && hostsCovered(broader, narrower) && sitesCovered(broader, narrower)
      && pathsCovered(broader, narrower) && typesCovered(broader, narrower)
      && same(broader.target, narrower.target) && same(broader.crossSite, narrower.crossSite)
      && same(broader.crossOrigin, narrower.crossOrigin) && same(broader.userGesture, narrower.userGesture)
      && same(broader.popupFirstLoad, narrower.popupFirstLoad)
  }

  /// An absent condition in the broader match holds always; a present one needs the same value in the narrower.
  private func same<Value: Equatable>(_ broader: Value?, _ narrower: Value?) -> Bool {
    guard let broader else { return true }
    return narrower == broader
  }

  private func schemesCovered(_ broader: RuleMatch, _ narrower: RuleMatch) -> Bool {
    guard let schemes = broader.schemes else { return true }
    guard let narrow = narrower.schemes else { return false }
    return Set(narrow).isSubset(of: schemes)
  }

  private func typesCovered(_ broader: RuleMatch, _ narrower: RuleMatch) -> Bool {
    guard let types = broader.navigationTypes else { return true }
    return Set(narrower.navigationTypes ?? NavigationType.allCases).isSubset(of: types)
  }

  private func pathsCovered(_ broader: RuleMatch, _ narrower: RuleMatch) -> Bool {
    guard let paths = broader.paths else { return true }
    guard let narrow = narrower.paths else { return false }
    return narrow.allSatisfy { path in paths.contains { Self.path($0, covers: path) } }
  }

  static func path(_ broader: PathPattern, covers narrower: PathPattern) -> Bool {
    switch (broader, narrower) {
    case (.exact(let a), .exact(let b)): a == b
    case (.prefix(let a), .exact(let b)), (.prefix(let a), .prefix(let b)): b.hasPrefix(a)
    case (.exact, .prefix): false
    }
  }

  /// A narrower `hosts` list is covered pattern by pattern; a narrower `sites` list is covered when each site
  /// (its registrable domain and every subdomain) is, which takes the exact host and `*.site` both.
  private func hostsCovered(_ broader: RuleMatch, _ narrower: RuleMatch) -> Bool {
    guard let patterns = broader.hosts else { return true }
    if let hosts = narrower.hosts {
      return hosts.allSatisfy { host in patterns.contains { Self.host($0, covers: host) } }
    }
    if let sites = narrower.sites {
      return sites.allSatisfy { site in
        let exact = HostPattern.exact(site)
        let isIP = site.hasPrefix("[") || site.allSatisfy { $0.isNumber || $0 == "." }
        guard patterns.contains(where: { Self.host($0, covers: exact) }) else { return false }
        return isIP || patterns.contains { Self.host($0, covers: .subdomains(of: site)) }
      }
    }
    return false
  }

  static func host(_ broader: HostPattern, covers narrower: HostPattern) -> Bool {
    switch (broader, narrower) {
    case (.exact(let a), .exact(let b)): a == b
    case (.subdomains(let domain), .exact(let host)): host.hasSuffix("." + domain)
    case (.subdomains(let domain), .subdomains(let other)): other == domain || other.hasSuffix("." + domain)
    case (.exact, .subdomains): false
    }
  }

  /// A narrower `sites` list must be a subset; exact hosts imply their site (a pattern `*.d` does not: a
  /// private suffix under `d` would give its subdomains other sites).
  private func sitesCovered(_ broader: RuleMatch, _ narrower: RuleMatch) -> Bool {
    guard let sites = broader.sites else { return true }
    if let narrow = narrower.sites { return Set(narrow).isSubset(of: sites) }
    guard let hosts = narrower.hosts else { return false }
    return hosts.allSatisfy { pattern in
      guard case .exact(let host) = pattern else { return false }
      guard let webHost = try? WebHost(host), let site = Site(host: webHost, list: list) else { return false }
      return sites.contains(site.description)
    }
  }
}
