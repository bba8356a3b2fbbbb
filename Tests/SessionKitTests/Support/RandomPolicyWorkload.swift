import XCTest

@testable import SessionKit

/// Random policies and navigations over a small vocabulary of hosts, so that rules overlap and collide often.
enum RandomPolicyWorkload {
  /// Registrable domains, including private-section ones and IP literals.
  static let sites = [
    "example.com", "example.net", "example.co.uk", "alice.github.io", "bob.github.io", "google.com", "youtube.com",
    "192.168.0.1", "[::1]", "a-very-long-merchant-name.com",
  ]
  /// Domains that exact host patterns and `*.` patterns are made of.
  static let domains = [
    "example.com", "www.example.com", "a.b.example.com", "example.net", "example.com.example.net",
    "example.co.uk", "www.example.co.uk", "co.uk", "alice.github.io", "bob.github.io", "github.io",
    "google.com", "pay.google.com", "accounts.google.com", "accounts.youtube.com", "apps.apple.com",
    // A site longer than a committed page holds inline (23 bytes): its cross-site check takes the other path.
    "a-very-long-merchant-name.com", "pay.a-very-long-merchant-name.com",
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
    .blankPopup(opener: "https://example.com/"), .blankPopup(opener: "https://merchant.example/checkout"),
    .showing("https://www.example.com./"), .showing("https://pay.a-very-long-merchant-name.com./cart"),
    .showing("https://a-very-long-merchant-name.com/"),
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
    for condition in (0..<8).shuffled(using: &generator).prefix(extras) {
      switch condition {
      case 0: match.schemes = some(of: schemes, upTo: 2)
      case 1: match.paths = some(of: pathPatterns, upTo: 2)
      case 2: match.navigationTypes = some(of: NavigationType.allCases, upTo: 3)
      case 3: match.target = NavigationTarget.allCases.randomElement(using: &generator)
      case 4: match.crossSite = Bool.random(using: &generator)
      case 5: match.crossOrigin = Bool.random(using: &generator)
      case 6: match.popupFirstLoad = Bool.random(using: &generator)
      default: match.userGesture = Bool.random(using: &generator)
      }
    }
    return match
  }
}
