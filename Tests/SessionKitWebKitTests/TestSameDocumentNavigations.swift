#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// Same-document navigations (WebKitBehavior.md, "Rules the engine showed"): a link to a fragment of the current page
  /// is decided like any link, and `history.pushState` not at all; neither reaches `didCommit`, yet the URL changes and
  /// the back-forward list gains an entry. The coordinator records them from the back-forward list, so the session's
  /// URL and history follow the web view's.
  @MainActor
  final class TestSameDocumentNavigations: XCTestCase {
    private func harness() async throws -> AdapterHarness {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#)
      await harness.load("https://ads.example/test/")
      await harness.coordinator.commitsRecorded()
      return harness
    }

    func test_aFragmentLink_isDecided_commitsNothing_andTheSessionMovesToItsURL() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let session = harness.coordinator.rootSession
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://ads.example/test/#href-links", in: webView)
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main linkActivated target=main → allow"])
      XCTAssertEqual(webView.url?.absoluteString, "https://ads.example/test/#href-links")
      XCTAssertEqual(webView.backForwardList.backList.count, 1)

      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.historyLength, 2)
      XCTAssertEqual(session.committedURL?.serialized, "https://ads.example/test/#href-links")
      XCTAssertNil(session.backForwardList.current?.subframe)
      XCTAssertEqual(harness.raised.all, [])
    }

    /// A fragment of a page a POST form loaded is a POST entry: reloading it resubmits the form (WebKitBehavior.md,
    /// `post-fragment-entries.json`). The stand-in reloaded it as a GET.
    func test_aFragmentOfAPostedPage_reloadsAsFormResubmitted() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.submitForm("https://ads.example/order", method: "POST", in: webView)
      await harness.driver.tapLink("https://ads.example/order#done", in: webView)
      let start = harness.driver.callbacks.count
      await harness.driver.reload(in: webView)
      XCTAssertEqual(
        harness.callbacks(from: start).first, "decidePolicyFor main formResubmitted target=main → allow")
    }

    /// The session records a fragment entry of a posted page as a POST entry, as WebKit's list holds it; it recorded
    /// every same-document entry as a GET one.
    func test_aFragmentOfAPostedPage_isRecordedAsAPostEntry() async throws {
      let entries = try await entriesAfterAPostedPage { harness in
        await harness.driver.tapLink("https://ads.example/order#done", in: harness.mainWebView)
        await harness.driver.tapLink("https://ads.example/receipt", in: harness.mainWebView)
      }
      XCTAssertEqual(
        entries,
        [
          "https://ads.example/test/ GET", "https://ads.example/order POST", "https://ads.example/order#done POST",
          "https://ads.example/receipt GET",
        ])
    }

    /// Two `pushState` entries the coordinator finds at one callback, then a fragment link's: each takes the posted
    /// page's method.
    func test_sameDocumentEntriesFoundTogether_keepThePostedPagesMethod() async throws {
      let entries = try await entriesAfterAPostedPage { harness in
        harness.driver.pushState("https://ads.example/order/a", in: harness.mainWebView)
        harness.driver.pushState("https://ads.example/order/b", in: harness.mainWebView)
        await harness.driver.tapLink("https://ads.example/order/b#c", in: harness.mainWebView)
      }
      XCTAssertEqual(
        entries,
        [
          "https://ads.example/test/ GET", "https://ads.example/order POST", "https://ads.example/order/a POST",
          "https://ads.example/order/b POST", "https://ads.example/order/b#c POST",
        ])
    }

    /// The root session's entries, each as its URL and method, after a POST form loaded https://ads.example/order and
    /// `then` ran, once the coordinator recorded everything (and raised nothing).
    private func entriesAfterAPostedPage(then: (AdapterHarness) async -> Void) async throws -> [String] {
      let harness = try await harness()
      await harness.driver.submitForm("https://ads.example/order", method: "POST", in: harness.mainWebView)
      await then(harness)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.raised.all, [])
      return harness.coordinator.rootSession.backForwardList.entries.map {
        "\($0.url.serialized) \($0.isPost ? "POST" : "GET")"
      }
    }

    /// `history.pushState` in a posted page adds a POST entry (`HistoryController::pushState` keeps the form data
    /// `initializeItem` gives the item): reloading it resubmits, and the session records it so.
    func test_pushStateInAPostedPage_addsAPostEntry() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let session = harness.coordinator.rootSession
      await harness.driver.submitForm("https://ads.example/order", method: "POST", in: webView)
      harness.driver.pushState("https://ads.example/order/step-2", in: webView)
      let start = harness.driver.callbacks.count
      await harness.driver.reload(in: webView)
      XCTAssertEqual(
        harness.callbacks(from: start).first, "decidePolicyFor main formResubmitted target=main → allow")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.backForwardList.entries.map(\.isPost), [false, true, true])
    }

    /// A fragment navigation no user gesture started (a script's `location`) goes on whatever a cancelling answer says:
    /// WebKit decides it synchronously and WebKitGTK 2.50.6 moved the page after `cancel` (WebKitBehavior.md,
    /// `script-fragment-cancel.json`). A link to a fragment stops. The stand-in stopped both.
    func test_aScriptsFragmentNavigation_goesOnAfterCancel_aLinksStops() async throws {
      // A root that has committed nothing is cross-origin to every URL: its first load is allowed.
      let rule = #"{"name": "same-page", "match": {"crossOrigin": false}, "action": "cancel"}"#
      let harness = try AdapterHarness(policy: #"{"version": 1, "rules": [\#(rule)]}"#)
      await harness.load("https://ads.example/test/")
      await harness.coordinator.commitsRecorded()
      let webView = harness.mainWebView
      await harness.driver.assignLocation("https://ads.example/test/#a", in: webView)
      XCTAssertEqual(webView.url?.absoluteString, "https://ads.example/test/#a", "the script's fragment went on")
      await harness.driver.tapLink("https://ads.example/test/#b", in: webView)
      XCTAssertEqual(webView.url?.absoluteString, "https://ads.example/test/#a", "the link's fragment stopped")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 2)
    }

    /// `goBack` skips entries a script's fragment navigation made without user interaction, and the entry the user
    /// thinks they are on; `goForward` goes to the last of such entries (WebKitBehavior.md,
    /// `script-fragment-entries-skipped.json`). The session follows the list. The stand-in moved by one.
    func test_goBackAndForward_skipEntriesAScriptMadeWithoutInteraction() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let session = harness.coordinator.rootSession
      await harness.driver.tapLink("https://ads.example/report?q=1", in: webView)
      await harness.driver.assignLocation("https://ads.example/report?q=1#a", in: webView)
      await harness.driver.assignLocation("https://ads.example/report?q=1#b", in: webView)
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(webView.url?.absoluteString, "https://ads.example/test/")
      await harness.driver.go(1, in: webView)
      XCTAssertEqual(webView.url?.absoluteString, "https://ads.example/report?q=1#b")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.committedURL?.serialized, "https://ads.example/report?q=1#b")
      XCTAssertEqual(session.backForwardList.currentIndex, 3)
      // A link's fragment entry is not skipped.
      await harness.driver.tapLink("https://ads.example/report?q=1#c", in: webView)
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(webView.url?.absoluteString, "https://ads.example/report?q=1#b")
    }

    func test_pushState_reachesNoDelegate_andIsRecordedAtTheNextCallback() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let session = harness.coordinator.rootSession
      let start = harness.driver.callbacks.count
      harness.driver.pushState("https://ads.example/test/step-2", in: webView)
      XCTAssertEqual(harness.callbacks(from: start), [])

      // The next decision sees the page the user is on.
      await harness.driver.tapLink("https://ads.example/test/step-3", in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.historyLength, 3)
      XCTAssertEqual(
        session.backForwardList.entries.map(\.url.serialized),
        [
          "https://ads.example/test/", "https://ads.example/test/step-2", "https://ads.example/test/step-3",
        ])
    }

    func test_backAndForwardWithinTheDocument_reachNoDelegate_andMoveTheSession() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let session = harness.coordinator.rootSession
      await harness.driver.tapLink("https://ads.example/test/#a", in: webView)
      await harness.driver.tapLink("https://ads.example/test/#b", in: webView)
      let start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(harness.callbacks(from: start), [])
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.historyLength, 3)
      XCTAssertEqual(session.backForwardList.currentIndex, 1)
      XCTAssertEqual(session.committedURL?.serialized, "https://ads.example/test/#a")

      // A real commit after it drops the forward entry, as WebKit's list does.
      await harness.driver.tapLink("https://ads.example/other", in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.historyLength, webView.backForwardList.backList.count + 1)
      XCTAssertEqual(session.historyLength, 3)
      XCTAssertEqual(session.committedURL?.serialized, "https://ads.example/other")

      // Back across documents is a decided traversal; the offset counts the same-document entries.
      await harness.driver.go(-1, in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.backForwardList.currentIndex, 1)
      XCTAssertEqual(session.committedURL?.serialized, "https://ads.example/test/#a")
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_aFragmentLinkToTheCurrentURL_addsNoEntry() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.tapLink("https://ads.example/test/#top", in: webView)
      await harness.driver.tapLink("https://ads.example/test/#top", in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(webView.backForwardList.backList.count, 1)
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 2)
    }

    func test_aPopupsFragmentLink_isRecordedInThePopupsSession() async throws {
      let harness = try await harness()
      let opened = await harness.driver.windowOpen("https://ads.example/help", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(opened)
      await harness.driver.tapLink("https://ads.example/help#contact", in: popup)
      await harness.coordinator.commitsRecorded()
      let session = try XCTUnwrap(harness.coordinator.session(for: popup))
      XCTAssertEqual(session.historyLength, 2)
      XCTAssertEqual(session.committedURL?.serialized, "https://ads.example/help#contact")
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 1)
    }
  }
#endif
