/// One root's popup tree as a pure state machine: the root and every popup under it, their history, what each
/// one's next load is, and the events their changes cause, in order.
///
/// A value with no concurrency inside: ``PopupTree`` guards one instance with one lock and delivers
/// ``outbox`` after unlocking. Mutating methods return what the caller must do next (evaluate the policy, ask
/// a decider, allow without judging, interrupt the decisions of closed sessions). A session whose node is gone
/// is closed; nodes are removed when they close, so a long-lived tree holds only its live sessions.
struct PopupTreeState: Sendable {
  /// A node's key in ``nodes``; the root's is ``rootKey``.
  typealias Key = Int

  /// The root's key.
  static let rootKey: Key = 0

  /// The live sessions by key.
  private(set) var nodes: NodeTable
  /// The number of live popups (the root not counted), which `maxOpen` limits.
  private(set) var openPopups = 0
  /// Events caused by the changes so far, in the order they happened, not yet delivered.
  private(set) var outbox: [SessionEvent] = []
  /// When the popups of the last minute were created (on the engine's clock, oldest first), which
  /// `maxPerMinute` limits. Kept whatever the limits, so that a policy swapped in with a rate limit counts the
  /// popups created before it.
  private var recentCreations: [Duration] = []
  private var nextKey: Key = 1
  #if DEBUG
    /// Old behaviours the model checker's tests switch back on (see ``Faults``).
    var faults: Faults = []
  #endif

  /// A tree with one root at `about:blank` and an empty history.
  @_optimize(size)
  init(root: SessionID) {
    nodes = NodeTable(root: SessionNode(id: root, parent: nil, depth: 0))
  }

  /// Takes the undelivered events.
  mutating func takeOutbox() -> [SessionEvent] {
    defer { outbox = [] }
    return outbox
  }

  // MARK: - Reading

  /// What policies compare navigations in `key` with: its committed URL's origin; else (nothing committed, or
  /// an inherited `about:blank`) its opener's; a root that committed `about:blank` has an origin of its own
  /// that only `about:blank` and `about:srcdoc` share; a root that committed nothing has none.
  @inline(__always)
  func context(of key: Key) -> PolicyContext {
    // Inlined: called from the mutating `beginDecision`, a call made the compiler copy the whole state (176
    // bytes, the root's node included) to pass it.
    // A blank popup's next main-frame load is its first: `popupFirstLoad` holds for it, and the walk below
    // already compares with the nearest opener that has an origin of its own.
    // Field by field, never binding a whole node: copying one costs a retain per reference it holds.
    guard let (isBlankPopup, opening) = nodes.read(key, { ($0.isBlankPopup, $0.blankOpening) }) else { return .none }
    var current = key
    while true {
      // The current entry's page: one retain. A root's page without an origin of its own (`about:blank`) has
      // no site, so that only `about:blank` and `about:srcdoc` are same-site with it.
      // `next` is the opener to look at instead, `nil` when this node decides.
      let step = nodes.read(current) { node -> (page: CommittedPage?, next: Key?) in
        let page = node.history.currentPage
        if let page, page.hasOwnOrigin { return (page, nil) }
        guard let parent = node.parent else { return (page, nil) }
        return (nil, parent)
      }
      guard let step else { return .none }
      guard let next = step.next else {
        return PolicyContext(page: step.page, isBlankPopup: isBlankPopup, opening: opening)
      }
      current = next
    }
  }

  /// Why a new popup of `key` would be refused at `now`, or `nil` when it may open. In order: the opener is
  /// closed, the engine is shut down, the gesture requirement, the opener is a provisional popup (it has no page
  /// of its own and was never announced, so its children are refused until its decider keeps it), the rate
  /// limit, then the depth and open-count limits.
  func popupRefusal(
    of key: Key, userGesture: Bool, limits: PopupLimits, now: Duration = .zero, isShutDown: Bool = false
  ) -> PolicyDecision.Source? {
    guard let opener = nodes.read(key, { (depth: $0.depth, isProvisional: $0.isProvisional) }) else {
      return .sessionClosed
    }
    if isShutDown && !hasFault(.admitsAfterShutdown) { return .cancelled }
    if limits.requireUserGesture && !userGesture { return .popupGate }
    if opener.isProvisional && !hasFault(.opensChildrenOfProvisional) { return .openerProvisional }
    if let maxPerMinute = limits.maxPerMinute, createdInLastMinute(at: now) >= maxPerMinute { return .popupRateLimit }
    if opener.depth + 1 > limits.maxDepth || openPopups >= limits.maxOpen { return .popupLimit }
    return nil
  }

