import Synchronization

/// One web view, main (a root) or popup, as an actor.
///
/// The actor orders the session's decisions and owns its back-forward list. The few facts WebKit's synchronous
/// `createWebViewWith` and the close paths need (committed URL, children, whether it is closed) live behind a
/// mutex and are read `nonisolated`, so popup admission never awaits.
public actor Session {
  /// The session's id (`main`, `main.1`, …).
  public nonisolated let id: SessionID
  /// The popup depth: 0 for a root, 1 for a root's popup.
  public nonisolated let depth: Int
  /// The session that opened this popup; `nil` for a root.
  public nonisolated weak let opener: Session?
  /// The engine this session belongs to.
  public nonisolated let engine: SessionEngine
  nonisolated let tree: PopupTree
  nonisolated let state: Locked<SessionState>
  private var history = BackForwardList()

  init(
    id: SessionID, depth: Int, opener: Session?, engine: SessionEngine, tree: PopupTree,
    presentation: PopupPresentation?, expectedLoad: (url: String, trace: PolicyDecision.Trace)?,
    provisional: ProvisionalQuestion?
  ) {
    self.id = id
    self.depth = depth
    self.opener = opener
    self.engine = engine
    self.tree = tree
    var initial = SessionState()
    initial.presentation = presentation
    initial.expectedLoads = expectedLoad.map { [$0] } ?? []
    initial.provisional = provisional
    self.state = Locked(initial)
  }

  // MARK: - State

  /// Whether this is a root (main) session, which `window.close()` never closes.
  public nonisolated var isRoot: Bool { depth == 0 }
  /// Whether a script opened this window (every popup; never a root). Such a window may close itself.
  public nonisolated var isOpenedByScript: Bool { !isRoot }
  /// Whether the session is closed.
  public nonisolated var isClosed: Bool { state.withLock { $0.isClosed } }
  /// The committed URL, `nil` before the first commit.
  public nonisolated var committedURL: WebAddress? { state.withLock { $0.committedURL } }
  /// The length of the back-forward list (0 before the first commit).
  public nonisolated var historyLength: Int { state.withLock { $0.historyLength } }
  /// The live child popups, in creation order.
  public nonisolated var children: [Session] { state.withLock { $0.children } }
  /// How this popup is presented; `nil` for a root.
  public nonisolated var presentation: PopupPresentation? { state.withLock { $0.presentation } }
  /// Whether this popup still waits for its decider (its first load has not been decided).
  public nonisolated var isProvisional: Bool { state.withLock { $0.provisional != nil } }
  /// The back-forward list.
  public var backForwardList: BackForwardList { history }

  /// What policies compare navigations in this session with: its committed URL's origin, else (nothing
  /// committed, or an inherited `about:blank`) its opener's; a root with none has no origin.
  public nonisolated func policyContext() -> PolicyContext {
    let own = state.withLock { state in
      state.hasOwnOrigin ? PolicyContext(currentURL: state.committedURL, currentSite: state.committedSite) : nil
    }
    if let own { return own }
    return opener?.policyContext() ?? .none
  }

  /// Records a committed load (WebKit's `didCommit`), updating the back-forward list.
  /// - Throws: ``AddressError`` when `url` cannot be parsed; nothing changes then.
  public func didCommit(_ url: String, kind: CommitKind) throws(AddressError) {
    let address = try WebAddress(url)
    switch kind {
    case .newEntry(let isPost): history.push(.init(url: address, isPost: isPost))
    case .backForward(let offset): history.go(offset)
    case .reload: break
    }
    let hasOwnOrigin = !address.isAboutBlankOrSrcdoc
    let site = hasOwnOrigin ? address.site(using: engine.list) : nil
    let length = history.entries.count
    state.withLock { state in
      state.committedURL = address
      state.committedSite = site
      state.hasOwnOrigin = hasOwnOrigin
      state.historyLength = length
    }
  }

  // MARK: - Deciding

  /// Answers `decidePolicyFor navigationAction` (WebKit's async form). Always returns, exactly once per call,
  /// whatever happens: a decider that throws, hangs or answers late, the session closing, the caller's task
  /// being cancelled, or the engine shutting down all end in a decision.
  public func decide(_ action: NavigationAction) async -> NavigationDecision {
    engine.decisionStarted()
    defer { engine.decisionEnded() }
    let decision = await makeDecision(action)
    engine.emitDecision(decision, session: id, url: action.requestURL)
    return decision
  }

  /// Answers `decidePolicyFor navigationAction` for completion-handler callers (Objective-C style): the handler
  /// is called exactly once, possibly on another thread.
  public nonisolated func decide(
    _ action: NavigationAction, completionHandler: @escaping @Sendable (NavigationDecision) -> Void
  ) {
    let fallback = interrupted(.cancelled, snapshot: engine.policy.snapshot)
    let delivery = DecisionDelivery(completionHandler, fallback: fallback)
    engine.track(delivery: delivery, fallback: fallback) { [self] in
      delivery.deliver(await decide(action))
    }
  }

  private func makeDecision(_ action: NavigationAction) async -> NavigationDecision {
    let policy = engine.policy
    if engine.isShutDown || Task.isCancelled { return interrupted(.cancelled, snapshot: policy.snapshot) }
    if isClosed { return interrupted(.sessionClosed, snapshot: policy.snapshot) }
    let request: PolicyRequest
    do {
      request = try PolicyRequest(action)
    } catch {
      return NavigationDecision(
        policy: .cancel, action: .cancel, blockedReason: .invalidURL, trace: policy.invalidURL(error).trace)
    }
    let pending = state.withLock { state -> PendingLoad in
      guard action.targetFrame?.isMainFrame == true,
        !state.expectedLoads.isEmpty || state.provisional != nil
      else { return .none }
      let url = request.address.serialized
      if let index = state.expectedLoads.firstIndex(where: { $0.url == url }) {
        return .expected(state.expectedLoads.remove(at: index).trace)
      }
      if let question = state.provisional {
        guard !state.isAskingProvisional else { return .waitingForDecider }
        state.isAskingProvisional = true
        return .provisional(question)
      }
      return .none
    }
    switch pending {
    case .expected(var trace):
      trace.notes.append("a load the engine started; not judged again")
      return NavigationDecision(policy: .allow, action: .allow, trace: trace)
    case .provisional(let question):
      let decision = await confirmProvisional(question, action: action, request: request)
      state.withLock { state in
        state.provisional = nil
        state.isAskingProvisional = false
      }
      return decision
    case .waitingForDecider:
      var trace = question(of: policy)
      trace.notes.append("the popup is still waiting for its decider; no other load until it answers")
      return NavigationDecision(policy: .cancel, action: .cancel, blockedReason: .policy, trace: trace)
    case .none:
      let decision = policy.evaluate(request, in: policyContext())
      return await answer(decision, action: action, request: request, policy: policy)
    }
  }

  private enum PendingLoad {
    case expected(PolicyDecision.Trace)
    case provisional(ProvisionalQuestion)
    case waitingForDecider
    case none
  }

  /// The trace of the pending provisional question, or an empty one of `policy`.
  private nonisolated func question(of policy: CompiledPolicy) -> PolicyDecision.Trace {
    state.withLock { $0.provisional?.trace }
      ?? PolicyDecision.Trace(rule: "provisional", ruleIndex: nil, conditions: [], snapshot: policy.snapshot)
  }

  /// DESIGN §4, "how an action answers each callback", for `decidePolicyFor`.
  private func answer(
    _ decision: PolicyDecision, action: NavigationAction, request: PolicyRequest, policy: CompiledPolicy
  ) async -> NavigationDecision {
    let newWindow = action.targetFrame == nil
    // Serialized only on the paths that hand the URL on (most decisions do not).
    var url: String { request.address.serialized }
    let trace = decision.trace
    switch decision.action {
    case .ask(let name):
      if newWindow, let refusal = popupRefusal(userGesture: action.isUserGesture, limits: policy.popups) {
        return NavigationDecision(policy: .cancel, action: decision.action, blockedReason: refusal, trace: trace)
      }
      switch await ask(name, trace: trace, action: action, request: request, policy: policy) {
      case .decided(let answered): return await answer(answered, action: action, request: request, policy: policy)
      case .interrupted(let reason, let trace):
        return NavigationDecision(policy: .cancel, action: .cancel, blockedReason: reason, trace: trace)
      }
    case .allow, .popup:
      if newWindow {
        state.withLock { state in
          state.admittedNewWindows.append((url, decision.action, policy, trace))
          if state.admittedNewWindows.count > 8 { state.admittedNewWindows.removeFirst() }
        }
      }
      return NavigationDecision(policy: .allow, action: decision.action, trace: trace)
    case .sameView:
      guard newWindow else { return NavigationDecision(policy: .allow, action: .sameView, trace: trace) }
      let url = url
      expectLoad(url, trace: trace)
      return NavigationDecision(policy: .cancel, action: .sameView, effect: .load(url: url, in: id), trace: trace)
    case .external(let via):
      return NavigationDecision(
        policy: .cancel, action: decision.action, effect: .openExternally(url: url, via: via), trace: trace)
    case .cancel:
      return NavigationDecision(policy: .cancel, action: .cancel, blockedReason: .policy, trace: trace)
    case .download:
      if newWindow {
        return NavigationDecision(policy: .cancel, action: .download, blockedReason: .policy, trace: trace)
      }
      return NavigationDecision(policy: .download, action: .download, trace: trace)
    }
  }

  private enum AskResult {
    case decided(PolicyDecision)
    case interrupted(BlockReason, PolicyDecision.Trace)
  }

  /// Puts the question to the named decider, bounded by the policy's timeout; maps its outcome to an action
  /// (the fallback on timeout, error or an `ask` answer).
  private func ask(
    _ name: String, trace: PolicyDecision.Trace, action: NavigationAction, request: PolicyRequest,
    policy: CompiledPolicy
  ) async -> AskResult {
    let race = DeciderRace()
    engine.register(race, owner: self)
    defer { engine.unregister(race) }
    let question = DeciderRequest(session: id, action: action, address: request.address, trace: trace)
    let outcome = await race.run(
      engine.decider(named: name), name: name, request: question, timeout: policy.deciders.timeout, engine: engine)
    var trace = trace
    let fallback = policy.deciders.onTimeout
    let answer: PolicyAction
    switch outcome {
    case .answered(.ask(let other)):
      trace.notes.append("decider \(JSONValue.quoted(name)) answered ask \(JSONValue.quoted(other)); onTimeout applied")
      answer = fallback
    case .answered(let action):
      trace.notes.append("decider \(JSONValue.quoted(name)) answered \(action)")
      answer = action
    case .failed(let problem):
      trace.notes.append("\(problem); onTimeout applied")
      answer = fallback
    case .timedOut:
      trace.notes.append(
        "decider \(JSONValue.quoted(name)) did not answer within \(policy.deciders.timeoutMilliseconds) ms; "
          + "onTimeout applied")
      answer = fallback
    case .interrupted(let reason):
      trace.notes.append("interrupted while asking \(JSONValue.quoted(name)): \(reason.rawValue)")
      return .interrupted(reason, trace)
    }
    return .decided(policy.resolved(answer, trace: trace, address: request.address))
  }

  /// A provisional popup's first load: ask its decider; keep the popup on popup/allow, else close it and apply
  /// the answer (open outside, load in the opener, or nothing).
  private func confirmProvisional(
    _ question: ProvisionalQuestion, action: NavigationAction, request: PolicyRequest
  ) async -> NavigationDecision {
    let policy = question.policy
    let url = request.address.serialized
    switch await ask(question.decider, trace: question.trace, action: action, request: request, policy: policy) {
    case .interrupted(let reason, let trace):
      let closed = closeSubtree(reason: reason == .sessionClosed ? .openerClosed : .teardown)
      return NavigationDecision(
        policy: .cancel, action: .cancel, blockedReason: reason, closedSessions: closed, trace: trace)
    case .decided(let decision):
      let trace = decision.trace
      switch decision.action {
      case .allow, .popup:
        let presentation: PopupPresentation
        if case .popup(let chosen) = decision.action {
          presentation = chosen
        } else {
          presentation = policy.popups.presentation
        }
        // Announced under the popup's own lock, which its close takes first: `popupOpened` never follows
        // `popupClosed`. (Yielding to the event stream calls no code of ours, so it cannot deadlock.)
        let kept = state.withLock { state -> Bool in
          guard !state.isClosed else { return false }
          state.presentation = presentation
          engine.emit(.popupOpened(child: id, opener: opener?.id ?? id, presentation: presentation, url: url))
          return true
        }
        guard kept else { return interrupted(.sessionClosed, snapshot: policy.snapshot) }
        return NavigationDecision(policy: .allow, action: decision.action, trace: trace)
      case .external(let via):
        // `decide` emits `openedExternally` for this decision's effect.
        let closed = closeSubtree(reason: .refused)
        // Dismissed meanwhile: the user closed it first, so nothing is opened in its place.
        guard !closed.isEmpty else { return interrupted(.sessionClosed, snapshot: policy.snapshot) }
        return NavigationDecision(
          policy: .cancel, action: decision.action, effect: .openExternally(url: url, via: via),
          closedSessions: closed, trace: trace)
      case .sameView:
        let closed = closeSubtree(reason: .refused)
        guard !closed.isEmpty else { return interrupted(.sessionClosed, snapshot: policy.snapshot) }
        guard let opener, !opener.isClosed else {
          return NavigationDecision(
            policy: .cancel, action: .sameView, blockedReason: .sessionClosed, closedSessions: closed, trace: trace)
        }
        opener.expectLoad(url, trace: trace)
        return NavigationDecision(
          policy: .cancel, action: .sameView, effect: .load(url: url, in: opener.id), closedSessions: closed,
          trace: trace)
      case .cancel, .download, .ask:
        let closed = closeSubtree(reason: .refused)
        return NavigationDecision(
          policy: .cancel, action: decision.action, blockedReason: .policy, closedSessions: closed, trace: trace)
      }
    }
  }

  nonisolated func expectLoad(_ url: String, trace: PolicyDecision.Trace) {
    state.withLock { state in
      state.expectedLoads.append((url, trace))
      // Loads the app never made must not accumulate: only the latest few can still arrive.
      if state.expectedLoads.count > 8 { state.expectedLoads.removeFirst() }
    }
  }

  nonisolated func interrupted(_ reason: BlockReason, snapshot: UInt64) -> NavigationDecision {
    NavigationDecision(
      policy: .cancel, action: .cancel, blockedReason: reason,
      trace: .init(rule: reason.rawValue, ruleIndex: nil, conditions: [], snapshot: snapshot))
  }

  // MARK: - Popups

  /// The gesture requirement, then `maxDepth`, then `maxOpen`: why a new popup of this session would be
  /// refused, or `nil` when it may open.
  nonisolated func popupRefusal(userGesture: Bool, limits: PopupLimits) -> BlockReason? {
    if limits.requireUserGesture && !userGesture { return .noUserGesture }
    if depth + 1 > limits.maxDepth || tree.openCount >= limits.maxOpen { return .popupLimit }
    return nil
  }

  /// Answers WebKit's `createWebViewWith` synchronously, without awaiting: checks the gesture requirement and
  /// the popup limits first, then applies the policy's answer for the new window (DESIGN §4). On `.child` the
  /// app returns a web view created from WebKit's configuration; otherwise it returns `nil` and applies
  /// ``PopupAdmission/effect``.
  public nonisolated func admitPopup(
    for action: NavigationAction, windowFeatures: WindowFeatures = WindowFeatures()
  ) -> PopupAdmission {
    var policy = engine.policy
    func refused(_ reason: BlockReason, _ action: PolicyAction, _ trace: PolicyDecision.Trace) -> PopupAdmission {
      PopupAdmission(
        child: nil, presentation: nil, isProvisional: false, action: action, effect: .none, refusal: reason,
        trace: trace)
    }
    if engine.isShutDown || isClosed {
      let decision = interrupted(engine.isShutDown ? .cancelled : .sessionClosed, snapshot: policy.snapshot)
      return refused(decision.blockedReason!, .cancel, decision.trace)
    }
    let isBlank = action.requestURL.isEmpty || action.requestURL == "about:blank"
    var parsed = action
    if action.requestURL.isEmpty { parsed.requestURL = "about:blank" }
    let request: PolicyRequest
    do {
      request = try PolicyRequest(parsed)
    } catch {
      return refused(.invalidURL, .cancel, policy.invalidURL(error).trace)
    }
    // Taken before the limits are checked: a refused request must not leave its approval for a later one.
    let url = request.address.serialized
    let admitted = state.withLock { state -> AdmittedNewWindow? in
      guard let index = state.admittedNewWindows.firstIndex(where: { $0.url == url }) else { return nil }
      return state.admittedNewWindows.remove(at: index)
    }
    // An approval from `decidePolicyFor` is finished under the snapshot that gave it.
    if let admitted { policy = admitted.policy }
    let limits = policy.popups
    if let refusal = popupRefusal(userGesture: action.isUserGesture, limits: limits) {
      let trace = PolicyDecision.Trace(
        rule: "popups", ruleIndex: nil,
        conditions: [
          "maxDepth: \(limits.maxDepth)", "maxOpen: \(limits.maxOpen)",
          "requireUserGesture: \(limits.requireUserGesture)",
        ], snapshot: policy.snapshot)
      return refused(refusal, .cancel, trace)
    }
    let decision =
      admitted.map { PolicyDecision(action: $0.action, trace: $0.trace) }
      ?? policy.evaluate(request, in: policyContext())
    let trace = decision.trace
    switch decision.action {
    case .allow:
      return open(url: isBlank ? nil : url, presentation: limits.presentation, decision: decision, limits: limits)
    case .popup(let presentation):
      return open(url: isBlank ? nil : url, presentation: presentation, decision: decision, limits: limits)
    case .ask(let name):
      let question = isBlank ? nil : ProvisionalQuestion(decider: name, trace: trace, policy: policy)
      return open(
        url: isBlank ? nil : url, presentation: limits.presentation, decision: decision, limits: limits,
        provisional: question)
    case .external(let via):
      guard !isBlank else { return refused(.policy, decision.action, trace) }
      engine.emit(.openedExternally(session: id, url: url, via: via))
      return PopupAdmission(
        child: nil, presentation: nil, isProvisional: false, action: decision.action,
        effect: .openExternally(url: url, via: via), refusal: nil, trace: trace)
    case .sameView:
      guard !isBlank else { return refused(.policy, decision.action, trace) }
      expectLoad(url, trace: trace)
      return PopupAdmission(
        child: nil, presentation: nil, isProvisional: false, action: .sameView, effect: .load(url: url, in: id),
        refusal: nil, trace: trace)
    case .cancel, .download:
      return refused(.policy, decision.action, trace)
    }
  }

  private nonisolated func open(
    url: String?, presentation: PopupPresentation, decision: PolicyDecision, limits: PopupLimits,
    provisional: ProvisionalQuestion? = nil
  ) -> PopupAdmission {
    let refusedByLimit = PopupAdmission(
      child: nil, presentation: nil, isProvisional: false, action: decision.action, effect: .none,
      refusal: .popupLimit, trace: decision.trace)
    guard tree.reserve(limit: limits.maxOpen) else { return refusedByLimit }
    let child = state.withLock { state -> Session? in
      guard !state.isClosed else { return nil }
      let number = state.nextChildNumber
      state.nextChildNumber += 1
      let child = Session(
        id: id.child(number), depth: depth + 1, opener: self, engine: engine, tree: tree,
        presentation: presentation, expectedLoad: provisional == nil ? url.map { ($0, decision.trace) } : nil,
        provisional: provisional)
      state.children.append(child)
      // Announced under the opener's lock, which its close takes to collect the children: a popup's
      // `popupOpened` always precedes its `popupClosed`.
      if provisional == nil {
        engine.emit(.popupOpened(child: child.id, opener: id, presentation: presentation, url: url ?? "about:blank"))
      }
      return child
    }
    guard let child else {
      tree.release()
      var admission = refusedByLimit
      admission.refusal = .sessionClosed
      return admission
    }
    return PopupAdmission(
      child: child, presentation: presentation, isProvisional: provisional != nil, action: decision.action,
      effect: .none, refusal: nil, trace: decision.trace)
  }

  // MARK: - Closing

  /// WebKit's `webViewDidClose`: the page called `window.close()`. Closes this popup and its subtree and
  /// returns the closed ids (this one first, then its descendants depth-first in creation order). Ignored
  /// (empty result) for a root, and for a window not opened by script whose history has more than one entry.
  @discardableResult
  public nonisolated func windowDidClose() -> [SessionID] {
    guard !isRoot else { return [] }
    guard isOpenedByScript || historyLength <= 1 else { return [] }
    return closeSubtree(reason: .windowClose)
  }

  /// The user tapped the popup's close button: closes this popup and its subtree (a root has no close button:
  /// ignored, empty result).
  @discardableResult
  public nonisolated func dismiss() -> [SessionID] {
    guard !isRoot else { return [] }
    return closeSubtree(reason: .dismissed)
  }

  /// The app tears this session down (a root included), closing its whole subtree.
  @discardableResult
  public nonisolated func tearDown() -> [SessionID] {
    closeSubtree(reason: .teardown)
  }

  /// Closes this session and its subtree in two phases. First every session of the subtree is marked closed,
  /// top-down and one lock at a time, so that from then on none admits a popup or announces one; then, in
  /// pre-order, slots are released, decisions under way are ended and `popupClosed` is emitted. So no
  /// `popupOpened` of the subtree can follow any of its `popupClosed` events.
  nonisolated func closeSubtree(reason: CloseReason) -> [SessionID] {
    guard let children = markClosedTakingChildren() else { return [] }
    var closed: [(session: Session, reason: CloseReason)] = [(self, reason)]
    func markDescendants(_ children: [Session]) {
      for child in children {
        guard let grandchildren = child.markClosedTakingChildren() else { continue }
        closed.append((child, .openerClosed))
        markDescendants(grandchildren)
      }
    }
    markDescendants(children)
    for entry in closed where !entry.session.isRoot {
      entry.session.tree.release()
      engine.emit(.popupClosed(entry.session.id, reason: entry.reason))
    }
    engine.interruptRaces(of: Set(closed.map { ObjectIdentifier($0.session) }), reason: .sessionClosed)
    opener?.state.withLock { $0.children.removeAll { $0 === self } }
    return closed.map(\.session.id)
  }

  /// Marks this session closed and takes its children; `nil` when it was closed already.
  private nonisolated func markClosedTakingChildren() -> [Session]? {
    state.withLock { state -> [Session]? in
      guard !state.isClosed else { return nil }
      state.isClosed = true
      state.expectedLoads = []
      state.admittedNewWindows = []
      defer { state.children = [] }
      return state.children
    }
  }

}
