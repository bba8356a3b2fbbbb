import SessionKit

/// Loads as WebKit makes them (WebKitBehavior.md, "Rules the engine showed"; WritingScenarios.md, "Pages and their
/// iframes" and "Redirects"): every redirect hop is a decision, a page's iframes are asked after each main-frame commit
/// of it, on back/forward and on reload, same-document navigations load nothing, and each history entry keeps its
/// iframes' state.
extension WebKitSimulator {
  /// How a request and its redirect hops ended.
  enum Requested {
    /// Every decision allowed it: `url` (the last hop's) commits, with `method`, when it is `loadable`: not when
    /// no one serves its scheme (``SimulatedWeb/canLoad(_:)``), nor when a redirect took it to a scheme other than
    /// http(s), which the network process refuses to follow after that hop's decision
    /// (`NetworkLoadChecker::checkRedirection`, "Redirection to URL with a scheme that is not HTTP(S)").
    case allowed(url: String, method: FormMethod, loadable: Bool)
    /// A decision answered other than allow: the navigation ends with its outcome.
    case refused(NavigationDecision)
    /// More than ``SimulatedWeb/maximumHops`` redirects: the load fails, nothing commits.
    case redirectLoop
  }

  /// Why a page's iframes are asked.
  enum FrameLoad {
    /// The page loaded: each iframe with `other` at its `src`.
    case load
    /// Back or forward onto the page: each iframe with `backForward` at the URL it showed in that entry (one
    /// whose load had been cancelled loads afresh: `other` at its `src`).
    case backForward
    /// A reload: each iframe with `other` at its `src`.
    case reload
  }

  /// decidePolicyFor for `url`, then for each redirect hop while the answers allow: the same session, frame,
  /// navigation type and gesture; 301, 302 and 303 turn a POST into a GET, 307 and 308 keep it. With
  /// `listsHops`, the hops go to the step's `redirects` and its `url` becomes the last URL decided.
  func request(
    _ url: String, in session: Session, type: NavigationType, target: Frame, source: Frame, sourceSession: Session,
    gesture: Bool, method: FormMethod, listsHops: Bool, recordsTrace: Bool = true, step: inout Step
  ) async -> Requested {
    var current = url
    var method = method
    var hops = 0
    var decision = await decidePolicy(
      in: session, url: current, type: type, target: target, source: source, sourceSession: sourceSession,
      gesture: gesture, method: method, recordsTrace: recordsTrace, step: &step)
    while decision.policy == .allow, let redirect = web.redirect(from: current) {
      guard hops < SimulatedWeb.maximumHops else {
        // The load ends: a gesture-opened window's permission to go out is spent, as the adapter's is.
        if case .main = target { gestureOpenedFirstLoads.remove(session.id) }
        return .redirectLoop
      }
      hops += 1
      current = redirect.to
      if redirect.dropsPost { method = .get }
      if listsHops {
        step.redirects.append(Self.normalised(current))
        step.url = current
      }
      decision = await decidePolicy(
        in: session, url: current, type: type, target: target, source: source, sourceSession: sourceSession,
        gesture: gesture, method: method, recordsTrace: recordsTrace, step: &step)
    }
    guard decision.policy == .allow else { return .refused(decision) }
    return .allowed(
      url: current, method: method, loadable: web.canLoad(current) && (hops == 0 || Self.isHTTPFamily(current)))
  }

  /// Whether `url`'s scheme is http or https.
  static func isHTTPFamily(_ url: String) -> Bool {
    guard let scheme = (try? WebAddress(url))?.scheme else { return false }
    return scheme == "http" || scheme == "https"
  }

  // MARK: - Commits

  /// A main-frame commit of a new document: a history entry (or the replacement of a popup's initial
  /// about:blank, which the engine decides), then the page's iframes. `false` when the load cannot commit: a URL
  /// whose scheme neither WebKit nor the app serves (``SimulatedWeb/canLoad(_:)``) fails provisionally, leaving
  /// the page, its history and (for a popup's first load) its about:blank as they were.
  ///
  /// A load of the URL the page shows (``Load/isSameAsCurrent``) makes the page anew in the current entry, as a
  /// reload does (WebKit's `FrameLoadType::Same` updates the history as a reload), without adding one: its iframes
  /// are back at their `src` with items of their own, and the entries of the same document made before it stay
  /// entries of that document (moving to one then loads nothing, as after a reload).
  @discardableResult
  func commitPage(_ url: String, in session: Session, isPost: Bool, load: Load = Load(), step: inout Step) async
    -> Bool
  {
    // The load ends either way: a gesture-opened window's permission to go out is spent, as the adapter's is.
    gestureOpenedFirstLoads.remove(session.id)
    guard web.canLoad(url) else { return false }
    let isBlank = (try? WebAddress(url))?.isAboutBlank ?? false
    let hasEntry = session.historyLength > 0
    // A scheduled about:blank without a gesture over the initial empty document of a window that has committed
    // nothing (a main web view's; a popup's whose first load did not commit) makes no entry (observed in WebKitGTK
    // 2.50; `mustLockBackForwardList`: no gesture, the initial document's onload not dispatched). Over a loaded
    // about:blank that made no entry (`window.open()`'s, or such a script's about:blank) a script's about:blank
    // adds one (random-a027a60264fe-019).
    if load.locksHistory, !hasEntry, isBlank, !load.hasGesture, !committedDocuments.contains(session.id) {
      committedDocuments.insert(session.id)
      return true
    }
    // A script's about:blank (its `location`, `window.open` by name or `_self`) adds an entry even in a window that
    // has committed only about:blank; a form's, like every other scheduled load there, replaces the current one
    // (observed in WebKitGTK 2.50.6, random-a027a60264fe-019; WebKit's source for it was not located).
    let scriptBlank = isBlank && !load.isForm
    // Only while the window's history controller has no previous item (`currentItemShouldBeReplaced`): after a second
    // entry (a script's about:blank over the first), its scheduled loads add entries too (observed in WebKitGTK
    // 2.50.6, random-1fb7a2d5144c-030, `blank-window-script-blank.json`).
    let hasPreviousItem = session.historyLength > 1
    let replaces =
      load.isSameAsCurrent || (load.locksHistory && hasEntry && !scriptBlank && !hasPreviousItem)
      || (hasEntry && !isBlank && stoppedBlankDocuments.contains(session.id))
    // A `Same` load keeps the entry but gives its item the form data of the new request (`updateForReload`,
    // `updateCurrentItem`, `setFormInfoFromRequest`): a script's load of a posted page's URL makes it a GET entry,
    // whose reload is a reload (observed in WebKitGTK 2.50.6, random-e2a-80-038, `post-same-load.json`).
    let keepsMethod = session.backForwardList.current?.isPost == isPost
    let kind: CommitKind = load.isSameAsCurrent && keepsMethod ? .reload : .newEntry(isPost: isPost)
    let previousOrigin = origin(of: session)
    guard (try? await session.commit(url, kind: kind, replacesCurrent: replaces)) != nil else { return false }
    // The load a window was opened for keeps its name (`clearNameIfCrossOrigin`).
    defer { if !load.opensWindow { clearNameIfCrossOrigin(session, from: previousOrigin) } }
    committedDocuments.insert(session.id)
    // A GET form without fields submits to `about:blank?`, which is not about:blank to WebKit's first-real-load check:
    // later scheduled loads in the window add entries (observed in WebKitGTK 2.50.6, random-d8a-80-053,
    // `blank-form-query.json`).
    if !isBlank || load.hasEmptyQuery {
      realDocuments.insert(session.id)
      stoppedBlankDocuments.remove(session.id)
    }
    nextDocument += 1
    var state = FrameState(document: nextDocument)
    if load.isSameAsCurrent, let current = frames[session.id]?.current {
      // WebKit commits `FrameLoadType::Same` as a reload (`FrameLoader::transitionToCommitted` calls
      // `HistoryController::updateForReload` for both): the entry keeps its item, whose iframe items are made anew,
      // so moving to an entry an iframe's navigation made from it loads nothing (random-a027a60264fe-037).
      state = current
      state.rewriteByReload(generation: nextDocument, keepsItems: frames[session.id]?.currentIsMainItem != true)
    }
    state.hasEmptyQuery = load.hasEmptyQuery
    if !load.isSameAsCurrent { state.isPageLoadEntry = true }
    if replaces {
      frames[session.id]?.current = state
      frames[session.id]?.scrolledFrom = nil
    } else {
      frames[session.id, default: FrameHistory()].pushed(state, list: session.backForwardList, isPageLoad: true)
    }
    setLiveFrames(LiveFrames(generation: state.generation, byReload: load.isSameAsCurrent), of: session)
    await loadFrames(of: session, .load, step: &step)
    return true
  }