  /// How many popups were created after now − 60 s. Creations recorded later than `now` count too: a caller
  /// whose clock read lost a race with another admission must still see that admission.
  private func createdInLastMinute(at now: Duration) -> Int {
    let start = now - .seconds(60)
    if hasFault(.rateWindowEndsAtNow) { return recentCreations.reduce(0) { $0 + ($1 > start && $1 <= now ? 1 : 0) } }
    return recentCreations.reduce(0) { $0 + ($1 > start ? 1 : 0) }
  }

  // MARK: - Deciding

  /// How a `decidePolicyFor` in `key` starts. The traces are boxed (`indirect`): the common `evaluate` then
  /// makes a small value, cheaper to return and to destroy on every decision.
  enum DecisionStart {
    /// The session is closed.
    case closed
    /// A load the engine started: allow it without judging it again (the trace of the decision behind it).
    indirect case engineStarted(PolicyDecision.Trace)
    /// A provisional popup's first load: put the question to its decider.
    case ask(ProvisionalQuestion)
    /// The popup's decider is being asked: cancel this load (the trace of the pending question).
    indirect case waitingForDecider(PolicyDecision.Trace)
    /// An ordinary navigation: evaluate the policy in this context.
    case evaluate(PolicyContext)
  }

  /// Starts a decision for a navigation of `address` in `key` (in its main frame or a subframe).
  ///
  /// Inlined into the caller's critical section: the common decision (no pending main-frame load, in a root or
  /// in a node with a page of its own) reads its node once; every other one is ``beginDecisionInFull``'s.
  @inline(__always)
  mutating func beginDecision(in key: Key, address: WebAddress, isMainFrame: Bool) -> DecisionStart {
    beginDecision(in: key, serialized: address.serialized, isMainFrame: isMainFrame)
  }

  /// ``beginDecision(in:address:isMainFrame:)`` given the address's serialization, all that `WebAddress.==`
  /// compares: a caller's critical section captures two words rather than a copy of the whole address.
  @inline(__always)
  mutating func beginDecision(in key: Key, serialized: String, isMainFrame: Bool) -> DecisionStart {
    let quick = nodes.readAnswer(key) { node -> PolicyContext? in
      if isMainFrame && node.pendingLoad != nil { return nil }
      let page = node.history.currentPage
      // A root decides with its own page, whatever it is (see `context(of:)`); a popup here only with a page
      // that has an origin of its own.
      guard node.parent == nil else {
        guard let page, page.hasOwnOrigin else { return nil }
        return PolicyContext(page: page, isBlankPopup: node.isBlankPopup)
      }
      return PolicyContext(page: page, isBlankPopup: false)
    }
    if let quick { return .evaluate(quick) }
    return beginDecisionInFull(in: key, serialized: serialized, isMainFrame: isMainFrame)
  }

  /// ``beginDecision(in:address:isMainFrame:)`` in every case: a closed session, a pending main-frame load, a
  /// popup whose context is an opener's.
  @inline(never)
  mutating func beginDecisionInFull(in key: Key, serialized: String, isMainFrame: Bool) -> DecisionStart {
    guard nodes.contains(key) else { return .closed }
    if isMainFrame, let pending = nodes.read(key, \.pendingLoad) ?? nil {
      switch pending {
      // The expected address is the navigation's when their serializations are equal (`WebAddress.==`).
      case .engineStarted(let expected, let trace) where expected.serialized == serialized:
        nodes.modify(key) { $0.pendingLoad = nil }
        return .engineStarted(trace)
      case .engineStarted:
        break
      case .provisional(let question):
        nodes.modify(key) { $0.pendingLoad = .asking(question) }
        return .ask(question)
      case .asking(let question):
        return .waitingForDecider(question.trace)
      }
    }
    return .evaluate(context(of: key))
  }

  /// Records a new-window request `decidePolicyFor` allowed in `key`, for `createWebViewWith` to finish.
  mutating func approveNewWindow(_ approval: NewWindowApproval, in key: Key) {
    nodes.modify(key) { $0.newWindowApproval = approval }
  }

  /// Takes the approval `decidePolicyFor` gave a new window to `address` in `key`, if it is the last one given.
  /// Taken before the limits are checked: a refused request must not leave its approval for a later one.
  mutating func takeApproval(in key: Key, for address: WebAddress) -> NewWindowApproval? {
    guard let approval = nodes.read(key, \.newWindowApproval) ?? nil else { return nil }
    nodes.modify(key) { $0.newWindowApproval = nil }
    return approval.address == address ? approval : nil
  }

