import XCTest

@testable import SessionKit

/// `hosts` and `sites` compare the host the browser would load, normalised, never by string prefix.
final class HostAndSiteMatchingTests: XCTestCase {
  // MARK: Exact hosts

  func test_anExactHost_matchesItself_andNothingAroundIt() throws {
    let match = #"{"hosts": ["example.com"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://example.com/"))
    XCTAssertTrue(try ruleMatches(match, "http://example.com:8080/any/path?q#f"))
    XCTAssertFalse(try ruleMatches(match, "https://www.example.com/"))
    XCTAssertFalse(try ruleMatches(match, "https://example.com.evil.net/"))
    XCTAssertFalse(try ruleMatches(match, "https://evilexample.com/"))
    XCTAssertFalse(try ruleMatches(match, "https://example.co/"))
  }

  func test_anExactHost_ignoresCaseAndATrailingDot_onBothSides() throws {
    let match = #"{"hosts": ["Pay.Google.COM"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://pay.google.com./"))
    XCTAssertTrue(try ruleMatches(match, "https://PAY.google.com/"))
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["pay.google.com."]}"#, "https://pay.google.com/"))
  }

  func test_anExactHost_isTheHostAfterTheUserinfo_notBeforeIt() throws {
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["example.com"]}"#, "https://example.com@evil.net/"))
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["evil.net"]}"#, "https://example.com@evil.net/"))
  }

  func test_aBackslashInAnHTTPURL_endsTheHost_asInABrowser() throws {
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["evil.net"]}"#, #"https://evil.net\@example.com/"#))
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["example.com"]}"#, #"https://evil.net\@example.com/"#))
  }

  func test_anInternationalHost_matchesItsPunycodeForm() throws {
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["bücher.example"]}"#, "https://xn--bcher-kva.example/"))
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["xn--bcher-kva.example"]}"#, "https://BÜCHER.example/"))
  }

  func test_anIPHost_matchesTheSameAddressInAnyNotation() throws {
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["127.0.0.1"]}"#, "http://0x7f.1/"))
    XCTAssertTrue(try ruleMatches(#"{"hosts": ["[::1]"]}"#, "http://[0:0:0:0:0:0:0:1]/"))
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["127.0.0.1"]}"#, "http://127.0.0.2/"))
  }

  func test_anyOfSeveralHosts_isEnough() throws {
    let match = #"{"hosts": ["a.example", "b.example"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://b.example/"))
    XCTAssertFalse(try ruleMatches(match, "https://c.example/"))
  }

  func test_aURLWithoutAHost_matchesNoHostPattern() throws {
    let match = #"{"hosts": ["example.com", "*.example.com"]}"#
    XCTAssertFalse(try ruleMatches(match, "mailto:someone@example.com"))
    XCTAssertFalse(try ruleMatches(match, "about:blank"))
    XCTAssertFalse(try ruleMatches(match, "data:text/html,example.com"))
  }

  // MARK: Wildcards

  func test_aWildcard_matchesSubdomainsAtAnyDepth() throws {
    let match = #"{"hosts": ["*.example.com"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://a.example.com/"))
    XCTAssertTrue(try ruleMatches(match, "https://a.b.example.com/"))
    XCTAssertTrue(try ruleMatches(match, "https://WWW.Example.Com./"))
  }

  func test_aWildcard_doesNotMatchTheDomainItself() throws {
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["*.example.com"]}"#, "https://example.com/"))
  }

  func test_aWildcard_doesNotMatchLookalikeDomains() throws {
    let match = #"{"hosts": ["*.example.com"]}"#
    XCTAssertFalse(try ruleMatches(match, "https://evilexample.com/"))
    XCTAssertFalse(try ruleMatches(match, "https://a.evilexample.com/"))
    XCTAssertFalse(try ruleMatches(match, "https://example.com.evil.net/"))
    XCTAssertFalse(try ruleMatches(match, "https://a.example.com.evil.net/"))
  }

  func test_aWildcard_doesNotMatchADomainInTheUserinfo() throws {
    let match = #"{"hosts": ["*.example.com"]}"#
    XCTAssertFalse(try ruleMatches(match, "https://example.com@evil.net/"))
    XCTAssertFalse(try ruleMatches(match, "https://a.example.com@evil.net/"))
    XCTAssertFalse(try ruleMatches(match, "https://user:pass@a.example.com.evil.net/"))
  }

  func test_aWildcard_mayFollowAPublicSuffix() throws {
    let match = #"{"hosts": ["*.co.uk"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://example.co.uk/"))
    XCTAssertTrue(try ruleMatches(match, "https://www.example.co.uk/"))
    XCTAssertFalse(try ruleMatches(match, "https://co.uk/"))
  }

  func test_anExactHostAndAWildcard_together_coverADomainAndItsSubdomains() throws {
    let match = #"{"hosts": ["google.com", "*.google.com"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://google.com/"))
    XCTAssertTrue(try ruleMatches(match, "https://accounts.google.com/"))
    XCTAssertFalse(try ruleMatches(match, "https://google.com.evil.net/"))
  }

  // MARK: Non-special URLs

  func test_hostPatterns_neverMatchTheOpaqueHostOfANonSpecialURL() throws {
    // `itms-apps://apps.apple.com/…` has an opaque host, not a domain: a browser loads nothing from it, and the
    // app that handles the scheme decides what it means. `schemes` is the condition for such URLs.
    let url = "itms-apps://apps.apple.com/app/id1"
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["apps.apple.com"]}"#, url))
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["*.apple.com"]}"#, url))
    XCTAssertFalse(try ruleMatches(#"{"hosts": ["example.com"]}"#, "myapp://example.com/pay"))
    XCTAssertTrue(try ruleMatches(#"{"schemes": ["itms-apps"]}"#, url))
  }

  func test_anAppStoreSchemeLink_isDecidedByTheAdClicksSchemeRule_notItsHostRule() throws {
    let policy = try compiledPolicy(policyJSON(extra: #""include": ["ad-clicks"]"#))
    let decision = try decide(policy, "itms-apps://apps.apple.com/app/id1", type: .linkActivated)
    XCTAssertEqual(decision.action, .external(.system))
    XCTAssertEqual(decision.trace.rule, "ad-clicks/app-store-scheme")
  }

  // MARK: Sites

  func test_aSite_matchesEveryHostOfThatRegistrableDomain() throws {
    let match = #"{"sites": ["example.co.uk"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://example.co.uk/"))
    XCTAssertTrue(try ruleMatches(match, "https://www.example.co.uk/"))
    XCTAssertTrue(try ruleMatches(match, "http://a.b.example.co.uk:8080/"))
    XCTAssertFalse(try ruleMatches(match, "https://other.co.uk/"))
    XCTAssertFalse(try ruleMatches(match, "https://example.co.uk.evil.net/"))
    XCTAssertFalse(try ruleMatches(match, "https://example.co.uk@evil.net/"))
  }

  func test_aSiteInThePrivateSection_isItsOwnSite() throws {
    let match = #"{"sites": ["alice.github.io"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://alice.github.io/"))
    XCTAssertTrue(try ruleMatches(match, "https://www.alice.github.io/"))
    XCTAssertFalse(try ruleMatches(match, "https://bob.github.io/"))
    XCTAssertFalse(try ruleMatches(match, "https://github.io/"))
  }

  func test_aSite_matchesIgnoringCaseAndTrailingDot() throws {
    XCTAssertTrue(try ruleMatches(#"{"sites": ["Example.COM"]}"#, "https://WWW.example.com./"))
  }

  func test_anIPSite_matchesOnlyThatAddress() throws {
    XCTAssertTrue(try ruleMatches(#"{"sites": ["192.168.0.1"]}"#, "http://192.168.0.1:8080/"))
    XCTAssertFalse(try ruleMatches(#"{"sites": ["192.168.0.1"]}"#, "http://192.168.0.2/"))
    XCTAssertTrue(try ruleMatches(#"{"sites": ["[::1]"]}"#, "http://[::1]/"))
  }

  func test_aURLWithoutAHost_isInNoSite() throws {
    let match = #"{"sites": ["example.com"]}"#
    XCTAssertFalse(try ruleMatches(match, "mailto:someone@example.com"))
    XCTAssertFalse(try ruleMatches(match, "about:blank"))
  }

  func test_hostsAndSites_inOneRule_mustBothHold() throws {
    let match = #"{"hosts": ["*.google.com"], "sites": ["google.com"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://pay.google.com/"))
    let disjoint = #"{"hosts": ["pay.google.com"], "sites": ["example.com"]}"#
    XCTAssertFalse(try ruleMatches(disjoint, "https://pay.google.com/"))
    XCTAssertFalse(try ruleMatches(disjoint, "https://example.com/"))
  }
}
