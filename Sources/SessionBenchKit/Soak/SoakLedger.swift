import SessionKit

/// Counts the completion-handler calls of every decision, by decision number, in shards so that workers on
/// different threads rarely contend; at the end every count must be exactly 1.
final class SoakLedger: Sendable {
  private static let shardCount = 64
  private let shards: [Locked<[UInt8]>]

  init(decisions: Int) {
    let perShard = decisions / Self.shardCount + 1
    shards = (0..<Self.shardCount).map { _ in Locked([UInt8](repeating: 0, count: perShard)) }
  }

  /// Counts one handler call of decision `id`; returns the calls so far (saturating at 255).
  @discardableResult
  func record(_ id: Int) -> Int {
    shards[id % Self.shardCount].withLock { counts in
      let slot = id / Self.shardCount
      if counts[slot] < 255 { counts[slot] += 1 }
      return Int(counts[slot])
    }
  }

  /// The decisions among the first `count` whose handler was not called exactly once, with their counts.
  func violations(upTo count: Int) -> (total: Int, calls: Int, examples: [String]) {
    var total = 0
    var calls = 0
    var examples: [String] = []
    for id in 0..<count {
      let n = Int(shards[id % Self.shardCount].withLock { $0[id / Self.shardCount] })
      calls += n
      if n != 1 {
        total += 1
        if examples.count < 10 { examples.append("decision \(id): handler called \(n) times") }
      }
    }
    return (total, calls, examples)
  }
}

/// Reads one engine's events and checks their order per session: no `popupOpened` twice, none after the
/// session's `popupClosed`, no `popupClosed` twice.
final class SoakEventChecker: Sendable {
  private struct State {
    var opened = Set<SessionID>()
    var closed = Set<SessionID>()
    var events = 0
    var violations = 0
    var examples: [String] = []

    mutating func violation(_ text: String) {
      violations += 1
      if examples.count < 10 { examples.append(text) }
    }
  }

  private let state = Locked(State())
  private let reader: Task<Void, Never>

  init(_ engine: SessionEngine) {
    let state = self.state
    let events = engine.events()
    reader = Task {
      for await event in events {
        state.withLock { state in
          state.events += 1
          switch event {
          case .popupOpened(let child, _, _, _):
            if state.closed.contains(child) {
              state.violation("\(child): popupOpened after popupClosed")
            } else if !state.opened.insert(child).inserted {
              state.violation("\(child): popupOpened twice")
            }
          case .popupClosed(let id, _):
            if !state.closed.insert(id).inserted { state.violation("\(id): popupClosed twice") }
          default: break
          }
        }
      }
    }
  }

  /// Waits for the stream to finish (after the engine's shutdown); returns what was checked.
  func finish() async -> (events: Int, popups: Int, violations: Int, examples: [String]) {
    await reader.value
    return state.withLock { ($0.events, $0.opened.count, $0.violations, $0.examples) }
  }
}
