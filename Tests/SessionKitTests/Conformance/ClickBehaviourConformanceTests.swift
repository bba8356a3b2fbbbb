import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Google's click-behaviour table for WKWebView, without delegates (`webkit-default`) and with the
/// optimised behaviour (`ad-clicks`), and the Google Pay popup flow (`google-pay` + `ad-clicks`).
final class ClickBehaviourConformanceTests: XCTestCase {
  private let game = "https://publisher.example/game"
  private let landing = "https://advertiser.example/landing"
  private let adSlot = "https://ads.adnetwork.example/slot/1"

  /// The page events of Google's table, each with a name for failure messages.
  private var outboundClicks: [(name: String, event: PageEvent)] {
    [
      ("_blank link", .click(landing, target: "_blank")),
      ("_top link in the ad iframe", .click(landing, target: "_top", frame: adSlot)),
      ("_self link", .click(landing, target: "_self")),
      ("_parent link", .click(landing, target: "_parent")),
      ("_blank link in the ad iframe", .click(landing, target: "_blank", frame: adSlot)),
      ("window.open(url, _blank)", .open(landing, target: "_blank", gesture: true)),
    ]
  }

  private func loadedGame(policy: String) async throws -> SimulatedApp {
    let app = try SimulatedApp(policy: policy)
    try await app.perform(.load(game))
    return app
  }

  // Google's table, no delegate: `_blank` links and `window.open` do nothing.
  func test_webKitDefault_blankLinksAndWindowOpenDoNothing() async throws {
    let app = try await loadedGame(policy: "webkit-default")
    let link = try await app.perform(.click(landing, target: "_blank"))
    assertStep(
      link, .blocked(reason: .policy),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel")],
      rule: "webkit-default/new-windows")
    let open = try await app.perform(.open(landing, gesture: true))
    assertStep(
      open, .blocked(reason: .policy), callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")],
      rule: "webkit-default/new-windows")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(game) 1"])
  }

  // Google's table, no delegate: `_top`, `_self` and `_parent` replace the current page.
  func test_webKitDefault_topSelfAndParentLinksReplaceThePage() async throws {
    for target in ["_top", "_self", "_parent"] {
      let app = try await loadedGame(policy: "webkit-default")
      let frame = target == "_top" ? adSlot : nil
      let result = try await app.perform(.click(landing, target: target, frame: frame))
      assertStep(
        result, .navigated(session: "main", frame: .main),
        callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")],
        rule: "default")
      let state = await app.state(of: "main")
      XCTAssertEqual(state?.url, landing, target)
      XCTAssertEqual(state?.history, 2, target)
    }
  }

  // Google's table, optimised: every outbound click opens in Safari (SFSafariViewController) and the game
  // keeps its URL and history.
  func test_adClicks_everyOutboundClickOpensInSafari_andTheGameKeepsItsState() async throws {
    let app = try await loadedGame(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    for (name, event) in outboundClicks {
      let result = try await app.perform(event)
      XCTAssertEqual(result.outcome, .external(via: .safari), name)
      XCTAssertEqual(result.url, landing, name)
      XCTAssertEqual(result.rule?.hasPrefix("ad-clicks/cross-site-"), true, name)
      XCTAssertTrue(
        result.callbacks.allSatisfy { $0.answer == "cancel" || $0.answer == "nil" }, "\(name): \(result.callbacks)")
    }
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(game) 1"])
  }

  // The exact calls of the optimised table: a `_blank` link is cancelled in the opener's nil-target check, a
  // `window.open` is refused in createWebViewWith, a `_top` link in the ad iframe is cancelled for the main frame.
  func test_adClicks_outboundClicksAreRefusedAtTheFirstCallback() async throws {
    let app = try await loadedGame(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    assertStep(
      try await app.perform(.click(landing, target: "_blank")), .external(via: .safari),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel")],
      rule: "ad-clicks/cross-site-new-window")
    assertStep(
      try await app.perform(.click(landing, target: "_top", frame: adSlot)), .external(via: .safari),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "cancel")],
      rule: "ad-clicks/cross-site-link")
    assertStep(
      try await app.perform(.open(landing, gesture: true)), .external(via: .safari),
      callbacks: [WebKitCall.createWebViewWith("main", .other, answer: "nil")],
      rule: "ad-clicks/cross-site-new-window")
  }

