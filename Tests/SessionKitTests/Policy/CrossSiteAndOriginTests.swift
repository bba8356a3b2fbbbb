import XCTest

@testable import SessionKit

/// `crossSite` and `crossOrigin` compare the target URL with the session's URL as browsers do: sites by
/// registrable domain, origins by scheme, host and port; `about:blank` and `about:srcdoc` inherit.
final class CrossSiteAndOriginTests: XCTestCase {
  private func isCrossSite(_ url: String, from session: PolicyTestSession) throws -> Bool {
    let yes = try ruleMatches(#"{"crossSite": true}"#, url, from: session)
    let no = try ruleMatches(#"{"crossSite": false}"#, url, from: session)
    XCTAssertNotEqual(yes, no, "crossSite true and false both \(yes ? "hold" : "fail") for \(url)")
    return yes
  }

  private func isCrossOrigin(_ url: String, from session: PolicyTestSession) throws -> Bool {
    let yes = try ruleMatches(#"{"crossOrigin": true}"#, url, from: session)
    let no = try ruleMatches(#"{"crossOrigin": false}"#, url, from: session)
    XCTAssertNotEqual(yes, no, "crossOrigin true and false both \(yes ? "hold" : "fail") for \(url)")
    return yes
  }

  // MARK: Sites

  func test_wwwAndTheApex_areSameSite_butCrossOrigin() throws {
    let apex = PolicyTestSession.showing("https://example.com/")
    XCTAssertFalse(try isCrossSite("https://www.example.com/", from: apex))
    XCTAssertTrue(try isCrossOrigin("https://www.example.com/", from: apex))
    XCTAssertFalse(try isCrossSite("https://example.com/", from: .showing("https://www.example.com/")))
  }

  func test_schemeAndPort_doNotMakeACrossSiteNavigation() throws {
    let session = PolicyTestSession.showing("https://a.example.co.uk/")
    XCTAssertFalse(try isCrossSite("http://b.example.co.uk:8080/", from: session))
    XCTAssertFalse(try isCrossSite("https://www.example.co.uk/", from: session))
  }

  func test_sitesLongerThanAPageHoldsInline_andTrailingDots_compareAsShortOnes() throws {
    // A committed page holds a site of up to 23 bytes inline; `a-very-long-merchant-name.com` is 29.
    let cases: [(from: String, to: String, crossSite: Bool)] = [
      ("https://pay.a-very-long-merchant-name.com./cart", "https://a-very-long-merchant-name.com/", false),
      ("https://pay.a-very-long-merchant-name.com./cart", "https://pay.a-very-long-merchant-name.com/", false),
      ("https://pay.a-very-long-merchant-name.com./cart", "https://pay.a-very-long-merchant-name.com./", false),
      ("https://pay.a-very-long-merchant-name.com./cart", "https://a-very-long-merchant-name.co/", true),
      ("https://pay.a-very-long-merchant-name.com./cart", "https://b-very-long-merchant-name.com/", true),
      ("https://pay.a-very-long-merchant-name.com./cart", "https://example.com/", true),
      ("https://www.example.com./", "https://www.example.com/", false),
      ("https://www.example.com./", "https://example.com./", false),
      ("https://www.example.com./", "https://a-very-long-merchant-name.com/", true),
      ("https://192.168.0.1/", "https://www.example.com/", true),
    ]
    for (from, to, crossSite) in cases {
      XCTAssertEqual(try isCrossSite(to, from: .showing(from)), crossSite, "\(to) from \(from)")
    }
  }

  func test_siblingsUnderAPrivateSuffix_areCrossSite() throws {
    XCTAssertTrue(try isCrossSite("https://bob.github.io/", from: .showing("https://alice.github.io/")))
    XCTAssertFalse(try isCrossSite("https://www.alice.github.io/", from: .showing("https://alice.github.io/")))
  }

  func test_lookalikeHosts_areCrossSite() throws {
    let session = PolicyTestSession.showing("https://example.com/")
    XCTAssertTrue(try isCrossSite("https://example.com.evil.net/", from: session))
    XCTAssertTrue(try isCrossSite("https://example.com@evil.net/", from: session))
    XCTAssertTrue(try isCrossSite("https://evilexample.com/", from: session))
    XCTAssertTrue(try isCrossSite("https://example.net/", from: session))
  }

  func test_differentIPAddresses_areCrossSite_andTheSameIsSameSite() throws {
    let session = PolicyTestSession.showing("http://192.168.0.1/")
    XCTAssertTrue(try isCrossSite("http://192.168.0.2/", from: session))
    XCTAssertFalse(try isCrossSite("https://192.168.0.1:8443/", from: session))
  }

  func test_aboutBlankAndSrcdoc_areSameSiteAndSameOrigin_withASessionThatHasAURL() throws {
    let session = PolicyTestSession.showing("https://example.com/page")
    for url in ["about:blank", "about:srcdoc", "about:blank#top", "about:blank?x"] {
      XCTAssertFalse(try isCrossSite(url, from: session), url)
      XCTAssertFalse(try isCrossOrigin(url, from: session), url)
    }
  }

  func test_otherAboutURLs_areCrossSite() throws {
    XCTAssertTrue(try isCrossSite("about:config", from: .showing("https://example.com/")))
  }

  func test_URLsWithoutAHost_areCrossSiteAndCrossOrigin_toEverything() throws {
    let sessions: [PolicyTestSession] = [
      .showing("https://example.com/"), .showing("http://192.168.0.1/"), .showing("https://alice.github.io/"),
    ]
    for session in sessions {
      for url in ["tel:+15551234567", "mailto:someone@example.com", "data:text/html,hi", "javascript:void(0)"] {
        XCTAssertTrue(try isCrossSite(url, from: session), "\(url) from \(session)")
        XCTAssertTrue(try isCrossOrigin(url, from: session), "\(url) from \(session)")
      }
    }
  }

  func test_everything_isCrossSiteAndCrossOrigin_toARootThatHasCommittedNothing() throws {
    XCTAssertEqual(PolicyContext.none.currentURL, nil)
    for url in ["https://example.com/", "about:blank", "about:srcdoc", "tel:+15551234567", "http://192.168.0.1/"] {
      XCTAssertTrue(try isCrossSite(url, from: .fresh), url)
      XCTAssertTrue(try isCrossOrigin(url, from: .fresh), url)
    }
  }

  func test_aSessionOnAnOpaqueURL_isCrossSiteToHostedURLs() throws {
    XCTAssertTrue(try isCrossSite("https://example.com/", from: .showing("data:text/html,hi")))
  }

  // MARK: Origins

  func test_sameSchemeHostAndPort_isSameOrigin_withTheDefaultPortFolded() throws {
    let session = PolicyTestSession.showing("https://example.com/a")
    XCTAssertFalse(try isCrossOrigin("https://example.com/b?q#f", from: session))
    XCTAssertFalse(try isCrossOrigin("https://EXAMPLE.com:443/", from: session))
    XCTAssertFalse(try isCrossOrigin("https://user@example.com/", from: session))
  }

  func test_aTrailingDot_makesAnotherOrigin_butTheSameSite() throws {
    let session = PolicyTestSession.showing("https://example.com/a")
    XCTAssertTrue(try isCrossOrigin("https://example.com./", from: session))
    XCTAssertFalse(try isCrossSite("https://example.com./", from: session))
    XCTAssertFalse(try isCrossSite("https://www.example.com./", from: session))
    let dotted = PolicyTestSession.showing("https://example.com./a")
    XCTAssertTrue(try isCrossOrigin("https://example.com/", from: dotted))
    XCTAssertFalse(try isCrossOrigin("https://example.com./b", from: dotted))
    XCTAssertFalse(try isCrossSite("https://example.com/", from: dotted))
  }

  func test_aDifferentPort_isCrossOrigin_butSameSite() throws {
    let session = PolicyTestSession.showing("https://example.com/")
    XCTAssertTrue(try isCrossOrigin("https://example.com:8443/", from: session))
    XCTAssertFalse(try isCrossSite("https://example.com:8443/", from: session))
  }

  func test_aDifferentScheme_isCrossOrigin_butSameSite() throws {
    let session = PolicyTestSession.showing("https://example.com/")
    XCTAssertTrue(try isCrossOrigin("http://example.com/", from: session))
    XCTAssertFalse(try isCrossSite("http://example.com/", from: session))
    XCTAssertTrue(try isCrossOrigin("wss://example.com/", from: session))
  }

  func test_aDifferentHost_isCrossOrigin() throws {
    let session = PolicyTestSession.showing("https://a.example.com/")
    XCTAssertTrue(try isCrossOrigin("https://b.example.com/", from: session))
    XCTAssertTrue(try isCrossOrigin("https://example.com/", from: session))
  }

  // MARK: With other conditions

  func test_crossSiteAndCrossOrigin_combine_withEveryOtherCondition() throws {
    let match = #"{"crossSite": false, "crossOrigin": true, "target": "newWindow"}"#
    let session = PolicyTestSession.showing("https://example.com/")
    XCTAssertTrue(try ruleMatches(match, "https://www.example.com/", target: .newWindow, from: session))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/", target: .newWindow, from: session))
    XCTAssertFalse(try ruleMatches(match, "https://example.net/", target: .newWindow, from: session))
    XCTAssertFalse(try ruleMatches(match, "https://www.example.com/", target: .mainFrame, from: session))
  }
}
