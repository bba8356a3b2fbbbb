import SessionKit

extension BenchResult {
  /// `engine.decide` again, on an engine that shadows the `--shadow` policy (``SessionEngine/shadow(_:)``):
  /// what evaluating every decision under a candidate too, and reporting the disagreements, costs.
  package static let engineDecideShadowed = "engine.decide.shadowed"
}

extension BenchRunner {
  /// The result of the `--shadow` phase.
  struct ShadowRun {
    var histogram: LatencyHistogram
    var seconds: Double
    /// How many `shadowDisagreement` events the engine emitted.
    var disagreements: Int
  }

  /// The candidate policy `--shadow` names.
  /// - Throws: ``BenchSetupError`` naming the file when it cannot be read or is invalid.
  static func shadowCandidate(_ path: String) throws(BenchSetupError) -> CompiledPolicy {
    var options = BenchOptions()
    options.policy = path
    return try BenchPolicy.load(options)
  }

  /// The engine phase once more, with the same workers, seed and steps, on a fresh engine that shadows
  /// `candidate` and whose events (lifecycle ones and the disagreements) a task consumes and counts, as an app
  /// would; its `decide` latencies are the `engine.decide.shadowed` row.
  func shadowPhase(
    policy: CompiledPolicy, candidate: CompiledPolicy, mix: WorkloadMix, catalog: WebCatalog, progress: ProgressLine?
  ) async -> ShadowRun {
    let engine = SessionEngine(policy: policy, events: .lifecycle)
    engine.shadow(candidate)
    let events = engine.events()
    let consumer = Task {
      var disagreements = 0
      for await event in events {
        if case .shadowDisagreement = event { disagreements += 1 }
      }
      return disagreements
    }
    var engineWorkers = await makeEngineWorkers(engine: engine, catalog: catalog, mix: mix)
    let run = await loop(phase: BenchResult.engineDecideShadowed, isBaseline: true, progress: progress)
      .run(engineWorkers)
    let (histogram, busy) = EngineWorker.finish(run.workers)
    engineWorkers = []
    await engine.shutdown()
    let seconds = Double(run.elapsedNanoseconds) / 1e9 * attributedShare(busy.decide, of: busy.total)
    return ShadowRun(histogram: histogram, seconds: seconds, disagreements: await consumer.value)
  }
}
