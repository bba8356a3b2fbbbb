#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// WebKit reports a script's `a.click()` and `form.submit()` exactly as a tap and a submission. A page (an ad's
  /// iframe) must not be able to open Safari, the App Store or another app, or a popup the policy keeps for users'
  /// taps, without a finger on the web view.
  @MainActor
  final class TestForgedGestures: XCTestCase {
    private let adPolicy = #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#

    private func harness() async throws -> (AdapterHarness, ProblemLog) {
      let harness = try AdapterHarness(policy: adPolicy)
      let log = ProblemLog()
      harness.coordinator.onProblem = { log.problems.append($0) }
      await harness.load("https://games.example/play")
      // Whatever touched the web view before is long gone.
      UIKitStandIn.advanceClock(by: 10)
      return (harness, log)
    }

    @MainActor
    final class ProblemLog {
      var problems: [WebSessionCoordinator.Problem] = []
    }

    private func safariURLs(_ harness: AdapterHarness) -> [String] {
      harness.presented.compactMap { ($0 as? SFSafariViewController)?.url.absoluteString }
    }

    func test_aScriptedClickOnAnAdLink_opensNoSafari_andIsReported_whileATapOnItDoes() async throws {
      let (harness, log) = try await harness()
      let main = harness.coordinator.rootSession.id
      await harness.driver.scriptClick(
        "https://advertiser.example/offer", target: "_blank", in: harness.mainWebView,
        frameURL: "https://ads.example/slot")
      XCTAssertEqual(safariURLs(harness), [], "no Safari without a finger on the web view")
      XCTAssertEqual(log.problems, [.externalOpenWithoutGesture(main, url: "https://advertiser.example/offer")])

      await harness.driver.tapLink(
        "https://advertiser.example/offer", target: "_blank", in: harness.mainWebView,
        frameURL: "https://ads.example/slot")
      XCTAssertEqual(safariURLs(harness), ["https://advertiser.example/offer"])
      XCTAssertEqual(log.problems.count, 1)
    }

    func test_aScriptedClickOnAnAppStoreLink_opensNothing() async throws {
      let (harness, log) = try await harness()
      UIApplication.shared.resetOpenedURLs()
      await harness.driver.scriptClick("itms-apps://apps.apple.com/app/id1", target: "_top", in: harness.mainWebView)
      XCTAssertEqual(UIApplication.shared.openedURLs, [])
      XCTAssertEqual(log.problems.count, 1)
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://games.example/play", "the game stays")
    }

    func test_aClickWithinASecondOfATap_isTheUsers_butNotFiveSecondsLater() async throws {
      let (harness, log) = try await harness()
      // The page's own button handler clicks the link for the user: WebKit too counts that as the user's.
      UIKitStandIn.tap(harness.mainWebView)
      UIKitStandIn.advanceClock(by: 0.5)
      await harness.driver.scriptClick("https://advertiser.example/a", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(safariURLs(harness), ["https://advertiser.example/a"])

      UIKitStandIn.advanceClock(by: 5)
      await harness.driver.scriptClick("https://advertiser.example/b", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(safariURLs(harness), ["https://advertiser.example/a"])
      XCTAssertEqual(
        log.problems,
        [.externalOpenWithoutGesture(harness.coordinator.rootSession.id, url: "https://advertiser.example/b")])
    }

    func test_aScriptedSubmitToANewWindow_isRefusedThePopup_andReported() async throws {
      let (harness, log) = try await harness()
      await harness.driver.scriptSubmit(
        "https://pay.google.com/pay", method: "POST", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(harness.driver.popups.count, 0, "requireUserGesture: no popup without the user")
      XCTAssertEqual(
        log.problems,
        [.popupRefusedWithoutGesture(harness.coordinator.rootSession.id, url: "https://pay.google.com/pay")])

      await harness.driver.submitForm(
        "https://pay.google.com/pay", method: "POST", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(harness.driver.popups.count, 1, "the user's submission opens it")
    }
  }
#endif