  /// Whether ``expectLoad(of:trace:in:)`` recorded the load.
  enum LoadExpectation: Sendable, Hashable {
    /// Recorded: the load is allowed without being judged again.
    case expected
    /// The session is closed.
    case sessionClosed
    /// The session is a provisional popup waiting for its decider: its next main-frame load is the one its
    /// decider is asked about, so no other can be expected.
    case provisional
    /// The session is a popup whose engine-started first load has not begun yet; it is not replaced.
    case anotherLoadPending
  }

  /// Expects the engine-started load of `address` in `key` (a `sameView` or `finish: opener` answer), unless the
  /// session is closed, waits for its decider, or is a popup whose engine-started first load has not begun yet.
  /// An earlier `sameView` or `finish` expectation of a session that has a page is replaced: its load, if it
  /// still comes, is judged.
  mutating func expectLoad(of address: WebAddress, trace: PolicyDecision.Trace, in key: Key) -> LoadExpectation {
    guard let (pending, isBlankPopup) = nodes.read(key, { ($0.pendingLoad, $0.isBlankPopup) }) else {
      return .sessionClosed
    }
    switch pending {
    case .provisional?, .asking?:
      if hasFault(.expectLoadIgnoresProvisional) { return .expected }
      return .provisional
    case .engineStarted(let expected, _)?
    where isBlankPopup && expected != address && !hasFault(.expectLoadReplacesPending):
      // A popup's first load: the popup was opened for it, and it must not be judged again.
      return .anotherLoadPending
    case .engineStarted?, nil:
      nodes.modify(key) { $0.pendingLoad = .engineStarted(address, trace) }
      return .expected
    }
  }

  /// A provisional popup's decider kept it: it is announced with `presentation`. `false`, announcing nothing,
  /// when it is not a popup waiting for its decider's answer (it closed meanwhile, or was confirmed already).
  mutating func confirmProvisional(_ key: Key, presentation: PopupPresentation, url: String) -> Bool {
    guard let (id, parent, pending) = nodes.read(key, { ($0.id, $0.parent, $0.pendingLoad) }), let parent,
      let openerID = nodes.read(parent, \.id)
    else { return false }
    // Waiting: its first load is being put to its decider (`beginDecision` answered `ask`).
    var isWaiting = false
    if case .asking? = pending { isWaiting = true }
    guard isWaiting || hasFault(.confirmsAnyNode) else { return false }
    return announceConfirmed(key, id: id, opener: openerID, presentation: presentation, url: url)
  }

  private mutating func announceConfirmed(
    _ key: Key, id: SessionID, opener: SessionID, presentation: PopupPresentation, url: String
  ) -> Bool {
    nodes.modify(key) { node in
      node.pendingLoad = nil
      node.presentation = presentation
    }
    if !hasFault(.confirmsWithoutAnnouncing) {
      outbox.append(.popupOpened(child: id, opener: opener, presentation: presentation, url: url))
    }
    return true
  }

  /// The first load of a real URL in `key`, a popup opened blank, kept it (DESIGN §9.2): it is presented with
  /// `presentation` from now on, and its later loads are judged as any popup's. `false` when it is closed.
  mutating func keepOpenedBlank(_ key: Key, presentation: PopupPresentation) -> Bool {
    guard nodes.contains(key) else { return false }
    nodes.modify(key) { node in
      node.blankOpening = nil
      node.presentation = presentation
    }
    return true
  }

  // MARK: - Popups

  /// What ``openPopup(under:presentation:firstLoad:limits:url:)`` did.
  enum OpenResult {
    /// The popup exists under this key and id.
    case opened(Key, SessionID)
    /// It was refused: the opener closed, or a limit was reached meanwhile.
    case refused(PolicyDecision.Source)
  }

