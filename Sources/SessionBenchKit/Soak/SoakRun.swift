import Foundation
import SessionKit

/// `session-bench soak`: many decisions across many roots and popups with faults injected around them, checked
/// for exactly-once delivery and event order (see ``SoakOptions``).
///
/// Time is real, with a short decider timeout (2 ms by default): a soak looks for races between timers,
/// deciders, closes and shutdowns on real threads, which a virtual clock (that moves only when told) would
/// serialise away.
package enum SoakRun {
  /// Runs the soak, writes its report and returns the exit status: 0 when nothing was violated, 1 otherwise.
  package static func main(
    _ options: SoakOptions,
    standardOutput: (String) -> Void = { print($0, terminator: "") },
    standardError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) async -> Int32 {
    let result = await SoakDriver(options).run()
    standardOutput(result.report + "\n")
    for violation in result.violations { standardError("violation: \(violation)\n") }
    return result.violations.isEmpty ? 0 : 1
  }
}

/// What a soak did and found.
package struct SoakResult: Sendable {
  /// Decisions made.
  package var decisions = 0
  /// Completion-handler calls and async returns counted in the ledger.
  package var handlerCalls = 0
  /// Injected faults by kind, and other counts (roots created, popups opened, …).
  package var counts: [String: Int] = [:]
  /// Lifecycle events read and checked.
  package var eventsChecked = 0
  /// Every violation found (capped examples, then a total).
  package var violations: [String] = []
  /// Resident memory at the start, the peak and the end, in bytes.
  package var residentStart: UInt64?
  /// See ``residentStart``.
  package var residentPeak: UInt64?
  /// See ``residentStart``.
  package var residentEnd: UInt64?
  /// Wall-clock seconds.
  package var seconds = 0.0

  /// The text report.
  package var report: String {
    func mib(_ bytes: UInt64?) -> String {
      bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a"
    }
    var lines = [
      "soak: \(decisions) decisions in \(String(format: "%.1f", seconds)) s "
        + "(\(String(format: "%.0f", Double(decisions) / max(seconds, 1e-9))) per second)",
      "handler calls: \(handlerCalls) (exactly one per decision: \(handlerCalls == decisions ? "yes" : "NO"))",
      "lifecycle events checked: \(eventsChecked)",
    ]
    for key in counts.keys.sorted() { lines.append("  \(key): \(counts[key] ?? 0)") }
    lines.append("RSS: start \(mib(residentStart)), peak \(mib(residentPeak)), end \(mib(residentEnd))")
    lines.append("violations: \(violations.count)")
    return lines.joined(separator: "\n")
  }
}

/// Runs one soak.
final class SoakDriver: Sendable {
  /// One engine slot: the engine now in it and the checker reading its events.
  private struct Slot {
    var engine: SessionEngine
    var checker: SoakEventChecker
    var generation: Int
  }

  private struct Shared {
    var nextDecision = 0
    var completed = 0
    var slots: [Slot] = []
    var retired: [(engine: SessionEngine, checker: SoakEventChecker)] = []
    var shutdowns: [Task<Void, Never>] = []
  }

  private let options: SoakOptions
  private let ledger: SoakLedger
  private let shared = Locked(Shared())
  private let policies: [CompiledPolicy]

  init(_ options: SoakOptions) {
    self.options = options
    self.ledger = SoakLedger(decisions: options.decisions)
    let timeout = options.timeoutMilliseconds
    func policy(_ defaultAction: String) -> CompiledPolicy {
      let json = """
        {"version": 1, "default": "\(defaultAction)",
         "deciders": {"timeoutMs": \(timeout), "onTimeout": "cancel"},
         "popups": {"maxOpen": 8, "maxDepth": 3, "requireUserGesture": false},
         "rules": [
           {"name": "popups", "match": {"hosts": ["pop.example"], "target": "newWindow"}, "action": {"popup": "overlay"}},
           {"name": "slow", "match": {"hosts": ["slow.example"]}, "action": {"ask": "slow"}},
           {"name": "throws", "match": {"hosts": ["throws.example"]}, "action": {"ask": "throws"}},
           {"name": "hangs", "match": {"hosts": ["hangs.example"]}, "action": {"ask": "hangs"}},
           {"name": "quick", "match": {"hosts": ["quick.example"]}, "action": {"ask": "quick"}}
         ]}
        """
      // The policy is fixed text; failing to compile it is a bug in this file.
      guard let policy = try? CompiledPolicy(json: Array(json.utf8)) else { preconditionFailure("soak policy") }
      return policy
    }
    policies = [policy("allow"), policy("cancel")]
  }

  private func makeEngine() -> (SessionEngine, SoakEventChecker) {
    let timeout = options.timeoutMilliseconds
    struct Thrown: Error {}
    let deciders: [String: any NavigationDecider] = [
      "slow": ClosureDecider { _ in
        try await Task.sleep(for: .milliseconds(timeout * 2))
        return .allow
      },
      "throws": ClosureDecider { _ in throw Thrown() },
      "hangs": ClosureDecider { _ in
        try await Task.sleep(for: .seconds(3_600))
        return .allow
      },
      "quick": ClosureDecider { _ in
        await Task.yield()
        return .allow
      },
    ]
    let engine = SessionEngine(policy: policies[0], deciders: deciders, events: .lifecycle)
    return (engine, SoakEventChecker(engine))
  }

