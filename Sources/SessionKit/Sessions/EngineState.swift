/// Everything the engine itself keeps, behind its one lock: the policy, the deciders, the decider races and
/// tasks under way, and the shutdown bookkeeping, whose invariant lives here in one place: once `isShutDown`
/// is set no task starts and no decision reads a policy, so one pass over `tasks` and a count of
/// `activeDecisions` reaching zero end everything.
struct EngineState: Sendable {
  var policy: CompiledPolicy
  /// The candidate of `SessionEngine.shadow(_:)`: read with the policy, in the same lock.
  var shadow: CompiledPolicy?
  var deciders: [String: any NavigationDecider]
  var races: [ObjectIdentifier: (owner: SessionKey, race: DeciderRace)] = [:]
  var tasks: [UInt64: Task<Void, Never>] = [:]
  var nextTask: UInt64 = 0
  var isShutDown = false
  var activeDecisions = 0
  var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
  /// The trees that have popups with a blank deadline, in the order they got one, not retained.
  var blankTrees: [WeakPopupTree] = []
  /// The blank-timeout timer task, its deadline and generation (`BlankTimeoutChecking.timer`); a newer
  /// generation makes an older task's wake-up a no-op.
  var blankTimer: (deadline: Duration, generation: UInt64, task: Task<Void, Never>?)?
  var blankTimerGeneration: UInt64 = 0

  init(policy: CompiledPolicy, deciders: [String: any NavigationDecider]) {
    self.policy = policy
    self.deciders = deciders
  }

  /// Sets the flag; returns the races to end and the tasks to cancel and await.
  mutating func beginShutdown() -> (races: [DeciderRace], tasks: [Task<Void, Never>]) {
    isShutDown = true
    return (races.values.map(\.race), Array(tasks.values))
  }

  /// Counts a decision's end; returns the shutdown waiters to wake when it was the last after a shutdown.
  mutating func endDecision() -> [CheckedContinuation<Void, Never>] {
    activeDecisions -= 1
    guard activeDecisions == 0, isShutDown else { return [] }
    defer { shutdownWaiters = [] }
    return shutdownWaiters
  }
}

/// A popup tree the engine watches for blank timeouts, without keeping it alive.
struct WeakPopupTree: Sendable {
  weak var tree: PopupTree?
}
