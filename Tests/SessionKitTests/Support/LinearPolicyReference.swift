import XCTest

@testable import SessionKit

/// PolicyFormat.md read literally: every rule tried in order (own rules, then each preset's), each condition checked
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
    if let firstLoad = match.popupFirstLoad, firstLoad != (context.isBlankPopup && request.target == .mainFrame) {
      return false
    }
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
