/// An immutable, compiled policy snapshot whose evaluation is a pure synchronous function.
/// Apps compile one when they load their policy and give it to ``SessionEngine``; tests check URLs against it with
/// ``evaluate(_:from:navigationType:target:userGesture:)``.
///
/// Rules are indexed so that the cost of an evaluation does not grow with the number of rules that name hosts,
/// sites or schemes. The host, subdomain and site indexes are one `SuffixTable` keyed by host suffixes: one
/// right-to-left walk over the URL's host labels probes it (and, with the same hash, the Public Suffix List),
/// one probe per label. Schemes are a short list; the remaining rules are kept in one ordered list per
/// (target, navigation type) pair, so a request only scans the rules that could hold for it. A candidate found
/// through an index already satisfies the indexed condition; its target, navigation type, gesture, first-load,
/// cross-site and cross-origin conditions are one bit-mask test on a plain value, and only rules with
/// schemes, paths or sites left to check look further. No regex, no `String` made, no cache.
/// The engine swaps snapshots atomically (a reference), so a decision sees exactly one of them.
public final class CompiledPolicy: Sendable {
  /// The configuration this snapshot was compiled from.
  public let configuration: PolicyConfiguration
  /// Every rule in evaluation order (own rules, then presets' `PRESET/NAME` rules).
  public let rules: [PolicyRule]
  /// Popup presentation and limits.
  package var popups: PopupLimits { configuration.popups }
  /// Async decider timeout and fallback.
  package var deciders: DeciderSettings { configuration.deciders }
  /// A process-unique identity, carried by every trace this snapshot produces.
  package let snapshot: UInt64

  private let compiled: [CompiledRule]
  private let filters: [RuleFilter]
  /// Exact hosts, subdomain patterns and sites by DNS name; a payload `n > 0` is `hostLists[n - 1]`, `0` a
  /// suffix of some key (keep walking left).
  private let hostTable: SuffixTable
  private let hostLists: [HostLists]
  /// Exact hosts and sites that are IP literals, by serialization.
  private let literalHosts: [String: CandidateList]
  private let literalSites: [String: CandidateList]
  private let schemeNames: [[UInt8]]
  private let schemeLists: [CandidateList]
  /// Rules with no host, site or scheme condition, one ordered list per `RequestShape`.
  private let unindexed: [CandidateList]
  /// Every candidate list, back to back (rule indexes in rule order).
  private let pool: [Int32]
  private let list: PublicSuffixList
  private let defaultTrace: PolicyDecision.Trace

  private static let snapshotCounter = Locked<UInt64>(0)

  /// Compiles a validated configuration.
  /// - Throws: ``ConfigurationError`` when an included preset cannot be loaded.
  public convenience init(_ configuration: PolicyConfiguration) throws(ConfigurationError) {
    try self.init(configuration, list: .shared)
  }

