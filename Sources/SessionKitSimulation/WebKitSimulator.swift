import SessionKit

// Over 300 lines on purpose: this file is WebKit's callback table, one method per kind of event, and reads
// best whole; loads (redirect hops, a page's iframes, history) are in WebKitSimulator+Loading.swift, the
// window-name lookup in WindowDirectory.swift, the iframes of each history entry in FrameHistory.swift.

/// Stands in for WebKit: turns page-level events into exactly the delegate callback sequences WebKit makes
/// (checked against a real WebKit engine) and answers them through the same public engine API a WebKit adapter
/// uses (`decide`, `admitPopup`, `didCommit`, `windowDidClose`, `dismiss`).
///
/// It models a page's declared iframes (``SimulatedWeb``) and the iframes of the declared pages they show, each
/// asked after every commit of the page that holds it, on back/forward and on reload; a link's `frame`, named by its
/// `src` or by the path to it; the joint session history of frames, with each entry's iframe state, nested iframes
/// included (a reload puts the iframes back at their `src`); server
/// redirects, each hop a decision; same-document (fragment) navigations; window and iframe names as WebKit looks
/// them up (the requester's page first, then windows familiar with it, a frame it may navigate; see
/// `WindowDirectory`), a script's `window.name` and the name a window loses; `rel` and
/// `download` on links; the popup gate (`javaScriptCanOpenWindowsAutomatically`); and which popups' first loads
/// carry a user gesture.
package actor WebKitSimulator {
  /// The engine that answers the callbacks.
  package nonisolated let engine: SessionEngine
  /// The modelled web view configuration.
  package nonisolated let settings: SimulatorSettings
  /// The main web view's session.
  package nonisolated let root: Session
  /// The pages' iframes and the servers' redirects.
  package nonisolated let web: SimulatedWeb

  var windows: WindowDirectory
  /// Each session's iframe state per history entry.
  var frames: [SessionID: FrameHistory] = [:]
  /// The identity of the next document a main-frame load creates.
  var nextDocument = 0
  /// Popups whose first load is under way after a user gesture opened them: WebKit lets that load open an
  /// external app as the gesture would (`FrameLoader`'s external-URL policy propagates from the opener).
  var gestureOpenedFirstLoads: Set<SessionID> = []
  /// Sessions whose main frame has committed a document other than about:blank (WebKit's
  /// `committedFirstRealDocumentLoad`): until then a script's or a form's navigation replaces the current entry.
  var realDocuments: Set<SessionID> = []
  /// Sessions whose main frame has committed any document, about:blank included (also one that added no entry).
  var committedDocuments: Set<SessionID> = []
  /// Sessions showing only about:blank whose page submitted a form to a new window: WebKit schedules the submission in
  /// the form's own frame, and a navigation scheduled there before it committed a real document stops its load
  /// (`NavigationScheduler::scheduleFormSubmission`, `duringLoad`; `schedule` calls `stopLoading`), after which the
  /// window's next navigation, a link's included, replaces its about:blank entry until a real document commits (one to
  /// about:blank adds an entry: random-b10617a43b5a-006).
  /// Observed in WebKitGTK 2.50.6 (random-d7b-60-041, `blank-window-form-to-new-window.json`).
  var stoppedBlankDocuments: Set<SessionID> = []
  /// The iframes steps named in pages that are not declared (by the page's key, in the order first named): such a page
  /// has whatever iframes the steps' links are in, as the conformance harness puts one into the page the first time a
  /// step names it and the page has it whenever it shows again. Their loads are the page's own business, never asked;
  /// the iframes of the declared page one shows are there, and their names are found (random-d8a-80-078).
  var insertedFrames: [String: [String]] = [:]
  /// Each session's live frames (``LiveFrames``). A move that loads nothing leaves them as they are while the list's
  /// current entry changes.
  var liveFrames: [SessionID: LiveFrames] = [:]
  /// The last frame tree ``frameTree(of:in:)`` made: the page's URL, the entry, and the tree.
  var frameTreeCache: (page: String, entry: FrameState, tree: [NamedFrame], creation: [String])?
  /// The simulated clock, in seconds: each step takes about one, as the conformance harness takes them (a `wait` its
  /// own length, at least one). It times user interaction (``Tap``).
  var clock = 0
  /// Each session's last tap in its page (``Tap``).
  var taps: [SessionID: Tap] = [:]

  /// A user's click or form submission in a window's page, main frame or iframe: WebKit records when the document last
  /// handled a user gesture, an iframe's reaching the documents around it (`Document::updateLastHandledUserGestureTimestamp`),
  /// and a navigation within ten seconds of it counts as one with user interaction
  /// (`Document::hasRecentUserInteractionForNavigationFromJS`, `Source/WebCore/dom/Document.cpp`).
  struct Tap {
    /// ``WebKitSimulator/clock`` at the tap.
    let time: Int
    /// The main-frame document it was made in (``LiveFrames/generation``): a new document has had no interaction.
    let document: Int?
  }

  /// How recently the user interacted with the document a session's main frame shows (``Tap``), by
  /// ``WebKitSimulator/clock``. WebKit counts ten seconds of real time; within four simulated seconds that always held
  /// in WebKitGTK 2.50.6 under the conformance harness, from five to ten it depends on how long the steps took
  /// (eight held, nine did not: probes D6–D8 and V3 of 2026-12-06), and past ten it never did.
  enum RecentInteraction {
    /// No tap in the document, or one more than ten seconds ago.
    case none
    /// A tap within four seconds.
    case recent
    /// A tap from five to ten seconds ago: `recent` says whether the simulator counts it (up to eight).
    case uncertain(recent: Bool)
  }

  /// The main frame of `session` has made a new document (a load, a reload, a history load), whose iframes are `live`.
  /// An about:blank takes its origin from the window's opener, its creator's as the simulator keeps it; without an
  /// opener there is nothing to inherit from, and the document gets a new opaque origin
  /// (`Document::initSecurityContext`, `Source/WebCore/dom/Document.cpp`), so the commit is cross-origin and clears
  /// the window's name (``clearNameIfCrossOrigin(_:from:)``; observed in WebKitGTK 2.50.6, random-n1a-500-002,
  /// probes B1–B7 of 2026-12-06). The origin is fixed here: a later change of opener does not change it.
  func setLiveFrames(_ live: LiveFrames, of session: Session) {
    var live = live
    if let url = session.committedURL, url.isAboutBlankOrSrcdoc {
      let hasOpener = windows.hasOpener(session.id, generation: { frames[$0]?.current.generation })
      live.blankOrigin = hasOpener ? windows.creationOrigin(of: session.id) : .opaque(live.generation)
    }
    live.pageItemEntry = frames[session.id]?.mainItemID
    liveFrames[session.id] = live
  }

  /// Whether a same-document navigation of the main frame of `id` marks its new entry as made without user
  /// interaction (``FrameState/madeByScriptWithoutInteraction``): one that WebKit marks without a recent tap (`byScript`,
  /// a script's fragment or a forward history scroll) does, unless the user tapped in the document recently
  /// (``recentInteraction(in:)``); an uncertain tap marks the step (``Step/unpredictableTiming``).
  func marksWithoutInteraction(_ byScript: Bool, in id: SessionID, step: inout Step) -> Bool {
    guard byScript else { return false }
    switch recentInteraction(in: id) {
    case .none: return true
    case .recent: return false
    case .uncertain(let recent):
      step.unpredictableTiming = true
      return !recent
    }
  }

  /// About how many seconds the conformance harness takes for `event` (``clock``): one for most; three for a script's
  /// `location` and a `window.open` without a gesture, which it runs after a timer of a second and a half so that they
  /// carry none; a `wait` its own length, at least one.
  static func seconds(of event: PageEvent) -> Int {
    switch event {
    case .wait(let milliseconds): max(1, (milliseconds + 999) / 1000)
    case .assign: 3
    case .open(_, _, let gesture, _): gesture ? 1 : 3
    default: 1
    }
  }

  /// How recently the user tapped in the document `id`'s main frame shows.
  func recentInteraction(in id: SessionID) -> RecentInteraction {
    guard let tap = taps[id], tap.document == liveFrames[id]?.generation else { return .none }
    let elapsed = clock - tap.time
    switch elapsed {
    case ...4: return .recent
    case 5...10: return .uncertain(recent: elapsed <= 8)
    default: return .none
    }
  }

  /// The iframes a session's page has now, as its last load, reload or back/forward load made them.
  struct LiveFrames {
    /// The generation of the items the iframes were made with (``FrameState/generation``).
    let generation: Int
    /// Whether a reload (or a `Same` load) made them.
    let byReload: Bool
    /// The iframes (by key) whose history controllers have a previous item: a same-document navigation of the main
    /// frame that adds an entry makes an item tree of every frame (`HistoryController::createItemTree` with
    /// `clipAtTarget` false), each frame's new item pushing its old one back (`setCurrentItem`). A scheduled navigation
    /// of an iframe that has shown only about:blank then adds an entry instead of replacing: `NavigationScheduler`
    /// locks the list only while `HistoryController::currentItemShouldBeReplaced` holds (a current about:blank item
    /// and no previous one). Observed in WebKitGTK 2.50.6 (random-d10a-80-070, `blank-iframe-after-fragment.json`).
    var withPreviousItems: Set<String> = []
    /// What the iframes show, when some show a document the current entry's items do not hold (`nil`: they show what
    /// the items say): a locked navigation rewrites the iframe's own item, which after an iframe's navigation is of
    /// another entry than the current one (``itemEntries``,
    /// ``WebKitSimulator/commitFrame(_:src:from:in:replacing:locks:emptyQuery:keepsInert:step:)``), and a move between
    /// entries whose main-frame items differ leaves every iframe as it was (``WebKitSimulator/keepShowing(_:in:)``).
    /// Moves between entries compare the entries' items; what the frames show decides what a step's `frame` finds,
    /// origins, and the items of an entry the main frame's fragment makes.
    var view: FrameState?
    /// The iframes (by key, outermost) where ``view`` differs from the current entry's items.
    var viewKeys: [String] = []
    /// The origin of the page's document when it is an about:blank, fixed as the document is made
    /// (``WebKitSimulator/setLiveFrames(_:of:)``).
    var blankOrigin: DocumentOrigin?
    /// The entry (``FrameHistory/id(at:)``) whose item each iframe holds as its current one (WebKit's
    /// `HistoryController::m_currentItem` of the frame, whose `itemID` is its entry's), by key, for iframes whose item
    /// is not that of the iframe around them or, for an outermost one, of the page (``pageItemEntry``): see
    /// ``WebKitSimulator/itemEntry(of:in:)``.
    var itemEntries: [String: Int] = [:]
    /// The entry whose items the outermost iframes hold unless ``itemEntries`` says otherwise: at first the entry
    /// the page's iframes were made with (an iframe's first load is locked and sets its item as a child of its
    /// parent's current item, with that item's entry: `HistoryController::updateForRedirectWithLockedBackForwardList`,
    /// `createItem(client, parentCurrentItem->itemID())`), after a fragment of the page the fragment's entry
    /// (``WebKitSimulator/setEveryItemEntry(_:in:)``).
    var pageItemEntry: Int?
  }

  /// The entry whose item the iframe `key` of the page of `id` holds (``LiveFrames/itemEntries``); `nil` when unknown.
  func itemEntry(of key: String, in id: SessionID) -> Int? {
    guard let live = liveFrames[id] else { return nil }
    var frame: String? = key
    while let inner = frame {
      if let entry = live.itemEntries[inner] { return entry }
      frame = FrameState.parent(of: inner)
    }
    return live.pageItemEntry
  }

  /// The iframe `key` of the page of `id`, and those inside it, now hold items of the entry `entry`: an iframe's own
  /// navigation or fragment makes items of its subtree alone (`HistoryController::createItemTree` from that frame,
  /// `WebLocalFrameLoaderClient::createHistoryItemTree`), and a load of another document in it makes its iframes anew,
  /// their items of its item's entry.
  func setItemEntry(_ entry: Int, of key: String, in id: SessionID) {
    guard var entries = liveFrames[id]?.itemEntries else { return }
    entries = entries.filter { !FrameState.isInside($0.key, key) }
    entries[key] = entry
    liveFrames[id]?.itemEntries = entries
  }

  /// The iframe `key` of the page of `id` keeps its item, rewritten in place (a locked or `Same` load), and the iframes
  /// of its new document hold items of that item's entry.
  func remakeInnerItemEntries(of key: String, in id: SessionID) {
    guard var entries = liveFrames[id]?.itemEntries else { return }
    entries[key] = itemEntry(of: key, in: id)
    liveFrames[id]?.itemEntries = entries.filter { !FrameState.isInside($0.key, key) }
  }

  /// The iframe `key` of the page of `id` alone now holds an item of the entry `entry`; the iframes inside it keep
  /// theirs (`FrameLoader::loadSameDocumentItem` and `HistoryController::recursiveUpdateForCommit` set the item of one
  /// frame each). `keys`: the live iframes.
  func setOwnItemEntry(_ entry: Int?, of key: String, in id: SessionID, keys: [String]) {
    guard var entries = liveFrames[id]?.itemEntries else { return }
    for inner in keys where FrameState.isInside(inner, key) && entries[inner] == nil {
      entries[inner] = itemEntry(of: inner, in: id)
    }
    entries[key] = entry
    liveFrames[id]?.itemEntries = entries
  }

  /// Every frame of the page of `id` now holds an item of the entry `entry`: the main frame's fragment makes an item of
  /// every frame (`createItemTree` with `clipAtTarget` false).
  func setEveryItemEntry(_ entry: Int?, in id: SessionID) {
    liveFrames[id]?.itemEntries = [:]
    liveFrames[id]?.pageItemEntry = entry
  }

  /// What the iframes of the page session `id` shows show now (``LiveFrames/view``, else the current entry's items).
  func shownState(of id: SessionID) -> FrameState? {
    liveFrames[id]?.view ?? frames[id]?.current
  }

  /// After a move between two entries of one document whose main-frame items differ: the main frame moved within its
  /// document (`FrameLoader::loadSameDocumentItem`) and every iframe kept what it showed (`before`), whatever the
  /// entry's items say (`HistoryController::recursiveGoToItem` does not recurse into the iframes; observed in
  /// WebKitGTK 2.50.6, probe L9 of 2026-12-06): what they show is the ``LiveFrames/view``.
  func keepShowing(_ before: FrameState, in id: SessionID) {
    guard let current = frames[id]?.current, before.generation == current.generation else { return }
    let keys = before.framesShowingOtherwise(than: current)
    var shown = current
    for key in keys { shown.adopt(key, from: before) }
    liveFrames[id]?.view = keys.isEmpty ? nil : shown
    liveFrames[id]?.viewKeys = keys
  }

  /// After the current entry's items changed (a move, an iframe's navigation) with the iframes `loaded` (keys) showing
  /// what the entry says: an iframe that showed a document its item does not hold (``LiveFrames/view``) and did not
  /// load keeps showing it.
  func keepView(in id: SessionID, loaded: [String]) {
    guard let view = liveFrames[id]?.view, let keys = liveFrames[id]?.viewKeys, let current = frames[id]?.current
    else { return }
    let kept = keys.filter { key in !loaded.contains { $0 == key || FrameState.isInside(key, $0) } }
    var shown = current
    for key in kept { shown.adopt(key, from: view) }
    liveFrames[id]?.view = kept.isEmpty ? nil : shown
    liveFrames[id]?.viewKeys = kept
  }

  /// Creates a simulator with one main web view at `about:blank`, whose root session has the engine's next
  /// default id (`SessionEngine.makeRootSession()`: `main` for an engine's first root).
  package init(engine: SessionEngine, settings: SimulatorSettings = SimulatorSettings(), web: SimulatedWeb = .init()) {
    self.init(engine: engine, settings: settings, web: web, root: engine.makeRootSession())
  }

  /// Creates a simulator with one main web view at `about:blank`, whose root session has the id `rootID`.
  /// - Throws: `SessionEngineError` when an open root of `engine` has the id `rootID`.
  package init(
    engine: SessionEngine, settings: SimulatorSettings = SimulatorSettings(), web: SimulatedWeb = .init(),
    rootID: SessionID
  ) throws(SessionEngineError) {
    self.init(engine: engine, settings: settings, web: web, root: try engine.makeRootSession(id: rootID))
  }

  private init(engine: SessionEngine, settings: SimulatorSettings, web: SimulatedWeb, root: Session) {
    self.engine = engine
    self.settings = settings
    self.web = web
    self.root = root
    self.windows = WindowDirectory(root: root)
  }

  /// The open session with this id.
  /// - Throws: ``SimulationError`` when no session has the id or it is closed.
  package func session(_ id: SessionID) throws(SimulationError) -> Session {
    guard let session = windows[id] else { throw SimulationError(code: .unknownSession, session: id) }
    guard !session.isClosed else { throw SimulationError(code: .closedSession, session: id) }
    return session
  }

  /// Every open session in creation order, with its committed URL (`about:blank` when none) and history length.
  package func openSessions() -> [(id: SessionID, url: String, history: Int)] {
    windows.open.map { ($0.id, $0.committedURL?.serialized ?? "about:blank", $0.historyLength) }
  }

  /// Performs one page event in the session `id` and reports its net effect and the callbacks made.
  /// - Throws: ``SimulationError`` when the session does not exist or is closed, or (``SimulationError/Code/unknownFrame``)
  ///   when a `click` or `submit` names a `frame` the declared page the session shows has not.
  package func perform(_ event: PageEvent, in id: SessionID = "main") async throws(SimulationError) -> StepResult {
    let session = try session(id)
    var step = Step()
    clock += Self.seconds(of: event)
    // The conformance harness runs a script in the window's main frame for every event a page makes but the user's
    // (`WebKitWebView.evaluate_javascript`), and the window's document has no recent user interaction after one
    // (observed in WebKitGTK 2.50.6: probes W2–W5 and X1 of 2026-12-06). A click or a form is the user's tap
    // (``Tap``), recorded as it starts.
    switch event {
    case .assign, .open, .close, .windowName: taps[id] = nil
    case .click, .submit: taps[id] = Tap(time: clock, document: liveFrames[id]?.generation)
    default: break
    }
    let outcome: StepOutcome
    switch event {
    case .load(let url):
      step.url = url
      outcome = await navigate(
        session, url: url, type: .other, target: .main, gesture: false, byApp: true, step: &step)
    case .assign(let url):
      step.url = url
      outcome = await navigate(
        session, url: url, type: .other, target: .main, gesture: false, isScheduled: true, step: &step)
    case .click(let url, let target, let frame, let rel, let download):
      step.url = url
      guard let linkFrame = try linkFrame(frame, in: session) else {
        outcome = .ignored
        break
      }
      let link = Link(target: target, frame: linkFrame, type: .linkActivated, method: .get, rel: rel)
      if download, isSameOrigin(url, as: linkFrame, in: session) {
        // A download ignores the link's target. In a window that has committed no document the click's download goes
        // with the rest of it: the link's own frame loads the URL (observed in WebKitGTK 2.50.6, random-74f46b5e9de1-032,
        // `uncommitted-window-links.json`).
        if committedDocuments.contains(session.id) {
          outcome = await downloadLink(url, link, in: session, step: &step)
        } else {
          let own = Link(target: "", frame: linkFrame, type: .linkActivated, method: .get, rel: rel)
          outcome = await follow(url, own, in: session, step: &step)
        }
      } else {
        outcome = await follow(url, link, in: session, step: &step)
      }
    case .submit(let url, let target, let method, let frame):
      step.url = url
      guard let linkFrame = try linkFrame(frame, in: session) else {
        outcome = .ignored
        break
      }
      let form = Link(target: target, frame: linkFrame, type: .formSubmitted, method: method, rel: [])
      outcome = await follow(url, form, in: session, step: &step)
    case .open(let url, let target, let gesture, let noopener):
      step.url = url
      outcome = await open(url, target: target, gesture: gesture, noopener: noopener, in: session, step: &step)
    case .back:
      outcome = await traverse(-1, in: session, step: &step)
    case .forward:
      outcome = await traverse(1, in: session, step: &step)
    case .reload:
      outcome = await traverse(0, in: session, step: &step)
    case .close:
      outcome = windowClose(session, step: &step)
    case .dismiss:
      let closed = session.dismiss()
      outcome = closed.isEmpty ? .ignored : .closed(closed)
    case .wait:
      outcome = .waited(closed: engine.closeExpiredPopups())
    case .windowName(let name):
      // A script's `window.name = name`: no callback, nothing navigates.
      windows.rename(session.id, to: name)
      outcome = .ignored
    }
    return StepResult(
      event: event.name, session: id, url: step.url.map(Self.normalised), outcome: outcome, rule: step.rule,
      trace: step.trace, callbacks: step.callbacks, redirects: step.redirects, blockedFrames: step.blockedFrames,
      closed: step.closed, ambiguousName: step.ambiguousName, unpredictableFrames: step.unpredictableFrames,
      unpredictableTiming: step.unpredictableTiming)
  }

  // MARK: - Events

  /// The frame that holds a link or form: the main frame, or the iframe `frame` names (a page's own iframe by its
  /// `src`, one inside it by the key of its path, ``FrameState/key(_:)``), showing the URL it shows now; `nil` when
  /// the load of that iframe or of one that holds it was cancelled and it has shown only about:blank since (a click in
  /// it does nothing, ``FrameState/isInert(_:)``).
  /// - Throws: ``SimulationError/Code/unknownFrame`` when the session shows a declared page without that iframe, or
  ///   a path goes through an iframe that shows no declared page or none with the next iframe.
  private func linkFrame(_ frame: String?, in session: Session) throws(SimulationError) -> Frame? {
    guard let frame else { return .main }
    let path = frame.split(separator: FrameState.separator, omittingEmptySubsequences: false).map {
      SimulatedWeb.key(String($0))
    }
    let state = shownState(of: session.id)
    var page = session.committedURL
    var chain = [page.map(SimulatedWeb.key) ?? ""]
    var key = ""
    for (level, src) in path.enumerated() {
      let declared = page.flatMap { web.frames(of: $0) }
      let known: [String]? = level == 0 ? declared : page.map { nestedSources(of: $0, chain: chain) }
      if level > 0 || declared != nil, known?.contains(src) != true {
        throw SimulationError(
          code: .unknownFrame, session: session.id, frame: path.joined(separator: " > "),
          page: page.map(SimulatedWeb.key) ?? "about:blank", declaredFrames: known ?? [])
      }
      if level == 0, declared == nil, let page {
        let pageKey = SimulatedWeb.key(page)
        if insertedFrames[pageKey]?.contains(src) != true { insertedFrames[pageKey, default: []].append(src) }
      }
      key = FrameState.key(of: src, in: level == 0 ? nil : key)
      if state?.isInert(key) == true { return nil }
      let shown = state?.url(of: key) ?? src
      page = try? WebAddress(shown)
      chain.append(SimulatedWeb.key(shown))
    }
    return .sub(src: key, url: state?.url(of: key) ?? FrameState.src(of: key))
  }

  /// A link click or form submission: `_self` (the link's frame), `_top`, `_parent`, `_blank`, or a name.
  ///
  /// In a window that has committed no document (a main web view's initial empty document, a popup whose first
  /// load was refused or failed; not `window.open()`'s, whose about:blank commits at once), a link or form aimed at
  /// that document's own frame is reported with navigation type `other`, not `linkActivated` or `formSubmitted`
  /// (observed in WebKitGTK 2.50.6: `root-initial-document.json`, `random-b0f76f6-001`, `-015`, `-023`), and so is a
  /// link aimed at another window's frame found by name, where a form keeps `formSubmitted`; a link to a new window
  /// keeps `linkActivated` (random-74f46b5e9de1-032, `uncommitted-window-links.json`).
  private func follow(_ url: String, _ link: Link, in session: Session, step: inout Step) async -> StepOutcome {
    // A form's submission is scheduled (`NavigationScheduler::scheduleFormSubmission`); a link's loads at once.
    let isForm = link.type == .formSubmitted
    let isScheduled = isForm
    let ownType: NavigationType = committedDocuments.contains(session.id) ? link.type : .other
    let linkType: NavigationType = isForm ? link.type : ownType
    switch link.target.lowercased() {
    case "", "_self":
      let type: NavigationType = if case .main = link.frame { ownType } else { link.type }
      return await navigate(
        session, url: url, type: type, target: link.frame, source: link.frame, gesture: true,
        method: link.method, isScheduled: isScheduled, isForm: isForm, step: &step)
    case "_parent" where link.frame.parentKey != nil:
      // The iframe that holds the link's iframe, when the link's document may navigate it (`canNavigate`: it is
      // same-origin with it, an iframe that holds it, or the page); otherwise `findFrameForNavigation` finds nothing,
      // and the link opens a new window (observed in WebKitGTK 2.50.6, `nested-iframe-links.json`).
      let parentKey = link.frame.parentKey ?? ""
      let requester = documentOrigin(link.frame, in: session)
      guard frameOrigins(parentKey, in: session).contains(where: requester.isSameOrigin)
      else {
        let cut = link.rel.cutsOpener
        return await newWindowFromLink(url, name: nil, keepsOpener: !cut, link, in: session, step: &step)
      }
      return await navigate(
        session, url: url, type: link.type, target: shownFrame(parentKey, in: session), source: link.frame,
        gesture: true, method: link.method, isScheduled: isScheduled, isForm: isForm, step: &step)
    case "_top", "_parent":
      // The main frame (a top-level frame is its own parent, and a page's own iframe's parent).
      return await navigate(
        session, url: url, type: ownType, target: .main, source: link.frame, gesture: true, method: link.method,
        isScheduled: isScheduled, isForm: isForm, step: &step)
    case "_blank":
      // WebKit applies `noopener` to `_blank` targets; `rel=opener` keeps the opener, unless `noopener` or
      // `noreferrer` cut it.
      let keepsOpener = link.rel.contains(.opener) && !link.rel.cutsOpener
      return await newWindowFromLink(url, name: nil, keepsOpener: keepsOpener, link, in: session, step: &step)
    default:
      if let found = frame(named: link.target, from: session, frame: link.frame, step: &step) {
        let named = found.session
        if let src = found.src {
          // A named iframe: its navigation, as a link in it aimed at `_self` would make.
          return await navigate(
            named, url: url, type: linkType, target: shownFrame(src, in: named), source: link.frame,
            sourceSession: session, gesture: true, method: link.method, isScheduled: isScheduled, isForm: isForm,
            step: &step)
        }
        // Its own window found by name is its own document's frame (random-54e771f-122).
        let type = named.id == session.id && link.frame.isMain ? ownType : linkType
        return await navigate(
          named, url: url, type: type, target: .main, source: link.frame, sourceSession: session,
          gesture: true, method: link.method, isScheduled: isScheduled, isForm: isForm, step: &step)
      }
      // `rel=noopener` (or `noreferrer`) on a named link: a window with no opener and no name.
      let cut = link.rel.cutsOpener
      return await newWindowFromLink(
        url, name: cut ? nil : link.target, keepsOpener: !cut, link, in: session, step: &step)
    }
  }

  /// A same-origin link with a `download` attribute: decidePolicyFor(linkActivated) with
  /// `shouldPerformDownload` in the link's frame, whatever its target; `allow` or `download` downloads, any
  /// other answer refuses it.
  ///
  /// The download's redirects are the network's, asked of nobody, until one goes to another origin: WebKit then
  /// cancels the download and loads that hop's URL in the link's frame as a new navigation (decidePolicyFor
  /// `other`, no gesture), which goes on as any other (`PendingDownload::willSendRedirectedRequest`,
  /// `isRedirectCrossOrigin`, in `Source/WebKit/NetworkProcess/Downloads/PendingDownload.cpp`). On Apple platforms
  /// WebKit does so only for apps linked against an SDK with `SDKAlignedBehavior::BlockCrossOriginRedirectDownloads`
  /// (older apps download the target); the simulator follows the current engine, as WebKitGTK does always.
  private func downloadLink(_ url: String, _ link: Link, in session: Session, step: inout Step) async
    -> StepOutcome
  {
    let decision = await decidePolicy(
      in: session, url: url, type: .linkActivated, target: link.frame, source: link.frame, sourceSession: session,
      gesture: true, shouldPerformDownload: true, step: &step)
    switch decision.policy {
    case .allow, .download:
      var current = url
      var hops = 0
      while hops < SimulatedWeb.maximumHops, let redirect = web.redirect(from: current) {
        hops += 1
        guard Self.isSameOrigin(current, redirect.to) else {
          step.url = redirect.to
          return await navigate(
            session, url: redirect.to, type: .other, target: link.frame, source: link.frame, gesture: false,
            step: &step)
        }
        current = redirect.to
      }
      return .download
    case .cancel: return await applyRefusal(decision, step: &step)
    }
  }

  /// Whether two URLs have one origin (a tuple both share; an opaque origin is no URL's but its document's).
  private static func isSameOrigin(_ a: String, _ b: String) -> Bool {
    guard let first = try? WebAddress(a), let second = try? WebAddress(b) else { return false }
    return !first.origin.isOpaque && first.origin.isSameOrigin(as: second.origin)
  }

  /// `window.open(url, target)`.
  private func open(
    _ url: String?, target: String, gesture: Bool, noopener: Bool, in session: Session, step: inout Step
  ) async -> StepOutcome {
    let url = url.flatMap { $0.isEmpty ? nil : $0 }
    switch target.lowercased() {
    case "_self", "_top", "_parent":
      // `_top` and `_parent` schedule the load at once; `_self` goes through `createWindow`, which finds the window
      // itself and makes it its own opener (`LocalDOMWindow::open`, `setOpener`): the window loses its opener, with
      // `noopener` too (observed in WebKitGTK 2.50.6, `found-window-noopener.json`).
      if target.lowercased() == "_self" { windows.setOpener(of: session.id, to: session.id) }
      guard let url else { return .ignored }
      return await navigate(
        session, url: url, type: .other, target: .main, gesture: gesture, isScheduled: true, step: &step)
    default:
      let name = target.lowercased() == "_blank" || target.isEmpty ? nil : target
      // `noopener` does not skip the lookup of a window by name (WebKit, HTML): a window found is navigated.
      if let name, let found = frame(named: name, from: session, frame: .main, step: &step) {
        let named = found.session
        // `setOpener` makes a window found familiar with its caller, `noopener` or not: `noopener` only keeps the
        // window from the caller's script (observed in WebKitGTK 2.50.6: after another window's `noopener` open finds
        // it, its first opener no longer finds it; `found-window-noopener.json`). An iframe's opener matters to nobody.
        if found.src == nil { windows.setOpener(of: named.id, to: session.id) }
        guard let url else { return .ignored }
        return await navigate(
          named, url: url, type: .other, target: found.src.map { shownFrame($0, in: named) } ?? .main, source: .main,
          sourceSession: session, gesture: gesture, isScheduled: true, step: &step)
      }
      // WebKit's popup gate comes before any delegate call.
      guard gesture || settings.javaScriptCanOpenWindowsAutomatically else {
        return .blocked(reason: .noUserGesture)
      }
      // Only a plain `window.open` with a gesture passes it on to the popup's first load.
      let opening = Opening(name: name, keepsOpener: !noopener, firstLoadGesture: gesture && !noopener)
      return await newWindow(
        url, opening: opening, type: .other, source: .main, gesture: gesture, method: .get, in: session, step: &step)
    }
  }

  /// A `_blank` (or unknown name) link or form: the opener's decidePolicyFor with a nil target, then, only if
  /// allowed, createWebViewWith. The popup's first load carries no gesture.
  private func newWindowFromLink(
    _ url: String, name: String?, keepsOpener: Bool, _ link: Link, in session: Session, step: inout Step
  ) async -> StepOutcome {
    if link.type == .formSubmitted {
      switch link.frame {
      case .main where !realDocuments.contains(session.id): stoppedBlankDocuments.insert(session.id)
      case .sub(let key, let shown):
        let state = shownState(of: session.id)
        let onlyBlank =
          state?.isBlocked(key) == true
          || ((try? WebAddress(shown))?.isAboutBlank == true && state?.hasCommittedRealDocument(key) != true)
        if onlyBlank {
          frames[session.id]?.current.stopLoad(of: key)
          liveFrames[session.id]?.view?.stopLoad(of: key)
        }
      default: break
      }
    }
    let decision = await decidePolicy(
      in: session, url: url, type: link.type, target: nil, source: link.frame, sourceSession: session, gesture: true,
      method: link.method, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    let opening = Opening(name: name, keepsOpener: keepsOpener, firstLoadGesture: false)
    return await newWindow(
      url, opening: opening, type: link.type, source: link.frame, gesture: true, method: link.method, in: session,
      step: &step)
  }

  /// createWebViewWith, then the new web view's first load (its own decidePolicyFor(other), its redirect hops and
  /// its page's iframes); `window.open()` with no URL has no first load and stays at `about:blank` with an empty
  /// history.
  private func newWindow(
    _ url: String?, opening: Opening, type: NavigationType, source: Frame, gesture: Bool, method: FormMethod,
    in session: Session, step: inout Step
  ) async -> StepOutcome {
    let action = NavigationAction(
      requestURL: url ?? "", httpMethod: method == .post ? "POST" : "GET",
      sourceFrame: frameInfo(source, of: session), targetFrame: nil, navigationType: type, isUserGesture: gesture)
    let admission = session.admitPopup(for: action)
    step.record(admission.trace)
    step.callbacks.append(
      CallbackRecord(
        callback: .createWebViewWith, session: session.id, navigationType: type, targetFrame: "none",
        answer: admission.child?.id.rawValue ?? "nil", url: url.map { Self.normalised($0) } ?? "",
        gesture: gesture, method: action.httpMethod))
    guard let child = admission.child, let presentation = admission.presentation else {
      // As the adapter: a new-window request no gesture started opens nothing outside the app.
      if case .openExternally = admission.outcome, !gesture {
        return await applyRefusal(.blocked(.noUserGesture), closed: [], step: &step)
      }
      return await applyRefusal(admission.outcome, step: &step)
    }
    // The opener is the frame whose document opened the window (an iframe's, for a link in one), and the window's
    // about:blank has that document's origin. A window without an opener (`noopener`, a `_blank` link or form) has
    // nobody to inherit it from: its about:blank has an opaque origin of its own (`Document::initSecurityContext`
    // takes about:blank's origin from the parent frame or the opener, and makes an opaque one when there is neither,
    // `Source/WebCore/dom/Document.cpp`; observed, random-a027a60264fe-019).
    let openerFrame: String? = if case .sub(let src, _) = source { src } else { nil }
    let creationOrigin: DocumentOrigin
    if opening.keepsOpener {
      creationOrigin = documentOrigin(source, in: session)
    } else {
      nextDocument += 1
      creationOrigin = .opaque(nextDocument)
    }
    windows.add(
      child, name: opening.name, pageOpener: opening.keepsOpener ? session.id : nil,
      openerFrame: opening.keepsOpener ? openerFrame : nil, openerGeneration: frames[session.id]?.current.generation,
      creationOrigin: creationOrigin)
    // Its first load (now, or a script's `location` later for `window.open()`) may open an external app.
    if gesture { gestureOpenedFirstLoads.insert(child.id) }
    guard let url else {
      // `window.open()`: its about:blank commits at once, without a callback.
      committedDocuments.insert(child.id)
      return .popup(child: child.id, presentation: presentation)
    }
    let firstLoad = await request(
      url, in: child, type: .other, target: .main, source: .main, sourceSession: child,
      gesture: opening.firstLoadGesture, method: method, listsHops: true, step: &step)
    switch firstLoad {
    case .allowed(let final, let finalMethod, let loadable):
      // A POST form aimed at a new window submits its POST there: reloading that entry is formResubmitted. A load
      // that cannot commit leaves the popup at about:blank.
      if loadable {
        // A GET form without fields aimed at a new window loads `URL?` there as it would in its own frame: a later
        // load of `URL` or `URL#fragment` in the popup is another document (random-n2-037).
        let load = Load(
          hasEmptyQuery: landsWithEmptyQuery(url, isForm: type == .formSubmitted, method: method), opensWindow: true)
        await commitPage(final, in: child, isPost: finalMethod == .post, load: load, step: &step)
      } else {
        gestureOpenedFirstLoads.remove(child.id)
      }
      return .popup(child: child.id, presentation: child.presentation ?? presentation)
    case .refused(let decision):
      let outcome = await applyRefusal(decision, step: &step)
      return stillOpen(child, after: outcome, closed: step.closed, presentation: presentation)
    case .redirectLoop:
      return stillOpen(child, after: .blocked(reason: .redirectLoop), closed: step.closed, presentation: presentation)
    }
  }

  /// A step reports its net effect (DESIGN §5): a first load that was stopped without closing its popup (a cancelled
  /// redirect hop, a redirect loop) leaves the popup open at about:blank, as one that cannot commit does, so the step
  /// opened that popup (WebKitGTK 2.50.6, random-5968cfa938c4-011). A refusal that closed it stays what it was.
  private func stillOpen(
    _ child: Session, after outcome: StepOutcome, closed: [SessionID], presentation: PopupPresentation
  ) -> StepOutcome {
    guard case .blocked = outcome, !child.isClosed, !closed.contains(child.id) else { return outcome }
    return .popup(child: child.id, presentation: child.presentation ?? presentation)
  }

  /// A navigation of an existing frame: decidePolicyFor and each redirect hop's, then the commit when allowed
  /// (and the new page's iframes). An iframe's navigation adds an entry to the joint session history without
  /// changing the session's URL; a link to a fragment of the current page is a same-document navigation.
  ///
  /// `isScheduled`: a script's `location` or `window.open` into an existing window, or a form, which WebKit schedules
  /// (`NavigationScheduler`); in a window that has committed only about:blank it replaces the current entry.
  /// `byApp`: the app's `load(_:)` (a `load` step, or the load a `sameView` answer asks for). `isForm`: a form's
  /// submission whatever `type` reports (a window that has committed nothing reports its own form as `other`; the
  /// form still submits to `URL?` and is never a fragment navigation).
  func navigate(
    _ session: Session, url: String, type: NavigationType, target: Frame, source: Frame = .main,
    sourceSession: Session? = nil, gesture: Bool, method: FormMethod = .get, isScheduled: Bool = false,
    byApp: Bool = false, isForm: Bool = false, step: inout Step
  ) async -> StepOutcome {
    // A form reported as `other` is still a form (observed in WebKitGTK 2.50.6, random-892987955823-014,
    // `uncommitted-form-empty-query.json`): `FrameLoader::loadFrameRequest` keeps its `FormState` whatever type the
    // navigation action reports.
    let isForm = isForm || type == .formSubmitted
    // The URL requested, not where its redirects end, decides whether the load is `Same` (observed in WebKitGTK 2.50).
    let sameAsCurrent = isSameAsCurrent(
      url, target: target, in: session, requester: documentOrigin(source, in: sourceSession ?? session),
      method: method, isForm: isForm, byApp: byApp)
    // The app's `load(_:)` of the URL the page shows, fragment included, is a `Same` load (`FrameLoader::load(
    // DocumentLoader&)`), which `shouldPerformFragmentNavigation` excludes: the page loads anew, its iframes asked
    // (observed in WebKitGTK 2.50.6, random-s44-500-454, `same-url-app-load.json`). A page's link to it scrolls.
    let appReloadsPage = byApp && sameAsCurrent
    if case .main = target, method == .get, !appReloadsPage,
      isSameDocument(url, in: session, isForm: isForm)
    {
      return await navigateWithinDocument(
        session, url: url, type: type, source: source, sourceSession: sourceSession ?? session, gesture: gesture,
        byApp: byApp, step: &step)
    }
    if case .sub(let key, let shown) = target, method == .get,
      Self.isFragmentNavigation(
        to: url, from: shown, shownHasEmptyQuery: shownState(of: session.id)?.hasEmptyQuery(key) == true,
        isForm: isForm)
    {
      return await navigateFrameWithinDocument(
        session, url: url, key: key, shown: shown, type: type, source: source, sourceSession: sourceSession ?? session,
        gesture: gesture, step: &step)
    }
    let load = Load(
      isSameAsCurrent: sameAsCurrent,
      hasEmptyQuery: landsWithEmptyQuery(url, isForm: isForm, method: method),
      locksHistory: isScheduled && !realDocuments.contains(session.id), hasGesture: gesture, isForm: isForm)
    let requested = await request(
      url, in: session, type: type, target: target, source: source, sourceSession: sourceSession ?? session,
      gesture: gesture, method: method, listsHops: true, step: &step)
    switch requested {
    case .allowed(let final, let finalMethod, let loadable):
      switch target {
      case .main:
        guard loadable, await commitPage(final, in: session, isPost: finalMethod == .post, load: load, step: &step)
        else {
          gestureOpenedFirstLoads.remove(session.id)
          return .blocked(reason: .cannotShowURL)
        }
        return .navigated(session: session.id, frame: .main)
      case .sub(let src, let frameURL):
        if loadable {
          // A form in an iframe that has shown only about:blank (its first real document not committed) replaces its
          // entry's iframe as a main frame's would (`NavigationScheduler`; observed, random-670f34f-088); one that
          // showed a real document before its about:blank adds an entry (random-s44-500-080,
          // `iframe-blank-after-real.json`). An iframe whose load was cancelled shows its initial empty document
          // instead: there a scheduled navigation is locked only without a user gesture
          // (`NavigationScheduler::mustLockBackForwardList`: no gesture, the document's onload not dispatched); a form
          // or `window.open` with one adds an entry (random-n2-024).
          let state = shownState(of: session.id)
          let showsInitialDocument = state?.isBlocked(src) == true
          let onlyBlank =
            (try? WebAddress(frameURL))?.isAboutBlank == true && state?.hasCommittedRealDocument(src) != true
            && liveFrames[session.id]?.withPreviousItems.contains(src) != true
          // After a form to a new window stopped the iframe's load, its next load replaces its document, unless it
          // is about:blank (random-b10617a43b5a-006).
          let stopped = state?.hasStoppedLoad(src) == true && (try? WebAddress(final))?.isAboutBlank != true
          // A script's about:blank (`window.open` by the iframe's name, with or without a gesture) adds an entry there
          // every time, as it does in a window that has committed only about:blank; a form's does not (observed in
          // WebKitGTK 2.50.6, random-f1a-80-075, `blank-iframe-script-blank.json`).
          let scriptBlank = !isForm && (try? WebAddress(final))?.isAboutBlank == true
          let locks = stopped || isScheduled && (showsInitialDocument ? !gesture : onlyBlank && !scriptBlank)
          // A cancelled iframe still takes no link or form after a script's about:blank (``FrameState/isInert(_:)``).
          await commitFrame(
            final, src: src, from: frameURL, in: session, replacing: load.isSameAsCurrent, locks: locks,
            emptyQuery: load.hasEmptyQuery, keepsInert: scriptBlank, step: &step)
        }
        return .navigated(session: session.id, frame: .sub)
      }
    case .refused(let decision):
      if decision.policy == .download { return .download }
      return await applyRefusal(decision, step: &step)
    case .redirectLoop:
      return .blocked(reason: .redirectLoop)
    }
  }

  /// Whether a navigation of `target` to `url` loads the URL the frame shows, as WebKit's `FrameLoadType::Same`: the
  /// URL requested equals the frame's current one (fragment included), and the requesting document is same-origin
  /// with the frame's (`FrameLoader::loadURL` and `FrameLoader::load(DocumentLoader&)`, by
  /// `shouldTreatURLAsSameAsCurrent`, in `Source/WebCore/loader/FrameLoader.cpp`). Such a load makes the page anew in
  /// the current history entry instead of adding one. A POST is never one (`loadPostRequest`); a GET form loads its
  /// URL with the form's query, an empty one when the scenario writes none (``FrameState/hasEmptyQuery``).
  ///
  /// A page's link or script to about:blank loads it at once, from an empty document, never as `Same`
  /// (random-f1ac27c-005); the app's `load(_:)` of the about:blank the frame shows (`byApp`, which goes through
  /// `FrameLoader::load(DocumentLoader&)`) is one (observed in WebKitGTK 2.50.6, random-s44-500-224,
  /// `blank-load-by-app.json`), and so is a GET form's `about:blank?` over the `about:blank?` a form loaded before (a
  /// POST form's, a link's or a script's about:blank there adds an entry; observed in WebKitGTK 2.50.6,
  /// random-n1a-500-296, probes P1–P8 of 2026-12-06, `blank-form-query.json`).
  private func isSameAsCurrent(
    _ url: String, target: Frame, in session: Session, requester: DocumentOrigin, method: FormMethod,
    isForm: Bool, byApp: Bool
  ) -> Bool {
    let emptyQuery = Self.submitsEmptyQuery(url, isForm: isForm, method: method)
    guard method == .get, let page = session.committedURL, session.historyLength > 0,
      byApp || emptyQuery || (try? WebAddress(url))?.isAboutBlankOrSrcdoc != true
    else { return false }
    switch target {
    case .main:
      guard Self.normalised(url) == page.serialized, emptyQuery == frames[session.id]?.current.hasEmptyQuery else {
        return false
      }
    case .sub(let key, let shown):
      guard emptyQuery == (shownState(of: session.id)?.hasEmptyQuery(key) ?? false),
        Self.normalised(url) == Self.normalised(shown)
      else { return false }
    }
    return requester.isSameOrigin(as: documentOrigin(target, in: session))
  }

  /// Whether a navigation to `url` is a GET form that submits to `URL?`: the form's query replaces the URL's, and a URL
  /// without one gets an empty one the scenario does not write (``FrameState/hasEmptyQuery``).
  static func submitsEmptyQuery(_ url: String, isForm: Bool, method: FormMethod) -> Bool {
    isForm && method == .get && (try? WebAddress(url))?.query == nil
  }

  /// Whether the document a navigation to `url` loads has the empty query a GET form submits (``submitsEmptyQuery``):
  /// not when the server redirects it, as the URL a redirect gives is the server's (observed in WebKitGTK 2.50.6,
  /// `get-form-redirect-query.json`).
  func landsWithEmptyQuery(_ url: String, isForm: Bool, method: FormMethod) -> Bool {
    Self.submitsEmptyQuery(url, isForm: isForm, method: method) && web.redirect(from: url) == nil
  }

  /// What a decision other than an allowed navigation amounts to, with the sessions it closed.
  func applyRefusal(_ decision: NavigationDecision, step: inout Step) async
    -> StepOutcome
  {
    await applyRefusal(decision.outcome, closed: decision.closedSessions, step: &step)
  }

  /// What an answer other than a popup or an allowed navigation amounts to: opened outside, loaded elsewhere
  /// by the engine, a popup finished, downloaded or blocked.
  private func applyRefusal(
    _ outcome: NavigationOutcome, closed: [SessionID] = [], step: inout Step
  ) async -> StepOutcome {
    switch outcome {
    case .openExternally(_, let via): return .external(via: via, closed: closed)
    case .finished(let url, .opener, let opener?):
      // The app loads the URL in the opener, which the engine allows without judging it again.
      _ = await engineLoad(url, in: opener, step: &step)
      return .finished(via: .opener, closed: closed, session: opener)
    case .finished(_, let via, _): return .finished(via: via, closed: closed, session: nil)
    case .loadInstead(let url, let target):
      step.closed += closed
      // The app loads the URL (the adapter's `load(URLRequest(url:))`): a GET, whatever the refused request's method
      // (random-eb9ab7130e58-016: a POST form's `sameView` rewrites the entry of the page it shows).
      return await engineLoad(url, in: target, step: &step)
    case .download:
      step.closed += closed
      return .download
    case .blocked(let reason):
      step.closed += closed
      return .blocked(reason: reason)
    case .allow, .popup, .provisionalPopup:
      step.closed += closed
      return .blocked(reason: .dropped)
    }
  }

  /// A load the engine asked for (`sameView`): the app calls `load(_:)` on that web view.
  private func engineLoad(_ url: String, in id: SessionID, step: inout Step) async
    -> StepOutcome
  {
    guard let session = windows[id], !session.isClosed else { return .blocked(reason: .sessionClosed) }
    return await navigate(
      session, url: url, type: .other, target: .main, gesture: false, byApp: true, step: &step)
  }

  /// `window.close()`: WebKit calls `webViewDidClose` only for a window opened by script or whose history has
  /// one entry; the engine never closes a root.
  private func windowClose(_ session: Session, step: inout Step) -> StepOutcome {
    guard session.isOpenedByScript || session.historyLength <= 1 else { return .ignored }
    step.callbacks.append(CallbackRecord(callback: .webViewDidClose, session: session.id))
    // WebKit marks the page closing whatever the app does next: other windows no longer find it by name.
    windows.markClosing(session.id)
    let closed = session.windowDidClose()
    return closed.isEmpty ? .ignored : .closed(closed)
  }

  // MARK: - Callbacks

  func decidePolicy(
    in session: Session, url: String, type: NavigationType, target: Frame?, source: Frame, sourceSession: Session,
    gesture: Bool, method: FormMethod = .get, shouldPerformDownload: Bool = false, recordsTrace: Bool = true,
    step: inout Step
  ) async -> NavigationDecision {
    let action = NavigationAction(
      requestURL: url, httpMethod: method == .post ? "POST" : "GET", sourceFrame: frameInfo(source, of: sourceSession),
      targetFrame: target.map { frameInfo($0, of: session) }, navigationType: type, isUserGesture: gesture,
      shouldPerformDownload: shouldPerformDownload)
    var decision = await session.decide(action)
    // The adapter opens nothing outside the app for a main-frame or new-window navigation no user gesture started
    // (a script's `location`, `a.click()`, `form.submit()`): it cancels and reports it, as WebKit asks a gesture
    // before a page may open another app. The popup's first load after a gesture-opened window may.
    if case .openExternally = decision.outcome, !gesture,
      target.map({ if case .main = $0 { true } else { false } }) ?? true,
      !(target != nil && gestureOpenedFirstLoads.contains(session.id))
    {
      decision = NavigationDecision(
        outcome: .blocked(.noUserGesture), action: decision.action, closedSessions: decision.closedSessions,
        trace: decision.trace)
    }
    // A main-frame load that stops here spends the permission of its gesture-opened window, as one that commits.
    if case .main = target, decision.policy != .allow { gestureOpenedFirstLoads.remove(session.id) }
    // An iframe's automatic load does not name the step's rule: the step's own navigation does.
    if recordsTrace { step.record(decision.trace) }
    step.callbacks.append(
      CallbackRecord(
        callback: .decidePolicyFor, session: session.id, navigationType: type,
        targetFrame: target.map(\.name) ?? "none", answer: decision.policy.description, url: Self.normalised(url),
        gesture: gesture, method: action.httpMethod))
    return decision
  }

  private func frameInfo(_ frame: Frame, of session: Session) -> FrameInfo {
    switch frame {
    case .main: FrameInfo(isMainFrame: true, url: session.committedURL?.serialized ?? "about:blank")
    case .sub(_, let url): FrameInfo(isMainFrame: false, url: url)
    }
  }

  // MARK: - Origins

  /// The origin of the document the session shows: its committed page's (an opaque one is that document's own),
  /// or, for about:blank and before anything committed, the origin its creator had when it was created.
  func origin(of session: Session) -> DocumentOrigin {
    origin(of: session.id)
  }

  /// ``origin(of:)`` by id (same-origin with nothing for an unknown one).
  func origin(of id: SessionID) -> DocumentOrigin {
    guard let session = windows[id], let creation = windows.creationOrigin(of: id) else { return .unshared }
    guard let url = session.committedURL else { return creation }
    guard !url.isAboutBlankOrSrcdoc else { return liveFrames[id]?.blankOrigin ?? creation }
    return DocumentOrigin(url, document: frames[id]?.current.document, served: web.schemes)
  }

  /// The frame named `name` that WebKit's lookup finds from the document in `frame` of `session`: a window's main
  /// frame or a named iframe of the page a window shows (``WindowDirectory``).
  /// When two familiar windows have the name, WebKit's choice is not fixed (``WindowDirectory/Lookup/isAmbiguous``):
  /// the step then names it (``Step/ambiguousName``).
  private func frame(named name: String, from session: Session, frame: Frame, step: inout Step)
    -> WindowDirectory.FoundFrame?
  {
    let requesterFrame: String? = if case .sub(let src, _) = frame { src } else { nil }
    let lookup = windows.frame(
      named: name, from: session.id, requesterFrame: requesterFrame,
      requesterOrigin: documentOrigin(frame, in: session), origin: { origin(of: $0) },
      frameOrigins: { id, key in windows[id].map { frameOrigins(key, in: $0) } ?? [] },
      namedFrames: { id in windows[id].map(namedFrames(of:)) ?? [] },
      generation: { frames[$0]?.current.generation })
    if lookup.isAmbiguous { step.ambiguousName = name }
    return lookup.found
  }

  /// The named iframes of the page `session` shows, by key, in tree order (`FrameTree::traverseNext`): each of its
  /// iframes, then the iframes inside it (those WebKit loads: `nestedSources(of:chain:)`), then the next. An iframe
  /// whose load was cancelled is there, empty, without iframes of its own.
  private func namedFrames(of session: Session) -> [(src: String, name: String)] {
    var out: [(src: String, name: String)] = []
    walkFrames(of: session) { frame in
      if let name = name(of: frame) {
        out.append((frame.key, name))
      }
    }
    return out
  }

  /// The iframe `key` of the page `session` shows, at the URL it shows now: about:blank when its load was
  /// cancelled (it keeps its initial empty document, whose origin is its parent's).
  private func shownFrame(_ key: String, in session: Session) -> Frame {
    let state = shownState(of: session.id)
    if state?.isBlocked(key) == true { return .sub(src: key, url: "about:blank") }
    return .sub(src: key, url: state?.url(of: key) ?? FrameState.src(of: key))
  }

  /// The origins of the documents in the iframe `key` of `session`, in each iframe that holds it, and in the page,
  /// nearest first (an empty iframe's is its parent's): those `canAccessAncestor` looks at.
  private func frameOrigins(_ key: String, in session: Session) -> [DocumentOrigin] {
    var origins: [DocumentOrigin] = []
    var current: String? = key
    while let frame = current {
      origins.append(documentOrigin(shownFrame(frame, in: session), in: session))
      current = FrameState.parent(of: frame)
    }
    return origins + [origin(of: session)]
  }

  /// The origin of the document in `frame` of `session`: an iframe's URL's (an opaque one its own, shared with no
  /// other document), the session's for the main frame, and for an iframe showing about:blank or about:srcdoc the
  /// origin of the document around it (the iframe that holds it, or the page).
  func documentOrigin(_ frame: Frame, in session: Session) -> DocumentOrigin {
    guard case .sub(_, let url) = frame, let address = try? WebAddress(url) else { return origin(of: session) }
    guard address.isAboutBlankOrSrcdoc else { return DocumentOrigin(address, document: nil, served: web.schemes) }
    // about:blank and about:srcdoc have the origin of the document around them: an iframe's, or the page's.
    guard let parent = frame.parentKey else { return origin(of: session) }
    return documentOrigin(shownFrame(parent, in: session), in: session)
  }

  /// Whether `url` is same-origin with the document in `frame` (a `download` attribute applies only then). A URL
  /// with an opaque origin is same-origin with no document.
  private func isSameOrigin(_ url: String, as frame: Frame, in session: Session) -> Bool {
    guard let address = try? WebAddress(url) else { return false }
    let origin = DocumentOrigin(address, document: nil, served: web.schemes)
    if case .unshared = origin { return false }
    return origin.isSameOrigin(as: documentOrigin(frame, in: session))
  }

  static func normalised(_ url: String) -> String {
    (try? WebAddress(url))?.serialized ?? url
  }

  // MARK: - Values

  /// How a new window is opened: its name, whether the page sees its opener, and whether its first load
  /// carries the opener's gesture.
  private struct Opening {
    let name: String?
    let keepsOpener: Bool
    let firstLoadGesture: Bool
  }

  /// How an allowed load of an existing frame goes into its history.
  struct Load {
    /// WebKit's `FrameLoadType::Same`: the frame loads the URL it shows; the current entry is made anew.
    var isSameAsCurrent = false
    /// The URL loaded has an empty query the scenario does not write (a GET form without fields).
    var hasEmptyQuery = false
    /// A scheduled navigation of a window that has committed no real document yet (only about:blank, or nothing):
    /// WebKit locks the back/forward list (`NavigationScheduler`, `duringLoad`: `!committedFirstRealDocumentLoad`).
    /// The document replaces the current entry (a script's about:blank adds one); with none, about:blank without a
    /// user gesture over the initial empty document adds none.
    var locksHistory = false
    /// Whether a user gesture started the navigation (`NavigationScheduler::mustLockBackForwardList`).
    var hasGesture = false
    /// Whether a form submission started the navigation (a script's about:blank adds an entry where a form's does
    /// not).
    var isForm = false
    /// Whether this is the load a new window was opened for (its commit keeps the window's name,
    /// ``clearNameIfCrossOrigin(_:from:)``).
    var opensWindow = false
  }

  /// A link or form: where it is aimed, the frame that holds it, and how it navigates.
  private struct Link {
    let target: String
    let frame: Frame
    let type: NavigationType
    let method: FormMethod
    let rel: Set<LinkRelation>
  }

  /// A frame of a session: the main frame, or an iframe named by its key (its `src`, or the path of `src`s to it,
  /// ``FrameState/key(_:)``) and showing `url`.
  enum Frame {
    case main
    case sub(src: String, url: String)

    var name: String {
      switch self {
      case .main: "main"
      case .sub: "sub"
      }
    }

    var isMain: Bool {
      if case .main = self { true } else { false }
    }

    /// For an iframe inside an iframe, the key of the iframe that holds it.
    var parentKey: String? {
      guard case .sub(let key, _) = self else { return nil }
      return FrameState.parent(of: key)
    }
  }

  /// What one event has done so far.
  struct Step {
    var url: String?
    var callbacks: [CallbackRecord] = []
    var trace: PolicyDecision.Trace?
    /// The redirect hops of the step's navigation.
    var redirects: [String] = []
    /// The iframes (by `src`) whose automatic load was cancelled.
    var blockedFrames: [String] = []
    /// Popups an answer closed, for outcomes that do not list them (`navigated` after `sameView`, `blocked`).
    var closed: [SessionID] = []
    /// A window name WebKit looked up during the step whose answer it does not fix (two familiar windows have it).
    var ambiguousName: String?
    /// Whether the step went back or forward onto a page whose iframes WebKit may match to other history items
    /// (``hasFramesNamedByLoadOrder(in:)``).
    var unpredictableFrames = false
    /// Whether the step's outcome depends on how long ago the user tapped in the page, which the simulated clock
    /// cannot tell (``RecentInteraction/uncertain(recent:)``).
    var unpredictableTiming = false

    /// Keeps the latest trace that a policy rule or the default produced (not a limit or an interruption).
    mutating func record(_ trace: PolicyDecision.Trace) {
      if trace.source.isPolicy { self.trace = trace }
    }

    var rule: String? { trace?.rule }
  }
}
