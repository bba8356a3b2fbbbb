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
/// - the requesting document may navigate it (`Document::canNavigate` in `Source/WebCore/dom/Document.cpp`): the
///   window is the requester itself, or the requesting frame's opener (only a main frame has one: an iframe has
///   none), or the requesting document is same-origin with the window, or with the frame that opened the window or
///   one of that frame's ancestors (`canAccessAncestor`). A window opened by a link in an iframe has that iframe as
///   its opener, so the iframe's origin, and its page's, may navigate it.
///
/// A window's origin is its committed document's; a window showing about:blank (or nothing yet) has the origin
/// its creator had when it was created (the simulator's `origin(of:)`), or, when it was opened without an opener,
/// an opaque origin of its own.
struct WindowDirectory {
  private struct Window {
    let session: Session
    let name: String?
    var pageOpener: SessionID?
    /// The iframe (by `src`) of `pageOpener` whose document opened the window; `nil` for its main frame.
    var openerFrame: String?
    /// For an iframe opener, the generation of the opener's page that held it (``FrameState/generation``): when
    /// that page goes (a main-frame load, a reload, back or forward onto another document), the iframe goes with
    /// it, and the window has no opener any more (WebKit's opener is a weak reference to the frame).
    var openerGeneration: Int?
    let creationOrigin: DocumentOrigin
  }

  private var windows: [Window]
  private var index: [SessionID: Int]

  init(root: Session) {
    // A root that committed nothing shows an initial about:blank whose origin is opaque, and its own.
    windows = [
      Window(
        session: root, name: nil, pageOpener: nil, openerFrame: nil, openerGeneration: nil,
        creationOrigin: .opaque(DocumentOrigin.rootDocument))
    ]
    index = [root.id: 0]
  }

  subscript(id: SessionID) -> Session? {
    index[id].map { windows[$0].session }
  }

  /// The open sessions in creation order.
  var open: [Session] {
    windows.lazy.map(\.session).filter { !$0.isClosed }
  }

  /// Adds a window opened by `pageOpener` (`nil`: no page-visible opener), from its iframe `openerFrame` (`nil`: its
  /// main frame) while the opener's page was of generation `openerGeneration`.
  mutating func add(
    _ session: Session, name: String?, pageOpener: SessionID?, openerFrame: String?, openerGeneration: Int?,
    creationOrigin: DocumentOrigin
  ) {
    index[session.id] = windows.count
    windows.append(
      Window(
        session: session, name: name, pageOpener: pageOpener, openerFrame: openerFrame,
        openerGeneration: openerFrame == nil ? nil : openerGeneration, creationOrigin: creationOrigin))
  }

  /// `window.open(url, name)` found the window `id` from the main frame of `opener`: WebKit makes that frame its
  /// opener (`LocalDOMWindow::createWindow` calls `setOpener` for a window it found as for one it created, unless
  /// `noopener`), so the window is familiar with the requester from then on, whatever opened it. A window that
  /// opens `_self` becomes its own opener, familiar with nobody else.
  mutating func setOpener(of id: SessionID, to opener: SessionID) {
    guard let position = index[id] else { return }
    windows[position].pageOpener = opener
    windows[position].openerFrame = nil
    windows[position].openerGeneration = nil
  }

  /// The window's opener while it lasts: an iframe opener goes with the page that held it.
  private func opener(of window: Window, generation: (SessionID) -> Int?) -> SessionID? {
    guard let opener = window.pageOpener else { return nil }
    guard let openerGeneration = window.openerGeneration else { return opener }
    return generation(opener) == openerGeneration ? opener : nil
  }

  /// The origin the session `id` was created with (its creator's document's); `nil` for an unknown session.
  func creationOrigin(of id: SessionID) -> DocumentOrigin? {
    index[id].map { windows[$0].creationOrigin }
  }