  func run() async -> SoakResult {
    var result = SoakResult()
    for _ in 0..<options.engines {
      let (engine, checker) = makeEngine()
      shared.withLock { $0.slots.append(Slot(engine: engine, checker: checker, generation: 0)) }
    }
    result.residentStart = ResidentMemory.current()
    let start = ContinuousClock.now
    let watchdog = Task { await self.watch() }
    let counts = await withTaskGroup(of: [String: Int].self) { group in
      for worker in 0..<options.concurrency {
        group.addTask { await self.work(worker) }
      }
      var total: [String: Int] = [:]
      for await counts in group { total.merge(counts, uniquingKeysWith: +) }
      return total
    }
    watchdog.cancel()
    result.seconds = Self.seconds(ContinuousClock.now - start)
    result.counts = counts
    result.counts[Self.admittedAfterShutdown] = counts[Self.admittedAfterShutdown] ?? 0
    if let late = result.counts[Self.admittedAfterShutdown], late > 0 {
      result.violations.append("\(late) popups admitted by an engine already shut down")
    }
    result.decisions = shared.withLock { $0.completed }

    // Shut every engine down; each checker then sees its stream finish.
    let (slots, retired, shutdowns) = shared.withLock { ($0.slots, $0.retired, $0.shutdowns) }
    for task in shutdowns { await task.value }
    var checkers = retired.map(\.checker)
    for slot in slots {
      await slot.engine.shutdown()
      checkers.append(slot.checker)
    }
    var popups = 0
    for checker in checkers {
      let checked = await checker.finish()
      result.eventsChecked += checked.events
      popups += checked.popups
      if checked.violations > 0 {
        result.violations += checked.examples
        if checked.violations > checked.examples.count {
          result.violations.append("… \(checked.violations - checked.examples.count) more event-order violations")
        }
      }
    }
    result.counts["popups opened (events)"] = popups
    let ledger = ledger.violations(upTo: result.decisions)
    result.handlerCalls = ledger.calls
    result.violations += ledger.examples
    if ledger.total > ledger.examples.count {
      result.violations.append("… \(ledger.total - ledger.examples.count) more decisions not answered exactly once")
    }
    if result.decisions != options.decisions {
      result.violations.append("\(result.decisions) decisions completed of \(options.decisions)")
    }
    result.residentPeak = ResidentMemory.peak()
    result.residentEnd = ResidentMemory.current()
    return result
  }

  /// Prints progress, and ends the process with a violation when no decision completes for 60 s: a handler
  /// that is never called would otherwise hang the soak instead of failing it.
  private func watch() async {
    var last = -1
    var stalled = 0
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(1))
      let completed = shared.withLock { $0.completed }
      if completed == last {
        stalled += 1
        if stalled >= 60 {
          FileHandle.standardError.write(
            Data("violation: no decision completed for 60 s (\(completed) of \(options.decisions) done)\n".utf8))
          exit(1)
        }
      } else {
        stalled = 0
      }
      last = completed
      if !options.quiet {
        FileHandle.standardError.write(Data("soak: \(completed) / \(options.decisions)\r".utf8))
      }
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// A root this worker owns, on the engine of slot `slot`, with the popups it has open.
  private struct Root {
    var slot: Int
    var generation: Int
    var engine: SessionEngine
    var session: Session
    var popups: [Session] = []
  }

