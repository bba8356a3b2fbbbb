import Foundation
import Synchronization
import XCTest

@testable import SessionKit

// Shared vocabulary of the engine tests: policies and engines from JSON text, WebKit actions as the engine
// receives them, deciders the test controls (a gate, a manual answer, a counter), an event collector that
// can tell when every event emitted so far has arrived, and a ledger that counts deliveries per decision.

// MARK: - Locking

/// Test state shared across tasks sits behind SessionKit's `Locked` (a pthread mutex), never
/// `Synchronization.Mutex`, whose locking ThreadSanitizer cannot see on Linux.
typealias TestLock<Value> = Locked<Value>

// MARK: - Policies and engines

/// Compiles policy JSON text.
func makePolicy(_ json: String) throws -> CompiledPolicy {
  try CompiledPolicy(json: Array(json.utf8))
}

/// An engine deciding with the policy in `json`, with these deciders registered.
func makeEngine(
  _ json: String, deciders: [String: any NavigationDecider] = [:], events: SessionEngine.EventDelivery = .all
) throws -> SessionEngine {
  SessionEngine(policy: try makePolicy(json), deciders: deciders, events: events)
}

/// The names a policy's traces may carry: its rules' names and `default`.
func traceNames(of policy: CompiledPolicy) -> Set<String> {
  Set(policy.rules.map(\.name)).union(["default"])
}

// MARK: - WebKit actions

/// The navigation actions WebKit hands the engine, built the way §2's callback table describes them.
enum TestAction {
  /// The frame info of a main frame showing `url`.
  static func mainFrame(_ url: String) -> FrameInfo {
    FrameInfo(isMainFrame: true, url: url)
  }

  /// A navigation of the main frame (the app's `load(_:)`, a script's `location.href`, a popup's first load):
  /// `other` unless told, no gesture unless told.
  static func load(
    _ url: String, from current: String = "about:blank", type: NavigationType = .other, gesture: Bool = false
  ) -> NavigationAction {
    let frame = mainFrame(current)
    return NavigationAction(
      requestURL: url, sourceFrame: frame, targetFrame: frame, navigationType: type, isUserGesture: gesture)
  }

  /// A link tapped in the main frame, navigating it (`_self`, `_top`): `linkActivated`, with a gesture.
  static func link(_ url: String, from current: String = "https://site.example/") -> NavigationAction {
    load(url, from: current, type: .linkActivated, gesture: true)
  }

  /// A link tapped inside an iframe that navigates the iframe.
  static func subframeLink(_ url: String, frame: String = "https://frame.example/slot") -> NavigationAction {
    let frameInfo = FrameInfo(isMainFrame: false, url: frame)
    return NavigationAction(
      requestURL: url, sourceFrame: frameInfo, targetFrame: frameInfo, navigationType: .linkActivated,
      isUserGesture: true)
  }

  /// A `_blank` link (or a form aimed at a new window): the opener's `decidePolicyFor` with a nil target, then
  /// the `createWebViewWith` request — the same action for both callbacks.
  static func blankLink(
    _ url: String, from current: String = "https://site.example/", type: NavigationType = .linkActivated,
    gesture: Bool = true
  ) -> NavigationAction {
    NavigationAction(
      requestURL: url, sourceFrame: mainFrame(current), targetFrame: nil, navigationType: type,
      isUserGesture: gesture)
  }

  /// `window.open(url)`: `createWebViewWith` with an `other` action and a nil target; `url` empty for
  /// `window.open()`.
  static func windowOpen(
    _ url: String, from current: String = "https://site.example/", gesture: Bool = true
  ) -> NavigationAction {
    blankLink(url, from: current, type: .other, gesture: gesture)
  }
}

