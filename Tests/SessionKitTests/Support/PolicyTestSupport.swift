import XCTest

@testable import SessionKit

// Shared vocabulary of the policy tests: compiling policy text, building navigations the way WebKit
// reports them, and a naive first-match reference that the indexed `CompiledPolicy` must agree with.

/// A policy document with `version` 1 and these rule objects (JSON text each), plus any extra top-level
/// members (JSON text, e.g. `"include": ["ad-clicks"]`).
func policyJSON(rules: [String] = [], extra: String? = nil) -> String {
  var members = ["\"version\": 1"]
  if let extra { members.append(extra) }
  if !rules.isEmpty { members.append("\"rules\": [" + rules.joined(separator: ", ") + "]") }
  return "{" + members.joined(separator: ", ") + "}"
}

/// One rule object as JSON text; `match` and `action` are JSON text.
func ruleJSON(_ name: String, match: String? = nil, action: String = "\"allow\"") -> String {
  guard let match else { return "{\"name\": \"\(name)\", \"action\": \(action)}" }
  return "{\"name\": \"\(name)\", \"match\": \(match), \"action\": \(action)}"
}

/// Where a navigation comes from: the session's URL (the context of `crossSite`/`crossOrigin`), or a root
/// that has committed nothing.
enum PolicyTestSession {
  /// A session showing this URL.
  case showing(String)
  /// A root web view that has committed nothing: `PolicyContext.none`.
  case fresh
}

