import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// The `google-pay` preset as PolicyFormat.md "Presets" writes it: four exact hosts answered `allow`, so that
/// with `["google-pay", "ad-clicks"]` Google's other windows (AdChoices, Maps, Play, Docs) still go to Safari and
/// the payment and sign-in popups take the policy's `popups.presentation`.
final class GooglePayPresetTests: XCTestCase {
  private let merchant = PolicyTestSession.showing("https://merchant.example/checkout")
  private let payAndSignIn = [
    "https://pay.google.com/gp/p/ui/pay", "https://payments.google.com/payments/u/0/embedded",
    "https://accounts.google.com/o/oauth2/v2/auth", "https://accounts.youtube.com/accounts/SetSID",
  ]
  private let otherGoogleWindows = [
    "https://adssettings.google.com/whythisad?source=display", "https://maps.google.com/maps?q=shop",
    "https://www.google.com/maps/place/Shop", "https://play.google.com/store/apps/details?id=com.example",
    "https://docs.google.com/document/d/1",
  ]

  private func documentedOrder(_ extra: String = "") throws -> CompiledPolicy {
    try compiledPolicy(policyJSON(extra: #""include": ["google-pay", "ad-clicks"]"# + extra))
  }

  func test_googlesOtherWindows_goToSafari_withTheDocumentedInclude() throws {
    let policy = try documentedOrder()
    for url in otherGoogleWindows {
      for type in [NavigationType.linkActivated, .other] {
        let decision = try decide(policy, url, type: type, target: .newWindow, from: merchant)
        XCTAssertEqual(decision.action, .external(.safari), url)
        XCTAssertEqual(decision.trace.rule, "ad-clicks/cross-site-new-window", url)
      }
      let blank = try decide(policy, url, type: .other, from: .blankPopup(opener: "https://merchant.example/"))
      XCTAssertEqual(blank.trace.rule, "ad-clicks/blank-popup-cross-site", url)
    }
  }

  func test_paymentAndSignInWindows_areAllowed_soThatThePopupTakesThePolicysPresentation() throws {
    let policy = try documentedOrder()
    for url in payAndSignIn {
      let popup = try decide(policy, url, type: .other, target: .newWindow, from: merchant)
      XCTAssertEqual(popup.action, .allow, url)
      XCTAssertEqual(popup.trace.rule, "google-pay/pay-and-sign-in-popups", url)
      let blank = try decide(policy, url, type: .other, from: .blankPopup(opener: "https://merchant.example/"))
      XCTAssertEqual(blank.action, .allow, url)
      XCTAssertEqual(blank.trace.rule, "google-pay/pay-and-sign-in-first-load", url)
    }
  }

  func test_thePresetNamesExactHostsOnly_neverAWildcard() throws {
    for rule in try PolicyPreset.googlePay.rules() {
      for pattern in rule.match.hosts ?? [] {
        guard case .exact = pattern else { return XCTFail("\(rule.name) has \(pattern)") }
      }
      XCTAssertEqual(rule.action, .allow, rule.name)
    }
  }

  func test_aModalPresentation_makesGooglePayModal_whetherOpenedWithItsURLOrBlankFirst() async throws {
    let text = #"""
      {"policy": {"version": 1, "include": ["google-pay", "ad-clicks"], "popups": {"presentation": "modal"}},
       "steps": [
         {"load": "https://merchant.example/checkout"},
         {"open": "https://pay.google.com/gp/p/ui/pay", "gesture": true,
          "expect": {"outcome": "popup", "presentation": "modal", "rule": "google-pay/pay-and-sign-in-popups"}},
         {"open": null, "gesture": true, "expect": {"outcome": "popup", "presentation": "modal"}},
         {"in": "main.2", "assign": "https://pay.google.com/gp/p/ui/pay",
          "expect": {"outcome": "navigated", "rule": "google-pay/pay-and-sign-in-popups"}}
       ]}
      """#
    let report = try await ScenarioRunner(scenario: try Scenario(json: Array(text.utf8))).run()
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
  }
}
