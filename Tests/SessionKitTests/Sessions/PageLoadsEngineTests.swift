import XCTest

@testable import SessionKit

/// The engine's side of what a real WebKit showed on 2026-12-01 (DESIGN §2, §8.1): a popup's initial
/// about:blank is replaced; a page's own iframe loads (no gesture, target a subframe) never leave the app, never
/// finish a popup and never close or block the page; a redirect hop is judged against the session's page.
final class PageLoadsEngineTests: XCTestCase {
  /// An iframe's automatic load (no gesture, `other`, target a subframe).
  private static func iframeLoad(_ url: String, in page: String) -> NavigationAction {
    NavigationAction(
      requestURL: url, sourceFrame: FrameInfo(isMainFrame: true, url: page),
      targetFrame: FrameInfo(isMainFrame: false, url: url), navigationType: .other, isUserGesture: false)
  }

  // MARK: - The initial about:blank

  func test_aPopupShowingOnlyItsInitialAboutBlank_replacesThatEntry() async throws {
    let engine = try makeEngine(#"{"version": 1}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://shop.example/", kind: .newEntry(isPost: false))
    let popup = try openPopup(from: root, "about:blank")
    try await popup.didCommit("about:blank", kind: .newEntry(isPost: false))
    XCTAssertEqual(popup.historyLength, 1)
    try await popup.didCommit("https://accounts.google.com/signin", kind: .newEntry(isPost: false))
    XCTAssertEqual(popup.historyLength, 1, "the initial about:blank is replaced, not kept behind the new page")
    XCTAssertEqual(popup.backForwardList.current?.url.serialized, "https://accounts.google.com/signin")
    XCTAssertNil(popup.backForwardList.entry(at: -1), "back has nothing to go to")
    try await popup.didCommit("https://accounts.google.com/next", kind: .newEntry(isPost: false))
    XCTAssertEqual(popup.historyLength, 2, "a page that is not about:blank is kept")
  }

  func test_aRootShowingAboutBlank_keepsItsEntry() async throws {
    let engine = try makeEngine(#"{"version": 1}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("about:blank", kind: .newEntry(isPost: false))
    try await root.didCommit("https://shop.example/", kind: .newEntry(isPost: false))
    XCTAssertEqual(root.historyLength, 2, "only a popup's initial document is replaced")
  }

  func test_aPopupThatCameBackToAboutBlank_keepsTheEntry() async throws {
    let engine = try makeEngine(#"{"version": 1}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://shop.example/", kind: .newEntry(isPost: false))
    let popup = try openPopup(from: root, "https://pay.example/")
    try await popup.didCommit("https://pay.example/", kind: .newEntry(isPost: false))
    try await popup.didCommit("about:blank", kind: .newEntry(isPost: false))
    try await popup.didCommit("https://pay.example/again", kind: .newEntry(isPost: false))
    XCTAssertEqual(popup.historyLength, 3, "about:blank after a real page is an ordinary entry")
  }

  // MARK: - Iframe loads

  func test_anIframesAutomaticLoad_thatThePolicySendsOut_isCancelledInsteadAndSaysWhy() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "out", "match": {"crossSite": true}, "action": {"external": "safari"}}]}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://news.example/", kind: .newEntry(isPost: false))
    let decision = await root.decide(Self.iframeLoad("https://ads.adnetwork.example/slot", in: "https://news.example/"))
    XCTAssertEqual(decision.outcome, .blocked(.policy))
    XCTAssertEqual(decision.policy, .cancel)
    XCTAssertEqual(decision.trace.rule, "out")
    XCTAssertTrue(
      decision.trace.notes.contains { $0.contains("without a user gesture") && $0.contains("never leaves the app") },
      "\(decision.trace.notes)")
  }

  func test_anIframeLinkTap_thatThePolicySendsOut_stillLeavesTheApp() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "out", "match": {"crossSite": true}, "action": {"external": "safari"}}]}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://news.example/", kind: .newEntry(isPost: false))
    let decision = await root.decide(
      TestAction.subframeLink("https://advertiser.example/", frame: "https://ads.adnetwork.example/slot"))
    XCTAssertEqual(decision.outcome, .openExternally(url: "https://advertiser.example/", via: .safari))
  }

  func test_anIframesAutomaticLoad_inABlankPopup_neverClosesIt() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "out", "match": {"crossSite": true}, "action": {"external": "safari"}}]}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://shop.example/", kind: .newEntry(isPost: false))
    let popup = try openPopup(from: root, "")
    let decision = await popup.decide(Self.iframeLoad("https://ads.adnetwork.example/slot", in: "about:blank"))
    XCTAssertEqual(decision.outcome, .blocked(.policy))
    XCTAssertEqual(decision.closedSessions, [])
    XCTAssertFalse(popup.isClosed)
  }

  func test_anIframesAutomaticLoad_thatThePolicyFinishes_isCancelledAndTheParentStaysOpen() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "done", "match": {"hosts": ["app.example"]}, "action": {"finish": "app"}}]}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://shop.example/", kind: .newEntry(isPost: false))
    let popup = try openPopup(from: root, "https://pay.example/")
    _ = await popup.decide(TestAction.load("https://pay.example/"))
    try await popup.didCommit("https://pay.example/", kind: .newEntry(isPost: false))
    let decision = await popup.decide(Self.iframeLoad("https://app.example/frame", in: "https://pay.example/"))
    XCTAssertEqual(decision.outcome, .blocked(.policy))
    XCTAssertFalse(popup.isClosed)
    XCTAssertTrue(decision.trace.notes.contains { $0.contains("without a user gesture") }, "\(decision.trace.notes)")
  }

  // MARK: - Redirect hops

  func test_aRedirectHop_isComparedWithTheSessionsPage_notWithThePreviousHop() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "out", "match": {"crossSite": true}, "action": {"external": "safari"}}]}"#)
    let root = engine.makeRootSession()
    try await root.didCommit("https://recipes.example/soup", kind: .newEntry(isPost: false))
    // The first hop left for shop.example; the second comes back to the page's own site: same-site, allowed.
    let back = await root.decide(TestAction.link("https://www.recipes.example/landing", from: "https://shop.example/"))
    XCTAssertEqual(back.outcome, .allow, "compared with recipes.example (the page), not shop.example (the hop)")
    let out = await root.decide(TestAction.link("https://shop.example/pot", from: "https://recipes.example/soup"))
    XCTAssertEqual(out.outcome, .openExternally(url: "https://shop.example/pot", via: .safari))
  }

  func test_redirectLoop_isABlockReasonOfItsOwn() {
    XCTAssertEqual(BlockReason(rawValue: "redirect-loop"), .redirectLoop)
  }

  // MARK: - Downloads

  func test_aNavigationAction_carriesShouldPerformDownload_andDecodesWithoutIt() throws {
    let frame = FrameInfo(isMainFrame: true, url: "https://a.example/")
    let action = NavigationAction(
      requestURL: "https://a.example/file.pdf", sourceFrame: frame, targetFrame: frame,
      navigationType: .linkActivated, isUserGesture: true, shouldPerformDownload: true)
    XCTAssertTrue(action.shouldPerformDownload)
    let data = try JSONEncoder().encode(action)
    XCTAssertEqual(try JSONDecoder().decode(NavigationAction.self, from: data), action)
    var object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["shouldPerformDownload"] = nil
    let older = try JSONSerialization.data(withJSONObject: object)
    XCTAssertFalse(try JSONDecoder().decode(NavigationAction.self, from: older).shouldPerformDownload)
  }
}