extension XCTestCase {
  /// Admits a popup of `opener` for `action` and returns the child, failing the test when none was created.
  func openPopup(
    from opener: Session, _ action: NavigationAction, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Session {
    let admission = opener.admitPopup(for: action)
    return try XCTUnwrap(
      admission.child,
      "no popup for \(action.requestURL): \(admission.outcome), "
        + "\(admission.trace)", file: file, line: line)
  }

  /// Admits a popup of `opener` for `window.open(url)` with a gesture.
  func openPopup(
    from opener: Session, _ url: String = "https://popup.example/", file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> Session {
    try openPopup(from: opener, TestAction.windowOpen(url), file: file, line: line)
  }
}

// MARK: - Waiting

/// A gate tasks wait at until a test opens it. Once open it stays open.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var cancelledWaiters: Set<UInt64> = []
  }

  private let state = TestLock(State())

  /// Whether the gate was opened.
  var isOpen: Bool { state.withLock { $0.isOpen } }

  /// Opens the gate, releasing every waiter.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the gate opens, ignoring cancellation (a decider that does not honour it).
  func wait() async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await park(id)
  }

  /// Waits until the gate opens or the task is cancelled.
  /// - Throws: `CancellationError` when the task was cancelled before the gate opened.
  func waitHonouringCancellation() async throws {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await park(id)
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let waiter = state.waiters.removeValue(forKey: id) else {
          state.cancelledWaiters.insert(id)  // not parked yet: `park` returns at once
          return nil
        }
        return waiter
      }
      waiter?.resume()
    }
    if !isOpen { throw CancellationError() }
  }

  private func park(_ id: UInt64) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen || state.cancelledWaiters.remove(id) != nil { return true }
        state.waiters[id] = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}

/// Polls `condition` every millisecond until it holds or `timeout` passes; returns whether it held.
func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while !condition() {
    if clock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

// MARK: - Deciders

/// A decider that waits at a gate, then answers whatever the test set. One that honours cancellation ends with
/// `CancellationError` when the engine cancels it; one that does not keeps waiting and answers late.
final class ManualDecider: NavigationDecider {
  private struct State {
    var answer: PolicyAction = .allow
    var requests: [DeciderRequest] = []
    var returned = 0
    var cancelled = 0
  }

  private let gate = Gate()
  private let state = TestLock(State())
  private let honoursCancellation: Bool

  /// A decider that answers once ``answer(_:)`` is called.
  init(honoursCancellation: Bool = true) {
    self.honoursCancellation = honoursCancellation
  }

  /// The requests received so far, in order.
  var requests: [DeciderRequest] { state.withLock { $0.requests } }
  /// How many calls were made.
  var callCount: Int { state.withLock { $0.requests.count } }
  /// How many calls returned an answer (late ones included).
  var returnedCount: Int { state.withLock { $0.returned } }
  /// How many calls ended because the engine cancelled them.
  var cancelledCount: Int { state.withLock { $0.cancelled } }

  /// Answers every waiting call, and every later one at once, with `action`.
  func answer(_ action: PolicyAction) {
    state.withLock { $0.answer = action }
    gate.open()
  }

  /// Waits until `count` calls were made; returns whether that happened in time.
  func waitForCalls(_ count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
    await eventually(timeout: timeout) { callCount >= count }
  }

  /// Waits until `count` calls returned an answer; returns whether that happened in time.
  func waitForReturns(_ count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
    await eventually(timeout: timeout) { returnedCount >= count }
  }

  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    state.withLock { $0.requests.append(request) }
    if honoursCancellation {
      do {
        try await gate.waitHonouringCancellation()
      } catch {
        state.withLock { $0.cancelled += 1 }
        throw error
      }
    } else {
      await gate.wait()
    }
    return state.withLock { state in
      state.returned += 1
      return state.answer
    }
  }
}

/// A decider that answers at once with a fixed action and counts its calls.
final class CountingDecider: NavigationDecider {
  private let answer: PolicyAction
  private let calls = Atomic<Int>(0)

  /// A decider answering `answer`.
  init(answering answer: PolicyAction) {
    self.answer = answer
  }

  /// How many calls were made.
  var callCount: Int { calls.load(ordering: .acquiring) }

  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    calls.add(1, ordering: .acquiringAndReleasing)
    return answer
  }
}

