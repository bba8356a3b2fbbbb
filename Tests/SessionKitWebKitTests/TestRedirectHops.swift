#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// Server redirects (WebKitBehavior.md, "Rules the engine showed"; WritingScenarios.md, "Pages and their iframes" and
  /// "Redirects"): WebKit asks `decidePolicyFor` again for each hop, in the same frame with the first decision's type,
  /// before the hop's request; cancelling a hop stops the load. The coordinator hands each hop to the session like any
  /// decision.
  @MainActor
  final class TestRedirectHops: XCTestCase {
    private func safariURLs(_ harness: AdapterHarness) -> [String] {
      harness.presented.compactMap { ($0 as? SFSafariViewController)?.url.absoluteString }
    }

    func test_aSameSiteLinkThatRedirectsToAnAdvertiser_leavesForSafari_andNothingCommits() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
      harness.driver.redirects["https://news.example/out?ad=7"] = .init(to: "https://advertiser.example/landing")
      await harness.load("https://news.example/")
      await harness.coordinator.commitsRecorded()

      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://news.example/out?ad=7", in: harness.mainWebView)
      XCTAssertEqual(
        harness.callbacks(from: start),
        [
          "decidePolicyFor main linkActivated target=main → allow",
          "decidePolicyFor main linkActivated target=main → cancel",
        ])
      XCTAssertEqual(safariURLs(harness), ["https://advertiser.example/landing"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://news.example/")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 1)
      XCTAssertEqual(harness.coordinator.rootSession.committedURL?.serialized, "https://news.example/")
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_aHopsCrossSite_comparesWithTheSessionsPage_notWithThePreviousHop() async throws {
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "rules": [
            {"name": "shop", "match": {"hosts": ["shop.example"]}, "action": "allow"},
            {"name": "pay-start", "match": {"hosts": ["pay.example"], "paths": ["/start"]}, "action": "allow"},
            {"name": "no-cross-site", "match": {"crossSite": true, "target": "mainFrame"}, "action": "cancel"}]}
          """#)
      harness.driver.redirects["https://pay.example/start"] = .init(to: "https://pay.example/step-2", status: 303)
      await harness.load("https://shop.example/cart")
      await harness.coordinator.commitsRecorded()

      let start = harness.driver.callbacks.count
      await harness.driver.submitForm("https://pay.example/start", method: "POST", in: harness.mainWebView)
      XCTAssertEqual(
        harness.callbacks(from: start),
        [
          "decidePolicyFor main formSubmitted target=main → allow",
          "decidePolicyFor main formSubmitted target=main → cancel",
        ], "pay.example/step-2 is same-site to the first hop but cross-site to shop.example")
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/cart")
    }

    func test_allowedHops_commitTheLastURL_asOneEntry() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      harness.driver.redirects["https://shop.example/a"] = .init(to: "https://shop.example/b", status: 301)
      harness.driver.redirects["https://shop.example/b"] = .init(to: "https://shop.example/c", status: 307)
      await harness.load("https://shop.example/")
      await harness.driver.tapLink("https://shop.example/a", in: harness.mainWebView)
      await harness.coordinator.commitsRecorded()
      let session = harness.coordinator.rootSession
      XCTAssertEqual(session.historyLength, 2)
      XCTAssertEqual(session.committedURL?.serialized, "https://shop.example/c")
      XCTAssertEqual(harness.driver.callbacks.filter { $0.name == "decidePolicyFor" }.count, 4)
    }

    func test_aRedirectLoop_endsTheLoad_afterTwentyHops() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      harness.driver.redirects["https://shop.example/x"] = .init(to: "https://shop.example/y")
      harness.driver.redirects["https://shop.example/y"] = .init(to: "https://shop.example/x")
      await harness.load("https://shop.example/")
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/x", in: harness.mainWebView)
      let calls = harness.driver.callbacks[start...]
      XCTAssertEqual(calls.filter { $0.name == "decidePolicyFor" }.count, 1 + WebKitDriver.maximumRedirects)
      XCTAssertEqual(calls.last?.name, "tooManyRedirects")
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/")
    }

    func test_aPopupsFirstLoadHop_keepsTheWindowOpensGesture() async throws {
      // A rule that refuses gesture-less loads of the payment host: the hop must carry window.open's gesture.
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "rules": [
            {"name": "no-scripted-pay", "match": {"hosts": ["pay.example"], "userGesture": false},
             "action": "cancel"}]}
          """#)
      harness.driver.redirects["https://shop.example/pay"] = .init(to: "https://pay.example/session/1")
      await harness.load("https://shop.example/cart")
      await harness.coordinator.commitsRecorded()
      let opened = await harness.driver.windowOpen(
        "https://shop.example/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertEqual(popup.url?.absoluteString, "https://pay.example/session/1")
      XCTAssertEqual(
        harness.callbacks().suffix(4),
        [
          "decidePolicyFor popup1 other target=main → allow", "decidePolicyFor popup1 other target=main → allow",
          "didCommit popup1 → https://pay.example/session/1", "didFinish popup1",
        ])

      // Once committed, the gesture is spent: a script's later load of the host is gesture-less.
      await harness.driver.assignLocation("https://pay.example/session/2", in: popup)
      XCTAssertEqual(popup.url?.absoluteString, "https://pay.example/session/1")
    }

    func test_aPopupWhoseFirstLoadHopIsCancelled_staysOpenAndEmpty() async throws {
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "rules": [
            {"name": "blocked", "match": {"hosts": ["tracker.example"]}, "action": "cancel"}]}
          """#)
      var problems: [WebSessionCoordinator.Problem] = []
      harness.coordinator.onProblem = { problems.append($0) }
      harness.driver.redirects["https://shop.example/go"] = .init(to: "https://tracker.example/pixel")
      await harness.load("https://shop.example/")
      await harness.coordinator.commitsRecorded()
      let opened = await harness.driver.windowOpen("https://shop.example/go", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertEqual(
        harness.callbacks().suffix(2),
        [
          "decidePolicyFor popup1 other target=main → allow", "decidePolicyFor popup1 other target=main → cancel",
        ])
      XCTAssertNil(popup.url, "nothing committed")
      XCTAssertTrue(harness.isShown(popup))
      let session = try XCTUnwrap(harness.coordinator.session(for: popup))
      XCTAssertFalse(session.isClosed)
      XCTAssertEqual(problems, [])
      XCTAssertEqual(UIApplication.shared.openedURLs, [])
    }

    func test_aPopupsFirstLoadHopSentOut_opensSafari_andClosesThePopup_asThePolicySays() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
      harness.driver.redirects["https://games.example/ad?id=3"] = .init(to: "https://advertiser.example/offer")
      await harness.load("https://games.example/play")
      await harness.coordinator.commitsRecorded()
      let opened = await harness.driver.windowOpen(
        "https://games.example/ad?id=3", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      await harness.closed("main.1")
      XCTAssertFalse(harness.isShown(popup))
      XCTAssertEqual(safariURLs(harness), ["https://advertiser.example/offer"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://games.example/play")
    }

    func test_aHopToTheOAuthCallback_finishesThePopup_intoItsOpener() async throws {
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "rules": [{"name": "to-opener", "match": {"hosts": ["merchant.example"],
            "paths": ["/oauth/done"]}, "action": {"finish": "opener"}}]}
          """#)
      harness.driver.redirects["https://idp.example/approve"] = .init(
        to: "https://merchant.example/oauth/done?code=9")
      await harness.load("https://merchant.example/account")
      let opened = await harness.driver.windowOpen(
        "https://idp.example/authorize", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      await harness.driver.submitForm("https://idp.example/approve", method: "POST", in: popup)
      await harness.closed("main.1")
      await harness.driver.settle()
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://merchant.example/oauth/done?code=9")
      XCTAssertFalse(harness.isShown(popup))
      XCTAssertEqual(harness.raised.all, [])
    }
  }
#endif
