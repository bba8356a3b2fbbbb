import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Popups.md, "Lifecycle", one group per bullet: `popupFirstLoad`, an `external` first load closing its popup, the
/// preset rules, `finish`, `blankTimeoutMs`, `maxPerMinute` and the `wait` step, driven through the simulator as a
/// replay drives them.
final class PopupLifecycleConformanceTests: XCTestCase {
  private let shop = "https://shop.example/"
  private let advertiser = "https://advertiser.example/offer"

  private func app(_ policy: String, events: SessionEngine.EventDelivery = .none) async throws -> SimulatedApp {
    let app = try SimulatedApp(policy: policy, events: events)
    try await app.perform(.load(shop))
    return app
  }

  /// A policy whose one rule cancels a popup's first load (and tells it apart from the default).
  private let firstLoadCancelled = policyJSON(rules: [
    ruleJSON("first-load", match: #"{"popupFirstLoad": true}"#, action: #""cancel""#)
  ])

  // MARK: popupFirstLoad

  func test_popupFirstLoad_holdsForEveryMainFrameNavigationTypeInABlankPopup() async throws {
    let events: [PageEvent] = [
      .assign("https://shop.example/a"), .click("https://shop.example/b"),
      .submit("https://shop.example/c", method: .post), .open("https://shop.example/d", target: "_self"),
    ]
    for event in events {
      let app = try await app(firstLoadCancelled)
      try await app.perform(.open(nil, gesture: true))
      let result = try await app.perform(event, in: "main.1")
      XCTAssertEqual(result.outcome, .blocked(reason: .policy), "\(event)")
      XCTAssertEqual(result.rule, "first-load", "\(event)")
      await app.shutdown()
    }
  }

  func test_popupFirstLoad_holdsAfterAnAboutBlankCommit_andNotAfterAPage() async throws {
    let app = try await app(firstLoadCancelled)
    let opened = try await app.perform(.open("about:blank", gesture: true))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .overlay))
    let step = try await app.perform(.assign("https://shop.example/a"), in: "main.1")
    XCTAssertEqual(step.rule, "first-load")

