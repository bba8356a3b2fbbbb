import XCTest

@testable import SessionKit

/// The popup tree's state machine on its own: every transition, with no actor, lock or task involved.
final class PopupTreeStateTests: XCTestCase {
  private typealias Key = PopupTreeState.Key
  private let root = PopupTreeState.rootKey
  private let limits = PopupLimits(presentation: .overlay, maxDepth: 2, maxOpen: 3, requireUserGesture: true)

  private func address(_ string: String) throws -> WebAddress { try WebAddress(string) }

  private func trace(_ name: String) -> PolicyDecision.Trace {
    PolicyDecision.Trace(source: .rule(name: name, index: 0), snapshot: 1)
  }

  private func open(
    _ state: inout PopupTreeState, under key: Key, firstLoad: PendingLoad? = nil, url: String = "https://p.example/",
    limits: PopupLimits? = nil
  ) throws -> Key {
    guard
      case .opened(let child, _) = state.openPopup(
        under: key, presentation: .overlay, firstLoad: firstLoad, limits: limits ?? self.limits, url: url)
    else {
      XCTFail("the popup was refused")
      throw CancellationError()
    }
    return child
  }

  private func commit(
    _ state: inout PopupTreeState, _ url: String, in key: Key,
    kind: PopupTreeState.HistoryChange = .newEntry(isPost: false)
  ) throws {
    let address = try address(url)
    XCTAssertTrue(state.commit(address, site: address.site(), kind: kind, in: key))
  }

  // MARK: - Opening

  func test_aNewTree_hasOnlyItsRoot_atAboutBlank_withNoOrigin() {
    let state = PopupTreeState(root: "main")
    XCTAssertEqual(state.nodes.count, 1)
    XCTAssertEqual(state.openPopups, 0)
    XCTAssertNil(state.nodes[root]?.committedURL)
    XCTAssertEqual(state.context(of: root), .none)
    XCTAssertTrue(state.outbox.isEmpty)
  }

  func test_openPopup_namesChildrenPerOpener_andAnnouncesEachInOrder() throws {
    var state = PopupTreeState(root: "main")
    let first = try open(&state, under: root)
    let second = try open(&state, under: root)
    let nested = try open(&state, under: first)

    XCTAssertEqual([first, second, nested].map { state.nodes[$0]?.id }, ["main.1", "main.2", "main.1.1"])
    XCTAssertEqual(state.nodes[root]?.children, [first, second])
    XCTAssertEqual(state.nodes[nested]?.depth, 2)
    XCTAssertEqual(state.openPopups, 3)
    XCTAssertEqual(
      state.takeOutbox(),
      [
        .popupOpened(child: "main.1", opener: "main", presentation: .overlay, url: "https://p.example/"),
        .popupOpened(child: "main.2", opener: "main", presentation: .overlay, url: "https://p.example/"),
        .popupOpened(child: "main.1.1", opener: "main.1", presentation: .overlay, url: "https://p.example/"),
      ])
    XCTAssertTrue(state.outbox.isEmpty, "taken once")
  }

