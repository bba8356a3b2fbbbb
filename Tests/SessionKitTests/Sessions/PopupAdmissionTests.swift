import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// PolicyFormat.md's actions table, for `createWebViewWith` (``Session/admitPopup(for:)``), answered
/// synchronously; `ask` popups are provisional until their first load; a popup's first load is not judged again.
final class PopupAdmissionTests: XCTestCase {
  /// The answer table's policy, with `modal` as the default presentation so `allow` shows where it comes from.
  private static let policy = #"""
    {"version": 1,
     "rules": [{"name": "r-allow", "match": {"hosts": ["allow.example"]}, "action": "allow"},
               {"name": "r-popup", "match": {"hosts": ["popup.example"]}, "action": {"popup": "overlay"}},
               {"name": "r-cancel", "match": {"hosts": ["cancel.example"]}, "action": "cancel"},
               {"name": "r-download", "match": {"hosts": ["download.example"]}, "action": "download"},
               {"name": "r-safari", "match": {"hosts": ["safari.example"]}, "action": {"external": "safari"}},
               {"name": "r-same", "match": {"hosts": ["same.example"]}, "action": "sameView"},
               {"name": "r-ask", "match": {"hosts": ["ask.example"]}, "action": {"ask": "confirm"}}],
     "popups": {"presentation": "modal"},
     "deciders": {"timeoutMs": 5000, "onTimeout": "cancel"}}
    """#

  private func engine(answer: PolicyAction = .allow) throws -> (SessionEngine, CountingDecider) {
    let decider = CountingDecider(answering: answer)
    return (try makeEngine(Self.policy, deciders: ["confirm": decider]), decider)
  }

  // MARK: - Answers without a decider

  func test_popupRule_createsAChild_withThatPresentation_andAnnouncesIt() async throws {
    let (engine, _) = try engine()
    let events = EventCollector(engine)
    let root = engine.makeRootSession()

    let admission = root.admitPopup(for: TestAction.windowOpen("https://popup.example/pay"))

    let child = try XCTUnwrap(admission.child)
    XCTAssertEqual(child.id, "main.1")
    XCTAssertEqual(admission.presentation, .overlay)
    XCTAssertEqual(child.presentation, .overlay)
    XCTAssertEqual(admission.action, .popup(.overlay))
    XCTAssertFalse(admission.isProvisional)
    XCTAssertFalse(child.isProvisional)
    XCTAssertEqual(admission.trace.rule, "r-popup")
    XCTAssertTrue(child.opener === root)
    XCTAssertEqual(root.children.map(\.id), ["main.1"])
    let opened = await events.settle().compactMap(\.opened)
    XCTAssertEqual(opened.map(\.child), ["main.1"])
    XCTAssertEqual(opened.map(\.opener), ["main"])
    XCTAssertEqual(opened.map(\.presentation), [.overlay])
    XCTAssertEqual(opened.map(\.url), ["https://popup.example/pay"])
    await events.stop()
  }

  func test_allowRule_createsAChild_withThePolicysPresentation() throws {
    let (engine, _) = try engine()
    let root = engine.makeRootSession()

    defer { withExtendedLifetime(root) {} }

    let admission = root.admitPopup(for: TestAction.windowOpen("https://allow.example/"))

    XCTAssertNotNil(admission.child)
    XCTAssertEqual(admission.presentation, .modal)
    XCTAssertEqual(admission.action, .allow)
  }

  func test_externalRule_createsNoChild_andOpensOutside() async throws {
    let (engine, _) = try engine()
    let events = EventCollector(engine)
    let root = engine.makeRootSession()

    let admission = root.admitPopup(for: TestAction.windowOpen("https://safari.example/ad"))

    XCTAssertNil(admission.child)
    XCTAssertEqual(admission.outcome, .openExternally(url: "https://safari.example/ad", via: .safari))
    XCTAssertTrue(root.children.isEmpty)
    let external = await events.settle().compactMap(\.external)
    XCTAssertEqual(external.map(\.session), ["main"])
    XCTAssertEqual(external.map(\.via), [.safari])
    await events.stop()
  }

  func test_sameViewRule_createsNoChild_andLoadsInTheOpener_withoutJudgingThatLoadAgain() async throws {
    let (engine, _) = try engine()
    let root = engine.makeRootSession()
    let url = "https://same.example/page"

    let admission = root.admitPopup(for: TestAction.windowOpen(url))
    engine.replacePolicy(try makePolicy(DecidePolicyAnswerTests.cancelEverything))
    let load = await root.decide(TestAction.load(url))

    XCTAssertNil(admission.child)
    XCTAssertEqual(admission.outcome, .loadInstead(url: url, in: "main"))
    XCTAssertEqual(load.policy, .allow)
    XCTAssertEqual(load.trace.notes, ["a load the engine started; not judged again"])
  }

  func test_cancelOrDownloadRule_createsNoChild_reasonPolicy() throws {
    let (engine, _) = try engine()
    let root = engine.makeRootSession()

    for (url, action) in [
      ("https://cancel.example/", PolicyAction.cancel), ("https://download.example/a.zip", .download),
    ] {
      let admission = root.admitPopup(for: TestAction.windowOpen(url))
      XCTAssertNil(admission.child, url)
      XCTAssertEqual(admission.outcome, .blocked(.policy), url)
      XCTAssertEqual(admission.action, action, url)
    }
    XCTAssertTrue(root.children.isEmpty)
  }

  func test_popupsFirstLoad_isAllowedWithoutEvaluatingAgain_onlyOnce() async throws {
    let (engine, _) = try engine()
    let url = "https://allow.example/first"
    let root = engine.makeRootSession()

    defer { withExtendedLifetime(root) {} }

    let popup = try openPopup(from: root, url)
    engine.replacePolicy(try makePolicy(DecidePolicyAnswerTests.cancelEverything))

    let firstLoad = await popup.decide(TestAction.load(url, gesture: true))
    let secondLoad = await popup.decide(TestAction.load(url))

    XCTAssertEqual(firstLoad.policy, .allow)
    XCTAssertEqual(firstLoad.trace.rule, "r-allow")
    XCTAssertEqual(firstLoad.trace.notes, ["a load the engine started; not judged again"])
    XCTAssertEqual(secondLoad.policy, .cancel)
  }

  func test_popupsFirstLoad_isMatchedByTheNormalizedURL() async throws {
    let (engine, _) = try engine()
    let root = engine.makeRootSession()

    defer { withExtendedLifetime(root) {} }

    let popup = try openPopup(from: root, "HTTPS://Allow.Example:443/first")
    engine.replacePolicy(try makePolicy(DecidePolicyAnswerTests.cancelEverything))

    let firstLoad = await popup.decide(TestAction.load("https://allow.example/first"))

    XCTAssertEqual(firstLoad.policy, .allow)
  }

  // MARK: - Empty URL (window.open())

  func test_windowOpenWithoutURL_andAnAskRule_opensANonProvisionalPopup_withThePolicysPresentation() async throws {
    let (engine, decider) = try engine()
    let events = EventCollector(engine)
    let askEverything = try makePolicy(
      #"{"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}], "popups": {"presentation": "modal"}}"#)
    engine.replacePolicy(askEverything)
    let root = engine.makeRootSession()

    let admission = root.admitPopup(for: TestAction.windowOpen(""))

    let child = try XCTUnwrap(admission.child)
    XCTAssertFalse(admission.isProvisional)
    XCTAssertFalse(child.isProvisional)
    XCTAssertEqual(admission.presentation, .modal)
    XCTAssertEqual(decider.callCount, 0, "nothing to ask about")
    let opened = await events.settle().compactMap(\.opened)
    XCTAssertEqual(opened.map(\.url), ["about:blank"])
    XCTAssertEqual(opened.map(\.presentation), [.modal])
    await events.stop()
  }

  func test_windowOpenWithoutURL_answeredExternalOrSameView_isRefused_reasonPolicy() throws {
    for action in [#"{"external": "safari"}"#, #""sameView""#] {
      let engine = try makeEngine(
        #"{"version": 1, "rules": [{"name": "r", "action": \#(action)}]}"#, events: .none)
      let root = engine.makeRootSession()

      let admission = root.admitPopup(for: TestAction.windowOpen(""))
      XCTAssertNil(admission.child, action)
      XCTAssertEqual(admission.outcome, .blocked(.policy), action)
    }
  }

  func test_windowOpenAboutBlank_isAnOrdinaryURL_loadedInTheOpenerBySameView_butNeverSentOutside() throws {
    let sameView = try makeEngine(#"{"version": 1, "rules": [{"name": "r", "action": "sameView"}]}"#, events: .none)
    let opener = sameView.makeRootSession()
    XCTAssertEqual(
      opener.admitPopup(for: TestAction.windowOpen("about:blank")).outcome,
      .loadInstead(url: "about:blank", in: "main"))

    let external = try makeEngine(
      #"{"version": 1, "rules": [{"name": "r", "action": {"external": "system"}}]}"#, events: .none)
    let root = external.makeRootSession()
    let admission = root.admitPopup(for: TestAction.windowOpen("about:blank#x"))
    XCTAssertEqual(admission.outcome, .blocked(.policy))
    XCTAssertEqual(admission.trace.notes, ["an about: URL is never opened outside the app"])
  }

  func test_windowOpenWithoutURL_allowed_opensAPopupWithNothingToLoad() async throws {
    let engine = try makeEngine(#"{"version": 1}"#, events: .none)
    let root = engine.makeRootSession()

    defer { withExtendedLifetime(root) {} }

    let popup = try openPopup(from: root, "")
    engine.replacePolicy(try makePolicy(DecidePolicyAnswerTests.cancelEverything))

    let scriptLoad = await popup.decide(TestAction.load("https://later.example/"))

    XCTAssertEqual(scriptLoad.policy, .cancel, "a later w.location = url is judged")
  }

  // MARK: - Ask: provisional popups

  func test_askRule_createsAProvisionalChild_announcedOnlyWhenItsDeciderKeepsIt() async throws {
    let (engine, decider) = try engine(answer: .popup(.overlay))
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let url = "https://ask.example/checkout"

    let admission = root.admitPopup(for: TestAction.windowOpen(url))
    let child = try XCTUnwrap(admission.child)
    let beforeFirstLoad = await events.settle()

    XCTAssertTrue(admission.isProvisional)
    XCTAssertTrue(child.isProvisional)
    XCTAssertEqual(admission.action, .ask("confirm"))
    XCTAssertEqual(decider.callCount, 0, "createWebViewWith cannot await a decider")
    XCTAssertTrue(beforeFirstLoad.compactMap(\.opened).isEmpty)

    let firstLoad = await child.decide(TestAction.load(url, gesture: true))

    XCTAssertEqual(firstLoad.policy, .allow)
    XCTAssertEqual(firstLoad.action, .popup(.overlay))
    XCTAssertEqual(firstLoad.trace.rule, "r-ask")
    XCTAssertEqual(firstLoad.trace.notes, [#"decider "confirm" answered {"popup":"overlay"}"#])
    XCTAssertFalse(child.isProvisional)
    XCTAssertFalse(child.isClosed)
    XCTAssertEqual(child.presentation, .overlay)
    XCTAssertEqual(decider.callCount, 1)
    let opened = await events.settle().compactMap(\.opened)
    XCTAssertEqual(opened.map(\.child), ["main.1"])
    XCTAssertEqual(opened.map(\.opener), ["main"])
    XCTAssertEqual(opened.map(\.presentation), [.overlay])

    let secondLoad = await child.decide(TestAction.link("https://ask.example/next"))
    XCTAssertEqual(decider.callCount, 2, "only the first load confirms; later ones are judged as usual")
    XCTAssertEqual(secondLoad.policy, .allow)
    await events.stop()
  }

  func test_provisionalChildKeptByAllow_getsThePolicysPresentation() async throws {
    let (engine, _) = try engine(answer: .allow)
    let root = engine.makeRootSession()

    defer { withExtendedLifetime(root) {} }

    let child = try openPopup(from: root, "https://ask.example/")

    let firstLoad = await child.decide(TestAction.load("https://ask.example/", gesture: true))

    XCTAssertEqual(firstLoad.policy, .allow)
    XCTAssertEqual(child.presentation, .modal)
    XCTAssertFalse(child.isProvisional)
  }

  func test_provisionalChildAnsweredExternal_isClosed_andOpensOutsideOnce() async throws {
    let (engine, _) = try engine(answer: .external(.safari))
    let events = EventCollector(engine)
    let root = engine.makeRootSession()
    let url = "https://ask.example/offer"
    let child = try openPopup(from: root, url)

    let firstLoad = await child.decide(TestAction.load(url, gesture: true))

    XCTAssertEqual(firstLoad.policy, .cancel)
    XCTAssertEqual(firstLoad.action, .external(.safari))
    XCTAssertEqual(firstLoad.outcome, .openExternally(url: url, via: .safari))
    XCTAssertEqual(firstLoad.closedSessions, ["main.1"])
    XCTAssertTrue(child.isClosed)
    XCTAssertTrue(root.children.isEmpty)
    let all = await events.settle()
    XCTAssertEqual(all.compactMap(\.closed).map(\.id), ["main.1"])
    XCTAssertEqual(all.compactMap(\.closed).map(\.reason), [.refused])
    XCTAssertTrue(all.compactMap(\.opened).isEmpty)
    XCTAssertEqual(
      all.compactMap(\.external).count, 1,
      "the URL must be opened outside once, not once per event: \(all.compactMap(\.external))")
    await events.stop()
  }

  func test_provisionalChildAnsweredSameView_isClosed_andLoadsInTheOpener() async throws {
    let (engine, _) = try engine(answer: .sameView)
    let root = engine.makeRootSession()
    let url = "https://ask.example/article"
    let child = try openPopup(from: root, url)

    let firstLoad = await child.decide(TestAction.load(url, gesture: true))
    engine.replacePolicy(try makePolicy(DecidePolicyAnswerTests.cancelEverything))
    let openerLoad = await root.decide(TestAction.load(url))

    XCTAssertEqual(firstLoad.policy, .cancel)
    XCTAssertEqual(firstLoad.action, .sameView)
    XCTAssertEqual(firstLoad.outcome, .loadInstead(url: url, in: "main"))
    XCTAssertEqual(firstLoad.closedSessions, ["main.1"])
    XCTAssertTrue(child.isClosed)
    XCTAssertEqual(openerLoad.policy, .allow, "the opener's load was started by the engine")
  }

  func test_provisionalChildAnsweredCancelOrDownload_isClosed_reasonPolicy() async throws {
    for answer in [PolicyAction.cancel, .download] {
      let (engine, _) = try engine(answer: answer)
      let root = engine.makeRootSession()
      let url = "https://ask.example/file"
      let child = try openPopup(from: root, url)

      let firstLoad = await child.decide(TestAction.load(url, gesture: true))

      XCTAssertEqual(firstLoad.policy, .cancel, "\(answer)")
      XCTAssertEqual(firstLoad.action, answer)
      XCTAssertEqual(firstLoad.outcome, .blocked(.policy), "\(answer)")
      XCTAssertEqual(firstLoad.closedSessions, ["main.1"])
      XCTAssertTrue(child.isClosed)
      XCTAssertTrue(root.children.isEmpty)
    }
  }

  func test_provisionalChildWhoseDeciderTimesOut_getsOnTimeout() async throws {
    let clock = VirtualClock()
    let engine = try makeEngine(
      #"""
      {"version": 1, "rules": [{"name": "ask", "action": {"ask": "confirm"}}],
       "deciders": {"timeoutMs": 5, "onTimeout": {"popup": "overlay"}}}
      """#, deciders: ["confirm": ManualDecider()], events: .none, clock: clock)
    let root = engine.makeRootSession()
    defer { withExtendedLifetime(root) {} }
    let child = try openPopup(from: root, "https://pay.example/")

    async let pending = child.decide(TestAction.load("https://pay.example/", gesture: true))
    await advance(clock, by: .milliseconds(5))
    let firstLoad = await pending

    XCTAssertEqual(firstLoad.policy, .allow)
    XCTAssertEqual(child.presentation, .overlay)
    XCTAssertEqual(firstLoad.trace.notes, [#"decider "confirm" did not answer within 5 ms; onTimeout applied"#])
  }
}
