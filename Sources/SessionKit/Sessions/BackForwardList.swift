/// A web view's back-forward list, as WebKit keeps it: committing a new load drops the forward entries;
/// back, forward and reload move within the list or stay. Like WebKit's list (capacity 100, as in its
/// `WebBackForwardList`), it keeps at most ``capacity`` entries, dropping the oldest, so a long-lived web view
/// does not grow without bound.
package struct BackForwardList: Sendable, Hashable {
  /// One history entry.
  package struct Entry: Sendable, Hashable {
    /// The main frame's URL.
    package var url: WebAddress {
      get { page.url }
      set { page = CommittedPage(url: newValue, list: .shared) }
    }
    /// The URL with its site, boxed once when it committed: the session's policy context hands out this box.
    private(set) var page: CommittedPage
    /// Whether a POST created it (reloading it is `formResubmitted`; going back or forward onto it is still
    /// `backForward`, as WebKit reports it).
    package var isPost: Bool
    /// For an entry an iframe's navigation created (the main frame's URL unchanged): the iframe's URL before
    /// and after. Going back from this entry navigates the iframe to `from`; forward onto it, to `to`.
    package var subframe: FrameChange? {
      get { subframeBox?.change }
      set { subframeBox = newValue.map(FrameChangeBox.init) }
    }

    /// Boxed: most entries have none, and two inline URLs would triple every entry's size.
    private var subframeBox: FrameChangeBox?

    /// Creates an entry (its site by the shared Public Suffix List).
    package init(url: WebAddress, isPost: Bool, subframe: FrameChange? = nil) {
      self.init(page: CommittedPage(url: url, list: .shared), isPost: isPost, subframe: subframe)
    }

    /// An entry on a page whose site the engine computed.
    init(page: CommittedPage, isPost: Bool, subframe: FrameChange? = nil) {
      self.page = page
      self.isPost = isPost
      self.subframeBox = subframe.map(FrameChangeBox.init)
    }

    /// Replaces the entry's page, keeping its method and iframe change.
    mutating func rewrite(_ page: CommittedPage) {
      self.page = page
    }

    /// Entries are equal when their URL, method and iframe change are.
    @_optimize(size)
    package static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.url == rhs.url && lhs.isPost == rhs.isPost && lhs.subframe == rhs.subframe
    }

    /// Hashes the URL, method and iframe change.
    @_optimize(size)
    package func hash(into hasher: inout Hasher) {
      hasher.combine(url)
      hasher.combine(isPost)
      hasher.combine(subframe)
    }
  }

  private final class FrameChangeBox: Sendable {
    let change: FrameChange

    init(_ change: FrameChange) {
      self.change = change
    }
  }

  /// An iframe's navigation within one main-frame page.
  package struct FrameChange: Sendable, Hashable {
    /// The iframe's URL before the navigation.
    package var from: WebAddress
    /// The iframe's URL after it.
    package var to: WebAddress

    /// Creates a change.
    package init(from: WebAddress, to: WebAddress) {
      self.from = from
      self.to = to
    }
  }

  /// The current entry's page, kept beside the entries (by ``push(_:)`` and ``go(_:)``): a decision reads it
  /// without touching the entries' storage (one cache miss fewer per decision with many sessions). First, so
  /// that it sits next to the other fields of a session's node that a decision reads.
  private(set) var currentPage: CommittedPage?
  /// Every entry, oldest first.
  package private(set) var entries: [Entry] = []
  /// The index of the current entry, `nil` when nothing was committed.
  package private(set) var currentIndex: Int?

  /// The most entries kept: WebKit's default back-forward list capacity.
  package static let capacity = 100

  /// An empty list.
  package init() {}

  /// The current entry.
  package var current: Entry? { currentIndex.map { entries[$0] } }

  /// The entry `offset` steps from the current one (−1 is back), if there is one.
  package func entry(at offset: Int) -> Entry? {
    guard let currentIndex, entries.indices.contains(currentIndex + offset) else { return nil }
    return entries[currentIndex + offset]
  }

  /// Lists are equal when their entries and current index are.
  @_optimize(size)
  package static func == (lhs: BackForwardList, rhs: BackForwardList) -> Bool {
    // A loop rather than the arrays' `==`, which compiled its own copy for `[Entry]`. It needs no shared-storage
    // shortcut (which `Array.==` and `JSONValue` take): an entry, compared by its address's text, equals itself.
    guard lhs.entries.count == rhs.entries.count, lhs.currentIndex == rhs.currentIndex else { return false }
    for index in lhs.entries.indices where lhs.entries[index] != rhs.entries[index] { return false }
    return true
  }

  /// Hashes the entries and the current index.
  @_optimize(size)
  package func hash(into hasher: inout Hasher) {
    // What `hasher.combine(entries)` does, without the standard library's copy of it for `[Entry]`.
    hasher.combine(entries.count)
    for entry in entries { entry.hash(into: &hasher) }
    hasher.combine(currentIndex)
  }

  /// Commits a new load: pushes an entry and drops the forward ones.
  package mutating func push(_ entry: Entry) {
    let keep = (currentIndex ?? -1) + 1
    entries.removeSubrange(keep...)
    entries.append(entry)
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    currentIndex = entries.count - 1
    currentPage = entry.page
  }

  /// Replaces the current entry (a popup's initial about:blank that a load replaces), or pushes `entry` when
  /// nothing was committed.
  package mutating func replaceCurrent(_ entry: Entry) {
    guard let currentIndex else { return push(entry) }
    entries[currentIndex] = entry
    currentPage = entry.page
  }

  /// Gives the entry at `index` another main-frame URL, keeping its method and iframe change: WebKit's web process
  /// wrote a same-document navigation's URL into the item it holds as current, which is not always the current
  /// entry's (the simulator knows when). Nothing changes when there is no such entry.
  mutating func rewrite(at index: Int, page: CommittedPage) {
    guard entries.indices.contains(index) else { return }
    entries[index].rewrite(page)
    if index == currentIndex { currentPage = page }
  }

  /// Moves `offset` steps; returns whether the entry exists.
  @discardableResult
  package mutating func go(_ offset: Int) -> Bool {
    guard let currentIndex, entries.indices.contains(currentIndex + offset) else { return false }
    self.currentIndex = currentIndex + offset
    currentPage = entries[currentIndex + offset].page
    return true
  }
}
