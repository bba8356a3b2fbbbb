import Synchronization

/// The bookkeeping one root's popup tree shares: how many popups are open (the root not counted), so that
/// `maxOpen` holds across the whole tree even when popups are admitted concurrently.
final class PopupTree: Sendable {
  private let open = Atomic<Int>(0)

  /// The number of live popups in the tree.
  var openCount: Int { open.load(ordering: .acquiring) }

  /// Takes a slot if fewer than `limit` popups are open.
  func reserve(limit: Int) -> Bool {
    var current = open.load(ordering: .relaxed)
    while current < limit {
      let (exchanged, original) = open.compareExchange(
        expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// Gives a slot back (a popup closed, or a reservation was not used).
  func release() {
    open.subtract(1, ordering: .acquiringAndReleasing)
  }
}
