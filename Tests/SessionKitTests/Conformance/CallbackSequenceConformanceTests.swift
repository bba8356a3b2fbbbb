import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// One test per row of the callback table of WebKitBehavior.md: the exact delegate calls WebKit makes for each page
/// event (callback, web view, navigation type, target frame, answer), and what the page ends up showing. The policy
/// allows everything unless a test says otherwise, so the sequences are WebKit's, not a rule's.
final class CallbackSequenceConformanceTests: XCTestCase {
  private let page = "https://site.example/page"
  private let slot = "https://frame.example/slot"

  private func loadedApp(
    policy: String = #"{"version": 1}"#, deciders: [String: any NavigationDecider] = [:]
  ) async throws -> SimulatedApp {
    let app = try SimulatedApp(policy: policy, deciders: deciders)
    try await app.perform(.load(page))
    return app
  }

  // MARK: Links

  // WebKit: a link with no target navigates its own frame: decidePolicyFor(linkActivated, target = main).
  func test_linkWithoutTarget_asksLinkActivatedForTheMainFrame_andNavigatesIt() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.click("https://site.example/next"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")],
      rule: "default")
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, "https://site.example/next")
    XCTAssertEqual(state?.history, 2)
  }

  // WebKit: `_self` names the link's own frame, exactly like no target.
  func test_selfLink_isTheSameAsNoTarget() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.click("https://site.example/next", target: "_self"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")])
  }

  // WebKit: a link inside an iframe targets that iframe; the web view's URL stays, and the joint session
  // history gains an entry per iframe navigation (observed in WebKitGTK 2.50).
  func test_linkInsideIframe_targetsTheSubframe_keepsTheURL_andAddsAHistoryEntry() async throws {
    let app = try await loadedApp()
    // Two URLs: a link to the URL the iframe shows reloads it in its entry (`FrameLoadType::Same`), adding none.
    for (target, url) in [("_self", "https://frame.example/next"), ("", "https://frame.example/next/2")] {
      let result = try await app.perform(.click(url, target: target, frame: slot))
      assertStep(
        result, .navigated(session: "main", frame: .sub),
        callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "sub", answer: "allow")])
    }
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, page)
    XCTAssertEqual(state?.history, 3)
  }

  // WebKit: going back onto the entry before an iframe's navigation is backForward in that iframe, for its
  // previous URL; the web view's URL stays. Forward returns the iframe to where it was.
  func test_backOverAnIframeNavigation_isBackForwardInTheSubframe_forItsPreviousURL() async throws {
    let app = try await loadedApp()
    try await app.perform(.click("https://frame.example/next", frame: slot))
    let back = try await app.perform(.back)
    assertStep(
      back, .navigated(session: "main", frame: .sub),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "sub", answer: "allow")])
    XCTAssertEqual(back.url, slot)
    let forward = try await app.perform(.forward)
    assertStep(
      forward, .navigated(session: "main", frame: .sub),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "sub", answer: "allow")])
    XCTAssertEqual(forward.url, "https://frame.example/next")
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, page)
    XCTAssertEqual(state?.history, 2)
  }

  // A session that has committed nothing has no entry for an iframe's navigation to add to.
  func test_iframeNavigationBeforeAnyCommit_addsNoHistoryEntry() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1}"#)
    try await app.perform(.click("https://frame.example/next", frame: slot))
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.history, 0)
  }

  // WebKit: `_top` inside an iframe asks with target = the main frame and source = the iframe.
  func test_topLinkInsideIframe_targetsTheMainFrame_fromTheIframe() async throws {
    let spy = RecordingDecider()
    let app = try await loadedApp(policy: #"{"version": 1, "default": {"ask": "spy"}}"#, deciders: ["spy": spy])
    let result = try await app.perform(.click("https://site.example/top", target: "_top", frame: slot))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")])
    let action = try XCTUnwrap(spy.requests.last?.action)
    XCTAssertEqual(action.targetFrame?.isMainFrame, true)
    XCTAssertEqual(action.targetFrame?.requestURL, page)
    XCTAssertEqual(action.sourceFrame.isMainFrame, false)
    XCTAssertEqual(action.sourceFrame.requestURL, slot)
    XCTAssertTrue(action.isUserGesture)
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, "https://site.example/top")
    XCTAssertEqual(state?.history, 2)
    await app.shutdown()
  }

  // WebKit: `_parent` from an iframe one level deep names the main frame, which navigates.
  func test_parentLinkInsideIframe_targetsTheParentFrame() async throws {
    let spy = RecordingDecider()
    let app = try await loadedApp(policy: #"{"version": 1, "default": {"ask": "spy"}}"#, deciders: ["spy": spy])
    let result = try await app.perform(.click("https://site.example/up", target: "_parent", frame: slot))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")])
    let action = try XCTUnwrap(spy.requests.last?.action)
    XCTAssertEqual(action.targetFrame?.isMainFrame, true)
    XCTAssertEqual(action.sourceFrame.isMainFrame, false)
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, "https://site.example/up")
    await app.shutdown()
  }

  // WebKit: at top level a frame is its own parent: `_parent` navigates the main frame itself.
  func test_parentLinkAtTopLevel_targetsTheMainFrameItself() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.click("https://site.example/up", target: "_parent"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")])
    let history = await app.state(of: "main")?.history
    XCTAssertEqual(history, 2)
  }

  // WebKit: a `_blank` link asks the opener with a nil target, then createWebViewWith (linkActivated, nil
  // target), then the new view's first load is decidePolicyFor(other, its main frame).
  func test_blankLink_asksWithNilTarget_thenCreatesTheWebView_thenLoadsItsFirstPage() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.click("https://other.example/offer", target: "_blank"))
    assertStep(
      result, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "allow"),
        WebKitCall.createWebViewWith("main", .linkActivated, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ], rule: "default")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1", "main.1 https://other.example/offer 1"])
  }

  // WebKit: a link to a name no frame has behaves as `_blank`.
  func test_linkToUnknownName_opensANewWindowLikeBlank() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.click("https://other.example/offer", target: "nobody-has-this"))
    assertStep(
      result, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "allow"),
        WebKitCall.createWebViewWith("main", .linkActivated, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ])
  }

  // WebKit: createWebViewWith is called only if the nil-target decision was allow.
  func test_blankLinkRefusedByTheOpener_neverReachesCreateWebViewWith() async throws {
    let app = try await loadedApp(policy: "webkit-default")
    let result = try await app.perform(.click("https://other.example/offer", target: "_blank"))
    assertStep(
      result, .blocked(reason: .policy),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel")],
      rule: "webkit-default/new-windows")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1"])
  }

  // MARK: window.open

  // WebKit: `window.open(url)` makes no decidePolicyFor in the opener: createWebViewWith (other, nil target)
  // comes first, then the new view's decidePolicyFor(other).
  func test_windowOpenWithURL_callsCreateWebViewWithFirst_withoutAskingTheOpener() async throws {
    for target in ["_blank", ""] {
      let app = try await loadedApp()
      let result = try await app.perform(.open("https://other.example/w", target: target, gesture: true))
      assertStep(
        result, .popup(child: "main.1", presentation: .overlay),
        callbacks: [
          WebKitCall.createWebViewWith("main", .other, answer: "main.1"),
          WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
        ])
      let popup = await app.state(of: "main.1")
      XCTAssertEqual(popup?.url, "https://other.example/w")
      XCTAssertEqual(popup?.history, 1)
    }
  }

  // WebKit: `window.open()` calls createWebViewWith with an empty URL; the popup stays at about:blank with no
  // history, and a later `w.location = url` is decidePolicyFor(other) in the popup.
  func test_windowOpenWithoutURL_opensAboutBlank_andALaterAssignIsAskedInThePopup() async throws {
    let app = try await loadedApp()
    let opened = try await app.perform(.open(nil, gesture: true))
    assertStep(
      opened, .popup(child: "main.1", presentation: .overlay),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "main.1")])
    XCTAssertNil(opened.url)
    var popup = await app.state(of: "main.1")
    XCTAssertEqual(popup?.url, "about:blank")
    XCTAssertEqual(popup?.history, 0)

    let assigned = try await app.perform(.assign("https://other.example/later"), in: "main.1")
    assertStep(
      assigned, .navigated(session: "main.1", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow")])
    popup = await app.state(of: "main.1")
    XCTAssertEqual(popup?.url, "https://other.example/later")
    XCTAssertEqual(popup?.history, 1)
  }

  // WebKit: `window.open("about:blank")` is an ordinary request: its popup gets a first load
  // (decidePolicyFor(other) in it) and a history entry, unlike `window.open()`.
  func test_windowOpenAboutBlank_isAnOrdinaryFirstLoad_withHistoryOne() async throws {
    let app = try await loadedApp()
    let opened = try await app.perform(.open("about:blank", gesture: true))
    assertStep(
      opened, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.createWebViewWith("main", .other, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ])
    let popup = await app.state(of: "main.1")
    XCTAssertEqual(popup?.url, "about:blank")
    XCTAssertEqual(popup?.history, 1)
  }

  // WebKit: `window.open(url, "_self" / "_top")` names an existing frame: decidePolicyFor(other, main), no
  // createWebViewWith and no popup gate (no gesture needed).
  func test_windowOpenAimedAtSelfOrTop_navigatesTheFrameWithoutThePopupGate() async throws {
    for target in ["_self", "_top"] {
      let app = try await loadedApp()
      let result = try await app.perform(.open("https://site.example/\(target)", target: target, gesture: false))
      assertStep(
        result, .navigated(session: "main", frame: .main),
        callbacks: [WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow")])
      let state = await app.state(of: "main")
      XCTAssertEqual(state?.url, "https://site.example/\(target)")
      XCTAssertEqual(state?.history, 2)
    }
  }

  // WritingScenarios.md: with no URL there is nothing to navigate: `window.open()` aimed at `_self` is ignored.
  func test_windowOpenWithoutURLAimedAtSelf_isIgnored() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.open(nil, target: "_self", gesture: true))
    assertStep(result, .ignored, callbacks: [])
  }

  // MARK: Scripts, forms, history, app loads

  // WebKit: `location.href = url` is decidePolicyFor(other) for the current frame, no gesture.
  func test_locationAssignment_asksOtherForTheCurrentFrame() async throws {
    let spy = RecordingDecider()
    let app = try await loadedApp(policy: #"{"version": 1, "default": {"ask": "spy"}}"#, deciders: ["spy": spy])
    let result = try await app.perform(.assign("https://site.example/assigned"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow")])
    XCTAssertEqual(spy.requests.last?.action.isUserGesture, false)
    let history = await app.state(of: "main")?.history
    XCTAssertEqual(history, 2)
    await app.shutdown()
  }

  // WebKit: a GET form submission is decidePolicyFor(formSubmitted) for its frame.
  func test_getFormSubmit_asksFormSubmitted() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.submit("https://site.example/search?q=1"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .formSubmitted, target: "main", answer: "allow")])
  }

  // WebKit: a POST submission is formSubmitted with method POST; reloading its page is formResubmitted.
  func test_postFormSubmit_asksFormSubmitted_andItsReloadIsFormResubmitted() async throws {
    let spy = RecordingDecider()
    let app = try await loadedApp(policy: #"{"version": 1, "default": {"ask": "spy"}}"#, deciders: ["spy": spy])
    let submitted = try await app.perform(.submit("https://site.example/order", method: .post))
    assertStep(
      submitted, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .formSubmitted, target: "main", answer: "allow")])
    XCTAssertEqual(spy.requests.last?.action.httpMethod, "POST")
    let reloaded = try await app.perform(.reload)
    assertStep(
      reloaded, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .formResubmitted, target: "main", answer: "allow")])
    XCTAssertEqual(reloaded.url, "https://site.example/order")
    let history = await app.state(of: "main")?.history
    XCTAssertEqual(history, 2)
    await app.shutdown()
  }

  // WebKit: back and forward onto a POST page are backForward, as onto any page; only reload is
  // formResubmitted (observed in WebKitGTK 2.50).
  func test_backAndForwardOntoAPostPage_areBackForward() async throws {
    let app = try await loadedApp()
    try await app.perform(.submit("https://site.example/order", method: .post))
    try await app.perform(.click("https://site.example/receipt"))
    let back = try await app.perform(.back)
    assertStep(
      back, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "main", answer: "allow")])
    let backAgain = try await app.perform(.back)
    assertStep(
      backAgain, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "main", answer: "allow")])
    XCTAssertEqual(backAgain.url, page)
    let forward = try await app.perform(.forward)
    assertStep(
      forward, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "main", answer: "allow")])
    XCTAssertEqual(forward.url, "https://site.example/order")
  }

  // A form aimed at a new window is formSubmitted with a nil target, then createWebViewWith as for links.
  func test_formAimedAtBlank_asksWithNilTarget_thenCreatesTheWebView() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.submit("https://site.example/print", target: "_blank"))
    assertStep(
      result, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.decidePolicyFor("main", .formSubmitted, target: "none", answer: "allow"),
        WebKitCall.createWebViewWith("main", .formSubmitted, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ])
  }

  // WritingScenarios.md: reload onto an entry a POST created is formResubmitted — the popup's first entry included
  // when a POST form opened it.
  func test_postFormAimedAtBlank_reloadInThePopup_isFormResubmitted() async throws {
    let app = try await loadedApp()
    try await app.perform(.submit("https://site.example/print", target: "_blank", method: .post))
    let reloaded = try await app.perform(.reload, in: "main.1")
    assertCallbacks(
      reloaded, [WebKitCall.decidePolicyFor("main.1", .formResubmitted, target: "main", answer: "allow")])
  }

  // WebKit: back, forward and reload are backForward and reload, and add no history.
  func test_backForwardAndReload_askBackForwardAndReload_andAddNoHistory() async throws {
    let app = try await loadedApp()
    try await app.perform(.click("https://site.example/2"))
    let back = try await app.perform(.back)
    assertStep(
      back, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "main", answer: "allow")])
    XCTAssertEqual(back.url, page)
    let forward = try await app.perform(.forward)
    assertStep(
      forward, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .backForward, target: "main", answer: "allow")])
    let reload = try await app.perform(.reload)
    assertStep(
      reload, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .reload, target: "main", answer: "allow")])
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, "https://site.example/2")
    XCTAssertEqual(state?.history, 2)
  }

  // A committed load after going back drops the forward entries.
  func test_loadAfterBack_dropsTheForwardEntries() async throws {
    let app = try await loadedApp()
    try await app.perform(.click("https://site.example/2"))
    try await app.perform(.click("https://site.example/3"))
    try await app.perform(.back)
    try await app.perform(.back)
    try await app.perform(.click("https://site.example/4"))
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.history, 2)
    let forward = try await app.perform(.forward)
    assertStep(forward, .ignored, callbacks: [])
  }

  // WebKit: the app's `load(_:)` is decidePolicyFor(other, main frame); the first commit makes history 1.
  func test_appLoad_asksOtherForTheMainFrame_andStartsTheHistory() async throws {
    let app = try SimulatedApp()
    let initial = await app.state(of: "main")
    XCTAssertEqual(initial?.url, "about:blank")
    XCTAssertEqual(initial?.history, 0)
    let result = try await app.perform(.load(page))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow")], rule: "default")
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, page)
    XCTAssertEqual(state?.history, 1)
  }

  // MARK: window.close()

  // WebKit: `window.close()` in a window opened by script calls webViewDidClose; the popup closes.
  func test_windowCloseInAPopup_callsWebViewDidClose_andClosesIt() async throws {
    let app = try await loadedApp()
    try await app.perform(.open("https://other.example/w", gesture: true))
    try await app.perform(.click("https://other.example/w2"), in: "main.1")
    let result = try await app.perform(.close, in: "main.1")
    assertStep(result, .closed(["main.1"]), callbacks: [WebKitCall.webViewDidClose("main.1")])
    XCTAssertNil(result.rule)
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1"])
  }

  // WebKit: a root with one history entry gets webViewDidClose, but the engine never closes the root.
  func test_windowCloseInARootWithOneEntry_callsWebViewDidClose_butTheRootStays() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.close)
    assertStep(result, .ignored, callbacks: [WebKitCall.webViewDidClose("main")])
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1"])
  }

  // WebKit: a window not opened by script with more than one history entry ignores `window.close()`: no
  // webViewDidClose callback at all.
  func test_windowCloseInARootWithHistory_makesNoCallbackAtAll() async throws {
    let app = try await loadedApp()
    try await app.perform(.click("https://site.example/2"))
    let result = try await app.perform(.close)
    assertStep(result, .ignored, callbacks: [])
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.history, 2)
  }
}
