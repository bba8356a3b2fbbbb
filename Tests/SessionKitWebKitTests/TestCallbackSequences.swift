#if os(Linux)
  import Foundation
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// Every row of WebKit's callback table, played by the stand-in WebKit against the coordinator.
  @MainActor
  final class TestCallbackSequences: XCTestCase {
    private let allowAll = #"{"version": 1}"#

    private func harness(_ policy: String? = nil, scriptsOpenWindows: Bool = false) async throws -> AdapterHarness {
      let harness = try AdapterHarness(
        policy: policy ?? allowAll, javaScriptCanOpenWindowsAutomatically: scriptsOpenWindows)
      await harness.load("https://shop.example/")
      return harness
    }

    func test_appLoad_isDecidedAsOtherInTheMainFrame_andCommitsANewEntry() async throws {
      let harness = try AdapterHarness(policy: allowAll)
      await harness.load("https://shop.example/")
      XCTAssertEqual(
        harness.callbacks(),
        ["decidePolicyFor main other target=main → allow", "didCommit main → https://shop.example/", "didFinish main"])
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.committedURL?.serialized, "https://shop.example/")
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 1)
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_linkWithoutTarget_navigatesItsFrame() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/cart", in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main linkActivated target=main → allow")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 2)
    }

    func test_topLinkInsideAnIframe_targetsTheMainFrameFromTheSubframe() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://shop.example/done", target: "_top", in: harness.mainWebView, frameURL: "https://widget.example/")
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main linkActivated target=main → allow")
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/done")
    }

    func test_selfLinkInsideAnIframe_navigatesOnlyTheSubframe_withoutACommit() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://widget.example/next", in: harness.mainWebView, frameURL: "https://widget.example/")
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main linkActivated target=sub → allow"])
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/")
    }

    func test_parentLinkAtTopLevel_navigatesTheMainFrame() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/up", target: "_parent", in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main linkActivated target=main → allow")
    }

    func test_blankLink_isCheckedWithANilTarget_thenCreatesAPresentedPopupWhoseFirstLoadIsAllowed() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/help", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(
        harness.callbacks(from: start),
        [
          "decidePolicyFor main linkActivated target=none → allow",
          "createWebViewWith main linkActivated → popup1",
          "decidePolicyFor popup1 other target=main → allow",
          "didCommit popup1 → https://shop.example/help", "didFinish popup1",
        ])
      let popup = try XCTUnwrap(harness.driver.popups.first)
      XCTAssertTrue(harness.isShown(popup))
      XCTAssertTrue(popup.navigationDelegate === harness.coordinator.webKitDelegate)
      XCTAssertTrue(popup.uiDelegate === harness.coordinator.webKitDelegate)
      XCTAssertEqual(harness.coordinator.session(for: popup)?.id, "main.1")
      XCTAssertEqual(harness.raised.all, [])
    }

    func test_linkToANamedWindow_opensItOnce_thenNavigatesThatPopup() async throws {
      let harness = try await harness()
      await harness.driver.tapLink("https://shop.example/a", target: "checkout", in: harness.mainWebView)
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/b", target: "checkout", in: harness.mainWebView)
      XCTAssertEqual(harness.driver.popups.count, 1)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor popup1 linkActivated target=main → allow")
      XCTAssertEqual(harness.driver.popups.first?.url?.absoluteString, "https://shop.example/b")
    }

    func test_windowOpenWithAGesture_skipsTheOpenersDecision_andCreatesThePopupFirst() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      let popup = await harness.driver.windowOpen("https://shop.example/pay", gesture: true, in: harness.mainWebView)
      XCTAssertNotNil(popup)
      XCTAssertEqual(
        harness.callbacks(from: start),
        [
          "createWebViewWith main other → popup1", "decidePolicyFor popup1 other target=main → allow",
          "didCommit popup1 → https://shop.example/pay", "didFinish popup1",
        ])
    }

    func test_windowOpenWithoutAGesture_isStoppedByThePopupGate_beforeAnyDelegateCall() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      let popup = await harness.driver.windowOpen("https://shop.example/pay", gesture: false, in: harness.mainWebView)
      XCTAssertNil(popup)
      XCTAssertEqual(harness.callbacks(from: start), [])
    }

    func test_windowOpenWithoutAGesture_whenScriptsMayOpenWindows_isRefusedForWantOfAGesture() async throws {
      let harness = try await harness(scriptsOpenWindows: true)
      let start = harness.driver.callbacks.count
      let popup = await harness.driver.windowOpen("https://shop.example/pay", gesture: false, in: harness.mainWebView)
      XCTAssertNil(popup)
      XCTAssertEqual(harness.callbacks(from: start), ["createWebViewWith main other → nil"])
    }

    func test_windowOpenWithoutURL_commitsNothing_untilTheScriptSetsItsLocation() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      let openedPopup = await harness.driver.windowOpen(nil, gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(openedPopup)
      XCTAssertEqual(harness.callbacks(from: start), ["createWebViewWith main other → popup1"])
      XCTAssertTrue(harness.isShown(popup))
      await harness.driver.assignLocation("https://shop.example/receipt", in: popup)
      XCTAssertEqual(harness.callbacks(from: start + 1).first, "decidePolicyFor popup1 other target=main → allow")
    }

    func test_windowOpenAimedAtSelf_isAnOtherNavigationOfThatFrame() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.windowOpen(
        "https://shop.example/self", target: "_self", gesture: false, in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main other target=main → allow")
      XCTAssertTrue(harness.driver.popups.isEmpty)
    }

    func test_scriptAssignment_isAnOtherNavigationOfTheMainFrame() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.assignLocation("https://shop.example/next", in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main other target=main → allow")
    }

    func test_postForm_thenReload_isFormSubmitted_thenFormResubmitted_andCommitsAPostEntry() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.submitForm("https://shop.example/order", method: "POST", in: harness.mainWebView)
      await harness.driver.reload(in: harness.mainWebView)
      let decisions = harness.callbacks(from: start).filter { $0.hasPrefix("decidePolicyFor") }
      XCTAssertEqual(
        decisions,
        [
          "decidePolicyFor main formSubmitted target=main → allow",
          "decidePolicyFor main formResubmitted target=main → allow",
        ])
      await harness.coordinator.commitsRecorded()
      let list = harness.coordinator.rootSession.backForwardList
      XCTAssertEqual(list.entries.count, 2)
      XCTAssertEqual(list.entries.last?.isPost, true)
    }

    func test_blankTargetedForm_isCheckedWithANilTarget_thenOpensAPopup() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.submitForm("https://shop.example/print", target: "_blank", in: harness.mainWebView)
      XCTAssertEqual(
        Array(harness.callbacks(from: start).prefix(2)),
        ["decidePolicyFor main formSubmitted target=none → allow", "createWebViewWith main formSubmitted → popup1"])
    }

    func test_back_isBackForward_andMovesTheSessionsHistoryBackOneEntry() async throws {
      let harness = try await harness()
      await harness.driver.tapLink("https://shop.example/cart", in: harness.mainWebView)
      let start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main backForward target=main → allow")
      await harness.coordinator.commitsRecorded()
      XCTAssertEqual(harness.coordinator.rootSession.committedURL?.serialized, "https://shop.example/")
      XCTAssertEqual(harness.coordinator.rootSession.historyLength, 2)
      let list = harness.coordinator.rootSession.backForwardList
      XCTAssertEqual(list.currentIndex, 0)
    }

    func test_popupCallingWindowClose_isRemoved_andTheMainWebViewStays() async throws {
      let harness = try await harness()
      let openedPopup = await harness.driver.windowOpen(
        "https://shop.example/pay", gesture: true, in: harness.mainWebView)
      let popup = try XCTUnwrap(openedPopup)
      harness.driver.windowClose(in: popup)
      await harness.closed("main.1")
      XCTAssertFalse(harness.isShown(popup))
      XCTAssertNil(harness.coordinator.webView(for: "main.1"))
      XCTAssertTrue(harness.isShown(harness.mainWebView))
    }

    func test_mainWebViewCallingWindowClose_isNeverRemoved() async throws {
      let harness = try await harness()
      harness.driver.windowClose(in: harness.mainWebView)
      XCTAssertEqual(harness.callbacks().last, "webViewDidClose main")
      XCTAssertFalse(harness.coordinator.rootSession.isClosed)
      XCTAssertTrue(harness.isShown(harness.mainWebView))
      XCTAssertTrue(harness.coordinator.webView(for: "main") === harness.mainWebView)
    }

    func test_closingAPopup_removesItsWholeSubtreeAsOne() async throws {
      let harness = try await harness()
      let openedFirst = await harness.driver.windowOpen(
        "https://shop.example/a", gesture: true, in: harness.mainWebView)
      let first = try XCTUnwrap(openedFirst)
      let openedSecond = await harness.driver.windowOpen("https://shop.example/b", gesture: true, in: first)
      let second = try XCTUnwrap(openedSecond)
      XCTAssertTrue(harness.isShown(second))
      harness.driver.windowClose(in: first)
      await harness.closed("main.1")
      await harness.closed("main.1.1")
      XCTAssertFalse(harness.isShown(first))
      XCTAssertFalse(harness.isShown(second))
      XCTAssertTrue(harness.isShown(harness.mainWebView))
    }

    func test_aDownloadAttributeLink_isAnsweredDownload() async throws {
      let harness = try await harness()
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/invoice.pdf", in: harness.mainWebView, download: true)
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main linkActivated target=main → download"])
    }

    /// WebKitBehavior.md: a same-origin `<a download>` is a download whatever its `target`; to another origin the
    /// attribute is ignored.
    func test_aDownloadAttributeLinkToANewWindow_isADownloadInItsFrame_unlessCrossOrigin() async throws {
      let harness = try await harness()
      var start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://shop.example/invoice.pdf", target: "_blank", in: harness.mainWebView, download: true)
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main linkActivated target=main → download"])
      XCTAssertEqual(harness.driver.popups.count, 0)
      XCTAssertEqual(harness.mainWebView.url?.absoluteString, "https://shop.example/")

      start = harness.driver.callbacks.count
      await harness.driver.tapLink(
        "https://cdn.example/invoice.pdf", target: "_blank", in: harness.mainWebView, download: true)
      XCTAssertEqual(harness.callbacks(from: start).first, "decidePolicyFor main linkActivated target=none → allow")
      XCTAssertEqual(harness.driver.popups.count, 1)
    }
  }
#endif
