import Dispatch

/// Runs `body`; when it has not finished after `timeout`, cancels it and returns `false`. `body` must end
/// promptly once cancelled. A guard against a hang, not a wait: a passing test never waits for the timer,
/// which runs on a dispatch queue rather than sleeping in a task.
func finishes(within timeout: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
  let task = Task { await body() }
  let expired = TestLock(false)
  let timer = DispatchSource.makeTimerSource(queue: .global())
  let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
  timer.schedule(deadline: .now() + seconds)
  timer.setEventHandler {
    expired.withLock { $0 = true }
    task.cancel()
  }
  timer.resume()
  await task.value
  timer.cancel()
  return !expired.withLock { $0 }
}
