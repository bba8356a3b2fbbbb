import XCTest

@testable import SessionKit

/// Valid files: every key but `version` may be omitted and then takes the default PolicyFormat.md gives; accepted
/// values are normalised as a browser would.
final class PolicyDefaultsTests: XCTestCase {
  private func configuration(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> PolicyConfiguration
  {
    try compiledPolicy(json, file: file, line: line).configuration
  }

  func test_aPolicyWithOnlyAVersion_takesEveryDefault() throws {
    let configuration = try configuration(#"{"version": 1}"#)
    XCTAssertEqual(configuration.version, 1)
    XCTAssertEqual(configuration.include, [])
    XCTAssertEqual(configuration.rules, [])
    XCTAssertEqual(configuration.defaultAction, .allow)
    XCTAssertEqual(configuration.popups.presentation, .overlay)
    XCTAssertEqual(configuration.popups.maxDepth, 3)
    XCTAssertEqual(configuration.popups.maxOpen, 8)
    XCTAssertTrue(configuration.popups.requireUserGesture)
    XCTAssertEqual(configuration.deciders.timeoutMilliseconds, 250)
    XCTAssertEqual(configuration.deciders.onTimeout, .cancel)
    XCTAssertEqual(configuration.deciders.timeout, .milliseconds(250))
  }

  func test_aPolicyWithOnlyAVersion_allowsEverything() throws {
    let policy = try compiledPolicy(#"{"version": 1}"#)
    XCTAssertEqual(try decide(policy, "https://anything.example/", target: .newWindow).action, .allow)
    XCTAssertEqual(try decide(policy, "tel:+1555", type: .other).action, .allow)
  }

  func test_theCodeDefaults_equalAFileThatOmitsEverything() throws {
    XCTAssertEqual(try configuration(#"{"version": 1}"#), PolicyConfiguration())
    XCTAssertEqual(
      PopupLimits.defaults, PopupLimits(presentation: .overlay, maxDepth: 3, maxOpen: 8, requireUserGesture: true))
    XCTAssertEqual(DeciderSettings.defaults, DeciderSettings(timeoutMilliseconds: 250, onTimeout: .cancel))
  }

  func test_partialPopupsAndDeciders_keepTheDefaultsOfTheOmittedKeys() throws {
    let configuration = try configuration(
      policyJSON(extra: #""popups": {"maxOpen": 2}, "deciders": {"onTimeout": "allow"}"#))
    XCTAssertEqual(
      configuration.popups, PopupLimits(presentation: .overlay, maxDepth: 3, maxOpen: 2, requireUserGesture: true))
    XCTAssertEqual(configuration.deciders, DeciderSettings(timeoutMilliseconds: 250, onTimeout: .allow))
  }

  func test_theDesignExample_decodesToExactlyWhatItSays() throws {
    let json = """
      {
        "version": 1,
        "include": ["google-pay", "ad-clicks"],
        "rules": [
          { "name": "checkout-popups",
            "match": { "hosts": ["pay.example.com"], "target": "newWindow" },
            "action": { "popup": "modal" } },
          { "name": "phone-and-mail",
            "match": { "schemes": ["tel", "mailto", "sms"] },
            "action": { "external": "system" } }
        ],
        "default": "allow",
        "popups": { "presentation": "overlay", "maxDepth": 3, "maxOpen": 8, "requireUserGesture": true },
        "deciders": { "timeoutMs": 250, "onTimeout": "cancel" }
      }
      """
    let expected = PolicyConfiguration(
      include: [.googlePay, .adClicks],
      rules: [
        PolicyRule(
          name: "checkout-popups", match: RuleMatch(hosts: [.exact("pay.example.com")], target: .newWindow),
          action: .popup(.modal)),
        PolicyRule(
          name: "phone-and-mail", match: RuleMatch(schemes: ["tel", "mailto", "sms"]), action: .external(.system)),
      ])
    XCTAssertEqual(try configuration(json), expected)
  }

  func test_explicitLimitsAndFallback_areKept() throws {
    let json = policyJSON(
      extra: """
        "default": "cancel", "popups": {"presentation": "modal", "maxDepth": 0, "maxOpen": 0, "requireUserGesture": false},
        "deciders": {"timeoutMs": 0, "onTimeout": {"external": "safari"}}
        """)
    let configuration = try configuration(json)
    XCTAssertEqual(configuration.defaultAction, .cancel)
    XCTAssertEqual(
      configuration.popups, PopupLimits(presentation: .modal, maxDepth: 0, maxOpen: 0, requireUserGesture: false))
    XCTAssertEqual(configuration.deciders, DeciderSettings(timeoutMilliseconds: 0, onTimeout: .external(.safari)))
  }

  func test_aRuleWithoutMatch_matchesEveryNavigation() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("everything", action: #""cancel""#)])
    XCTAssertEqual(policy.rules.first?.match, RuleMatch())
    for url in ["https://example.com/", "tel:+1555", "about:blank", "data:text/plain,hi"] {
      XCTAssertEqual(try decide(policy, url, target: .newWindow, from: .fresh).trace.rule, "everything", url)
    }
  }

  func test_aUTF8ByteOrderMark_isAccepted() throws {
    let policy = try CompiledPolicy(json: [0xEF, 0xBB, 0xBF] + Array(#"{"version": 1, "default": "cancel"}"#.utf8))
    XCTAssertEqual(policy.configuration.defaultAction, .cancel)
  }

  func test_deciderNames_collectEveryAskInRulesAndTheDefault() throws {
    let configuration = try configuration(
      policyJSON(
        rules: [ruleJSON("a", action: #"{"ask": "confirm"}"#), ruleJSON("b", action: #"{"ask": "risk"}"#)],
        extra: #""default": {"ask": "confirm"}, "include": ["google-pay"]"#))
    XCTAssertEqual(try configuration.deciderNames(), ["confirm", "risk"])
  }

  func test_anEmptyIncludeAndEmptyRules_areAccepted() throws {
    let configuration = try configuration(#"{"version": 1, "include": [], "rules": []}"#)
    XCTAssertEqual(configuration, PolicyConfiguration())
  }

  func test_everyNavigationTypeName_isAcceptedInMatch() throws {
    let names = NavigationType.allCases.map { "\"\($0.name)\"" }.joined(separator: ", ")
    let policy = try compiledPolicy(rules: [ruleJSON("r", match: "{\"navigationTypes\": [\(names)]}")])
    XCTAssertEqual(policy.rules[0].match.navigationTypes, NavigationType.allCases)
  }

  func test_sites_acceptIPLiteralsAndRegistrableDomains_includingPrivateSuffixes() throws {
    let match = #"{"sites": ["192.168.0.1", "[::1]", "example.co.uk", "alice.github.io", "Example.COM"]}"#
    let policy = try compiledPolicy(rules: [ruleJSON("r", match: match)])
    XCTAssertEqual(
      policy.rules[0].match.sites, ["192.168.0.1", "[::1]", "example.co.uk", "alice.github.io", "example.com"])
  }

  func test_sites_normaliseIPLiteralsToTheirSerialisation() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("r", match: #"{"sites": ["0x7f.1", "[0:0::1]"]}"#)])
    XCTAssertEqual(policy.rules[0].match.sites, ["127.0.0.1", "[::1]"])
  }

  func test_hosts_areNormalised_toLowerCasePunycodeWithoutATrailingDot() throws {
    let match = #"{"hosts": ["Pay.Google.COM.", "*.Google.com", "bücher.example", "*.co.uk", "127.0.0.1", "[::1]"]}"#
    let policy = try compiledPolicy(rules: [ruleJSON("r", match: match)])
    XCTAssertEqual(
      policy.rules[0].match.hosts,
      [
        .exact("pay.google.com"), .subdomains(of: "google.com"), .exact("xn--bcher-kva.example"),
        .subdomains(of: "co.uk"), .exact("127.0.0.1"), .exact("[::1]"),
      ])
  }

  func test_paths_distinguishExactPathsFromPrefixes() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("r", match: #"{"paths": ["/", "/pay", "/gp/*", "/*"]}"#)])
    XCTAssertEqual(policy.rules[0].match.paths, [.exact("/"), .exact("/pay"), .prefix("/gp/"), .prefix("/")])
  }

  func test_schemes_acceptLowerCaseSchemesWithDigitsAndPunctuation() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON("r", match: #"{"schemes": ["itms-apps", "web+app", "x.y", "h2"]}"#)
    ])
    XCTAssertEqual(policy.rules[0].match.schemes, ["itms-apps", "web+app", "x.y", "h2"])
  }

  func test_ownRuleNames_mayRepeatAPresetsRuleName_becausePresetNamesArePrefixed() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("new-windows", action: #""allow""#)], extra: #""include": ["webkit-default"]"#)
    XCTAssertEqual(policy.rules.map(\.name), ["new-windows", "webkit-default/new-windows"])
  }
}
