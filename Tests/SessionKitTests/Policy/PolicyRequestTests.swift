import XCTest

@testable import SessionKit

/// A request parses its action's URL once; its address is the serialization, which answers naming the URL reuse
/// (the action's own string when it was the serialization already).
final class PolicyRequestTests: XCTestCase {
  func test_theAddress_isTheSerialization_ofTheActionsURL() throws {
    for (url, serialized) in [
      ("https://www.games.example/play/level-3?mode=arcade", "https://www.games.example/play/level-3?mode=arcade"),
      ("https://x.example", "https://x.example/"), ("https://x.example?q", "https://x.example/?q"),
      ("HTTPS://Shop.Example/cart", "https://shop.example/cart"),
      ("https://shop.example/a/../b", "https://shop.example/b"),
      ("http://x.example:80/", "http://x.example/"), ("tel:+15551234567", "tel:+15551234567"),
      ("https://bücher.example/", "https://xn--bcher-kva.example/"),
      ("https://x.example/#top", "https://x.example/#top"),
      ("https://x.example/a%41", "https://x.example/a%41"),
    ] {
      let request = try PolicyRequest(TestAction.link(url))
      XCTAssertEqual(request.address.serialized, serialized, url)
      XCTAssertEqual(request.address, try WebAddress(serialized), url)
    }
  }

  func test_requestsCompareByTheirParts_notByHowTheyWereMade() throws {
    let action = TestAction.link("https://x.example/a")
    let parsed = try PolicyRequest(action)
    let built = try PolicyRequest(
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
