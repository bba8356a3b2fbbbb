import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// A hundred thousand decisions with failures injected at random, in both forms, counted per decision id:
/// none delivered twice, none missing.
final class ExactlyOnceStressTests: XCTestCase {
  /// What the decider does with one request, chosen per decision and written into the URL's path.
  private enum Behaviour: String, CaseIterable {
    /// Answers at once (an action picked from the decision id).
    case immediate
    /// Throws.
    case fails
    /// Never answers but honours cancellation: the timeout, a close, a cancellation or the shutdown ends it.
    case hangs
    /// Ignores cancellation and answers after the timeout.
    case late
  }

  /// The decider behind `{"ask": "chaos"}`: behaves as the request's path says (`/BEHAVIOUR/ID`).
  private struct ChaosDecider: NavigationDecider {
    /// The engine's clock, which the test moves forward a millisecond at a time while it runs.
    let clock: VirtualClock

    static let answers: [PolicyAction] = [
      .allow, .cancel, .download, .sameView, .external(.safari), .popup(.modal), .ask("again"),
    ]

    func decide(_ request: DeciderRequest) async throws -> PolicyAction {
      let parts = request.address.path.split(separator: "/")
      let id = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      switch parts.first.flatMap({ Behaviour(rawValue: String($0)) }) {
      case .immediate, nil:
        return Self.answers[id % Self.answers.count]
      case .fails:
        throw DeciderFailure()
      case .hangs:
        try await clock.sleep(for: .seconds(60))
        return .allow
      case .late:
        // An unstructured task does not inherit the call's cancellation: this answer arrives after the timeout.
        await Task { try? await clock.sleep(for: .milliseconds(3)) }.value
        return .allow
      }
    }
  }

  /// How the decisions ended, to show that every injected failure really happened.
  private final class OutcomeTally: Sendable {
    private let counts = TestLock<[String: Int]>([:])

    var snapshot: [String: Int] { counts.withLock { $0 } }

    func count(_ decision: NavigationDecision) {
      var keys = ["policy.\(decision.policy)"]
      if let reason = decision.outcome.blockedReason { keys.append("blocked.\(reason.rawValue)") }
      for note in decision.trace.notes {
        if note.contains("did not answer") { keys.append("timedOut") }
        if note.contains("failed") { keys.append("failed") }
        if note.contains("answered") { keys.append("answered") }
      }
      counts.withLock { counts in
        for key in keys { counts[key, default: 0] += 1 }
      }
    }
  }