  /// An iframe's navigation from `previous` to `url`: an entry of the joint session history, the main frame's
  /// document unchanged. A load of the URL the iframe shows (`replacing`, WebKit's `FrameLoadType::Same`) adds no
  /// entry. Called only for a load that can commit (``Requested/allowed(url:method:loadable:)``): one that cannot
  /// changes nothing, the iframe keeping its document (its load fails provisionally, as a main frame's does).
  ///
  /// `emptyQuery`: the URL the iframe shows has an empty query the scenario does not write (a GET form without fields
  /// loaded it, ``FrameState/hasEmptyQuery(_:)``).
  func commitFrame(
    _ url: String, src key: String, from previous: String, in session: Session, replacing: Bool, locks: Bool = false,
    emptyQuery: Bool = false, keepsInert: Bool = false, step: inout Step
  ) async {
    if !locks, !replacing, (try? await session.commit(url, kind: .subframe(previousFrameURL: previous))) != nil {
      var state = newFrameEntry(for: key, in: session)
      state.show(Self.normalised(url), in: key, emptyQuery: emptyQuery, keepsInert: keepsInert)
      state.itemNaming = .wholeTreeBut(key)
      frames[session.id, default: FrameHistory()].pushed(state, list: session.backForwardList, byFrame: true)
      if let entry = frames[session.id]?.id(at: 0) { setItemEntry(entry, of: key, in: session.id) }
      // The iframe's new item pushes its old one back (`HistoryController::createItem`, `setCurrentItem`): its next
      // scheduled navigation is not locked (``LiveFrames/withPreviousItems``; observed in WebKitGTK 2.50.6 after a
      // script's about:blank, `blank-iframe-script-blank.json`).
      liveFrames[session.id]?.withPreviousItems.insert(key)
    }
    // A locked navigation of an iframe is a client redirect (`NavigationScheduler` locks the list, and
    // `FrameLoader::clientRedirected` makes the load a quick redirect, `DocumentLoader::isClientRedirect`), so
    // `HistoryController::updateForRedirectWithLockedBackForwardList` rewrites the iframe's current item in place
    // (`updateCurrentItem`: a new item and document sequence number, the new URL), and the web process sends it to the
    // UI process (`HistoryItem::notifyChanged`, `WebHistoryItemClient::historyItemChanged`), which updates that item in
    // the entry it is of (`WebPageProxy::backForwardUpdateItem` finds it by its entry's and its own identifier;
    // `Source/WebKit/UIProcess/WebPageProxy.cpp`). The iframe's item is of another entry than the current one after
    // an iframe's navigation, or a move that left the iframes' items as they were (``itemEntry(of:in:)``; unknown: the
    // main frame's, ``FrameHistory/mainItemIndex``): the current entry keeps its item, while the iframe shows the new
    // document (``LiveFrames/view``); no entry takes it when the list no longer holds the item's. Observed in WebKitGTK
    // 2.50.6: back onto the page's entry then loads the iframe at the locked URL, and forward again at its old one
    // (probes L1, L3, L6 of 2026-12-06, `locked-iframe-items.json`).
    // Either way the iframe's item is rewritten in place, and the iframes of its new page are made anew.
    if locks || replacing { remakeInnerItemEntries(of: key, in: session.id) }
    let history = frames[session.id]
    let ownEntry = itemEntry(of: key, in: session.id)
    let itemIndex = if let ownEntry { history?.index(ofID: ownEntry) } else { history?.mainItemIndex }
    if locks, !replacing, let history, ownEntry != nil || itemIndex != nil, itemIndex != history.currentIndex {
      var shown = shownState(of: session.id) ?? FrameState(document: -1)
      shown.showLocked(Self.normalised(url), in: key, emptyQuery: emptyQuery, keepsInert: keepsInert)
      await loadNestedFrames(ofPageAt: url, key: key, in: session, type: .other, into: &shown, step: &step)
      if let itemIndex { frames[session.id]?.takeLockedItem(key, from: shown, atIndex: itemIndex) }
      liveFrames[session.id]?.view = shown
      if liveFrames[session.id]?.viewKeys.contains(key) == false { liveFrames[session.id]?.viewKeys.append(key) }
      return
    }
    // The iframe shows a new document in the current entry (one it pushed, or the one it had: `locks`, `replacing`),
    // with the iframes of its page.
    var state = frames[session.id]?.current ?? FrameState(document: -1)
    if replacing {
      state.reloadDocument(in: key)
    } else if locks {
      state.showLocked(Self.normalised(url), in: key, emptyQuery: emptyQuery, keepsInert: keepsInert)
    } else {
      state.show(Self.normalised(url), in: key, emptyQuery: emptyQuery, keepsInert: keepsInert)
    }
    await loadNestedFrames(ofPageAt: url, key: key, in: session, type: .other, into: &state, step: &step)
    frames[session.id]?.current = state
    keepView(in: session.id, loaded: [key])
  }

  /// The state a new entry made by the iframe `key`'s navigation starts from: the current entry's, or, when the current
  /// entry holds no item for the live iframe (its items are of another generation than the live frames', after a move
  /// that loaded nothing, or it is an entry of one iframe alone, or the iframe's load was cancelled and it has
  /// committed nothing the entry recorded: ``FrameState/isBlocked(_:)`` without ``FrameState/hasBlankItem(_:)``), an
  /// entry of that iframe alone (``FrameState/onlyFrame``; `WebBackForwardList::completeFrameStateForNavigation`).
  /// Observed in WebKitGTK 2.50.6: reload, back, an iframe's link (`iframe-only-entries.json`); `window.open` into a
  /// cancelled iframe, then back, loads the page anew (random-bb0960016109-013).
  func newFrameEntry(for key: String, in session: Session) -> FrameState {
    var state = frames[session.id]?.current ?? FrameState(document: -1)
    let hasItem = !state.isBlocked(key) || state.hasBlankItem(key)
    guard let live = liveFrames[session.id], state.onlyFrame != nil || state.generation != live.generation || !hasItem
    else {
      return state
    }
    nextDocument += 1
    state.document = nextDocument
    state.generation = live.generation
    state.onlyFrame = key
    return state
  }

  /// The iframes of the declared page the iframe `key` of `session` now shows at `url` (nested browsing contexts),
  /// level by level as WebKit creates them (a document makes all its iframes as it is parsed; theirs come with their
  /// own documents): each asked as a page's own iframes are (target the subframe, no gesture), `other` at its `src`,
  /// or on back/forward `backForward` at the URL it showed in the entry `state` holds, unless its load had been
  /// cancelled there (it left no item: `other` at its `src`). WebKit loads no frame whose URL two of its ancestors'
  /// documents have (`isURLAllowed` allows one self-reference), which ends the recursion. What each loaded, and which
  /// were cancelled, goes into `state` under their keys (``FrameState/key(_:)``). Observed in WebKitGTK 2.50.6
  /// (`nested-iframes.json`, `nested-iframe-links.json`).
  func loadNestedFrames(
    ofPageAt url: String, key: String, in session: Session, type: NavigationType, into state: inout FrameState,
    step: inout Step
  ) async {
    let entry = state
    // The URLs of the documents around the iframe `key`: the page's, then each iframe's that holds it, outermost first.
    var around: [String] = []
    var enclosing = FrameState.parent(of: key)
    while let outer = enclosing {
      around.insert(SimulatedWeb.key(state.url(of: outer)), at: 0)
      enclosing = FrameState.parent(of: outer)
    }
    let ancestors = [session.committedURL.map(SimulatedWeb.key) ?? ""] + around
    var queue = [(page: url, key: key, type: type, ancestors: ancestors)]
    while !queue.isEmpty {
      let (page, parent, parentType, ancestors) = queue.removeFirst()
      guard let address = try? WebAddress(page) else { continue }
      let chain = ancestors + [SimulatedWeb.key(address)]
      for src in nestedSources(of: address, chain: chain) {
        let key = FrameState.key(of: src, in: parent)
        let (frameType, frameURL, ownItem) =
          parentType != .backForward ? (parentType, src, true) : backForwardLoad(of: key, in: entry, session: session)
        let requested = await request(
          frameURL, in: session, type: frameType, target: .sub(src: key, url: frameURL), source: .main,
          sourceSession: session, gesture: false, method: .get, listsHops: false, recordsTrace: false, step: &step)
        if case .allowed(let final, _, let loadable) = requested {
          state.show(Self.normalised(final), in: key)
          if loadable { queue.append((final, key, ownItem ? frameType : .other, chain)) }
        } else {
          state.block(key)
          step.blockedFrames.append(src)
        }
      }
    }
  }

