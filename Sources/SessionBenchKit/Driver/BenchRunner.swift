import Foundation
import SessionKit

/// Runs the benchmark of `session-bench run`: builds the policy and the sessions, measures the memory of idle
/// sessions, drives the engine through the workload, then measures the baselines on the same requests.
///
/// Phases, in order (with `--repeat N`, phases 2–4 N times, repetition `r` in the order rotated by `r`):
/// 1. Memory: `--sessions` root sessions that each commit one URL; resident-memory growth per session.
/// 2. Engine: `--sessions` sessions shared out among the workers; each step of the workload is a `decide`
///    (`engine.decide`) or a popup's life (`engine.popup`), with its commit (untimed) when it is allowed.
/// 3. With `--hosts` or `--rules`, `engine.decide.default`: the engine phase again on a fresh engine, with the
///    catalogue's own hosts and the policy unpadded, as long as a baseline phase: the reference of their targets.
/// 4. `baseline.direct`, `baseline.actor-hop`, `baseline.naive`, `baseline.linear`, each with the same workers,
///    seed and steps.
///
/// Each phase's CPU time and involuntary context switches (``ResourceUsage``, the process's) are measured as
/// deltas; an engine result gets the share of its phase's CPU time that it gets of the phase's wall-clock time.
///
/// With `--duration T` the engine phase lasts T and each baseline 0.4 T; with `--decisions N` every phase
/// performs N operations (steps of the workload; a `_blank` link that opens a popup yields an `engine.decide`
/// and an `engine.popup` sample).
package struct BenchRunner: Sendable {
  /// The workers of an open loop: how many requests may be in flight before they queue.
  package static let openLoopWorkers = 64
  /// The length of each baseline phase relative to the engine's, in a run bounded by time.
  package static let baselineShare = 0.4

  /// The options of the run.
  package var options: BenchOptions

  /// A runner for `options`.
  package init(options: BenchOptions) {
    self.options = options
  }

  /// The number of workers (long-lived tasks) the run uses.
  package var workerCount: Int {
    switch options.load {
    case .closed(let concurrency): max(1, min(concurrency, options.sessions))
    case .open: max(1, min(Self.openLoopWorkers, options.sessions))
    }
  }

  /// Runs every phase, `--repeat` times.
  ///
  /// - Parameter progress: Where to show progress (it shows only on a terminal, after a second).
  /// - Throws: ``BenchSetupError`` when the policy or workload file cannot be read or is invalid.
  package func run(progress: ProgressLine? = nil) async throws(BenchSetupError) -> BenchReport {
    let mix = try WorkloadMix.resolve(options.workload)
    let policy = try BenchPolicy.load(options)
    let candidate = try options.shadow.map { (path) throws(BenchSetupError) in try Self.shadowCandidate(path) }
    let catalog = options.hosts > 0 ? WebCatalog(generatedHosts: options.hosts, seed: options.seed) : .standard
    let engine = SessionEngine(policy: policy, events: .none)
    let bytesPerSession = await MemoryProbe.bytesPerIdleSession(
      engine: engine, count: options.sessions, catalog: catalog)
    let setting = Setting(
      mix: mix, policy: policy, candidate: candidate, catalog: catalog, engine: engine,
      naiveHosts: Self.naiveHosts(of: policy), linearPolicy: LinearPolicy(policy),
      hopTargets: (0..<options.sessions).map { _ in HopTarget() })

    var phases: [Phase] = [.engine]
    if candidate != nil { phases.append(.shadow) }
    if options.hosts > 0 || options.rules > 0 { phases.append(.reference) }
    phases += [.direct, .actorHop, .naive, .linear]
    var repetitions: [[String: Measured]] = []
    var disagreements = 0
    let count = max(1, options.repetitions)
    let started = ContinuousClock.now
    for repetition in 0..<count {
      if count > 1, let progress {
        // The time left, from the repetitions so far: they all measure the same phases for the same length.
        let elapsed = ContinuousClock.now - started
        let left = repetition > 0 ? elapsed / repetition * (count - repetition) : nil
        progress.setSuffix(
          "  · repetition \(repetition + 1) of \(count)"
            + (left.map { String(format: " · about %.0f s left", $0.seconds.rounded(.up)) } ?? ""))
      }
      // Interleaved: repetition r starts at the r-th phase, so that no phase always runs first (just after the
      // sessions are made) or last, and a change of the machine's speed during the run reaches every phase.
      let shift = repetition % phases.count
      var measured: [String: Measured] = [:]
      for phase in phases[shift...] + phases[..<shift] {
        let outcome = try await self.measure(phase, in: setting, progress: progress)
        disagreements += outcome.disagreements
        for result in outcome.results { measured[result.name] = result }
      }
      repetitions.append(measured)
    }
    await engine.shutdown()

    var names = [BenchResult.engineDecide, BenchResult.enginePopup]
    if options.storm { names.append(BenchResult.engineStorm) }
    if phases.contains(.shadow) { names.append(BenchResult.engineDecideShadowed) }
    if phases.contains(.reference) { names.append(BenchResult.engineDecideDefault) }
    names += [
      BenchResult.baselineDirect, BenchResult.baselineActorHop, BenchResult.baselineNaive, BenchResult.baselineLinear,
    ]
    let histograms = names.map { name in
      (name: name, histogram: Self.merged(repetitions.compactMap { $0[name]?.histogram }))
    }
    let profile = BenchProfile(
      config: BenchProfile.Config(options), results: Self.combine(repetitions, names: names),
      memory: BenchProfile.Memory(bytesPerSession: bytesPerSession, peakResidentBytes: ResidentMemory.peak()))
    return BenchReport(
      profile: profile, histograms: histograms,
      summary: summary(mix: mix, rules: policy.rules.count, workers: workerCount, hosts: catalog.generatedHostCount)
        + (candidate != nil ? ", shadowing \(options.shadow ?? "") (\(disagreements) disagreements)" : ""))
  }

  /// The phases of one repetition.
  enum Phase: Sendable, Equatable {
    case engine, shadow, reference, direct, actorHop, naive, linear
  }

  /// What every phase of a run shares.
  struct Setting {
    var mix: WorkloadMix
    var policy: CompiledPolicy
    var candidate: CompiledPolicy?
    var catalog: WebCatalog
    var engine: SessionEngine
    var naiveHosts: [NaiveWorker.HostEntry]
    var linearPolicy: LinearPolicy
    var hopTargets: [HopTarget]
  }

  /// One result of one phase of one repetition.
  struct Measured {
    var name: String
    var histogram: LatencyHistogram
    var seconds: Double
    var usage: Usage?

    var result: BenchResult {
      BenchResult(name: name, histogram: histogram, elapsedSeconds: seconds, usage: usage)
    }
  }

  /// Runs one phase: the engine's yields `engine.decide`, `engine.popup` and, with `--storm`, `engine.storm`.
  private func measure(
    _ phase: Phase, in setting: Setting, progress: ProgressLine?
  ) async throws(BenchSetupError) -> (results: [Measured], disagreements: Int) {
    let workers = workerCount
    let shares = Self.shares(of: options.sessions, among: workers)
    let options = options
    func generator(_ worker: Int) -> WorkloadGenerator {
      WorkloadGenerator(mix: setting.mix, seed: options.seed, stream: worker, sessions: shares[worker].count)
    }
    func histories(_ worker: Int) -> [TabHistory] {
      shares[worker].map { TabHistory(start: setting.catalog.start(pick: UInt64($0) &* 0x9E37_79B9_7F4A_7C15)) }
    }
    switch phase {
    case .engine:
      var engineWorkers = await makeEngineWorkers(engine: setting.engine, catalog: setting.catalog, mix: setting.mix)
      let slowdown = Self.plantedDecideSlowdown
      for index in engineWorkers.indices { engineWorkers[index].plantedSlowdown = slowdown }
      let storm =
        options.storm ? PopupStorm(engine: setting.engine, catalog: setting.catalog, seed: options.seed) : nil
      let usageBefore = ResourceUsage.current()
      let engineRun = await loop(phase: "engine", isBaseline: false, progress: progress).run(engineWorkers)
      let usage = ResourceUsage.current().since(usageBefore)
      let stormHistogram = await storm?.stop()
      var decide = LatencyHistogram()
      var popup = LatencyHistogram()
      var busy = EngineWorker.Busy()
      for worker in engineRun.workers {
        decide.merge(worker.decide)
        popup.merge(worker.popup)
        busy.add(worker.busy)
        for tab in worker.tabs { tab.session.tearDown() }
      }
      engineWorkers = []
      let seconds = Double(engineRun.elapsedNanoseconds) / 1e9
      let decideShare = attributedShare(busy.decide, of: busy.total)
      let popupShare = attributedShare(busy.popup, of: busy.total)
      var results = [
        Measured(
          name: BenchResult.engineDecide, histogram: decide, seconds: seconds * decideShare,
          usage: usage.shared(decideShare)),
        Measured(
          name: BenchResult.enginePopup, histogram: popup, seconds: seconds * popupShare,
          usage: usage.shared(popupShare)),
      ]
      if let stormHistogram {
        results.append(Measured(name: BenchResult.engineStorm, histogram: stormHistogram, seconds: seconds))
      }
      return (results, 0)
    case .shadow:
      guard let candidate = setting.candidate else { return ([], 0) }
      let shadowed = await shadowPhase(
        policy: setting.policy, candidate: candidate, mix: setting.mix, catalog: setting.catalog, progress: progress)
      return (
        [Measured(name: BenchResult.engineDecideShadowed, histogram: shadowed.histogram, seconds: shadowed.seconds)],
        shadowed.disagreements
      )
    case .reference:
      let reference = try await referencePhase(mix: setting.mix, progress: progress)
      return (
        [
          Measured(
            name: BenchResult.engineDecideDefault, histogram: reference.histogram, seconds: reference.seconds,
            usage: reference.usage)
        ], 0
      )
    case .direct:
      return (
        [
          await measureBaseline(
            BenchResult.baselineDirect, progress: progress,
            workers: (0..<workers).map { worker in
              DirectWorker(
                policy: setting.policy, catalog: setting.catalog, generator: generator(worker), tabs: histories(worker))
            })
        ], 0
      )
    case .actorHop:
      return (
        [
          await measureBaseline(
            BenchResult.baselineActorHop, progress: progress,
            workers: (0..<workers).map { worker in
              ActorHopWorker(targets: shares[worker].map { setting.hopTargets[$0] }, generator: generator(worker))
            })
        ], 0
      )
    case .naive:
      return (
        [
          await measureBaseline(
            BenchResult.baselineNaive, progress: progress,
            workers: (0..<workers).map { worker in
              NaiveWorker(
                hosts: setting.naiveHosts, catalog: setting.catalog, generator: generator(worker),
                tabs: histories(worker))
            })
        ], 0
      )
    case .linear:
      return (
        [
          await measureBaseline(
            BenchResult.baselineLinear, progress: progress,
            workers: (0..<workers).map { worker in
              LinearWorker(
                policy: setting.linearPolicy, catalog: setting.catalog, generator: generator(worker),
                tabs: histories(worker))
            })
        ], 0
      )
    }
  }

  /// The environment variable of the planted-slowdown test hook (Benchmarks/README.md, "Comparing runs"): a per cent by
  /// which every timed `engine.decide` is stretched with busy work inside its measurement, so that
  /// `Benchmarks/noise-check.sh` can prove `compare` catches a slowdown. Harness only: SessionKit is not touched.
  package static let plantedSlowdownVariable = "SESSION_BENCH_TEST_SLOW_DECIDE_PERCENT"

  /// The planted slowdown as a fraction (0 without the variable).
  static var plantedDecideSlowdown: Double {
    guard let text = ProcessInfo.processInfo.environment[plantedSlowdownVariable], let percent = Double(text),
      percent.isFinite, percent > 0
    else { return 0 }
    return percent / 100
  }

  /// The profile's results from the repetitions' measurements: for one repetition, as measured; for several,
  /// each figure the median over the repetitions (``RepetitionSummary``), samples and context switches summed,
  /// CPU time per operation over all of them. Every result gets its ratios to `baseline.direct` and
  /// `baseline.naive`, and to their geometric mean (``BenchResult/baselines``), repetition by repetition.
  static func combine(_ repetitions: [[String: Measured]], names: [String]) -> [BenchResult] {
    let perRepetition: [[String: BenchResult]] = repetitions.map { $0.mapValues(\.result) }
    let baselines = [BenchResult.baselineDirect, BenchResult.baselineNaive]
    return names.map { name in
      let runs = perRepetition.compactMap { $0[name] }
      var result: BenchResult
      if runs.count == 1 {
        result = runs[0]
      } else {
        let measured = repetitions.compactMap { $0[name] }
        result = BenchResult(
          name: name, histogram: merged(measured.map(\.histogram)),
          elapsedSeconds: measured.map(\.seconds).reduce(0, +),
          usage: measured.allSatisfy { $0.usage != nil }
            ? (
              measured.compactMap { $0.usage?.cpuNanoseconds }.reduce(0, +),
              measured.compactMap { $0.usage?.involuntaryContextSwitches }.reduce(0, +)
            ) : nil)
        if let figures = ResultFigures.over(runs.map { ResultFigures.values(of: $0) }) {
          result.repetitions = RepetitionSummary(
            count: runs.count, confidence: Estimate.achievedConfidence(repetitions: runs.count), figures: figures)
          var latency = result.latencyNs
          latency.p50 = UInt64(figures.p50.median.rounded())
          latency.p90 = UInt64(figures.p90.median.rounded())
          latency.p99 = UInt64(figures.p99.median.rounded())
          latency.p999 = UInt64(figures.p999.median.rounded())
          result.latencyNs = latency
          result.throughputPerSec = figures.throughput.median
        }
      }
      var relative: [String: ResultFigures] = [:]
      for baseline in baselines where baseline != name {
        let ratios = perRepetition.compactMap { repetition -> [Double]? in
          guard let result = repetition[name], let reference = repetition[baseline] else { return nil }
          return ResultFigures.ratios(of: result, to: reference)
        }
        if let figures = ResultFigures.over(ratios) { relative[baseline] = figures }
      }
      let references = baselines.filter { $0 != name }
      let combined = perRepetition.compactMap { repetition -> [Double]? in
        guard let result = repetition[name] else { return nil }
        let measured = references.compactMap { repetition[$0] }
        guard measured.count == references.count else { return nil }
        return ResultFigures.ratios(of: result, toGeometricMeanOf: measured)
      }
      if let figures = ResultFigures.over(combined) { relative[BenchResult.baselines] = figures }
      result.relative = relative.isEmpty ? nil : relative
      return result
    }
  }

  /// In a closed loop, an engine result's throughput is its samples over its share of the phase's wall-clock
  /// time: the phase's time times the share of the workers' busy time spent in that operation (the rest went
  /// to the other result and to untimed commits). In an open loop the offered rate sets the pace, so the whole
  /// phase counts.
  func attributedShare(_ part: UInt64, of total: UInt64) -> Double {
    guard case .closed = options.load else { return 1 }
    return total > 0 ? Double(part) / Double(total) : 0
  }

  /// A result's CPU time and its phase's involuntary context switches.
  typealias Usage = (cpuNanoseconds: Double, involuntaryContextSwitches: UInt64)

  /// Runs a baseline phase and merges its workers' histograms.
  private func measureBaseline<Worker: BaselineWorker>(
    _ phase: String, progress: ProgressLine?, workers: [Worker]
  ) async -> Measured {
    let before = ResourceUsage.current()
    let run = await loop(phase: phase, isBaseline: true, progress: progress).run(workers)
    let usage = ResourceUsage.current().since(before)
    return Measured(
      name: phase, histogram: Self.merged(run.workers.map(\.histogram)),
      seconds: Double(run.elapsedNanoseconds) / 1e9, usage: usage.shared(1))
  }

  func loop(phase: String, isBaseline: Bool, progress: ProgressLine?) -> LoadLoop {
    let length: LoadLoop.Length
    switch options.length {
    case .duration(let duration):
      length = .nanoseconds(UInt64(max(duration.seconds * (isBaseline ? Self.baselineShare : 1), 0) * 1e9))
    case .decisions(let count):
      length = .operations(count)
    }
    let total: UInt64? = if case .nanoseconds(let nanoseconds) = length { nanoseconds } else { nil }
    let label = isBaseline ? phase : "\(BenchResult.engineDecide) + \(BenchResult.enginePopup)"
    return LoadLoop(load: options.load, length: length) { elapsed, fraction in
      guard let progress else { return }
      progress.update(
        "session-bench: \(label)  "
          + (total.map {
            String(format: "%.1f s / %.1f s", Double(elapsed) / 1e9, Double($0) / 1e9)
          } ?? "\(Int((fraction ?? 0) * 100)) %"))
    }
  }

  private func summary(mix: WorkloadMix, rules: Int, workers: Int, hosts: Int) -> String {
    let length =
      switch options.length {
      case .duration(let duration):
        String(format: "%.3g s engine + %.3g s per baseline", duration.seconds, duration.seconds * Self.baselineShare)
      case .decisions(let count): "\(count) operations per phase"
      }
    let load =
      switch options.load {
      case .closed: "closed loop, \(workers) workers"
      case .open(let rate): String(format: "open loop, %.0f requests/s over %d workers", rate, workers)
      }
    let repetitions = options.repetitions > 1 ? ", \(options.repetitions) interleaved repetitions" : ""
    return "\(options.sessions) sessions, \(load), \(length)\(repetitions), workload \(mix.name)"
      + (hosts > 0 ? " over \(hosts) generated hosts" : "") + ", "
      + "policy \(options.policy ?? "built-in realistic") (\(rules) rules), seed \(options.seed)"
  }

  /// Session numbers dealt round-robin: worker `w` owns `w`, `w + workers`, ….
  static func shares(of sessions: Int, among workers: Int) -> [[Int]] {
    (0..<workers).map { worker in Array(stride(from: worker, to: sessions, by: workers)) }
  }

  static func merged(_ histograms: [LatencyHistogram]) -> LatencyHistogram {
    var merged = LatencyHistogram()
    for histogram in histograms { merged.merge(histogram) }
    return merged
  }

  /// The hosts the policy names, in rule order, as sample code would list them.
  static func naiveHosts(of policy: CompiledPolicy) -> [NaiveWorker.HostEntry] {
    policy.rules.flatMap { rule in
      (rule.match.hosts ?? []).map { pattern in
        switch pattern {
        case .exact(let host): NaiveWorker.HostEntry(text: host, isSuffix: false)
        case .subdomains(let domain): NaiveWorker.HostEntry(text: "." + domain, isSuffix: true)
        }
      }
    }
  }
}

extension WorkloadMix {
  /// The workload `--workload` names: a built-in one, or else a file.
  ///
  /// - Throws: ``BenchSetupError`` when the file cannot be read or is invalid.
  package static func resolve(_ workload: String) throws(BenchSetupError) -> WorkloadMix {
    if let mix = named(workload) { return mix }
    return try load(fromFile: workload)
  }
}
