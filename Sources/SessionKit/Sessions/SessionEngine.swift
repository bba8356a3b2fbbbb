/// The engine: creates root sessions, owns the current compiled policy (swapped atomically), the registered
/// deciders, the clock deciders are timed on and the subscriptions to its events, and tracks every task it starts
/// so that ``shutdown()`` can end them.
/// Apps make one (one is enough for every web view) and give it to `WebSessionCoordinator` or `SessionWebView`.
///
/// An engine serves any number of root web views over its life, each with its own root session, whose id is
/// unique among the engine's open roots (`makeRootSession(id:)`).
public final class SessionEngine: Sendable {
  /// Which events the engine yields to the subscribers of ``events()``.
  package enum EventDelivery: Sendable, Hashable {
    /// Every event, decisions included.
    case all
    /// Popups opened and closed and URLs opened outside (and a shadow's disagreements, while one is set); no
    /// per-navigation decisions.
    case lifecycle
    /// None (every stream ``events()`` returns finishes at once); for benchmarks and code that does not observe.
    case none
  }

  /// The Public Suffix List sites are computed with.
  package let list: PublicSuffixList
  /// How many per-decision events a subscription of ``events()`` holds for a reader that is behind before it
  /// drops the oldest.
  package static let bufferedDecisionEventLimit = 4096
  /// The clock decider timeouts, blank timeouts and the popup rate limit run on.
  let clock: EngineClock
  /// How popups whose blank timeout ran out are closed.
  package let blankTimeoutChecking: BlankTimeoutChecking

  private let hub: EventHub
  private let delivery: EventDelivery
  let state: Locked<EngineState>
  /// Counts the decisions under way and carries the shutdown flag and the policy generation, so that `decide`
  /// takes no engine lock (see `DecisionGate`).
  let gate = DecisionGate()
  /// Orders the delivery of the popup trees' queued events; counts the batches delivered (a real value:
  /// ThreadSanitizer reports accesses to an empty `Locked(())` state as races).
  private let deliveries = Locked<UInt64>(0)

  /// Creates an engine deciding with `policy`, for an app: every event is delivered, deciders are timed on the
  /// continuous clock and popups whose blank timeout ran out close by themselves.
  /// - Parameters:
  ///   - policy: the compiled policy decisions start with.
  ///   - deciders: the async deciders `{"ask": NAME}` rules consult, by name (``register(_:as:)`` adds more).
  public convenience init(policy: CompiledPolicy, deciders: [String: any NavigationDecider] = [:]) {
    self.init(policy: policy, deciders: deciders, events: .all)
  }

  /// Creates an engine deciding with `policy`, with the simulator's and the benchmarks' settings.
  /// - Parameters:
  ///   - policy: the compiled policy decisions start with.
  ///   - deciders: the async deciders `{"ask": NAME}` rules consult, by name.
  ///   - events: which events to yield to the subscribers of ``events()``.
  ///   - list: the Public Suffix List sites are computed with.
  ///   - clock: the clock decider timeouts are measured on: the continuous clock in an app; a virtual clock in
  ///     simulations and tests, so that their results never depend on the machine's load. Blank timeouts and
  ///     `popups.maxPerMinute` are measured on it too.
  ///   - blankTimeouts: how popups whose `popups.blankTimeoutMs` ran out are closed: by a task the engine
  ///     owns (``BlankTimeoutChecking/timer``), or only when ``closeExpiredPopups()`` is called
  ///     (``BlankTimeoutChecking/manual``).
  @_optimize(size)
  package init(
    policy: CompiledPolicy, deciders: [String: any NavigationDecider] = [:], events: EventDelivery = .all,
    list: PublicSuffixList = .shared, clock: any Clock<Duration> = ContinuousClock(),
    blankTimeouts: BlankTimeoutChecking = .timer
  ) {
    self.blankTimeoutChecking = blankTimeouts
    self.state = Locked(EngineState(policy: policy, deciders: deciders))
    self.delivery = events
    self.list = list
    self.clock = EngineClock(clock)
    self.hub = EventHub(decisionLimit: Self.bufferedDecisionEventLimit)
    if events == .none { hub.finish() }
  }