  /// The iframes of the declared page at `address` that WebKit loads inside frames whose documents' URLs are `chain`
  /// (the main frame's first, the page's last): not one that two of them have.
  func nestedSources(of address: WebAddress, chain: [String]) -> [String] {
    (web.frames(of: address) ?? []).filter { src in chain.filter { $0 == src }.count < 2 }
  }

  /// Asks each iframe of the declared page `session` shows (none for an undeclared page), in document order,
  /// and records in the current entry which loaded (and where, after hops) and which were cancelled. These
  /// loads have no gesture and add no history entry; the engine never lets one leave the app.
  func loadFrames(of session: Session, _ reason: FrameLoad, step: inout Step) async {
    guard let sources = web.frames(of: session.committedURL), !sources.isEmpty else { return }
    let previous = frames[session.id]?.current ?? FrameState(document: -1)
    var state = previous
    if reason == .load { state.reset(generation: state.generation) }
    // The pages the iframes show, whose own iframes load next (WebKit makes a document's iframes as it parses it).
    var nested: [(key: String, page: String, type: NavigationType)] = []
    for src in sources {
      // A cancelled iframe loads its `src` afresh, unless the entry holds an item at about:blank for it (one a
      // fragment of the page made: random-s44-500-330, `cancelled-iframe-items.json`).
      let (type, url, ownItem) =
        reason != .backForward
        ? (NavigationType.other, src, true) : backForwardLoad(of: src, in: previous, session: session)
      let requested = await request(
        url, in: session, type: type, target: .sub(src: src, url: url), source: .main, sourceSession: session,
        gesture: false, method: .get, listsHops: false, recordsTrace: false, step: &step)
      if case .allowed(let final, _, let loadable) = requested {
        // Back or forward to the URL the entry has: it keeps what it says of the iframes inside this one, which
        // load from it next.
        if type != .backForward || Self.normalised(final) != previous.url(of: src) {
          state.show(Self.normalised(final), in: src)
        }
        if loadable { nested.append((src, final, ownItem ? type : .other)) }
      } else {
        state.block(src)
        step.blockedFrames.append(src)
      }
    }
    for (key, page, type) in nested {
      await loadNestedFrames(ofPageAt: page, key: key, in: session, type: type, into: &state, step: &step)
    }
    frames[session.id]?.current = state
  }

  /// After a main-frame commit of a new document: a window without an opener loses its name when the document is of
  /// another origin than the one it replaced (`shouldClearWindowName`, called by `FrameLoader::clear` in
  /// `Source/WebCore/loader/FrameLoader.cpp`). A window with an opener keeps its name, and so does a window on the
  /// commit of the load it was opened for (`window.open(url, name, "noopener")`): WebKit makes that window's frame for
  /// the load, with the name, and `clear` returns before it looks at the name when the document the commit replaces
  /// never began (`m_needsClear`). Every other commit over an initial document clears it: a main web view named by
  /// its script before its first load, a `window.open()` about:blank, a popup whose first load failed (observed in
  /// WebKitGTK 2.50.6, random-892987955823-014, `window-name-opening-load.json`, `window-name-by-script.json`).
  func clearNameIfCrossOrigin(_ session: Session, from previous: DocumentOrigin) {
    guard !origin(of: session).isSameOrigin(as: previous),
      !windows.hasOpener(session.id, generation: { frames[$0]?.current.generation })
    else { return }
    windows.rename(session.id, to: nil)
  }

  // MARK: - Same-document navigations

  /// Whether `url` differs from the session's page only by a fragment it has: a navigation within the document.
  ///
  /// A GET form is one too (`shouldPerformFragmentNavigation` in `Source/WebCore/loader/FrameLoader.cpp` excludes only
  /// forms of another method) when the URL it submits to is the page's but for the fragment: its query is the
  /// form's fields, empty (`URL?`) for a URL without one (observed in WebKitGTK 2.50.6, random-c7cfc8f-007).
  func isSameDocument(_ url: String, in session: Session, isForm: Bool = false) -> Bool {
    guard let page = session.committedURL, let address = try? WebAddress(url) else { return false }
    return Self.isFragment(
      address, of: page, pageHasEmptyQuery: frames[session.id]?.current.hasEmptyQuery == true, isForm: isForm)
  }

  /// Whether `address` is the document at `page` but for a fragment it has. A page a GET form without fields loaded
  /// has an empty query (`pageHasEmptyQuery`: `URL?`), so a link without one is another document; a GET form
  /// (`isForm`) submits to `URL?` when its URL has no query, the fragment kept (HTML's form submission).
  static func isFragment(_ address: WebAddress, of page: WebAddress, pageHasEmptyQuery: Bool, isForm: Bool) -> Bool {
    guard address.fragment != nil else { return false }
    if isForm {
      guard (address.query == nil) == pageHasEmptyQuery else { return false }
    } else if pageHasEmptyQuery, address.query == nil {
      return false
    }
    return SimulatedWeb.key(address) == SimulatedWeb.key(page)
  }

