import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Rules are tried in order — the file's own, then each included preset's in the order listed — and the first
/// whose match holds decides; when none does, the default.
final class RuleOrderTests: XCTestCase {
  private let payPopup = "https://pay.google.com/gp/p/ui/pay"
  private let merchant = PolicyTestSession.showing("https://merchant.example/checkout")

  func test_firstMatchingRule_decides_evenWhenALaterRuleIsMoreSpecific() throws {
    let policy = try compiledPolicy(rules: [
      ruleJSON("everything-new", match: #"{"target": "newWindow"}"#, action: #""cancel""#),
      ruleJSON("pay", match: #"{"hosts": ["pay.google.com"], "target": "newWindow"}"#, action: #"{"popup": "modal"}"#),
    ])
    let decision = try decide(policy, payPopup, target: .newWindow, from: merchant)
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "everything-new")
    XCTAssertEqual(decision.trace.ruleIndex, 0)
  }

  func test_firstMatchingRule_decides_evenWhenAPresetRuleAlsoMatches() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("no-pay", match: #"{"hosts": ["pay.google.com"]}"#, action: #""cancel""#)],
      extra: #""include": ["google-pay"]"#)
    let decision = try decide(policy, payPopup, target: .newWindow, from: merchant)
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "no-pay")
  }

  func test_aPresetRule_decides_whenNoOwnRuleMatches() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("no-pay", match: #"{"hosts": ["pay.example.com"]}"#, action: #""cancel""#)],
      extra: #""include": ["google-pay"]"#)
    let decision = try decide(policy, payPopup, target: .newWindow, from: merchant)
    XCTAssertEqual(decision.action, .allow, "a popup with the policy's presentation")
    XCTAssertEqual(decision.trace.rule, "google-pay/pay-and-sign-in-popups")
    XCTAssertEqual(decision.trace.ruleIndex, 1)
  }