  /// Compiles a validated configuration whose sites are computed with `list`.
  /// - Throws: ``ConfigurationError`` when an included preset cannot be loaded.
  @_optimize(size)
  package init(_ configuration: PolicyConfiguration, list: PublicSuffixList) throws(ConfigurationError) {
    self.configuration = configuration
    self.list = list
    self.rules = try configuration.orderedRules()
    self.snapshot = CompiledPolicy.snapshotCounter.withLock { counter in
      counter += 1
      return counter
    }
    self.defaultTrace = PolicyDecision.Trace(source: .defaultAction, snapshot: snapshot)
    let compiled = rules.enumerated().map { CompiledRule($0.element, index: $0.offset) }
    var builder = IndexBuilder()
    for (index, rule) in rules.enumerated() {
      // A pattern named twice in one rule adds the rule once (`appendOnce`), without a `Set` of patterns.
      if let hosts = rule.match.hosts {
        for pattern in hosts {
          switch pattern {
          case .exact(let host) where HostPattern.normalisedHost(host)?.isIPAddress == true:
            builder.add(index, to: .literals, host, .exact)
          case .exact(let host): builder.add(index, to: .hosts, host, .exact)
          case .subdomains(let domain): builder.add(index, to: .hosts, domain, .subdomains)
          }
        }
      } else if let ruleSites = rule.match.sites {
        for site in ruleSites {
          let isIPAddress = HostPattern.normalisedHost(site)?.isIPAddress == true
          builder.add(index, to: isIPAddress ? .literals : .hosts, site, .sites)
        }
      } else if let ruleSchemes = rule.match.schemes {
        for scheme in ruleSchemes { builder.add(index, to: .schemes, scheme, .exact) }
      } else {
        for shape in 0..<RequestShape.count where compiled[index].admits(shape: shape) {
          builder.unindexed[shape].append(index)
        }
      }
    }
    self.compiled = compiled
    self.filters = compiled.map(\.filter)
    var pool: [Int32] = []
    func store(_ indexes: [Int]) -> CandidateList {
      let list = CandidateList(start: Int32(pool.count), count: Int32(indexes.count))
      pool.append(contentsOf: indexes.lazy.map { Int32($0) })
      return list
    }
    var tableEntries: [([UInt8], UInt32)] = []
    var hostLists: [HostLists] = []
    // An array of the keys, sorted, shares the one `[String]` sort of the JSON reader's messages: sorting the
    // pairs, or the keys' view, compiled a copy of the standard library's sort for each collection type.
    for name in ColdSort.strings(Array(builder.hosts.keys)) {
      let lists = builder.hosts[name, default: IndexBuilder.Lists()]
      hostLists.append(
        HostLists(exact: store(lists.exact), subdomains: store(lists.subdomains), sites: store(lists.sites)))
      let bytes = Array(name.utf8)
      tableEntries.append((bytes, UInt32(hostLists.count)))
      var start = 0
      while let dot = bytes[start...].firstIndex(of: UInt8(ascii: ".")) {
        start = dot + 1
        tableEntries.append((Array(bytes[start...]), 0))
      }
    }
    self.hostTable = SuffixTable(tableEntries, merge: max)
    self.hostLists = hostLists
    self.literalHosts = builder.literals.compactMapValues { $0.exact.isEmpty ? nil : store($0.exact) }
    self.literalSites = builder.literals.compactMapValues { $0.sites.isEmpty ? nil : store($0.sites) }
    let schemes = ColdSort.strings(Array(builder.schemes.keys))
    self.schemeNames = schemes.map { Array($0.utf8) }
    self.schemeLists = schemes.map { store(builder.schemes[$0, default: IndexBuilder.Lists()].exact) }
    self.unindexed = builder.unindexed.map(store)
    self.pool = pool
  }

  /// Decodes, validates and compiles policy JSON.
  /// - Throws: ``ConfigurationError`` naming the JSON path of the first problem.
  public convenience init(json: some Collection<UInt8>) throws(ConfigurationError) {
    try self.init(json: json, list: .shared)
  }

  /// Decodes, validates and compiles policy JSON whose sites are computed with `list`.
  /// - Throws: ``ConfigurationError`` naming the JSON path of the first problem.
  @_optimize(size)
  package convenience init(json: some Collection<UInt8>, list: PublicSuffixList) throws(ConfigurationError) {
    try self.init(PolicyConfiguration(json: json, list: list), list: list)
  }