  func test_openPopup_refusesBeyondMaxDepthAndMaxOpen_andAClosedPopupFreesItsSlot() throws {
    var state = PopupTreeState(root: "main")
    let first = try open(&state, under: root)
    let nested = try open(&state, under: first)
    guard
      case .refused(.popupLimit) = state.openPopup(
        under: nested, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank")
    else { return XCTFail("depth 3 opened under maxDepth 2") }
    _ = try open(&state, under: root)
    guard
      case .refused(.popupLimit) = state.openPopup(
        under: root, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank")
    else { return XCTFail("a fourth popup opened under maxOpen 3") }

    _ = state.close(nested, reason: .windowClose)
    let reopened = try open(&state, under: root)
    XCTAssertEqual(state.nodes[reopened]?.id, "main.3", "numbers are never reused")
  }

  func test_popupRefusal_checksTheGestureFirst_thenTheLimits_andAClosedOpener() throws {
    var state = PopupTreeState(root: "main")
    XCTAssertEqual(state.popupRefusal(of: root, userGesture: false, limits: limits), .popupGate)
    XCTAssertNil(state.popupRefusal(of: root, userGesture: true, limits: limits))
    for _ in 0..<3 { _ = try open(&state, under: root) }
    XCTAssertEqual(state.popupRefusal(of: root, userGesture: false, limits: limits), .popupGate, "gesture first")
    XCTAssertEqual(state.popupRefusal(of: root, userGesture: true, limits: limits), .popupLimit)
    XCTAssertEqual(state.popupRefusal(of: 99, userGesture: true, limits: limits), .sessionClosed)
    guard
      case .refused(.sessionClosed) = state.openPopup(
        under: 99, presentation: .modal, firstLoad: nil, limits: limits, url: "about:blank")
    else { return XCTFail("a closed session opened a popup") }
  }

  // MARK: - First loads

  func test_anEngineStartedFirstLoad_isAllowedOnce_forItsURL_only() throws {
    var state = PopupTreeState(root: "main")
    let url = try address("https://pay.example/start")
    let popup = try open(&state, under: root, firstLoad: .engineStarted(url, trace("r")))

    guard
      case .evaluate = state.beginDecision(in: popup, address: try address("https://other.example/"), isMainFrame: true)
    else { return XCTFail("another URL is judged") }
    guard case .evaluate = state.beginDecision(in: popup, address: url, isMainFrame: false)
    else { return XCTFail("a subframe load is judged") }
    guard case .engineStarted(let started) = state.beginDecision(in: popup, address: url, isMainFrame: true)
    else { return XCTFail("the expected first load was judged") }
    XCTAssertEqual(started.rule, "r")
    guard case .evaluate = state.beginDecision(in: popup, address: url, isMainFrame: true)
    else { return XCTFail("the first load was allowed twice") }
  }

  func test_aProvisionalPopup_isAskedOnce_othersWait_andConfirmationAnnouncesIt() throws {
    var state = PopupTreeState(root: "main")
    let question = ProvisionalQuestion(
      decider: "confirm", trace: trace("ask"), policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))
    let popup = try open(&state, under: root, firstLoad: .provisional(question))
    XCTAssertTrue(state.takeOutbox().isEmpty, "a provisional popup is not announced at admission")
    XCTAssertEqual(state.nodes[popup]?.isProvisional, true)

    let url = try address("https://pay.example/")
    guard case .ask(let asked) = state.beginDecision(in: popup, address: url, isMainFrame: true)
    else { return XCTFail("the first load did not ask") }
    XCTAssertTrue(asked === question)
    guard case .waitingForDecider = state.beginDecision(in: popup, address: url, isMainFrame: true)
    else { return XCTFail("a second load was not held while the decider thinks") }

    XCTAssertTrue(state.confirmProvisional(popup, presentation: .modal, url: "https://pay.example/"))
    XCTAssertEqual(state.nodes[popup]?.isProvisional, false)
    XCTAssertEqual(state.nodes[popup]?.presentation, .modal)
    XCTAssertEqual(
      state.takeOutbox(),
      [.popupOpened(child: "main.1", opener: "main", presentation: .modal, url: "https://pay.example/")])
  }

  func test_closeDuringAsk_endsTheQuestion_andALateConfirmationAnnouncesNothing() throws {
    var state = PopupTreeState(root: "main")
    let question = ProvisionalQuestion(
      decider: "confirm", trace: trace("ask"), policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))
    let popup = try open(&state, under: root, firstLoad: .provisional(question))
    _ = state.beginDecision(in: popup, address: try address("https://pay.example/"), isMainFrame: true)

    XCTAssertEqual(state.close(popup, reason: .dismissed).map(\.id), ["main.1"])
    XCTAssertFalse(state.confirmProvisional(popup, presentation: .overlay, url: "https://pay.example/"))
    XCTAssertEqual(state.takeOutbox(), [.popupClosed("main.1", reason: .dismissed)])
    guard case .closed = state.beginDecision(in: popup, address: try address("https://x.example/"), isMainFrame: true)
    else { return XCTFail("a closed popup decided") }
  }

