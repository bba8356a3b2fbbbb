import XCTest

@testable import SessionKit

/// A request made from an action remembers whether the action's URL string is already the serialization, so
/// that answers naming the URL reuse it; the answer must be the serialization either way.
final class PolicyRequestTests: XCTestCase {
  func test_theSerializedAddress_isTheSerialization_whetherOrNotTheInputWasIt() throws {
    for url in [
      "https://www.games.example/play/level-3?mode=arcade", "https://x.example", "https://x.example?q",
      "HTTPS://Shop.Example/cart", "https://shop.example/a/../b", "http://x.example:80/", "tel:+15551234567",
      "https://bücher.example/", "https://x.example/#top", "https://x.example/a%41",
    ] {
      let action = TestAction.link(url)
      let request = try PolicyRequest(action)
      XCTAssertEqual(request.serializedAddress(of: action), request.address.serialized, url)
    }
    XCTAssertTrue(try PolicyRequest(TestAction.link("https://x.example/a")).actionURLIsSerialization)
    XCTAssertFalse(try PolicyRequest(TestAction.link("https://x.example")).actionURLIsSerialization)
  }

  func test_changingTheAddress_forgetsThatTheActionURLWasItsSerialization() throws {
    let action = TestAction.link("https://x.example/a")
    var request = try PolicyRequest(action)
    request.address = try WebAddress("https://y.example/b")
    XCTAssertFalse(request.actionURLIsSerialization)
    XCTAssertEqual(request.serializedAddress(of: action), "https://y.example/b")
  }

  func test_requestsCompareByTheirParts_notByHowTheyWereMade() throws {
    let action = TestAction.link("https://x.example/a")
    let parsed = try PolicyRequest(action)
    let built = PolicyRequest(
      address: try WebAddress("https://x.example/a"), navigationType: .linkActivated, target: .mainFrame,
      isUserGesture: true)
    XCTAssertEqual(parsed, built)
    XCTAssertEqual(Set([parsed, built]).count, 1)
  }

  func test_externalAndSameViewAnswers_nameTheSerializedURL() async throws {
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [
        {"name": "out", "match": {"hosts": ["out.example"]}, "action": {"external": "safari"}},
        {"name": "here", "match": {"hosts": ["here.example"], "target": "newWindow"}, "action": "sameView"}]}
      """#, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("https://site.example/", kind: .newEntry(isPost: false))
    for (url, serialized) in [
      ("https://out.example", "https://out.example/"), ("https://out.example/a?b#c", "https://out.example/a?b#c"),
      ("HTTPS://OUT.example/x", "https://out.example/x"),
    ] {
      let decision = await root.decide(TestAction.link(url))
      XCTAssertEqual(decision.outcome, .openExternally(url: serialized, via: .safari), url)
    }
    for (url, serialized) in [
      ("https://here.example", "https://here.example/"), ("https://here.example/p?q", "https://here.example/p?q"),
    ] {
      let decision = await root.decide(TestAction.blankLink(url))
      XCTAssertEqual(decision.outcome, .loadInstead(url: serialized, in: root.id), url)
    }
  }
}