  /// What this policy's rules (or its default) decide for a navigation to `url` from a page at `currentURL`,
  /// with the trace of why: for checking a policy in code and in an app's unit tests. Only the rules run, as
  /// in the engine's first step; popup limits, deciders (an `ask` rule's answer is the `ask` action itself)
  /// and the session's state do not.
  ///
  /// A `url` (or `currentURL`) that cannot be parsed, or whose host has an empty label, is decided as the
  /// engine decides it: `cancel`, with the trace rule `invalid-url` and a note saying what is wrong.
  /// - Parameters:
  ///   - url: the URL navigated to, as the page wrote it.
  ///   - currentURL: the URL of the page the navigation starts from (what `crossSite` and `crossOrigin`
  ///     compare with); `nil` for a web view that committed nothing.
  ///   - navigationType: how the navigation started.
  ///   - target: where it loads: a `_blank` link or `window.open` is ``NavigationTarget/newWindow``.
  ///   - userGesture: whether a tap started it.
  public func evaluate(
    _ url: String, from currentURL: String? = nil, navigationType: NavigationType = .linkActivated,
    target: NavigationTarget = .mainFrame, userGesture: Bool = true
  ) -> PolicyDecision {
    do {
      var current: WebAddress? = nil
      if let currentURL { current = try WebAddress(currentURL) }
      let request = try PolicyRequest(
        address: WebAddress(url), navigationType: navigationType, target: target, isUserGesture: userGesture)
      return evaluate(request, in: PolicyContext(currentURL: current, list: list))
    } catch {
      return invalidURL(error)
    }
  }

  /// Evaluates a WebKit navigation action. A URL that cannot be parsed, or whose host has an empty label
  /// (``PolicyRequest/init(_:)``), is never allowed: the decision is `cancel` with the trace rule `invalid-url`.
  package func evaluate(_ action: borrowing NavigationAction, in context: borrowing PolicyContext) -> PolicyDecision {
    do {
      return evaluate(try PolicyRequest(action), in: context)
    } catch {
      return invalidURL(error)
    }
  }

  /// The decision for a URL that could not be parsed: `cancel`, traced as `invalid-url`.
  package func invalidURL(_ error: AddressError) -> PolicyDecision {
    PolicyDecision(
      action: .cancel,
      trace: .init(source: .invalidURL, notes: [error.description], snapshot: snapshot))
  }

  /// Evaluates a navigation whose URL is already parsed: the first rule whose match holds decides, else the
  /// default. The request's host has no empty label (its initializers checked), so the host walk need not look.
  package func evaluate(_ request: borrowing PolicyRequest, in context: borrowing PolicyContext) -> PolicyDecision {
    var facts = RequestFacts(request, context)
    var best = Int.max
    if request.address.layout.hostKind == .domain {
      request.address.withHostUTF8 { raw in
        let (bytes, siteStart) = list.site(ofDomain: raw, mayHaveEmptyLabel: false)
        facts.site = .bytes(host: bytes, site: UnsafeBufferPointer(rebasing: bytes[siteStart...]))
        var walk = LabelWalk(count: bytes.count)
        while walk.step(bytes) {
          guard
            let payload = hostTable.payload(
              hash: walk.hash, suffix: UnsafeBufferPointer(rebasing: bytes[walk.start...]))
          else { break }
          guard payload > 0 else { continue }
          let lists = hostLists[Int(payload - 1)]
          firstMatch(walk.start == 0 ? lists.exact : lists.subdomains, request, context, &facts, &best)
          if walk.start == siteStart { firstMatch(lists.sites, request, context, &facts, &best) }
        }
        remainingLists(request, context, &facts, &best)
        facts.site = .none  // The bytes are valid only inside this closure.
      }
    } else {
      facts.site = .site(request.address.site(using: list))
      let kind = request.address.layout.hostKind
      if kind == .ipv4 || kind == .ipv6 {
        // The host's serialization is its slice of the URL's.
        let literal = request.address.withHostUTF8 { String(decoding: $0, as: UTF8.self) }
        if let list = literalHosts[literal] { firstMatch(list, request, context, &facts, &best) }
        if let list = literalSites[literal] { firstMatch(list, request, context, &facts, &best) }
      }
      remainingLists(request, context, &facts, &best)
    }
    guard best != Int.max else {
      return resolved(configuration.defaultAction, trace: defaultTrace, address: request.address)
    }
    let rule = compiled[best]
    return resolved(rule.action, trace: rule.trace(snapshot: snapshot), address: request.address)
  }

