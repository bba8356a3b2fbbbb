import XCTest

@testable import SessionKit

/// Hosts a browser refuses are invalid URLs to a policy, whatever its rules say; hosts a browser rewrites are
/// judged as rewritten.
final class HostValidityTests: XCTestCase {
  /// A policy that would let anything under example.com through, and popups everywhere.
  private func permissivePolicy() throws -> CompiledPolicy {
    try compiledPolicy(
      rules: [
        ruleJSON("example", match: #"{"hosts": ["example.com", "*.example.com"]}"#, action: #"{"popup": "modal"}"#),
        ruleJSON("example-site", match: #"{"sites": ["example.com"]}"#),
        ruleJSON("everything", action: #"{"popup": "overlay"}"#),
      ], extra: #""default": "allow""#)
  }

  // MARK: Hosts browsers refuse (UTS #46)

  func test_hostsBrowsersRefuse_areCancelledAsInvalidURLs_notMatchedByHostRules() throws {
    let policy = try permissivePolicy()
    for url in [
      "https://⒈example.com/",  // U+2488 DIGIT ONE FULL STOP is disallowed, not "1."
      "https://example\u{2024}com/",  // ONE DOT LEADER is disallowed, not a dot
      "https://example\u{FE52}com/",  // SMALL FULL STOP is disallowed, not a dot
      "https://exam\u{200D}ple.com/",  // a joiner without a virama before it (CONTEXTJ)
      "https://xn--1ug.example.com/",  // the same joiner, punycode-encoded
      "https://\u{64A}a.example.com/",  // an Arabic letter then a Latin one (bidi rule)
      "https://xn--tešla.example.com/",  // an xn-- label with a non-ASCII code point
      "https://xn--zn7c.example.com/",  // punycode that decodes to U+FFFD
    ] {
      for target in [NavigationTarget.mainFrame, .newWindow] {
        let decision = try decide(policy, url, target: target)
        XCTAssertEqual(decision.action, .cancel, "\(url) \(target)")
        XCTAssertEqual(decision.trace.rule, "invalid-url", "\(url) \(target)")
      }
    }
  }

  func test_anIgnorableCodePoint_isDropped_soTheBrowsersHostMatchesItsRule() throws {
    let address = try WebAddress("https://exam\u{E0100}ple.com/")
    XCTAssertEqual(address.host, .domain("example.com"))
    XCTAssertEqual(try decide(try permissivePolicy(), "https://exam\u{E0100}ple.com/").trace.rule, "example")
    XCTAssertEqual(try decide(try permissivePolicy(), "https://exam\u{AD}ple.com/").trace.rule, "example")
  }

  func test_mappedHosts_matchTheRulesOfWhatTheyMapTo() throws {
    let policy = try permissivePolicy()
    for url in ["https://ＥＸＡＭＰＬＥ.com/", "https://example\u{3002}com/", "https://www.EXAMPLE.com./"] {
      XCTAssertEqual(try decide(policy, url).trace.rule, "example", url)
    }
    XCTAssertEqual(try decide(policy, "https://bücher.example.com/").trace.rule, "example")
    XCTAssertEqual(try WebAddress("https://bücher.example.com/").host, .domain("xn--bcher-kva.example.com"))
  }

  // MARK: Empty labels (PolicyFormat.md, hosts)

  func test_aHostWithAnEmptyLabel_otherThanOneTrailingDot_isAnInvalidURL() throws {
    let policy = try compiledPolicy(
      rules: [ruleJSON("no-evil", match: #"{"hosts": ["evil.example"]}"#, action: #""cancel""#)],
      extra: #""default": "allow""#)
    for url in [
      "https://evil.example../a", "https://a..example.com/", "https://.example.com/", "http://./", "http://../",
    ] {
      XCTAssertNotNil(try? WebAddress(url), "\(url) is a valid URL to the URL Standard")
      let decision = try decide(policy, url)
      XCTAssertEqual(decision.action, .cancel, url)
      XCTAssertEqual(decision.trace.rule, "invalid-url", url)
      XCTAssertTrue(decision.trace.notes.joined().contains("empty label"), "\(decision.trace.notes)")
    }
    XCTAssertEqual(try decide(policy, "https://evil.example./a").trace.rule, "no-evil", "one trailing dot is fine")
    XCTAssertEqual(try decide(policy, "https://good.example/a").trace.rule, "default")
  }

  func test_twoTrailingDots_areRejected_onEveryPublicEvaluationPath() async throws {
    let json = #"""
      {"version": 1, "default": "allow",
       "rules": [{"name": "no-ads", "match": {"hosts": ["ads.example"]}, "action": "cancel"}]}
      """#
    let url = "https://ads.example../x"
    let address = try WebAddress(url)
    let policy = try makePolicy(json)
    // A request made from its parts.
    XCTAssertThrowsError(
      try PolicyRequest(address: address, navigationType: .linkActivated, target: .mainFrame, isUserGesture: true)
    ) { error in
      XCTAssertEqual((error as? AddressError)?.code, .emptyLabel)
      XCTAssertEqual((error as? AddressError)?.input, url)
    }
    if let request = try? PolicyRequest(
      address: address, navigationType: .linkActivated, target: .mainFrame, isUserGesture: true)
    {
      XCTFail("a request holds \(url), and the policy answers \(policy.evaluate(request, in: .none))")
    }
    // A request parsed from a WebKit action.
    XCTAssertThrowsError(try PolicyRequest(TestAction.link(url))) { error in
      XCTAssertEqual((error as? AddressError)?.code, .emptyLabel)
    }
    // The policy asked about a WebKit action.
    let decision = policy.evaluate(TestAction.link(url), in: .none)
    XCTAssertEqual(decision.action, .cancel)
    XCTAssertEqual(decision.trace.rule, "invalid-url")
    // The engine: a navigation and a popup.
    let engine = try makeEngine(json, events: .none)
    let root = engine.makeRootSession()
    let navigation = await root.decide(TestAction.link(url))
    XCTAssertEqual(navigation.outcome, .blocked(.invalidURL))
    XCTAssertEqual(navigation.trace.rule, "invalid-url")
    let admission = root.admitPopup(for: TestAction.blankLink(url))
    XCTAssertNil(admission.child)
    XCTAssertEqual(admission.trace.rule, "invalid-url")
    await engine.shutdown()
    // The simulator (and the adapter) ask the engine: the next test.
  }

  func test_aSessionIsBlockedWithInvalidURL_forRefusedHostsAndEmptyLabels() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1, "default": "allow"}"#)
    try await app.perform(.load("https://shop.example/cart"))
    for url in ["https://evil.example../a", "https://⒈example.com/", "https://xn--1ug.example.com/"] {
      assertStep(
        try await app.perform(.click(url)), .blocked(reason: .invalidURL),
        callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "cancel")])
      assertStep(
        try await app.perform(.open(url, gesture: true)), .blocked(reason: .invalidURL),
        callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")])
    }
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://shop.example/cart 1"])
  }

  // MARK: Trailing dots (PolicyFormat.md)

  func test_aTrailingDot_isIgnoredByHostsSitesAndCrossSite_butNotByCrossOrigin() throws {
    let from = PolicyTestSession.showing("https://www.example.com/")
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["www.example.com"]}"#, "https://www.example.com./", from: from))
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["*.example.com"]}"#, "https://www.example.com./", from: from))
    XCTAssertTrue(try ruleMatches(#"{"sites": ["example.com"]}"#, "https://example.com./", from: from))
    XCTAssertTrue(try ruleMatches(#"{"crossSite": false}"#, "https://www.example.com./", from: from))
    XCTAssertTrue(try ruleMatches(#"{"crossOrigin": true}"#, "https://www.example.com./", from: from))
    XCTAssertFalse(try ruleMatches(#"{"crossOrigin": true}"#, "https://www.example.com/x", from: from))
  }
}
