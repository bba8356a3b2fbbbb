import SessionKit

/// The simulator's windows: every session in creation order, with the name a window was opened with, its
/// page-visible opener (`window.opener`) and the origin it was created with, and WebKit's lookup of a window
/// by name.
///
/// A name finds a window only when both hold, as WebKit's `FrameLoader::findFrameForNavigation` does
/// (observed in WebKitGTK 2.50, `Conformance/WebKit/scenarios/sibling-named-link.json`):
/// - the window is familiar with the requester (`FrameTree::find`, `isFrameFamiliarWith`): the requester
///   itself, its opener, the windows it opened, and the other windows its opener opened. A window opened with
///   `noopener`, or by a `_blank` link or form, has no page-visible opener, so it is familiar only with itself
///   and the windows it opens;
/// - the requesting document may navigate it (`Document::canNavigate`): the window is the requester itself or
///   its opener, or the requesting document is same-origin with the window or with the window's opener.
///
/// A window's origin is its committed document's; a window showing about:blank (or nothing yet) has the origin
/// its creator had when it was created.
struct WindowDirectory {
  private struct Window {
    let session: Session
    let name: String?
    let pageOpener: SessionID?
    let creationOrigin: Origin
  }

  private var windows: [Window]
  private var index: [SessionID: Int]

  init(root: Session) {
    windows = [Window(session: root, name: nil, pageOpener: nil, creationOrigin: .opaque)]
    index = [root.id: 0]
  }

  subscript(id: SessionID) -> Session? {
    index[id].map { windows[$0].session }
  }

  /// The open sessions in creation order.
  var open: [Session] {
    windows.lazy.map(\.session).filter { !$0.isClosed }
  }

  mutating func add(_ session: Session, name: String?, pageOpener: SessionID?, creationOrigin: Origin) {
    index[session.id] = windows.count
    windows.append(Window(session: session, name: name, pageOpener: pageOpener, creationOrigin: creationOrigin))
  }

  /// The origin of the document the session `id` shows: its committed page's, or for about:blank (or nothing
  /// committed) the origin its creator had when it was created.
  func origin(of id: SessionID) -> Origin {
    guard let window = index[id].map({ windows[$0] }) else { return .opaque }
    if let url = window.session.committedURL, !url.isAboutBlankOrSrcdoc { return url.origin }
    return window.creationOrigin
  }

  /// The window named `name` that WebKit's lookup finds from `requester`: the requester itself if it has the
  /// name, else the first-opened open window with the name that is familiar with it, provided the requesting
  /// document (of origin `requesterOrigin`: the requester's, or the iframe's for a link in an iframe) may navigate
  /// it; `nil` otherwise (a familiar window it may not navigate counts as not found, as in WebKit).
  func window(named name: String, from requester: SessionID, requesterOrigin: Origin) -> Session? {
    guard let requesterIndex = index[requester] else { return nil }
    if windows[requesterIndex].name == name { return windows[requesterIndex].session }
    let opener = windows[requesterIndex].pageOpener
    for window in windows where window.name == name && !window.session.isClosed {
      let id = window.session.id
      let familiar =
        id == opener || window.pageOpener == requester || (opener != nil && window.pageOpener == opener)
      guard familiar else { continue }
      let navigable =
        id == opener || requesterOrigin.isSameOrigin(as: origin(of: id))
        || window.pageOpener.map { requesterOrigin.isSameOrigin(as: origin(of: $0)) } == true
      return navigable ? window.session : nil
    }
    return nil
  }
}
