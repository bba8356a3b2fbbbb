import SessionKit

/// The iframes of one history entry's document, as WebKit keeps them in its back-forward items: which document
/// the entry shows (entries of one document are moved between without loading it: an iframe's navigation, a
/// fragment), each iframe's URL, and the iframes whose load was cancelled.
///
/// An iframe is named by its key: a page's own iframe by its `src`, an iframe inside an iframe by the keys of the
/// path to it (``key(_:)``), so the state of a nested iframe goes with the document of the iframe that holds it.
struct FrameState: Sendable, Hashable {
  /// The document's identity: a new one for every main-frame load that is not same-document.
  var document: Int
  /// The main frame's item in the entry (WebKit's `HistoryItem::itemSequenceNumber` of the top item): the page's load
  /// and a fragment of the page make a new one; an iframe's navigation clones the current one
  /// (`HistoryController::createItemTree` keeps the sequence number of every frame but the navigating one). Moving
  /// between two entries of one document whose main items differ is the main frame's same-document load, which
  /// leaves the iframes as they are (`HistoryController::recursiveGoToItem` recurses into the iframes only for clones,
  /// `itemsAreClones`; `FrameLoader::loadSameDocumentItem`).
  var mainItem: Int
  /// Iframes (by key) showing another URL than their `src`, in the order they were first navigated.
  private(set) var moved: [(src: String, url: String)] = []
  /// Iframes (by key) whose load was cancelled: they stay empty, and a click in one does nothing.
  private(set) var blocked: [String] = []
  /// Cancelled iframes (by key) of which the entry holds an item at about:blank, their initial empty document: the
  /// entry a fragment of the page made copies every frame's current state into its items
  /// (`HistoryController::createItemTree`), where the entry of the page's own load, and one an iframe's navigation
  /// made, have no item for a frame that never committed (observed in WebKitGTK 2.50.6, `cancelled-iframe-items.json`).
  private var blankItems: Set<String> = []
  /// Which load of the document the entry's iframe items belong to: a reload gives the entry new ones, which
  /// match no other entry's (WebKit then loads no iframe moving between them).
  var generation: Int
  /// Whether a script's same-document navigation made the entry without user interaction (WebKit's
  /// `wasCreatedByJSWithoutUserInteraction`): the app's back and forward skip it (``FrameHistory/appOffset(_:list:)``).
  var madeByScriptWithoutInteraction = false
  /// Whether the entry's real URL has an empty query the scenario does not write: a GET form without fields
  /// submits to `URL?` (HTML's form submission replaces the query), which the simulator prints as `URL`.
  var hasEmptyQuery = false
  /// When WebKit named the entry's iframe items (``ItemNaming``): what a back or forward onto the entry finds for each
  /// iframe it makes (``WebKitSimulator/itemKey(for:in:page:)``). Not part of the entry's identity.
  var itemNaming = ItemNaming.atCommit
  /// The document each iframe (by key) shows, by a number new for each document it loads (WebKit's
  /// `HistoryItem::documentSequenceNumber`): a fragment of it keeps the number. An iframe not listed shows the document
  /// its page gave it (0).
  private var frameDocuments: [String: Int] = [:]
  /// The number the next iframe document gets; it only grows along the entries made from one another.
  private var nextFrameDocument = 0
  /// The iframes (by key) whose document's URL has an empty query the scenario does not write: a GET form without
  /// fields loaded it (`URL?`), as ``hasEmptyQuery`` says of the page.
  private var emptyQueryFrames: Set<String> = []
  /// The iframes (by key) that have committed a document other than about:blank since the page made them (WebKit's
  /// `FrameLoaderStateMachine::committedFirstRealDocumentLoad`, a property of the frame that its later navigations,
  /// to about:blank included, keep).
  private var realDocumentFrames: Set<String> = []
  /// The iframe items the entry held before a reload or a `Same` load rewrote it (at most one: the oldest). WebKit
  /// keeps an entry's child items when a reload makes the page anew: the iframes it makes add items of their own after
  /// them, and going back or forward onto the entry from another document gives each iframe the first item of its
  /// name (`HistoryItem::childItemWithTarget`), an item from before the reload. An entry an iframe's navigation makes
  /// from this one copies them; one a fragment makes does not (``copiedIntoNewEntry(mainItem:)``), and a reload of
  /// the main frame's current item keeps none (``rewriteByReload(generation:keepsItems:)``). Observed in WebKitGTK 2.50.6 (random-2ab44d6470b1-004,
  /// `reload-keeps-iframe-items.json`).
  private var itemsBeforeReload: [FrameState] = []
  /// The iframe (by key) whose item is the whole entry: WebKit's UI process makes an iframe's navigation an entry of
  /// the navigated frame's state alone when the current entry has no item for that frame
  /// (`WebBackForwardList::completeFrameStateForNavigation`, `Source/WebKit/UIProcess/WebBackForwardList.cpp`), as
  /// after a move that loaded nothing onto an entry whose items are not the live frames' (a reload made them anew).
  /// `nil` for an entry of the page. Observed in WebKitGTK 2.50.6 (`iframe-only-entries.json`).
  var onlyFrame: String?
  /// Whether the page's own load made the entry (not an iframe's navigation, not a fragment): set by
  /// ``FrameHistory/pushed(_:list:madeByScriptWithoutInteraction:isPageLoad:)``, never copied.
  var isPageLoadEntry = false
  /// Whether the entry no longer holds items for the iframes: after a reload, a move that loaded nothing onto the entry
  /// of the page's own load leaves it with the reloaded frames' items, which no later page's iframes match, so back or
  /// forward onto it from another document loads each iframe afresh (`other` at its `src`; observed in WebKitGTK
  /// 2.50.6, `iframe-only-entries.json`).
  var hasLostItems = false
  /// Iframes (by key) showing only about:blank whose load a form aimed at a new window stopped (WebKit schedules the
  /// submission in the form's frame: ``WebKitSimulator/stoppedBlankDocuments`` says the same of a window): their next
  /// navigation replaces their document in the current entry instead of adding one (observed in WebKitGTK 2.50.6,
  /// random-d8a-80-021, `blank-window-form-to-new-window.json`).
  private(set) var stoppedLoads: Set<String> = []
  /// Iframes (by key) whose document in this entry a locked navigation put there (one that replaced the iframe's
  /// document in the current entry instead of adding one): a reload's item for such an iframe replaces it
  /// (``restoreItemsBeforeReload()``).
  private(set) var lockedFrames: Set<String> = []
  /// Iframes (by key) whose load was cancelled and that have shown nothing since but a script's about:blank
  /// (`window.open("about:blank", name)` into one): a link or form in one does nothing, as in a cancelled one (observed
  /// in WebKitGTK 2.50.6, random-m1a-80-006, probes Q1–Q4 of 2026-12-06, `cancelled-iframe-script-blank.json`). Any
  /// other load ends it: in an iframe that had shown a page the script's about:blank takes links and forms, and so
  /// does the about:blank a back or forward loads there (`cancelled-iframe-items.json`). Not part of the entry's
  /// identity.
  private var inertFrames: Set<String> = []

