import XCTest

@testable import SessionKit

/// Every action a rule can name is decoded and returned as written; the one adjustment is Safari, which opens
/// only http and https; and a URL that cannot be parsed is never allowed.
final class PolicyActionTests: XCTestCase {
  private let everyAction: [(json: String, action: PolicyAction)] = [
    (#""allow""#, .allow),
    (#""cancel""#, .cancel),
    (#""download""#, .download),
    (#""sameView""#, .sameView),
    (#"{"external": "safari"}"#, .external(.safari)),
    (#"{"external": "system"}"#, .external(.system)),
    (#"{"popup": "overlay"}"#, .popup(.overlay)),
    (#"{"popup": "modal"}"#, .popup(.modal)),
    (#"{"ask": "confirm-payment"}"#, .ask("confirm-payment")),
  ]

  func test_everyAction_decodesToItsValue() throws {
    for (json, action) in everyAction {
      let policy = try compiledPolicy(rules: [ruleJSON("r", action: json)])
      XCTAssertEqual(policy.rules[0].action, action, json)
    }
  }

  func test_everyAction_isReturnedByTheRuleThatMatches() throws {
    for (json, action) in everyAction {
      let policy = try compiledPolicy(rules: [ruleJSON("r", match: #"{"hosts": ["example.net"]}"#, action: json)])
      let decision = try decide(policy, "https://example.net/path", target: .newWindow)
      XCTAssertEqual(decision.action, action, json)
      XCTAssertEqual(decision.trace.rule, "r", json)
      XCTAssertEqual(decision.trace.notes, [], json)
    }
  }

  func test_everyAction_describesItselfInPolicyFileSpelling() throws {
    for (json, action) in everyAction {
      let spelling =
        json.hasPrefix("\"") ? String(json.dropFirst().dropLast()) : json.replacingOccurrences(of: ": ", with: ":")
      XCTAssertEqual(action.description, spelling)
    }
  }

  func test_actionObjectsAcceptEveryExternalAppAndPresentation() {
    XCTAssertEqual(ExternalApp.allCases.map(\.rawValue), ["safari", "system"])
    XCTAssertEqual(PopupPresentation.allCases.map(\.rawValue), ["overlay", "modal"])
  }

  func test_safariForATelURL_opensWithTheSystem_andTheTraceSaysSo() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("phone", match: #"{"schemes": ["tel"]}"#, action: #"{"external": "safari"}"#)])
    let decision = try decide(policy, "tel:+15551234567")
    XCTAssertEqual(decision.action, .external(.system))
    XCTAssertEqual(decision.trace.rule, "phone")
    XCTAssertEqual(decision.trace.notes.count, 1)
    XCTAssertTrue(decision.trace.notes[0].contains("\"tel:\""), decision.trace.notes[0])
    XCTAssertTrue(decision.trace.notes[0].contains("system"), decision.trace.notes[0])
    XCTAssertTrue(decision.trace.description.contains(decision.trace.notes[0]))
  }

  func test_safariForEveryNonWebScheme_opensWithTheSystem() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("out", action: #"{"external": "safari"}"#)])
    for url in ["mailto:someone@example.com", "itms-apps://apps.apple.com/app/id1", "ftp://example.com/f", "data:,x"] {
      let decision = try decide(policy, url)
      XCTAssertEqual(decision.action, .external(.system), url)
      XCTAssertEqual(decision.trace.notes.count, 1, url)
    }
  }

  func test_safariForHTTPAndHTTPS_staysSafari_withoutANote() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("out", action: #"{"external": "safari"}"#)])
    for url in ["https://example.net/", "HTTP://example.net/"] {
      let decision = try decide(policy, url)
      XCTAssertEqual(decision.action, .external(.safari), url)
      XCTAssertEqual(decision.trace.notes, [], url)
    }
  }

  func test_aSafariDefault_isAdjustedLikeARule() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""default": {"external": "safari"}"#))
    let decision = try decide(policy, "sms:+15551234567")
    XCTAssertEqual(decision.action, .external(.system))
    XCTAssertEqual(decision.trace.rule, "default")
    XCTAssertEqual(decision.trace.notes.count, 1)
  }

  func test_anUnparseableURL_isCancelled_withTheTraceRuleInvalidURL() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""default": "allow""#))
    let decision = try decide(policy, "https://exa mple.com/")
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "invalid-url")
    XCTAssertNil(decision.trace.ruleIndex)
    XCTAssertEqual(decision.trace.conditions, [])
    XCTAssertEqual(decision.trace.snapshot, policy.snapshot)
    XCTAssertTrue(decision.trace.notes.joined().contains("exa mple.com"), "\(decision.trace.notes)")
  }

  func test_anUnparseableURL_isCancelled_evenWhenARuleWouldMatchEverything() throws {
    let policy = try compiledPolicy(rules: [ruleJSON("everything", action: #"{"popup": "modal"}"#)])
    for url in ["https://exa mple.com/", "not a url", "", "https://[::1/", "http://", "https://999.1.1.1/"] {
      let decision = try decide(policy, url, target: .newWindow)
      XCTAssertEqual(decision.action, .cancel, url)
      XCTAssertEqual(decision.trace.rule, "invalid-url", url)
    }
  }

  func test_invalidURLDecisions_carryTheAddressErrorAsANote() throws {
    let policy = try compiledPolicy(#"{"version": 1}"#)
    let error = AddressError(code: .emptyHost, input: "http://", detail: "the host is empty")
    let decision = policy.invalidURL(error)
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "invalid-url")
    XCTAssertEqual(decision.trace.notes, [error.description])
  }
}
