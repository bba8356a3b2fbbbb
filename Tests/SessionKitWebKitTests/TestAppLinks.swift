#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// On `allow` for a main-frame navigation a user started to another host, WebKit first tries the universal
  /// link of an app that claims the URL, and the navigation never loads. What the policy allowed must load.
  @MainActor
  final class TestAppLinks: XCTestCase {
    func test_anAllowedTappedLink_toAnAppsUniversalLink_loadsInTheWebView_byDefault() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      harness.driver.appLinks = ["shop.example"]
      await harness.load("https://news.example/")
      await harness.driver.tapLink("https://shop.example/item", in: harness.mainWebView)
      XCTAssertEqual(harness.driver.openedAppLinks, [])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/item")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.committedURL?.serialized, "https://shop.example/item")
    }

    func test_anAppThatLetsWebKitTryAppLinks_getsWebKitsBehaviour_theAppOpens_andNothingLoads() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      harness.coordinator.triesAppLinks = true
      harness.driver.appLinks = ["shop.example"]
      await harness.load("https://news.example/")
      await harness.driver.tapLink("https://shop.example/item", in: harness.mainWebView)
      XCTAssertEqual(harness.driver.openedAppLinks, ["https://shop.example/item"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://news.example/")

      // WebKit tries app links only for what a user started.
      await harness.driver.assignLocation("https://shop.example/other", in: harness.mainWebView)
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/other")
    }

    func test_aGooglePayPopupsFirstLoad_toAnAppLinkHost_loadsInThePopup_notBlank() async throws {
      let harness = try AdapterHarness(policy: #"{"version": 1, "include": ["google-pay"]}"#)
      harness.driver.appLinks = ["pay.google.com"]
      await harness.load("https://merchant.example/checkout")
      let opened = await harness.driver.windowOpen("https://pay.google.com/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertEqual(popup.url?.absoluteString, "https://pay.google.com/pay")
      XCTAssertEqual(harness.driver.openedAppLinks, [])
    }
  }
#endif
