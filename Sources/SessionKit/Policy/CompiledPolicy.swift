import Synchronization

/// An immutable, compiled policy snapshot whose evaluation is a pure synchronous function.
///
/// Rules with `hosts` or `sites` are indexed by exact host, by wildcard domain and by site, so the cost of an
/// evaluation does not grow with the number of such rules: a lookup per label of the URL's host finds the
/// candidates, and only rules without a host or site condition are scanned in order. No regex is involved.
/// The engine swaps snapshots atomically (a reference), so a decision sees exactly one of them.
public final class CompiledPolicy: Sendable {
  /// The configuration this snapshot was compiled from.
  public let configuration: PolicyConfiguration
  /// Every rule in evaluation order (own rules, then presets' `PRESET/NAME` rules).
  public let rules: [PolicyRule]
  /// Popup presentation and limits.
  public var popups: PopupLimits { configuration.popups }
  /// Async decider timeout and fallback.
  public var deciders: DeciderSettings { configuration.deciders }
  /// A process-unique identity, carried by every trace this snapshot produces.
  public let snapshot: UInt64

  private let compiled: [CompiledRule]
  private let exactHosts: [String: [Int]]
  private let subdomainsOf: [String: [Int]]
  private let sites: [String: [Int]]
  private let unindexed: [Int]
  private let list: PublicSuffixList
  private let defaultTrace: PolicyDecision.Trace

  private static let snapshotCounter = Atomic<UInt64>(0)

  /// Compiles a validated configuration.
  /// - Throws: ``ConfigurationError`` when an included preset cannot be loaded.
  public init(_ configuration: PolicyConfiguration, list: PublicSuffixList = .shared) throws(ConfigurationError) {
    self.configuration = configuration
    self.list = list
    self.rules = try configuration.orderedRules()
    self.snapshot = CompiledPolicy.snapshotCounter.add(1, ordering: .relaxed).newValue
    self.defaultTrace = PolicyDecision.Trace(rule: "default", ruleIndex: nil, conditions: [], snapshot: snapshot)
    var exactHosts: [String: [Int]] = [:]
    var subdomainsOf: [String: [Int]] = [:]
    var sites: [String: [Int]] = [:]
    var unindexed: [Int] = []
    for (index, rule) in rules.enumerated() {
      if let hosts = rule.match.hosts {
        for pattern in Set(hosts) {
          switch pattern {
          case .exact(let host): exactHosts[host, default: []].append(index)
          case .subdomains(let domain): subdomainsOf[domain, default: []].append(index)
          }
        }
      } else if let ruleSites = rule.match.sites {
        for site in Set(ruleSites) { sites[site, default: []].append(index) }
      } else {
        unindexed.append(index)
      }
    }
    self.compiled = rules.enumerated().map { CompiledRule($0.element, index: $0.offset) }
    self.exactHosts = exactHosts
    self.subdomainsOf = subdomainsOf
    self.sites = sites
    self.unindexed = unindexed
  }

  /// Decodes, validates and compiles policy JSON.
  /// - Throws: ``ConfigurationError`` naming the JSON path of the first problem.
  public convenience init(json: some Collection<UInt8>, list: PublicSuffixList = .shared) throws(ConfigurationError) {
    try self.init(PolicyConfiguration(json: json, list: list), list: list)
  }

  /// Evaluates a WebKit navigation action. A URL that cannot be parsed is never allowed: the decision is
  /// `cancel` with the trace rule `invalid-url`.
  public func evaluate(_ action: NavigationAction, in context: PolicyContext) -> PolicyDecision {
    do {
      return evaluate(try PolicyRequest(action), in: context)
    } catch {
      return invalidURL(error)
    }
  }

  /// The decision for a URL that could not be parsed: `cancel`, traced as `invalid-url`.
  public func invalidURL(_ error: AddressError) -> PolicyDecision {
    PolicyDecision(
      action: .cancel,
      trace: .init(rule: "invalid-url", ruleIndex: nil, conditions: [], notes: [error.description], snapshot: snapshot))
  }

  /// Evaluates a navigation whose URL is already parsed: the first rule whose match holds decides, else the
  /// default.
  public func evaluate(_ request: PolicyRequest, in context: PolicyContext) -> PolicyDecision {
    var facts = Facts(request: request, context: context, list: list)
    var best = Int.max
    if case .domain(let domain)? = request.address.host {
      firstMatch(in: exactHosts[domain], below: &best, facts: &facts)
      var labelStart = domain.utf8.startIndex
      while let dot = domain.utf8[labelStart...].firstIndex(of: UInt8(ascii: ".")) {
        labelStart = domain.utf8.index(after: dot)
        firstMatch(in: subdomainsOf[String(domain[labelStart...])], below: &best, facts: &facts)
      }
    } else if let host = request.address.host, host.isIPAddress {
      firstMatch(in: exactHosts[host.serialized], below: &best, facts: &facts)
    }
    if !sites.isEmpty, let site = facts.targetSite {
      firstMatch(in: sites[site.description], below: &best, facts: &facts)
    }
    firstMatch(in: unindexed, below: &best, facts: &facts)
    guard best != Int.max else {
      return resolved(configuration.defaultAction, trace: defaultTrace, address: request.address)
    }
    let rule = compiled[best]
    return resolved(rule.rule.action, trace: rule.trace(snapshot: snapshot), address: request.address)
  }