  /// When WebKit named an entry's iframe items. A history item keeps the name its frame had when the item was made
  /// (`HistoryController::initializeItem`, `setTarget(frame.tree().uniqueName())`), and WebKit computes a frame's
  /// unique name from the frames that exist at that moment (`FrameTree::uniqueName`, `Source/WebCore/page/
  /// FrameTree.cpp`): an iframe without a name, or named as one of its own iframes is, is `<!--frameN-->` by its
  /// place among such frames in tree order; any other iframe is its name.
  enum ItemNaming: Sendable, Hashable {
    /// Each iframe's item was made as the iframe committed its document (the page's own load, a reload): the
    /// iframes of the document holding it existed, its own not yet.
    case atCommit
    /// Every item was made at once from the whole tree as it stood (`HistoryController::createItemTree`: a fragment,
    /// a history scroll).
    case wholeTree
    /// The navigation of the iframe (by key) made the entry: the items of that iframe and of those inside it were
    /// made as they committed, the others at once from the tree as it stood, before the iframe's new document (its
    /// old iframes, unknown here, are left out).
    case wholeTreeBut(String)
  }

  init(document: Int) {
    self.document = document
    self.generation = document
    self.mainItem = document
  }

  /// The separator of a nested iframe's key: no URL has a line feed.
  static let separator: Character = "\n"

  /// The key of the iframe at `path`: the `src` of a page's iframe, then of each iframe inside the one before.
  static func key(_ path: [String]) -> String {
    path.joined(separator: String(separator))
  }

  /// The key of the iframe `src` inside the iframe `parent` (`nil`: an iframe of the page).
  static func key(of src: String, in parent: String?) -> String {
    parent.map { $0 + String(separator) + src } ?? src
  }

