import Foundation
import SessionKit

/// Runs the benchmark of `session-bench run`: builds the policy and the sessions, measures the memory of idle
/// sessions, drives the engine through the workload, then measures the baselines on the same requests.
///
/// Phases, in order:
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
public struct BenchRunner: Sendable {
  /// The workers of an open loop: how many requests may be in flight before they queue.
  public static let openLoopWorkers = 64
  /// The length of each baseline phase relative to the engine's, in a run bounded by time.
  public static let baselineShare = 0.4

  /// The options of the run.
  public var options: BenchOptions

  /// A runner for `options`.
  public init(options: BenchOptions) {
    self.options = options
  }

  /// The number of workers (long-lived tasks) the run uses.
  public var workerCount: Int {
    switch options.load {
    case .closed(let concurrency): max(1, min(concurrency, options.sessions))
    case .open: max(1, min(Self.openLoopWorkers, options.sessions))
    }
  }

  /// Runs every phase.
  ///
  /// - Parameter progress: Where to show progress (it shows only on a terminal, after a second).
  /// - Throws: ``BenchSetupError`` when the policy or workload file cannot be read or is invalid.
  public func run(progress: ProgressLine? = nil) async throws(BenchSetupError) -> BenchReport {
    let mix = try WorkloadMix.resolve(options.workload)
    let policy = try BenchPolicy.load(options)
    let candidate = try options.shadow.map { (path) throws(BenchSetupError) in try Self.shadowCandidate(path) }
    let catalog = options.hosts > 0 ? WebCatalog(generatedHosts: options.hosts, seed: options.seed) : .standard
    let engine = SessionEngine(policy: policy, events: .none)
    let bytesPerSession = await MemoryProbe.bytesPerIdleSession(
      engine: engine, count: options.sessions, catalog: catalog)

    let workers = workerCount
    let shares = Self.shares(of: options.sessions, among: workers)
    func generator(_ worker: Int) -> WorkloadGenerator {
      WorkloadGenerator(mix: mix, seed: options.seed, stream: worker, sessions: shares[worker].count)
    }
    func startPages(_ worker: Int) -> [Int] {
      shares[worker].map { catalog.start(pick: UInt64($0) &* 0x9E37_79B9_7F4A_7C15) }
    }

    // Engine.
    var engineWorkers: [EngineWorker] = []
    for worker in 0..<workers {
      var tabs: [EngineWorker.Tab] = []
      for (session, page) in zip(shares[worker], startPages(worker)) {
        tabs.append(
          await EngineWorker.openTab(id: SessionID("s\(session)"), on: page, engine: engine, catalog: catalog))
      }
      engineWorkers.append(
        EngineWorker(name: "w\(worker)", engine: engine, catalog: catalog, generator: generator(worker), tabs: tabs))
    }
    let storm = options.storm ? PopupStorm(engine: engine, catalog: catalog, seed: options.seed) : nil
    let usageBefore = ResourceUsage.current()
    let engineRun = await loop(phase: "engine", isBaseline: false, progress: progress).run(engineWorkers)
    let engineUsage = ResourceUsage.current().since(usageBefore)
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
    var shadowed: ShadowRun?
    if let candidate {
      shadowed = await shadowPhase(policy: policy, candidate: candidate, mix: mix, catalog: catalog, progress: progress)
    }
    var reference: ReferenceRun?
    if options.hosts > 0 || options.rules > 0 {
      reference = try await referencePhase(mix: mix, progress: progress)
    }

    // Baselines. Each phase's histograms are merged at once, so that only one phase's workers are alive.
    let direct = await measure(
      BenchResult.baselineDirect, progress: progress,
      workers: (0..<workers).map { worker in
        DirectWorker(
          policy: policy, catalog: catalog, generator: generator(worker),
          tabs: startPages(worker).map(TabHistory.init(start:)))
      })
    let hopTargets = (0..<options.sessions).map { _ in HopTarget() }
    let hop = await measure(
      BenchResult.baselineActorHop, progress: progress,
      workers: (0..<workers).map { worker in
        ActorHopWorker(targets: shares[worker].map { hopTargets[$0] }, generator: generator(worker))
      })
    let naiveHosts = Self.naiveHosts(of: policy)
    let naive = await measure(
      BenchResult.baselineNaive, progress: progress,
      workers: (0..<workers).map { worker in
        NaiveWorker(
          hosts: naiveHosts, catalog: catalog, generator: generator(worker),
          tabs: startPages(worker).map(TabHistory.init(start:)))
      })
    let linearPolicy = LinearPolicy(policy)
    let linear = await measure(
      BenchResult.baselineLinear, progress: progress,
      workers: (0..<workers).map { worker in
        LinearWorker(
          policy: linearPolicy, catalog: catalog, generator: generator(worker),
          tabs: startPages(worker).map(TabHistory.init(start:)))
      })
    await engine.shutdown()

    var histograms: [(name: String, histogram: LatencyHistogram)] = [
      (BenchResult.engineDecide, decide),
      (BenchResult.enginePopup, popup),
      (BenchResult.baselineDirect, direct.histogram),
      (BenchResult.baselineActorHop, hop.histogram),
      (BenchResult.baselineNaive, naive.histogram),
      (BenchResult.baselineLinear, linear.histogram),
    ]
    let engineSeconds = Double(engineRun.elapsedNanoseconds) / 1e9
    let decideShare = attributedShare(busy.decide, of: busy.total)
    let popupShare = attributedShare(busy.popup, of: busy.total)
    var seconds = [
      engineSeconds * decideShare,
      engineSeconds * popupShare,
      direct.seconds,
      hop.seconds,
      naive.seconds,
      linear.seconds,
    ]
    var usages: [Usage?] = [
      engineUsage.shared(decideShare), engineUsage.shared(popupShare), direct.usage.shared(1), hop.usage.shared(1),
      naive.usage.shared(1), linear.usage.shared(1),
    ]
    if let reference {
      histograms.insert((BenchResult.engineDecideDefault, reference.histogram), at: 2)
      seconds.insert(reference.seconds, at: 2)
      usages.insert(reference.usage, at: 2)
    }
    if let shadowed {
      histograms.insert((BenchResult.engineDecideShadowed, shadowed.histogram), at: 2)
      seconds.insert(shadowed.seconds, at: 2)
      usages.insert(nil, at: 2)
    }
    if let stormHistogram {
      histograms.insert((BenchResult.engineStorm, stormHistogram), at: 2)
      seconds.insert(engineSeconds, at: 2)
      usages.insert(nil, at: 2)
    }
    let results = zip(zip(histograms, seconds), usages).map {
      BenchResult(name: $0.0.name, histogram: $0.0.histogram, elapsedSeconds: $0.1, usage: $1)
    }
    let profile = BenchProfile(
      config: BenchProfile.Config(options), results: results,
      memory: BenchProfile.Memory(bytesPerSession: bytesPerSession, peakResidentBytes: ResidentMemory.peak()))
    return BenchReport(
      profile: profile, histograms: histograms,
      summary: summary(mix: mix, rules: policy.rules.count, workers: workers, hosts: catalog.generatedHostCount)
        + (shadowed.map { ", shadowing \(options.shadow ?? "") (\($0.disagreements) disagreements)" } ?? ""))
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
  private func measure<Worker: BaselineWorker>(
    _ phase: String, progress: ProgressLine?, workers: [Worker]
  ) async -> (histogram: LatencyHistogram, seconds: Double, usage: ResourceUsage) {
    let before = ResourceUsage.current()
    let run = await loop(phase: phase, isBaseline: true, progress: progress).run(workers)
    let usage = ResourceUsage.current().since(before)
    return (Self.merged(run.workers.map(\.histogram)), Double(run.elapsedNanoseconds) / 1e9, usage)
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
    return "\(options.sessions) sessions, \(load), \(length), workload \(mix.name)"
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
  public static func resolve(_ workload: String) throws(BenchSetupError) -> WorkloadMix {
    if let mix = named(workload) { return mix }
    return try load(fromFile: workload)
  }
}
