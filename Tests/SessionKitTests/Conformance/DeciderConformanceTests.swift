import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// `ask` deciders declared in scenarios, `sameView`, `download` and unparsable URLs (PolicyFormat.md "how an action
/// answers each callback", §5 deciders and net effects). Deciders answer in real time, so delays stay small.
final class DeciderConformanceTests: XCTestCase {
  /// A scenario whose new windows to `checkout.example` ask `confirm`, with `timeoutMs` 100.
  private func askScenario(decider: String, onTimeout: String = #""cancel""#, steps: String) -> String {
    #"""
    {"policy": {"version": 1,
                "rules": [{"name": "confirm-checkout",
                           "match": {"hosts": ["checkout.example"], "target": "newWindow"},
                           "action": {"ask": "confirm"}}],
                "deciders": {"timeoutMs": 100, "onTimeout": \#(onTimeout)}},
     "deciders": {"confirm": \#(decider)},
     "steps": [{"load": "https://shop.example/cart"}, \#(steps)]}
    """#
  }

  private func line(_ report: ScenarioRunner.Report, _ index: Int) throws -> JSONValue {
    try JSONValue(parsing: report.lines[index])
  }

  private func finalSessions(_ report: ScenarioRunner.Report) throws -> [String] {
    guard case .object(let sessions)? = try JSONValue(parsing: try XCTUnwrap(report.lines.last))["final"]?["sessions"]
    else { return [] }
    return sessions.map(\.key)
  }

  // §4: `ask` on createWebViewWith opens the popup provisionally; a decider answering in time confirms it.
  func test_askAnsweredInTime_confirmsTheProvisionalPopup() async throws {
    let report = try await replayScenario(
      askScenario(
        decider: #"{"answer": {"popup": "modal"}, "delayMs": 5}"#,
        steps: #"{"open": "https://checkout.example/pay", "gesture": true}"#))
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    XCTAssertEqual(
      report.lines[1],
      #"{"step":1,"in":"main","event":"open","url":"https://checkout.example/pay","outcome":"popup","#
        + #""child":"main.1","presentation":"modal","rule":"confirm-checkout","callbacks":["#
        + #"{"callback":"createWebViewWith","session":"main","navigationType":"other","targetFrame":"none","#
        + #""answer":"main.1"},"#
        + #"{"callback":"decidePolicyFor","session":"main.1","navigationType":"other","targetFrame":"main","#
        + #""answer":"allow"}]}"#)
    XCTAssertEqual(try finalSessions(report), ["main", "main.1"])
  }

  // §4: a decider slower than timeoutMs gets `deciders.onTimeout`; the refused provisional popup is reported
  // as the answer applied (external) and is not in the final line.
  func test_askSlowerThanTheTimeout_appliesOnTimeout_andTheProvisionalPopupDisappears() async throws {
    let report = try await replayScenario(
      askScenario(
        decider: #"{"answer": "allow", "delayMs": 2000}"#, onTimeout: #"{"external": "safari"}"#,
        steps: #"{"open": "https://checkout.example/pay", "gesture": true}"#))
    let step = try line(report, 1)
    XCTAssertEqual(step["outcome"], .string("external"))
    XCTAssertEqual(step["via"], .string("safari"))
    XCTAssertEqual(step["rule"], .string("confirm-checkout"))
    XCTAssertEqual(
      step["callbacks"]?.serialized,
      #"[{"callback":"createWebViewWith","session":"main","navigationType":"other","targetFrame":"none","#
        + #""answer":"main.1"},{"callback":"decidePolicyFor","session":"main.1","navigationType":"other","#
        + #""targetFrame":"main","answer":"cancel"}]"#)
    XCTAssertEqual(try finalSessions(report), ["main"])
  }

  // §5: a decider answers in time only when delayMs < timeoutMs: a delay equal to the timeout is late.
  func test_aDeciderWhoseDelayEqualsTheTimeout_isLate() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1,
                  "rules": [{"name": "confirm", "match": {"target": "newWindow"}, "action": {"ask": "confirm"}}],
                  "deciders": {"timeoutMs": 20, "onTimeout": {"external": "safari"}}},
       "deciders": {"confirm": {"answer": "allow", "delayMs": 20}},
       "steps": [{"load": "https://shop.example/cart"},
                 {"open": "https://checkout.example/1", "gesture": true, "expect": {"outcome": "external"}},
                 {"click": "https://checkout.example/2", "target": "_blank", "expect": {"outcome": "external"}}]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
  }

  // §4: a provisional popup refused on its first load is reported as the applied answer: external.
  func test_askAnsweringExternal_reportsExternal_andConsumesTheProvisionalID() async throws {
    let report = try await replayScenario(
      askScenario(
        decider: #"{"answer": {"external": "safari"}, "delayMs": 1}"#,
        steps: #"""
          {"open": "https://checkout.example/pay", "gesture": true,
           "expect": {"outcome": "external", "via": "safari"}},
          {"open": "https://other.example/", "gesture": true, "expect": {"outcome": "popup", "child": "main.2"}}
          """#))
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    XCTAssertEqual(try finalSessions(report), ["main", "main.2"])
  }

  // §4: a provisional popup answered `sameView` closes and its URL loads in the opener, allowed without being
  // judged again.
  func test_askAnsweringSameView_loadsTheURLInTheOpener() async throws {
    let report = try await replayScenario(
      askScenario(
        decider: #"{"answer": "sameView", "delayMs": 1}"#,
        steps: #"{"open": "https://checkout.example/pay", "gesture": true}"#))
    let step = try line(report, 1)
    XCTAssertEqual(step["outcome"], .string("navigated"))
    XCTAssertEqual(step["session"], .string("main"))
    XCTAssertEqual(
      step["callbacks"]?.serialized,
      #"[{"callback":"createWebViewWith","session":"main","navigationType":"other","targetFrame":"none","#
        + #""answer":"main.1"},{"callback":"decidePolicyFor","session":"main.1","navigationType":"other","#
        + #""targetFrame":"main","answer":"cancel"},{"callback":"decidePolicyFor","session":"main","#
        + #""navigationType":"other","targetFrame":"main","answer":"allow"}]"#)
    XCTAssertEqual(
      report.lines.last, #"{"final":{"sessions":{"main":{"url":"https://checkout.example/pay","history":2}}}}"#)
  }

  // §4: `download` answering a new-window request is blocked (policy), from a decider too.
  func test_askAnsweringDownloadForANewWindow_isBlockedByPolicy() async throws {
    let report = try await replayScenario(
      askScenario(
        decider: #"{"answer": "download", "delayMs": 1}"#,
        steps: #"""
          {"open": "https://checkout.example/pay", "gesture": true,
           "expect": {"outcome": "blocked", "reason": "policy"}},
          {"click": "https://checkout.example/pay", "target": "_blank",
           "expect": {"outcome": "blocked", "reason": "policy"}}
          """#))
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    XCTAssertEqual(try finalSessions(report), ["main"])
  }

  // §4: on a `_blank` link the opener's nil-target check is async, so the decider runs there, once; the
  // popup then opens without a provisional step.
  func test_askOnABlankLink_isAskedOnceInTheOpenersCheck() async throws {
    let spy = RecordingDecider(answering: .popup(.modal))
    let app = try SimulatedApp(
      policy: #"""
        {"version": 1, "rules": [{"name": "confirm", "match": {"target": "newWindow"}, "action": {"ask": "spy"}}]}
        """#,
      deciders: ["spy": spy])
    try await app.perform(.load("https://shop.example/cart"))
    let result = try await app.perform(.click("https://checkout.example/pay", target: "_blank"))
    assertStep(
      result, .popup(child: "main.1", presentation: .modal),
      callbacks: [
        WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "allow"),
        WebKitCall.createWebViewWith("main", .linkActivated, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ], rule: "confirm")
    XCTAssertEqual(spy.requests.count, 1)
    XCTAssertNil(spy.requests.first?.action.targetFrame)
    await app.shutdown()
  }

  // §5: a popup's first load carries the gesture of the request that opened it (seen by the provisional ask).
  func test_aPopupsFirstLoad_carriesTheGestureOfTheRequestThatOpenedIt() async throws {
    let spy = RecordingDecider(answering: .allow)
    let app = try SimulatedApp(
      policy: #"""
        {"version": 1, "popups": {"requireUserGesture": false},
         "rules": [{"name": "confirm", "match": {"target": "newWindow"}, "action": {"ask": "spy"}}]}
        """#,
      javaScriptCanOpenWindowsAutomatically: true, deciders: ["spy": spy])
    try await app.perform(.load("https://shop.example/cart"))
    try await app.perform(.open("https://checkout.example/a", gesture: true))
    try await app.perform(.open("https://checkout.example/b", gesture: false))
    XCTAssertEqual(spy.requests.map(\.action.isUserGesture), [true, false])
    XCTAssertEqual(spy.requests.map(\.session), ["main.1", "main.2"])
    XCTAssertEqual(spy.requests.map { $0.action.targetFrame?.isMainFrame }, [true, true])
    await app.shutdown()
  }

  // §4: limits and the gesture requirement are checked first; a refused request asks no decider.
  func test_aRequestRefusedByALimit_asksNoDecider() async throws {
    let spy = RecordingDecider(answering: .allow)
    let app = try SimulatedApp(
      policy: #"""
        {"version": 1, "popups": {"maxOpen": 0},
         "rules": [{"name": "confirm", "match": {"target": "newWindow"}, "action": {"ask": "spy"}}]}
        """#,
      deciders: ["spy": spy])
    try await app.perform(.load("https://shop.example/cart"))
    let link = try await app.perform(.click("https://checkout.example/pay", target: "_blank"))
    XCTAssertEqual(link.outcome, .blocked(reason: .popupLimit))
    let open = try await app.perform(.open("https://checkout.example/pay", gesture: true))
    XCTAssertEqual(open.outcome, .blocked(reason: .popupLimit))
    XCTAssertTrue(spy.requests.isEmpty)
    await app.shutdown()
  }

  // §4: `window.open()` without a URL has nothing to ask about: an `ask` rule admits it with
  // `popups.presentation`.
  func test_askForWindowOpenWithoutURL_admitsThePopupWithoutAsking() async throws {
    let spy = RecordingDecider(answering: .cancel)
    let app = try SimulatedApp(
      policy: #"""
        {"version": 1, "popups": {"presentation": "modal"},
         "rules": [{"name": "confirm", "match": {"target": "newWindow"}, "action": {"ask": "spy"}}]}
        """#,
      deciders: ["spy": spy])
    try await app.perform(.load("https://shop.example/cart"))
    let result = try await app.perform(.open(nil, gesture: true))
    assertStep(
      result, .popup(child: "main.1", presentation: .modal),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "main.1")])
    XCTAssertTrue(spy.requests.isEmpty)
    await app.shutdown()
  }

  // §5: with no URL there is nothing to load elsewhere: `sameView` and `external` block `window.open()`.
  func test_sameViewOrExternalForWindowOpenWithoutURL_isBlockedByPolicy() async throws {
    for action in [#""sameView""#, #"{"external": "safari"}"#] {
      let app = try SimulatedApp(
        policy: #"{"version": 1, "rules": [{"name": "nw", "match": {"target": "newWindow"}, "action": \#(action)}]}"#)
      try await app.perform(.load("https://shop.example/cart"))
      let result = try await app.perform(.open(nil, gesture: true))
      assertStep(
        result, .blocked(reason: .policy), callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")])
    }
  }

  // §4: `sameView` on createWebViewWith returns nil and loads the request in the opener; the load pushes history
  // and is allowed without being judged again.
  func test_sameViewForWindowOpen_loadsInTheOpener_andPushesHistory() async throws {
    let app = try SimulatedApp(
      policy:
        #"{"version": 1, "rules": [{"name": "in-place", "match": {"target": "newWindow"}, "action": "sameView"}]}"#)
    try await app.perform(.load("https://shop.example/cart"))
    let result = try await app.perform(.open("https://shop.example/terms", gesture: true))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [
        WebKitCall.createWebViewWith("main", .other, answer: "nil"),
        WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow"),
      ], rule: "in-place")
    let state = await app.state(of: "main")
    XCTAssertEqual(state?.url, "https://shop.example/terms")
    XCTAssertEqual(state?.history, 2)
  }

  // §4: `sameView` on a `_blank` link cancels the nil-target check and loads the URL in this web view.
  func test_sameViewForABlankLink_cancelsTheNewWindow_andLoadsInThisWebView() async throws {
    let app = try SimulatedApp(
      policy:
        #"{"version": 1, "rules": [{"name": "in-place", "match": {"target": "newWindow"}, "action": "sameView"}]}"#)
    try await app.perform(.load("https://shop.example/cart"))
    let result = try await app.perform(.click("https://shop.example/terms", target: "_blank"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [
        WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel"),
        WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow"),
      ], rule: "in-place")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://shop.example/terms 2"])
  }

  // §4: `download` for a new window is blocked (policy); for an existing frame it answers download.
  func test_downloadRule_blocksNewWindows_andDownloadsInAFrame() async throws {
    let app = try SimulatedApp(
      policy: #"{"version": 1, "rules": [{"name": "files", "match": {"paths": ["/files/*"]}, "action": "download"}]}"#)
    try await app.perform(.load("https://shop.example/cart"))
    assertStep(
      try await app.perform(.open("https://shop.example/files/a.pdf", gesture: true)), .blocked(reason: .policy),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")], rule: "files")
    assertStep(
      try await app.perform(.click("https://shop.example/files/a.pdf", target: "_blank")), .blocked(reason: .policy),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel")],
      rule: "files")
    assertStep(
      try await app.perform(.click("https://shop.example/files/a.pdf")), .download,
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "download")],
      rule: "files")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://shop.example/cart 1"])
  }

  // §4: a URL the engine cannot parse is never allowed: cancelled, reason invalid-url.
  func test_anUnparsableURL_isBlockedWithInvalidURL_whateverThePolicy() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1, "default": "allow"}"#)
    try await app.perform(.load("https://shop.example/cart"))
    assertStep(
      try await app.perform(.click("https://exa mple.com/")), .blocked(reason: .invalidURL),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "cancel")])
    assertStep(
      try await app.perform(.click("http://[::1/", target: "_blank")), .blocked(reason: .invalidURL),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel")])
    assertStep(
      try await app.perform(.open("https://exa mple.com/", gesture: true)), .blocked(reason: .invalidURL),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")])
    assertStep(
      try await app.perform(.load("not a url")), .blocked(reason: .invalidURL),
      callbacks: [WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "cancel")])
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://shop.example/cart 1"])
  }
}