  /// The key of the iframe that holds the iframe `key`; `nil` for an iframe of the page.
  static func parent(of key: String) -> String? {
    key.lastIndex(of: separator).map { String(key[..<$0]) }
  }

  /// The `src` of the iframe `key` names (its last).
  static func src(of key: String) -> String {
    key.split(separator: separator, omittingEmptySubsequences: false).last.map(String.init) ?? key
  }

  /// Whether `key` names an iframe inside the iframe `ancestor`.
  static func isInside(_ key: String, _ ancestor: String) -> Bool {
    key.count > ancestor.count && key.hasPrefix(ancestor) && key.dropFirst(ancestor.count).first == separator
  }

  /// The URL the iframe `key` shows in this entry.
  func url(of key: String) -> String {
    moved.first { $0.src == key }?.url ?? Self.src(of: key)
  }

  /// Whether the load of the iframe `key` was cancelled in this entry (it shows its initial empty document).
  func isBlocked(_ key: String) -> Bool {
    blocked.contains(key)
  }

  /// The number of the document the iframe `key` shows in this entry (``frameDocuments``).
  func documentNumber(of key: String) -> Int {
    frameDocuments[key] ?? 0
  }

  /// Whether the document the iframe `key` shows has an empty query the scenario does not write (a GET form without
  /// fields loaded it: ``emptyQueryFrames``).
  func hasEmptyQuery(_ key: String) -> Bool {
    emptyQueryFrames.contains(key)
  }

  /// Whether the iframe `key` has committed a document other than about:blank (``realDocumentFrames``).
  func hasCommittedRealDocument(_ key: String) -> Bool {
    realDocumentFrames.contains(key)
  }

  /// Records that the iframe `key` shows `url` (`emptyQuery`: as `URL?`, a GET form's without fields): a new document,
  /// whose iframes are not those it had. `keepsInert`: a script's about:blank, after which a cancelled iframe still
  /// takes no link or form (``isInert(_:)``).
  mutating func show(_ url: String, in key: String, emptyQuery: Bool = false, keepsInert: Bool = false) {
    forget(key)
    if url != Self.src(of: key) { moved.append((key, url)) }
    if emptyQuery { emptyQueryFrames.insert(key) }
    if (try? WebAddress(url))?.isAboutBlank != true { realDocumentFrames.insert(key) }
    if !keepsInert { inertFrames.remove(key) }
    nextFrameDocument += 1
    frameDocuments[key] = nextFrameDocument
  }

  /// Whether a link or form in the iframe `key` does nothing: its load was cancelled, and it shows that initial empty
  /// document or a script's about:blank since (``inertFrames``).
  func isInert(_ key: String) -> Bool {
    isBlocked(key) || inertFrames.contains(key)
  }

  /// Records that the iframe `key` moved to `url` within its document (a fragment): the iframes inside it stay, and so
  /// does its query.
  mutating func moveWithinDocument(to url: String, in key: String) {
    moved.removeAll { $0.src == key }
    if url != Self.src(of: key) { moved.append((key, url)) }
  }

  /// Records that the iframe `key` loaded the URL it shows again (WebKit's `FrameLoadType::Same`, which rewrites its
  /// item as a reload does): its number and its URL stay, the iframes inside it are new.
  mutating func reloadDocument(in key: String) {
    let url = url(of: key)
    let number = frameDocuments[key]
    let emptyQuery = hasEmptyQuery(key)
    let locked = lockedFrames.contains(key)
    forget(key)
    if url != Self.src(of: key) { moved.append((key, url)) }
    if emptyQuery { emptyQueryFrames.insert(key) }
    if locked { lockedFrames.insert(key) }
    frameDocuments[key] = number
  }

  /// Whether the entry holds an item at about:blank for the cancelled iframe `key` (``blankItems``): back or forward
  /// onto the entry from another document loads about:blank there, where an entry without one loads the iframe's
  /// `src` afresh.
  func hasBlankItem(_ key: String) -> Bool {
    blankItems.contains(key)
  }

  /// How going back or forward onto this entry from another document loads the iframe `key`: `backForward` at the URL
  /// the entry has for it; for one whose load was cancelled, `backForward` at about:blank when the entry holds an item
  /// for it (``hasBlankItem(_:)``), else `other` at its `src` (it left no item).
  func backForwardLoad(of key: String) -> (type: NavigationType, url: String) {
    if hasLostItems { return (.other, Self.src(of: key)) }
    if !isBlocked(key) { return (.backForward, url(of: key)) }
    return hasBlankItem(key) ? (.backForward, "about:blank") : (.other, Self.src(of: key))
  }

