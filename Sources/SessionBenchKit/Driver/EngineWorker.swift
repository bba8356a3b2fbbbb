import SessionKit

/// Drives the engine through the workload: one worker owns a share of the sessions, as one web view's callbacks
/// arrive one at a time, and times each `decide` (`engine.decide`) and each popup's life (`engine.popup`).
struct EngineWorker: PhaseWorker {
  /// A session and the worker's record of its history.
  struct Tab: Sendable {
    var session: Session
    var history: TabHistory
  }

  let engine: SessionEngine
  let catalog: WebCatalog
  var generator: WorkloadGenerator
  var tabs: [Tab]
  /// `engine.decide`: one `Session.decide` call, actor hop included.
  var decide = LatencyHistogram()
  /// `engine.popup`: `admitPopup`, the popup's first-load `decide`, and its `windowDidClose`.
  var popup = LatencyHistogram()
  /// Nanoseconds spent in timed `decide` calls, in popups, and in untimed engine calls (commits, new tabs),
  /// to share the phase's wall-clock time between the results.
  var busy = Busy()
  /// The planted slowdown of the noise check's test hook (``BenchRunner/plantedSlowdownVariable``): each timed
  /// `decide` is stretched by this fraction with busy work before its end is read. 0 in every ordinary run.
  var plantedSlowdown = 0.0
  private var replaced = 0
  private let name: String

  struct Busy: Sendable {
    var decide: UInt64 = 0
    var popup: UInt64 = 0
    var other: UInt64 = 0

    var total: UInt64 { decide &+ popup &+ other }

    mutating func add(_ other: Busy) {
      decide &+= other.decide
      popup &+= other.popup
      self.other &+= other.other
    }
  }

  /// A worker over `tabs`, whose sessions have committed their start pages.
  init(name: String, engine: SessionEngine, catalog: WebCatalog, generator: WorkloadGenerator, tabs: [Tab]) {
    self.name = name
    self.engine = engine
    self.catalog = catalog
    self.generator = generator
    self.tabs = tabs
  }

  /// Opens a tab on `page`: a new root session that commits it.
  static func openTab(id: SessionID, on page: Int, engine: SessionEngine, catalog: WebCatalog) async -> Tab {
    let session = engine.makeBenchRoot(id: id)
    try? await session.commit(catalog.pages[page].url, kind: .newEntry(isPost: false))
    return Tab(session: session, history: TabHistory(start: page))
  }

  mutating func perform(intendedStart: UInt64?) async {
    let step = generator.next()
    let index = step.session
    if tabs[index].history.isFull { await replaceTab(index, pick: step.pick) }
    let plan = StepPlan(step, history: tabs[index].history, catalog: catalog)
    let session = tabs[index].session

    if plan.kind == .windowOpen {
      await timePopup(plan, opener: session, from: intendedStart)
      return
    }
    let started = Timestamp.now()
    let decision = await session.decide(plan.action)
    var ended = Timestamp.now()
    if plantedSlowdown > 0 {
      let until = started &+ UInt64(Double(ended &- started) * (1 + plantedSlowdown))
      while ended < until { ended = Timestamp.now() }
    }
    decide.record(ended &- (intendedStart ?? started))
    busy.decide &+= ended &- started

    guard decision.policy == .allow else { return }
    if let commit = plan.commit {
      try? await session.commit(plan.action.requestURL, kind: commit.commitKind)
      tabs[index].history.commit(plan.page, kind: commit)
      busy.other &+= Timestamp.now() &- ended
    } else {
      await timePopup(plan, opener: session, from: nil)
    }
  }

  /// WebKit's `createWebViewWith`, then the popup's first load, then the page's `window.close()`.
  private mutating func timePopup(_ plan: StepPlan, opener: Session, from intendedStart: UInt64?) async {
    let started = Timestamp.now()
    let admission = opener.admitPopup(for: plan.action)
    if let child = admission.child {
      _ = await child.decide(plan.firstLoad(catalog: catalog))
      child.windowDidClose()
    }
    let ended = Timestamp.now()
    popup.record(ended &- (intendedStart ?? started))
    busy.popup &+= ended &- started
  }

  /// Closes a tab whose history is full and opens a new one in its place (untimed).
  private mutating func replaceTab(_ index: Int, pick: UInt64) async {
    let started = Timestamp.now()
    tabs[index].session.tearDown()
    replaced += 1
    tabs[index] = await Self.openTab(
      id: SessionID("\(name).\(index).\(replaced)"), on: catalog.start(pick: pick), engine: engine, catalog: catalog)
    busy.other &+= Timestamp.now() &- started
  }
}

extension EngineWorker {
  /// The decide histograms and busy times of a finished phase's workers, merged, after tearing down their
  /// sessions.
  static func finish(_ workers: [EngineWorker]) -> (LatencyHistogram, Busy) {
    var histogram = LatencyHistogram()
    var busy = Busy()
    for worker in workers {
      histogram.merge(worker.decide)
      busy.add(worker.busy)
      for tab in worker.tabs { tab.session.tearDown() }
    }
    return (histogram, busy)
  }
}
