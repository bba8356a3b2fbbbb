import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Compiles policy JSON text.
func makePolicy(_ json: String) throws -> CompiledPolicy {
  try CompiledPolicy(json: Array(json.utf8))
}

/// An engine deciding with the policy in `json`, with these deciders registered, on a virtual clock: decider
/// timeouts fire only when the test moves `clock` (see ``VirtualClock``), so no test waits for real time.
func makeEngine(
  _ json: String, deciders: [String: any NavigationDecider] = [:], events: SessionEngine.EventDelivery = .all,
  clock: VirtualClock = VirtualClock()
) throws -> SessionEngine {
  SessionEngine(policy: try makePolicy(json), deciders: deciders, events: events, clock: clock)
}

/// The names a policy's traces may carry: its rules' names and `default`.
func traceNames(of policy: CompiledPolicy) -> Set<String> {
  Set(policy.rules.map(\.name)).union(["default"])
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

/// Moves `clock` by `duration` once `sleepers` tasks are asleep on it (a decider race's timer, a decider's
/// delay): how a test lets a timeout fire without waiting for real time.
func advance(_ clock: VirtualClock, by duration: Duration, onceAsleep sleepers: Int = 1) async {
  await clock.waitForSleepers(atLeast: sleepers)
  clock.advance(by: duration)
}