  /// The state of a new entry made from this one by a fragment of the page, whose main item is `mainItem` (new): each
  /// cancelled iframe gets an item at about:blank (``blankItems``).
  func copiedIntoNewEntry(mainItem: Int) -> FrameState {
    var copy = self
    copy.blankItems.formUnion(blocked)
    copy.mainItem = mainItem
    copy.itemNaming = .wholeTree
    // The web process makes the whole item tree from the live frames (`createItemTree`): no item from before a reload
    // (observed in WebKitGTK 2.50.6, random-g1a-80-009).
    copy.itemsBeforeReload = []
    return copy
  }

  /// A locked navigation puts `url` in the iframe `key` of this entry (``lockedFrames``). WebKit sets the load's item
  /// as a child of the page's item by the frame's name, replacing the first child of that name
  /// (`HistoryItem::setChildItem`): after a reload or a `Same` load, that is the item from before it
  /// (``itemsBeforeReload``), so going back or forward onto the entry loads the locked document, until the next
  /// reload, which again puts the iframe's own item first (``restoreItemsBeforeReload()`` takes this entry's item for
  /// a locked iframe). Observed in WebKitGTK 2.50.6 (random-e4a-80-026, `reload-then-locked-iframe.json`).
  mutating func showLocked(_ url: String, in key: String, emptyQuery: Bool, keepsInert: Bool = false) {
    show(url, in: key, emptyQuery: emptyQuery, keepsInert: keepsInert)
    markLocked(key)
  }

  /// A locked navigation's item for the iframe `key` (what `shown` says of it and of the iframes inside it) replaces
  /// this entry's, as ``showLocked(_:in:emptyQuery:keepsInert:)`` does in the current entry.
  mutating func takeLocked(_ key: String, from shown: FrameState) {
    adopt(key, from: shown)
    countDocuments(from: shown)
    markLocked(key)
  }

  /// Records that a locked navigation put the iframe `key`'s document in this entry, and in the item from before a
  /// reload that going back or forward onto it would give the iframe (``itemsBeforeReload``).
  private mutating func markLocked(_ key: String) {
    lockedFrames.insert(key)
    if !itemsBeforeReload.isEmpty { itemsBeforeReload[0].lockedFrames.insert(key) }
  }

  /// The outermost iframes (by key) that show something else here than in `other`: another URL, another document,
  /// or a load cancelled in one of them.
  func framesShowingOtherwise(than other: FrameState) -> [String] {
    let all = Set(moved.map(\.src) + other.moved.map(\.src) + blocked + other.blocked)
      .union(frameDocuments.keys).union(other.frameDocuments.keys)
    let keys = all.filter { key in
      url(of: key) != other.url(of: key) || documentNumber(of: key) != other.documentNumber(of: key)
        || isBlocked(key) != other.isBlocked(key)
    }
    return keys.filter { key in !keys.contains { Self.isInside(key, $0) } }.sorted()
  }

  /// Whether a load of `other`'s item for the iframe `key`, which shows what this state says, is a move within its
  /// document (`HistoryItem::shouldDoSameDocumentNavigationTo`, `Source/WebCore/history/HistoryItem.cpp`): for URLs
  /// that differ only by a fragment, the iframe's own document decides; otherwise its document and those of every
  /// iframe inside it (`hasSameDocumentTree`).
  func movesWithinDocument(_ key: String, to other: FrameState) -> Bool {
    let (url, otherURL) = (url(of: key), other.url(of: key))
    func withoutFragment(_ url: String) -> Substring { url.prefix { $0 != "#" } }
    if url.contains("#") || otherURL.contains("#"), withoutFragment(url) == withoutFragment(otherURL) {
      return documentNumber(of: key) == other.documentNumber(of: key)
    }
    let inner = Set(frameDocuments.keys).union(other.frameDocuments.keys).filter { Self.isInside($0, key) }
    return ([key] + inner).allSatisfy { documentNumber(of: $0) == other.documentNumber(of: $0) }
  }

  /// Numbers this entry's next iframe documents after every number `other` gave (``nextFrameDocument``).
  mutating func countDocuments(from other: FrameState) {
    nextFrameDocument = max(nextFrameDocument, other.nextFrameDocument)
  }

  /// Records that a form aimed at a new window stopped the load of the iframe `key` (``stoppedLoads``).
  mutating func stopLoad(of key: String) {
    stoppedLoads.insert(key)
  }

