import SessionKit

extension BenchRunner {
  /// The result of the reference phase of a run with `--hosts` or `--rules`.
  struct ReferenceRun {
    var histogram: LatencyHistogram
    var seconds: Double
    var usage: Usage
  }

  /// The engine phase once more, as long as a baseline phase, with the same workers, seed and steps, on a fresh
  /// engine with the catalogue's own hosts and the policy without `--rules` padding: `engine.decide.default`,
  /// what `engine.decide` at `--hosts N` or `--rules N` is divided by in the targets. (Measured in the same
  /// process, minutes apart at most, so that the ratio is not a comparison of two runs on a noisy machine.)
  ///
  /// - Throws: ``BenchSetupError`` when the policy file cannot be read (it was read before, so only if it changed).
  func referencePhase(mix: WorkloadMix, progress: ProgressLine?) async throws(BenchSetupError) -> ReferenceRun {
    var unpadded = options
    unpadded.rules = 0
    let policy = try BenchPolicy.load(unpadded)
    let catalog = WebCatalog.standard
    let engine = SessionEngine(policy: policy, events: .none)
    let engineWorkers = await makeEngineWorkers(engine: engine, catalog: catalog, mix: mix)
    let before = ResourceUsage.current()
    let run = await loop(phase: BenchResult.engineDecideDefault, isBaseline: true, progress: progress)
      .run(engineWorkers)
    let usage = ResourceUsage.current().since(before)
    let (histogram, busy) = EngineWorker.finish(run.workers)
    await engine.shutdown()
    let share = attributedShare(busy.decide, of: busy.total)
    return ReferenceRun(
      histogram: histogram, seconds: Double(run.elapsedNanoseconds) / 1e9 * share, usage: usage.shared(share))
  }

  /// One engine worker per worker of the run, each over its share of `--sessions` fresh root sessions that have
  /// committed their start pages, drawing the run's streams.
  func makeEngineWorkers(engine: SessionEngine, catalog: WebCatalog, mix: WorkloadMix) async -> [EngineWorker] {
    let workers = workerCount
    let shares = Self.shares(of: options.sessions, among: workers)
    var engineWorkers: [EngineWorker] = []
    for worker in 0..<workers {
      var tabs: [EngineWorker.Tab] = []
      for session in shares[worker] {
        let page = catalog.start(pick: UInt64(session) &* 0x9E37_79B9_7F4A_7C15)
        tabs.append(
          await EngineWorker.openTab(id: SessionID("s\(session)"), on: page, engine: engine, catalog: catalog))
      }
      engineWorkers.append(
        EngineWorker(
          name: "w\(worker)", engine: engine, catalog: catalog,
          generator: WorkloadGenerator(mix: mix, seed: options.seed, stream: worker, sessions: shares[worker].count),
          tabs: tabs))
    }
    return engineWorkers
  }
}