  // Google's guide: App Store links open the App Store app (the system), whatever their target.
  func test_adClicks_appStoreLinksOpenWithTheSystem() async throws {
    let app = try await loadedGame(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    let cases: [(event: PageEvent, rule: String)] = [
      (.click("https://apps.apple.com/app/id123", target: "_blank"), "ad-clicks/app-store"),
      (.click("https://apps.apple.com/app/id123"), "ad-clicks/app-store"),
      (.click("https://itunes.apple.com/app/id123", target: "_top", frame: adSlot), "ad-clicks/app-store"),
      (.open("https://apps.apple.com/app/id123", gesture: true), "ad-clicks/app-store-new-window"),
      (.click("itms-apps://itunes.apple.com/app/id123"), "ad-clicks/app-store-scheme"),
      (.click("itms-appss://apps.apple.com/app/id123", target: "_blank"), "ad-clicks/app-store-scheme"),
    ]
    for (event, rule) in cases {
      let result = try await app.perform(event)
      XCTAssertEqual(result.outcome, .external(via: .system), "\(event)")
      XCTAssertEqual(result.rule, rule, "\(event)")
    }
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main \(game) 1"])
  }

  // Google's guide: same-site links stay in the web view.
  func test_adClicks_sameSiteLinksStayInTheWebView() async throws {
    let app = try await loadedGame(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    let result = try await app.perform(.click("https://www.publisher.example/level-2"))
    assertStep(
      result, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "main", answer: "allow")],
      rule: "default")
  }

  // §4: a popup that has committed nothing (window.open()) is judged against its opener's site; §7.1: sent
  // outside, its first load closes it.
  func test_adClicks_inABlankPopup_judgeLinksAgainstTheOpenersSite() async throws {
    let app = try await loadedGame(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    try await app.perform(.open(nil, gesture: true))
    let sameSite = try await app.perform(.click("https://www.publisher.example/help"), in: "main.1")
    XCTAssertEqual(sameSite.outcome, .navigated(session: "main.1", frame: .main))
    try await app.perform(.open(nil, gesture: true))
    let outbound = try await app.perform(.click(landing), in: "main.2")
    XCTAssertEqual(outbound.outcome, .external(via: .safari, closed: ["main.2"]))
    XCTAssertEqual(outbound.rule, "ad-clicks/blank-popup-cross-site")
  }

  // §4: a root that has committed nothing has no origin: every new window is cross-site to it. (A link aimed at
  // the root's own initial document is reported as `other`, observed in WebKitGTK 2.50: no `linkActivated` rule.)
  func test_adClicks_beforeTheFirstLoad_everyNewWindowLeavesTheApp() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    let result = try await app.perform(.click(game, target: "_blank"))
    assertStep(
      result, .external(via: .safari),
      callbacks: [WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "cancel")],
      rule: "ad-clicks/cross-site-new-window")
    let own = try await app.perform(.click(game))
    assertStep(
      own, .navigated(session: "main", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main", .other, target: "main", answer: "allow")], rule: "default")
  }

  // The Google Pay flow: the payment window opens over the merchant page (overlay, main.1), signs in inside
  // the popup, and its `window.close()` removes only the popup; the merchant page stays.
  func test_googlePay_popupOverTheMerchantPage_signsIn_andClosesOnlyItself() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#)
    try await app.perform(.load("https://merchant.example/checkout"))

    let opened = try await app.perform(.open("https://pay.google.com/gp/p/ui/pay", gesture: true))
    assertStep(
      opened, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.createWebViewWith("main", .other, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ], rule: "google-pay/pay-and-sign-in-popups")

    let signIn = try await app.perform(.click("https://accounts.google.com/signin"), in: "main.1")
    assertStep(
      signIn, .navigated(session: "main.1", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .linkActivated, target: "main", answer: "allow")])
    let back = try await app.perform(.assign("https://pay.google.com/gp/p/ui/pay?done=1"), in: "main.1")
    XCTAssertEqual(back.outcome, .navigated(session: "main.1", frame: .main))

    let closed = try await app.perform(.close, in: "main.1")
    assertStep(closed, .closed(["main.1"]), callbacks: [WebKitCall.webViewDidClose("main.1")])
    let mainClose = try await app.perform(.close)
    XCTAssertEqual(mainClose.outcome, .ignored)
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://merchant.example/checkout 1"])
  }

  // The conflict the presets resolve: with ad-clicks alone the payment window would go to Safari.
  func test_adClicksAlone_sendsThePaymentWindowToSafari() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1, "include": ["ad-clicks"]}"#)
    try await app.perform(.load("https://merchant.example/checkout"))
    let opened = try await app.perform(.open("https://pay.google.com/gp/p/ui/pay", gesture: true))
    XCTAssertEqual(opened.outcome, .external(via: .safari))
  }
}