  /// Whether the iframe `key`'s next navigation replaces its document in the current entry (``stoppedLoads``).
  func hasStoppedLoad(_ key: String) -> Bool {
    stoppedLoads.contains(key)
  }

  /// Records that the iframe `key`'s load was cancelled.
  mutating func block(_ key: String) {
    forget(key)
    blocked.append(key)
    inertFrames.insert(key)
    nextFrameDocument += 1
    frameDocuments[key] = nextFrameDocument
  }

  /// Drops what the entry says of the iframe `key` and of the iframes inside it.
  private mutating func forget(_ key: String) {
    blocked.removeAll { $0 == key || Self.isInside($0, key) }
    blankItems = blankItems.filter { $0 != key && !Self.isInside($0, key) }
    moved.removeAll { $0.src == key || Self.isInside($0.src, key) }
    emptyQueryFrames = emptyQueryFrames.filter { $0 != key && !Self.isInside($0, key) }
    // The iframe itself stays the frame it was; those inside it go with its document.
    realDocumentFrames = realDocumentFrames.filter { !Self.isInside($0, key) }
    frameDocuments = frameDocuments.filter { !Self.isInside($0.key, key) }
    stoppedLoads = stoppedLoads.filter { $0 != key && !Self.isInside($0, key) }
    lockedFrames = lockedFrames.filter { $0 != key && !Self.isInside($0, key) }
    inertFrames = inertFrames.filter { !Self.isInside($0, key) }
  }

  /// A reload or a `Same` load made the page anew in this entry: every iframe back at its `src`, with items of
  /// `generation`. With `keepsItems` the entry keeps the items it had (``itemsBeforeReload``; the oldest, when
  /// reloaded again); without, they are gone: WebKit clears the children of the main frame's current item
  /// (`HistoryItem::clearChildren`, `WebBackForwardList::backForwardClearChildren`), so the entry whose item that is
  /// keeps only the new iframes' items, while another entry the reload shows keeps its own (observed in WebKitGTK
  /// 2.50.6: after a reload of the page's own entry, back onto an entry a later iframe's navigation made loads that
  /// iframe where it navigated; after a reload of an iframe's entry, where it was before; random-g1a-80-009, probes
  /// q1–q6 of 2026-12-06, `reload-items-of-the-current-item.json`).
  mutating func rewriteByReload(generation: Int, keepsItems: Bool) {
    if !keepsItems {
      itemsBeforeReload = []
    } else if itemsBeforeReload.isEmpty {
      var before = self
      before.itemsBeforeReload = []
      itemsBeforeReload = [before]
    }
    reset(generation: generation)
  }

  /// Going back or forward onto this entry from another document: the iframes load from the items the entry held
  /// before a reload (``itemsBeforeReload``), which are then the items the iframes navigate; the page's document and
  /// the generation of its items stay this entry's. An iframe a locked navigation had put in the entry's item
  /// (``lockedFrames``) is the exception: the reload's item for it stands, so it loads at its `src` (observed in
  /// WebKitGTK 2.50.6 after a reload and after a `Same` load, random-d8a-80-070, `reload-locked-iframe.json`; an
  /// iframe's item that its own entry was made with is kept, `reload-keeps-iframe-items.json`).
  mutating func restoreItemsBeforeReload() {
    guard var restored = itemsBeforeReload.first else { return }
    // The outermost locked iframes: what is inside one goes with it.
    let locked = restored.lockedFrames
    for key in locked where !locked.contains(where: { Self.isInside(key, $0) }) { restored.adopt(key, from: self) }
    restored.document = document
    restored.mainItem = mainItem
    restored.generation = generation
    restored.hasEmptyQuery = hasEmptyQuery
    restored.madeByScriptWithoutInteraction = madeByScriptWithoutInteraction
    restored.onlyFrame = onlyFrame
    restored.isPageLoadEntry = isPageLoadEntry
    restored.hasLostItems = hasLostItems
    restored.nextFrameDocument = max(restored.nextFrameDocument, nextFrameDocument)
    self = restored
  }

