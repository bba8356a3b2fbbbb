/// The storage of one root's popup tree: its state machine behind one lock, the popups' session objects, and
/// the ordered delivery of the events the machine queues.
///
/// Every change runs inside ``update(_:)``; events it queued are delivered after the state lock is released,
/// under the engine's delivery lock, which only orders deliveries, so they reach the stream in the order the
/// changes happened even when two threads change the tree at once.
///
/// A value (the engine and the lock storage, two references) rather than an object of its own: each session
/// holds it inline, so a tree is one allocation (its `Locked` storage) and a decision reaches the lock without
/// going through another object. The tree's identity is its storage's.
struct PopupTree: Sendable {
  struct Storage: Sendable {
    var machine: PopupTreeState
    /// The live popups' sessions (strong: the tree keeps a popup alive until it closes). The root is not
    /// held, so that an app that releases its root releases the tree.
    var popups: [PopupTreeState.Key: Session] = [:]
    /// The root's session, not retained, for its popups' `opener`: recorded when the root opens its first
    /// popup. Not before: a weak reference gives the root's object a side table, which every retain and release
    /// of the root then goes through (a cold cache line per decision with many sessions), and a root that never
    /// opens a popup never needs it.
    weak var root: Session?
  }

  let engine: SessionEngine
  private let storage: Locked<Storage>

  @_optimize(size)
  init(root: SessionID, engine: SessionEngine) {
    self.engine = engine
    self.storage = Locked(Storage(machine: PopupTreeState(root: root)))
  }

  /// The tree whose storage `weak` refers to, if it is still alive.
  @_optimize(size)
  init?(_ weak: WeakPopupTree, engine: SessionEngine) {
    guard let storage = weak.storage else { return nil }
    self.engine = engine
    self.storage = Locked(sharing: storage)
  }

  /// The tree's identity (its lock storage's), for `SessionKey` and the engine's list of trees.
  var identity: ObjectIdentifier { ObjectIdentifier(storage.storage) }

  /// A reference to the tree that does not keep it alive.
  var weakReference: WeakPopupTree { WeakPopupTree(storage: storage.storage) }

  /// Reads the state.
  func read<Result>(_ body: (Storage) -> Result) -> Result {
    storage.withLock { body($0) }
  }

  /// Changes the state, then delivers the events the change queued.
  func update<Result>(_ body: (inout Storage) -> Result) -> Result {
    let (result, hasEvents) = storage.withLock { storage in
      let result = body(&storage)
      return (result, !storage.machine.outbox.isEmpty)
    }
    if hasEvents { deliverEvents() }
    return result
  }

  /// Starts a decision in `key` (`PopupTreeState.beginDecision`): one lock, and nothing to deliver, since
  /// beginning a decision queues no event.
  func beginDecision(
    in key: PopupTreeState.Key, address: WebAddress, isMainFrame: Bool
  ) -> PopupTreeState.DecisionStart {
    let serialized = address.serialized
    return storage.withLock { $0.machine.beginDecision(in: key, serialized: serialized, isMainFrame: isMainFrame) }
  }

  /// Closes `key`'s subtree and ends the decisions under way in it; the closed ids in pre-order.
  @_optimize(size)
  func close(_ key: PopupTreeState.Key, reason: CloseReason) -> [SessionID] {
    let closed = update { storage in
      let closed = storage.machine.close(key, reason: reason)
      for entry in closed { storage.popups[entry.key] = nil }
      return closed
    }
    guard !closed.isEmpty else { return [] }
    engine.interruptRaces(of: Set(closed.map { SessionKey(tree: identity, node: $0.key) }))
    // A tree's root closes once (a closed node is gone), so its id is freed once.
    if let root = closed.first, root.key == PopupTreeState.rootKey { engine.rootClosed(root.id) }
    return closed.map(\.id)
  }

  /// Closes every popup still blank whose deadline is at or before `now` (reason `blankTimeout`; the popups
  /// under it go too), in one change so that none commits a page in between; the closed ids in close order.
  @_optimize(size)
  func closeBlankPopups(at now: Duration) -> [SessionID] {
    let closed = update { storage in
      var closed: [(key: PopupTreeState.Key, id: SessionID)] = []
      for key in storage.machine.blankPopupsDue(at: now) {
        let entries = storage.machine.close(key, reason: .blankTimeout)
        for entry in entries { storage.popups[entry.key] = nil }
        closed += entries
      }
      return closed
    }
    guard !closed.isEmpty else { return [] }
    engine.interruptRaces(of: Set(closed.map { SessionKey(tree: identity, node: $0.key) }))
    return closed.map(\.id)
  }

  private func deliverEvents() {
    engine.deliverInOrder { storage.withLock { $0.machine.takeOutbox() } }
  }
}

/// A session's identity within the engine: its tree and its key there.
struct SessionKey: Sendable, Hashable {
  let tree: ObjectIdentifier
  let node: PopupTreeState.Key
}