  /// Creates a popup of `key` at `now`, making every check of ``popupRefusal(of:userGesture:limits:now:isShutDown:)``
  /// again in this same change (the caller reads `now` and `isShutDown` inside the critical section that calls
  /// this, so no admission racing it can slip between a check and the creation). A popup whose first load is not
  /// provisional is announced now (`url` is what it opens with). With a blank timeout, the popup gets its
  /// deadline (``earliestBlankDeadline``). `opening`: the popup is opened blank, and its first load of a real URL
  /// is judged as this new-window request (``keepOpenedBlank(_:presentation:)``).
  @_optimize(size)
  @inline(never)  // Else inlined whole into `Session.open`'s critical section, a closure compiled for speed.
  mutating func openPopup(
    under key: Key, presentation: PopupPresentation, firstLoad: PendingLoad?, limits: PopupLimits, url: String,
    now: Duration = .zero, userGesture: Bool = true, isShutDown: Bool = false, opening: BlankOpening? = nil
  ) -> OpenResult {
    let cutoff = now - .seconds(60)
    // Not always oldest first (a stale clock read records an earlier time after a later one): drop every entry
    // that left the window.
    if recentCreations.contains(where: { $0 <= cutoff }) { recentCreations.removeAll { $0 <= cutoff } }
    if let refusal = popupRefusal(
      of: key, userGesture: userGesture, limits: limits, now: now, isShutDown: isShutDown)
    {
      return .refused(refusal)
    }
    guard let opener = nodes.read(key, { (id: $0.id, depth: $0.depth, nextChild: $0.nextChildNumber) }) else {
      return .refused(.sessionClosed)
    }
    recentCreations.append(now)
    let childKey = nextKey
    nextKey += 1
    let id = opener.id.child(opener.nextChild)
    nodes.modify(key) { node in
      node.nextChildNumber += 1
      node.children.append(childKey)
    }
    var child = SessionNode(id: id, parent: key, depth: opener.depth + 1)
    child.presentation = presentation
    child.pendingLoad = firstLoad
    child.blankDeadline = limits.blankTimeout.map { now + $0 }
    child.blankOpening = opening
    nodes[childKey] = child
    openPopups += 1
    if !child.isProvisional {
      outbox.append(.popupOpened(child: id, opener: opener.id, presentation: presentation, url: url))
    }
    return .opened(childKey, id)
  }

  // MARK: - History

  /// How a commit changes the history.
  enum HistoryChange {
    /// A new main-frame document: a new entry, or the current one replaced when `replacesCurrent` says so (`nil`:
    /// only a popup's initial about:blank is replaced, what an adapter that cannot tell sees most often).
    case newEntry(isPost: Bool, replacesCurrent: Bool? = nil)
    /// An iframe navigated from `previous` to the committed address; the main frame's URL stays.
    case subframe(previous: WebAddress)
    /// A move within the list.
    case backForward(offset: Int)
    /// A reload.
    case reload
    /// The entry at `index` now has the committed address as its main-frame URL; the list does not move.
    case rewrite(index: Int)
  }

  /// Records a committed load in `key`; returns `false` when the session is closed.
  mutating func commit(_ address: WebAddress, site: Site?, kind: HistoryChange, in key: Key) -> Bool {
    guard let pending = nodes.read(key, \.pendingLoad) else { return false }
    // A main-frame commit of another page ends the page an engine-started load was expected for: the
    // expectation goes with it, so that the load is judged if it ever comes.
    if case .engineStarted(let expected, _)? = pending, expected != address, !hasFault(.commitKeepsExpectation) {
      switch kind {
      case .newEntry, .backForward: nodes.modify(key) { $0.pendingLoad = nil }
      case .subframe, .reload, .rewrite: break
      }
    }
    switch kind {
    case .newEntry(let isPost, let replacesCurrent):
      // `about:blank` and `about:srcdoc` have no site of their own (a root showing one is same-site only
      // with them).
      let page = CommittedPage(url: address, site: address.isAboutBlankOrSrcdoc ? nil : site)
      // A popup whose only committed document is its initial about:blank replaces that entry (WebKit, observed
      // 2026-12-01): back then has nothing to go to. The simulator says which loads do (a script's or a form's).
      let entries = nodes.read(key, \.history.entries.count) ?? 0
      let replaces = replacesCurrent ?? (nodes.read(key, \.isBlankPopup) == true && entries == 1)
      if replaces, entries > 0 {
        nodes.modify(key) { $0.history.replaceCurrent(.init(page: page, isPost: isPost)) }
      } else {
        nodes.modify(key) { $0.history.push(.init(page: page, isPost: isPost)) }
      }
      if !Self.matchesAboutBlank(address) {
        nodes.modify(key) { node in
          node.hasCommittedPage = true
          node.blankDeadline = nil
          node.blankOpening = nil
        }
      }
    case .subframe(let previous):
      // The main frame's URL stays; a session that has committed nothing has no entry to add to.
      guard let current = nodes.read(key, \.history.current) ?? nil else { return true }
      // The main frame's document is unchanged: reloading this entry resubmits its POST, if it was one.
      nodes.modify(key) {
        $0.history.push(.init(page: current.page, isPost: current.isPost, subframe: .init(from: previous, to: address)))
      }
      return true
    case .backForward(let offset):
      nodes.modify(key) { $0.history.go(offset) }
    case .reload:
      break
    case .rewrite(let index):
      let page = CommittedPage(url: address, site: address.isAboutBlankOrSrcdoc ? nil : site)
      nodes.modify(key) { $0.history.rewrite(at: index, page: page) }
    }
    return true
  }