  /// Takes what `other` says of the iframe `key` and of the iframes inside it.
  mutating func adopt(_ key: String, from other: FrameState) {
    forget(key)
    realDocumentFrames.remove(key)
    frameDocuments[key] = nil
    func covers(_ frame: String) -> Bool { frame == key || Self.isInside(frame, key) }
    moved += other.moved.filter { covers($0.src) }
    blocked += other.blocked.filter(covers)
    blankItems.formUnion(other.blankItems.filter(covers))
    emptyQueryFrames.formUnion(other.emptyQueryFrames.filter(covers))
    realDocumentFrames.formUnion(other.realDocumentFrames.filter(covers))
    stoppedLoads.formUnion(other.stoppedLoads.filter(covers))
    lockedFrames.formUnion(other.lockedFrames.filter(covers))
    for (frame, number) in other.frameDocuments where covers(frame) { frameDocuments[frame] = number }
  }

  /// Every iframe back at its `src` (a new document, or a reload, whose iframe items are of `generation`).
  mutating func reset(generation: Int) {
    moved = []
    blocked = []
    blankItems = []
    emptyQueryFrames = []
    realDocumentFrames = []
    frameDocuments = [:]
    stoppedLoads = []
    lockedFrames = []
    inertFrames = []
    itemNaming = .atCommit
    self.generation = generation
  }

  /// The iframes whose URL differs between this entry and `other` of the same document, in order; none when a
  /// reload gave one of them iframe items of their own (observed: WebKit makes no callback then).
  /// An iframe differs when it shows another document (``documentNumber(of:)``), at another URL or the same one (a
  /// link from another origin to the URL it showed loads it anew); one that moved within its document (a fragment)
  /// is not listed: WebKit moves it without loading or asking. Nor is an iframe inside one that loads: it goes with
  /// the document of the iframe that holds it. The iframes are listed in the order they were first navigated.
  func framesDiffering(from other: FrameState) -> [String] {
    guard generation == other.generation else { return [] }
    var keys: [String] = []
    let numbered = Set(frameDocuments.keys).union(other.frameDocuments.keys).sorted()
    for key in moved.map(\.src) + other.moved.map(\.src) + numbered where !keys.contains(key) {
      if documentNumber(of: key) != other.documentNumber(of: key) { keys.append(key) }
    }
    // An iframe whose `src` is about:blank commits its initial document while the page is parsed, before any iframe
    // that loads from the network: its item is the page item's first child, and WebKit goes through the children in
    // order (`HistoryController::recursiveGoToItem`; observed in WebKitGTK 2.50.6, probes L1–L6 of 2026-12-06).
    let outermost = keys.filter { key in !keys.contains { Self.isInside(key, $0) } }
    return outermost.filter { $0 == "about:blank" } + outermost.filter { $0 != "about:blank" }
  }

  static func == (lhs: FrameState, rhs: FrameState) -> Bool {
    lhs.document == rhs.document && lhs.mainItem == rhs.mainItem && lhs.generation == rhs.generation
      && lhs.moved.elementsEqual(rhs.moved) { $0 == $1 }
      && lhs.blocked == rhs.blocked && lhs.hasEmptyQuery == rhs.hasEmptyQuery
      && lhs.frameDocuments == rhs.frameDocuments && lhs.emptyQueryFrames == rhs.emptyQueryFrames
      && lhs.realDocumentFrames == rhs.realDocumentFrames && lhs.blankItems == rhs.blankItems
      && lhs.itemsBeforeReload == rhs.itemsBeforeReload
      && lhs.madeByScriptWithoutInteraction == rhs.madeByScriptWithoutInteraction && lhs.onlyFrame == rhs.onlyFrame
      && lhs.isPageLoadEntry == rhs.isPageLoadEntry && lhs.hasLostItems == rhs.hasLostItems
      && lhs.stoppedLoads == rhs.stoppedLoads && lhs.lockedFrames == rhs.lockedFrames
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(document)
    hasher.combine(mainItem)
    for frame in moved {
      hasher.combine(frame.src)
      hasher.combine(frame.url)
    }
    hasher.combine(blocked)
  }
}

