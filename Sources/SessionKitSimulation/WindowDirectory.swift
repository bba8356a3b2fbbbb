import SessionKit

/// The simulator's windows: every session in creation order, with the name a window was opened with and its
/// page-visible opener (`window.opener`), and WebKit's lookup of a window by name.
///
/// A name is found only in windows familiar with the requester, as WebKit's frame-name lookup
/// (`FrameTree::find`, `isFrameFamiliarWith`) defines it: the requester itself, its opener, the windows it
/// opened, and the other windows its opener opened. A window opened with `noopener`, or by a `_blank` link or
/// form, has no page-visible opener, so it is familiar only with itself and the windows it opens.
struct WindowDirectory {
  private struct Window {
    let session: Session
    let name: String?
    let pageOpener: SessionID?
  }

  private var windows: [Window]
  private var index: [SessionID: Int]

  init(root: Session) {
    windows = [Window(session: root, name: nil, pageOpener: nil)]
    index = [root.id: 0]
  }

  subscript(id: SessionID) -> Session? {
    index[id].map { windows[$0].session }
  }

  /// The open sessions in creation order.
  var open: [Session] {
    windows.lazy.map(\.session).filter { !$0.isClosed }
  }

  mutating func add(_ session: Session, name: String?, pageOpener: SessionID?) {
    index[session.id] = windows.count
    windows.append(Window(session: session, name: name, pageOpener: pageOpener))
  }

  /// The first-opened open window named `name` that is familiar with `requester`.
  func window(named name: String, from requester: SessionID) -> Session? {
    let opener = index[requester].flatMap { windows[$0].pageOpener }
    for window in windows where window.name == name && !window.session.isClosed {
      let id = window.session.id
      let familiar =
        id == requester || id == opener || window.pageOpener == requester
        || (opener != nil && window.pageOpener == opener)
      if familiar { return window.session }
    }
    return nil
  }
}
