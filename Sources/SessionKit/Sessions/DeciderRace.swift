/// Races one decider call against its timeout (on the engine's clock), the caller's cancellation, the
/// session's closing and the engine's shutdown; the first to finish wins and every later result is discarded.
///
/// A task group cannot express this: leaving a group awaits every child, so a decider that ignores
/// cancellation would hold the decision hostage. Instead the two unstructured tasks (the call and the timer)
/// are owned by the engine and the race, which cancels both as soon as it is resolved, and the awaiting caller
/// is resumed through a continuation exactly once.
///
/// The caller is resumed only after both tasks are cancelled: a race that ends sooner than its tasks are
/// registered (a decider that answers at once) is finished by ``run(_:name:request:timeout:engine:)`` itself.
/// So when a decision goes on, no timer of its race is still waiting on the clock, and a virtual clock that
/// advances to the next deadline never wakes a stale one.
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
    var isStarting = false
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
          state.isStarting = true
          return nil
        }
        if let early {
          continuation.resume(returning: early)
          return
        }
        let call = decider.flatMap { decider in
          engine.spawn { [self] in
            do {
              resolve(.answered(try await decider.decide(request)))
            } catch {
              resolve(.failed("decider \(JSONValue.quoted(name)) failed: \(error)"))
            }
          }
        }
        let timer = engine.spawn { [self] in
          do {
            try await engine.clock.sleep(for: timeout)
            resolve(.timedOut)
          } catch {
            // Cancelled because the race was resolved otherwise.
          }
        }
        let started = call != nil && timer != nil
        let finished = state.withLock { state -> (CheckedContinuation<Outcome, Never>, Outcome)? in
          state.isStarting = false
          if state.outcome == nil && started {
            state.tasks = [call, timer].compactMap { $0 }
            return nil
          }
          if state.outcome == nil {
            state.outcome =
              decider == nil
              ? .failed("no decider is registered as \(JSONValue.quoted(name))") : .interrupted(.cancelled)
          }
          defer { state.continuation = nil }
          return state.continuation.map { ($0, state.outcome!) }
        }
        if let (continuation, outcome) = finished {
          call?.cancel()
          timer?.cancel()
          continuation.resume(returning: outcome)
        }
      }
    } onCancel: {
      resolve(.interrupted(.cancelled))
    }
  }

  /// Resolves the race if it is not resolved yet; later calls do nothing. While ``run`` is still starting the
  /// tasks, the outcome is only recorded: ``run`` resumes the caller once it has cancelled them.
  func resolve(_ outcome: Outcome) {
    let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, [Task<Void, Never>]) in
      guard state.outcome == nil else { return (nil, []) }
      state.outcome = outcome
      guard !state.isStarting else { return (nil, []) }
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
