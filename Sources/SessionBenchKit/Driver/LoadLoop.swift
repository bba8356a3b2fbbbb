/// Drives the workers of one phase in a closed or an open loop, each worker in its own long-lived child task
/// (a task per operation would cost more than most operations).
///
/// - Closed loop: every worker performs operations back to back. Actor hops to an idle actor do not suspend,
///   so each worker yields every ``yieldInterval`` operations (untimed) to let all of them take turns on the
///   cooperative pool; otherwise the first workers would run the whole phase alone and the others' sessions
///   would never be touched.
/// - Open loop: operation `i` is due at `start + i / rate`, dealt round-robin to the workers; a worker sleeps
///   until its next operation is due, or starts it at once when it is late, and the latency is measured from
///   when it was due.
struct LoadLoop: Sendable {
  /// How a phase ends.
  enum Length: Sendable, Equatable {
    /// After this many nanoseconds (in an open loop: no operation due later is started).
    case nanoseconds(UInt64)
    /// After this many operations, over all workers.
    case operations(Int)
  }

  /// Closed-loop workers yield to one another every this many operations.
  static let yieldInterval = 16
  /// An open-loop worker due within this many nanoseconds yields instead of sleeping, since a sleep wakes
  /// later than asked by tens of microseconds.
  static let spinThreshold: UInt64 = 100_000

  var load: BenchOptions.Load
  var length: Length
  /// Called now and then with the phase's elapsed nanoseconds and (for a count) the first worker's share done.
  var progress: @Sendable (_ elapsed: UInt64, _ fractionDone: Double?) -> Void = { _, _ in }

  /// Runs `workers` to the end of the phase and returns them, with their histograms, and the elapsed time.
  func run<Worker: PhaseWorker>(_ workers: [Worker]) async -> (workers: [Worker], elapsedNanoseconds: UInt64) {
    let start = Timestamp.now()
    let count = workers.count
    let finished = await withTaskGroup(of: (Int, Worker).self) { group in
      for (index, worker) in workers.enumerated() {
        group.addTask {
          var worker = worker
          await self.drive(&worker, index: index, of: count, start: start)
          return (index, worker)
        }
      }
      var finished = workers
      for await (index, worker) in group { finished[index] = worker }
      return finished
    }
    return (finished, Timestamp.now() &- start)
  }

  private func drive<Worker: PhaseWorker>(_ worker: inout Worker, index: Int, of count: Int, start: UInt64) async {
    switch load {
    case .closed: await closedLoop(&worker, index: index, of: count, start: start)
    case .open(let rate): await openLoop(&worker, index: index, of: count, start: start, rate: rate)
    }
  }

  private func closedLoop<Worker: PhaseWorker>(
    _ worker: inout Worker, index: Int, of count: Int, start: UInt64
  ) async {
    var done = 0
    switch length {
    case .nanoseconds(let duration):
      let deadline = start &+ duration
      while true {
        let now = Timestamp.now()
        if now >= deadline { break }
        if done % Self.yieldInterval == 0 {
          if done % 4_096 == 0 && index == 0 { progress(now &- start, nil) }
          await Task.yield()
        }
        await worker.perform(intendedStart: nil)
        done += 1
      }
    case .operations(let total):
      let share = total / count + (index < total % count ? 1 : 0)
      while done < share {
        if done % Self.yieldInterval == 0 {
          if done % 4_096 == 0 && index == 0 { progress(Timestamp.now() &- start, Double(done) / Double(share)) }
          await Task.yield()
        }
        await worker.perform(intendedStart: nil)
        done += 1
      }
    }
  }

  private func openLoop<Worker: PhaseWorker>(
    _ worker: inout Worker, index: Int, of count: Int, start: UInt64, rate: Double
  ) async {
    let interval = 1e9 / rate
    var operation = index
    var done = 0
    while true {
      let due = start &+ UInt64((Double(operation) * interval).rounded())
      switch length {
      case .nanoseconds(let duration): if due &- start >= duration { return }
      case .operations(let total): if operation >= total { return }
      }
      var now = Timestamp.now()
      if now < due &- Self.spinThreshold {
        try? await Task.sleep(nanoseconds: due &- Self.spinThreshold &- now)
        now = Timestamp.now()
      }
      while now < due {
        await Task.yield()
        now = Timestamp.now()
      }
      if done % 1_024 == 0 && index == 0 {
        var fraction: Double?
        if case .operations(let total) = length { fraction = Double(operation) / Double(max(total, 1)) }
        progress(now &- start, fraction)
      }
      await worker.perform(intendedStart: due)
      operation += count
      done += 1
    }
  }
}
