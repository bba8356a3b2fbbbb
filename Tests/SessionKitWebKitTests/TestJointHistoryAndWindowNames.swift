#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The stand-in WebKit's joint session history (an iframe's navigation is an entry of its own) and window names
  /// (`noopener`, familiar windows), and what the coordinator makes of them: the engine's history follows the
  /// iframe's entries although WebKit reports no commit of a subframe; an app that knows a `window.open`'s gesture
  /// can say so when WebKit's popup gate is off.
  @MainActor
  final class TestJointHistoryAndWindowNames: XCTestCase {
    private let allowAll = #"{"version": 1}"#

    private func harness(scriptsOpenWindows: Bool = false) async throws -> AdapterHarness {
      let harness = try AdapterHarness(policy: allowAll, javaScriptCanOpenWindowsAutomatically: scriptsOpenWindows)
      await harness.load("https://bank.example/")
      return harness
    }

    // MARK: - Joint session history

    func test_backAfterAnIframeNavigation_navigatesTheIframe_andTheMainFrameStays() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.tapLink(
        "https://widgets.example/rates?page=2", in: webView, frameURL: "https://widgets.example/rates")
      XCTAssertEqual(webView.backForwardList.backList.count, 1, "the iframe's navigation is an entry")
      XCTAssertEqual(webView.url?.absoluteString, "https://bank.example/")

      let start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main backForward target=sub → allow"])
      XCTAssertEqual(webView.backForwardList.backList.count, 0)
      XCTAssertEqual(webView.url?.absoluteString, "https://bank.example/")

      let forward = harness.driver.callbacks.count
      await harness.driver.go(1, in: webView)
      XCTAssertEqual(harness.callbacks(from: forward), ["decidePolicyFor main backForward target=sub → allow"])
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_backOverAnIframeEntryOntoAnotherPage_isAMainFrameTraversal() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.tapLink("https://widgets.example/b", in: webView, frameURL: "https://widgets.example/a")
      await harness.driver.tapLink("https://bank.example/next", in: webView)
      let start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main backForward target=main → allow")
      XCTAssertEqual(webView.url?.absoluteString, "https://bank.example/")
      XCTAssertEqual(webView.backForwardList.backList.count, 1)
    }

    func test_theEngineHistory_followsIframeEntries_thatWebKitReportsNoCommitOf() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let session = harness.coordinator.rootSession
      await harness.driver.tapLink("https://widgets.example/b", in: webView, frameURL: "https://widgets.example/a")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.historyLength, 2)
      XCTAssertEqual(session.backForwardList.current?.subframe?.to.serialized, "https://widgets.example/b")
      XCTAssertEqual(session.committedURL?.serialized, "https://bank.example/")

      await harness.driver.go(-1, in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.backForwardList.currentIndex, 0)
      await harness.driver.tapLink("https://bank.example/next", in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(session.historyLength, 2, "the iframe's forward entry was dropped")
      XCTAssertEqual(session.committedURL?.serialized, "https://bank.example/next")
    }

    /// WebKit replaces the current entry for a load of the URL the page shows (`FrameLoadType::Same`) and for a
    /// script's load of a window that has shown only about:blank; it adds one for a link there. WebKit reports a
    /// main-frame commit alike in each case: the coordinator reads which it was from the back-forward list, so the
    /// engine's history stays WebKit's.
    func test_theEngineHistory_followsEntriesWebKitReplaced() async throws {
      let harness = try await harness(scriptsOpenWindows: true)
      let webView = harness.mainWebView
      let root = harness.coordinator.rootSession
      await harness.driver.tapLink("https://bank.example/", in: webView)
      await harness.driver.assignLocation("https://bank.example/", in: webView)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(webView.backForwardList.backList.count, 0, "WebKit replaced the entry")
      XCTAssertEqual(root.historyLength, 1)

      let scriptedWindow = await harness.driver.windowOpen("about:blank", gesture: true, in: webView)
      let scripted = try XCTUnwrap(scriptedWindow)
      await harness.driver.assignLocation("https://bank.example/a", in: scripted)
      let tappedWindow = await harness.driver.windowOpen("about:blank", gesture: true, in: webView)
      let tapped = try XCTUnwrap(tappedWindow)
      await harness.driver.tapLink("https://bank.example/b", in: tapped)
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.session(for: scripted)?.historyLength, 1, "a script's load replaced")
      XCTAssertEqual(harness.coordinator.session(for: tapped)?.historyLength, 2, "a link added an entry")
      XCTAssertEqual(tapped.backForwardList.backList.count, 1)
      XCTAssertEqual(harness.raised.all, [])
    }

    // MARK: - Window names

    /// WebKit (and HTML) keep the name lookup for `window.open` with `noopener`: the named window navigates.
    func test_windowOpenWithNoopener_navigatesTheNamedWindow() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let checkout = await harness.driver.windowOpen(
        "https://pay.example/start", target: "checkout", gesture: true, in: webView)
      let start = harness.driver.callbacks.count
      let found = await harness.driver.windowOpen(
        "https://pay.example/receipt", target: "checkout", gesture: true, noopener: true, in: webView)
      XCTAssertTrue(found === checkout)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor popup1 other target=main → allow")
      XCTAssertEqual(checkout?.url?.absoluteString, "https://pay.example/receipt")
      XCTAssertEqual(harness.driver.popups.count, 1)
    }

    /// `window.open` that finds a window makes the caller its opener, `noopener` or not, and a window that finds
    /// itself (`_self`) is its own opener: its first opener no longer finds it and opens another window by that name
    /// (observed in WebKitGTK 2.50.6, `found-window-noopener.json`). The stand-in kept the first opener.
    func test_windowOpenFindingAWindow_makesTheCallerItsOpener_noopenerOrNot() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let checkout = await harness.driver.windowOpen(
        "https://pay.example/r1", target: "checkout", gesture: true, in: webView)
      let opened = await harness.driver.windowOpen("https://pay.example/r2", target: "w", gesture: true, in: webView)
      let sibling = try XCTUnwrap(opened)
      let found = await harness.driver.windowOpen(
        "https://pay.example/r3", target: "checkout", gesture: true, noopener: true, in: sibling)
      XCTAssertTrue(found === checkout, "the sibling finds the window its opener opened")
      let second = await harness.driver.windowOpen(
        "https://pay.example/r4", target: "checkout", gesture: true, in: webView)
      XCTAssertFalse(second === checkout, "the first opener no longer finds it")
      XCTAssertEqual(harness.driver.popups.count, 3)
      let third = try XCTUnwrap(second)
      _ = await harness.driver.windowOpen(
        "https://pay.example/r5", target: "_self", gesture: true, noopener: true, in: third)
      let fourth = await harness.driver.windowOpen(
        "https://pay.example/r6", target: "checkout", gesture: true, in: webView)
      XCTAssertFalse(fourth === third, "a window that found itself is its own opener")
      XCTAssertEqual(harness.driver.popups.count, 4)
    }

    /// A familiar window the requester may not navigate (a cross-origin sibling of another origin than their
    /// opener's page) counts as not found: the link opens a new window, which carries the name
    /// (`Document::canNavigate`; WebKitGTK's rows e3 and f4 in issue 24).
    func test_aNamedLink_findsASiblingOnlyWhenItMayNavigateIt() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let one = await harness.driver.windowOpen("https://pay.example/one", target: "one", gesture: true, in: webView)
      let two = await harness.driver.windowOpen("https://other.example/two", target: "two", gesture: true, in: webView)
      let three = await harness.driver.windowOpen(
        "https://bank.example/three", target: "three", gesture: true, in: webView)
      guard let one, let two, let three else { return XCTFail("the popups did not open") }

      // other.example may not navigate pay.example, whose opener is bank.example: a new window named "one".
      var start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://pay.example/next", target: "one", in: two)
      XCTAssertEqual(
        harness.callbacks(from: start).prefix(2),
        ["decidePolicyFor popup2 linkActivated target=none → allow", "createWebViewWith popup2 linkActivated → popup4"])
      XCTAssertEqual(one.url?.absoluteString, "https://pay.example/one")

      // bank.example is the common opener's origin: the sibling is found.
      start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://pay.example/next", target: "one", in: three)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor popup1 linkActivated target=main → allow")
      XCTAssertEqual(one.url?.absoluteString, "https://pay.example/next")

      // A link in an iframe looks the name up with the iframe document's origin.
      harness.driver.pages = ["https://bank.example/framed": ["https://other.example/widget"]]
      await harness.driver.tapLink("https://bank.example/framed", in: three)
      start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://pay.example/again", target: "one", in: three, frameURL: "https://other.example/widget")
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor popup3 linkActivated target=none → allow")
      XCTAssertEqual(one.url?.absoluteString, "https://pay.example/next")
    }

    /// Openers are frames (`Document::canNavigate`, `canAccessAncestor`; issue 36): a window a link in an iframe
    /// opened has the iframe as its opener, so the iframe may navigate it although its page and the window are of
    /// other origins; a link in a popup's iframe that names the popup's opener is no request of the popup's main
    /// frame (an iframe has no opener): a new window opens. `Conformance/WebKit/scenarios/frame-openers.json`.
    func test_aWindowOpenedFromAnIframe_hasTheIframeAsOpener_andAnIframeHasNoOpenerOfItsOwn() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      harness.driver.pages = [
        "https://news.example/": ["https://pay.example/widget"],
        "https://docs.example/viewer": ["https://cdn.example/embed"],
      ]
      await harness.driver.tapLink("https://news.example/", in: webView)
      await harness.driver.tapLink(
        "https://checkout.other.example/start", target: "pay", in: webView, frameURL: "https://pay.example/widget")
      XCTAssertEqual(harness.driver.popups.count, 1)
      let pay = harness.driver.popups[0]

      var start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://checkout.other.example/next", target: "pay", in: webView, frameURL: "https://pay.example/widget")
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor popup1 linkActivated target=main → allow")
      XCTAssertEqual(pay.url?.absoluteString, "https://checkout.other.example/next")
      XCTAssertEqual(harness.driver.popups.count, 1)

      let shop = await harness.driver.windowOpen(
        "https://shop.example/cart", target: "shop", gesture: true, in: webView)
      let opened = try XCTUnwrap(shop)
      let docs = await harness.driver.windowOpen(
        "https://docs.example/viewer", target: "docs", gesture: true, in: opened)
      let viewer = try XCTUnwrap(docs)
      start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://shop.example/from-embed", target: "shop", in: viewer, frameURL: "https://cdn.example/embed")
      XCTAssertEqual(
        harness.callbacks(from: start).prefix(2),
        ["decidePolicyFor popup3 linkActivated target=none → allow", "createWebViewWith popup3 linkActivated → popup4"])
      XCTAssertEqual(opened.url?.absoluteString, "https://shop.example/cart")
    }

    func test_aNoopenerWindow_isNotFoundByNameFromItsCreator_butFindsItself() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let opened = await harness.driver.windowOpen(
        "https://bank.example/help", target: "help", gesture: true, noopener: true, in: webView)
      let help = try XCTUnwrap(opened)
      let second = await harness.driver.windowOpen(
        "https://bank.example/help/2", target: "help", gesture: true, in: webView)
      XCTAssertFalse(second === help, "the creator does not find a noopener window by name")
      XCTAssertEqual(harness.driver.popups.count, 2)

      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://bank.example/help/3", target: "help", in: help)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor popup1 linkActivated target=main → allow")
      XCTAssertEqual(harness.driver.popups.count, 2)
    }

    func test_aBlankLinksWindow_hasNoOpener_soItsNamedSiblingIsNotFoundFromIt() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      let named = await harness.driver.windowOpen("https://bank.example/a", target: "w", gesture: true, in: webView)
      await harness.driver.tapLink("https://bank.example/b", target: "_blank", in: webView)
      let blank = try XCTUnwrap(harness.driver.popups.last)
      XCTAssertFalse(blank === named)
      await harness.driver.tapLink("https://bank.example/c", target: "w", in: blank)
      XCTAssertEqual(harness.driver.popups.count, 3, "a _blank link's window is familiar only with itself")
      XCTAssertEqual(named?.url?.absoluteString, "https://bank.example/a")
    }

    // MARK: - Gestures WebKit does not report

    func test_whenScriptsMayOpenWindows_aWindowOpenAfterATap_hasItsGesture_andOneWithout_isRefusedAndReported()
      async throws
    {
      let harness = try await harness(scriptsOpenWindows: true)
      let webView = harness.mainWebView
      var problems: [WebSessionCoordinator.Problem] = []
      harness.coordinator.onProblem = { problems.append($0) }
      // A tap on the page's Google Pay button: WebKit says nothing of the gesture, the touch on the web view does.
      let admitted = await harness.driver.windowOpen("https://bank.example/a", gesture: true, in: webView)
      XCTAssertNotNil(admitted, "the touch on the web view is the gesture")
      XCTAssertEqual(problems, [])

      // A script's window.open long after any touch: WebKit's popup blocker lets it through, requireUserGesture
      // refuses it, and the app hears why.
      UIKitStandIn.advanceClock(by: 5)
      let refused = await harness.driver.windowOpen("https://bank.example/b", gesture: false, in: webView)
      XCTAssertNil(refused)
      XCTAssertEqual(
        problems, [.popupRefusedWithoutGesture(harness.coordinator.rootSession.id, url: "https://bank.example/b")])

      // The app may still vouch for one it knows to be the user's.
      var asked = 0
      harness.coordinator.newWindowGesture = { action, _ in
        asked += 1
        return action.request.url?.path == "/c"
      }
      let vouched = await harness.driver.windowOpen("https://bank.example/c", gesture: false, in: webView)
      XCTAssertNotNil(vouched)
      XCTAssertEqual(asked, 1)

      // Links carry the gesture of their tap without asking.
      await harness.driver.tapLink("https://bank.example/d", target: "_blank", in: webView)
      XCTAssertEqual(asked, 1)
      XCTAssertEqual(harness.driver.popups.count, 3)
    }
  }
#endif
