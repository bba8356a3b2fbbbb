/// Stands in for WebKit: turns page-level events into exactly the delegate callback sequences of DESIGN §2 and
/// answers them through the same public engine API a WebKit adapter uses (`decide`, `admitPopup`,
/// `didCommit`, `windowDidClose`, `dismiss`).
///
/// It models one iframe level (a link's `frame`), window names (a lookup finds the first open window with the
/// name), the popup gate (`javaScriptCanOpenWindowsAutomatically`), and each web view's back-forward list
/// (kept by its session).
public actor WebKitSimulator {
  /// The engine that answers the callbacks.
  public nonisolated let engine: SessionEngine
  /// The modelled web view configuration.
  public nonisolated let settings: SimulatorSettings
  /// The main web view's session.
  public nonisolated let root: Session

  private var sessions: [SessionID: Session] = [:]
  private var order: [SessionID] = []
  private var names: [(name: String, session: SessionID)] = []

  /// Creates a simulator with one main web view at `about:blank`.
  public init(engine: SessionEngine, settings: SimulatorSettings = SimulatorSettings(), rootID: SessionID = "main") {
    self.engine = engine
    self.settings = settings
    self.root = engine.makeRootSession(id: rootID)
    sessions[rootID] = root
    order = [rootID]
  }

  /// The open session with this id.
  /// - Throws: ``SimulationError`` when no session has the id or it is closed.
  public func session(_ id: SessionID) throws(SimulationError) -> Session {
    guard let session = sessions[id] else { throw SimulationError(code: .unknownSession, session: id) }
    guard !session.isClosed else { throw SimulationError(code: .closedSession, session: id) }
    return session
  }

  /// Every open session in creation order, with its committed URL (`about:blank` when none) and history length.
  public func openSessions() -> [(id: SessionID, url: String, history: Int)] {
    order.compactMap { id in
      guard let session = sessions[id], !session.isClosed else { return nil }
      return (id, session.committedURL?.serialized ?? "about:blank", session.historyLength)
    }
  }

  /// Performs one page event in the session `id` and reports its net effect and the callbacks made.
  /// - Throws: ``SimulationError`` when the session does not exist or is closed.
  public func perform(_ event: PageEvent, in id: SessionID = "main") async throws(SimulationError) -> StepResult {
    let session = try session(id)
    var step = Step(session: session)
    let outcome: StepOutcome
    switch event {
    case .load(let url):
      step.url = url
      outcome = await navigate(session, url: url, type: .other, target: .main, gesture: false, step: &step)
    case .assign(let url):
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
      if let named = window(named: target) {
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
    let hasURL = !(url ?? "").isEmpty
    switch target.lowercased() {
    case "_self", "_top", "_parent":
      guard let url, hasURL else { return .ignored }
      return await navigate(session, url: url, type: .other, target: .main, gesture: gesture, step: &step)
    default:
      let name = target.lowercased() == "_blank" || target.isEmpty ? nil : target
      if let name, !noopener, let named = window(named: name) {
        guard let url, hasURL else { return .ignored }
        return await navigate(
          named, url: url, type: .other, target: .main, source: .main, sourceSession: session, gesture: gesture,
          step: &step)
      }
      // WebKit's popup gate comes before any delegate call.
      guard gesture || settings.javaScriptCanOpenWindowsAutomatically else {
        return .blocked(reason: .noUserGesture)
      }
      return await newWindow(
        hasURL ? url : nil, name: name, type: .other, source: .main, gesture: gesture, method: .get, in: session,
        step: &step)
    }
  }

  /// A `_blank` (or unknown name) link: the opener's decidePolicyFor with a nil target, then, only if allowed,
  /// createWebViewWith.
  private func newWindowFromLink(
    _ url: String, name: String?, type: NavigationType, frame: Frame, method: FormMethod, in session: Session,
    step: inout Step
  ) async -> StepOutcome {
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: nil, source: frame, sourceSession: session, gesture: true,
      method: method, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step, method: method) }
    return await newWindow(
      url, name: name, type: type, source: frame, gesture: true, method: method, in: session, step: &step)
  }

  /// createWebViewWith, then the new web view's first load (its own decidePolicyFor(other)).
  private func newWindow(
    _ url: String?, name: String?, type: NavigationType, source: Frame, gesture: Bool, method: FormMethod,
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
    guard let child = admission.child else {
      switch admission.effect {
      case .openExternally(_, let via): return .external(via: via)
      case .load(let url, let target): return await engineLoad(url, in: target, step: &step)
      case .none: return .blocked(reason: admission.refusal ?? .dropped)
      }
    }
    sessions[child.id] = child
    order.append(child.id)
    if let name { names.append((name, child.id)) }
    guard let url, url != "about:blank" else {
      return .popup(child: child.id, presentation: admission.presentation ?? .overlay)
    }
    let firstLoad = await decidePolicy(
      in: child, url: url, type: .other, target: .main, source: .main, sourceSession: child, gesture: gesture,
      method: method, step: &step)
    guard firstLoad.policy == .allow else { return await applyRefusal(firstLoad, step: &step, method: method) }
    // A POST form aimed at a new window submits its POST there: reloading that entry is formResubmitted.
    try? await child.didCommit(url, kind: .newEntry(isPost: method == .post))
    return .popup(child: child.id, presentation: child.presentation ?? admission.presentation ?? .overlay)
  }

  /// A navigation of an existing frame: decidePolicyFor, then commit when allowed.
  private func navigate(
    _ session: Session, url: String, type: NavigationType, target: Frame, source: Frame = .main,
    sourceSession: Session? = nil, gesture: Bool, method: FormMethod = .get, step: inout Step
  ) async -> StepOutcome {
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: target, source: source, sourceSession: sourceSession ?? session,
      gesture: gesture, method: method, step: &step)
    switch decision.policy {
    case .allow:
      guard case .main = target else { return .navigated(session: session.id, frame: .sub) }
      try? await session.didCommit(url, kind: .newEntry(isPost: method == .post))
      return .navigated(session: session.id, frame: .main)
    case .download: return .download
    case .cancel: return await applyRefusal(decision, step: &step)
    }
  }

  /// What a `cancel` answer amounts to: opened outside, loaded elsewhere by the engine, or blocked.
  private func applyRefusal(_ decision: NavigationDecision, step: inout Step, method: FormMethod = .get) async
    -> StepOutcome
  {
    switch decision.effect {
    case .openExternally(_, let via): return .external(via: via)
    case .load(let url, let target): return await engineLoad(url, in: target, method: method, step: &step)
    case .none:
      if decision.policy == .download { return .download }
      return .blocked(reason: decision.blockedReason ?? .policy)
    }
  }

  /// A load the engine asked for (`sameView`): the app calls `load(_:)` on that web view.
  private func engineLoad(_ url: String, in id: SessionID, method: FormMethod = .get, step: inout Step) async
    -> StepOutcome
  {
    guard let session = sessions[id], !session.isClosed else { return .blocked(reason: .sessionClosed) }
    return await navigate(session, url: url, type: .other, target: .main, gesture: false, method: method, step: &step)
  }

  /// Back (−1), forward (+1) or reload (0) onto an entry of the back-forward list: `backForward` or `reload`,
  /// `formResubmitted` when a POST created the entry. Nothing to go to is ignored.
  private func traverse(_ offset: Int, in session: Session, step: inout Step) async -> StepOutcome {
    guard let entry = await session.backForwardList.entry(at: offset) else { return .ignored }
    let url = entry.url.serialized
    step.url = url
    let type: NavigationType = entry.isPost ? .formResubmitted : offset == 0 ? .reload : .backForward
    let decision = await decidePolicy(
      in: session, url: url, type: type, target: .main, source: .main, sourceSession: session, gesture: false,
      method: entry.isPost ? .post : .get, step: &step)
    guard decision.policy == .allow else { return await applyRefusal(decision, step: &step) }
    try? await session.didCommit(url, kind: offset == 0 ? .reload : .backForward(offset: offset))
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

  /// The first open window carrying `name`.
  private func window(named name: String) -> Session? {
    for entry in names where entry.name == name {
      if let session = sessions[entry.session], !session.isClosed { return session }
    }
    return nil
  }

  static func normalised(_ url: String) -> String {
    (try? WebAddress(url))?.serialized ?? url
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
    let session: Session
    var url: String?
    var callbacks: [CallbackRecord] = []
    var trace: PolicyDecision.Trace?

    init(session: Session) {
      self.session = session
    }

    /// Keeps the latest trace that a policy rule or the default produced (not a limit or an interruption).
    mutating func record(_ trace: PolicyDecision.Trace) {
      if trace.ruleIndex != nil || trace.rule == "default" { self.trace = trace }
    }

    var rule: String? { trace?.rule }
  }
}
