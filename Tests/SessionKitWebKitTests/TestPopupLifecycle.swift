#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The adapter applies Popups.md, "Lifecycle": a blank ad window sent to an advertiser opens Safari and goes away, a
  /// finished OAuth popup hands its URL to the app or loads it in its opener, and its views go on `popupClosed`.
  @MainActor
  final class TestPopupLifecycle: XCTestCase {
    private let oauthPolicy = #"""
      {"version": 1,
       "rules": [{"name": "to-opener", "match": {"hosts": ["merchant.example"], "paths": ["/oauth/done"]},
                  "action": {"finish": "opener"}},
                 {"name": "to-app", "match": {"schemes": ["merchantapp"]}, "action": {"finish": "app"}}]}
      """#

    func test_aBlankAdWindowSentToTheAdvertiser_opensSafari_andIsRemoved() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#)
      await harness.load("https://games.example/play")
      // The opener's origin decides crossSite: its commit must be recorded before the page opens a window.
      await harness.coordinator.commitsRecorded()
      let opened = await harness.driver.windowOpen(nil, gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(harness.isShown(popup))

      await harness.driver.assignLocation("https://advertiser.example/offer", in: popup)
      await harness.closed("main.1")
      XCTAssertFalse(harness.isShown(popup))
      let safari = harness.presented.compactMap { ($0 as? SFSafariViewController)?.url.absoluteString }
      XCTAssertEqual(safari, ["https://advertiser.example/offer"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://games.example/play")
      XCTAssertEqual(harness.raised.all, [])
    }

    /// DESIGN §9.2: a popup opened blank is shown at once with the presentation its creation was given; its first
    /// load of a real URL is judged as the new-window request, and a rule that makes Google Pay modal presents it
    /// anew, modally, while it loads.
    func test_aBlankWindowSentToGooglePay_isPresentedAgainAsTheModalRuleSays() async throws {
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "include": ["google-pay"], "popups": {"presentation": "overlay"},
           "rules": [{"name": "pay-modal", "match": {"hosts": ["pay.google.com"], "target": "newWindow"},
                      "action": {"popup": "modal"}}]}
          """#)
      await harness.load("https://shop.example/checkout")
      await harness.coordinator.commitsRecorded()
      let opened = await harness.driver.windowOpen(nil, gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(harness.isShown(popup))
      XCTAssertTrue(harness.presented.isEmpty, "an overlay, in the host's view")

      await harness.driver.assignLocation("https://pay.google.com/gp/p/ui/pay", in: popup)
      UIKitStandIn.finishTransitions()
      XCTAssertTrue(harness.isShown(popup))
      XCTAssertEqual(harness.presented.count, 1, "presented modally")
      XCTAssertEqual(popup.url?.absoluteString, "https://pay.google.com/gp/p/ui/pay")
      XCTAssertEqual(harness.coordinator.session(for: popup)?.presentation, .modal)
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_finishApp_handsTheURLToTheAppOnce_andRemovesThePopup() async throws {
      let harness = try AdapterHarness(policy: oauthPolicy)
      var finished: [(String, SessionID)] = []
      harness.coordinator.onPopupFinished = { url, popup in finished.append((url, popup)) }
      await harness.load("https://merchant.example/account")
      let opened = await harness.driver.windowOpen(
        "https://idp.example/authorize", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)

      await harness.driver.assignLocation("merchantapp://oauth?code=7", in: popup)
      await harness.closed("main.1")
      XCTAssertEqual(finished.map(\.0), ["merchantapp://oauth?code=7"])
      XCTAssertEqual(finished.map(\.1), ["main.1"])
      XCTAssertFalse(harness.isShown(popup))
      XCTAssertEqual(UIApplication.shared.openedURLs, [])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://merchant.example/account")
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_finishOpener_loadsTheURLInTheOpener_andRemovesThePopup() async throws {
      let harness = try AdapterHarness(policy: oauthPolicy)
      var finished = 0
      harness.coordinator.onPopupFinished = { _, _ in finished += 1 }
      await harness.load("https://merchant.example/account")
      let opened = await harness.driver.windowOpen(
        "https://idp.example/authorize", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)

      await harness.driver.assignLocation("https://merchant.example/oauth/done?code=8", in: popup)
      await harness.closed("main.1")
      await harness.driver.settle()
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://merchant.example/oauth/done?code=8")
      XCTAssertEqual(finished, 0)
      XCTAssertFalse(harness.isShown(popup))
      XCTAssertEqual(harness.raised.all, [])
    }
  }
#endif
