import XCTest

@testable import SessionKit

/// What the engine judges a navigation with: the parsed URL (unparseable ones are never allowed, Safari only
/// for http and https) and the session's context (its committed URL, else its opener's; a root with nothing
/// committed has no origin), and how commits change the history.
final class NavigationContextTests: XCTestCase {
  /// Cancels cross-site navigations, allows the rest.
  private static let crossSitePolicy = #"""
    {"version": 1,
     "rules": [{"name": "cross-site", "match": {"crossSite": true}, "action": "cancel"}],
     "popups": {"requireUserGesture": false}}
    """#

  // MARK: - URLs

  func test_unparseableURL_isCancelled_reasonInvalidURL() async throws {
    let engine = try makeEngine(#"{"version": 1, "default": "allow"}"#, events: .none)
    let root = engine.makeRootSession()

    for action in [
      TestAction.link("https://exa mple.com/"), TestAction.blankLink("https://exa mple.com/"),
      TestAction.load("https://[::1/"), TestAction.link("no scheme at all"),
    ] {
      let decision = await root.decide(action)
      XCTAssertEqual(decision.policy, .cancel, action.requestURL)
      XCTAssertEqual(decision.action, .cancel, action.requestURL)
      XCTAssertEqual(decision.outcome, .blocked(.invalidURL), action.requestURL)
      XCTAssertEqual(decision.trace.rule, "invalid-url", action.requestURL)
      XCTAssertFalse(decision.trace.notes.isEmpty, "the trace says what is wrong with \(action.requestURL)")
    }
    let admission = root.admitPopup(for: TestAction.windowOpen("https://exa mple.com/"))
    XCTAssertNil(admission.child)
    XCTAssertEqual(admission.outcome, .blocked(.invalidURL))
  }

  func test_safariForATelURL_opensWithTheSystem_andTheTraceSaysSo() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "outside", "action": {"external": "safari"}}]}"#, events: .none)
    let root = engine.makeRootSession()

    let link = await root.decide(TestAction.link("tel:+15551234567"))
    let newWindow = await root.decide(TestAction.blankLink("tel:+15551234567"))
    let admission = root.admitPopup(for: TestAction.windowOpen("tel:+15551234567"))
    let web = await root.decide(TestAction.link("https://web.example/"))

    for decision in [link, newWindow] {
      XCTAssertEqual(decision.policy, .cancel)
      XCTAssertEqual(decision.action, .external(.system))
      XCTAssertEqual(decision.outcome, .openExternally(url: "tel:+15551234567", via: .system))
      XCTAssertEqual(decision.trace.rule, "outside")
      XCTAssertTrue(
        decision.trace.notes.contains { $0.contains("safari opens only http and https") }, "\(decision.trace)")
    }
    XCTAssertEqual(admission.outcome, .openExternally(url: "tel:+15551234567", via: .system))
    XCTAssertEqual(web.outcome, .openExternally(url: "https://web.example/", via: .safari))
  }

  func test_externalEffect_carriesTheNormalizedURL() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "outside", "action": {"external": "safari"}}]}"#, events: .none)

    let decision = await engine.makeRootSession().decide(TestAction.link("HTTPS://Web.Example:443/a/../b#top"))

    XCTAssertEqual(decision.outcome, .openExternally(url: "https://web.example/b#top", via: .safari))
  }

  // MARK: - Context

  func test_rootThatCommittedNothing_treatsEverythingAsCrossSite_aboutBlankIncluded() async throws {
    let engine = try makeEngine(Self.crossSitePolicy, events: .none)
    let root = engine.makeRootSession()

    XCTAssertNil(root.policyContext().currentURL)
    for url in ["https://shop.example/", "about:blank"] {
      let decision = await root.decide(TestAction.load(url))
      XCTAssertEqual(decision.trace.rule, "cross-site", url)
    }
  }

  func test_rootThatCommittedOnlyAboutBlank_stillHasNoOrigin() async throws {
    let engine = try makeEngine(Self.crossSitePolicy, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("about:blank", kind: .newEntry(isPost: false))

    let decision = await root.decide(TestAction.load("https://shop.example/"))

    XCTAssertEqual(decision.trace.rule, "cross-site")
  }

  func test_committedRoot_comparesWithItsCommittedURL() async throws {
    let engine = try makeEngine(Self.crossSitePolicy, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("https://www.shop.example/cart", kind: .newEntry(isPost: false))

    let sameSite = await root.decide(TestAction.link("http://pay.shop.example:8080/"))
    let blank = await root.decide(TestAction.subframeLink("about:blank"))
    let crossSite = await root.decide(TestAction.link("https://elsewhere.example/"))
    let telephone = await root.decide(TestAction.link("tel:123"))

    XCTAssertEqual(sameSite.trace.rule, "default")
    XCTAssertEqual(blank.trace.rule, "default", "about:blank inherits the session's origin")
    XCTAssertEqual(crossSite.trace.rule, "cross-site")
    XCTAssertEqual(telephone.trace.rule, "cross-site", "a URL without a host is cross-site to everything")
  }

  func test_freshPopup_comparesWithItsOpenersURL_untilItCommits() async throws {
    let engine = try makeEngine(Self.crossSitePolicy, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("https://shop.example/checkout", kind: .newEntry(isPost: false))
    let popup = try openPopup(from: root, "")

    let sameAsOpener = await popup.decide(TestAction.load("https://www.shop.example/pay"))
    let crossToOpener = await popup.decide(TestAction.load("https://bank.example/login"))
    try await popup.didCommit("about:blank", kind: .newEntry(isPost: false))
    let afterBlank = await popup.decide(TestAction.load("https://bank.example/login"))
    try await popup.didCommit("https://bank.example/login", kind: .newEntry(isPost: false))
    let afterCommit = await popup.decide(TestAction.link("https://bank.example/confirm"))
    let backToShop = await popup.decide(TestAction.link("https://shop.example/done"))

    XCTAssertEqual(sameAsOpener.trace.rule, "default")
    XCTAssertEqual(crossToOpener.trace.rule, "cross-site")
    XCTAssertEqual(afterBlank.trace.rule, "cross-site", "about:blank inherited from the opener keeps its origin")
    XCTAssertEqual(afterCommit.trace.rule, "default")
    XCTAssertEqual(backToShop.trace.rule, "cross-site")
    XCTAssertEqual(popup.policyContext().currentURL?.serialized, "https://bank.example/login")
  }

  func test_newWindowFromAPopup_comparesWithThePopupsContext() async throws {
    let engine = try makeEngine(Self.crossSitePolicy, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("https://shop.example/", kind: .newEntry(isPost: false))
    let popup = try openPopup(from: root, "")

    let sameSite = popup.admitPopup(for: TestAction.windowOpen("https://shop.example/receipt"))
    let crossSite = popup.admitPopup(for: TestAction.windowOpen("https://tracker.example/"))

    XCTAssertNotNil(sameSite.child)
    XCTAssertEqual(crossSite.outcome, .blocked(.policy))
    XCTAssertEqual(crossSite.trace.rule, "cross-site")
  }

  // MARK: - History

  func test_didCommit_newEntriesPushAndDropForwardEntries_backForwardAndReloadAddNothing() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    XCTAssertEqual(root.historyLength, 0)
    XCTAssertNil(root.committedURL)

    for page in ["a", "b", "c"] {
      try await root.didCommit("https://site.example/\(page)", kind: .newEntry(isPost: false))
    }
    XCTAssertEqual(root.historyLength, 3)
    try await root.didCommit("https://site.example/b", kind: .backForward(offset: -1))
    try await root.didCommit("https://site.example/a", kind: .backForward(offset: -1))
    XCTAssertEqual(root.historyLength, 3)
    XCTAssertEqual(root.committedURL?.serialized, "https://site.example/a")
    try await root.didCommit("https://site.example/a", kind: .reload)
    XCTAssertEqual(root.historyLength, 3)

    try await root.didCommit("https://site.example/d", kind: .newEntry(isPost: true))

    XCTAssertEqual(root.historyLength, 2, "b and c were forward entries")
    let list = root.backForwardList
    XCTAssertEqual(list.entries.map(\.url.path), ["/a", "/d"])
    XCTAssertEqual(list.entries.map(\.isPost), [false, true])
    XCTAssertEqual(list.currentIndex, 1)
    XCTAssertEqual(root.committedURL?.serialized, "https://site.example/d")
  }

  func test_backForwardList_keepsWebKitsHundredEntries_droppingTheOldest() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    for page in 0..<130 {
      try await root.didCommit("https://site.example/\(page)", kind: .newEntry(isPost: false))
    }
    let list = root.backForwardList
    XCTAssertEqual(root.historyLength, BackForwardList.capacity)
    XCTAssertEqual(list.entries.first?.url.path, "/30")
    XCTAssertEqual(list.current?.url.path, "/129")
    XCTAssertEqual(list.currentIndex, 99)
  }

  func test_didCommitOfAnUnparseableURL_throws_andChangesNothing() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()
    try await root.didCommit("https://site.example/", kind: .newEntry(isPost: false))

    do {
      try await root.didCommit("https://exa mple.com/", kind: .newEntry(isPost: false))
      XCTFail("an unparseable URL was committed")
    } catch {
      XCTAssertEqual(root.historyLength, 1)
      XCTAssertEqual(root.committedURL?.serialized, "https://site.example/")
    }
  }
}
