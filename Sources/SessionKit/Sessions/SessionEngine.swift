import Synchronization

/// The engine: creates root sessions, owns the current compiled policy (swapped atomically), the registered
/// deciders and the event stream, and tracks every task it starts so that ``shutdown()`` can end them.
public final class SessionEngine: Sendable {
  /// Which events the engine yields on ``events``.
  public enum EventDelivery: Sendable, Hashable {
    /// Every event, decisions included.
    case all
    /// Popups opened and closed and URLs opened outside; no per-navigation decisions.
    case lifecycle
    /// None (the stream finishes at once); for benchmarks and code that does not observe.
    case none
  }

  /// The Public Suffix List sites are computed with.
  public let list: PublicSuffixList
  /// What happened, for a UI layer to apply on the main actor. Unbounded: consume it, or choose
  /// ``EventDelivery/none``.
  public let events: AsyncStream<SessionEvent>

  private let continuation: AsyncStream<SessionEvent>.Continuation
  private let delivery: EventDelivery
  private let current: Locked<CompiledPolicy>
  private let deciders: Locked<[String: any NavigationDecider]>
  private let races = Locked<[ObjectIdentifier: (owner: ObjectIdentifier, race: DeciderRace)]>([:])
  private let tasks = Locked<(next: UInt64, running: [UInt64: Task<Void, Never>])>((0, [:]))
  private let shutDown = Atomic<Bool>(false)
  private let activeDecisions = Atomic<Int>(0)
  private let decisionWaiters = Locked<[CheckedContinuation<Void, Never>]>([])

  /// Creates an engine deciding with `policy`.
  /// - Parameters:
  ///   - policy: the compiled policy decisions start with.
  ///   - deciders: the async deciders `{"ask": NAME}` rules consult, by name.
  ///   - events: which events to yield on ``events``.
  ///   - list: the Public Suffix List sites are computed with.
  public init(
    policy: CompiledPolicy, deciders: [String: any NavigationDecider] = [:], events: EventDelivery = .all,
    list: PublicSuffixList = .shared
  ) {
    self.current = Locked(policy)
    self.deciders = Locked(deciders)
    self.delivery = events
    self.list = list
    (self.events, self.continuation) = AsyncStream.makeStream(of: SessionEvent.self)
    if events == .none { continuation.finish() }
  }

  /// The current policy snapshot. Each decision reads it once, so it sees the old or the new policy, never a mix.
  public var policy: CompiledPolicy { current.withLock { $0 } }

  /// Swaps the policy atomically; decisions already under way finish with the snapshot they read.
  public func replacePolicy(_ policy: CompiledPolicy) {
    current.withLock { $0 = policy }
  }

  /// Registers (or replaces) the decider that `{"ask": name}` consults.
  public func register(_ decider: any NavigationDecider, as name: String) {
    deciders.withLock { $0[name] = decider }
  }

  func decider(named name: String) -> (any NavigationDecider)? {
    deciders.withLock { $0[name] }
  }

  /// Creates a root (main) session for a web view, at `about:blank` with an empty history.
  public func makeRootSession(id: SessionID = "main") -> Session {
    Session(
      id: id, depth: 0, opener: nil, engine: self, tree: PopupTree(), presentation: nil, expectedLoad: nil,
      provisional: nil)
  }

  /// Whether ``shutdown()`` was called.
  public var isShutDown: Bool { shutDown.load(ordering: .acquiring) }

  /// Shuts the engine down: every decision under way ends with `cancel` (reason `cancelled`), later ones too,
  /// every completion handler is called, the tasks the engine started are awaited, and ``events`` finishes.
  ///
  /// The decider calls the engine started are cancelled and awaited too, so a decider must honour cancellation
  /// for `shutdown()` to return (and must not call it itself).
  public func shutdown() async {
    shutDown.store(true, ordering: .releasing)
    for entry in races.withLock({ Array($0.values) }) { entry.race.resolve(.interrupted(.cancelled)) }
    // No task starts after the flag is set (`spawn` checks it under the same lock), so one pass awaits them all.
    let running = tasks.withLock { Array($0.running.values) }
    for task in running { task.cancel() }
    for task in running { await task.value }
    // Async-form decisions under way end promptly now; their events (a provisional popup closing) still count.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // Checked under the waiters' lock: a decision ending now either sees this waiter or ended before.
      let finished = decisionWaiters.withLock { waiters -> Bool in
        if activeDecisions.load(ordering: .acquiring) == 0 { return true }
        waiters.append(continuation)
        return false
      }
      if finished { continuation.resume() }
    }
    continuation.finish()
  }

  /// Counts an async-form decision under way, so that ``shutdown()`` finishes the event stream after it.
  /// An atomic count, not a lock: every decision passes here, and only a shutdown ever waits on it.
  func decisionStarted() {
    activeDecisions.add(1, ordering: .acquiringAndReleasing)
  }

  /// The counterpart of ``decisionStarted()``; the last decision to end after a shutdown wakes it.
  func decisionEnded() {
    guard activeDecisions.subtract(1, ordering: .acquiringAndReleasing).newValue == 0, isShutDown else { return }
    let waiters = decisionWaiters.withLock { waiters in
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: - Internals used by sessions

  func emit(_ event: SessionEvent) {
    guard delivery != .none else { return }
    continuation.yield(event)
  }

  func emitDecision(_ decision: NavigationDecision, session: SessionID, url: String) {
    if case .openExternally(let url, let via) = decision.effect {
      emit(.openedExternally(session: session, url: url, via: via))
    }
    guard delivery == .all else { return }
    continuation.yield(.navigationDecided(session: session, url: url, decision: decision))
  }

  func register(_ race: DeciderRace, owner: Session) {
    races.withLock { $0[ObjectIdentifier(race)] = (ObjectIdentifier(owner), race) }
    // Registered after a shutdown or a close began: resolve now so the caller does not wait for the timeout.
    if isShutDown {
      race.resolve(.interrupted(.cancelled))
    } else if owner.isClosed {
      race.resolve(.interrupted(.sessionClosed))
    }
  }

  func unregister(_ race: DeciderRace) {
    _ = races.withLock { $0.removeValue(forKey: ObjectIdentifier(race)) }
  }

  /// Ends the decider races of the given sessions (one pass over the races, however many sessions closed).
  func interruptRaces(of sessions: Set<ObjectIdentifier>, reason: BlockReason) {
    let affected = races.withLock { races in races.values.filter { sessions.contains($0.owner) }.map(\.race) }
    for race in affected { race.resolve(.interrupted(reason)) }
  }

  /// Runs `body` in a task the engine owns until it ends; after a shutdown, delivers `fallback` at once instead.
  func track(
    delivery: DecisionDelivery, fallback: NavigationDecision, _ body: @escaping @Sendable () async -> Void
  ) {
    if spawn(body) == nil { delivery.deliver(fallback) }
  }

  /// Starts `body` in a task the engine owns: ``shutdown()`` cancels and awaits it. `nil` after a shutdown.
  func spawn(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
    // The shutdown check and the registration happen under one lock, and `shutdown()` sets the flag before
    // it collects the tasks under the same lock: a task is either refused here or awaited there.
    tasks.withLock { tasks -> Task<Void, Never>? in
      guard !isShutDown else { return nil }
      tasks.next += 1
      let key = tasks.next
      let task = Task { [self] in
        await body()
        _ = self.tasks.withLock { $0.running.removeValue(forKey: key) }
      }
      tasks.running[key] = task
      return task
    }
  }
}
