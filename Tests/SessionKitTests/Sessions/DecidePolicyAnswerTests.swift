import XCTest

@testable import SessionKit

/// PolicyFormat.md's actions table, for `decidePolicyFor`, through the engine: on an existing frame, and with a nil
/// target (the opener's check of a `_blank` link, before `createWebViewWith`).
final class DecidePolicyAnswerTests: XCTestCase {
  /// One rule per action, by host; anything else is cancelled.
  static let tablePolicy = #"""
    {"version": 1,
     "rules": [{"name": "r-allow", "match": {"hosts": ["allow.example"]}, "action": "allow"},
               {"name": "r-popup", "match": {"hosts": ["popup.example"]}, "action": {"popup": "modal"}},
               {"name": "r-cancel", "match": {"hosts": ["cancel.example"]}, "action": "cancel"},
               {"name": "r-download", "match": {"hosts": ["download.example"]}, "action": "download"},
               {"name": "r-safari", "match": {"hosts": ["safari.example"]}, "action": {"external": "safari"}},
               {"name": "r-system", "match": {"hosts": ["system.example"]}, "action": {"external": "system"}},
               {"name": "r-same", "match": {"hosts": ["same.example"]}, "action": "sameView"}],
     "default": "cancel",
     "popups": {"presentation": "overlay"}}
    """#

  /// Cancels everything: swapped in to show that a later callback was not evaluated again.
  static let cancelEverything = #"{"version": 1, "default": "cancel"}"#

  private struct Expected {
    var policy: NavigationActionPolicy
    var action: PolicyAction
    var outcome: NavigationOutcome
  }

  private func assertDecision(
    _ decision: NavigationDecision, _ expected: Expected, rule: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(decision.policy, expected.policy, "\(decision)", file: file, line: line)
    XCTAssertEqual(decision.action, expected.action, "\(decision)", file: file, line: line)
    XCTAssertEqual(decision.outcome, expected.outcome, "\(decision)", file: file, line: line)
    XCTAssertEqual(decision.trace.rule, rule, file: file, line: line)
    XCTAssertEqual(decision.closedSessions, [], file: file, line: line)
  }

  // MARK: - An existing frame

  func test_existingFrame_answersEachActionAsTheTableSays() async throws {
    let engine = try makeEngine(Self.tablePolicy, events: .none)
    let root = engine.makeRootSession()
    let cases: [(host: String, rule: String, expected: Expected)] = [
      ("allow.example", "r-allow", Expected(policy: .allow, action: .allow, outcome: .allow)),
      ("popup.example", "r-popup", Expected(policy: .allow, action: .popup(.modal), outcome: .allow)),
      ("cancel.example", "r-cancel", Expected(policy: .cancel, action: .cancel, outcome: .blocked(.policy))),
      ("download.example", "r-download", Expected(policy: .download, action: .download, outcome: .download)),
      (
        "safari.example", "r-safari",
        Expected(
          policy: .cancel, action: .external(.safari),
          outcome: .openExternally(url: "https://safari.example/page", via: .safari))
      ),
      (
        "system.example", "r-system",
        Expected(
          policy: .cancel, action: .external(.system),
          outcome: .openExternally(url: "https://system.example/page", via: .system))
      ),
      ("same.example", "r-same", Expected(policy: .allow, action: .sameView, outcome: .allow)),
      ("unlisted.example", "default", Expected(policy: .cancel, action: .cancel, outcome: .blocked(.policy))),
    ]

    for (host, rule, expected) in cases {
      let url = "https://\(host)/page"
      assertDecision(await root.decide(TestAction.link(url)), expected, rule: rule)
      assertDecision(await root.decide(TestAction.load(url)), expected, rule: rule)
      assertDecision(await root.decide(TestAction.subframeLink(url)), expected, rule: rule)
    }
  }

  func test_existingFrame_sameViewAndPopupAnswers_startNoLoadAndNoPopup() async throws {
    let engine = try makeEngine(Self.tablePolicy)
    let events = EventCollector(engine)
    let root = engine.makeRootSession()

    _ = await root.decide(TestAction.link("https://same.example/"))
    _ = await root.decide(TestAction.link("https://popup.example/"))
    engine.replacePolicy(try makePolicy(Self.cancelEverything))
    let again = await root.decide(TestAction.link("https://same.example/"))

    XCTAssertEqual(again.policy, .cancel, "no load was expected, so the URL is judged again")
    XCTAssertTrue(root.children.isEmpty)
    let all = await events.settle()
    XCTAssertTrue(all.compactMap(\.opened).isEmpty)
    await events.stop()
  }

  // MARK: - A nil target (new window)

  func test_newWindowAllowOrPopup_isAllowed_andCreateWebViewWithReusesThatDecision() async throws {
    for (host, rule, presentation) in [
      ("allow.example", "r-allow", PopupPresentation.overlay), ("popup.example", "r-popup", .modal),
    ] {
      let engine = try makeEngine(Self.tablePolicy, events: .none)
      let root = engine.makeRootSession()
      let url = "https://\(host)/window"

      let decision = await root.decide(TestAction.blankLink(url))
      engine.replacePolicy(try makePolicy(Self.cancelEverything))
      let admission = root.admitPopup(for: TestAction.blankLink(url))

      XCTAssertEqual(decision.policy, .allow, host)
      XCTAssertEqual(decision.outcome, .allow, host)
      XCTAssertEqual(decision.trace.rule, rule)
      let child = try XCTUnwrap(admission.child, "\(host): createWebViewWith evaluated again: \(admission.trace)")
      XCTAssertEqual(admission.presentation, presentation, host)
      XCTAssertEqual(child.presentation, presentation, host)
      XCTAssertFalse(admission.isProvisional)
      XCTAssertEqual(admission.trace, decision.trace, "the admission carries the decision's trace")
    }
  }

  func test_newWindowAllowedByADecider_isNotAskedAgain_byCreateWebViewWith() async throws {
    let decider = CountingDecider(answering: .popup(.modal))
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}]}"#, deciders: ["confirm": decider],
      events: .none)
    let root = engine.makeRootSession()

    let decision = await root.decide(TestAction.blankLink("https://pay.example/"))
    let admission = root.admitPopup(for: TestAction.blankLink("https://pay.example/"))

    XCTAssertEqual(decision.policy, .allow)
    XCTAssertEqual(decision.action, .popup(.modal))
    XCTAssertNotNil(admission.child)
    XCTAssertFalse(admission.isProvisional, "the decider already answered")
    XCTAssertEqual(admission.presentation, .modal)
    XCTAssertEqual(decider.callCount, 1)
  }

  func test_newWindowAdmission_isUsedOnce() async throws {
    let engine = try makeEngine(Self.tablePolicy, events: .none)
    let root = engine.makeRootSession()
    _ = await root.decide(TestAction.blankLink("https://allow.example/"))
    engine.replacePolicy(try makePolicy(Self.cancelEverything))

    let first = root.admitPopup(for: TestAction.blankLink("https://allow.example/"))
    let second = root.admitPopup(for: TestAction.blankLink("https://allow.example/"))

    XCTAssertNotNil(first.child)
    XCTAssertNil(second.child, "a second createWebViewWith is judged by the current policy")
    XCTAssertEqual(second.outcome, .blocked(.policy))
  }

  /// A `_blank` link allowed by `decidePolicyFor` whose `createWebViewWith` was refused by a limit leaves its
  /// admission behind; a later `window.open` of the same URL (which WebKit never sends through
  /// `decidePolicyFor`) must be judged on its own, not ride on the stale admission.
  func test_newWindowAllowedButRefusedByALimit_isForgotten_soALaterWindowOpenIsJudged() async throws {
    let engine = try makeEngine(
      #"""
      {"version": 1,
       "rules": [{"name": "no-script-windows", "match": {"navigationTypes": ["other"], "target": "newWindow"},
                  "action": "cancel"}],
       "popups": {"maxOpen": 1}}
      """#, events: .none)
    let root = engine.makeRootSession()
    let first = try openPopup(from: root, TestAction.blankLink("https://first.example/"))
    let url = "https://second.example/"
    let allowed = await root.decide(TestAction.blankLink(url))
    let refused = root.admitPopup(for: TestAction.blankLink(url))
    XCTAssertEqual(allowed.policy, .allow)
    XCTAssertEqual(refused.outcome, .blocked(.popupLimit))
    first.dismiss()

    let scriptOpen = root.admitPopup(for: TestAction.windowOpen(url))

    XCTAssertNil(scriptOpen.child, "window.open rode on the link's stale admission: \(scriptOpen.trace)")
    XCTAssertEqual(scriptOpen.outcome, .blocked(.policy))
    XCTAssertEqual(scriptOpen.trace.rule, "no-script-windows")
  }

  func test_newWindowSameView_cancels_andLoadsInThisWebView_whoseLoadIsNotJudgedAgain() async throws {
    let engine = try makeEngine(Self.tablePolicy, events: .none)
    let root = try engine.makeRootSession(id: "tab")
    let url = "https://same.example/window"

    let decision = await root.decide(TestAction.blankLink(url))
    engine.replacePolicy(try makePolicy(Self.cancelEverything))
    let load = await root.decide(TestAction.load(url, from: "https://site.example/", type: .other))
    let again = await root.decide(TestAction.load(url, from: "https://site.example/", type: .other))

    assertDecision(
      decision, Expected(policy: .cancel, action: .sameView, outcome: .loadInstead(url: url, in: "tab")), rule: "r-same"
    )
    XCTAssertEqual(load.policy, .allow)
    XCTAssertEqual(load.trace.rule, "r-same", "the earlier decision covers the load")
    XCTAssertEqual(load.trace.notes, ["a load the engine started; not judged again"])
    XCTAssertEqual(again.policy, .cancel, "only the one load the engine started is exempt")
    XCTAssertEqual(again.trace.rule, "default")
  }

  func test_newWindowExternal_cancels_andOpensOutside() async throws {
    let engine = try makeEngine(Self.tablePolicy, events: .none)
    let root = engine.makeRootSession()

    let safari = await root.decide(TestAction.blankLink("https://safari.example/ad"))
    let system = await root.decide(TestAction.blankLink("https://system.example/ad"))

    assertDecision(
      safari,
      Expected(
        policy: .cancel, action: .external(.safari),
        outcome: .openExternally(url: "https://safari.example/ad", via: .safari)), rule: "r-safari")
    assertDecision(
      system,
      Expected(
        policy: .cancel, action: .external(.system),
        outcome: .openExternally(url: "https://system.example/ad", via: .system)), rule: "r-system")
    XCTAssertTrue(root.children.isEmpty)
  }

  func test_newWindowCancelOrDownload_cancels_withReasonPolicy() async throws {
    let engine = try makeEngine(Self.tablePolicy, events: .none)
    let root = engine.makeRootSession()

    let cancel = await root.decide(TestAction.blankLink("https://cancel.example/"))
    let download = await root.decide(TestAction.blankLink("https://download.example/file.zip"))

    assertDecision(cancel, Expected(policy: .cancel, action: .cancel, outcome: .blocked(.policy)), rule: "r-cancel")
    assertDecision(
      download, Expected(policy: .cancel, action: .download, outcome: .blocked(.policy)), rule: "r-download")
  }

  func test_newWindowDownloadFromADecider_isBlocked_withReasonPolicy() async throws {
    let engine = try makeEngine(
      #"{"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}]}"#,
      deciders: ["confirm": CountingDecider(answering: .download)], events: .none)
    let root = engine.makeRootSession()

    let newWindow = await root.decide(TestAction.blankLink("https://files.example/a.zip"))
    let sameFrame = await root.decide(TestAction.link("https://files.example/a.zip"))

    XCTAssertEqual(newWindow.policy, .cancel)
    XCTAssertEqual(newWindow.action, .download)
    XCTAssertEqual(newWindow.outcome, .blocked(.policy))
    XCTAssertEqual(sameFrame.policy, .download, "on an existing frame download stays a download")
  }
}