  func test_googlePayListedFirst_keepsThePaymentPopupInTheApp() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["google-pay", "ad-clicks"]"#))
    let decision = try decide(policy, payPopup, target: .newWindow, from: merchant)
    XCTAssertEqual(decision.action, .allow, "a popup with the policy's presentation")
    XCTAssertEqual(decision.trace.rule, "google-pay/pay-and-sign-in-popups")
  }

  func test_adClicksListedFirst_sendsThePaymentPopupToSafari() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["ad-clicks", "google-pay"]"#))
    let decision = try decide(policy, payPopup, target: .newWindow, from: merchant)
    XCTAssertEqual(decision.action, .external(.safari))
    XCTAssertEqual(decision.trace.rule, "ad-clicks/cross-site-new-window")
    XCTAssertEqual(decision.trace.ruleIndex, 4)
  }

  func test_adClickInAGame_opensInSafari_andKeepsTheGamePage() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["google-pay", "ad-clicks"]"#))
    let game = PolicyTestSession.showing("https://games.example/play")
    let click = try decide(policy, "https://advertiser.example/offer", target: .newWindow, from: game)
    XCTAssertEqual(click.action, .external(.safari))
    XCTAssertEqual(click.trace.rule, "ad-clicks/cross-site-new-window")
    let sameSite = try decide(policy, "https://games.example/level/2", target: .mainFrame, from: game)
    XCTAssertEqual(sameSite.action, .allow)
    XCTAssertEqual(sameSite.trace.rule, "default")
  }

  func test_appStoreLinks_goToTheSystem_beforeTheCrossSiteRules() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["ad-clicks"]"#))
    let link = try decide(policy, "https://apps.apple.com/app/id1", target: .mainFrame, from: merchant)
    XCTAssertEqual(link.action, .external(.system))
    XCTAssertEqual(link.trace.rule, "ad-clicks/app-store")
    let popup = try decide(policy, "https://itunes.apple.com/app/id1", type: .other, target: .newWindow, from: merchant)
    XCTAssertEqual(popup.action, .external(.system))
    XCTAssertEqual(popup.trace.rule, "ad-clicks/app-store-new-window")
    let scheme = try decide(policy, "itms-appss://apps.apple.com/app/id1", type: .other, from: merchant)
    XCTAssertEqual(scheme.action, .external(.system))
    XCTAssertEqual(scheme.trace.rule, "ad-clicks/app-store-scheme")
  }

  func test_theDefault_decides_whenNoRuleMatches() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("pay", match: #"{"hosts": ["pay.example.com"]}"#, action: #""allow""#)],
      extra: #""include": ["google-pay"], "default": "cancel""#)
    let decision = try decide(policy, "https://elsewhere.example/", from: merchant)
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "default")
    XCTAssertNil(decision.trace.ruleIndex)
    XCTAssertEqual(decision.trace.conditions, [])
  }

  func test_everyAction_canBeTheDefault() throws {
    let defaults = [
      (#""allow""#, PolicyAction.allow), (#""cancel""#, .cancel), (#""download""#, .download),
      (#""sameView""#, .sameView), (#"{"external": "system"}"#, .external(.system)),
      (#"{"popup": "modal"}"#, .popup(.modal)), (#"{"ask": "confirm"}"#, .ask("confirm")),
      (#"{"finish": "app"}"#, .finish(.app)),
    ]
    for (json, action) in defaults {
      let policy = try compiledPolicy(policyJSON(extra: "\"default\": \(json)"))
      XCTAssertEqual(try decide(policy, "https://example.net/").action, action, json)
    }
  }

  func test_thePresets_containExactlyTheRulesOfTheDesign() throws {
    let appStoreHosts: [HostPattern] = [.exact("apps.apple.com"), .exact("itunes.apple.com")]
    let payAndSignInHosts: [HostPattern] = [
      .exact("pay.google.com"), .exact("payments.google.com"), .exact("accounts.google.com"),
      .exact("accounts.youtube.com"),
    ]
    XCTAssertEqual(
      try PolicyPreset.webkitDefault.rules(),
      [PolicyRule(name: "webkit-default/new-windows", match: RuleMatch(target: .newWindow), action: .cancel)])
    XCTAssertEqual(
      try PolicyPreset.adClicks.rules(),
      [
        PolicyRule(
          name: "ad-clicks/blank-popup-cross-site", match: RuleMatch(crossSite: true, popupFirstLoad: true),
          action: .external(.safari)),
        PolicyRule(
          name: "ad-clicks/app-store", match: RuleMatch(hosts: appStoreHosts, navigationTypes: [.linkActivated]),
          action: .external(.system)),
        PolicyRule(
          name: "ad-clicks/app-store-new-window", match: RuleMatch(hosts: appStoreHosts, target: .newWindow),
          action: .external(.system)),
        PolicyRule(
          name: "ad-clicks/app-store-scheme", match: RuleMatch(schemes: ["itms-apps", "itms-appss"]),
          action: .external(.system)),
        PolicyRule(
          name: "ad-clicks/cross-site-new-window", match: RuleMatch(target: .newWindow, crossSite: true),
          action: .external(.safari)),
        PolicyRule(
          name: "ad-clicks/cross-site-link", match: RuleMatch(navigationTypes: [.linkActivated], crossSite: true),
          action: .external(.safari)),
      ])
    XCTAssertEqual(
      try PolicyPreset.googlePay.rules(),
      [
        PolicyRule(
          name: "google-pay/pay-and-sign-in-popups",
          match: RuleMatch(
            hosts: payAndSignInHosts,
            target: .newWindow),
          action: .allow),
        PolicyRule(
          name: "google-pay/pay-and-sign-in-first-load",
          match: RuleMatch(
            hosts: payAndSignInHosts,
            popupFirstLoad: true),
          action: .allow),
      ])
  }

  func test_thePresetNames_areTheIncludeSpellings() {
    XCTAssertEqual(PolicyPreset.allCases.map(\.rawValue).sorted(), ["ad-clicks", "google-pay", "webkit-default"])
  }

  func test_compiledRules_areOwnRulesThenEachPresetInTheOrderListed() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("mine-1"), ruleJSON("mine-2")],
      extra: #""include": ["google-pay", "webkit-default", "ad-clicks"]"#)
    XCTAssertEqual(
      policy.rules.map(\.name),
      [
        "mine-1", "mine-2", "google-pay/pay-and-sign-in-popups", "google-pay/pay-and-sign-in-first-load",
        "webkit-default/new-windows", "ad-clicks/blank-popup-cross-site", "ad-clicks/app-store",
        "ad-clicks/app-store-new-window", "ad-clicks/app-store-scheme", "ad-clicks/cross-site-new-window",
        "ad-clicks/cross-site-link",
      ])
  }

  func test_aPresetRulesTraceIndex_isItsPositionAfterTheOwnRules() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("a", match: #"{"schemes": ["ftp"]}"#), ruleJSON("b", match: #"{"schemes": ["ws"]}"#)],
      extra: #""include": ["google-pay", "webkit-default"]"#)
    let decision = try decide(policy, "https://elsewhere.example/", target: .newWindow, from: merchant)
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "webkit-default/new-windows")
    XCTAssertEqual(decision.trace.ruleIndex, 4)
  }

  func test_thePresetAlone_isWhatAScenarioNamingItMeans() throws {
    let policy = try CompiledPolicy(PolicyConfiguration(preset: .webkitDefault))
    XCTAssertEqual(policy.configuration.defaultAction, .allow)
    XCTAssertEqual(policy.popups, .defaults)
    let popup = try decide(policy, "https://example.com/", type: .other, target: .newWindow)
    XCTAssertEqual(popup.action, .cancel)
    XCTAssertEqual(popup.trace.rule, "webkit-default/new-windows")
    XCTAssertEqual(try decide(policy, "https://example.net/", target: .mainFrame).action, .allow)
  }

  func test_presetsContributeRulesOnly_neverADefaultOrLimits() throws {
    let policy = try compiledPolicy(
      policyJSON(extra: #""include": ["webkit-default", "ad-clicks", "google-pay"], "default": "download""#))
    XCTAssertEqual(policy.configuration.defaultAction, .download)
    XCTAssertEqual(policy.popups, .defaults)
    XCTAssertEqual(policy.deciders, .defaults)
    XCTAssertEqual(try decide(policy, "https://example.com/file", type: .other).action, .download)
  }
}