  /// The scheme list and the unindexed list of the request's shape.
  @inline(__always)
  private func remainingLists(
    _ request: PolicyRequest, _ context: PolicyContext, _ facts: inout RequestFacts, _ best: inout Int
  ) {
    if !schemeNames.isEmpty {
      let found = request.address.withUTF8(from: 0, to: request.address.layout.schemeEnd) { scheme in
        schemeNames.firstIndex { name in name.withUnsafeBufferPointer { UTF8Bytes.equal($0, scheme) } }
      }
      if let found { firstMatch(schemeLists[found], request, context, &facts, &best) }
    }
    firstMatch(unindexed[facts.shape.index], request, context, &facts, &best)
    // The first load of a popup opened blank is the new-window request too: that shape's rules are candidates.
    if let index = facts.newWindowIndex { firstMatch(unindexed[index], request, context, &facts, &best) }
  }

  /// Lowers `best` to the first candidate (in rule order, below `best`) whose remaining conditions hold.
  @inline(__always)
  private func firstMatch(
    _ candidates: CandidateList, _ request: PolicyRequest, _ context: PolicyContext, _ facts: inout RequestFacts,
    _ best: inout Int
  ) {
    var position = Int(candidates.start)
    let end = position + Int(candidates.count)
    while position < end {
      let index = Int(pool[position])
      if index >= best { return }
      if filters[index].admits(&facts, request, context)
        && (!filters[index].hasMore || compiled[index].holds(request, facts))
      {
        best = index
        return
      }
      position += 1
    }
  }

