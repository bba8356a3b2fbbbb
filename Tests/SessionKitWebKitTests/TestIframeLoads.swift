#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitSimulation
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// A page's own iframes (WebKitBehavior.md, "Rules the engine showed"; WritingScenarios.md, "Pages and their iframes"
  /// and "Redirects"): after each main-frame commit WebKit asks `decidePolicyFor(other)` for each iframe (`backForward`
  /// after back or forward), target the subframe, no gesture. Such a load never leaves the app, and a cancelled one
  /// leaves the page and its popup as they are.
  @MainActor
  final class TestIframeLoads: XCTestCase {
    private static let page = "https://news.example/article"
    private static let frames = ["https://ads.example/slot?id=1", "https://pay.google.com/button"]

    /// The engine's clock: blank timeouts pass when a test moves it, never on the wall clock.
    private let clock = VirtualClock()

    private func harness(_ policy: String) throws -> AdapterHarness {
      // Blank timeouts checked only when the test asks, after the commits are recorded: no race with a timer.
      let harness = try AdapterHarness(policy: policy, blankTimeouts: .manual, clock: clock)
      harness.driver.pages[Self.page] = Self.frames
      harness.driver.pages["https://shop.example/pay"] = ["https://tracker.example/frame"]
      return harness
    }

    private func safariURLs(_ harness: AdapterHarness) -> [String] {
      harness.presented.compactMap { ($0 as? SFSafariViewController)?.url.absoluteString }
    }

    func test_iframesLoadAfterTheCommit_beforeDidFinish_asOtherWithoutAGesture() async throws {
      let harness = try harness(#"{"version": 1}"#)
      await harness.load(Self.page)
      XCTAssertEqual(
        harness.callbacks(),
        [
          "decidePolicyFor main other target=main → allow", "didCommit main → https://news.example/article",
          "decidePolicyFor main other target=sub → allow", "decidePolicyFor main other target=sub → allow",
          "didFinish main",
        ])
      XCTAssertEqual(harness.mainWebView.standInFrames.map(\.absoluteString), Self.frames)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 1, "iframe loads add no entry")
    }

    func test_backToAPage_asksItsIframesWithBackForward_andAReload_withOther() async throws {
      let harness = try harness(#"{"version": 1}"#)
      let webView = harness.mainWebView
      await harness.load(Self.page)
      await harness.driver.tapLink("https://news.example/next", in: webView)
      var start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(
        harness.callbacks(from: start).filter { $0.contains("target=sub") },
        ["decidePolicyFor main backForward target=sub → allow", "decidePolicyFor main backForward target=sub → allow"])
      start = harness.driver.callbacks.count
      await harness.driver.reload(in: webView)
      XCTAssertEqual(
        harness.callbacks(from: start).filter { $0.contains("target=sub") },
        ["decidePolicyFor main other target=sub → allow", "decidePolicyFor main other target=sub → allow"])
      await harness.coordinator.commitsRecorded()
      let session = harness.coordinator.rootSession
      XCTAssertEqual(session.historyLength, 2)
      XCTAssertEqual(session.backForwardList.currentIndex, 0)
      XCTAssertEqual(session.committedURL?.serialized, Self.page)
    }

    func test_aCrossSiteRuleThatSendsOut_neverOpensSafariForAnIframe_andThePageStays() async throws {
      let harness = try harness(
        #"""
        {"version": 1, "rules": [
          {"name": "home", "match": {"hosts": ["news.example"]}, "action": "allow"},
          {"name": "out", "match": {"crossSite": true}, "action": {"external": "safari"}}]}
        """#)
      var problems: [WebSessionCoordinator.Problem] = []
      harness.coordinator.onProblem = { problems.append($0) }
      await harness.load(Self.page)
      XCTAssertEqual(
        harness.callbacks().filter { $0.contains("target=sub") },
        ["decidePolicyFor main other target=sub → cancel", "decidePolicyFor main other target=sub → cancel"])
      XCTAssertEqual(safariURLs(harness), [], "an iframe never opens Safari")
      XCTAssertEqual(UIApplication.shared.openedURLs, [])
      XCTAssertEqual(harness.mainWebView.standInFrames.map(\.absoluteString), ["about:blank", "about:blank"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, Self.page)
      XCTAssertEqual(problems, [])

      // A user's tap on a link still leaves as the policy says.
      await harness.driver.tapLink("https://advertiser.example/", in: harness.mainWebView)
      XCTAssertEqual(safariURLs(harness), ["https://advertiser.example/"])
    }

    func test_aSystemRuleForAnIframesScheme_opensNothing() async throws {
      let harness = try harness(#"{"version": 1, "include": ["ad-clicks"]}"#)
      harness.driver.pages[Self.page] = ["itms-apps://apps.apple.com/app/id1"]
      await harness.load(Self.page)
      XCTAssertEqual(
        harness.callbacks().filter { $0.contains("target=sub") },
        [
          "decidePolicyFor main other target=sub → cancel"
        ])
      XCTAssertEqual(UIApplication.shared.openedURLs, [], "an iframe cannot send the app to the App Store")
    }

    func test_aPopupWhoseIframeIsCancelled_staysOnScreen_andOpen() async throws {
      let harness = try harness(
        #"""
        {"version": 1, "popups": {"blankTimeoutMs": 1},
         "rules": [{"name": "no-trackers", "match": {"hosts": ["tracker.example"]}, "action": "cancel"}]}
        """#)
      var problems: [WebSessionCoordinator.Problem] = []
      harness.coordinator.onProblem = { problems.append($0) }
      await harness.load("https://shop.example/")
      await harness.coordinator.commitsRecorded()
      let opened = await harness.driver.windowOpen("https://shop.example/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      XCTAssertEqual(
        harness.callbacks().suffix(3),
        [
          "didCommit popup1 → https://shop.example/pay", "decidePolicyFor popup1 other target=sub → cancel",
          "didFinish popup1",
        ])
      await harness.coordinator.commitsRecorded()
      clock.advance(by: .milliseconds(20))
      XCTAssertEqual(harness.engine.closeExpiredPopups(), [], "the popup's page committed: it is not blank")
      // The check can fail: a popup whose first load was cancelled is closed by it.
      harness.driver.redirects["https://shop.example/stuck"] = .init(to: "https://tracker.example/stuck")
      let openedStuck = await harness.driver.windowOpen(
        "https://shop.example/stuck", gesture: true, in: harness.mainWebView)
      let stuck = try XCTUnwrap(openedStuck)
      let stuckID = try XCTUnwrap(harness.coordinator.session(for: stuck)?.id)
      await harness.coordinator.commitsRecorded()
      clock.advance(by: .milliseconds(20))
      XCTAssertEqual(harness.engine.closeExpiredPopups(), [stuckID])
      let session = try XCTUnwrap(harness.coordinator.session(for: popup))
      XCTAssertFalse(session.isClosed)
      XCTAssertTrue(harness.isShown(popup))
      XCTAssertEqual(popup.url?.absoluteString, "https://shop.example/pay")
      XCTAssertEqual(session.historyLength, 1)
      XCTAssertEqual(problems, [])
    }

    func test_aPageWithIframes_thenPushState_recordsASameDocumentEntry_notAnIframes() async throws {
      let harness = try harness(#"{"version": 1}"#)
      await harness.load(Self.page)
      harness.driver.pushState("https://news.example/article?page=2", in: harness.mainWebView)
      await harness.coordinator.commitsRecorded()
      let session = harness.coordinator.rootSession
      XCTAssertEqual(session.historyLength, 2)
      XCTAssertEqual(session.committedURL?.serialized, "https://news.example/article?page=2")
      XCTAssertNil(session.backForwardList.current?.subframe)
    }
  }
#endif