/// A session's ``FrameState`` per history entry, kept in step with the engine's back-forward list (which holds
/// the main frame's side): after every commit the simulator mirrors what the list did, so an entry the list
/// replaced (a popup's initial about:blank) or dropped (its capacity) goes here too.
struct FrameHistory: Sendable {
  private var entries: [FrameState] = []
  /// Each entry's identity (WebKit's `BackForwardItemIdentifier`), parallel to ``entries``: new for every entry pushed,
  /// kept while the entry is rewritten. The items a frame holds belong to one entry (``WebKitSimulator/LiveFrames``).
  private var ids: [Int] = []
  /// The identity the next entry gets.
  private var nextID = 0
  private var index: Int?
  /// The index of the entry whose document the page shows, when the current entry is another: a back or forward that
  /// scrolled the page to a fragment without changing its URL moved the list but not the web process's current item
  /// (`WebKitSimulator.scrollOnTraversal`). Cleared by the next change to the list: a new
  /// entry (``pushed(_:list:madeByScriptWithoutInteraction:isPageLoad:)``), a page replacing the current one, or a
  /// move, which reads it first.
  var scrolledFrom: Int?
  /// The index of the entry whose main-frame item is the web process's current item (the main frame's
  /// `HistoryController::m_currentItem`), `nil` when it is no entry of the list. The page's loads and fragments make
  /// their new entry's item current and a move onto an entry makes that entry's item current; an iframe's navigation
  /// does not touch the main frame's item (the UI process copies it into the new entry,
  /// `WebBackForwardList::completeFrameStateForNavigation`), so after one it is the entry before's.
  private(set) var mainItemIndex: Int?
  /// The index of the entry whose main-frame item the main frame holds as its provisional item without having
  /// committed it (`HistoryController::m_provisionalItem`): a move between clones sets it
  /// (`recursiveSetProvisionalItem`), and the iframe's commit leaves it when it is already the current item
  /// (`recursiveUpdateForCommit` commits only an item that is a clone of the current one, not the current one
  /// itself); a back or forward that scrolls to a fragment sets it and commits nothing. The main frame's next
  /// same-document navigation commits it (`recursiveUpdateForSameDocumentNavigation`) and writes its URL into it
  /// (``WebKitSimulator`` `commitProvisionalItem`).
  var provisionalIndex: Int?

  /// The current entry's state; a fresh document's when nothing was committed.
  var current: FrameState {
    get { index.map { entries[$0] } ?? FrameState(document: -1) }
    set {
      if let index { entries[index] = newValue }
    }
  }

  /// The index of the current entry, `nil` before the first commit.
  var currentIndex: Int? { index }

  /// The state of the entry at `index`.
  func state(atIndex index: Int) -> FrameState? {
    entries.indices.contains(index) ? entries[index] : nil
  }

  /// The state of the entry `offset` steps from the current one.
  func state(at offset: Int) -> FrameState? {
    guard let index, entries.indices.contains(index + offset) else { return nil }
    return entries[index + offset]
  }

  /// The identity of the entry `offset` steps from the current one (``ids``).
  func id(at offset: Int) -> Int? {
    guard let index, ids.indices.contains(index + offset) else { return nil }
    return ids[index + offset]
  }

  /// The index of the entry whose identity is `id` (``ids``), `nil` when the list no longer holds it.
  func index(ofID id: Int) -> Int? {
    ids.firstIndex(of: id)
  }

  /// The identity of the entry whose main-frame item is the main frame's current one (``mainItemIndex``).
  var mainItemID: Int? { mainItemIndex.flatMap { ids.indices.contains($0) ? ids[$0] : nil } }

  /// After a commit that pushed (or replaced) an entry of `list`. The new entry's state is `state`, made by a script's
  /// same-document navigation without user interaction or not (``FrameState/madeByScriptWithoutInteraction``), by the
  /// page's own load or not (``FrameState/isPageLoadEntry``): properties of the entry, never of the one it was copied
  /// from.
  ///
  /// `byFrame`: an iframe's navigation made the entry, which leaves the main frame's current item as it was
  /// (``mainItemIndex``); any other makes the new entry's item current. A fragment of the page
  /// (`keepsProvisional`) leaves the main frame's provisional item for the caller to commit
  /// (``provisionalIndex``); a new document leaves none.
  mutating func pushed(
    _ state: FrameState, list: BackForwardList, madeByScriptWithoutInteraction: Bool = false, isPageLoad: Bool = false,
    byFrame: Bool = false, keepsProvisional: Bool = false
  ) {
    var state = state
    state.madeByScriptWithoutInteraction = madeByScriptWithoutInteraction
    state.isPageLoadEntry = isPageLoad
    state.hasLostItems = false
    let keep = (index ?? -1) + 1
    var pushed = Array(entries.prefix(keep))
    pushed.append(state)
    entries = Array(pushed.suffix(list.entries.count))
    ids = Array((Array(ids.prefix(keep)) + [nextID]).suffix(list.entries.count))
    nextID += 1
    // The forward entries are gone, and the oldest when the list is full: indices move with the entries kept.
    let dropped = pushed.count - entries.count
    func kept(_ old: Int?) -> Int? {
      guard let old, old < keep, old >= dropped else { return nil }
      return old - dropped
    }
    index = list.currentIndex
    scrolledFrom = nil
    mainItemIndex = byFrame ? kept(mainItemIndex) : index
    provisionalIndex = byFrame || keepsProvisional ? kept(provisionalIndex) : nil
  }

