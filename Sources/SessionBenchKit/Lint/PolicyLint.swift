import SessionKit

/// `session-bench lint`: the checks of a policy that is valid but probably wrong.
///
/// Every finding names the JSON path it is about. A preset's rules have no path of their own in the file; they
/// are named by the `include` entry that brings them in (`include[1]`) and their `PRESET/NAME`.
package struct PolicyLint: Sendable {
  /// A rule in evaluation order with the path that names it.
  struct PlacedRule: Sendable {
    var rule: PolicyRule
    /// `rules[N]`, or `include[N]` for a preset's rule.
    var path: String
    /// Whether the file itself holds the rule (its conditions have paths of their own).
    var isOwn: Bool

    /// `rules[2] ("checkout")` or `include[1] ("ad-clicks/app-store")`.
    var label: String { "\(path) (\(JSONValue.quoted(rule.name)))" }
  }

  /// The validated policy.
  package let configuration: PolicyConfiguration
  /// The decider names `--deciders` declared; `nil` when not given (no `undeclared-decider` check).
  package let declaredDeciders: Set<String>?
  let rules: [PlacedRule]
  private let source: JSONValue
  private let list: PublicSuffixList

  /// Decodes and validates a policy for linting.
  /// - Throws: ``ConfigurationError`` when the file is invalid (lint exits 2).
  package init(
    json: some Collection<UInt8>, declaredDeciders: Set<String>? = nil, list: PublicSuffixList = .shared
  ) throws(ConfigurationError) {
    let source = try JSONValue(parsing: json)
    let configuration = try PolicyConfiguration(json: json, list: list)
    var rules = configuration.rules.enumerated().map { PlacedRule(rule: $1, path: "rules[\($0)]", isOwn: true) }
    for (index, preset) in configuration.include.enumerated() {
      do {
        rules += try preset.rules().map { PlacedRule(rule: $0, path: "include[\(index)]", isOwn: false) }
      } catch {
        throw ConfigurationError(path: "include[\(index)]", problem: error.problem)
      }
    }
    self.source = source
    self.configuration = configuration
    self.declaredDeciders = declaredDeciders
    self.rules = rules
    self.list = list
  }

  /// Every finding, errors and warnings, in rule order.
  package func findings() -> [LintFinding] {
    var findings: [LintFinding] = []
    var unreachable = Set<Int>()
    for (index, placed) in rules.enumerated() {
      findings += wildcardsAndSpellings(of: placed)
      if let shadow = shadowingRule(of: index) {
        unreachable.insert(index)
        findings.append(
          LintFinding(
            level: .error, path: placed.path, code: .unreachable,
            message: "rule \(JSONValue.quoted(placed.rule.name)) never decides: \(shadow.label) comes first "
              + "and matches every request it matches"))
      }
      findings += actionFindings(of: placed)
    }
    findings += PaymentWindowOrder(rules: rules).findings()
    findings += EmbeddedIframeLoads(rules: rules, coverage: RuleCoverage(list: list)).findings(unreachable: unreachable)
    if let declaredDeciders {
      let others: [(String, PolicyAction)] = [
        ("default", configuration.defaultAction), ("deciders.onTimeout", configuration.deciders.onTimeout),
      ]
      for (path, action) in others {
        if case .ask(let name) = action, !declaredDeciders.contains(name) {
          findings.append(undeclared(name, path: path))
        }
      }
    }
    return findings
  }

  /// The indices of the rules lint calls unreachable.
  package func unreachableRuleIndices() -> [Int] {
    rules.indices.filter { shadowingRule(of: $0) != nil }
  }

  /// The first earlier rule that matches every request the rule at `index` matches.
  func shadowingRule(of index: Int) -> PlacedRule? {
    let coverage = RuleCoverage(list: list)
    let narrower = rules[index].rule.match
    return rules[..<index].first { coverage.covers($0.rule.match, narrower) }
  }

  private func wildcardsAndSpellings(of placed: PlacedRule) -> [LintFinding] {
    var findings: [LintFinding] = []
    for (position, pattern) in (placed.rule.match.hosts ?? []).enumerated() {
      let path = placed.isOwn ? "\(placed.path).match.hosts[\(position)]" : placed.path
      if case .subdomains(let domain) = pattern, list.isPublicSuffix(domain) {
        findings.append(
          LintFinding(
            level: .error, path: path, code: .publicSuffixWildcard,
            message: "\(JSONValue.quoted(pattern.description)) matches every site under the public suffix "
              + "\(JSONValue.quoted(domain)); name the sites or hosts meant"))
      }
      if placed.isOwn, let written = writtenString(at: placed.path, "hosts", position),
        written != pattern.description
      {
        findings.append(nonCanonical(written, canonical: pattern.description, path: path))
      }
    }
    for (position, site) in (placed.rule.match.sites ?? []).enumerated() where placed.isOwn {
      if let written = writtenString(at: placed.path, "sites", position), written != site {
        findings.append(nonCanonical(written, canonical: site, path: "\(placed.path).match.sites[\(position)]"))
      }
    }
    return findings
  }

  private func actionFindings(of placed: PlacedRule) -> [LintFinding] {
    let match = placed.rule.match
    let path = placed.isOwn ? "\(placed.path).action" : placed.path
    var findings: [LintFinding] = []
    switch placed.rule.action {
    case .external(.safari):
      if let schemes = match.schemes, !schemes.contains("http"), !schemes.contains("https") {
        findings.append(
          LintFinding(
            level: .error, path: path, code: .safariScheme,
            message: "Safari opens only http and https, and this rule matches only "
              + schemes.map { "\($0):" }.joined(separator: ", ")
              + "; every match opens with the system: write {\"external\": \"system\"}"))
      }
    case .popup:
      let excluding = NewWindowExclusion.conditions(of: match, limits: configuration.popups)
      if !excluding.isEmpty {
        let at = placed.isOwn ? "\(placed.path).match." : "match."
        let reasons = excluding.map { "\(at)\($0.key) \($0.reason)" }
        findings.append(
          LintFinding(
            level: .warning, path: path, code: .popupNeverNewWindow,
            message: "a popup action answers only new-window requests, and this rule never meets one: "
              + reasons.joined(separator: "; ") + "; on the requests it does match the popup action is a plain allow"))
      }
    case .ask(let name):
      if let declaredDeciders, !declaredDeciders.contains(name) { findings.append(undeclared(name, path: path)) }
    case .allow, .cancel, .download, .sameView, .external(.system), .finish:
      break
    }
    return findings
  }

  private func undeclared(_ name: String, path: String) -> LintFinding {
    LintFinding(
      level: .warning, path: path, code: .undeclaredDecider,
      message: "asks the decider \(JSONValue.quoted(name)), which --deciders does not declare")
  }

  private func nonCanonical(_ written: String, canonical: String, path: String) -> LintFinding {
    LintFinding(
      level: .warning, path: path, code: .nonCanonicalHost,
      message: "\(JSONValue.quoted(written)) is not how browsers write this host; write \(JSONValue.quoted(canonical))")
  }

  /// The string as the file writes it at `rules[N].match.KEY[position]`.
  private func writtenString(at rulePath: String, _ key: String, _ position: Int) -> String? {
    guard let open = rulePath.firstIndex(of: "["), let index = Int(rulePath[open...].dropFirst().dropLast()),
      case .array(let rules)? = source["rules"], index < rules.count,
      case .array(let values)? = rules[index]["match"]?[key], position < values.count,
      case .string(let text) = values[position]
    else { return nil }
    return text
  }
}
