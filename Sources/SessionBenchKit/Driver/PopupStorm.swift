import SessionKit

/// `run --storm`: one more root whose page only opens popups (the `popups` workload on a single tab), driven flat
/// out on the engine under test for as long as the engine phase lasts. Its operations are timed as their own
/// result, so that the ordinary sessions' `engine.decide` beside it can be compared with a run without it.
final class PopupStorm: Sendable {
  private let stopped = Locked(false)
  private let task: Task<LatencyHistogram, Never>

  init(engine: SessionEngine, catalog: WebCatalog, seed: UInt64) {
    let stopped = self.stopped
    task = Task {
      let generator = WorkloadGenerator(mix: .popups, seed: seed, stream: 1_000_003, sessions: 1)
      let tab = await EngineWorker.openTab(
        id: "storm", on: catalog.start(pick: seed), engine: engine, catalog: catalog)
      var worker = EngineWorker(name: "storm", engine: engine, catalog: catalog, generator: generator, tabs: [tab])
      var operations = 0
      repeat {
        await worker.perform(intendedStart: nil)
        operations += 1
        // Let the ordinary workers run between bursts, as a page's event loop would.
        if operations % 16 == 0 { await Task.yield() }
      } while !stopped.withLock({ $0 })
      for tab in worker.tabs { tab.session.tearDown() }
      var histogram = worker.popup
      histogram.merge(worker.decide)
      return histogram
    }
  }

  /// Ends the storm; returns the latencies of its operations.
  func stop() async -> LatencyHistogram {
    stopped.withLock { $0 = true }
    return await task.value
  }
}