  /// One worker: takes decision numbers until there are none left; returns its fault counts.
  private func work(_ worker: Int) async -> [String: Int] {
    var random = WorkloadRandom(seed: options.seed &* 1_000_003 &+ UInt64(worker))
    var counts: [String: Int] = [:]
    let rootCount = max(1, options.roots / options.concurrency)
    var made = 0
    func makeRoot(slot: Int) -> Root {
      made += 1
      counts["roots created", default: 0] += 1
      let (engine, generation) = shared.withLock { ($0.slots[slot].engine, $0.slots[slot].generation) }
      let id = SessionID("w\(worker)r\(made)")
      return Root(slot: slot, generation: generation, engine: engine, session: engine.makeBenchRoot(id: id))
    }
    var roots = (0..<rootCount).map { makeRoot(slot: ($0 + worker) % options.engines) }
    var pending = 0
    func chance(_ rate: Double) -> Bool { rate > 0 && Double.random(in: 0..<1, using: &random) < rate }

    while true {
      let id = shared.withLock { state -> Int? in
        state.completed += pending
        guard state.nextDecision < options.decisions else { return nil }
        defer { state.nextDecision += 1 }
        return state.nextDecision
      }
      pending = 0
      guard let id else { break }
      let index = Int.random(in: 0..<roots.count, using: &random)
      if roots[index].engine.isShutDown
        || shared.withLock({ $0.slots[roots[index].slot].generation })
          != roots[index].generation
      {
        roots[index] = makeRoot(slot: roots[index].slot)
      }
      var root = roots[index]
      let engine = root.engine

      if chance(options.swapRate) {
        counts["policy swaps", default: 0] += 1
        engine.replacePolicy(policies[Int.random(in: 0..<policies.count, using: &random)])
      }
      // Which session decides: a new popup, an open one, or the root.
      var session = root.session
      var isPopup = false
      root.popups.removeAll { $0.isClosed }
      if chance(options.popupRate) {
        if root.popups.count >= 6 {
          _ = root.popups.removeFirst().windowDidClose()
          counts["popups closed to make room", default: 0] += 1
        }
        let opener = root.popups.last.flatMap { _ in Bool.random(using: &random) ? root.popups.last : nil }
        // Read before the admission: a popup admitted by an engine already shut down then is a violation.
        let wasShutDown = engine.isShutDown
        let admission = (opener ?? root.session).admitPopup(for: Self.windowOpen(id))
        if wasShutDown, admission.child != nil { counts[Self.admittedAfterShutdown, default: 0] += 1 }
        if let child = admission.child {
          counts["popups admitted", default: 0] += 1
          root.popups.append(child)
          session = child
          isPopup = true
        }
      } else if !root.popups.isEmpty && Bool.random(using: &random) {
        session = root.popups[Int.random(in: 0..<root.popups.count, using: &random)]
        isPopup = true
      }
      // Which decider the navigation reaches.
      let roll = Double.random(in: 0..<1, using: &random)
      let host: String
      if roll < options.timeoutRate {
        host = "slow"
      } else if roll < options.timeoutRate + options.throwRate {
        host = "throws"
      } else if roll < options.timeoutRate + options.throwRate + options.hangRate {
        host = "hangs"
      } else {
        host = Bool.random(using: &random) ? "quick" : "plain"
      }
      counts["decider \(host)", default: 0] += 1
      let action = Self.link("https://\(host).example/d\(id)")

      // Faults that happen while the decision is under way.
      var faults: [@Sendable () async -> Void] = []
      if isPopup, chance(options.dismissRate) {
        counts["popups dismissed mid-decision", default: 0] += 1
        faults.append { [session] in _ = session.dismiss() }
      }
      if isPopup, chance(options.closeRate) {
        counts["popups closed mid-decision", default: 0] += 1
        faults.append { [session] in _ = session.windowDidClose() }
      }
      var tornDown = false
      if chance(options.teardownRate) {
        counts["roots torn down mid-decision", default: 0] += 1
        tornDown = true
        faults.append { [root] in _ = root.session.tearDown() }
      }
      if chance(options.shutdownRate) {
        counts["engines shut down mid-decision", default: 0] += 1
        let slot = root.slot
        faults.append { [self] in self.replaceEngine(slot: slot, expected: engine) }
      }

      let ledger = self.ledger
      let midDecision = faults
      if chance(options.cancelRate) {
        counts["callers cancelled", default: 0] += 1
        let task = Task { [session] in
          _ = await session.decide(action)
          ledger.record(id)
        }
        if Bool.random(using: &random) { await Task.yield() }
        task.cancel()
        for fault in midDecision { await fault() }
        await task.value
      } else {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          session.decide(action) { _ in
            // Resume on the first call only; the ledger counts every call.
            if ledger.record(id) == 1 { continuation.resume() }
          }
          if !midDecision.isEmpty {
            Task {
              for fault in midDecision { await fault() }
            }
          }
        }
      }
      pending = 1
      if tornDown {
        roots[index] = makeRoot(slot: root.slot)
      } else {
        roots[index] = root
      }
    }
    shared.withLock { $0.completed += pending }
    for root in roots { _ = root.session.tearDown() }
    return counts
  }

  /// Puts a new engine in `slot` (when `expected` is still there) and shuts the old one down, concurrently with
  /// the decisions under way on it.
  private func replaceEngine(slot: Int, expected: SessionEngine) {
    let (engine, checker) = makeEngine()
    let replaced = shared.withLock { state -> Bool in
      guard state.slots[slot].engine === expected else { return false }
      let old = state.slots[slot]
      state.retired.append((old.engine, old.checker))
      state.slots[slot] = Slot(engine: engine, checker: checker, generation: old.generation + 1)
      state.shutdowns.append(Task { await old.engine.shutdown() })
      return true
    }
    if !replaced {
      // Another worker replaced it first; this engine was never used.
      Task { await engine.shutdown() }
      _ = checker
    }
  }

  /// The count of popups admitted by an engine that had shut down before the admission began (always reported;
  /// any is a violation).
  static let admittedAfterShutdown = "admissions after shutdown"

  private static func link(_ url: String) -> NavigationAction {
    let frame = FrameInfo(isMainFrame: true, url: "https://site.example/")
    return NavigationAction(
      requestURL: url, sourceFrame: frame, targetFrame: frame, navigationType: .linkActivated, isUserGesture: true)
  }

  private static func windowOpen(_ id: Int) -> NavigationAction {
    NavigationAction(
      requestURL: "https://pop.example/p\(id)", sourceFrame: FrameInfo(isMainFrame: true, url: "https://site.example/"),
      targetFrame: nil, navigationType: .other, isUserGesture: true)
  }
}