  private static let policy = #"""
    {"version": 1,
     "rules": [{"name": "ask-chaos", "match": {"hosts": ["ask.example"]}, "action": {"ask": "chaos"}},
               {"name": "blocked", "match": {"hosts": ["blocked.example"]}, "action": "cancel"}],
     "default": "allow",
     "popups": {"maxDepth": 10, "maxOpen": 1000000, "requireUserGesture": false},
     "deciders": {"timeoutMs": 2, "onTimeout": "cancel"}}
    """#

  private static let scripts = 1_250
  private static let batches = 10
  private static let decisionsPerBatch = 8
  private static let decisions = scripts * batches * decisionsPerBatch
  private static let width = 16

  func test_hundredThousandDecisions_withRandomFailures_areEachDeliveredExactlyOnce() async throws {
    XCTAssertGreaterThanOrEqual(Self.decisions, 100_000)
    // Engine 0 stays up; engines 1 and 2 shut down while their sessions are deciding.
    // Virtual time: a pump moves the engines' clock a millisecond at a time, so timeouts fire in the run's own
    // time, whatever the machine's load.
    let clock = VirtualClock()
    let engines = try (0..<3).map { _ in
      try makeEngine(Self.policy, deciders: ["chaos": ChaosDecider(clock: clock)], events: .none, clock: clock)
    }
    let pump = Task {
      while !Task.isCancelled {
        clock.advance(by: .milliseconds(1))
        await Task.yield()
      }
    }
    let shutdownAtScript = [Int.max, Self.scripts / 3, 2 * Self.scripts / 3]
    let ledger = DeliveryLedger(count: Self.decisions)
    let tally = OutcomeTally()

    let finished = await finishes(within: .seconds(300)) {
      await withTaskGroup(of: Void.self) { group in
        var next = 0
        func addScript() {
          let script = next
          next += 1
          group.addTask {
            let engine = engines[script % engines.count]
            if script == shutdownAtScript[script % engines.count] { await engine.shutdown() }
            await Self.runScript(script, engine: engine, ledger: ledger, tally: tally)
          }
        }
        for _ in 0..<Self.width { addScript() }
        while await group.next() != nil {
          if next < Self.scripts && !Task.isCancelled { addScript() }
        }
      }
    }
    // Shutting down awaits every task the engines started: no delivery can follow.
    for engine in engines { await engine.shutdown() }
    pump.cancel()

    XCTAssertTrue(finished, "the run did not finish in time; missing: \(ledger.missing(issued: Self.decisions).count)")
    XCTAssertEqual(ledger.issuedCount, Self.decisions)
    XCTAssertEqual(ledger.duplicated, [], "decisions delivered more than once")
    let missing = ledger.missing(issued: Self.decisions)
    XCTAssertEqual(missing.count, 0, "decisions never delivered, e.g. \(missing.prefix(10))")
    let outcomes = tally.snapshot
    for key in [
      "timedOut", "failed", "answered", "blocked.session-closed", "blocked.cancelled", "blocked.invalid-url",
      "blocked.policy", "policy.allow", "policy.download",
    ] {
      XCTAssertGreaterThan(outcomes[key, default: 0], 0, "no decision ended as \(key): \(outcomes)")
    }
  }

  /// One root session (and popups it opens) making `batches` batches of concurrent decisions; a popup is
  /// dismissed in the middle of some batches, and the root torn down in the middle of some scripts' last.
  private static func runScript(
    _ script: Int, engine: SessionEngine, ledger: DeliveryLedger, tally: OutcomeTally
  ) async {
    var random = EngineTestRandom(seed: 0x5E55_1011 &+ UInt64(script))
    let root: Session
    do {
      root = try engine.makeRootSession(id: SessionID("s\(script)"))
    } catch {
      XCTFail("script \(script): \(error)")
      return
    }
    for batch in 0..<batches {
      let popup = root.admitPopup(for: TestAction.windowOpen("https://popup.example/\(script)")).child
      let closePopup = random.chance(20)
      let tearDownRoot = batch == batches - 1 && random.chance(10)
      await withTaskGroup(of: Void.self) { group in
        for slot in 0..<decisionsPerBatch {
          let id = (script * batches + batch) * decisionsPerBatch + slot
          let session = popup.map { random.chance(50) ? $0 : root } ?? root
          let action = TestAction.load(url(for: id, using: &random), from: "https://site.example/")
          let completionForm = random.chance(50)
          let cancelCaller = !completionForm && random.chance(10)
          ledger.issue()
          group.addTask {
            if completionForm {
              let delivered = OneShotSignal()
              session.decide(action) { decision in
                tally.count(decision)
                ledger.record(id)
                delivered.signal()
              }
              _ = await delivered.wait()
            } else {
              let caller = Task { await session.decide(action) }
              if cancelCaller {
                await Task.yield()
                caller.cancel()
              }
              let decision = await withTaskCancellationHandler {
                await caller.value
              } onCancel: {
                caller.cancel()
              }
              tally.count(decision)
              ledger.record(id)
            }
          }
        }
        if closePopup || tearDownRoot {
          await Task.yield()
          if closePopup { popup?.dismiss() }
          if tearDownRoot { root.tearDown() }
        }
      }
    }
    root.tearDown()
  }

  /// Mostly plain rules and immediate answers; some throws, hangs, late answers and unparseable URLs.
  private static func url(for id: Int, using random: inout EngineTestRandom) -> String {
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<25: return "https://allowed.example/\(id)"
    case 25..<32: return "https://blocked.example/\(id)"
    case 32..<37: return "https://exa mple.example/\(id)"
    case 37..<72: return "https://ask.example/\(Behaviour.immediate.rawValue)/\(id)"
    case 72..<86: return "https://ask.example/\(Behaviour.fails.rawValue)/\(id)"
    case 86..<95: return "https://ask.example/\(Behaviour.hangs.rawValue)/\(id)"
    default: return "https://ask.example/\(Behaviour.late.rawValue)/\(id)"
    }
  }
}
