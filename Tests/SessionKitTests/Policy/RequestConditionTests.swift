import XCTest

@testable import SessionKit

/// The conditions on the request itself — `schemes`, `paths`, `navigationTypes`, `target`, `userGesture` — and
/// how they combine: every condition given must hold, any listed value is enough.
final class RequestConditionTests: XCTestCase {
  func test_schemes_matchTheURLsLowerCasedScheme() throws {
    let match = #"{"schemes": ["tel", "mailto", "itms-apps"]}"#
    XCTAssertTrue(try ruleMatches(match, "tel:+15551234567"))
    XCTAssertTrue(try ruleMatches(match, "MAILTO:someone@example.com"))
    XCTAssertTrue(try ruleMatches(match, "itms-apps://apps.apple.com/app/id1"))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/"))
    XCTAssertFalse(try ruleMatches(match, "sms:+15551234567"))
  }

  func test_schemes_distinguishHTTPFromHTTPS() throws {
    XCTAssertTrue(try ruleMatches(#"{"schemes": ["http"]}"#, "HTTP://example.com/"))
    XCTAssertFalse(try ruleMatches(#"{"schemes": ["http"]}"#, "https://example.com/"))
  }

  func test_anExactPath_matchesOnlyThatPath() throws {
    let match = #"{"paths": ["/pay"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://example.com/pay"))
    XCTAssertTrue(try ruleMatches(match, "https://example.com/pay?amount=1#top"))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/pay/"))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/payment"))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/PAY"))
  }

  func test_aPrefixPath_matchesEveryPathStartingWithIt() throws {
    let match = #"{"paths": ["/gp/*"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://pay.google.com/gp/"))
    XCTAssertTrue(try ruleMatches(match, "https://pay.google.com/gp/p/ui/pay"))
    XCTAssertFalse(try ruleMatches(match, "https://pay.google.com/gp"))
    XCTAssertFalse(try ruleMatches(match, "https://pay.google.com/other/gp/"))
  }

  func test_paths_areComparedAfterTheBrowserNormalisesThem() throws {
    let match = #"{"paths": ["/gp/*"]}"#
    XCTAssertTrue(try ruleMatches(match, "https://pay.google.com/x/../gp/pay"))
    XCTAssertTrue(try ruleMatches(match, #"https://pay.google.com\gp\pay"#))
    XCTAssertFalse(try ruleMatches(match, "https://pay.google.com/gp/../admin"))
    XCTAssertTrue(try ruleMatches(#"{"paths": ["/"]}"#, "https://example.com"))
  }

  func test_navigationTypes_matchAnyListedType() throws {
    let match = #"{"navigationTypes": ["formSubmitted", "formResubmitted"]}"#
    for type in NavigationType.allCases {
      let expected = type == .formSubmitted || type == .formResubmitted
      XCTAssertEqual(try ruleMatches(match, "https://example.com/", type: type), expected, type.name)
    }
  }

  func test_everyNavigationType_canBeMatchedAlone() throws {
    for type in NavigationType.allCases {
      let match = "{\"navigationTypes\": [\"\(type.name)\"]}"
      for other in NavigationType.allCases {
        XCTAssertEqual(try ruleMatches(match, "https://example.com/", type: other), other == type, "\(type) \(other)")
      }
    }
  }

  func test_targetNewWindow_matchesOnlyANilTargetFrame() throws {
    let match = #"{"target": "newWindow"}"#
    XCTAssertTrue(try ruleMatches(match, "https://example.com/", target: .newWindow))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/", target: .mainFrame))
    XCTAssertFalse(try ruleMatches(match, "https://example.com/", target: .subframe))
  }

  func test_targetMainFrame_andSubframe_distinguishTheTargetFrame() throws {
    XCTAssertTrue(try ruleMatches(#"{"target": "mainFrame"}"#, "https://example.com/", target: .mainFrame))
    XCTAssertFalse(try ruleMatches(#"{"target": "mainFrame"}"#, "https://example.com/", target: .subframe))
    XCTAssertFalse(try ruleMatches(#"{"target": "mainFrame"}"#, "https://example.com/", target: .newWindow))
    XCTAssertTrue(try ruleMatches(#"{"target": "subframe"}"#, "https://example.com/", target: .subframe))
    XCTAssertFalse(try ruleMatches(#"{"target": "subframe"}"#, "https://example.com/", target: .mainFrame))
  }

  func test_userGesture_matchesWhetherAGestureStartedTheNavigation() throws {
    XCTAssertTrue(try ruleMatches(#"{"userGesture": true}"#, "https://example.com/", gesture: true))
    XCTAssertFalse(try ruleMatches(#"{"userGesture": true}"#, "https://example.com/", gesture: false))
    XCTAssertTrue(try ruleMatches(#"{"userGesture": false}"#, "https://example.com/", gesture: false))
    XCTAssertFalse(try ruleMatches(#"{"userGesture": false}"#, "https://example.com/", gesture: true))
  }

  func test_everyConditionGiven_mustHold() throws {
    let match = """
      {"schemes": ["https"], "hosts": ["pay.google.com"], "paths": ["/gp/*"], "navigationTypes": ["other"],
       "target": "newWindow", "crossSite": true, "userGesture": true}
      """
    let url = "https://pay.google.com/gp/p/ui/pay"
    let merchant = PolicyTestSession.showing("https://merchant.example/")
    XCTAssertTrue(try ruleMatches(match, url, type: .other, target: .newWindow, gesture: true, from: merchant))
    XCTAssertFalse(
      try ruleMatches(match, "http://pay.google.com/gp/p", type: .other, target: .newWindow, from: merchant))
    XCTAssertFalse(
      try ruleMatches(match, "https://pay.google.com/pay", type: .other, target: .newWindow, from: merchant))
    XCTAssertFalse(try ruleMatches(match, url, type: .linkActivated, target: .newWindow, from: merchant))
    XCTAssertFalse(try ruleMatches(match, url, type: .other, target: .mainFrame, from: merchant))
    XCTAssertFalse(try ruleMatches(match, url, type: .other, target: .newWindow, gesture: false, from: merchant))
    let google = PolicyTestSession.showing("https://www.google.com/")
    XCTAssertFalse(try ruleMatches(match, url, type: .other, target: .newWindow, from: google))
  }

  func test_anEmptyMatchObject_holdsAlways() throws {
    XCTAssertTrue(try ruleMatches("{}", "https://example.com/"))
    XCTAssertTrue(try ruleMatches("{}", "tel:+1555", type: .other, target: .newWindow, gesture: false, from: .fresh))
  }
}
