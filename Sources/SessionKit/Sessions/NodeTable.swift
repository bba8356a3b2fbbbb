/// The live sessions of one tree by key: the root inline, its popups in a dictionary that stays unallocated
/// until the first popup, so that an idle root costs no hash table.
struct NodeTable: Sendable {
  private var root: SessionNode?
  private var popups: [PopupTreeState.Key: SessionNode] = [:]

  /// A table holding only `root`.
  init(root: SessionNode) {
    self.root = root
  }

  /// Runs `body` on the node under `key` without copying it (`nil` when there is none): a decision reads a few
  /// fields of one node, and a copy of the whole node costs a retain per reference it holds.
  func read<Result>(_ key: PopupTreeState.Key, _ body: (SessionNode) -> Result) -> Result? {
    if key == PopupTreeState.rootKey {
      switch root {
      case .some(let node): return body(node)
      case .none: return nil
      }
    }
    return popups[key].map(body)
  }

  /// Whether a node lives under `key`.
  func contains(_ key: PopupTreeState.Key) -> Bool {
    key == PopupTreeState.rootKey ? root != nil : popups[key] != nil
  }

  /// The node under `key`; setting `nil` removes it. Modified in place (`_modify`), so that
  /// `nodes[key]?.field = value` does not copy the node out and back.
  subscript(key: PopupTreeState.Key) -> SessionNode? {
    _read {
      if key == PopupTreeState.rootKey {
        yield root
      } else {
        yield popups[key]
      }
    }
    _modify {
      if key == PopupTreeState.rootKey {
        yield &root
      } else {
        yield &popups[key]
      }
    }
  }

  /// Removes and returns the node under `key`.
  mutating func removeValue(forKey key: PopupTreeState.Key) -> SessionNode? {
    if key == PopupTreeState.rootKey {
      defer { root = nil }
      return root
    }
    return popups.removeValue(forKey: key)
  }

  /// Every live node with its key, the root first.
  var entries: [(key: PopupTreeState.Key, value: SessionNode)] {
    (root.map { [(PopupTreeState.rootKey, $0)] } ?? []) + popups.map { ($0.key, $0.value) }
  }

  /// Every live node, the root first.
  var values: [SessionNode] { entries.map(\.value) }

  /// The number of live sessions.
  var count: Int { popups.count + (root == nil ? 0 : 1) }

  /// Whether no session is live.
  var isEmpty: Bool { count == 0 }
}