  /// The offset the app's back (`delta` −1) or forward (+1) moves by: WebKit skips entries a script made without user
  /// interaction (``FrameState/madeByScriptWithoutInteraction``). Going back from such an entry passes over the ones
  /// before it and then over the entry the user thinks they are on (the first without the mark) to the one before
  /// that; going forward passes over marked entries to the first without the mark, then on to the last of the marked
  /// ones after it. When the list ends first, the adjacent entry. Going back from an entry without the mark moves
  /// by one. (`itemSkippingBackForwardItemsAddedByJSWithoutUserGesture` in
  /// `Source/WebKit/UIProcess/WebBackForwardList.cpp`; on Apple platforms for apps linked against an SDK with
  /// `UIBackForwardSkipsHistoryItemsWithoutUserGesture`. Observed in WebKitGTK 2.50.6,
  /// `script-fragment-entries-skipped.json`.) `nil` when the states do not mirror `list`.
  func appOffset(_ delta: Int, list: BackForwardList) -> Int? {
    guard let index, entries.count == list.entries.count, index == list.currentIndex else { return nil }
    func marked(_ offset: Int) -> Bool { entries[index + offset].madeByScriptWithoutInteraction }
    func exists(_ offset: Int) -> Bool { entries.indices.contains(index + offset) }
    guard exists(delta) else { return delta }
    if delta < 0, !marked(0) { return delta }
    var offset = delta
    while marked(offset) {
      offset += delta
      guard exists(offset) else { return delta }
    }
    if delta < 0 {
      offset -= 1
      return exists(offset) ? offset : delta
    }
    while exists(offset + 1), marked(offset + 1) { offset += 1 }
    return offset
  }

  /// The current entry's item becomes the main frame's current one (``mainItemIndex``); with `committing`, no
  /// provisional item is left either (a load's commit, `HistoryController::updateForCommit`).
  mutating func makeCurrentItemMain(committing: Bool) {
    mainItemIndex = index
    if committing { provisionalIndex = nil }
  }

  /// The item of the entry `offset` steps from the current one stays the main frame's provisional item
  /// (``provisionalIndex``).
  mutating func leaveProvisional(at offset: Int = 0) {
    provisionalIndex = index.map { $0 + offset }
  }

  /// Moves the current entry's mark of a script's navigation without user interaction
  /// (``FrameState/madeByScriptWithoutInteraction``), if it has one, to the entry at `target`.
  mutating func moveScriptMark(to target: Int) {
    guard let index, entries[index].madeByScriptWithoutInteraction, entries.indices.contains(target) else { return }
    entries[index].madeByScriptWithoutInteraction = false
    entries[target].madeByScriptWithoutInteraction = true
  }

  /// The main frame's provisional item, of the entry at ``provisionalIndex``, becomes its current one
  /// (`recursiveUpdateForSameDocumentNavigation`).
  mutating func commitProvisionalItem() {
    guard let provisional = provisionalIndex else { return }
    mainItemIndex = provisional
    provisionalIndex = nil
  }

  /// The entry at `index` takes the iframe `key`'s item, and those of the iframes inside it, from `shown`: a locked
  /// navigation (``FrameState/showLocked(_:in:emptyQuery:keepsInert:)``) rewrites the iframe's current item, which is of
  /// that entry (``WebKitSimulator/itemEntry(of:in:)``).
  mutating func takeLockedItem(_ key: String, from shown: FrameState, atIndex index: Int) {
    guard entries.indices.contains(index) else { return }
    entries[index].takeLocked(key, from: shown)
    // The current entry's later documents get numbers the locked one does not have.
    if let current = self.index { entries[current].countDocuments(from: shown) }
  }

  /// Whether the current entry's item is the main frame's current one (``mainItemIndex``), whose children a reload
  /// clears (``FrameState/rewriteByReload(generation:keepsItems:)``).
  var currentIsMainItem: Bool { index != nil && index == mainItemIndex }

  /// After a move within `list`.
  mutating func moved(with list: BackForwardList) {
    if let target = list.currentIndex, entries.indices.contains(target) { index = target }
  }
}
