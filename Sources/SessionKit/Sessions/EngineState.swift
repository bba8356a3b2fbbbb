/// Everything the engine itself keeps, behind its one lock: the policy snapshot, the deciders, the decider races
/// and tasks under way, and the shutdown bookkeeping, whose invariant lives here in one place: once `isShutDown`
/// is set no task starts and no decision reads a policy, so one pass over `tasks` and the gate's count of
/// decisions under way reaching zero end everything. (The count and a copy of the flag are in the engine's
/// `DecisionGate`, set in the same critical section, so that `decide` needs no lock.)
struct EngineState: Sendable {
  /// The policy and the shadowed candidate, with the gate's generation they were installed at.
  var policies: EnginePolicies
  var deciders: [String: any NavigationDecider]
  var races: [ObjectIdentifier: (owner: SessionKey, race: DeciderRace)] = [:]
  var tasks: [UInt64: Task<Void, Never>] = [:]
  var nextTask: UInt64 = 0
  var isShutDown = false
  /// The open roots' ids (their raw values): an id is unique among them. A root's id leaves when its tree closes
  /// the root, which happens once per tree, and before that no other root can take the id. Strings rather than
  /// `SessionID`s: a set of a key type of its own is one more conformance the runtime looks up at the first root.
  var openRoots: Set<String> = []
  /// The roots made with a default id so far (`main`, `main-2`, …).
  var defaultRoots = 0
  var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
  /// The trees that have popups with a blank deadline, in the order they got one, not retained.
  var blankTrees: [WeakPopupTree] = []
  /// The blank-timeout timer task, its deadline and generation (`BlankTimeoutChecking.timer`); a newer
  /// generation makes an older task's wake-up a no-op.
  var blankTimer: (deadline: Duration, generation: UInt64, task: Task<Void, Never>?)?
  var blankTimerGeneration: UInt64 = 0

  init(policy: CompiledPolicy, deciders: [String: any NavigationDecider]) {
    self.policies = EnginePolicies(generation: 0, policy: policy, shadow: nil)
    self.deciders = deciders
  }

  /// The live policy.
  var policy: CompiledPolicy { policies.policy }
  /// The candidate of `SessionEngine.shadow(_:)`.
  var shadow: CompiledPolicy? { policies.shadow }

  /// Sets the flag; returns the races to end and the tasks to cancel and await.
  mutating func beginShutdown() -> (races: [DeciderRace], tasks: [Task<Void, Never>]) {
    isShutDown = true
    return (races.values.map(\.race), Array(tasks.values))
  }
}

/// One policy snapshot as decisions read it: the live policy and the shadowed candidate, installed together at
/// `generation` of the engine's gate. Immutable, so a session keeps the one it last read and reuses it while the
/// gate's generation is unchanged, without the engine's lock.
final class EnginePolicies: Sendable {
  let generation: UInt64
  let policy: CompiledPolicy
  let shadow: CompiledPolicy?

  init(generation: UInt64, policy: CompiledPolicy, shadow: CompiledPolicy?) {
    self.generation = generation
    self.policy = policy
    self.shadow = shadow
  }
}

/// A session's cached policy snapshot, held by a strong reference that is retained once when stored and
/// released when replaced or when the session goes, and lent to each decision without retaining it.
///
/// All sessions share the engine's snapshot object: a decision that retained and released it wrote its
/// reference count, so every decision moved that cache line between the cores deciding (measured with
/// `perf` on `session-bench`: a tenth of `engine.decide`'s time). Lending it (``lent(at:)``) reads
/// the object and writes nothing.
struct CachedPolicies: ~Copyable {
  private var reference: Unmanaged<EnginePolicies>?

  /// Nothing cached.
  init() {}

  deinit {
    reference?.release()
  }

  /// The cached snapshot when it is of `generation`, unretained, for ``withLent(_:_:)``; `nil` otherwise.
  func lent(at generation: UInt64) -> Unmanaged<EnginePolicies>? {
    guard let reference else { return nil }
    return reference._withUnsafeGuaranteedRef { $0.generation == generation } ? reference : nil
  }

  /// Calls `body` with the snapshot `lent(at:)` returned (or an object it holds, such as its policy), not
  /// retained: the cache's own +1 keeps it alive, so the cache must not be replaced before `body` returns. (A call
  /// from the session's actor straight into the standard library's `_withUnsafeGuaranteedRef` made the compiler
  /// check the executor at run time.)
  @inline(__always)
  static func withLent<Object: AnyObject, Result>(_ lent: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
    lent._withUnsafeGuaranteedRef(body)
  }

  /// Caches `policies` in place of the snapshot cached before.
  mutating func store(_ policies: EnginePolicies) {
    let stored = Unmanaged.passRetained(policies)
    reference?.release()
    reference = stored
  }
}

/// A popup tree the engine watches for blank timeouts, without keeping it alive (its lock storage, weakly).
// @unchecked: `LockStorage` is not `Sendable` itself (its `ManagedBuffer` accessors reach the state without the
// lock); this one is only ever wrapped again in `Locked(sharing:)` by `PopupTree.init?(_:engine:)`, whose every
// access to the state is inside `withLock`, as with any `Locked` of `Sendable` state.
struct WeakPopupTree: @unchecked Sendable {
  weak var storage: LockStorage<PopupTree.Storage>?
}