extension XCTestCase {
  /// Decodes and compiles policy JSON, failing the test (and throwing) when it is rejected.
  func compiledPolicy(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> CompiledPolicy {
    do {
      return try CompiledPolicy(json: Array(json.utf8))
    } catch {
      XCTFail("policy rejected: \(error)", file: file, line: line)
      throw error
    }
  }

  /// Compiles a policy made of these rules (JSON text each) and extra top-level members.
  func compiledPolicy(
    rules: [String], extra: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws -> CompiledPolicy {
    try compiledPolicy(policyJSON(rules: rules, extra: extra), file: file, line: line)
  }

  /// Asserts that policy JSON is rejected with an error at exactly `path` whose problem contains `fragment`.
  func assertPolicyRejected(
    _ json: String, at path: String, saying fragment: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      _ = try CompiledPolicy(json: Array(json.utf8))
      XCTFail("policy accepted, expected an error at \(path.debugDescription): \(json)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.path, path, "wrong path in \(error)", file: file, line: line)
      XCTAssertTrue(
        error.problem.contains(fragment),
        "problem \(error.problem.debugDescription) does not contain \(fragment.debugDescription)",
        file: file, line: line)
    }
  }

  /// Asserts that a policy made of one rule whose `match` is `match` (JSON text) is rejected at `path`.
  func assertMatchRejected(
    _ match: String, at path: String, saying fragment: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", match: match)]), at: path, saying: fragment, file: file, line: line)
  }

  /// Parses a URL that the test knows is valid.
  func address(_ string: String, file: StaticString = #filePath, line: UInt = #line) throws -> WebAddress {
    do {
      return try WebAddress(string)
    } catch {
      XCTFail("cannot parse \(string.debugDescription): \(error)", file: file, line: line)
      throw error
    }
  }

  /// The policy context of a session.
  func policyContext(_ session: PolicyTestSession) throws -> PolicyContext {
    switch session {
    case .showing(let url): PolicyContext(currentURL: try address(url))
    case .fresh: .none
    }
  }

  /// The navigation action WebKit would report for `url`, requested from a session showing `session`.
  func navigationAction(
    _ url: String, type: NavigationType = .linkActivated, target: NavigationTarget = .mainFrame,
    gesture: Bool = true, from session: PolicyTestSession = .showing("https://example.com/")
  ) -> NavigationAction {
    let current: String
    switch session {
    case .showing(let url): current = url
    case .fresh: current = "about:blank"
    }
    let mainFrame = FrameInfo(isMainFrame: true, url: current)
    let targetFrame: FrameInfo?
    switch target {
    case .newWindow: targetFrame = nil
    case .mainFrame: targetFrame = mainFrame
    case .subframe: targetFrame = FrameInfo(isMainFrame: false, url: "https://frame.example/slot")
    }
    return NavigationAction(
      requestURL: url, sourceFrame: mainFrame, targetFrame: targetFrame, navigationType: type,
      isUserGesture: gesture)
  }

  /// Evaluates a navigation to `url` as WebKit would report it, requested from a session showing `session`.
  func decide(
    _ policy: CompiledPolicy, _ url: String, type: NavigationType = .linkActivated,
    target: NavigationTarget = .mainFrame, gesture: Bool = true,
    from session: PolicyTestSession = .showing("https://example.com/")
  ) throws -> PolicyDecision {
    let action = navigationAction(url, type: type, target: target, gesture: gesture, from: session)
    return policy.evaluate(action, in: try policyContext(session))
  }

  /// Whether a one-rule policy with `match` (JSON text) matches the navigation (its rule decides rather than
  /// the default).
  func ruleMatches(
    _ match: String, _ url: String, type: NavigationType = .linkActivated, target: NavigationTarget = .mainFrame,
    gesture: Bool = true, from session: PolicyTestSession = .showing("https://example.com/"),
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Bool {
    let policy = try compiledPolicy(
      rules: [ruleJSON("rule", match: match, action: "\"cancel\"")], extra: "\"default\": \"allow\"",
      file: file, line: line)
    let decision = try decide(policy, url, type: type, target: target, gesture: gesture, from: session)
    return decision.trace.rule == "rule"
  }
}

/// What a naive evaluation decides: the action (after the Safari adjustment), the rule and its position.
struct ReferenceDecision: Equatable, CustomStringConvertible {
  var action: PolicyAction
  var rule: String
  var ruleIndex: Int?

  var description: String { "\(action) by \(rule) [\(ruleIndex.map(String.init) ?? "-")]" }

  init(action: PolicyAction, rule: String, ruleIndex: Int?) {
    self.action = action
    self.rule = rule
    self.ruleIndex = ruleIndex
  }

  init(_ decision: PolicyDecision) {
    self.init(action: decision.action, rule: decision.trace.rule, ruleIndex: decision.trace.ruleIndex)
  }
}

/// DESIGN §4 read literally: every rule tried in order (own rules, then each preset's), each condition checked
/// on its own, no index. `CompiledPolicy` must decide exactly as this does.
struct LinearPolicyReference {
  let rules: [PolicyRule]
  let defaultAction: PolicyAction
  let list: PublicSuffixList

  init(_ configuration: PolicyConfiguration, list: PublicSuffixList = .shared) throws {
    var rules = configuration.rules
    for preset in configuration.include { rules += try preset.rules() }
    self.rules = rules
    self.defaultAction = configuration.defaultAction
    self.list = list
  }

  func decide(_ request: PolicyRequest, in context: PolicyContext) -> ReferenceDecision {
    for (index, rule) in rules.enumerated() where holds(rule.match, request, context) {
      return ReferenceDecision(action: adjusted(rule.action, request), rule: rule.name, ruleIndex: index)
    }
    return ReferenceDecision(action: adjusted(defaultAction, request), rule: "default", ruleIndex: nil)
  }

  private func adjusted(_ action: PolicyAction, _ request: PolicyRequest) -> PolicyAction {
    guard action == .external(.safari), !["http", "https"].contains(request.address.scheme) else { return action }
    return .external(.system)
  }

  func holds(_ match: RuleMatch, _ request: PolicyRequest, _ context: PolicyContext) -> Bool {
    let address = request.address
    if let schemes = match.schemes, !schemes.contains(address.scheme) { return false }
    if let hosts = match.hosts {
      // Host patterns describe hosts a browser loads: a domain or an IP address, never the opaque host of a
      // non-special URL (`itms-apps://apps.apple.com`), which `schemes` matches instead.
      guard let host = address.host, host.domain != nil || host.isIPAddress,
        hosts.contains(where: { Self.host(host.dnsName, matches: $0) })
      else { return false }
    }
    if let sites = match.sites {
      guard let site = address.site(using: list)?.description, sites.contains(site) else { return false }
    }
    if let paths = match.paths, !paths.contains(where: { Self.path(address.path, matches: $0) }) { return false }
    if let types = match.navigationTypes, !types.contains(request.navigationType) { return false }
    if let target = match.target, target != request.target { return false }
    if let crossSite = match.crossSite, crossSite != isCrossSite(address, context) { return false }
    if let crossOrigin = match.crossOrigin, crossOrigin != isCrossOrigin(address, context) { return false }
    if let gesture = match.userGesture, gesture != request.isUserGesture { return false }
    return true
  }

  private static func host(_ host: String, matches pattern: HostPattern) -> Bool {
    switch pattern {
    case .exact(let exact): host == exact
    case .subdomains(let domain): host.hasSuffix("." + domain) && host != "." + domain
    }
  }

  private static func path(_ path: String, matches pattern: PathPattern) -> Bool {
    switch pattern {
    case .exact(let exact): path == exact
    case .prefix(let prefix): path.hasPrefix(prefix)
    }
  }

  private func isCrossSite(_ target: WebAddress, _ context: PolicyContext) -> Bool {
    guard let current = context.currentURL else { return true }
    if target.isAboutBlankOrSrcdoc { return false }
    guard let currentSite = current.site(using: list), let targetSite = target.site(using: list) else { return true }
    return currentSite != targetSite
  }

  private func isCrossOrigin(_ target: WebAddress, _ context: PolicyContext) -> Bool {
    guard let current = context.currentURL else { return true }
    if target.isAboutBlankOrSrcdoc { return false }
    return !current.origin.isSameOrigin(as: target.origin)
  }
}

/// SplitMix64: a small deterministic generator so that a failing random test can be replayed by its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random policies and navigations over a small vocabulary of hosts, so that rules overlap and collide often.
enum RandomPolicyWorkload {
  /// Registrable domains, including private-section ones and IP literals.
  static let sites = [
    "example.com", "example.net", "example.co.uk", "alice.github.io", "bob.github.io", "google.com", "youtube.com",
    "192.168.0.1", "[::1]",
  ]
  /// Domains that exact host patterns and `*.` patterns are made of.
  static let domains = [
    "example.com", "www.example.com", "a.b.example.com", "example.net", "example.com.example.net",
    "example.co.uk", "www.example.co.uk", "co.uk", "alice.github.io", "bob.github.io", "github.io",
    "google.com", "pay.google.com", "accounts.google.com", "accounts.youtube.com", "apps.apple.com",
  ]
  static let hostPatterns: [HostPattern] =
    domains.map { .exact($0) } + domains.map { .subdomains(of: $0) } + [.exact("192.168.0.1"), .exact("[::1]")]
  static let pathPatterns: [PathPattern] = [.exact("/"), .exact("/pay"), .prefix("/pay"), .prefix("/a/"), .prefix("/")]
  static let schemes = ["https", "http", "tel", "mailto", "data", "about", "itms-apps"]
  static let actions: [PolicyAction] = [
    .allow, .cancel, .download, .sameView, .external(.safari), .external(.system), .popup(.overlay), .popup(.modal),
    .ask("confirm"),
  ]

  /// URLs a page might navigate to: every domain under several schemes, ports, paths and disguises, plus
  /// URLs without a host.
  static let urls: [String] = {
    var urls: [String] = []
    for domain in domains + ["192.168.0.1", "[::1]", "unlisted.example.org"] {
      urls += [
        "https://\(domain)/", "http://\(domain)/pay", "https://\(domain):8443/pay/now", "https://\(domain)/a/b",
        "https://user@\(domain)/", "https://\(domain.uppercased())/pay?x=1",
      ]
    }
    urls += [
      "https://example.com.evil.net/", "https://example.com@evil.net/", "https://pay.google.com./pay",
      "tel:+15551234567", "mailto:someone@example.com", "data:text/html,hi", "about:blank", "about:srcdoc",
      "about:blank#top", "javascript:void(0)",
    ]
    return urls
  }()
  /// Sessions the navigations come from.
  static let sessions: [PolicyTestSession] = [
    .fresh, .showing("https://example.com/"), .showing("https://www.example.com:8443/"),
    .showing("http://example.com/"), .showing("https://www.example.co.uk/"), .showing("https://alice.github.io/"),
    .showing("https://192.168.0.1/"), .showing("https://merchant.example/checkout"),
  ]

  /// A configuration of `count` random rules (named `r0`, `r1`, …), random presets and a random default.
  static func configuration(rules count: Int, using generator: inout SeededGenerator) -> PolicyConfiguration {
    var rules: [PolicyRule] = []
    for index in 0..<count {
      rules.append(PolicyRule(name: "r\(index)", match: match(using: &generator), action: action(using: &generator)))
    }
    let include = PolicyPreset.allCases.shuffled(using: &generator).filter { _ in Bool.random(using: &generator) }
    return PolicyConfiguration(include: include, rules: rules, defaultAction: action(using: &generator))
  }

  static func action(using generator: inout SeededGenerator) -> PolicyAction {
    actions.randomElement(using: &generator)!
  }

  /// A random match. Two thirds of the rules are indexed (hosts, sites or both), sometimes with more conditions
  /// that can fail after the index found them; the rest are scanned and carry four to six conditions, so that
  /// they match rarely: the deciding rule is often deep in the list, or none and the default decides.
  static func match(using generator: inout SeededGenerator) -> RuleMatch {
    func some<T>(of values: [T], upTo limit: Int) -> [T] {
      (0..<Int.random(in: 1...limit, using: &generator)).map { _ in values.randomElement(using: &generator)! }
    }
    var match = RuleMatch()
    let extras: Int
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<40:
      match.hosts = some(of: hostPatterns, upTo: 3)
      extras = Int.random(in: 0...2, using: &generator)
    case 40..<60:
      match.sites = some(of: sites, upTo: 2)
      extras = Int.random(in: 0...2, using: &generator)
    case 60..<67:
      match.hosts = some(of: hostPatterns, upTo: 3)
      match.sites = some(of: sites, upTo: 2)
      extras = Int.random(in: 0...1, using: &generator)
    default:
      extras = Int.random(in: 4...6, using: &generator)
    }
    for condition in (0..<7).shuffled(using: &generator).prefix(extras) {
      switch condition {
      case 0: match.schemes = some(of: schemes, upTo: 2)
      case 1: match.paths = some(of: pathPatterns, upTo: 2)
      case 2: match.navigationTypes = some(of: NavigationType.allCases, upTo: 3)
      case 3: match.target = NavigationTarget.allCases.randomElement(using: &generator)
      case 4: match.crossSite = Bool.random(using: &generator)
      case 5: match.crossOrigin = Bool.random(using: &generator)
      default: match.userGesture = Bool.random(using: &generator)
      }
    }
    return match
  }
}
