/// A worker's record of one tab's history, by catalog page, mirroring the engine's back-forward list so that a
/// step can aim back and forward at real entries without asking the session actor.
struct TabHistory: Sendable {
  /// A tab whose history reaches this many entries is closed and replaced by a new one (untimed), as a user
  /// closes a tab and opens another: the engine keeps every entry (WebKit keeps 100), and a long run would
  /// otherwise grow each session's list without bound.
  static let maxEntries = 32

  private(set) var pages: [Int]
  private(set) var cursor: Int

  /// A tab that has committed `start`.
  init(start: Int) {
    pages = [start]
    pages.reserveCapacity(Self.maxEntries)
    cursor = 0
  }

  /// The committed page.
  var current: Int { pages[cursor] }

  /// Whether the history is full: the tab should be replaced before its next step.
  var isFull: Bool { pages.count >= Self.maxEntries }

  /// The page `offset` entries away, if there is one.
  func page(at offset: Int) -> Int? {
    let index = cursor + offset
    return pages.indices.contains(index) ? pages[index] : nil
  }

  /// Applies a committed load.
  mutating func commit(_ page: Int, kind: StepPlan.Commit) {
    switch kind {
    case .newEntry:
      pages.removeSubrange((cursor + 1)...)
      pages.append(page)
      cursor = pages.count - 1
    case .backForward(let offset):
      cursor += offset
    case .reload:
      break
    }
  }
}