  /// Safari (`SFSafariViewController`) opens only http and https; anything else goes to the system.
  func resolved(_ action: PolicyAction, trace: PolicyDecision.Trace, address: WebAddress) -> PolicyDecision {
    if case .external(.safari) = action, address.layout.scheme != .http, address.layout.scheme != .https {
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
  /// The target bits a rule's `target` condition is checked against: one target's, or `newWindow`'s and
  /// `mainFrame`'s for the first load of a popup opened blank (``RequestFacts/init(_:_:)``).
  var targetBit: UInt8
  let typeBit: UInt8
  let index: Int

  init(_ request: borrowing PolicyRequest) {
    self.init(target: request.target, type: request.navigationType)
  }

  init(target: NavigationTarget, type: NavigationType) {
    let targetIndex = RequestShape.targetIndex(target)
    let typeIndex = type.rawValue + 1
    targetBit = 1 << UInt8(targetIndex)
    typeBit = 1 << UInt8(typeIndex)
    index = targetIndex * 6 + typeIndex
  }

  @_optimize(size)
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

/// A run of rule indexes in a policy's candidate pool.
struct CandidateList: Sendable {
  var start: Int32
  var count: Int32
}

/// The candidate lists one host-table key leads to.
struct HostLists: Sendable {
  /// Rules with `hosts` naming the key exactly: candidates when the key is the whole host.
  var exact: CandidateList
  /// Rules with `*.key`: candidates when the key is a suffix of the host after a dot.
  var subdomains: CandidateList
  /// Rules with `sites` naming the key: candidates when the key is the host's site.
  var sites: CandidateList
}

/// The indexes of a policy while it compiles. Its three maps have one type, so that apps carry one copy of the
/// dictionary code for them.
struct IndexBuilder {
  /// The rules naming a key exactly (hosts, IP-literal hosts, schemes), by subdomain pattern, or as a site.
  struct Lists {
    var exact: [Int] = []
    var subdomains: [Int] = []
    var sites: [Int] = []
  }

  enum Map { case hosts, literals, schemes }
  enum List { case exact, subdomains, sites }

  /// DNS names.
  var hosts: [String: Lists] = [:]
  /// IP literals, serialized: `exact` from `hosts` patterns, `sites` from `sites`.
  var literals: [String: Lists] = [:]
  /// Schemes, in `exact`.
  var schemes: [String: Lists] = [:]
  var unindexed = [[Int]](repeating: [], count: RequestShape.count)

  /// Adds rule `index` to `key`'s `list` in `map`.
  @_optimize(size)
  mutating func add(_ index: Int, to map: Map, _ key: String, _ list: List) {
    switch map {
    case .hosts: Self.add(index, to: &hosts[key, default: Lists()], list)
    case .literals: Self.add(index, to: &literals[key, default: Lists()], list)
    case .schemes: Self.add(index, to: &schemes[key, default: Lists()], list)
    }
  }

  @_optimize(size)
  private static func add(_ index: Int, to lists: inout Lists, _ list: List) {
    switch list {
    case .exact: lists.exact.appendOnce(index)
    case .subdomains: lists.subdomains.appendOnce(index)
    case .sites: lists.sites.appendOnce(index)
    }
  }
}

extension [Int] {
  /// Appends a rule's index unless it is already last: rules are added in order, so a rule whose pattern
  /// repeats finds its own index there.
  @_optimize(size)
  mutating func appendOnce(_ index: Int) {
    if last != index { append(index) }
  }
}

/// What one evaluation knows about its request: its shape, its condition bits (gesture and first load at
/// once, cross-site and cross-origin when a candidate first asks), and its site.
struct RequestFacts {
  /// The site of the URL: the bytes of a domain and where its registrable domain starts, or a computed site
  /// for other hosts.
  enum TargetSite {
    case none
    case bytes(host: UnsafeBufferPointer<UInt8>, site: UnsafeBufferPointer<UInt8>)
    case site(Site?)
  }

  static let userGesture: UInt8 = 1
  static let popupFirstLoad: UInt8 = 2
  static let crossSite: UInt8 = 4
  static let crossOrigin: UInt8 = 8

  let shape: RequestShape
  /// For the first load of a real URL in a popup opened blank (``PolicyContext/standsForNewWindow(_:)``), the
  /// unindexed list of the new-window request it stands for, scanned besides the main frame's; `nil` otherwise.
  let newWindowIndex: Int?
  /// The bit of the path's second byte (the first after `/`) in a ``RuleFilter/pathMask``; `0` until a rule
  /// with paths asks, all ones for a path too short to have one.
  var pathBit: UInt64 = 0
  var known: UInt8 = userGesture | popupFirstLoad
  var bits: UInt8 = 0
  var site = TargetSite.none

  init(_ request: borrowing PolicyRequest, _ context: borrowing PolicyContext) {
    var shape = RequestShape(request)
    var newWindowIndex: Int?
    if request.isUserGesture { bits |= Self.userGesture }
    if context.isBlankPopup && request.target == .mainFrame {
      bits |= Self.popupFirstLoad
      if context.standsForNewWindow(request) {
        // Its `target` condition holds for `newWindow` as well as `mainFrame`, and it carries the gesture of the
        // request that opened the popup.
        let newWindow = RequestShape(target: .newWindow, type: request.navigationType)
        shape.targetBit |= newWindow.targetBit
        newWindowIndex = newWindow.index
        if context.openingGesture { bits |= Self.userGesture }
      }
    }
    self.shape = shape
    self.newWindowIndex = newWindowIndex
  }

  /// Works out ``pathBit``.
  mutating func learnPath(_ request: borrowing PolicyRequest) {
    pathBit = request.address.withPathUTF8 { $0.count >= 2 ? 1 << UInt64($0[1] & 63) : .max }
  }

  /// Works out the cross-site and cross-origin bits in `wanted` not yet known.
  mutating func learn(_ wanted: UInt8, _ request: PolicyRequest, _ context: PolicyContext) {
    let missing = wanted & ~known
    if missing & Self.crossSite != 0, isCrossSite(request.address, context) { bits |= Self.crossSite }
    if missing & Self.crossOrigin != 0, Self.isCrossOrigin(request.address, context) { bits |= Self.crossOrigin }
    known |= missing
  }

  /// `about:blank`/`about:srcdoc` inherit the session's origin; other host-less URLs are cross-site
  /// to everything; everything is cross-site to a session without an origin.
  private func isCrossSite(_ address: WebAddress, _ context: PolicyContext) -> Bool {
    // Read through the page's box, never copying its URL or site out of it.
    guard let page = context.page else { return true }
    switch site {
    case .bytes(let host, let target):
      // The same site, or the same DNS name (same-site even for a page without a site): the site first, held
      // in the page's first cache line; the name's bytes only when its length matches.
      return !page.hasSiteName(target) && !page.hasDNSName(host)
    case .site(let target):
      if address.isAboutBlankOrSrcdoc { return false }
      guard let current = page.site, let target else { return true }
      return current != target
    case .none:
      return true
    }
  }

  private static func isCrossOrigin(_ address: WebAddress, _ context: PolicyContext) -> Bool {
    guard let page = context.page else { return true }
    return page.url.isCrossOrigin(to: address)
  }

  /// Whether the URL's site is one of `sites` (each a registrable domain or an IP literal, serialized).
  func siteIsOne(of sites: [String]) -> Bool {
    switch site {
    case .bytes(_, let target):
      return sites.contains { site in
        var site = site
        return site.withUTF8 { UTF8Bytes.equal($0, target) }
      }
    case .site(let target?):
      return sites.contains(target.description)
    case .site(nil), .none:
      return false
    }
  }
}

/// A rule's target, navigation-type and boolean conditions as one plain value: checking them is a few bit
/// operations on the candidate's own 5 bytes.
struct RuleFilter: Sendable {
  let targets: UInt8
  let types: UInt8
  /// The ``RequestFacts`` bits the rule has a condition on, and the values it requires.
  let care: UInt8
  let want: UInt8
  /// Whether schemes, paths or sites are left to check (``CompiledRule/holds(_:_:)``).
  let hasMore: Bool
  /// For a rule with paths, the bits (`byte & 63`) of the byte after `/` in each pattern, so that most paths
  /// are turned away without comparing strings; all ones when a pattern is `/` or `/*` or there are no paths.
  let pathMask: UInt64

  @inline(__always)
  func admits(
    _ facts: inout RequestFacts, _ request: borrowing PolicyRequest, _ context: borrowing PolicyContext
  ) -> Bool {
    if targets & facts.shape.targetBit == 0 || types & facts.shape.typeBit == 0 { return false }
    if pathMask != .max {
      if facts.pathBit == 0 { facts.learnPath(request) }
      if pathMask & facts.pathBit == 0 { return false }
    }
    if care == 0 { return true }
    if care & ~facts.known != 0 { facts.learn(care, request, context) }
    return facts.bits & care == want
  }
}

/// A ``PathPattern`` as bytes, compared with a URL's path bytes.
struct PathBytes: Sendable {
  let bytes: [UInt8]
  let isPrefix: Bool

  init(_ pattern: PathPattern) {
    switch pattern {
    case .exact(let path): (bytes, isPrefix) = (Array(path.utf8), false)
    case .prefix(let prefix): (bytes, isPrefix) = (Array(prefix.utf8), true)
    }
  }

  @inline(__always)
  func matches(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      guard isPrefix else { return UTF8Bytes.equal(path, bytes) }
      return path.count >= bytes.count && UTF8Bytes.equal(UnsafeBufferPointer(rebasing: path[..<bytes.count]), bytes)
    }
  }
}

/// A rule with its conditions flattened for evaluation: the bit-mask part in ``filter``, and the conditions
/// that compare strings (schemes, paths, sites), checked only when the index lookup did not establish them.
final class CompiledRule: Sendable {
  let index: Int
  let name: String
  let action: PolicyAction
  let filter: RuleFilter
  private let popupFirstLoad: Bool?
  private let schemes: [String]?
  private let sites: [String]?
  private let paths: [PathBytes]?
  private let conditions: [String]

  @_optimize(size)
  init(_ rule: PolicyRule, index: Int) {
    let match = rule.match
    self.index = index
    self.name = rule.name
    self.action = rule.action
    self.popupFirstLoad = match.popupFirstLoad
    // A rule is indexed by its hosts, else its sites, else its schemes: the index establishes that condition.
    self.schemes = match.hosts != nil || match.sites != nil ? match.schemes : nil
    self.sites = match.hosts != nil ? match.sites : nil
    self.paths = match.paths?.map(PathBytes.init)
    self.conditions = match.conditionDescriptions
    var care: UInt8 = 0
    var want: UInt8 = 0
    for (condition, bit) in [
      (match.userGesture, RequestFacts.userGesture), (match.popupFirstLoad, RequestFacts.popupFirstLoad),
      (match.crossSite, RequestFacts.crossSite), (match.crossOrigin, RequestFacts.crossOrigin),
    ] {
      guard let condition else { continue }
      care |= bit
      if condition { want |= bit }
    }
    self.filter = RuleFilter(
      targets: match.target.map { 1 << UInt8(RequestShape.targetIndex($0)) } ?? 0xFF,
      types: match.navigationTypes.map { $0.reduce(0) { $0 | 1 << UInt8($1.rawValue + 1) } } ?? 0xFF,
      care: care, want: want, hasMore: schemes != nil || sites != nil || paths != nil,
      pathMask: CompiledRule.pathMask(match.paths))
  }

  @_optimize(size)
  static func pathMask(_ paths: [PathPattern]?) -> UInt64 {
    guard let paths else { return .max }
    var mask: UInt64 = 0
    for pattern in paths {
      let bytes: String.UTF8View
      switch pattern {
      case .exact(let path): bytes = path.utf8
      case .prefix(let prefix): bytes = prefix.utf8
      }
      guard bytes.count >= 2 else { return .max }
      mask |= 1 << UInt64(bytes[bytes.index(after: bytes.startIndex)] & 63)
    }
    return mask
  }

  func trace(snapshot: UInt64) -> PolicyDecision.Trace {
    .init(source: .rule(name: name, index: index), conditions: conditions, snapshot: snapshot)
  }

  /// Whether the target and navigation-type conditions admit requests of this shape.
  @_optimize(size)
  func admits(shape index: Int) -> Bool {
    let shape = RequestShape(index: index)
    // A popup's first load is a main-frame navigation (in a popup opened blank, also the new-window request it
    // stands for): `popupFirstLoad: true` rules wait on no other list, but for a `newWindow` rule on its own.
    let newWindowBit: UInt8 = 1 << UInt8(RequestShape.targetIndex(.newWindow))
    if popupFirstLoad == true, shape.targetBit != 1 << UInt8(RequestShape.targetIndex(.mainFrame)),
      filter.targets != newWindowBit || shape.targetBit != newWindowBit
    {
      return false
    }
    return filter.targets & shape.targetBit != 0 && filter.types & shape.typeBit != 0
  }

  /// Whether the string conditions the index did not establish hold (the filter has already passed).
  func holds(_ request: PolicyRequest, _ facts: RequestFacts) -> Bool {
    if let schemes, !schemes.contains(where: { $0.hasSameBytes(as: request.address.scheme) }) { return false }
    // `hosts` needs no check: a rule with hosts is a candidate only when the host index found the URL's host
    // (a domain or an IP literal; never a non-special URL's opaque host) under one of its patterns.
    if let paths {
      guard request.address.withPathUTF8({ path in paths.contains { $0.matches(path) } }) else { return false }
    }
    if let sites, !facts.siteIsOne(of: sites) { return false }
    return true
  }
}

extension WebAddress {
  /// Whether `address` is cross-origin to this URL (the session's): `about:blank` and `about:srcdoc` inherit
  /// the session's origin; an opaque origin is cross-origin to everything.
  func isCrossOrigin(to address: WebAddress) -> Bool {
    if address.isAboutBlankOrSrcdoc { return false }
    if layout.scheme.hasTupleOrigin && address.layout.scheme.hasTupleOrigin {
      // The tuple (scheme, host, port) without building either origin or any string.
      guard layout.hostKind != .none, address.layout.hostKind != .none else { return true }
      return layout.scheme != address.layout.scheme || layout.port != address.layout.port || !hasSameHost(as: address)
    }
    guard case .tuple = origin, case .tuple = address.origin else { return true }
    return origin != address.origin
  }
}
