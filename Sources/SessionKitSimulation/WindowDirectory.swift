import SessionKit

/// The simulator's windows: every session in creation order, with its main frame's name (the one it was opened
/// with, or its script's `window.name`), its page-visible opener (`window.opener`) and the origin it was created
/// with, and WebKit's lookup of a frame by name, which also finds the named iframes of the pages the windows show.
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
    /// The main frame's name: the one it was opened with, or the one its page's script gave it (`window.name`).
    var name: String?
    var pageOpener: SessionID?
    /// The iframe (by key, ``FrameState/key(_:)``) of `pageOpener` whose document opened the window; `nil` for its
    /// main frame.
    var openerFrame: String?
    /// For an iframe opener, the generation of the opener's page that held it (``FrameState/generation``): when
    /// that page goes (a main-frame load, a reload, back or forward onto another document), the iframe goes with
    /// it, and the window has no opener any more (WebKit's opener is a weak reference to the frame).
    var openerGeneration: Int?
    let creationOrigin: DocumentOrigin
  }

  private var windows: [Window]
  private var index: [SessionID: Int]
  /// Windows whose page called `window.close()` and got `webViewDidClose`, which the app kept open (a root): WebKit
  /// marks the page closing (`Page::setIsClosing`, from `LocalDOMWindow::close`), and a lookup by name no longer
  /// crosses between it and other windows, either way: theirs skip it, and its own finds only its own page
  /// (`FrameTree::find`; observed in WebKitGTK 2.50.6, `closing-window-names.json`).
  private var closing: Set<SessionID> = []

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

  /// Adds a window opened by `pageOpener` (`nil`: no page-visible opener), from its iframe `openerFrame` (by key;
  /// `nil`: its main frame) while the opener's page was of generation `openerGeneration`.
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
  /// opener (`LocalDOMWindow::createWindow` calls `setOpener` for a window it found as for one it created; WebKitGTK
  /// 2.50.6 does so with `noopener` too), so the window is familiar with the requester from then on, whatever opened
  /// it. A window that opens `_self` or its own name becomes its own opener, familiar with nobody else.
  mutating func setOpener(of id: SessionID, to opener: SessionID) {
    guard let position = index[id] else { return }
    windows[position].pageOpener = opener
    windows[position].openerFrame = nil
    windows[position].openerGeneration = nil
  }

  /// The window `id`'s page called `window.close()` and WebKit told the app (``closing``).
  mutating func markClosing(_ id: SessionID) {
    closing.insert(id)
  }

  /// The page's script sets `window.name` in the window `id` (`nil` or empty: no name).
  mutating func rename(_ id: SessionID, to name: String?) {
    guard let position = index[id] else { return }
    windows[position].name = name.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The window's opener while it lasts: an iframe opener goes with the page that held it.
  private func opener(of window: Window, generation: (SessionID) -> Int?) -> SessionID? {
    guard let opener = window.pageOpener else { return nil }
    guard let openerGeneration = window.openerGeneration else { return opener }
    return generation(opener) == openerGeneration ? opener : nil
  }

  /// Whether the window `id` has an opener now (`window.opener`: not `noopener`, nor an iframe opener gone).
  func hasOpener(_ id: SessionID, generation: (SessionID) -> Int?) -> Bool {
    index[id].flatMap { opener(of: windows[$0], generation: generation) } != nil
  }

  /// The origin the session `id` was created with (its creator's document's); `nil` for an unknown session.
  func creationOrigin(of id: SessionID) -> DocumentOrigin? {
    index[id].map { windows[$0].creationOrigin }
  }

  /// A frame found by name: a window's main frame (`src` `nil`) or an iframe of its page, by key
  /// (``FrameState/key(_:)``).
  struct FoundFrame {
    /// The window whose frame it is.
    let session: Session
    /// The iframe's key; `nil` for the window's main frame.
    let src: String?
  }

  /// What a lookup by name found (``frame(named:from:requesterFrame:requesterOrigin:origin:frameOrigins:namedFrames:generation:)``).
  struct Lookup {
    /// The frame found; `nil` when none has the name or the requester may not navigate the one that has it.
    let found: FoundFrame?
    /// Whether two or more other windows familiar with the requester have the name: WebKit may find any of them.
    let isAmbiguous: Bool
  }

  /// A named iframe of the page a window shows, by key, in tree order (`FrameTree::traverseNext`: an iframe, then
  /// the iframes inside it, then its next sibling).
  typealias NamedFrame = (src: String, name: String)

  /// The frame named `name` that WebKit's lookup finds from `requester` (`FrameTree::find` in
  /// `Source/WebCore/page/FrameTree.cpp`, then `Document::canNavigate`): first in the requester's own page — the
  /// requesting iframe and the iframes inside it, then the main frame, then the page's iframes in tree order — then
  /// in each other open window familiar with the requester (in the order they were opened), its main frame, then its
  /// iframes. The first frame with the name is the answer when the requesting document (of origin `requesterOrigin`:
  /// the requester's, or the iframe's for a link in an iframe) may navigate it, and otherwise nothing is found (a
  /// familiar frame it may not navigate counts as not found, as in WebKit).
  ///
  /// When the requester's own page has no frame of that name and two or more other windows familiar with it have one,
  /// WebKit's choice is not fixed: `FrameTree::find` searches the page group's pages in a hash table's order ("FIXME:
  /// These pages are searched in random order", `Source/WebCore/page/FrameTree.cpp`). The lookup then takes the first
  /// opened and says so (``Lookup/isAmbiguous``).
  ///
  /// A document may navigate its own page's main frame, an iframe when it is same-origin with the iframe's document,
  /// an iframe that holds it, or the page (`canAccessAncestor`), and another window's main frame as `mayNavigate`
  /// describes.
  /// - Parameters:
  ///   - requesterFrame: the iframe (by key, ``FrameState/key(_:)``) the request comes from; `nil` for the main frame.
  ///   - origin: the origin of the document a session's main frame shows.
  ///   - frameOrigins: the origins of the documents in an iframe (by key) of a session, in the iframes that hold it
  ///     and in its page, nearest first.
  ///   - namedFrames: the named iframes of the page a session shows, in tree order.
  ///   - generation: the generation of the page a session shows (``FrameState/generation``).
  func frame(
    named name: String, from requester: SessionID, requesterFrame: String?, requesterOrigin: DocumentOrigin,
    origin: (SessionID) -> DocumentOrigin, frameOrigins: (SessionID, String) -> [DocumentOrigin],
    namedFrames: (SessionID) -> [NamedFrame], generation: (SessionID) -> Int?
  ) -> Lookup {
    let notFound = Lookup(found: nil, isAmbiguous: false)
    guard let requesterIndex = index[requester] else { return notFound }
    let own = windows[requesterIndex]
    let ownFrames = namedFrames(requester).filter { $0.name == name }
    // May the requesting document navigate the iframe `key` of the window `id`?
    func mayNavigateFrame(_ key: String, of id: SessionID) -> Bool {
      frameOrigins(id, key).contains { requesterOrigin.isSameOrigin(as: $0) }
    }
    if let requesterFrame,
      let frame = ownFrames.first(where: { $0.src == requesterFrame || FrameState.isInside($0.src, requesterFrame) })
    {
      // Itself, or an iframe inside it, whose ancestors include the requesting frame.
      return Lookup(found: FoundFrame(session: own.session, src: frame.src), isAmbiguous: false)
    }
    // A frame may always navigate its page's main frame (`canNavigate`: its top).
    if own.name == name { return Lookup(found: FoundFrame(session: own.session, src: nil), isAmbiguous: false) }
    if let frame = ownFrames.first {
      let navigable = mayNavigateFrame(frame.src, of: requester)
      return Lookup(found: navigable ? FoundFrame(session: own.session, src: frame.src) : nil, isAmbiguous: false)
    }
    // A closing page searches only itself (``closing``).
    guard !closing.contains(requester) else { return notFound }
    var candidates: [(window: Window, src: String?)] = []
    for window in windows where window.session.id != requester && !isGone(window.session) {
      let src: String?
      if window.name == name {
        src = nil
      } else if let frame = namedFrames(window.session.id).first(where: { $0.name == name }) {
        src = frame.src
      } else {
        continue
      }
      if isFamiliar(window, with: own, generation: generation) { candidates.append((window, src)) }
    }
    guard let (window, src) = candidates.first else { return notFound }
    let navigable: Bool
    if let src {
      navigable = mayNavigateFrame(src, of: window.session.id)
    } else {
      navigable = mayNavigate(
        window, from: own, requesterFrame: requesterFrame, requesterOrigin: requesterOrigin, origin: origin,
        frameOrigins: frameOrigins, generation: generation)
    }
    return Lookup(
      found: navigable ? FoundFrame(session: window.session, src: src) : nil, isAmbiguous: candidates.count > 1)
  }

  /// Whether other windows' lookups by name skip the window: it is closed, or its page is closing (``closing``).
  private func isGone(_ session: Session) -> Bool {
    session.isClosed || closing.contains(session.id)
  }

  /// Whether two windows are familiar (`isFrameFamiliarWith` compares the frames' tops and their openers): one
  /// opened the other, or one window opened both.
  private func isFamiliar(_ window: Window, with requester: Window, generation: (SessionID) -> Int?) -> Bool {
    let id = window.session.id
    let opener = opener(of: requester, generation: generation)
    let windowOpener = self.opener(of: window, generation: generation)
    return id == opener || windowOpener == requester.session.id || (opener != nil && windowOpener == opener)
  }

  /// Whether the requesting document may navigate another window's main frame (`Document::canNavigate`): the window
  /// is the requesting frame's opener (only a main frame has one: an iframe has none), or the requesting document
  /// is same-origin with the window, or with the frame that opened the window or one of that frame's ancestors
  /// (`canAccessAncestor`; a window opened by a link in an iframe has that iframe as its opener, so the iframe's
  /// origin, and its page's, may navigate it).
  private func mayNavigate(
    _ window: Window, from requester: Window, requesterFrame: String?, requesterOrigin: DocumentOrigin,
    origin: (SessionID) -> DocumentOrigin, frameOrigins: (SessionID, String) -> [DocumentOrigin],
    generation: (SessionID) -> Int?
  ) -> Bool {
    let id = window.session.id
    let requestersOpener = requesterFrame == nil ? opener(of: requester, generation: generation) : nil
    if id == requestersOpener || requesterOrigin.isSameOrigin(as: origin(id)) { return true }
    guard let openerSession = self.opener(of: window, generation: generation) else { return false }
    // The frame that opened the window, then its ancestors (the iframes that hold it, then its page's main frame).
    let origins = window.openerFrame.map { frameOrigins(openerSession, $0) } ?? [origin(openerSession)]
    return origins.contains { requesterOrigin.isSameOrigin(as: $0) }
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