/// The error a failing decider throws.
struct DeciderFailure: Error, CustomStringConvertible {
  var description: String { "the decider failed on purpose" }
}

/// A decider that always throws ``DeciderFailure``.
struct ThrowingDecider: NavigationDecider {
  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    throw DeciderFailure()
  }
}

// MARK: - Events

/// Collects ``SessionEngine/events``. ``settle()`` emits a marker through the engine and waits for it, so
/// that every event emitted before the call is in the result.
final class EventCollector: Sendable {
  private final class Storage: Sendable {
    private struct State {
      var events: [SessionEvent] = []
      var taken = 0
      var markersSeen: Set<Int> = []
      var nextMarker = 0
      var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
      var isFinished = false
    }

    private let state = TestLock(State())

    var events: [SessionEvent] { state.withLock { $0.events } }

    /// The events not returned by an earlier call.
    func takeNew() -> [SessionEvent] {
      state.withLock { state in
        defer { state.taken = state.events.count }
        return Array(state.events[state.taken...])
      }
    }

    func nextMarker() -> Int {
      state.withLock { state in
        state.nextMarker += 1
        return state.nextMarker
      }
    }

    func receive(_ event: SessionEvent) {
      guard case .popupClosed(let id, _) = event, let marker = EventCollector.marker(in: id) else {
        state.withLock { $0.events.append(event) }
        return
      }
      let waiter = state.withLock { state in
        state.markersSeen.insert(marker)
        return state.waiters.removeValue(forKey: marker)
      }
      waiter?.resume()
    }

    func finish() {
      let waiters = state.withLock { state in
        state.isFinished = true
        defer { state.waiters = [:] }
        return Array(state.waiters.values)
      }
      for waiter in waiters { waiter.resume() }
    }

    func wait(for marker: Int) async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if state.isFinished || state.markersSeen.contains(marker) { return true }
          state.waiters[marker] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    }
  }

  private static let markerPrefix = "event-collector-marker."

  private static func marker(in id: SessionID) -> Int? {
    guard id.rawValue.hasPrefix(markerPrefix) else { return nil }
    return Int(id.rawValue.dropFirst(markerPrefix.count))
  }

  private let engine: SessionEngine
  private let storage = Storage()
  private let consumer: Task<Void, Never>

  /// Starts collecting `engine`'s events (an engine made with ``SessionEngine/EventDelivery/all`` or
  /// ``SessionEngine/EventDelivery/lifecycle``).
  init(_ engine: SessionEngine) {
    self.engine = engine
    let storage = self.storage
    let events = engine.events
    consumer = Task {
      for await event in events { storage.receive(event) }
      storage.finish()
    }
  }

  /// Every event received so far, without waiting.
  var received: [SessionEvent] { storage.events }

  /// The events emitted since the previous `settle()` (since the engine started, the first time) up to this
  /// call, in order: waits until all of them have arrived.
  func settle() async -> [SessionEvent] {
    let marker = storage.nextMarker()
    engine.emit(.popupClosed(SessionID(EventCollector.markerPrefix + String(marker)), reason: .teardown))
    await storage.wait(for: marker)
    return storage.takeNew()
  }

  /// Stops collecting; the events stay readable.
  func stop() async {
    consumer.cancel()
    await consumer.value
  }
}

extension SessionEvent {
  /// The closed session and reason, for a `popupClosed` event.
  var closed: (id: SessionID, reason: CloseReason)? {
    if case .popupClosed(let id, let reason) = self { return (id, reason) }
    return nil
  }

  /// The child, opener and presentation, for a `popupOpened` event.
  var opened: (child: SessionID, opener: SessionID, presentation: PopupPresentation, url: String)? {
    if case .popupOpened(let child, let opener, let presentation, let url) = self {
      return (child, opener, presentation, url)
    }
    return nil
  }

  /// The session, URL and app, for an `openedExternally` event.
  var external: (session: SessionID, url: String, via: ExternalApp)? {
    if case .openedExternally(let session, let url, let via) = self { return (session, url, via) }
    return nil
  }