  private func firstMatch(in candidates: [Int]?, below best: inout Int, facts: inout Facts) {
    guard let candidates else { return }
    for index in candidates {
      if index >= best { return }
      if compiled[index].matches(&facts) {
        best = index
        return
      }
    }
  }

  /// Safari (`SFSafariViewController`) opens only http and https; anything else goes to the system.
  func resolved(_ action: PolicyAction, trace: PolicyDecision.Trace, address: WebAddress) -> PolicyDecision {
    if case .external(.safari) = action, address.scheme != "http", address.scheme != "https" {
      var trace = trace
      trace.notes.append("safari opens only http and https; \"\(address.scheme):\" opened with the system")
      return PolicyDecision(action: .external(.system), trace: trace)
    }
    return PolicyDecision(action: action, trace: trace)
  }
}

/// What evaluation learns about a request, computed at most once (the sites lazily).
struct Facts {
  let request: PolicyRequest
  let context: PolicyContext
  let list: PublicSuffixList
  private var computedSite: Site??

  init(request: PolicyRequest, context: PolicyContext, list: PublicSuffixList) {
    self.request = request
    self.context = context
    self.list = list
  }

  var targetSite: Site? {
    mutating get {
      if let computedSite { return computedSite }
      let site = request.address.site(using: list)
      computedSite = .some(site)
      return site
    }
  }

  /// DESIGN §4: `about:blank`/`about:srcdoc` inherit the session's origin; other host-less URLs are cross-site
  /// to everything; everything is cross-site to a session without an origin.
  mutating func isCrossSite() -> Bool {
    guard context.currentURL != nil else { return true }
    if request.address.isAboutBlankOrSrcdoc { return false }
    guard let current = context.currentSite, let target = targetSite else { return true }
    return current != target
  }

  func isCrossOrigin() -> Bool {
    guard let current = context.currentURL else { return true }
    if request.address.isAboutBlankOrSrcdoc { return false }
    guard case .tuple = current.origin, case .tuple = request.address.origin else { return true }
    return current.origin != request.address.origin
  }
}

/// A rule with its conditions in the form evaluation checks fastest.
struct CompiledRule: Sendable {
  let rule: PolicyRule
  let index: Int
  private let schemes: Set<String>?
  private let sites: Set<String>?
  private let navigationTypes: UInt8?
  private let conditions: [String]

  init(_ rule: PolicyRule, index: Int) {
    self.rule = rule
    self.index = index
    self.schemes = rule.match.schemes.map(Set.init)
    self.sites = rule.match.sites.map(Set.init)
    self.navigationTypes = rule.match.navigationTypes.map { types in
      types.reduce(0) { $0 | CompiledRule.bit($1) }
    }
    self.conditions = rule.match.conditionDescriptions
  }

  private static func bit(_ type: NavigationType) -> UInt8 {
    1 << UInt8(type.rawValue + 1)
  }

  func trace(snapshot: UInt64) -> PolicyDecision.Trace {
    .init(rule: rule.name, ruleIndex: index, conditions: conditions, snapshot: snapshot)
  }

  func matches(_ facts: inout Facts) -> Bool {
    let match = rule.match
    let request = facts.request
    if let target = match.target, target != request.target { return false }
    if let navigationTypes, navigationTypes & CompiledRule.bit(request.navigationType) == 0 { return false }
    if let gesture = match.userGesture, gesture != request.isUserGesture { return false }
    if let schemes, !schemes.contains(request.address.scheme) { return false }
    if let hosts = match.hosts {
      // Only domains and IP literals: a non-special URL's opaque host (`myapp://example.com`) is not a host a
      // browser loads, as the index already treats it.
      guard let host = request.address.host, host.domain != nil || host.isIPAddress,
        hosts.contains(where: { $0.matches(host: host.serialized) })
      else { return false }
    }
    if let paths = match.paths, !paths.contains(where: { $0.matches(request.address.path) }) { return false }
    if let sites {
      guard let site = facts.targetSite, sites.contains(site.description) else { return false }
    }
    if let crossSite = match.crossSite, crossSite != facts.isCrossSite() { return false }
    if let crossOrigin = match.crossOrigin, crossOrigin != facts.isCrossOrigin() { return false }
    return true
  }
}
