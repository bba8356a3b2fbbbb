/// The live sessions of one tree by key: the root inline, its popups in a dictionary that stays unallocated
/// until the first popup, so that an idle root costs no hash table.
struct NodeTable: Sendable {
  // Stored in this order on purpose: a decision reads the flag, the dictionary's count (for a popup's key) and
  // the first fields of the root's node, which then sit next to the tree's lock (see `PopupTree`).

  /// Whether `rootSlot` holds the live root.
  private var rootIsLive = true
  private var popups: [PopupTreeState.Key: SessionNode] = [:]
  /// The root's node, which holds the root only while `rootIsLive` (afterwards an empty node with the root's id).
  /// Not a `SessionNode?`: to test that optional for `nil`, the compiler copied the whole node (a `memcpy` of
  /// three cache lines, cold with 10 000 sessions) on each of a decision's three reads; a flag costs one byte.
  private var rootSlot: SessionNode

  /// A table holding only `root`.
  init(root: SessionNode) {
    self.rootSlot = root
  }

  /// Runs `body` on the node under `key` without copying it (`nil` when there is none): a decision reads a few
  /// fields of one node, and a copy of the whole node costs a retain per reference it holds.
  func read<Result>(_ key: PopupTreeState.Key, _ body: (SessionNode) -> Result) -> Result? {
    if key == PopupTreeState.rootKey { return rootIsLive ? body(rootSlot) : nil }
    return popups[key].map(body)
  }

  /// ``read(_:_:)`` for a `body` that may have no answer: `nil` also when there is no node under `key`.
  func readAnswer<Result>(_ key: PopupTreeState.Key, _ body: (SessionNode) -> Result?) -> Result? {
    if key == PopupTreeState.rootKey { return rootIsLive ? body(rootSlot) : nil }
    return popups[key].flatMap(body)
  }

  /// Runs `body` on the node under `key` in place (`nil` when there is none): neither a popup's nor the root's
  /// node is copied or moved, where the subscript's `_modify` moves the root's out of its slot and back.
  @discardableResult
  mutating func modify<Result>(_ key: PopupTreeState.Key, _ body: (inout SessionNode) -> Result) -> Result? {
    if key == PopupTreeState.rootKey { return rootIsLive ? body(&rootSlot) : nil }
    guard let index = popups.index(forKey: key) else { return nil }
    return body(&popups.values[index])
  }

  /// Whether a node lives under `key`.
  func contains(_ key: PopupTreeState.Key) -> Bool {
    key == PopupTreeState.rootKey ? rootIsLive : popups[key] != nil
  }

  /// The node under `key`; setting `nil` removes it. Reading the root through it copies the whole node (a
  /// retain per reference): read fields with ``read(_:_:)``, change them with ``modify(_:_:)``. Modified without
  /// copying, so that `nodes[key]?.field = value` costs no retain per reference the node holds: a popup's in place
  /// (`_modify`), the root's moved out of its slot and back.
  subscript(key: PopupTreeState.Key) -> SessionNode? {
    _read {
      if key == PopupTreeState.rootKey {
        yield rootIsLive ? rootSlot : nil
      } else {
        yield popups[key]
      }
    }
    _modify {
      if key == PopupTreeState.rootKey {
        var node = rootIsLive ? takeRoot() : nil
        defer {
          if let node {
            rootSlot = node
            rootIsLive = true
          } else {
            rootIsLive = false
          }
        }
        yield &node
      } else {
        yield &popups[key]
      }
    }
  }

  /// Removes and returns the node under `key`.
  mutating func removeValue(forKey key: PopupTreeState.Key) -> SessionNode? {
    if key == PopupTreeState.rootKey {
      guard rootIsLive else { return nil }
      rootIsLive = false
      return takeRoot()
    }
    return popups.removeValue(forKey: key)
  }

  /// Moves the root's node out of its slot, leaving an empty node with the same id there (so that a removed
  /// root's history and pages are released).
  private mutating func takeRoot() -> SessionNode {
    var node = SessionNode(id: rootSlot.id, parent: nil, depth: 0)
    swap(&node, &rootSlot)
    return node
  }

  /// Every live node with its key, the root first.
  var entries: [(key: PopupTreeState.Key, value: SessionNode)] {
    (rootIsLive ? [(PopupTreeState.rootKey, rootSlot)] : []) + popups.map { ($0.key, $0.value) }
  }

  /// Every live node, the root first.
  var values: [SessionNode] { entries.map(\.value) }

  /// The number of live sessions.
  var count: Int { popups.count + (rootIsLive ? 1 : 0) }

  /// Whether no session is live.
  var isEmpty: Bool { count == 0 }
}
