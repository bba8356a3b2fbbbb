/// An immutable, compiled policy snapshot whose evaluation is a pure synchronous function.
///
/// Rules are indexed so that the cost of an evaluation does not grow with the number of rules that name hosts,
/// sites or schemes: a lookup per label of the URL's host, one per site and one per scheme find the candidates,
/// and the remaining rules are kept in one ordered list per (target, navigation type) pair, so a request only
/// scans the rules that could hold for it. A candidate found through an index already satisfies the indexed
/// condition; the rest of its conditions are flat fields checked cheapest first. No regex is involved.
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
  private let subdomainsOf: [Substring: [Int]]
  private let sites: [String: [Int]]
  private let schemes: [String: [Int]]
  /// Rules with no host, site or scheme condition, one ordered list per `RequestShape`.
  private let unindexed: [[Int]]
  private let list: PublicSuffixList
  private let defaultTrace: PolicyDecision.Trace

  private static let snapshotCounter = Locked<UInt64>(0)

  /// Compiles a validated configuration.
  /// - Throws: ``ConfigurationError`` when an included preset cannot be loaded.
  public init(_ configuration: PolicyConfiguration, list: PublicSuffixList = .shared) throws(ConfigurationError) {
    self.configuration = configuration
    self.list = list
    self.rules = try configuration.orderedRules()
    self.snapshot = CompiledPolicy.snapshotCounter.withLock { counter in
      counter += 1
      return counter
    }
    self.defaultTrace = PolicyDecision.Trace(source: .defaultAction, snapshot: snapshot)
    let compiled = rules.enumerated().map { CompiledRule($0.element, index: $0.offset) }
    var exactHosts: [String: [Int]] = [:]
    var subdomainsOf: [Substring: [Int]] = [:]
    var sites: [String: [Int]] = [:]
    var schemes: [String: [Int]] = [:]
    var unindexed = [[Int]](repeating: [], count: RequestShape.count)
    for (index, rule) in rules.enumerated() {
      if let hosts = rule.match.hosts {
        for pattern in Set(hosts) {
          switch pattern {
          case .exact(let host): exactHosts[host, default: []].append(index)
          case .subdomains(let domain): subdomainsOf[domain[...], default: []].append(index)
          }
        }
      } else if let ruleSites = rule.match.sites {
        for site in Set(ruleSites) { sites[site, default: []].append(index) }
      } else if let ruleSchemes = rule.match.schemes {
        for scheme in Set(ruleSchemes) { schemes[scheme, default: []].append(index) }
      } else {
        for shape in 0..<RequestShape.count where compiled[index].admits(shape: shape) {
          unindexed[shape].append(index)
        }
      }
    }
    self.compiled = compiled
    self.exactHosts = exactHosts
    self.subdomainsOf = subdomainsOf
    self.sites = sites
    self.schemes = schemes
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
      trace: .init(source: .invalidURL, notes: [error.description], snapshot: snapshot))
  }

  /// Evaluates a navigation whose URL is already parsed: the first rule whose match holds decides, else the
  /// default.
  public func evaluate(_ request: PolicyRequest, in context: PolicyContext) -> PolicyDecision {
    let shape = RequestShape(request)
    var site = LazySite()
    var best = Int.max
    let host = request.address.host
    if case .domain? = host, let domain = host?.dnsName {
      firstMatch(exactHosts[domain], shape, request, context, &site, &best)
      let utf8 = domain.utf8
      var labelStart = utf8.startIndex
      while let dot = utf8[labelStart...].firstIndex(of: UInt8(ascii: ".")) {
        labelStart = utf8.index(after: dot)
        firstMatch(subdomainsOf[domain[labelStart...]], shape, request, context, &site, &best)
      }
    } else if let host, host.isIPAddress {
      firstMatch(exactHosts[host.serialized], shape, request, context, &site, &best)
    }
    if !sites.isEmpty, let targetSite = site.of(request.address, list) {
      firstMatch(sites[targetSite.description], shape, request, context, &site, &best)
    }
    if !schemes.isEmpty {
      firstMatch(schemes[request.address.scheme], shape, request, context, &site, &best)
    }
    firstMatch(unindexed[shape.index], shape, request, context, &site, &best)
    guard best != Int.max else {
      return resolved(configuration.defaultAction, trace: defaultTrace, address: request.address)
    }
    let rule = compiled[best]
    return resolved(rule.action, trace: rule.trace(snapshot: snapshot), address: request.address)
  }

  /// Lowers `best` to the first candidate (in rule order, below `best`) whose remaining conditions hold.
  private func firstMatch(
    _ candidates: [Int]?, _ shape: RequestShape, _ request: PolicyRequest, _ context: PolicyContext,
    _ site: inout LazySite, _ best: inout Int
  ) {
    guard let candidates else { return }
    for index in candidates {
      if index >= best { return }
      if compiled[index].holds(shape, request, context, &site, list) {
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

/// The target and navigation type of a request as one small number, for the bit masks and the unindexed
/// rule lists.
struct RequestShape {
  static let count = 3 * 6
  let targetBit: UInt8
  let typeBit: UInt8
  let index: Int

  init(_ request: PolicyRequest) {
    self.init(target: request.target, type: request.navigationType)
  }

  init(target: NavigationTarget, type: NavigationType) {
    let targetIndex = RequestShape.targetIndex(target)
    let typeIndex = type.rawValue + 1
    targetBit = 1 << UInt8(targetIndex)
    typeBit = 1 << UInt8(typeIndex)
    index = targetIndex * 6 + typeIndex
  }

  init(index: Int) {
    self.init(
      target: NavigationTarget.allCases[index / 6], type: NavigationType(rawValue: index % 6 - 1) ?? .other)
  }

  static func targetIndex(_ target: NavigationTarget) -> Int {
    switch target {
    case .newWindow: 0
    case .mainFrame: 1
    case .subframe: 2
    }
  }
}

/// The URL's site, computed at most once per evaluation and only when a rule needs it.
struct LazySite {
  private var computed: Site??

  mutating func of(_ address: WebAddress, _ list: PublicSuffixList) -> Site? {
    if let computed { return computed }
    let site = address.site(using: list)
    computed = .some(site)
    return site
  }
}

/// A rule with its conditions flattened for evaluation: a reference, so that trying a candidate copies and
/// retains nothing, with the cheap conditions (bit masks, a flag) checked before any string.
final class CompiledRule: Sendable {
  let index: Int
  let name: String
  let action: PolicyAction
  private let targets: UInt8
  private let types: UInt8
  private let userGesture: Bool?
  private let schemes: [String]?
  private let sites: Set<String>?
  private let paths: [PathPattern]?
  private let crossSite: Bool?
  private let crossOrigin: Bool?
  private let popupFirstLoad: Bool?
  private let conditions: [String]

  init(_ rule: PolicyRule, index: Int) {
    let match = rule.match
    self.index = index
    self.name = rule.name
    self.action = rule.action
    self.targets = match.target.map { 1 << UInt8(RequestShape.targetIndex($0)) } ?? 0xFF
    self.types = match.navigationTypes.map { $0.reduce(0) { $0 | 1 << UInt8($1.rawValue + 1) } } ?? 0xFF
    self.userGesture = match.userGesture
    self.schemes = match.schemes
    self.sites = match.sites.map(Set.init)
    self.paths = match.paths
    self.crossSite = match.crossSite
    self.crossOrigin = match.crossOrigin
    self.popupFirstLoad = match.popupFirstLoad
    self.conditions = match.conditionDescriptions
  }

  func trace(snapshot: UInt64) -> PolicyDecision.Trace {
    .init(source: .rule(name: name, index: index), conditions: conditions, snapshot: snapshot)
  }

  /// Whether the target and navigation-type conditions admit requests of this shape.
  func admits(shape index: Int) -> Bool {
    let shape = RequestShape(index: index)
    // A popup's first load is a main-frame navigation: `popupFirstLoad: true` rules wait on no other list.
    if popupFirstLoad == true, shape.targetBit != 1 << UInt8(RequestShape.targetIndex(.mainFrame)) { return false }
    return targets & shape.targetBit != 0 && types & shape.typeBit != 0
  }

  /// Whether every condition holds. Conditions an index lookup established are checked again only when cheap.
  func holds(
    _ shape: RequestShape, _ request: PolicyRequest, _ context: PolicyContext, _ site: inout LazySite,
    _ list: PublicSuffixList
  ) -> Bool {
    if targets & shape.targetBit == 0 || types & shape.typeBit == 0 { return false }
    if let userGesture, userGesture != request.isUserGesture { return false }
    if let popupFirstLoad, popupFirstLoad != (context.isBlankPopup && request.target == .mainFrame) { return false }
    let address = request.address
    if let schemes, !schemes.contains(address.scheme) { return false }
    // `hosts` needs no check: a rule with hosts is a candidate only when the host index found the URL's host
    // (a domain or an IP literal; never a non-special URL's opaque host) under one of its patterns.
    if let paths, !paths.contains(where: { $0.matches(address.path) }) { return false }
    if let sites {
      guard let targetSite = site.of(address, list), sites.contains(targetSite.description) else { return false }
    }
    if let crossSite, crossSite != isCrossSite(address, context, &site, list) { return false }
    if let crossOrigin, crossOrigin != isCrossOrigin(address, context) { return false }
    return true
  }

  /// `about:blank`/`about:srcdoc` inherit the session's origin; other host-less URLs are cross-site
  /// to everything; everything is cross-site to a session without an origin.
  private func isCrossSite(
    _ address: WebAddress, _ context: PolicyContext, _ site: inout LazySite, _ list: PublicSuffixList
  ) -> Bool {
    guard let currentURL = context.currentURL else { return true }
    if address.isAboutBlankOrSrcdoc { return false }
    // The same DNS name is the same site; only other hosts need the Public Suffix List.
    if case .domain? = address.host, case .domain? = currentURL.host,
      address.host?.dnsName == currentURL.host?.dnsName
    {
      return false
    }
    guard let current = context.currentSite, let target = site.of(address, list) else { return true }
    return current != target
  }

  private func isCrossOrigin(_ address: WebAddress, _ context: PolicyContext) -> Bool {
    guard let current = context.currentURL else { return true }
    if address.isAboutBlankOrSrcdoc { return false }
    guard case .tuple = current.origin, case .tuple = address.origin else { return true }
    return current.origin != address.origin
  }
}