  /// The window named `name` that WebKit's lookup finds from `requester`: the requester itself if it has the
  /// name, else the first-opened open window with the name that is familiar with it, provided the requesting
  /// document (of origin `requesterOrigin`: the requester's, or the iframe's for a link in an iframe) may navigate
  /// it; `nil` otherwise (a familiar window it may not navigate counts as not found, as in WebKit).
  /// - Parameters:
  ///   - requesterFrame: the iframe (by `src`) the request comes from; `nil` for the main frame.
  ///   - origin: the origin of the document a session's main frame shows.
  ///   - frameOrigin: the origin of the document an iframe (by `src`) of a session shows.
  ///   - generation: the generation of the page a session shows (``FrameState/generation``).
  func window(
    named name: String, from requester: SessionID, requesterFrame: String?, requesterOrigin: DocumentOrigin,
    origin: (SessionID) -> DocumentOrigin, frameOrigin: (SessionID, String) -> DocumentOrigin,
    generation: (SessionID) -> Int?
  ) -> Session? {
    guard let requesterIndex = index[requester] else { return nil }
    if windows[requesterIndex].name == name { return windows[requesterIndex].session }
    // Familiarity is the top-level windows' (`isFrameFamiliarWith` compares the frames' tops and their openers).
    let opener = opener(of: windows[requesterIndex], generation: generation)
    // "Its opener" is the requesting frame's: an iframe has none.
    let requestersOpener = requesterFrame == nil ? opener : nil
    for window in windows where window.name == name && !window.session.isClosed {
      let id = window.session.id
      let windowOpener = self.opener(of: window, generation: generation)
      let familiar = id == opener || windowOpener == requester || (opener != nil && windowOpener == opener)
      guard familiar else { continue }
      let navigable =
        id == requestersOpener || requesterOrigin.isSameOrigin(as: origin(id))
        || windowOpener.map { openerSession in
          // The frame that opened the window, then its ancestors (an iframe's is its page's main frame).
          let openerFrameOrigin = window.openerFrame.map { frameOrigin(openerSession, $0) }
          return openerFrameOrigin.map { requesterOrigin.isSameOrigin(as: $0) } == true
            || requesterOrigin.isSameOrigin(as: origin(openerSession))
        } == true
      return navigable ? window.session : nil
    }
    return nil
  }
}

/// An origin as a document holds it (WebKit's `SecurityOrigin`): a scheme-host-port tuple, or an opaque origin,
/// which is same-origin with itself and nothing else — the document that made it, and the about:blank documents
/// that inherited it from their creator (`SecurityOrigin::isSameOriginAs` compares opaque origins by identity).
/// `Origin.isSameOrigin` of SessionKit, which judges URLs, treats every opaque origin as unique.
enum DocumentOrigin: Hashable {
  case tuple(Origin)
  /// An opaque origin, identified by the document that made it.
  case opaque(Int)
  /// An opaque origin the simulator does not follow (an iframe's document): same-origin with nothing.
  case unshared
  /// The origin of a page at a scheme the app serves (`scheme://host:port`): WebKit gives such a URL a tuple
  /// origin, not the opaque one the URL standard gives a non-special scheme (`shouldTreatAsOpaqueOrigin` in
  /// `Source/WebCore/page/SecurityOrigin.cpp`: `LegacySchemeRegistry::schemeIsHandledBySchemeHandler`).
  case served(String)

  /// The identity of a root's initial about:blank document (documents the simulator commits count from 1).
  static let rootDocument = 0

  /// The origin of a document at `address`, made by the document numbered `document` (`nil`: one the simulator
  /// does not follow).
  init(_ address: WebAddress, document: Int?, served: Set<String> = []) {
    let origin = address.origin
    if !origin.isOpaque {
      self = .tuple(origin)
    } else if served.contains(address.scheme), let host = address.host?.serialized, !host.isEmpty {
      self = .served("\(address.scheme)://\(host)\(address.port.map { ":\($0)" } ?? "")")
    } else {
      self = document.map { .opaque($0) } ?? .unshared
    }
  }

  /// Whether two documents are same-origin: equal tuples, or one opaque origin.
  func isSameOrigin(as other: DocumentOrigin) -> Bool {
    switch (self, other) {
    case (.tuple(let a), .tuple(let b)): a.isSameOrigin(as: b)
    case (.opaque(let a), .opaque(let b)): a == b
    case (.served(let a), .served(let b)): a == b
    case (.tuple, _), (.opaque, _), (.unshared, _), (.served, _): false
    }
  }
}