    try await app.perform(.open("https://shop.example/help", gesture: true))
    let later = try await app.perform(.assign("https://shop.example/more"), in: "main.2")
    XCTAssertEqual(later.outcome, .navigated(session: "main.2", frame: .main))
    XCTAssertEqual(later.rule, "default")
    await app.shutdown()
  }

  func test_popupFirstLoad_holdsNeitherInARootNorForSubframesNorForNewWindows() async throws {
    let fresh = try SimulatedApp(policy: firstLoadCancelled)
    let step = try await fresh.perform(.load(shop))
    XCTAssertEqual(step.rule, "default")
    await fresh.shutdown()

    let app = try await app(firstLoadCancelled)
    try await app.perform(.open(nil, gesture: true))
    let subframe = try await app.perform(
      .click("https://frame.example/2", frame: "https://frame.example/1"), in: "main.1")
    XCTAssertEqual(subframe.rule, "default")
    let newWindow = try await app.perform(.open("https://shop.example/x", gesture: true), in: "main.1")
    XCTAssertEqual(newWindow.outcome, .popup(child: "main.1.1", presentation: .overlay))
    XCTAssertEqual(newWindow.rule, "default")
    await app.shutdown()
  }

  func test_popupFirstLoad_isTheContextOfAProvisionalPopup() async throws {
    let engine = try makeEngine(
      policyJSON(rules: [ruleJSON("ask", match: #"{"target": "newWindow"}"#, action: #"{"ask": "confirm"}"#)]))
    let root = engine.makeRootSession()
    let popup = try openPopup(from: root)
    XCTAssertTrue(popup.isProvisional)
    XCTAssertTrue(popup.policyContext().isBlankPopup)
    XCTAssertFalse(root.policyContext().isBlankPopup)
    await engine.shutdown()
  }

  func test_popupFirstLoadCrossSite_comparesWithTheNearestOpenerThatHasAnOriginOfItsOwn() async throws {
    let policy = policyJSON(rules: [
      ruleJSON("cross", match: #"{"popupFirstLoad": true, "crossSite": true}"#, action: #""cancel""#),
      ruleJSON("same-origin", match: #"{"popupFirstLoad": true, "crossOrigin": false}"#),
    ])
    let app = try await app(policy)
    try await app.perform(.open(nil, gesture: true))
    try await app.perform(.open(nil, gesture: true), in: "main.1")
    let step = try await app.perform(.assign(advertiser), in: "main.1.1")
    XCTAssertEqual(step.rule, "cross")
    // The cancelled first load closed main.1.1, as a refused new-window request opens nothing (DESIGN §9.2).
    XCTAssertEqual(step.outcome, .blocked(reason: .policy))
    try await app.perform(.open(nil, gesture: true), in: "main.1")
    let sameOrigin = try await app.perform(.assign("https://shop.example/pay"), in: "main.1.2")
    XCTAssertEqual(sameOrigin.rule, "same-origin")
    await app.shutdown()
  }

  // MARK: An external first load closes its popup

  func test_anExternalFirstLoad_closesThePopupAndItsSubtree_andTheLineSaysSo() async throws {
    let app = try await app(#"{"version": 1, "include": ["ad-clicks"]}"#)
    try await app.perform(.open(nil, gesture: true))
    try await app.perform(.open(nil, gesture: true), in: "main.1")
    let result = try await app.perform(.assign(advertiser), in: "main.1")
    assertStep(
      result, .external(via: .safari, closed: ["main.1", "main.1.1"]),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "cancel")],
      rule: "ad-clicks/blank-popup-cross-site")
    XCTAssertEqual(result.json(step: 0)["closed"], .array([.string("main.1"), .string("main.1.1")]))
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(shop) 1"])
    await app.shutdown()
  }

  func test_anExternalAnswerLater_leavesThePopupOpen() async throws {
    let app = try await app(#"{"version": 1, "include": ["ad-clicks"]}"#)
    try await app.perform(.open("https://shop.example/help", gesture: true))
    let result = try await app.perform(.click(advertiser), in: "main.1")
    XCTAssertEqual(result.outcome, .external(via: .safari))
    XCTAssertEqual(result.rule, "ad-clicks/cross-site-link")
    let kept = await app.state(of: "main.1")
    XCTAssertNotNil(kept)
    await app.shutdown()
  }

  func test_anAboutURLSentOutsideOnAFirstLoad_isBlocked_andThePopupStays() async throws {
    let policy = policyJSON(rules: [
      ruleJSON("out", match: #"{"popupFirstLoad": true}"#, action: #"{"external": "system"}"#)
    ])
    let app = try await app(policy)
    try await app.perform(.open(nil, gesture: true))
    let result = try await app.perform(.assign("about:blank#x"), in: "main.1")
    XCTAssertEqual(result.outcome, .blocked(reason: .policy))
    let kept = await app.state(of: "main.1")
    XCTAssertNotNil(kept)
    await app.shutdown()
  }

  func test_aProvisionalPopupWhoseDeciderAnsweredExternal_carriesClosedOnItsLine() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1, "rules": [{"name": "ask", "match": {"target": "newWindow"},
                                           "action": {"ask": "out"}}]},
       "deciders": {"out": {"answer": {"external": "safari"}, "delayMs": 5}},
       "steps": [{"load": "https://shop.example/"},
                 {"open": "https://partner.example/", "gesture": true,
                  "expect": {"outcome": "external", "via": "safari", "closed": ["main.1"]}}]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures) \(report.lines)")
  }

  func test_anExternalFirstLoad_announcesOpenedThenClosedThenOpenedExternally() async throws {
    let app = try await app(#"{"version": 1, "include": ["ad-clicks"]}"#, events: .lifecycle)
    let events = EventCollector(app.engine)
    try await app.perform(.open(nil, gesture: true))
    try await app.perform(.assign(advertiser), in: "main.1")
    let all = await events.settle()
    XCTAssertEqual(
      all,
      [
        .popupOpened(child: "main.1", opener: "main", presentation: .overlay, url: "about:blank"),
        .popupClosed("main.1", reason: .openedExternally),
        .openedExternally(session: "main.1", url: advertiser, via: .safari),
      ])
    await events.stop()
    await app.shutdown()
  }

  // MARK: Popups opened blank (DESIGN §9.2)

  func test_aBlankPopupSentToGooglePay_isKeptWithTheNewWindowRulesPresentation() async throws {
    let policy = policyJSON(rules: [
      ruleJSON(
        "pay-modal", match: #"{"hosts": ["pay.google.com"], "target": "newWindow"}"#, action: #"{"popup": "modal"}"#)
    ])
    for opened in [nil, "about:blank"] as [String?] {
      let app = try await app(policy)
      let popup = try await app.perform(.open(opened, gesture: true))
      XCTAssertEqual(popup.outcome, .popup(child: "main.1", presentation: .overlay), "\(opened ?? "nil")")
      let result = try await app.perform(.assign("https://pay.google.com/gp/p/ui/pay"), in: "main.1")
      XCTAssertEqual(result.outcome, .navigated(session: "main.1", frame: .main), "\(opened ?? "nil")")
      XCTAssertEqual(result.rule, "pay-modal", "\(opened ?? "nil")")
      let shown = try await app.simulator.session("main.1").presentation
      XCTAssertEqual(shown, .modal, "\(opened ?? "nil")")
      await app.shutdown()
    }
  }

  func test_aBlankPopupsFirstLoadAllowed_takesPopupsPresentation_andLaterLoadsAreOrdinary() async throws {
    let policy = #"""
      {"version": 1, "popups": {"presentation": "modal"},
       "rules": [{"name": "blank", "match": {"target": "newWindow", "hosts": ["partner.example"]},
                  "action": {"popup": "overlay"}},
                 {"name": "blank-open", "match": {"target": "newWindow", "schemes": ["about"]},
                  "action": {"popup": "overlay"}},
                 {"name": "second", "match": {"target": "mainFrame", "paths": ["/second"]}, "action": "cancel"}]}
      """#
    let app = try await app(policy)
    let opened = try await app.perform(.open("about:blank", gesture: true))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .overlay))
    let first = try await app.perform(.assign("https://shop.example/first"), in: "main.1")
    XCTAssertEqual(first.outcome, .navigated(session: "main.1", frame: .main))
    XCTAssertEqual(first.rule, "default")
    let shown = try await app.simulator.session("main.1").presentation
    XCTAssertEqual(shown, .modal)
    let second = try await app.perform(.assign("https://shop.example/second"), in: "main.1")
    XCTAssertEqual(second.outcome, .blocked(reason: .policy))
    XCTAssertEqual(second.rule, "second")
    let kept = await app.state(of: "main.1")
    XCTAssertEqual(kept?.url, "https://shop.example/first")
    await app.shutdown()
  }

  func test_aBlankPopupsFirstLoad_carriesTheGestureOfTheWindowOpen() async throws {
    let policy = policyJSON(rules: [
      ruleJSON(
        "tapped", match: #"{"target": "newWindow", "userGesture": true, "crossSite": true}"#,
        action: #"{"popup": "modal"}"#)
    ])
    let app = try await app(policy)
    let opened = try await app.perform(.open(nil, gesture: true))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .overlay))
    let result = try await app.perform(.assign("https://partner.example/"), in: "main.1")
    XCTAssertEqual(result.rule, "tapped")
    let shown = try await app.simulator.session("main.1").presentation
    XCTAssertEqual(shown, .modal)
    await app.shutdown()
  }

  func test_aBlankPopupsFirstLoadRefused_closesThePopup_asARefusedNewWindowOpensNone() async throws {
    let policy = policyJSON(rules: [
      ruleJSON("no-partner", match: #"{"hosts": ["partner.example"], "target": "newWindow"}"#, action: #""cancel""#),
      ruleJSON("to-app", match: #"{"hosts": ["app.example"], "target": "newWindow"}"#, action: #"{"finish": "app"}"#),
    ])
    for url in ["https://partner.example/", "https://app.example/"] {
      let app = try await app(policy, events: .lifecycle)
      let events = EventCollector(app.engine)
      try await app.perform(.open(nil, gesture: true))
      let result = try await app.perform(.assign(url), in: "main.1")
      XCTAssertEqual(result.outcome, .blocked(reason: .policy), url)
      let gone = await app.state(of: "main.1")
      XCTAssertNil(gone, url)
      let closing = await events.settle().filter { $0.opened == nil }
      XCTAssertEqual(closing, [.popupClosed("main.1", reason: .refused)], url)
      await events.stop()
      await app.shutdown()
    }
  }

  func test_aBlankPopupsFirstLoadAnsweredSameView_closesThePopup_andLoadsInTheOpener() async throws {
    let policy = policyJSON(rules: [
      ruleJSON("here", match: #"{"hosts": ["partner.example"], "target": "newWindow"}"#, action: #""sameView""#)
    ])
    let app = try await app(policy)
    try await app.perform(.open(nil, gesture: true))
    try await app.perform(.assign("https://partner.example/deal"), in: "main.1")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://partner.example/deal 2"])
    await app.shutdown()
  }

  func test_anAskRuleForAboutBlank_asksNoDecider_andTheFirstLoadAsksAboutTheRealURL() async throws {
    let policy = policyJSON(rules: [
      ruleJSON("confirm", match: #"{"target": "newWindow"}"#, action: #"{"ask": "confirm"}"#)
    ])
    let decider = RecordingDecider(answering: .popup(.modal))
    let app = try SimulatedApp(policy: policy, deciders: ["confirm": decider])
    try await app.perform(.load(shop))
    let opened = try await app.perform(.open("about:blank", gesture: true))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .overlay))
    let link = try await app.perform(.click("about:blank", target: "_blank"))
    XCTAssertEqual(link.outcome, .popup(child: "main.2", presentation: .overlay))
    XCTAssertEqual(decider.requests.map(\.url), [])
    let result = try await app.perform(.assign("https://partner.example/"), in: "main.1")
    XCTAssertEqual(result.outcome, .navigated(session: "main.1", frame: .main))
    XCTAssertEqual(decider.requests.map(\.url), ["https://partner.example/"])
    XCTAssertEqual(decider.requests.first?.isUserGesture, true)
    let shown = try await app.simulator.session("main.1").presentation
    XCTAssertEqual(shown, .modal)
    await app.shutdown()
  }

  func test_aHostlessNewWindowRule_stillRefusesABlankPopupAtCreation() async throws {
    for include in [
      #""include": ["webkit-default"]"#,
      #""rules": [{"name": "no-popups", "match": {"target": "newWindow"}, "action": "cancel"}]"#,
    ] {
      let app = try await app(#"{"version": 1, \#(include)}"#)
      for opened in [nil, "", "about:blank"] as [String?] {
        let result = try await app.perform(.open(opened, gesture: true))
        XCTAssertEqual(result.outcome, .blocked(reason: .policy), "\(include) \(opened ?? "nil")")
      }
      await app.shutdown()
    }
  }

  // MARK: The preset rules

  func test_theAdPattern_goesToSafari_underAdClicksInEitherOrderWithGooglePay() async throws {
    for include in [#"["ad-clicks"]"#, #"["google-pay", "ad-clicks"]"#, #"["ad-clicks", "google-pay"]"#] {
      let app = try await app(#"{"version": 1, "include": \#(include)}"#)
      try await app.perform(.open(nil, gesture: true))
      let result = try await app.perform(.assign(advertiser), in: "main.1")
      XCTAssertEqual(result.outcome, .external(via: .safari, closed: ["main.1"]), include)
      XCTAssertEqual(result.rule, "ad-clicks/blank-popup-cross-site", include)
      await app.shutdown()
    }
  }

  func test_thePaymentPattern_staysInThePopup_whenGooglePayComesFirst() async throws {
    let app = try await app(#"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#)
    for (index, url) in ["https://pay.google.com/gp/p/ui/pay", "https://accounts.youtube.com/x"].enumerated() {
      try await app.perform(.open(nil, gesture: true))
      let id = SessionID("main.\(index + 1)")
      let result = try await app.perform(.assign(url), in: id)
      XCTAssertEqual(result.outcome, .navigated(session: id, frame: .main), url)
      // Judged as the new-window request the blank popup stands for: the new-window rule answers first.
      XCTAssertEqual(result.rule, "google-pay/pay-and-sign-in-popups", url)
    }
    await app.shutdown()
  }

  func test_thePaymentPattern_leavesTheApp_whenAdClicksComesFirst() async throws {
    let app = try await app(#"{"version": 1, "include": ["ad-clicks", "google-pay"]}"#)
    try await app.perform(.open(nil, gesture: true))
    let result = try await app.perform(.assign("https://pay.google.com/gp/p/ui/pay"), in: "main.1")
    XCTAssertEqual(result.outcome, .external(via: .safari, closed: ["main.1"]))
    await app.shutdown()
  }

  // MARK: finish

  private let finishing = policyJSON(rules: [
    ruleJSON("to-opener", match: #"{"paths": ["/done"]}"#, action: #"{"finish": "opener"}"#),
    ruleJSON("to-app", match: #"{"schemes": ["myapp"]}"#, action: #"{"finish": "app"}"#),
  ])

  func test_finishOpener_closesTheSubtree_andLoadsTheURLInTheOpener_withoutJudgingItAgain() async throws {
    let app = try await app(finishing, events: .lifecycle)
    let events = EventCollector(app.engine)
    try await app.perform(.open("https://idp.example/auth", gesture: true))
    try await app.perform(.open("https://idp.example/more", gesture: true), in: "main.1")
    let result = try await app.perform(.assign("https://shop.example/done?code=1"), in: "main.1")
    assertStep(
      result, .finished(via: .opener, closed: ["main.1", "main.1.1"], session: "main"),
      callbacks: [
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "cancel"),
        WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow"),
      ], rule: "to-opener")
    let line = result.json(step: 0)
    XCTAssertEqual(line["session"], .string("main"))
    XCTAssertEqual(line["via"], .string("opener"))
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://shop.example/done?code=1 2"])
    let closing = await events.settle().filter { $0.opened == nil }
    XCTAssertEqual(
      closing, [.popupClosed("main.1", reason: .finished), .popupClosed("main.1.1", reason: .openerClosed)])
    await events.stop()
    await app.shutdown()
  }

  func test_finishApp_closesThePopup_thenAnnouncesTheURLForTheApp() async throws {
    let app = try await app(finishing, events: .lifecycle)
    let events = EventCollector(app.engine)
    try await app.perform(.open("https://idp.example/auth", gesture: true))
    let result = try await app.perform(.assign("myapp://callback?code=2"), in: "main.1")
    assertStep(
      result, .finished(via: .app, closed: ["main.1"], session: nil),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "cancel")], rule: "to-app")
    XCTAssertNil(result.json(step: 0)["session"])
    let all = await events.settle()
    XCTAssertEqual(
      Array(all.dropFirst()),
      [.popupClosed("main.1", reason: .finished), .popupFinished(session: "main.1", url: "myapp://callback?code=2")])
    await events.stop()
    await app.shutdown()
  }

  func test_finishInARoot_isBlockedByThePolicy() async throws {
    let app = try await app(finishing)
    let result = try await app.perform(.assign("myapp://callback"))
    XCTAssertEqual(result.outcome, .blocked(reason: .policy))
    XCTAssertEqual(result.rule, "to-app")
    await app.shutdown()
  }

  func test_finishOnANewWindowRequestOrASubframe_behavesAsCancel() async throws {
    let app = try await app(finishing)
    let opened = try await app.perform(.open("https://shop.example/done", gesture: true))
    XCTAssertEqual(opened.outcome, .blocked(reason: .policy))
    let clicked = try await app.perform(.click("https://shop.example/done", target: "_blank"))
    XCTAssertEqual(clicked.outcome, .blocked(reason: .policy))
    try await app.perform(.open("https://idp.example/auth", gesture: true))
    let subframe = try await app.perform(
      .click("https://shop.example/done", frame: "https://idp.example/frame"), in: "main.1")
    XCTAssertEqual(subframe.outcome, .blocked(reason: .policy))
    let kept = await app.state(of: "main.1")
    XCTAssertNotNil(kept)
    await app.shutdown()
  }

  func test_finishAsAProvisionalPopupsDeciderAnswer_behavesAsCancel() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1, "rules": [{"name": "ask", "match": {"target": "newWindow"},
                                           "action": {"ask": "done"}}]},
       "deciders": {"done": {"answer": {"finish": "opener"}, "delayMs": 5}},
       "steps": [{"load": "https://shop.example/"},
                 {"open": "https://partner.example/", "gesture": true,
                  "expect": {"outcome": "blocked", "reason": "policy"}}],
       "expectFinal": {"main": {"url": "https://shop.example/", "history": 1}, "main.1": null}}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures) \(report.lines)")
  }

  func test_finishOpener_inANoopenerPopup_loadsInTheSessionThatOpenedIt() async throws {
    let app = try await app(finishing)
    try await app.perform(.open("https://idp.example/auth", gesture: true))
    try await app.perform(.open("https://idp.example/2", gesture: true, noopener: true), in: "main.1")
    let result = try await app.perform(.assign("https://shop.example/done"), in: "main.1.1")
    XCTAssertEqual(result.outcome, .finished(via: .opener, closed: ["main.1.1"], session: "main.1"))
    let state = await app.state(of: "main.1")
    XCTAssertEqual(state?.url, "https://shop.example/done")
    await app.shutdown()
  }

  // MARK: blankTimeoutMs

  func test_aBlankPopup_closesWhenTheClockReachesItsCreationPlusTheTimeout_inclusive() async throws {
    let app = try await app(#"{"version": 1, "popups": {"blankTimeoutMs": 500}}"#, events: .lifecycle)
    let events = EventCollector(app.engine)
    try await app.perform(.open(nil, gesture: true))
    try await app.perform(.open(nil, gesture: true), in: "main.1")
    let step = try await app.perform(.wait(milliseconds: 499))
    XCTAssertEqual(step.outcome, .waited(closed: []))
    let due = try await app.perform(.wait(milliseconds: 1))
    XCTAssertEqual(due.outcome, .waited(closed: ["main.1", "main.1.1"]))
    let closing = await events.settle().filter { $0.opened == nil }
    XCTAssertEqual(
      closing, [.popupClosed("main.1", reason: .blankTimeout), .popupClosed("main.1.1", reason: .openerClosed)])
    await events.stop()
    await app.shutdown()
  }

  func test_aPopupThatCommittedAPage_isNotClosedByTheTimeout_butOneAtAboutBlankIs() async throws {
    let app = try await app(#"{"version": 1, "popups": {"blankTimeoutMs": 500}}"#)
    try await app.perform(.open("https://shop.example/help", gesture: true))
    try await app.perform(.open("about:blank", gesture: true))
    let result = try await app.perform(.wait(milliseconds: 10_000))
    XCTAssertEqual(result.outcome, .waited(closed: ["main.2"]))
    let kept = await app.state(of: "main.1")
    XCTAssertNotNil(kept)
    await app.shutdown()
  }

  func test_aTimeoutFallingDueDuringAnotherStep_isReportedOnThatStepAsTimedOut() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1, "popups": {"blankTimeoutMs": 100},
                  "rules": [{"name": "ask", "match": {"hosts": ["partner.example"]}, "action": {"ask": "slow"}}]},
       "deciders": {"slow": {"answer": "allow", "delayMs": 150}},
       "steps": [{"load": "https://shop.example/"},
                 {"open": null, "gesture": true},
                 {"load": "https://partner.example/", "expect": {"outcome": "navigated", "timedOut": ["main.1"]}},
                 {"wait": 0, "expect": {"outcome": "waited"}}]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures) \(report.lines)")
    XCTAssertTrue(report.lines[2].hasSuffix(#","timedOut":["main.1"]}"#), report.lines[2])
    XCTAssertFalse(report.lines[3].contains("closed"), report.lines[3])
  }

  // MARK: maxPerMinute

  func test_theRateLimit_countsEveryChildCreatedInTheLastMinute_closedOnesIncluded() async throws {
    let app = try await app(#"{"version": 1, "popups": {"maxPerMinute": 2}}"#)
    try await app.perform(.open("https://shop.example/1", gesture: true))
    try await app.perform(.close, in: "main.1")
    try await app.perform(.open(nil, gesture: true))
    let refused = try await app.perform(.open("https://shop.example/3", gesture: true))
    XCTAssertEqual(refused.outcome, .blocked(reason: .rateLimit))
    XCTAssertEqual(refused.json(step: 0)["reason"], .string("rate-limit"))
    try await app.perform(.wait(milliseconds: 59_999))
    let stillRefused = try await app.perform(.open("https://shop.example/4", gesture: true), in: "main.2")
    XCTAssertEqual(stillRefused.outcome, .blocked(reason: .rateLimit))
    try await app.perform(.wait(milliseconds: 1))
    let admitted = try await app.perform(.open("https://shop.example/5", gesture: true))
    XCTAssertEqual(admitted.outcome, .popup(child: "main.3", presentation: .overlay))
    await app.shutdown()
  }

  func test_theRateLimit_countsProvisionalPopups_butNotRefusedRequests() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1, "popups": {"maxPerMinute": 2, "maxOpen": 1},
                  "rules": [{"name": "ask", "match": {"hosts": ["partner.example"]}, "action": {"ask": "no"}}]},
       "deciders": {"no": {"answer": "cancel", "delayMs": 5}},
       "steps": [{"load": "https://shop.example/"},
                 {"open": "https://partner.example/", "gesture": true, "expect": {"outcome": "blocked", "reason": "policy"}},
                 {"open": "https://shop.example/a", "gesture": true, "expect": {"outcome": "popup", "child": "main.2"}},
                 {"open": "https://shop.example/b", "gesture": true, "expect": {"outcome": "blocked", "reason": "rate-limit"}}]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures) \(report.lines)")
    let refusedOnly = try await replayScenario(
      #"""
      {"policy": {"version": 1, "popups": {"maxPerMinute": 2, "maxOpen": 1}},
       "steps": [{"load": "https://shop.example/"},
                 {"open": "https://shop.example/a", "gesture": true, "expect": {"outcome": "popup"}},
                 {"open": "https://shop.example/b", "gesture": true, "expect": {"reason": "popup-limit"}},
                 {"in": "main.1", "close": true},
                 {"open": "https://shop.example/c", "gesture": true, "expect": {"outcome": "popup", "child": "main.2"}}]}
      """#)
    XCTAssertEqual(refusedOnly.exitCode, 0, "\(refusedOnly.failures) \(refusedOnly.lines)")
  }

  func test_theRateLimit_isCheckedAfterTheGesture_andBeforeMaxDepthAndMaxOpen() async throws {
    let app = try await app(#"{"version": 1, "popups": {"maxPerMinute": 1, "maxOpen": 1, "maxDepth": 1}}"#)
    try await app.perform(.open("https://shop.example/1", gesture: true))
    let noGesture = try await app.perform(.click("https://shop.example/2", target: "_blank"), in: "main.1")
    XCTAssertEqual(noGesture.outcome, .blocked(reason: .rateLimit))
    let withoutGesture = try await app.simulator.session("main").admitPopup(
      for: TestAction.windowOpen("https://shop.example/3", from: shop, gesture: false))
    XCTAssertEqual(withoutGesture.outcome, .blocked(.noUserGesture))
    let overOpen = try await app.perform(.open("https://shop.example/4", gesture: true))
    XCTAssertEqual(overOpen.outcome, .blocked(reason: .rateLimit))
    await app.shutdown()
  }

  func test_theRateLimit_countsPopupsCreatedBeforeAPolicyWithItWasSwappedIn() async throws {
    let app = try await app(#"{"version": 1}"#)
    try await app.perform(.open("https://shop.example/1", gesture: true))
    try await app.perform(.open("https://shop.example/2", gesture: true))
    app.engine.replacePolicy(try makePolicy(#"{"version": 1, "popups": {"maxPerMinute": 2}}"#))
    let refused = try await app.perform(.open("https://shop.example/3", gesture: true))
    XCTAssertEqual(refused.outcome, .blocked(reason: .rateLimit))
    await app.shutdown()
  }

  // MARK: wait

  func test_wait_movesTheScenarioClock_soADeciderDelayIsMeasuredFromThere() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1, "popups": {"blankTimeoutMs": 1000}},
       "steps": [{"open": null, "gesture": true, "expect": {"outcome": "popup", "child": "main.1"}},
                 {"wait": 0, "expect": {"outcome": "waited", "callbacks": []}},
                 {"wait": 600, "expect": {"outcome": "waited"}},
                 {"in": "main.1", "wait": 400, "expect": {"outcome": "waited", "in": "main.1", "closed": ["main.1"]}}]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures) \(report.lines)")
    XCTAssertEqual(report.lines[1], #"{"step":1,"in":"main","event":"wait","outcome":"waited","callbacks":[]}"#)
  }
}