  /// Whether `address` matches `about:blank` as HTML defines it (a query and a fragment allowed).
  static func matchesAboutBlank(_ address: WebAddress) -> Bool {
    address.isAboutBlank
  }

  // MARK: - Blank timeouts

  /// The earliest deadline of a popup still blank, `nil` when none has one.
  @_optimize(size)
  var earliestBlankDeadline: Duration? {
    nodes.values.compactMap(\.blankDeadline).min()
  }

  /// The popups whose blank deadline is at or before `now`, earliest deadline first (creation order on ties).
  @_optimize(size)
  func blankPopupsDue(at now: Duration) -> [Key] {
    // Inserted in order rather than sorted: few popups are due at once, and a sort of these pairs is a copy of the
    // standard library's sort that every app would carry.
    var due: [(key: Key, deadline: Duration)] = []
    for (key, node) in nodes.entries {
      guard let deadline = node.blankDeadline, deadline <= now else { continue }
      let position = due.firstIndex { ($0.deadline, $0.key) > (deadline, key) } ?? due.count
      due.insert((key, deadline), at: position)
    }
    return due.map(\.key)
  }

  // MARK: - Closing

  /// Closes `key` and its subtree: the removed sessions in pre-order (it first, then its descendants
  /// depth-first in creation order), each popup's `popupClosed` queued in that order. Empty when it was
  /// closed already, and for the root unless `reason` is ``CloseReason/teardown``: only the app closes its main
  /// web view.
  ///
  /// A provisional popup's `popupClosed` is queued too, although it was never announced by `popupOpened` (the app
  /// has a web view for it all the same): a popup closed unannounced is one that was never confirmed.
  @_optimize(size)
  mutating func close(_ key: Key, reason: CloseReason) -> [(key: Key, id: SessionID)] {
    if key == Self.rootKey && reason != .teardown && !hasFault(.closesRootForAnyReason) { return [] }
    guard let parentOfKey = nodes.read(key, \.parent) else { return [] }
    var closed: [(key: Key, id: SessionID)] = []
    func remove(_ key: Key, reason: CloseReason) {
      guard let node = nodes.removeValue(forKey: key) else { return }
      closed.append((key, node.id))
      if node.parent != nil {
        openPopups -= 1
        outbox.append(.popupClosed(node.id, reason: reason))
      }
      for child in node.children { remove(child, reason: .openerClosed) }
    }
    remove(key, reason: reason)
    if let parent = parentOfKey { nodes.modify(parent) { node in node.children.removeAll { $0 == key } } }
    return closed
  }
}

// MARK: - Fault injection

extension PopupTreeState {
  /// Behaviours issue #26 removed, restored one by one by the model checker's tests (debug builds only) to show
  /// that it finds each. Empty everywhere else.
  struct Faults: OptionSet, Sendable, Hashable {
    let rawValue: Int

    /// The rate window ignores creations recorded after `now` (a stale clock read lets a popup through).
    static let rateWindowEndsAtNow = Faults(rawValue: 1 << 0)
    /// A provisional popup may open popups.
    static let opensChildrenOfProvisional = Faults(rawValue: 1 << 1)
    /// `expectLoad` in a provisional popup reports `expected` and records nothing.
    static let expectLoadIgnoresProvisional = Faults(rawValue: 1 << 2)
    /// `expectLoad` replaces a pending engine-started load.
    static let expectLoadReplacesPending = Faults(rawValue: 1 << 3)
    /// A main-frame commit of another page keeps the expected load.
    static let commitKeepsExpectation = Faults(rawValue: 1 << 4)
    /// `close` removes the root for any reason.
    static let closesRootForAnyReason = Faults(rawValue: 1 << 5)
    /// `confirmProvisional` announces any popup, provisional or not.
    static let confirmsAnyNode = Faults(rawValue: 1 << 6)
    /// A popup is created after the engine shut down.
    static let admitsAfterShutdown = Faults(rawValue: 1 << 7)
    /// A confirmed provisional popup is not announced.
    static let confirmsWithoutAnnouncing = Faults(rawValue: 1 << 8)
  }

  @inline(__always)
  func hasFault(_ fault: Faults) -> Bool {
    #if DEBUG
      faults.contains(fault)
    #else
      false
    #endif
  }
}