  func test_expectLoad_replacesAnEarlierOneInAPage_butSaysWhyWhenItCannotRecord() throws {
    var state = PopupTreeState(root: "main")
    let first = try address("https://a.example/")
    let second = try address("https://b.example/")
    XCTAssertEqual(state.expectLoad(of: first, trace: trace("one"), in: root), .expected)
    XCTAssertEqual(state.expectLoad(of: second, trace: trace("two"), in: root), .expected)
    guard case .evaluate = state.beginDecision(in: root, address: first, isMainFrame: true)
    else { return XCTFail("a replaced expectation was honoured") }
    guard case .engineStarted = state.beginDecision(in: root, address: second, isMainFrame: true)
    else { return XCTFail("the latest expectation was not honoured") }

    let question = ProvisionalQuestion(
      decider: "confirm", trace: trace("ask"), policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))
    let popup = try open(&state, under: root, firstLoad: .provisional(question))
    XCTAssertEqual(state.expectLoad(of: first, trace: trace("one"), in: popup), .provisional)
    XCTAssertEqual(state.nodes[popup]?.isProvisional, true)
    XCTAssertEqual(state.expectLoad(of: first, trace: trace("one"), in: 99), .sessionClosed)
  }

  func test_aPopupsEngineStartedFirstLoad_isNotReplacedByAnotherExpectedLoad() throws {
    var state = PopupTreeState(root: "main")
    let first = try address("https://first.example/")
    let popup = try open(&state, under: root, firstLoad: .engineStarted(first, trace("first")))

    XCTAssertEqual(
      state.expectLoad(of: try address("https://other.example/"), trace: trace("other"), in: popup),
      .anotherLoadPending)

    guard case .engineStarted(let kept) = state.beginDecision(in: popup, address: first, isMainFrame: true)
    else { return XCTFail("the first load would be judged again") }
    XCTAssertEqual(kept.rule, "first")
  }

  func test_aMainFrameCommitOfAnotherPage_clearsTheExpectedLoad_butAnIframeOrReloadKeepsIt() throws {
    var state = PopupTreeState(root: "main")
    let expected = try address("https://expected.example/")
    XCTAssertEqual(state.expectLoad(of: expected, trace: trace("same-view"), in: root), .expected)
    try commit(
      &state, "https://frame.example/b", in: root, kind: .subframe(previous: try address("https://f.example/")))
    try commit(&state, "https://page.example/", in: root, kind: .reload)
    guard case .engineStarted? = state.nodes[root]?.pendingLoad else { return XCTFail("cleared by a non-page commit") }

    try commit(&state, "https://elsewhere.example/", in: root)

    XCTAssertNil(state.nodes[root]?.pendingLoad, "the expectation outlived the page it was for")
    guard case .evaluate = state.beginDecision(in: root, address: expected, isMainFrame: true)
    else { return XCTFail("a stale expectation allowed a load without judging it") }
  }

  func test_openPopup_refusesAProvisionalPopupsChildren_untilItsDeciderKeepsIt() throws {
    var state = PopupTreeState(root: "main")
    let question = ProvisionalQuestion(
      decider: "confirm", trace: trace("ask"), policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))
    let popup = try open(&state, under: root, firstLoad: .provisional(question))
    guard
      case .refused(.openerProvisional) = state.openPopup(
        under: popup, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank")
    else { return XCTFail("a provisional popup opened a child") }
    XCTAssertEqual(state.popupRefusal(of: popup, userGesture: true, limits: limits), .openerProvisional)

    _ = state.beginDecision(in: popup, address: try address("https://pay.example/"), isMainFrame: true)
    XCTAssertTrue(state.confirmProvisional(popup, presentation: .overlay, url: "https://pay.example/"))

    XCTAssertNotNil(try open(&state, under: popup))
  }

  func test_openPopup_checksTheGestureAndTheShutdownFlag_itself() throws {
    var state = PopupTreeState(root: "main")
    guard
      case .refused(.popupGate) = state.openPopup(
        under: root, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank", userGesture: false)
    else { return XCTFail("opened without a gesture") }
    guard
      case .refused(.cancelled) = state.openPopup(
        under: root, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank", isShutDown: true)
    else { return XCTFail("opened after the engine shut down") }
    XCTAssertEqual(state.openPopups, 0)
    XCTAssertTrue(state.outbox.isEmpty)
  }

  func test_theRateWindow_countsCreationsRecordedAfterAStaleClockRead() throws {
    var state = PopupTreeState(root: "main")
    var limits = limits
    limits.maxPerMinute = 2
    limits.maxOpen = 8
    for _ in 0..<2 {
      guard
        case .opened = state.openPopup(
          under: root, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank",
          now: .milliseconds(1001))
      else { return XCTFail("refused within the limit") }
    }

    // A clock read a millisecond before those two creations.
    let stale = state.openPopup(
      under: root, presentation: .overlay, firstLoad: nil, limits: limits, url: "about:blank",
      now: .milliseconds(1000))

    guard case .refused(.popupRateLimit) = stale else { return XCTFail("a third popup within the minute: \(stale)") }
  }

  func test_takeApproval_returnsTheLastApprovalForItsURL_andClearsAnyOther() throws {
    var state = PopupTreeState(root: "main")
    let policy = try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8))
    let url = try address("https://pay.example/")
    state.approveNewWindow(.init(address: url, action: .allow, policy: policy, trace: trace("r")), in: root)
    XCTAssertNil(state.takeApproval(in: root, for: try address("https://other.example/")))
    XCTAssertNil(state.takeApproval(in: root, for: url), "a mismatched request clears the approval")

    state.approveNewWindow(.init(address: url, action: .popup(.modal), policy: policy, trace: trace("r")), in: root)
    XCTAssertEqual(state.takeApproval(in: root, for: url)?.action, .popup(.modal))
    XCTAssertNil(state.takeApproval(in: root, for: url), "taken once")
  }

  // MARK: - Closing

  func test_close_removesTheSubtreeInPreOrder_withItsReasons_andFreesItsSlots() throws {
    var state = PopupTreeState(root: "main")
    let first = try open(&state, under: root)
    let nested = try open(&state, under: first)
    let second = try open(&state, under: root)
    _ = state.takeOutbox()

    let closed = state.close(first, reason: .windowClose)

    XCTAssertEqual(closed.map(\.id), ["main.1", "main.1.1"])
    XCTAssertEqual(closed.map(\.key), [first, nested])
    XCTAssertEqual(
      state.takeOutbox(),
      [.popupClosed("main.1", reason: .windowClose), .popupClosed("main.1.1", reason: .openerClosed)])
    XCTAssertEqual(state.openPopups, 1)
    XCTAssertEqual(state.nodes[root]?.children, [second])
    XCTAssertEqual(state.close(first, reason: .dismissed).count, 0, "closing twice does nothing")
    XCTAssertTrue(state.outbox.isEmpty)
  }

  func test_close_neverRemovesTheRoot_forAnyReasonButTeardown() throws {
    var state = PopupTreeState(root: "main")
    _ = try open(&state, under: root)
    _ = state.takeOutbox()
    let reasons: [CloseReason] = [
      .windowClose, .dismissed, .openerClosed, .refused, .finished, .openedExternally, .blankTimeout,
    ]
    for reason in reasons {
      XCTAssertTrue(state.close(root, reason: reason).isEmpty, "the root closed by \(reason)")
    }
    XCTAssertEqual(state.nodes.count, 2)
    XCTAssertTrue(state.outbox.isEmpty)
  }

  func test_confirmProvisional_announcesOnlyAPopupWaitingForItsDecider_andOnlyOnce() throws {
    var state = PopupTreeState(root: "main")
    let ordinary = try open(&state, under: root)
    let question = ProvisionalQuestion(
      decider: "confirm", trace: trace("ask"), policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))
    let provisional = try open(&state, under: root, firstLoad: .provisional(question))
    _ = state.takeOutbox()

    XCTAssertFalse(state.confirmProvisional(ordinary, presentation: .overlay, url: "https://p.example/"))
    XCTAssertFalse(state.confirmProvisional(root, presentation: .overlay, url: "https://p.example/"))
    XCTAssertFalse(
      state.confirmProvisional(provisional, presentation: .overlay, url: "https://p.example/"),
      "not asked yet: its first load has not begun")
    _ = state.beginDecision(in: provisional, address: try address("https://p.example/"), isMainFrame: true)
    XCTAssertTrue(state.confirmProvisional(provisional, presentation: .overlay, url: "https://p.example/"))
    XCTAssertFalse(state.confirmProvisional(provisional, presentation: .overlay, url: "https://p.example/"))

    XCTAssertEqual(
      state.takeOutbox(),
      [.popupOpened(child: "main.2", opener: "main", presentation: .overlay, url: "https://p.example/")])
  }

  func test_closingTheRoot_closesEveryPopup_andAnnouncesOnlyThePopups() throws {
    var state = PopupTreeState(root: "main")
    _ = try open(&state, under: root)
    _ = state.takeOutbox()
    XCTAssertEqual(state.close(root, reason: .teardown).map(\.id), ["main", "main.1"])
    XCTAssertEqual(state.takeOutbox(), [.popupClosed("main.1", reason: .openerClosed)])
    XCTAssertTrue(state.nodes.isEmpty)
    XCTAssertEqual(state.openPopups, 0)
  }

  // MARK: - History and context

  func test_commits_pushMoveAndReload_andAnIframeNavigationAddsAnEntryKeepingTheURL() throws {
    var state = PopupTreeState(root: "main")
    let frame = try address("https://frame.example/a")
    XCTAssertTrue(
      state.commit(try address("https://frame.example/b"), site: nil, kind: .subframe(previous: frame), in: root))
    XCTAssertEqual(state.nodes[root]?.history.entries.count, 0, "nothing committed: no entry to add to")

    try commit(&state, "https://shop.example/cart", in: root, kind: .newEntry(isPost: true))
    XCTAssertTrue(
      state.commit(try address("https://frame.example/b"), site: nil, kind: .subframe(previous: frame), in: root))
    let history = try XCTUnwrap(state.nodes[root]?.history)
    XCTAssertEqual(history.entries.count, 2)
    XCTAssertEqual(history.current?.url.serialized, "https://shop.example/cart")
    XCTAssertEqual(history.current?.subframe?.from, frame)
    XCTAssertEqual(history.current?.isPost, true, "the main frame's document is still the POST's")

    try commit(&state, "https://shop.example/cart", in: root, kind: .backForward(offset: -1))
    XCTAssertEqual(state.nodes[root]?.history.currentIndex, 0)
    try commit(&state, "https://shop.example/cart", in: root, kind: .reload)
    XCTAssertEqual(state.nodes[root]?.history.entries.count, 2)
    XCTAssertFalse(state.commit(frame, site: nil, kind: .reload, in: 99), "a closed session commits nothing")
  }

  func test_context_isTheNearestOwnOrigin_upTheTree_andAClearedRootHasAnOriginOfItsOwn() throws {
    var state = PopupTreeState(root: "main")
    try commit(&state, "about:blank", in: root)
    XCTAssertEqual(state.context(of: root).currentURL?.serialized, "about:blank", "a cleared root keeps its origin")
    XCTAssertNil(state.context(of: root).currentSite)

    try commit(&state, "https://shop.example/", in: root)
    let popup = try open(&state, under: root)
    let nested = try open(&state, under: popup)
    try commit(&state, "about:blank", in: popup)
    XCTAssertEqual(state.context(of: nested).currentURL?.serialized, "https://shop.example/")
    XCTAssertEqual(state.context(of: popup).currentSite?.description, "shop.example")

    try commit(&state, "https://pay.example/", in: popup)
    XCTAssertEqual(state.context(of: nested).currentURL?.serialized, "https://pay.example/")
    XCTAssertEqual(state.context(of: 99), .none)
  }

  /// `beginDecision` answers from one read of the node when it can; it must start every decision as
  /// `beginDecisionInFull`, the path through `context(of:)`, does, and leave the same state behind.
  func test_beginDecision_startsEveryDecisionAsTheFullPathDoes() throws {
    var state = PopupTreeState(root: "main")
    let limits = PopupLimits(presentation: .overlay, maxDepth: 2, maxOpen: 9, requireUserGesture: true)
    var keys = [root]
    var names = ["root at about:blank, nothing committed"]
    func check(_ label: String) throws {
      for key in keys + [99] {
        for isMainFrame in [true, false] {
          for url in ["https://shop.example/", "https://pay.example/"] {
            var quick = state
            var full = state
            let address = try address(url)
            let quickStart = quick.beginDecision(in: key, address: address, isMainFrame: isMainFrame)
            let fullStart = full.beginDecisionInFull(in: key, serialized: address.serialized, isMainFrame: isMainFrame)
            let name = keys.firstIndex(of: key).map { names[$0] } ?? "closed"
            XCTAssertEqual(
              Self.describe(quickStart), Self.describe(fullStart),
              "\(label): \(name), main frame \(isMainFrame), \(url)")
            XCTAssertEqual(
              quick.nodes.read(key) { String(describing: $0.pendingLoad) },
              full.nodes.read(key) { String(describing: $0.pendingLoad) }, "\(label): \(name)")
          }
        }
      }
    }
    try check("a new tree")
    try commit(&state, "about:blank", in: root)
    try check("a root at about:blank, committed")
    try commit(&state, "https://shop.example/", in: root)
    keys.append(try open(&state, under: root, limits: limits))
    names.append("a blank popup")
    keys.append(try open(&state, under: keys[1], limits: limits))
    names.append("a blank popup's blank popup")
    try check("blank popups")
    try commit(&state, "about:blank", in: keys[1])
    try commit(&state, "about:srcdoc", in: keys[2])
    try check("popups at about:blank and about:srcdoc")
    try commit(&state, "https://pay.example/", in: keys[1])
    try check("a popup with a page of its own")
    keys.append(
      try open(
        &state, under: root, firstLoad: .engineStarted(try address("https://shop.example/"), trace("first")),
        limits: limits))
    names.append("a popup whose first load the engine started")
    keys.append(
      try open(
        &state, under: root,
        firstLoad: .provisional(
          ProvisionalQuestion(
            decider: "d", trace: trace("ask"), policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))),
        limits: limits))
    names.append("a provisional popup")
    try check("pending loads")
    _ = state.beginDecision(in: keys[4], address: try address("https://shop.example/"), isMainFrame: true)
    XCTAssertEqual(
      state.expectLoad(of: try address("https://pay.example/"), trace: trace("same"), in: root), .expected)
    try check("a popup asking its decider, a root expecting a load")
    try commit(&state, "https://pay.example/", in: keys[2])
    try commit(&state, "https://shop.example/", in: keys[2], kind: .backForward(offset: -1))
    try check("a popup gone back to about:srcdoc after a page of its own")
    _ = state.close(keys[1], reason: .windowClose)
    try check("an opener closed")
  }

  /// What a decision start is, with the context's page by identity, for comparing two starts.
  private static func describe(_ start: PopupTreeState.DecisionStart) -> String {
    switch start {
    case .closed: "closed"
    case .engineStarted(let trace): "engineStarted \(trace)"
    case .ask(let question): "ask \(ObjectIdentifier(question))"
    case .waitingForDecider(let trace): "waitingForDecider \(trace)"
    case .evaluate(let context):
      "evaluate \(context.page.map { "\(ObjectIdentifier($0))" } ?? "nil") \(context.currentURL?.serialized ?? "-") "
        + "blank popup \(context.isBlankPopup)"
    }
  }
}