  /// A new subscription to what happens in the engine, for a UI layer to apply on the main actor: every event
  /// emitted from this call on, in the order they were emitted.
  ///
  /// Each call is a subscriber of its own, registered when the call returns (events emitted before the stream
  /// is iterated are kept for it), so an app and a coordinator, or two coordinators, each subscribe and each
  /// receive every event. Per subscriber, lifecycle events (`popupOpened`, `popupClosed`, `openedExternally`,
  /// `popupFinished`, and any case added later unless its documentation says otherwise) are kept until they
  /// are read. Per-decision events (`navigationDecided`, `shadowDisagreement`) are kept at most 4 096 at a time
  /// (`bufferedDecisionEventLimit`): past that the subscriber's oldest is dropped and counted. An event emitted
  /// while nobody subscribes is not kept.
  ///
  /// The stream ends, for this subscriber only, when the task iterating it is cancelled or it is released (the
  /// subscription ends with it: keep the stream only while it is read), and for every subscriber after
  /// ``shutdown()``, once what was kept for it is read. After a shutdown (and, in the package's benchmarks, for
  /// an engine that emits no events), the stream has already ended.
  @_optimize(size)
  public func events() -> AsyncStream<SessionEvent> {
    subscribe().events
  }

  /// A new subscription (as ``events()``) and its handle, for tests: the handle keeps the subscription as long
  /// as it exists and counts its events.
  @_optimize(size)
  package func subscribe() -> (events: AsyncStream<SessionEvent>, subscription: EventSubscription) {
    let subscription = EventSubscription(hub: hub)
    return (subscription.makeStream(), subscription)
  }

  /// The current policy snapshot. Each decision reads it once, so it sees the old or the new policy, never a mix.
  public var policy: CompiledPolicy { state.withLock { $0.policy } }

  /// Swaps the policy atomically; decisions already under way finish with the snapshot they read.
  @_optimize(size)
  public func replacePolicy(_ policy: CompiledPolicy) {
    install { EnginePolicies(generation: $0, policy: policy, shadow: $1.shadow) }
  }

  /// Installs the snapshot `make` builds from the next generation and the current one, then advances the gate's
  /// generation, in one critical section: a decision that sees the new generation and takes the lock to read
  /// the snapshot finds this one (or a newer).
  @_optimize(size)
  func install(_ make: (UInt64, EnginePolicies) -> EnginePolicies) {
    state.withLock { state in
      let generation = (state.policies.generation &+ 1) & (UInt64.max >> DecisionGate.generationShift)
      state.policies = make(generation, state.policies)
      let advanced = gate.advanceGeneration()
      assert(advanced == generation, "the gate's generation changes only here, under the lock")
    }
  }

  /// Registers (or replaces) the decider that `{"ask": name}` consults.
  public func register(_ decider: any NavigationDecider, as name: String) {
    state.withLock { $0.deciders[name] = decider }
  }

  /// Creates a root (main) session for a web view with the id `id`, at `about:blank` with an empty history.
  ///
  /// The id is unique among the engine's open roots: a root that is torn down (`Session.tearDown()`) or
  /// released frees its id for a later root. Its popups' ids follow from it (`id.1`, `id.1.1`, …).
  ///
  /// Keep the root for as long as its web view: the root's tree keeps its popups alive, and releasing the root
  /// closes them (each announced by `popupClosed`), as `Session.tearDown()` does.
  /// - Throws: ``SessionEngineError/duplicateRootID(_:)`` when an open root of this engine has the id `id`.
  @_optimize(size)
  public func makeRootSession(id: SessionID) throws(SessionEngineError) -> Session {
    let added = state.withLock { $0.openRoots.insert(id.rawValue).inserted }
    guard added else { throw SessionEngineError.duplicateRootID(id) }
    return Session(id: id, depth: 0, key: PopupTreeState.rootKey, tree: PopupTree(root: id, engine: self))
  }

  /// Creates a root (main) session for a web view with an id of its own, at `about:blank` with an empty history.
  ///
  /// The engine's first such root is `main`; the next are `main-2`, `main-3`, …, skipping the ids of open roots,
  /// so the id is unique among the engine's open roots and never that of an earlier root made this way.
  ///
  /// Keep the root for as long as its web view: the root's tree keeps its popups alive, and releasing the root
  /// closes them (each announced by `popupClosed`), as `Session.tearDown()` does.
  @_optimize(size)
  public func makeRootSession() -> Session {
    let id = state.withLock { state -> SessionID in
      // A loop that declares its id afresh each time: the same loop over an uninitialized `var` declared outside
      // it crashed half the release replays (Swift 6.3.1: a release of a garbage value at the reassignment).
      while true {
        state.defaultRoots += 1
        let candidate: SessionID = state.defaultRoots == 1 ? "main" : SessionID("main-\(state.defaultRoots)")
        if state.openRoots.insert(candidate.rawValue).inserted { return candidate }
      }
    }
    // The tree learns its root when the root opens a popup (`PopupTree.Storage.root`).
    return Session(id: id, depth: 0, key: PopupTreeState.rootKey, tree: PopupTree(root: id, engine: self))
  }

