import Foundation
import XCTest

@testable import SessionKit

/// Every state ``PopupTreeState`` reaches within a bounded number of operations keeps issue #26's invariants, under
/// several limit settings; and the checker finds each of the issue's findings when its old behaviour is switched
/// back on. `SESSIONKIT_MODEL_DEPTH=N` explores N operations deep instead of the CI depth (see CONTRIBUTING.md);
/// `SESSIONKIT_LONG_TESTS=1` gives the CI depth.
final class PopupTreeModelCheckerTests: XCTestCase {
  /// `SESSIONKIT_MODEL_DEPTH`, or `ci` with `SESSIONKIT_LONG_TESTS=1` (``LongTests``, as `.ci/run` sets it): 5
  /// operations deep where that takes seconds in a debug build, 4 where the alphabet is larger, so that the six
  /// explorations take under a minute on two cores. Without it (a contributor's `swift test`) one operation
  /// shallower: a few seconds in all. Under a sanitizer (`SESSIONKIT_SANITIZER`, CI's ThreadSanitizer run) two
  /// operations shallower than `ci`: the state machine is a pure value with no concurrency to check, and the plain
  /// run explores it to the full depth.
  private static func depth(ci: Int) -> Int {
    let environment = ProcessInfo.processInfo.environment
    if let depth = environment["SESSIONKIT_MODEL_DEPTH"].flatMap(Int.init) { return depth }
    if environment["SESSIONKIT_SANITIZER"] != nil { return max(3, ci - 2) }
    return LongTests.enabled ? ci : max(3, ci - 1)
  }

  private static func limits(
    maxDepth: Int = 3, maxOpen: Int = 8, requireUserGesture: Bool = true, blankTimeoutMilliseconds: Int? = nil,
    maxPerMinute: Int? = nil
  ) -> PopupLimits {
    PopupLimits(
      presentation: .overlay, maxDepth: maxDepth, maxOpen: maxOpen, requireUserGesture: requireUserGesture,
      blankTimeoutMilliseconds: blankTimeoutMilliseconds, maxPerMinute: maxPerMinute)
  }

  private func explore(_ name: String, _ limits: PopupLimits, ciDepth: Int) throws {
    let depth = Self.depth(ci: ciDepth)
    let checker = try PopupTreeModelChecker(.init(name: name, limits: limits, depth: depth))
    let report = checker.run()
    print(
      "model checker \(name): \(report.states) states, \(report.transitions) transitions, depth \(report.depthReached),"
        + " \(String(format: "%.1f", report.seconds)) s")
    if let violation = report.violation {
      XCTFail("\(name): \(violation.message)\n  " + violation.trace.joined(separator: "\n  "))
    }
  }

  func test_everyStateWithinReach_keepsTheInvariants_underTheDefaultLimits() throws {
    try explore("defaults", .defaults, ciDepth: 5)
  }

  func test_everyStateWithinReach_keepsTheInvariants_withMaxOpen2() throws {
    try explore("maxOpen 2", Self.limits(maxOpen: 2), ciDepth: 5)
  }

  func test_everyStateWithinReach_keepsTheInvariants_withMaxDepth1() throws {
    try explore("maxDepth 1", Self.limits(maxDepth: 1), ciDepth: 5)
  }

  func test_everyStateWithinReach_keepsTheInvariants_withMaxPerMinute2() throws {
    try explore("maxPerMinute 2", Self.limits(maxPerMinute: 2), ciDepth: 5)
  }

  func test_everyStateWithinReach_keepsTheInvariants_withoutTheGestureRequirement() throws {
    try explore("requireUserGesture false", Self.limits(requireUserGesture: false), ciDepth: 4)
  }

  func test_everyStateWithinReach_keepsTheInvariants_withABlankTimeout() throws {
    try explore("blankTimeoutMs 1000", Self.limits(blankTimeoutMilliseconds: 1000), ciDepth: 4)
  }
}

#if DEBUG
  /// Each finding of issue #26 with its old behaviour switched back on: the checker reports it, with its trace.
  final class PopupTreeModelCheckerMutationTests: XCTestCase {
    private func violation(
      with faults: PopupTreeState.Faults, limits: PopupLimits = .defaults, depth: Int = 4,
      file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
      var settings = PopupTreeModelChecker.Settings(name: "\(faults)", limits: limits, depth: depth)
      settings.faults = faults
      let report = try PopupTreeModelChecker(settings).run()
      guard let violation = report.violation else {
        XCTFail("no violation found in \(report.states) states", file: file, line: line)
        return ""
      }
      print("mutation \(faults.rawValue): \(violation.message) after \(violation.trace.joined(separator: "; "))")
      return violation.message
    }

    func test_findsTheRateLimitExceeded_whenTheWindowIgnoresCreationsAfterAStaleClockRead() throws {
      var limits = PopupLimits.defaults
      limits.maxPerMinute = 2
      XCTAssertTrue(try violation(with: .rateWindowEndsAtNow, limits: limits).contains("within a minute"))
    }

    func test_findsAChildAnnouncedBeforeItsOpener_whenProvisionalPopupsMayOpenPopups() throws {
      XCTAssertTrue(try violation(with: .opensChildrenOfProvisional).contains("opened by provisional"))
    }

    func test_findsALoadPromisedButNotRecorded_whenExpectLoadIgnoresAProvisionalPopup() throws {
      XCTAssertTrue(try violation(with: .expectLoadIgnoresProvisional).contains("recorded nothing"))
    }

    func test_findsAFirstLoadReplaced_whenExpectLoadReplacesAPendingLoad() throws {
      XCTAssertTrue(try violation(with: .expectLoadReplacesPending).contains("replaced"))
    }

    func test_findsAnExpectationOutlivingItsPage_whenCommitsKeepIt() throws {
      XCTAssertTrue(try violation(with: .commitKeepsExpectation).contains("still expects"))
    }

    func test_findsTheRootClosedByWindowClose_whenCloseRemovesTheRootForAnyReason() throws {
      XCTAssertTrue(try violation(with: .closesRootForAnyReason).contains("the root closed"))
    }

    func test_findsAPopupAnnouncedTwice_whenConfirmAnnouncesAnyPopup() throws {
      XCTAssertTrue(try violation(with: .confirmsAnyNode).contains("announced twice"))
    }

    func test_findsAPopupCreatedAfterShutdown_whenTheFlagIsIgnored() throws {
      XCTAssertTrue(try violation(with: .admitsAfterShutdown).contains("after the engine shut down"))
    }

    func test_findsAConfirmedPopupClosedUnannounced_whenConfirmationAnnouncesNothing() throws {
      XCTAssertTrue(try violation(with: .confirmsWithoutAnnouncing).contains("closed unannounced"))
    }
  }
#endif
