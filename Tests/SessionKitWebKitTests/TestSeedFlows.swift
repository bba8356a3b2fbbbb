#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The seeds' flows: a Google Pay popup over a merchant page (overlay and modal) that closes itself, and Google's
  /// click-behaviour table for ads with the `ad-clicks` preset.
  @MainActor
  final class TestSeedFlows: XCTestCase {
    private let merchantPolicy = #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#
    private let modalPayPolicy = #"""
      {"version": 1,
       "rules": [{"name": "pay-modal", "match": {"hosts": ["pay.google.com"], "target": "newWindow"},
                  "action": {"popup": "modal"}}],
       "include": ["google-pay", "ad-clicks"]}
      """#

    func test_googlePayOverlay_opensOverTheMerchantPage_withACloseButton_andGoesWhenItClosesItself() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen(
        "https://pay.google.com/gp/p/ui/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(popup.superview === harness.host.view, "over the main web view, in the host's view")
      XCTAssertTrue(popup.subviews.contains { ($0 as? UIButton)?.configuration?.image?.standInSystemName == "xmark" })
      XCTAssertTrue(harness.presented.isEmpty)
      XCTAssertEqual(popup.url?.absoluteString, "https://pay.google.com/gp/p/ui/pay")

      harness.driver.windowClose(in: popup)
      await harness.closed("main.1")
      XCTAssertNil(popup.superview)
      XCTAssertTrue(harness.isShown(harness.mainWebView))
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_googlePayOverlay_closeButton_dismissesThePopup() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      let button = try XCTUnwrap(popup.subviews.compactMap { $0 as? UIButton }.first)
      button.tap()
      let closed = await harness.event {
        if case .popupClosed("main.1", _) = $0 { return true }
        return false
      }
      XCTAssertEqual(closed, .popupClosed("main.1", reason: .dismissed))
      XCTAssertFalse(harness.isShown(popup))
    }

    func test_googlePayModal_isPresentedInANewViewController_andDismissedWhenItClosesItself() async throws {
      let harness = try AdapterHarness(policy: modalPayPolicy)
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      let controller = try XCTUnwrap(harness.presented.first as? PopupViewController)
      XCTAssertTrue(controller.webView === popup)
      XCTAssertTrue(harness.isShown(popup))

      harness.driver.windowClose(in: popup)
      await harness.closed("main.1")
      XCTAssertTrue(harness.presented.isEmpty)
      XCTAssertTrue(harness.isShown(harness.mainWebView))
    }

    func test_adClicks_blankLinkToAnAdvertiser_opensSafariOnce_andKeepsTheGame() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://games.example/play")
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://advertiser.example/offer", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main linkActivated target=none → cancel"])
      // The engine also announces it; wait for that event so that a second open would have happened by now.
      await harness.event {
        if case .openedExternally = $0 { return true }
        return false
      }
      let safari = harness.presented.compactMap { $0 as? SFSafariViewController }
      XCTAssertEqual(safari.map(\.url.absoluteString), ["https://advertiser.example/offer"])
      XCTAssertEqual(UIApplication.shared.openedURLs, [])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://games.example/play")
    }

    func test_adClicks_topLinkToAnotherSite_opensSafari_insteadOfReplacingThePage() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://games.example/play")
      await harness.driver.tapLink(
        "https://advertiser.example/", target: "_top", in: harness.mainWebView, frameURL: "https://ads.example/slot")
      XCTAssertEqual(
        harness.presented.compactMap { ($0 as? SFSafariViewController)?.url.absoluteString },
        [
          "https://advertiser.example/"
        ])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://games.example/play")
    }

    func test_adClicks_sameSiteLink_staysInTheWebView_becauseCommitsAreRecorded() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://games.example/play")
      await harness.driver.tapLink("https://www.games.example/level2", in: harness.mainWebView)
      XCTAssertTrue(harness.presented.isEmpty)
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://www.games.example/level2")
    }

    func test_adClicks_appStoreLink_goesToTheSystemOnce() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://games.example/play")
      await harness.driver.tapLink("https://apps.apple.com/app/id1", in: harness.mainWebView)
      await harness.event {
        if case .openedExternally = $0 { return true }
        return false
      }
      XCTAssertEqual(UIApplication.shared.openedURLs.map(\.absoluteString), ["https://apps.apple.com/app/id1"])
      XCTAssertTrue(harness.presented.isEmpty)
    }

    func test_safariRuleOnANonHTTPScheme_opensWithTheSystem_neverInSafari() async throws {
      let policy = #"""
        {"version": 1, "rules": [{"name": "mail", "match": {"schemes": ["mailto"]}, "action": {"external": "safari"}}]}
        """#
      let harness = try AdapterHarness(policy: policy)
      await harness.load("https://merchant.example/")
      await harness.driver.tapLink("mailto:help@merchant.example", in: harness.mainWebView)
      XCTAssertEqual(UIApplication.shared.openedURLs.map(\.absoluteString), ["mailto:help@merchant.example"])
      XCTAssertTrue(harness.presented.isEmpty)
    }

    func test_sameViewRule_loadsTheNewWindowRequestInTheRequestingWebView_withoutJudgingItTwice() async throws {
      let policy = #"""
        {"version": 1, "rules": [{"name": "inline", "match": {"target": "newWindow"}, "action": "sameView"}]}
        """#
      let harness = try AdapterHarness(policy: policy)
      await harness.load("https://merchant.example/")
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://merchant.example/terms", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(
        harness.callbacks(from: start),
        [
          "decidePolicyFor main linkActivated target=none → cancel", "decidePolicyFor main other target=main → allow",
          "didCommit main → https://merchant.example/terms", "didFinish main",
        ])
      XCTAssertTrue(harness.driver.popups.isEmpty)
    }

    func test_askRulePopup_isPresentedOnlyOnceItsDeciderAllowsTheFirstLoad() async throws {
      let policy = #"""
        {"version": 1, "rules": [{"name": "checkout", "match": {"target": "newWindow"}, "action": {"ask": "checkout"}}]}
        """#
      let decider = ClosureDecider { request in
        request.address.host?.serialized == "pay.example" ? .popup(.modal) : .external(.safari)
      }
      let harness = try AdapterHarness(policy: policy, deciders: ["checkout": decider])
      await harness.load("https://merchant.example/")
      let opened = await harness.driver.windowOpen("https://pay.example/start", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertTrue(harness.presented.first.map { ($0 as? PopupViewController)?.webView === popup } ?? false)

      let refused = await harness.driver.windowOpen(
        "https://elsewhere.example/", gesture: true, in: harness.mainWebView)
      XCTAssertNotNil(refused, "created provisionally; the decider answers on its first load")
      await harness.closed("main.2")
      XCTAssertFalse(harness.isShown(try XCTUnwrap(refused)))
      XCTAssertEqual(
        harness.presented.compactMap { ($0 as? SFSafariViewController)?.url.absoluteString },
        ["https://elsewhere.example/"])
    }

    func test_tearDown_closesEveryPopup_butLeavesTheMainWebView() async throws {
      let harness = try AdapterHarness(policy: merchantPolicy)
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      harness.coordinator.tearDown()
      XCTAssertFalse(harness.isShown(popup))
      XCTAssertTrue(harness.isShown(harness.mainWebView))
      XCTAssertTrue(harness.coordinator.rootSession.isClosed)
    }
  }
#endif
