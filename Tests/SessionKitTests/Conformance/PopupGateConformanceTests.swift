import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// WebKit's popup gate, createWebViewWith's nil answer, and the engine's popup limits (WebKitBehavior.md, "Rules WebKit
/// enforces"; PolicyFormat.md limits, §5 reasons).
final class PopupGateConformanceTests: XCTestCase {
  private let page = "https://site.example/page"

  private func loadedApp(
    policy: String = #"{"version": 1}"#, javaScriptCanOpenWindowsAutomatically: Bool = false
  ) async throws -> SimulatedApp {
    let app = try SimulatedApp(
      policy: policy, javaScriptCanOpenWindowsAutomatically: javaScriptCanOpenWindowsAutomatically)
    try await app.perform(.load(page))
    return app
  }

  // WebKit: `window.open` without a user gesture is blocked before any delegate call (iOS default).
  func test_windowOpenWithoutGesture_isBlockedByWebKitBeforeAnyDelegateCall() async throws {
    let app = try await loadedApp()
    let result = try await app.perform(.open("https://other.example/w", gesture: false))
    assertStep(result, .blocked(reason: .noUserGesture), callbacks: [])
    XCTAssertNil(result.rule)
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1"])
  }

  // WebKit: with javaScriptCanOpenWindowsAutomatically the gate opens; the engine's requireUserGesture then
  // refuses the request inside createWebViewWith.
  func test_windowOpenWithoutGesture_reachesCreateWebViewWith_whenScriptsMayOpenWindows() async throws {
    let app = try await loadedApp(javaScriptCanOpenWindowsAutomatically: true)
    let result = try await app.perform(.open("https://other.example/w", gesture: false))
    assertStep(
      result, .blocked(reason: .noUserGesture),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")])
  }

  // With the gate open and requireUserGesture false, a script popup without a gesture opens.
  func test_windowOpenWithoutGesture_opens_whenNeitherWebKitNorThePolicyRequiresAGesture() async throws {
    let app = try await loadedApp(
      policy: #"{"version": 1, "popups": {"requireUserGesture": false}}"#, javaScriptCanOpenWindowsAutomatically: true)
    let result = try await app.perform(.open("https://other.example/w", gesture: false))
    assertStep(
      result, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.createWebViewWith("main", .other, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ])
  }

  // WebKit: createWebViewWith returning nil drops the navigation; nothing opens and no popup load follows.
  func test_createWebViewWithReturningNil_dropsTheNavigation() async throws {
    let app = try await loadedApp(
      policy:
        #"{"version": 1, "rules": [{"name": "no-windows", "match": {"target": "newWindow"}, "action": "cancel"}]}"#)
    let result = try await app.perform(.open("https://other.example/w", gesture: true))
    assertStep(
      result, .blocked(reason: .policy), callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")],
      rule: "no-windows")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1"])
  }

  // A refused request creates no session: the next popup still gets the opener's next number.
  func test_refusedRequests_consumeNoSessionIDs() async throws {
    let app = try await loadedApp(policy: #"{"version": 1, "popups": {"maxOpen": 1}}"#)
    try await app.perform(.open("https://other.example/1", gesture: true))
    let refused = try await app.perform(.open("https://other.example/2", gesture: true))
    XCTAssertEqual(refused.outcome, .blocked(reason: .popupLimit))
    try await app.perform(.close, in: "main.1")
    let next = try await app.perform(.open("https://other.example/3", gesture: true))
    XCTAssertEqual(next.outcome, .popup(child: "main.2", presentation: .overlay))
  }

  // WritingScenarios.md: ids are never reused after a close.
  func test_sessionIDs_areNeverReusedAfterAClose() async throws {
    let app = try await loadedApp()
    try await app.perform(.open("https://other.example/1", gesture: true))
    try await app.perform(.close, in: "main.1")
    let second = try await app.perform(.open("https://other.example/2", gesture: true))
    XCTAssertEqual(second.outcome, .popup(child: "main.2", presentation: .overlay))
    try await app.perform(.open("https://other.example/1.1", gesture: true), in: "main.2")
    try await app.perform(.dismiss, in: "main.2.1")
    let nested = try await app.perform(.open("https://other.example/1.2", gesture: true), in: "main.2")
    XCTAssertEqual(nested.outcome, .popup(child: "main.2.2", presentation: .overlay))
    do {
      try await app.perform(.assign("https://other.example/"), in: "main.1")
      XCTFail("a closed session accepted an event")
    } catch let error as SimulationError {
      XCTAssertEqual(error, SimulationError(code: .closedSession, session: "main.1"))
    }
  }

  // Nested popups are named after their opener (main.1.1, main.1.2) and closing main.1 closes its subtree in
  // pre-order.
  func test_nestedPopups_areNamedAfterTheirOpener_andCloseWithTheirSubtreeInPreOrder() async throws {
    let app = try await loadedApp(policy: #"{"version": 1, "popups": {"maxDepth": 5}}"#)
    let first = try await app.perform(.open("https://a.example/", gesture: true))
    XCTAssertEqual(first.outcome, .popup(child: "main.1", presentation: .overlay))
    let nested = try await app.perform(.click("https://b.example/", target: "_blank"), in: "main.1")
    XCTAssertEqual(nested.outcome, .popup(child: "main.1.1", presentation: .overlay))
    let deeper = try await app.perform(.open("https://c.example/", gesture: true), in: "main.1.1")
    XCTAssertEqual(deeper.outcome, .popup(child: "main.1.1.1", presentation: .overlay))
    let sibling = try await app.perform(.open("https://d.example/", gesture: true), in: "main.1")
    XCTAssertEqual(sibling.outcome, .popup(child: "main.1.2", presentation: .overlay))
    let other = try await app.perform(.open("https://e.example/", gesture: true))
    XCTAssertEqual(other.outcome, .popup(child: "main.2", presentation: .overlay))

    let closed = try await app.perform(.close, in: "main.1")
    assertStep(
      closed, .closed(["main.1", "main.1.1", "main.1.1.1", "main.1.2"]),
      callbacks: [WebKitCall.webViewDidClose("main.1")])
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(page) 1", "main.2 https://e.example/ 1"])
  }

  // §4: a popup of the root has depth 1; a popup deeper than maxDepth is refused with popup-limit.
  func test_maxDepth_refusesADeeperPopup_withPopupLimit() async throws {
    let app = try await loadedApp(policy: #"{"version": 1, "popups": {"maxDepth": 2}}"#)
    try await app.perform(.open("https://a.example/", gesture: true))
    try await app.perform(.open("https://b.example/", gesture: true), in: "main.1")
    let refused = try await app.perform(.open("https://c.example/", gesture: true), in: "main.1.1")
    assertStep(
      refused, .blocked(reason: .popupLimit),
      callbacks: [WebKitCall.createWebViewWith("main.1.1", .other, answer: "nil")])
    let link = try await app.perform(.click("https://c.example/", target: "_blank"), in: "main.1.1")
    assertStep(
      link, .blocked(reason: .popupLimit),
      callbacks: [
        WebKitCall.decidePolicyFor("main.1.1", .linkActivated, target: "none", answer: "allow"),
        WebKitCall.createWebViewWith("main.1.1", .linkActivated, answer: "nil"),
      ])
  }

  // §4: maxOpen counts the live popups of one root's tree (the root not counted); closing one frees a place.
  func test_maxOpen_countsLivePopupsInTheTree_andAClosedOneFreesAPlace() async throws {
    let app = try await loadedApp(policy: #"{"version": 1, "popups": {"maxOpen": 2}}"#)
    try await app.perform(.open("https://a.example/", gesture: true))
    try await app.perform(.open("https://b.example/", gesture: true), in: "main.1")
    let refused = try await app.perform(.open("https://c.example/", gesture: true))
    assertStep(
      refused, .blocked(reason: .popupLimit), callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")])
    try await app.perform(.dismiss, in: "main.1.1")
    let admitted = try await app.perform(.open("https://c.example/", gesture: true))
    XCTAssertEqual(admitted.outcome, .popup(child: "main.2", presentation: .overlay))
  }

  // §5: a request failing both the gesture check and a limit reports no-user-gesture (checked first).
  func test_gestureAndLimitBothFailing_reportsNoUserGesture() async throws {
    let app = try await loadedApp(
      policy: #"{"version": 1, "popups": {"maxOpen": 0}}"#, javaScriptCanOpenWindowsAutomatically: true)
    let result = try await app.perform(.open("https://a.example/", gesture: false))
    assertStep(
      result, .blocked(reason: .noUserGesture),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")])
    let withGesture = try await app.perform(.open("https://a.example/", gesture: true))
    XCTAssertEqual(withGesture.outcome, .blocked(reason: .popupLimit))
  }

  // The createWebViewWith of a `_blank` link is judged on its own: a decision the opener made for an earlier
  // request that never opened (refused by a limit) must not decide a later `window.open` to the same URL
  // once the page has changed (§4: the first matching rule decides each callback).
  func test_aLinkRefusedByALimit_leavesNoDecisionBehindForALaterWindowOpen() async throws {
    let app = try SimulatedApp(
      policy: #"{"version": 1, "include": ["ad-clicks"], "popups": {"maxOpen": 1}}"#)
    try await app.perform(.load("https://publisher.example/a"))
    try await app.perform(.open("https://publisher.example/p1", gesture: true))
    let refused = try await app.perform(.click("https://publisher.example/x", target: "_blank"))
    XCTAssertEqual(refused.outcome, .blocked(reason: .popupLimit))
    try await app.perform(.close, in: "main.1")
    try await app.perform(.load("https://other.example/"))
    // publisher.example is now cross-site to the page: ad-clicks sends the new window to Safari.
    let result = try await app.perform(.open("https://publisher.example/x", gesture: true))
    assertStep(
      result, .external(via: .safari), callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")],
      rule: "ad-clicks/cross-site-new-window")
  }
}