  /// A link (or script) to a fragment of the current page: decided like any navigation (a link is
  /// linkActivated), and when allowed the URL changes and the history gains an entry, but nothing loads: no
  /// redirect, no iframe. One a script made without user interaction (no gesture, not the app's load: `byApp`) marks
  /// its entry for the app's back and forward to skip (``FrameState/madeByScriptWithoutInteraction``).
  func navigateWithinDocument(
    _ session: Session, url: String, type: NavigationType, source: Frame, sourceSession: Session, gesture: Bool,
    byApp: Bool = false, step: inout Step
  ) async -> StepOutcome {
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: .main, source: source, sourceSession: sourceSession,
      gesture: gesture, step: &step)
    // One no user gesture started (a script's `location`, `window.open` into the window, the app's `load(_:)`) is
    // performed whatever a cancelling answer says: WebKit asks about a fragment navigation synchronously
    // (`FrameLoader::loadURL`, `PolicyDecisionMode::Synchronous`) and WebKitGTK 2.50.6 went on after `cancel`; a link
    // or form (with a gesture) stops (random-s44-500-322, `script-fragment-cancel.json`).
    var policy = decision.policy
    if policy == .cancel, !gesture, type == .other, case .blocked = decision.outcome { policy = .allow }
    switch policy {
    case .allow:
      // The fragment it already shows, asked by a document of the page's origin: the entry is replaced by an equal one
      // (`FrameLoadType::Same`, HTML's "replace"), no new entry. From another origin (a cross-origin iframe's `_top`
      // link) it adds one (observed in WebKitGTK 2.50.6, random-s44-500-415, `same-fragment-entries.json`).
      if Self.normalised(url) == session.committedURL?.serialized,
        documentOrigin(source, in: sourceSession).isSameOrigin(as: origin(of: session))
      {
        return .navigated(session: session.id, frame: .main)
      }
      // The new item takes its form data from the request that loaded the document
      // (`HistoryController::initializeItem`, `setFormInfoFromRequest`): a fragment of a page a POST form loaded is a
      // POST entry, whose reload resubmits the form (observed in WebKitGTK 2.50.6, random-e1a-80-001,
      // `post-fragment-entries.json`).
      let isPost = session.backForwardList.current?.isPost ?? false
      guard (try? await session.commit(url, kind: .newEntry(isPost: isPost))) != nil else {
        return .blocked(reason: .invalidURL)
      }
      // The entry's items are the frames' current state, a cancelled iframe's initial about:blank included (observed in
      // WebKitGTK 2.50.6, random-s44-500-330; an iframe's navigation or fragment gives it none).
      nextDocument += 1
      let state = (shownState(of: session.id) ?? FrameState(document: -1)).copiedIntoNewEntry(mainItem: nextDocument)
      // `FrameLoader::loadInSameDocument` marks the entry when the document has had no user interaction and the
      // request is not the client's (`hasRecentUserInteractionForNavigationFromJS`,
      // `isRequestFromClientOrUserInput`, `Source/WebCore/loader/FrameLoader.cpp`).
      // A script of the window itself follows the harness's own script, which leaves no recent interaction
      // (``recentInteraction(in:)``); one from another window may come within ten seconds of a tap in this one.
      let marks = marksWithoutInteraction(type == .other && !gesture && !byApp, in: session.id, step: &step)
      frames[session.id, default: FrameHistory()].pushed(
        state, list: session.backForwardList, madeByScriptWithoutInteraction: marks, keepsProvisional: true)
      setEveryItemEntry(frames[session.id]?.id(at: 0), in: session.id)
      await commitProvisionalItem(in: session, url: url)
      liveFrames[session.id]?.view = nil
      liveFrames[session.id]?.viewKeys = []
      // Every frame of the page gets a new item, its old one now its previous.
      givePreviousItemsToEveryFrame(of: session)
      return .navigated(session: session.id, frame: .main)
    case .download: return .download
    case .cancel: return await applyRefusal(decision, step: &step)
    }
  }

  /// Whether `url` is the page `shown` (not an about: document) but for a fragment it has: a navigation within an
  /// iframe's document, by the rules of ``isFragment(_:of:pageHasEmptyQuery:isForm:)`` (`shownHasEmptyQuery`: a GET
  /// form without fields loaded the iframe's document; observed in WebKitGTK 2.50.6, `iframe-get-form-query.json`).
  static func isFragmentNavigation(to url: String, from shown: String, shownHasEmptyQuery: Bool, isForm: Bool)
    -> Bool
  {
    guard let address = try? WebAddress(url), let page = try? WebAddress(shown), page.scheme != "about" else {
      return false
    }
    return isFragment(address, of: page, pageHasEmptyQuery: shownHasEmptyQuery, isForm: isForm)
  }

  /// A link (or script) to a fragment of the document an iframe shows: decided like any navigation of the iframe, and
  /// when allowed the iframe's URL changes and the joint session history gains an entry, but nothing loads: no
  /// redirect, none of its iframes (`FrameLoader::loadURL`'s same-document path, as for a main frame). A link to the
  /// fragment it shows changes nothing. Observed in WebKitGTK 2.50.6 (`iframe-fragments.json`).
  func navigateFrameWithinDocument(
    _ session: Session, url: String, key: String, shown: String, type: NavigationType, source: Frame,
    sourceSession: Session, gesture: Bool, step: inout Step
  ) async -> StepOutcome {
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: .sub(src: key, url: shown), source: source,
      sourceSession: sourceSession, gesture: gesture, step: &step)
    switch decision.policy {
    case .allow:
      guard Self.normalised(url) != Self.normalised(shown) else { return .navigated(session: session.id, frame: .sub) }
      if (try? await session.commit(url, kind: .subframe(previousFrameURL: shown))) != nil {
        var state = newFrameEntry(for: key, in: session)
        // The iframe's new item is of the document it shows, which a locked navigation may have put there without
        // the current entry holding it (``LiveFrames/view``; observed in WebKitGTK 2.50.6: back from the fragment's
        // entry then loads the iframe at the entry's URL, probe L8 of 2026-12-06).
        let outer = liveFrames[session.id]?.viewKeys.first { $0 == key || FrameState.isInside(key, $0) }
        if let outer, let view = liveFrames[session.id]?.view { state.adopt(outer, from: view) }
        state.moveWithinDocument(to: Self.normalised(url), in: key)
        state.itemNaming = .wholeTree
        frames[session.id, default: FrameHistory()].pushed(state, list: session.backForwardList, byFrame: true)
        if let entry = frames[session.id]?.id(at: 0) { setItemEntry(entry, of: key, in: session.id) }
        liveFrames[session.id]?.view?.moveWithinDocument(to: Self.normalised(url), in: key)
        keepView(in: session.id, loaded: outer.map { [$0] } ?? [])
      }
      return .navigated(session: session.id, frame: .sub)
    case .download: return .download
    case .cancel: return await applyRefusal(decision, step: &step)
    }
  }

  // MARK: - History

  /// Back (−1), forward (+1) or reload (0).
  ///
  /// Between two entries of one document (an iframe's navigation, a fragment), nothing reloads: each iframe
  /// whose URL differs between them is asked with `backForward` (target the subframe) at the entry's URL, the
  /// session's URL moves to the entry's (a fragment). Moving to or from an entry a reload rewrote (its iframes back
  /// at their `src`, with iframe items of their own) makes no callback and changes no frame, as WebKit showed: the
  /// step is `ignored`, but the list's current entry still moves (WebKit's `canGoBack`/`canGoForward` change).
  /// Onto an entry of another document it is `backForward` in the main frame (a POST entry included), then the
  /// page's iframes, at the URLs the entry's items had before any reload rewrote it
  /// (``FrameState/restoreItemsBeforeReload()``). A reload is `reload` (`formResubmitted` for a POST entry), then each
  /// iframe at its `src`; it rewrites the entry's iframes to their `src`. Nothing to go to is ignored, except a reload
  /// of an about:blank that made no entry (``reloadWithoutEntry(_:step:)``).
  func traverse(_ offset: Int, in session: Session, step: inout Step) async -> StepOutcome {
    let history = session.backForwardList
    // The app's back and forward skip entries a script made without user interaction (`FrameHistory.appOffset`).
    let offset = offset == 0 ? 0 : frames[session.id]?.appOffset(offset, list: history) ?? offset
    guard let current = history.current, let entry = history.entry(at: offset) else {
      if offset == 0, history.current == nil, committedDocuments.contains(session.id) {
        return await reloadWithoutEntry(session, step: &step)
      }
      return .ignored
    }
    let page = entry.url.serialized
    let currentState = frames[session.id]?.current ?? FrameState(document: -1)
    // The entry of the document the page shows: the current one, unless a back or forward that scrolled to a fragment
    // left the web process's current item behind (``FrameHistory/scrolledFrom``).
    let liveIndex = frames[session.id]?.scrolledFrom
    frames[session.id]?.scrolledFrom = nil
    let live = liveIndex.flatMap { frames[session.id]?.state(atIndex: $0) } ?? currentState
    let targetIndex = frames[session.id]?.currentIndex.map { $0 + offset }
    if offset != 0, let target = frames[session.id]?.state(at: offset) {
      if let key = target.onlyFrame {
        return await traverseOntoFrameOnlyEntry(
          offset, key: key, from: currentState, to: target, page: page, in: session, step: &step)
      }
      // Onto the entry whose main item the main frame holds as current (``FrameHistory/mainItemIndex``), not a clone of
      // the current entry's: WebKit's same-document check compares the items' identifiers, the web process's
      // copy of an item keeping the UI process's (`HistoryItem::shouldDoSameDocumentNavigationTo`,
      // `Source/WebCore/history/HistoryItem.cpp`), so the move is a load of the item's URL: `backForward` in the main
      // frame, then a scroll when that URL is the page's but for a fragment, or the page anew (observed in
      // WebKitGTK 2.50.6, random-ff791cab7d29-001, `provisional-item-commit.json`).
      let ontoMainItem =
        currentState.onlyFrame == nil && target.mainItem != live.mainItem && targetIndex != nil
        && targetIndex == frames[session.id]?.mainItemIndex
      let scrolls = session.committedURL.map {
        Self.scrollsToFragment(
          page, hasEmptyQuery: target.hasEmptyQuery, shown: $0.serialized, shownHasEmptyQuery: live.hasEmptyQuery)
      }
      if ontoMainItem, scrolls == true {
        return await scrollOnTraversal(
          offset, to: entry, page: page, live: nil, ontoMainItem: true, in: session, step: &step)
      }
      let isLiveEntry = liveIndex != nil && liveIndex == targetIndex
      if currentState.onlyFrame == nil, target.document != live.document || isLiveEntry, scrolls == true {
        return await scrollOnTraversal(
          offset, to: entry, page: page, live: liveIndex ?? frames[session.id]?.currentIndex, in: session,
          step: &step)
      }
      // From an entry of one iframe alone onto one of the page, WebKit loads the page anew.
      if currentState.onlyFrame == nil, target.document == live.document, !ontoMainItem {
        return await traverseWithinDocument(
          offset, from: live, to: target, page: page, pageChanges: entry.url != current.url, in: session,
          step: &step)
      }
    }
    step.url = page
    let type: NavigationType = offset != 0 ? .backForward : entry.isPost ? .formResubmitted : .reload
    let decision = await decidePolicy(
      in: session, url: page, type: type, target: .main, source: .main, sourceSession: session, gesture: false,
      method: entry.isPost ? .post : .get, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    let previousOrigin = origin(of: session)
    guard (try? await session.commit(page, kind: offset == 0 ? .reload : .backForward(offset: offset))) != nil
    else { return .blocked(reason: .invalidURL) }
    frames[session.id]?.moved(with: session.backForwardList)
    // The entry's item commits as the main frame's current one (`HistoryController::updateForCommit`); a reload keeps
    // both items as they were.
    if offset != 0 { frames[session.id]?.makeCurrentItemMain(committing: true) }
    // The page is made anew (no back/forward cache), with iframe items no other entry shares: moving from this
    // entry to an entry of the same document made before (an iframe's navigation) then loads nothing. A reload
    // also puts the entry's iframes back at their `src`; going back or forward loads them at the entry's URLs.
    nextDocument += 1
    if offset == 0 {
      let keepsItems = frames[session.id]?.currentIsMainItem != true
      frames[session.id]?.current.rewriteByReload(generation: nextDocument, keepsItems: keepsItems)
    } else {
      frames[session.id]?.current.restoreItemsBeforeReload()
      frames[session.id]?.current.generation = nextDocument
    }
    setLiveFrames(LiveFrames(generation: nextDocument, byReload: offset == 0), of: session)
    clearNameIfCrossOrigin(session, from: previousOrigin)
    if offset != 0, hasFramesNamedByLoadOrder(in: session) { step.unpredictableFrames = true }
    await loadFrames(of: session, offset == 0 ? .reload : .backForward, step: &step)
    frames[session.id]?.current.hasLostItems = false
    return .navigated(session: session.id, frame: .main)
  }

  /// Whether a history load of `url` (`hasEmptyQuery`: the entry's URL is `URL?`, a GET form without fields made it)
  /// in a page showing `shown` (`shownHasEmptyQuery`: as `URL?`) scrolls the page instead of loading: `url` has a
  /// fragment and is `shown` but for its fragment (`FrameLoader::loadWithDocumentLoader` performs a fragment
  /// navigation when `shouldPerformFragmentNavigation` holds, `equalIgnoringFragmentIdentifier`,
  /// `Source/WebCore/loader/FrameLoader.cpp`): `URL?#more` is no fragment of `URL`, nor `URL#more` of `URL?`
  /// (observed in WebKitGTK 2.50.6: back onto a form's `URL?#more` from `URL` loads the page anew, random-p1a-200-131).
  static func scrollsToFragment(_ url: String, hasEmptyQuery: Bool, shown: String, shownHasEmptyQuery: Bool) -> Bool {
    guard let address = try? WebAddress(url), let page = try? WebAddress(shown), page.scheme != "about" else {
      return false
    }
    if address.query == nil, page.query == nil, hasEmptyQuery || shownHasEmptyQuery {
      guard hasEmptyQuery == shownHasEmptyQuery, address.fragment != nil else { return false }
      return SimulatedWeb.key(address) == SimulatedWeb.key(page)
    }
    return isFragment(address, of: page, pageHasEmptyQuery: shownHasEmptyQuery, isForm: false)
  }

  /// Back or forward onto an entry of another document whose URL is the page's but for a fragment (or onto the entry
  /// of the page's own document after such a move): WebKit asks `backForward` for the entry's URL, then scrolls the
  /// page it shows to the fragment, loading nothing (``scrollsToFragment(_:hasEmptyQuery:shown:shownHasEmptyQuery:)``). When the
  /// page's URL changes by it, the list stays on its entry, whose URL becomes the fragment's (the web process updates
  /// its current item); when it does not, the list moves while the page's document stays that of the entry it left
  /// (``FrameHistory/scrolledFrom``). Observed in WebKitGTK 2.50.6 (random-d7b-60-015, `fragment-history-scroll.json`).
  ///
  /// `ontoMainItem`: the entry's item is the main frame's current one (``FrameHistory/mainItemIndex``), whose URL the
  /// page shows but for a fragment. The list moves onto the entry, whose item stays the main frame's current one and
  /// becomes its provisional one too (the scroll's `recursiveUpdateForSameDocumentNavigation` skips an item that is
  /// the current one). Observed in WebKitGTK 2.50.6 (random-ff791cab7d29-001, `provisional-item-commit.json`).
  private func scrollOnTraversal(
    _ offset: Int, to entry: BackForwardList.Entry, page: String, live: Int?, ontoMainItem: Bool = false,
    in session: Session, step: inout Step
  ) async -> StepOutcome {
    step.url = page
    let decision = await decidePolicy(
      in: session, url: page, type: .backForward, target: .main, source: .main, sourceSession: session,
      gesture: false, method: entry.isPost ? .post : .get, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    // The entry's item stays the main frame's provisional one: the scroll commits none
    // (``FrameHistory/provisionalIndex``).
    frames[session.id]?.leaveProvisional(at: offset)
    if !ontoMainItem, session.committedURL?.serialized != page {
      // The list is on the entry by then (`HistoryController::goToItem`), and the scroll adds an entry after it
      // (`FrameLoader::continueFragmentScrollAfterNavigationPolicy` calls `loadInSameDocument` as a new navigation,
      // which adds one when the URL is not the current item's: `updateBackForwardListForFragmentScroll`,
      // `Source/WebCore/loader/FrameLoader.cpp`), dropping the entries after it. After a forward move the new entry
      // is marked as a script's without user interaction (``FrameState/madeByScriptWithoutInteraction``), so the app's
      // back from it passes over the entry it scrolled onto; after a back move it is not (observed in WebKitGTK
      // 2.50.6: random-d10a-80-075, probes Q1–Q3 and R2–R7 of 2026-12-06, `fragment-scroll-entries.json`). Nor is it
      // when the user tapped in the page within ten seconds (`Document::hasRecentUserInteractionForNavigationFromJS`,
      // ``recentInteraction(in:)``; observed: probes R1, W1, V1, V2, D6–D8, I1, I2 and F1 of 2026-12-06,
      // `fragment-scroll-after-tap.json`).
      // The new item takes its form data from the request that loaded the document shown (`initializeItem`,
      // `setFormInfoFromRequest`): after a page a POST form loaded, a POST entry, as a fragment's (observed in
      // WebKitGTK 2.50.6: its reload resubmits the form, random-58124675680a-036).
      let shown = frames[session.id]?.current
      let entries = session.backForwardList.entries
      let isPost =
        (live.flatMap { entries.indices.contains($0) ? entries[$0] : nil } ?? session.backForwardList.current)?.isPost
        ?? false
      guard (try? await session.commit(page, kind: .backForward(offset: offset))) != nil else {
        return .blocked(reason: .invalidURL)
      }
      frames[session.id]?.moved(with: session.backForwardList)
      guard (try? await session.commit(page, kind: .newEntry(isPost: isPost))) != nil else {
        return .blocked(reason: .invalidURL)
      }
      if var shown {
        shown.itemNaming = .wholeTree
        let marks = marksWithoutInteraction(offset > 0, in: session.id, step: &step)
        frames[session.id]?.pushed(
          shown, list: session.backForwardList, madeByScriptWithoutInteraction: marks, keepsProvisional: true)
        setEveryItemEntry(frames[session.id]?.id(at: 0), in: session.id)
      }
      return .navigated(session: session.id, frame: .main)
    }
    guard (try? await session.commit(page, kind: .backForward(offset: offset))) != nil else {
      return .blocked(reason: .invalidURL)
    }
    frames[session.id]?.moved(with: session.backForwardList)
    if !ontoMainItem, let live, live != frames[session.id]?.currentIndex { frames[session.id]?.scrolledFrom = live }
    return .navigated(session: session.id, frame: .main)
  }

  /// The main frame's same-document navigation to `url` (a fragment's new entry, a move within the document) has just
  /// made its entry's item current (``FrameHistory/mainItemIndex``). A provisional item the main frame had left
  /// (``FrameHistory/provisionalIndex``) that is of the same document as that item is committed in its place
  /// (`HistoryController::recursiveUpdateForSameDocumentNavigation`, same document by
  /// `HistoryItem::shouldDoSameDocumentNavigationTo`), and the navigation's URL is written into it
  /// (`HistoryController::updateForSameDocumentNavigation`: `m_currentItem->setURL`), so its entry's URL becomes
  /// `url` (`Source/WebCore/loader/HistoryController.cpp`). Observed in WebKitGTK 2.50.6: after back from an iframe's
  /// entry onto the page's own (the main frame's current item, so its commit left it provisional), a fragment of the
  /// page also gives the page's entry the fragment's URL, and back onto it scrolls (random-ff791cab7d29-001,
  /// `provisional-item-commit.json`).
  func commitProvisionalItem(in session: Session, url: String) async {
    guard var history = frames[session.id], let provisional = history.provisionalIndex,
      let currentIndex = history.mainItemIndex, provisional != currentIndex,
      let item = history.state(atIndex: provisional), let current = history.state(atIndex: currentIndex),
      session.backForwardList.entries.indices.contains(provisional), let address = try? WebAddress(url)
    else { return }
    let itemURL = session.backForwardList.entries[provisional].url
    let sameDocument: Bool
    if address.fragment != nil || itemURL.fragment != nil, SimulatedWeb.key(address) == SimulatedWeb.key(itemURL) {
      sameDocument = item.document == current.document
    } else {
      // `hasSameDocumentTree`: the page's document and every iframe's. A load of the entry made the page anew but
      // kept its iframes' items, whose documents are then still those the other entry's iframes had (random probe
      // d4 of 2026-12-06).
      sameDocument = item.document == current.document && item.framesDiffering(from: current).isEmpty
    }
    guard sameDocument, (try? await session.rewriteEntry(at: provisional, to: url)) != nil else { return }
    history.commitProvisionalItem()
    // A script's fragment marks the item current after the commit (`setWasCreatedByJSWithoutUserInteraction` on
    // `HistoryController::currentItem`): the committed one, not the new entry's (observed in WebKitGTK 2.50.6: the
    // app's forward then stops on the new entry, `provisional-item-commit.json`).
    history.moveScriptMark(to: provisional)
    frames[session.id] = history
  }

  /// Every iframe of the page `session` shows now has a previous item in its history controller
  /// (``LiveFrames/withPreviousItems``): its next scheduled navigation is not locked.
  private func givePreviousItemsToEveryFrame(of session: Session) {
    var keys: Set<String> = []
    walkFrames(of: session) { keys.insert($0.key) }
    liveFrames[session.id]?.withPreviousItems.formUnion(keys)
  }

  /// A move onto an entry of one iframe alone (``FrameState/onlyFrame``): while the page still has that iframe (the
  /// live frames are those the entry was made with), the iframe navigates to the entry's URL (`backForward`, target
  /// the subframe), even when it shows that URL; once the page was made anew, the main frame navigates to the iframe's
  /// URL (`backForward`, target the main frame), which the entry then holds as a page of its own. Observed in WebKitGTK
  /// 2.50.6 (`iframe-only-entries.json`; WebKit's UI process navigates the item's frame by its identifier, the main
  /// frame when no frame has it).
  private func traverseOntoFrameOnlyEntry(
    _ offset: Int, key: String, from current: FrameState, to target: FrameState, page: String, in session: Session,
    step: inout Step
  ) async -> StepOutcome {
    let url = target.url(of: key)
    step.url = url
    if let live = liveFrames[session.id], target.generation == live.generation {
      let decision = await decidePolicy(
        in: session, url: url, type: .backForward, target: .sub(src: key, url: current.url(of: key)), source: .main,
        sourceSession: session, gesture: false, step: &step)
      guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
      var state = target
      await loadNestedFrames(ofPageAt: url, key: key, in: session, type: .backForward, into: &state, step: &step)
      guard (try? await session.commit(page, kind: .backForward(offset: offset))) != nil else {
        return .blocked(reason: .invalidURL)
      }
      frames[session.id]?.moved(with: session.backForwardList)
      frames[session.id]?.current = state
      keepView(in: session.id, loaded: [key])
      if let entry = frames[session.id]?.id(at: 0) { setItemEntry(entry, of: key, in: session.id) }
      return .navigated(session: session.id, frame: .sub)
    }
    let decision = await decidePolicy(
      in: session, url: url, type: .backForward, target: .main, source: .main, sourceSession: session, gesture: false,
      step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    let previousOrigin = origin(of: session)
    guard (try? await session.commit(page, kind: .backForward(offset: offset))) != nil,
      (try? await session.commit(url, kind: .newEntry(isPost: false), replacesCurrent: true)) != nil
    else { return .blocked(reason: .invalidURL) }
    frames[session.id]?.moved(with: session.backForwardList)
    frames[session.id]?.makeCurrentItemMain(committing: true)
    if (try? WebAddress(url))?.isAboutBlank != true { realDocuments.insert(session.id) }
    nextDocument += 1
    frames[session.id]?.current = FrameState(document: nextDocument)
    setLiveFrames(LiveFrames(generation: nextDocument, byReload: false), of: session)
    clearNameIfCrossOrigin(session, from: previousOrigin)
    await loadFrames(of: session, .load, step: &step)
    return .navigated(session: session.id, frame: .main)
  }

  /// Whether going back or forward onto the page `session` now shows may give its iframes other history items than
  /// theirs: an iframe with iframes of its own comes before another iframe of the same document. WebKit matches each
  /// iframe to its item by its unique name, which counts the unnamed frames before it that exist at that moment
  /// (`FrameTree::uniqueName`, `Source/WebCore/page/FrameTree.cpp`; ``itemKey(for:in:page:)``), and the iframes
  /// inside one are made when its document arrives, racing the iframes after it. WebKitGTK 2.50.6 gave one file a different result from
  /// run to run (the later iframes asked with `other` at their `src`, or at an earlier one's URL; random-s44-500-174).
  func hasFramesNamedByLoadOrder(in session: Session) -> Bool {
    var racing = false
    walkFrames(of: session) { frame in
      if !frame.children.isEmpty, frame.index < frame.siblings - 1 { racing = true }
    }
    return racing
  }

  /// What a back or forward onto the entry `entry` loads in the iframe `key` as it makes it: the load of the item
  /// WebKit finds for it (``itemKey(for:in:page:)``; `ownItem` false when that is another iframe's item, whose URL
  /// it loads, as observed), or `other` at its `src` when it finds none (a new document, whose iframes load anew).
  /// Observed in WebKitGTK 2.50.6 (probes S1–S12 and N1–N4 of 2026-12-06, random-l1a-120-063,
  /// `frame-unique-names.json`).
  func backForwardLoad(of key: String, in entry: FrameState, session: Session) -> (
    type: NavigationType, url: String, ownItem: Bool
  ) {
    guard !entry.hasLostItems, !web.frameNames.isEmpty, let page = session.committedURL else {
      let (type, url) = entry.backForwardLoad(of: key)
      return (type, url, true)
    }
    switch itemKey(for: key, in: entry, page: page) {
    case .some(let item) where item == key:
      let (type, url) = entry.backForwardLoad(of: key)
      return (type, url, true)
    case .some(let item):
      let (type, url) = entry.backForwardLoad(of: item)
      return type == .backForward ? (type, url, false) : (.other, FrameState.src(of: key), false)
    case .none:
      return (.other, FrameState.src(of: key), false)
    }
  }

  /// The iframe (by key) whose item in the entry `entry` of the page `page` WebKit gives the iframe `key` as a back or
  /// forward makes it, or `nil` for none: the first child item of its parent's item whose name is the unique name the
  /// iframe has at that moment (`HistoryController::recursiveGoToItem`, `HistoryItem::childItemWithTarget`). An
  /// item's name is the one its iframe had when the item was made (``FrameState/ItemNaming``), so the two differ
  /// where an iframe named as one of its own iframes is (a page shown inside itself, in a named iframe) counts at one
  /// moment and not the other: an unnamed iframe before the inner named one finds the item of the unnamed one before
  /// it, or none; the named iframe itself, in an entry made from the whole tree after its page loaded in it, finds
  /// none. WebKit makes iframes as their documents arrive (``loadFrames(of:_:step:)``'s order): at the moment it
  /// makes one, the iframes after it in its own document do not exist yet.
  func itemKey(for key: String, in entry: FrameState, page: WebAddress) -> String? {
    let (tree, creation) = frameTree(of: page, in: entry)
    guard tree.contains(where: { $0.key == key }) else { return key }
    let rank = Dictionary(creation.enumerated().map { ($1, $0) }) { first, _ in first }
    func madeBefore(_ frame: String, _ other: String) -> Bool { (rank[frame] ?? .max) < (rank[other] ?? .max) }
    // The frames that existed when the item of `item` was made as it committed: those made before it and its
    // siblings, not its own iframes.
    func atCommit(_ frame: String, of item: String) -> Bool {
      (frame == item || madeBefore(frame, item) || FrameState.parent(of: frame) == FrameState.parent(of: item))
        && !FrameState.isInside(frame, item)
    }
    let lookup = Self.uniqueName(of: key, in: tree) { $0 == key || madeBefore($0, key) }
    let parent = FrameState.parent(of: key)
    for candidate in tree where candidate.parent == parent {
      let name = Self.uniqueName(of: candidate.key, in: tree) { frame in
        switch entry.itemNaming {
        case .atCommit: atCommit(frame, of: candidate.key)
        case .wholeTree: true
        case .wholeTreeBut(let navigated):
          candidate.key == navigated || FrameState.isInside(candidate.key, navigated)
            ? atCommit(frame, of: candidate.key) : !FrameState.isInside(frame, navigated)
        }
      }
      if name == lookup { return candidate.key }
    }
    return nil
  }

  /// An iframe of an entry's frame tree, for WebKit's unique names (``uniqueName(of:in:exists:)``).
  struct NamedFrame {
    /// Its key (``FrameState/key(_:)``), and its parent's (`nil`: the main frame).
    let key: String, parent: String?
    /// Its `name` attribute, if it has one.
    let name: String?
  }

  /// The iframes of the page `page` as the entry `entry` has them: in tree order (`FrameTree::traverseNext`), and
  /// the keys in the order WebKit makes them (the page's as it is parsed, then each one's own as its document arrives,
  /// level by level, as ``loadFrames(of:_:step:)`` asks them). A back or forward asks for it once per iframe it makes,
  /// so the last one is kept (``frameTreeCache``); it depends on nothing but the page and the entry.
  func frameTree(of page: WebAddress, in entry: FrameState) -> (tree: [NamedFrame], creation: [String]) {
    if let cached = frameTreeCache, cached.page == page.serialized, cached.entry == entry {
      return (cached.tree, cached.creation)
    }
    var tree: [NamedFrame] = []
    var children: [String: [String]] = [:]
    walkFrames(of: page, sources: web.frames(of: page) ?? [], in: entry) { frame in
      let parent = FrameState.parent(of: frame.key)
      tree.append(NamedFrame(key: frame.key, parent: parent, name: name(of: frame)))
      children[parent ?? "", default: []].append(frame.key)
    }
    var creation = children[""] ?? []
    for top in children[""] ?? [] {
      var queue = [top]
      while !queue.isEmpty {
        let next = children[queue.removeFirst()] ?? []
        creation += next
        queue += next
      }
    }
    frameTreeCache = (page.serialized, entry, tree, creation)
    return (tree, creation)
  }

  /// WebKit's unique name of the iframe `key` among the frames of `tree` that `exists` admits (`FrameTree::uniqueName`,
  /// `Source/WebCore/page/FrameTree.cpp`): going through them in tree order, an iframe without a name, or with a name
  /// one of its own iframes has, counts; such an iframe is `<!--frameN-->` by its count, any other its name.
  static func uniqueName(of key: String, in tree: [NamedFrame], exists: (String) -> Bool) -> String? {
    var count = 0
    for frame in tree where exists(frame.key) {
      let counts =
        frame.name.map { name in tree.contains { $0.parent == frame.key && $0.name == name && exists($0.key) } }
        ?? true
      if counts { count += 1 }
      if frame.key == key { return counts ? "<!--frame\(count)-->" : frame.name }
    }
    return nil
  }

  /// The `name` attribute of the iframe `frame`, as its document declares it.
  func name(of frame: FrameInTree) -> String? {
    web.namedFrames(of: frame.parentPage).first { $0.src == frame.src }?.name
  }

  /// An iframe met by ``walkFrames(of:_:)``.
  struct FrameInTree {
    /// Its key (``FrameState/key(_:)``).
    let key: String
    /// Its `src`.
    let src: String
    /// The document that holds it (the page, or the page an iframe shows).
    let parentPage: WebAddress
    /// Its place among the iframes of that document, and how many there are (those WebKit loads).
    let index: Int, siblings: Int
    /// The iframes inside it that WebKit loads (``nestedSources(of:chain:)``); none when its load was cancelled.
    let children: [String]
  }

  /// Visits the iframes of the page `session` shows in tree order (`FrameTree::traverseNext`): each iframe, then the
  /// iframes inside it, then the next; a page that is not declared has the iframes steps named in it
  /// (``insertedFrames``). An iframe whose load was cancelled is visited, empty.
  func walkFrames(of session: Session, _ visit: (FrameInTree) -> Void) {
    guard let page = session.committedURL,
      let sources = web.frames(of: page) ?? insertedFrames[SimulatedWeb.key(page)]
    else { return }
    walkFrames(of: page, sources: sources, in: shownState(of: session.id), visit)
  }

  /// Visits the iframes `sources` of the page `page` as `state` has them (each at its `src` without one), in tree
  /// order (``walkFrames(of:_:)``).
  func walkFrames(
    of page: WebAddress, sources: [String], in state: FrameState?, _ visit: (FrameInTree) -> Void
  ) {
    func walk(_ sources: [String], of parentPage: WebAddress, parent: String?, chain: [String]) {
      for (index, src) in sources.enumerated() {
        let key = FrameState.key(of: src, in: parent)
        var children: [String] = []
        var inner = chain
        let shown = state?.isBlocked(key) == true ? nil : try? WebAddress(state?.url(of: key) ?? src)
        if let shown {
          inner.append(SimulatedWeb.key(shown))
          children = nestedSources(of: shown, chain: inner)
        }
        visit(
          FrameInTree(
            key: key, src: src, parentPage: parentPage, index: index, siblings: sources.count, children: children))
        if let shown { walk(children, of: shown, parent: key, chain: inner) }
      }
    }
    walk(sources, of: page, parent: nil, chain: [SimulatedWeb.key(page)])
  }

  /// A reload in a window whose main frame shows an about:blank that made no history entry (`window.open()`'s, a
  /// script's about:blank without a gesture in a window with no entry): WebKit reloads the current document, whose
  /// request URL is about:blank, whatever the back/forward list holds (`FrameLoader::reload` returns only for a
  /// document loader whose request URL is empty, the initial empty document of a window that committed nothing,
  /// `Source/WebCore/loader/FrameLoader.cpp`). So it is decidePolicyFor(reload) for about:blank, target the main
  /// frame, no gesture; allowed, about:blank commits again and the history stays empty (observed in WebKitGTK
  /// 2.50.6, random-a027a60264fe-025).
  private func reloadWithoutEntry(_ session: Session, step: inout Step) async -> StepOutcome {
    let page = "about:blank"
    step.url = page
    let decision = await decidePolicy(
      in: session, url: page, type: .reload, target: .main, source: .main, sourceSession: session, gesture: false,
      step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    return .navigated(session: session.id, frame: .main)
  }

  /// A move between two entries of one document: the iframes that differ navigate, nothing else loads.
  private func traverseWithinDocument(
    _ offset: Int, from current: FrameState, to target: FrameState, page: String, pageChanges: Bool,
    in session: Session, step: inout Step
  ) async -> StepOutcome {
    // An iframe that moved within its document (a fragment) loads nothing: WebKit moves it without asking. Between
    // entries whose main items differ (a fragment of the page made one of them), the main frame moves within its
    // document and no iframe loads, whatever their items say (observed in WebKitGTK 2.50.6: back over an entry a
    // script's fragment made, random-ed10b281cd10-009, `fragment-entry-iframes.json`).
    let clones = current.mainItem == target.mainItem
    // Only items of the live frames navigate them: WebKit finds each iframe by the frame identifier its item holds
    // (`HistoryController::recursiveGoToItem`, `childByFrameID`), and a page made anew since has other frames, so a
    // move between two entries from before it, after a move within the page onto one of them, loads nothing (observed
    // in WebKitGTK 2.50.6, probe p7 of 2026-12-06, `reload-items-of-the-current-item.json`).
    let live = liveFrames[session.id]?.generation
    let changed = clones && (live == nil || target.generation == live) ? current.framesDiffering(from: target) : []
    // WebKit loads each such iframe's item (`FrameLoader::loadItem`), which is a move within the iframe's document when
    // the item is of the document the iframe shows and not the item it holds (`HistoryItem::
    // shouldDoSameDocumentNavigationTo` with the frame's own current item, whose entry differs): nobody is asked. So
    // after a locked load put a document in the page's entry, and a fragment of the page gave the iframe an item of
    // its own entry, back onto the page's entry moves the iframe within that document, where right after the locked
    // load (its item is the page entry's) it loads it (observed in WebKitGTK 2.50.6, probes L1 and L9 of
    // 2026-12-06, `locked-iframe-items.json`, `locked-iframe-after-fragment.json`).
    let targetEntry = frames[session.id]?.id(at: offset)
    let shown = shownState(of: session.id)
    let withinDocument = changed.filter { key in
      guard let targetEntry, let shown, let entry = itemEntry(of: key, in: session.id) else { return false }
      return entry != targetEntry && shown.movesWithinDocument(key, to: target)
    }
    let loading = changed.filter { !withinDocument.contains($0) }
    // The iframes that did not load (each one alone, not those inside it) hold the entry's items when they show its
    // documents: moved within them (`FrameLoader::loadSameDocumentItem`; an iframe whose items differ by a fragment
    // too), or, when an iframe's load commits, committed as clones (`recursiveUpdateForCommit`).
    func holdTargetItems() {
      guard clones, let shown else { return }
      var keys: [String] = []
      walkFrames(of: session) { keys.append($0.key) }
      for key in keys where !loading.contains(key) && !changed.contains(where: { FrameState.isInside(key, $0) }) {
        let moves =
          withinDocument.contains(key)
          || (shown.url(of: key) != target.url(of: key) || !loading.isEmpty)
            && shown.movesWithinDocument(key, to: target)
        if moves { setOwnItemEntry(targetEntry, of: key, in: session.id, keys: keys) }
      }
    }
    guard !loading.isEmpty || pageChanges else {
      // Collapsed by a reload, or an iframe's fragment: WebKit moves the list's current entry but loads and asks
      // nothing (observed in WebKitGTK 2.50: no callback, the URL unchanged, canGoBack/canGoForward moved).
      guard (try? await session.commit(page, kind: .backForward(offset: offset))) != nil else { return .ignored }
      frames[session.id]?.moved(with: session.backForwardList)
      keepView(in: session.id, loaded: withinDocument)
      if !clones, let shown { keepShowing(shown, in: session.id) }
      holdTargetItems()
      await updateMainItem(in: session, url: page, clones: clones, loadedFrames: false)
      // After a reload, the entry of the page's own load keeps no items the iframes of a later page match
      // (``FrameState/hasLostItems``).
      if let live = liveFrames[session.id], live.byReload, target.generation != live.generation,
        target.isPageLoadEntry
      {
        frames[session.id]?.current.hasLostItems = true
      }
      return .ignored
    }
    step.url = loading.last.map { target.url(of: $0) } ?? page
    var state = target
    for key in loading {
      let url = target.url(of: key)
      let decision = await decidePolicy(
        in: session, url: url, type: .backForward, target: .sub(src: key, url: current.url(of: key)), source: .main,
        sourceSession: session, gesture: false, step: &step)
      guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
      await loadNestedFrames(ofPageAt: url, key: key, in: session, type: .backForward, into: &state, step: &step)
    }
    guard (try? await session.commit(page, kind: .backForward(offset: offset))) != nil else {
      return .blocked(reason: .invalidURL)
    }
    frames[session.id]?.moved(with: session.backForwardList)
    frames[session.id]?.current = state
    keepView(in: session.id, loaded: changed)
    if !clones, let shown { keepShowing(shown, in: session.id) }
    if let targetEntry { for key in loading { setItemEntry(targetEntry, of: key, in: session.id) } }
    holdTargetItems()
    // Each iframe that loaded commits its entry's item, its old one now its previous (`HistoryController::updateForCommit`,
    // `setCurrentItem`): its next scheduled navigation is not locked (``LiveFrames/withPreviousItems``).
    liveFrames[session.id]?.withPreviousItems.formUnion(changed)
    await updateMainItem(in: session, url: page, clones: clones, loadedFrames: !loading.isEmpty)
    return .navigated(session: session.id, frame: loading.isEmpty ? .main : .sub)
  }

  /// The main frame's items after a move within the page's document onto the current entry, at `url`. Onto a clone of
  /// the current item, the entry's item becomes the main frame's provisional one (`recursiveSetProvisionalItem`); an
  /// iframe's commit (`loadedFrames`) makes it current when it is a clone of the main frame's current item
  /// (`recursiveUpdateForCommit` commits only that: not the current item itself, not an item another fragment made),
  /// and otherwise leaves it provisional (``FrameHistory/provisionalIndex``); with no iframe loaded, nothing commits it. Otherwise the main frame moves
  /// within its document (`FrameLoader::loadSameDocumentItem`): the entry's item becomes current, then a provisional
  /// item left of the same document is committed in its place (``commitProvisionalItem(in:url:)``). Observed in
  /// WebKitGTK 2.50.6 (`provisional-item-commit.json`).
  private func updateMainItem(in session: Session, url: String, clones: Bool, loadedFrames: Bool) async {
    guard let history = frames[session.id], history.currentIndex != nil else { return }
    guard clones else {
      frames[session.id]?.makeCurrentItemMain(committing: false)
      await commitProvisionalItem(in: session, url: url)
      return
    }
    let mainItem = history.mainItemIndex.flatMap { history.state(atIndex: $0) }?.mainItem
    if loadedFrames, history.mainItemIndex != history.currentIndex, mainItem == history.current.mainItem {
      frames[session.id]?.makeCurrentItemMain(committing: true)
      // The iframes that did not load commit their clones too (`recursiveUpdateForCommit` goes on down the tree), each
      // old item now a previous one: an iframe that has shown only about:blank is then no longer locked
      // (``LiveFrames/withPreviousItems``; observed in WebKitGTK 2.50.6: after back from an iframe's second entry onto
      // its first, a `window.open` into such an iframe adds an entry, where after back onto the page's own entry, the
      // main frame's current item, it does not; probes L2, L4, L5 of 2026-12-06, `locked-iframe-items.json`).
      givePreviousItemsToEveryFrame(of: session)
    } else {
      frames[session.id]?.leaveProvisional()
    }
  }
}
