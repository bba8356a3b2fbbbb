/// The live sessions of one tree by key: the root inline, its popups in a dictionary that stays unallocated
/// until the first popup, so that an idle root costs no hash table.
struct NodeTable: Sendable {
  private var root: SessionNode?
  private var popups: [PopupTreeState.Key: SessionNode] = [:]

  /// A table holding only `root`.
  init(root: SessionNode) {
    self.root = root
  }

  /// The node under `key`; setting `nil` removes it. Read and modified in place (`_read`, `_modify`), so that
  /// `nodes[key]?.field` touches one field rather than copying the whole node (a decision reads a few fields of
  /// one node).
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