  /// Frees the id of a root whose tree closed it (torn down or released): called once per root.
  @_optimize(size)
  func rootClosed(_ id: SessionID) {
    _ = state.withLock { $0.openRoots.remove(id.rawValue) }
  }

  /// Whether ``shutdown()`` was called.
  package var isShutDown: Bool { state.withLock { $0.isShutDown } }

  /// How many per-decision events were dropped so far, over all the subscribers of ``events()``: each time a
  /// subscriber more than ``bufferedDecisionEventLimit`` of them behind loses its oldest one counts once.
  /// Always 0 while every subscriber keeps up; an event emitted with no subscriber is not kept, so not dropped.
  package var droppedEventCount: Int { hub.droppedCount }

  /// Events kept for subscribers and not read yet, over all of them (a test seam: 0 with no subscriber).
  package var bufferedEventCount: Int { hub.bufferedCount }

  /// Subscriptions alive (a test seam; one whose stream has ended stays until it is released).
  package var subscriberCount: Int { hub.subscriberCount }

  /// The ids of the open roots, their raw values (a test seam; a `Set<SessionID>` would add that set's code to apps).
  package var openRootIDs: Set<String> { state.withLock { $0.openRoots } }

  /// Shuts the engine down: every decision under way ends with `cancel` (reason `cancelled`), later ones too,
  /// every completion handler is called, the tasks the engine started are awaited, and every subscription of
  /// ``events()`` finishes once its subscriber has read what was kept for it.
  ///
  /// The decider calls the engine started are cancelled and awaited too, so a decider must honour cancellation
  /// for `shutdown()` to return (and must not call it itself).
  @_optimize(size)
  public func shutdown() async {
    let (races, tasks) = state.withLock { state in
      // The gate's flag is set in the same critical section as the state's, so `spawn` and `decide` agree.
      gate.shutDown()
      return state.beginShutdown()
    }
    for race in races { race.resolve(.interrupted(.cancelled)) }
    // No task starts once the flag is set (`spawn` checks it under the same lock), so one pass awaits them all.
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
    // Async-form decisions under way end promptly now; their events (a provisional popup closing) still count.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // Under the lock: a decision that brings the count to zero after this read takes the lock to wake the
      // waiters (see `decisionEnded(stripe:)`), so it finds this continuation.
      let finished = state.withLock { state -> Bool in
        if gate.activeDecisions == 0 { return true }
        state.shutdownWaiters.append(continuation)
        return false
      }
      if finished { continuation.resume() }
    }
    hub.finish()
  }

  // MARK: - Internals used by sessions

  /// Counts an async-form decision under way (so that ``shutdown()`` finishes the event stream after it), with
  /// no lock: the gate's word for `stripe` (the session's, ``DecisionGate/stripe(of:)``) as the decision
  /// entered, whose shutdown flag and policy generation it decides by.
  func decisionStarted(stripe: UInt64) -> DecisionGate.Entry {
    gate.enter(stripe)
  }

  /// The policy snapshot now, read under the lock (a session calls it when the gate's generation is not the one
  /// of the snapshot it holds).
  func currentPolicies() -> EnginePolicies {
    state.withLock { $0.policies }
  }

  /// The counterpart of ``decisionStarted(stripe:)``; the last decision to end after a shutdown wakes it.
  func decisionEnded(stripe: UInt64) {
    guard gate.leave(stripe) else { return }
    wakeShutdownWaiters()
  }

  /// ``decisionEnded(stripe:)``'s part after a shutdown began. Apart, so that a decision's end does not resolve
  /// the waiters' continuation type (a run-time look-up at its first use) when there is no shutdown.
  @inline(never)
  private func wakeShutdownWaiters() {
    // The flag was set before this decrement, and `shutdown()` registers its waiter under this lock after
    // setting it: either it read a count of zero and did not wait, or its waiter is here. Other stripes may
    // still have decisions under way: of the decisions that empty their stripes, the one that takes this lock
    // last sees every decrement (each happened before its own decision took the lock) and wakes the waiters.
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard gate.activeDecisions == 0 else { return [] }
      defer { state.shutdownWaiters = [] }
      return state.shutdownWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// The policy and the shadowed candidate, or `nil` after a shutdown.
  func currentPolicyUnlessShutDown() -> (policy: CompiledPolicy, shadow: CompiledPolicy?)? {
    state.withLock { $0.isShutDown ? nil : ($0.policy, $0.shadow) }
  }

  func decider(named name: String) -> (any NavigationDecider)? {
    state.withLock { $0.deciders[name] }
  }

  /// Whether ``publish(_:session:url:decision:)`` can yield anything (`decide` skips building its arguments
  /// otherwise): events are delivered and someone subscribes. No lock: one atomic load once delivery is on.
  var publishesDecisions: Bool { delivery != .none && hub.hasSubscribers }

  /// The one place events are yielded (to every subscriber; to none, and kept nowhere, when there is none).
  func emit(_ event: SessionEvent) {
    guard delivery != .none else { return }
    if delivery == .lifecycle, case .navigationDecided = event { return }
    hub.push(event)
  }

  /// Takes a batch of queued events and yields them, one batch at a time, so that batches taken in order are
  /// yielded in order. One lock for the engine: only popup lifecycle events pass here.
  func deliverInOrder(_ take: () -> [SessionEvent]) {
    deliveries.withLock { batches in
      for event in take() { emit(event) }
      batches &+= 1
    }
  }

  /// Announces what a decision or an admission amounts to: `openedExternally` for an external outcome and
  /// `popupFinished` for a popup finished to the app (the one place each is emitted), then `navigationDecided`
  /// for a `decidePolicyFor` decision.
  func publish(_ outcome: NavigationOutcome, session: SessionID, url: String, decision: NavigationDecision?) {
    guard delivery != .none else { return }
    switch outcome {
    case .openExternally(let url, let via): emit(.openedExternally(session: session, url: url, via: via))
    case .finished(let url, .app, _): emit(.popupFinished(session: session, url: url))
    default: break
    }
    if let decision { emit(.navigationDecided(session: session, url: url, decision: decision)) }
  }

  /// Registers a decider race so that closing its session or shutting down ends it.
  func register(_ race: DeciderRace, owner: SessionKey, isClosed: Bool) {
    let isShutDown = state.withLock { state -> Bool in
      state.races[ObjectIdentifier(race)] = (owner, race)
      return state.isShutDown
    }
    // Registered after a shutdown or a close began: resolve now so the caller does not wait for the timeout.
    if isShutDown {
      race.resolve(.interrupted(.cancelled))
    } else if isClosed {
      race.resolve(.interrupted(.sessionClosed))
    }
  }

  func unregister(_ race: DeciderRace) {
    _ = state.withLock { $0.races.removeValue(forKey: ObjectIdentifier(race)) }
  }

  /// Ends the decider races of the given sessions (one pass over the races, however many sessions closed).
  @_optimize(size)
  func interruptRaces(of sessions: Set<SessionKey>) {
    let affected = state.withLock { state in state.races.values.filter { sessions.contains($0.owner) }.map(\.race) }
    if !affected.isEmpty { Self.interrupt(affected) }
  }

  /// Ends `races`. Apart, so that closing a session with no race under way does not resolve the races'
  /// continuation type (a run-time look-up at its first use).
  @inline(never)
  @_optimize(size)
  private static func interrupt(_ races: [DeciderRace]) {
    for race in races { race.resolve(.interrupted(.sessionClosed)) }
  }

  /// Starts `body` in a task the engine owns: ``shutdown()`` cancels and awaits it. `nil` after a shutdown.
  func spawn(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
    // The shutdown check and the registration happen under one lock, and `shutdown()` sets the flag under the
    // same lock before it collects the tasks: a task is either refused here or awaited there.
    state.withLock { state -> Task<Void, Never>? in
      guard !state.isShutDown else { return nil }
      state.nextTask += 1
      let key = state.nextTask
      let task = Task { [self] in
        await body()
        _ = self.state.withLock { $0.tasks.removeValue(forKey: key) }
      }
      state.tasks[key] = task
      return task
    }
  }
}

extension SessionEngine {
  /// Returns once every task the engine has started (decider calls, timers, completion-handler decisions)
  /// has ended, without shutting down: a test seam for "nothing more can happen now".
  @_optimize(size)
  func tasksFinished() async {
    while let task = state.withLock({ $0.tasks.values.first }) {
      await task.value
    }
  }
}
