import Synchronization

/// Races one decider call against its timeout, the caller's cancellation, the session's closing and the
/// engine's shutdown; the first to finish wins and every later result is discarded.
///
/// A task group cannot express this: leaving a group awaits every child, so a decider that ignores
/// cancellation would hold the decision hostage. Instead the two unstructured tasks (the call and the timer)
/// are owned by the race, which cancels both as soon as it is resolved, and the awaiting caller is resumed
/// through a continuation exactly once.
final class DeciderRace: Sendable {
  enum Outcome: Sendable {
    case answered(PolicyAction)
    case failed(String)
    case timedOut
    case interrupted(BlockReason)
  }

  private struct State: Sendable {
    var continuation: CheckedContinuation<Outcome, Never>?
    var outcome: Outcome?
    var tasks: [Task<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Runs `decider`; returns the first outcome.
  func run(
    _ decider: (any NavigationDecider)?, name: String, request: DeciderRequest, timeout: Duration,
    engine: SessionEngine
  ) async -> Outcome {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let early = state.withLock { state -> Outcome? in
          if let outcome = state.outcome { return outcome }
          state.continuation = continuation
          return nil
        }
        if let early {
          continuation.resume(returning: early)
          return
        }
        guard let decider else {
          resolve(.failed("no decider is registered as \(JSONValue.quoted(name))"))
          return
        }
        // Both tasks belong to the engine, which awaits them at shutdown; the race cancels them once resolved.
        let call = engine.spawn { [self] in
          do {
            resolve(.answered(try await decider.decide(request)))
          } catch {
            resolve(.failed("decider \(JSONValue.quoted(name)) failed: \(error)"))
          }
        }
        let timer = engine.spawn { [self] in
          do {
            try await Task.sleep(for: timeout)
            resolve(.timedOut)
          } catch {
            // Cancelled because the race was resolved otherwise.
          }
        }
        guard let call, let timer else {
          call?.cancel()
          timer?.cancel()
          resolve(.interrupted(.cancelled))
          return
        }
        let resolved = state.withLock { state -> Bool in
          if state.outcome != nil { return true }
          state.tasks = [call, timer]
          return false
        }
        if resolved {
          call.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      resolve(.interrupted(.cancelled))
    }
  }

  /// Resolves the race if it is not resolved yet; later calls do nothing.
  func resolve(_ outcome: Outcome) {
    let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, [Task<Void, Never>]) in
      guard state.outcome == nil else { return (nil, []) }
      state.outcome = outcome
      defer {
        state.continuation = nil
        state.tasks = []
      }
      return (state.continuation, state.tasks)
    }
    for task in tasks { task.cancel() }
    continuation?.resume(returning: outcome)
  }
}