  /// The session, URL and decision, for a `navigationDecided` event.
  var decided: (session: SessionID, url: String, decision: NavigationDecision)? {
    if case .navigationDecided(let session, let url, let decision) = self { return (session, url, decision) }
    return nil
  }
}

// MARK: - Counting deliveries

/// Counts the deliveries of each decision id: the exactly-once ledger.
final class DeliveryLedger: Sendable {
  private let counts: TestLock<[UInt8]>
  private let issued = Atomic<Int>(0)

  /// A ledger for decision ids `0..<count`.
  init(count: Int) {
    counts = TestLock([UInt8](repeating: 0, count: count))
  }

  /// Notes that one more decision was requested.
  func issue() {
    issued.add(1, ordering: .relaxed)
  }

  /// How many decisions were requested.
  var issuedCount: Int { issued.load(ordering: .relaxed) }

  /// Records one delivery of decision `id`; returns how many deliveries it has had, this one included.
  @discardableResult
  func record(_ id: Int) -> Int {
    counts.withLock { counts in
      counts[id] &+= 1
      return Int(counts[id])
    }
  }

  /// How many ids were delivered at least once.
  var deliveredCount: Int { counts.withLock { $0.lazy.filter { $0 > 0 }.count } }
  /// The ids delivered more than once.
  var duplicated: [Int] { counts.withLock { counts in counts.indices.filter { counts[$0] > 1 } } }
  /// The ids among `0..<issued` never delivered.
  func missing(issued: Int) -> [Int] {
    counts.withLock { counts in (0..<issued).filter { counts[$0] == 0 } }
  }
}

/// Resumes one waiter once, however many times it is signalled: how a completion-handler caller waits in
/// tests without trusting the engine to call the handler only once. Waiting honours cancellation.
final class OneShotSignal: Sendable {
  private struct State {
    var isSignalled = false
    var isCancelled = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = TestLock(State())

  /// Wakes the waiter (now or when it starts waiting).
  func signal() {
    let waiter = state.withLock { state in
      state.isSignalled = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Waits for the signal; returns whether it came (`false` when the task was cancelled first).
  func wait() async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if state.isSignalled || state.isCancelled { return true }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.isCancelled = true
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume()
    }
    return state.withLock { $0.isSignalled }
  }
}

/// Records every call of a completion handler, so a test can assert it was called exactly once.
final class DecisionRecorder: Sendable {
  private let calls = TestLock<[NavigationDecision]>([])

  /// The completion handler to pass to ``Session/decide(_:completionHandler:)``.
  var handler: @Sendable (NavigationDecision) -> Void {
    { [self] decision in self.calls.withLock { $0.append(decision) } }
  }

  /// Every decision delivered so far, in order.
  var decisions: [NavigationDecision] { calls.withLock { $0 } }

  /// Waits until the handler was called `count` times; returns whether that happened in time.
  func waitForDeliveries(_ count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
    await eventually(timeout: timeout) { decisions.count >= count }
  }

  /// Waits for the first delivery, then a little longer so that a second one would show, and returns the
  /// only decision; fails the test when there is not exactly one.
  func onlyDecision(
    settling: Duration = .milliseconds(20), file: StaticString = #filePath, line: UInt = #line
  ) async throws -> NavigationDecision {
    _ = await waitForDeliveries(1)
    try? await Task.sleep(for: settling)
    let decisions = self.decisions
    XCTAssertEqual(decisions.count, 1, "completion handler calls: \(decisions)", file: file, line: line)
    return try XCTUnwrap(decisions.first, "the completion handler was never called", file: file, line: line)
  }
}

/// The stress runs draw from the same SplitMix64 as the policy tests, so a run replays from its seed.
typealias EngineTestRandom = SeededGenerator

extension SeededGenerator {
  /// `true` with probability `percent` in 100.
  mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }
}

/// Runs `body`; when it has not finished after `timeout`, cancels it and returns `false`. `body` must end
/// promptly once cancelled.
func finishes(within timeout: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await body()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}
