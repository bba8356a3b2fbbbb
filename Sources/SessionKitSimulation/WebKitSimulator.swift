import SessionKit

// Over 300 lines on purpose: this file is WebKit's callback table, one method per kind of event, and reads
// best whole; the window-name lookup lives apart in WindowDirectory.swift.

/// Stands in for WebKit: turns page-level events into exactly the delegate callback sequences WebKit makes
/// (checked against a real WebKit engine) and answers them through the same public engine API a WebKit adapter
/// uses (`decide`, `admitPopup`, `didCommit`, `windowDidClose`, `dismiss`).
///
/// It models one iframe level (a link's `frame`) and the joint session history of frames, window names as
/// WebKit looks them up (only in windows familiar with the requester, see `WindowDirectory`), the popup gate
/// (`javaScriptCanOpenWindowsAutomatically`), and which popups' first loads carry a user gesture.
public actor WebKitSimulator {
  /// The engine that answers the callbacks.
  public nonisolated let engine: SessionEngine
  /// The modelled web view configuration.
  public nonisolated let settings: SimulatorSettings
  /// The main web view's session.
  public nonisolated let root: Session

  private var windows: WindowDirectory

  /// Creates a simulator with one main web view at `about:blank`, whose root session has the engine's next
  /// default id (`SessionEngine.makeRootSession()`: `main` for an engine's first root).
  public init(engine: SessionEngine, settings: SimulatorSettings = SimulatorSettings()) {
    self.init(engine: engine, settings: settings, root: engine.makeRootSession())
  }

  /// Creates a simulator with one main web view at `about:blank`, whose root session has the id `rootID`.
  /// - Throws: `SessionEngineError` when an open root of `engine` has the id `rootID`.
  public init(
    engine: SessionEngine, settings: SimulatorSettings = SimulatorSettings(), rootID: SessionID
  ) throws(SessionEngineError) {
    self.init(engine: engine, settings: settings, root: try engine.makeRootSession(id: rootID))
  }

  private init(engine: SessionEngine, settings: SimulatorSettings, root: Session) {
    self.engine = engine
    self.settings = settings
    self.root = root
    self.windows = WindowDirectory(root: root)
  }

  /// The open session with this id.
  /// - Throws: ``SimulationError`` when no session has the id or it is closed.
  public func session(_ id: SessionID) throws(SimulationError) -> Session {
    guard let session = windows[id] else { throw SimulationError(code: .unknownSession, session: id) }
    guard !session.isClosed else { throw SimulationError(code: .closedSession, session: id) }
    return session
  }

  /// Every open session in creation order, with its committed URL (`about:blank` when none) and history length.
  public func openSessions() -> [(id: SessionID, url: String, history: Int)] {
    windows.open.map { ($0.id, $0.committedURL?.serialized ?? "about:blank", $0.historyLength) }
  }

  /// Performs one page event in the session `id` and reports its net effect and the callbacks made.
  /// - Throws: ``SimulationError`` when the session does not exist or is closed.
  public func perform(_ event: PageEvent, in id: SessionID = "main") async throws(SimulationError) -> StepResult {
    let session = try session(id)
    var step = Step()
    let outcome: StepOutcome
    switch event {
    case .load(let url), .assign(let url):
      step.url = url
      outcome = await navigate(session, url: url, type: .other, target: .main, gesture: false, step: &step)
    case .click(let url, let target, let frame):
      step.url = url
      outcome = await follow(
        url, target: target, frame: frame, type: .linkActivated, method: .get, in: session, step: &step)
    case .submit(let url, let target, let method, let frame):
      step.url = url
      outcome = await follow(
        url, target: target, frame: frame, type: .formSubmitted, method: method, in: session, step: &step)
    case .open(let url, let target, let gesture, let noopener):
      step.url = url
      outcome = await open(url, target: target, gesture: gesture, noopener: noopener, in: session, step: &step)
    case .back:
      outcome = await traverse(-1, in: session, step: &step)
    case .forward:
      outcome = await traverse(1, in: session, step: &step)
    case .reload:
      outcome = await traverse(0, in: session, step: &step)
    case .close:
      outcome = windowClose(session, step: &step)
    case .dismiss:
      let closed = session.dismiss()
      outcome = closed.isEmpty ? .ignored : .closed(closed)
    case .wait:
      outcome = .waited(closed: engine.closeExpiredPopups())
    }
    return StepResult(
      event: event.name, session: id, url: step.url.map(Self.normalised), outcome: outcome, rule: step.rule,
      trace: step.trace, callbacks: step.callbacks)
  }

  // MARK: - Events

  /// A link click or form submission: `_self` (the link's frame), `_top`, `_parent`, `_blank`, or a name.
  private func follow(
    _ url: String, target: String, frame: String?, type: NavigationType, method: FormMethod, in session: Session,
    step: inout Step
  ) async -> StepOutcome {
    let linkFrame: Frame = frame.map { .sub($0) } ?? .main
    switch target.lowercased() {
    case "", "_self":
      return await navigate(
        session, url: url, type: type, target: linkFrame, source: linkFrame, gesture: true, method: method,
        step: &step)
    case "_top", "_parent":
      // One iframe level: both name the main frame (a top-level frame is its own parent).
      return await navigate(
        session, url: url, type: type, target: .main, source: linkFrame, gesture: true, method: method,
        step: &step)
    case "_blank":
      return await newWindowFromLink(
        url, name: nil, type: type, frame: linkFrame, method: method, in: session, step: &step)
    default:
      if let named = windows.window(named: target, from: session.id) {
        return await navigate(
          named, url: url, type: type, target: .main, source: linkFrame, sourceSession: session, gesture: true,
          method: method, step: &step)
      }
      return await newWindowFromLink(
        url, name: target, type: type, frame: linkFrame, method: method, in: session, step: &step)
    }
  }

  /// `window.open(url, target)`.
  private func open(
    _ url: String?, target: String, gesture: Bool, noopener: Bool, in session: Session, step: inout Step
  ) async -> StepOutcome {
    let url = url.flatMap { $0.isEmpty ? nil : $0 }
    switch target.lowercased() {
    case "_self", "_top", "_parent":
      guard let url else { return .ignored }
      return await navigate(session, url: url, type: .other, target: .main, gesture: gesture, step: &step)
    default:
      let name = target.lowercased() == "_blank" || target.isEmpty ? nil : target
      // `noopener` skips the lookup of an existing window by name.
      if let name, !noopener, let named = windows.window(named: name, from: session.id) {
        guard let url else { return .ignored }
        return await navigate(
          named, url: url, type: .other, target: .main, source: .main, sourceSession: session, gesture: gesture,
          step: &step)
      }
      // WebKit's popup gate comes before any delegate call.
      guard gesture || settings.javaScriptCanOpenWindowsAutomatically else {
        return .blocked(reason: .noUserGesture)
      }
      // Only a plain `window.open` with a gesture passes it on to the popup's first load.
      let opening = Opening(name: name, keepsOpener: !noopener, firstLoadGesture: gesture && !noopener)
      return await newWindow(
        url, opening: opening, type: .other, source: .main, gesture: gesture, method: .get, in: session, step: &step)
    }
  }

  /// A `_blank` (or unknown name) link or form: the opener's decidePolicyFor with a nil target, then, only if
  /// allowed, createWebViewWith. The popup's first load carries no gesture; a `_blank` target also cuts the
  /// page-visible opener (WebKit applies `noopener` to it), a named one keeps it.
  private func newWindowFromLink(
    _ url: String, name: String?, type: NavigationType, frame: Frame, method: FormMethod, in session: Session,
    step: inout Step
  ) async -> StepOutcome {
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: nil, source: frame, sourceSession: session, gesture: true,
      method: method, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step, method: method) }
    let opening = Opening(name: name, keepsOpener: name != nil, firstLoadGesture: false)
    return await newWindow(
      url, opening: opening, type: type, source: frame, gesture: true, method: method, in: session, step: &step)
  }

  /// createWebViewWith, then the new web view's first load (its own decidePolicyFor(other)); `window.open()`
  /// with no URL has no first load and stays at `about:blank` with an empty history.
  private func newWindow(
    _ url: String?, opening: Opening, type: NavigationType, source: Frame, gesture: Bool, method: FormMethod,
    in session: Session, step: inout Step
  ) async -> StepOutcome {
    let action = NavigationAction(
      requestURL: url ?? "", httpMethod: method == .post ? "POST" : "GET",
      sourceFrame: frameInfo(source, of: session), targetFrame: nil, navigationType: type, isUserGesture: gesture)
    let admission = session.admitPopup(for: action)
    step.record(admission.trace)
    step.callbacks.append(
      CallbackRecord(
        callback: .createWebViewWith, session: session.id, navigationType: type, targetFrame: "none",
        answer: admission.child?.id.rawValue ?? "nil"))
    guard let child = admission.child, let presentation = admission.presentation else {
      return await applyRefusal(admission.outcome, step: &step)
    }
    windows.add(child, name: opening.name, pageOpener: opening.keepsOpener ? session.id : nil)
    guard let url else { return .popup(child: child.id, presentation: presentation) }
    let firstLoad = await decidePolicy(
      in: child, url: url, type: .other, target: .main, source: .main, sourceSession: child,
      gesture: opening.firstLoadGesture, method: method, step: &step)
    guard firstLoad.policy == .allow else { return await applyRefusal(firstLoad, step: &step, method: method) }
    // A POST form aimed at a new window submits its POST there: reloading that entry is formResubmitted.
    try? await child.didCommit(url, kind: .newEntry(isPost: method == .post))
    return .popup(child: child.id, presentation: child.presentation ?? presentation)
  }

  /// A navigation of an existing frame: decidePolicyFor, then commit when allowed. An iframe's navigation adds
  /// an entry to the joint session history without changing the session's URL.
  private func navigate(
    _ session: Session, url: String, type: NavigationType, target: Frame, source: Frame = .main,
    sourceSession: Session? = nil, gesture: Bool, method: FormMethod = .get, step: inout Step
  ) async -> StepOutcome {
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: target, source: source, sourceSession: sourceSession ?? session,
      gesture: gesture, method: method, step: &step)
    switch decision.policy {
    case .allow:
      switch target {
      case .main:
        try? await session.didCommit(url, kind: .newEntry(isPost: method == .post))
        return .navigated(session: session.id, frame: .main)
      case .sub(let frameURL):
        try? await session.didCommit(url, kind: .subframe(previousFrameURL: frameURL))
        return .navigated(session: session.id, frame: .sub)
      }
    case .download: return .download
    case .cancel: return await applyRefusal(decision, step: &step)
    }
  }

  /// What a decision other than an allowed navigation amounts to, with the sessions it closed.
  private func applyRefusal(_ decision: NavigationDecision, step: inout Step, method: FormMethod = .get) async
    -> StepOutcome
  {
    await applyRefusal(decision.outcome, closed: decision.closedSessions, step: &step, method: method)
  }

  /// What an answer other than a popup or an allowed navigation amounts to: opened outside, loaded elsewhere
  /// by the engine, a popup finished, downloaded or blocked.
  private func applyRefusal(
    _ outcome: NavigationOutcome, closed: [SessionID] = [], step: inout Step, method: FormMethod = .get
  ) async -> StepOutcome {
    switch outcome {
    case .openExternally(_, let via): return .external(via: via, closed: closed)
    case .finished(let url, .opener, let opener?):
      // The app loads the URL in the opener, which the engine allows without judging it again.
      _ = await engineLoad(url, in: opener, step: &step)
      return .finished(via: .opener, closed: closed, session: opener)
    case .finished(_, let via, _): return .finished(via: via, closed: closed, session: nil)
    case .loadInstead(let url, let target): return await engineLoad(url, in: target, method: method, step: &step)
    case .download: return .download
    case .blocked(let reason): return .blocked(reason: reason)
    case .allow, .popup, .provisionalPopup: return .blocked(reason: .dropped)
    }
  }

  /// A load the engine asked for (`sameView`): the app calls `load(_:)` on that web view.
  private func engineLoad(_ url: String, in id: SessionID, method: FormMethod = .get, step: inout Step) async
    -> StepOutcome
  {
    guard let session = windows[id], !session.isClosed else { return .blocked(reason: .sessionClosed) }
    return await navigate(session, url: url, type: .other, target: .main, gesture: false, method: method, step: &step)
  }

  /// Back (−1), forward (+1) or reload (0): `backForward` onto another entry (a POST one included), `reload`
  /// or, for a POST entry, `formResubmitted`. Between two entries of one page that an iframe's navigation
  /// separates, the iframe navigates (target the subframe) and the session's URL stays. Nothing to go to is
  /// ignored.
  private func traverse(_ offset: Int, in session: Session, step: inout Step) async -> StepOutcome {
    let history = session.backForwardList
    guard let current = history.current, let entry = history.entry(at: offset) else { return .ignored }
    let page = entry.url.serialized
    let frameChange = offset < 0 ? current.subframe.map(\.from) : offset > 0 ? entry.subframe.map(\.to) : nil
    if let frameURL = frameChange.map(\.serialized), entry.url == current.url {
      step.url = frameURL
      let decision = await decidePolicy(
        in: session, url: frameURL, type: .backForward, target: .sub(frameURL), source: .main,
        sourceSession: session, gesture: false, step: &step)
      guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
      try? await session.didCommit(page, kind: .backForward(offset: offset))
      return .navigated(session: session.id, frame: .sub)
    }
    step.url = page
    let type: NavigationType = offset != 0 ? .backForward : entry.isPost ? .formResubmitted : .reload
    let decision = await decidePolicy(
      in: session, url: page, type: type, target: .main, source: .main, sourceSession: session, gesture: false,
      method: entry.isPost ? .post : .get, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    try? await session.didCommit(page, kind: offset == 0 ? .reload : .backForward(offset: offset))
    return .navigated(session: session.id, frame: .main)
  }

  /// `window.close()`: WebKit calls `webViewDidClose` only for a window opened by script or whose history has
  /// one entry; the engine never closes a root.
  private func windowClose(_ session: Session, step: inout Step) -> StepOutcome {
    guard session.isOpenedByScript || session.historyLength <= 1 else { return .ignored }
    step.callbacks.append(CallbackRecord(callback: .webViewDidClose, session: session.id))
    let closed = session.windowDidClose()
    return closed.isEmpty ? .ignored : .closed(closed)
  }

  // MARK: - Callbacks

  private func decidePolicy(
    in session: Session, url: String, type: NavigationType, target: Frame?, source: Frame, sourceSession: Session,
    gesture: Bool, method: FormMethod = .get, step: inout Step
  ) async -> NavigationDecision {
    let action = NavigationAction(
      requestURL: url, httpMethod: method == .post ? "POST" : "GET", sourceFrame: frameInfo(source, of: sourceSession),
      targetFrame: target.map { frameInfo($0, of: session) }, navigationType: type, isUserGesture: gesture)
    let decision = await session.decide(action)
    step.record(decision.trace)
    step.callbacks.append(
      CallbackRecord(
        callback: .decidePolicyFor, session: session.id, navigationType: type,
        targetFrame: target.map(\.name) ?? "none", answer: decision.policy.description))
    return decision
  }

  private func frameInfo(_ frame: Frame, of session: Session) -> FrameInfo {
    switch frame {
    case .main: FrameInfo(isMainFrame: true, url: session.committedURL?.serialized ?? "about:blank")
    case .sub(let url): FrameInfo(isMainFrame: false, url: url)
    }
  }

  static func normalised(_ url: String) -> String {
    (try? WebAddress(url))?.serialized ?? url
  }

  /// How a new window is opened: its name, whether the page sees its opener, and whether its first load
  /// carries the opener's gesture.
  private struct Opening {
    let name: String?
    let keepsOpener: Bool
    let firstLoadGesture: Bool
  }

  private enum Frame {
    case main
    case sub(String)

    var name: String {
      switch self {
      case .main: "main"
      case .sub: "sub"
      }
    }
  }

  /// What one event has done so far.
  private struct Step {
    var url: String?
    var callbacks: [CallbackRecord] = []
    var trace: PolicyDecision.Trace?

    /// Keeps the latest trace that a policy rule or the default produced (not a limit or an interruption).
    mutating func record(_ trace: PolicyDecision.Trace) {
      if trace.source.isPolicy { self.trace = trace }
    }

    var rule: String? { trace?.rule }
  }
}
