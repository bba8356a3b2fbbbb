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
  public func shutdown() async {
    shutDown.store(true, ordering: .releasing)
    for entry in races.withLock({ Array($0.values) }) { entry.race.resolve(.interrupted(.cancelled)) }
    let running = tasks.withLock { Array($0.running.values) }
    for task in running { task.cancel() }
    for task in running { await task.value }
    continuation.finish()
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

  func interruptRaces(of session: Session, reason: BlockReason) {
    let owner = ObjectIdentifier(session)
    let affected = races.withLock { races in races.values.filter { $0.owner == owner }.map(\.race) }
    for race in affected { race.resolve(.interrupted(reason)) }
  }

  /// Runs `body` in a task the engine owns until it ends; after a shutdown, delivers `fallback` at once instead.
  func track(
    delivery: DecisionDelivery, fallback: NavigationDecision, _ body: @escaping @Sendable () async -> Void
  ) {
    // The shutdown check and the registration happen under one lock, and `shutdown()` sets the flag before
    // it collects the tasks under the same lock: a task is either refused here or awaited there.
    let started = tasks.withLock { tasks -> Bool in
      guard !isShutDown else { return false }
      tasks.next += 1
      let key = tasks.next
      tasks.running[key] = Task { [self] in
        await body()
        _ = self.tasks.withLock { $0.running.removeValue(forKey: key) }
      }
      return true
    }
    if !started { delivery.deliver(fallback) }
  }
}
