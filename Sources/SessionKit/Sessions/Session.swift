/// One web view, main (a root) or popup, as an actor. Apps reach the root through the WebKit adapter
/// (`WebSessionCoordinator.rootSession`) to read the popup tree (``children``, ``opener``, ``url``) and to
/// ``dismiss()`` a popup; the adapter and the simulator drive its decisions, popups, commits and closes.
///
/// The actor gives the session its identity and orders its decisions and commits; the session's state lives in
/// its tree's state machine (`PopupTreeState`), behind the tree's lock, so that WebKit's synchronous
/// `createWebViewWith` and the close paths read and change it without awaiting. Deciding is in
/// `Session+Deciding.swift`, popup admission in `Session+Admission.swift`.
public actor Session {
  // Stored in this order on purpose: a decision reads the first three, which then follow the actor's own
  // storage in one cache line (with 10 000 sessions, every line a decision touches is a likely miss).

  nonisolated let tree: PopupTree
  nonisolated let key: PopupTreeState.Key
  /// The engine's policy snapshot this session last decided with, reused while the engine's gate shows the
  /// same generation (no engine lock on `decide`'s path).
  ///
  /// Unchecked: actor isolation already makes every access exclusive (only this actor's code touches it, one job
  /// at a time, and a decision never stores while it reads the lent snapshot: code added there must not either),
  /// so the runtime's dynamic exclusivity check (`swift_beginAccess`) would guard nothing at a cost on every
  /// decision.
  @exclusivity(unchecked) var policies = CachedPolicies()
  /// The session's id (`main`, `main.1`, …).
  public nonisolated let id: SessionID
  /// The popup depth: 0 for a root, 1 for a root's popup.
  package nonisolated let depth: Int
  /// The engine this session belongs to.
  package nonisolated var engine: SessionEngine { tree.engine }

  @_optimize(size)
  init(id: SessionID, depth: Int, key: PopupTreeState.Key, tree: PopupTree) {
    self.id = id
    self.depth = depth
    self.key = key
    self.tree = tree
  }

  deinit {
    // A root released without `tearDown()` closes its tree, so the popups the tree keeps alive go too.
    if depth == 0 { _ = tree.close(key, reason: .teardown) }
  }

  // MARK: - State

  /// Whether this is a root (main) session, which `window.close()` never closes.
  package nonisolated var isRoot: Bool { depth == 0 }
  /// Whether a script opened this window (every popup; never a root). Such a window may close itself.
  package nonisolated var isOpenedByScript: Bool { !isRoot }
  /// Whether the session is closed.
  public nonisolated var isClosed: Bool { tree.read { !$0.machine.nodes.contains(key) } }
  /// The URL of the page this session's web view committed last (main frame), serialized; `nil` before the first
  /// commit and once closed.
  public nonisolated var url: String? { committedURL?.serialized }
  /// The committed main-frame URL, `nil` before the first commit.
  package nonisolated var committedURL: WebAddress? { tree.read { $0.machine.nodes.read(key, \.committedURL) ?? nil } }
  /// The length of the back-forward list (0 before the first commit).
  package nonisolated var historyLength: Int { tree.read { $0.machine.nodes.read(key, \.history.entries.count) ?? 0 } }
  /// The back-forward list (empty once closed).
  package nonisolated var backForwardList: BackForwardList {
    tree.read { $0.machine.nodes.read(key, \.history) ?? BackForwardList() }
  }
  /// The live child popups, in creation order.
  @_optimize(size)
  public nonisolated var children: [Session] {
    tree.read { storage in (storage.machine.nodes.read(key, \.children) ?? []).compactMap { storage.popups[$0] } }
  }
  /// The session that opened this popup; `nil` for a root, and once either is closed.
  @_optimize(size)
  public nonisolated var opener: Session? {
    tree.read { storage in
      guard let parent = storage.machine.nodes.read(key, \.parent) ?? nil else { return nil }
      return storage.popups[parent] ?? (parent == PopupTreeState.rootKey ? storage.root : nil)
    }
  }
  /// How this popup is presented; `nil` for a root.
  package nonisolated var presentation: PopupPresentation? {
    tree.read { $0.machine.nodes.read(key, \.presentation) ?? nil }
  }
  /// Whether this popup still waits for its decider (its first load has not been decided).
  package nonisolated var isProvisional: Bool { tree.read { $0.machine.nodes.read(key, \.isProvisional) ?? false } }

  /// What policies compare navigations in this session with: its committed URL's origin, else (nothing
  /// committed, or an inherited `about:blank`) its opener's. A root that committed nothing has no origin; one
  /// that committed `about:blank` has one that only `about:blank` and `about:srcdoc` share.
  package nonisolated func policyContext() -> PolicyContext {
    tree.read { $0.machine.context(of: key) }
  }

  /// Records a committed load (WebKit's `didCommit`), updating the back-forward list: call it for every
  /// main-frame commit, in order, before the session's next decision. For
  /// ``CommitKind/subframe(previousFrameURL:)``, `url` is the iframe's new URL.
  /// - Throws: ``SessionEngineError/unparsableURL(_:reason:)`` when a URL cannot be parsed; nothing changes then.
  public func didCommit(_ url: String, kind: CommitKind) throws(SessionEngineError) {
    do {
      try commit(url, kind: kind)
    } catch {
      throw .unparsableURL(error.input, reason: error.description)
    }
  }

  /// ``didCommit(_:kind:)`` for the package's adapter and simulator, with the parser's own error. For
  /// ``CommitKind/newEntry(isPost:)``, `replacesCurrent` says whether the document replaces the current entry (the
  /// simulator knows: a script's or a form's load of a window that has shown only about:blank); `nil` replaces only
  /// a popup's initial about:blank.
  /// - Throws: `AddressError` when a URL cannot be parsed; nothing changes then.
  package func commit(_ url: String, kind: CommitKind, replacesCurrent: Bool? = nil) throws(AddressError) {
    let address = try WebAddress(url)
    let change: PopupTreeState.HistoryChange
    switch kind {
    case .newEntry(let isPost): change = .newEntry(isPost: isPost, replacesCurrent: replacesCurrent)
    case .subframe(let previous): change = .subframe(previous: try WebAddress(previous))
    case .backForward(let offset): change = .backForward(offset: offset)
    case .reload: change = .reload
    }
    let site = address.isAboutBlankOrSrcdoc ? nil : address.site(using: engine.list)
    _ = tree.update { $0.machine.commit(address, site: site, kind: change, in: key) }
  }

  /// Gives the history entry at `index` (from the oldest) the main-frame URL `url`, keeping its method, without
  /// moving the list: for the simulator, whose engine writes a same-document navigation's URL into the item its web
  /// process holds as current, which is not always the current entry's.
  /// - Throws: `AddressError` when `url` cannot be parsed; nothing changes then.
  package func rewriteEntry(at index: Int, to url: String) throws(AddressError) {
    let address = try WebAddress(url)
    let site = address.isAboutBlankOrSrcdoc ? nil : address.site(using: engine.list)
    _ = tree.update { $0.machine.commit(address, site: site, kind: .rewrite(index: index), in: key) }
  }

  // MARK: - Closing

  /// WebKit's `webViewDidClose`: the page called `window.close()`. Closes this popup and its subtree and
  /// returns the closed ids (this one first, then its descendants depth-first in creation order). Ignored
  /// (empty result) for a root: the main web view is never closed this way.
  @discardableResult
  @_optimize(size)
  public nonisolated func windowDidClose() -> [SessionID] {
    guard !isRoot else { return [] }
    return tree.close(key, reason: .windowClose)
  }

  /// The user tapped the popup's close button: closes this popup and its subtree (a root has no close button:
  /// ignored, empty result).
  @discardableResult
  @_optimize(size)
  public nonisolated func dismiss() -> [SessionID] {
    guard !isRoot else { return [] }
    return tree.close(key, reason: .dismissed)
  }

  /// The app tears this session down (a root included), closing its whole subtree. Every popup closed emits
  /// `popupClosed`; the root itself emits none (the app removes its own web view), and its id is free for a new
  /// root (``SessionEngine/makeRootSession(id:)``).
  @discardableResult
  @_optimize(size)
  package nonisolated func tearDown() -> [SessionID] {
    tree.close(key, reason: .teardown)
  }
}
