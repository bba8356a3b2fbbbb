import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// A streamed replay decodes each step when it reaches it and writes each line when its step is done, so its
/// memory does not grow with the number of steps.
final class StreamingReplayTests: XCTestCase {
  /// A scenario of `count` steps: loads and same-site clicks in the main web view.
  private func generatedScenario(steps count: Int) -> [UInt8] {
    var text = #"{"name": "generated", "policy": {"version": 1}, "steps": ["#
    text.reserveCapacity(count * 48)
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text +=
        index % 3 == 0
        ? #"{"load": "https://shop.example/\#(index)"}"# : #"{"click": "https://shop.example/c\#(index)"}"#
    }
    text += "]}"
    return Array(text.utf8)
  }

  func test_aMillionStepFile_isDecodedStepByStep_underAFixedResidentSize() throws {
    // A million steps with SESSIONKIT_LONG_TESTS=1 (CI), 200 000 otherwise: the bound is the same.
    let steps = LongTests.enabled ? 1_000_000 : 200_000
    // Built from bytes (a generated string would cost more than the decoding in a debug build).
    let step = Array(#"{"load": "https://shop.example/a"},"#.utf8) + [0x0A]
    var bytes = Array(#"{"name": "generated", "steps": ["#.utf8)
    bytes.reserveCapacity(step.count * steps + 100)
    for _ in 0..<(steps - 1) { bytes += step }
    bytes += Array(#"{"click": "https://shop.example/last"}]}"#.utf8)
    let before = try XCTUnwrap(residentSetSize(), "no /proc/self/statm")
    let file = try ScenarioFile(json: bytes)
    var count = 0
    var last: ScenarioStep?
    for step in file.steps {
      count += 1
      last = step
    }
    let after = try XCTUnwrap(residentSetSize())

    XCTAssertEqual(file.stepCount, steps)
    XCTAssertEqual(count, steps)
    XCTAssertEqual(last?.path, "steps[\(steps - 1)]")
    XCTAssertEqual(last?.event, .click("https://shop.example/last"))
    let growth = Double(after - before) / 1_048_576
    if residentSizeBoundsApply {
      XCTAssertLessThan(growth, 16, "decoding \(steps) steps grew RSS by \(growth) MiB")
    }
  }

  func test_aStreamedReplay_writesEachLineWhenItsStepIsDone_andKeepsNone() async throws {
    let count = 30_000
    let file = try ScenarioFile(json: generatedScenario(steps: count))
    var written = 0
    var residentAtStep: [Int: Int] = [:]
    let report = try await ScenarioRunner(file: file).run(keepingLines: false) { line in
      if written < count { XCTAssertTrue(line.hasPrefix(#"{"step":\#(written),"#), line) }
      written += 1
      if written == 3_000 || written == count { residentAtStep[written] = residentSetSize() }
    }

    XCTAssertEqual(report.exitCode, 0)
    XCTAssertEqual(written, count + 1, "one line per step, then the final line")
    XCTAssertEqual(report.lines, [])
    let early = try XCTUnwrap(residentAtStep[3_000])
    let late = try XCTUnwrap(residentAtStep[count])
    let growth = Double(late - early) / 1_048_576
    if residentSizeBoundsApply {
      XCTAssertLessThan(growth, 4, "27 000 more steps grew RSS by \(growth) MiB")
    }
  }

  func test_aStreamedReplay_printsTheSameLinesAsAKeptOne() async throws {
    let bytes = Array(
      #"""
      {"policy": {"version": 1, "rules": [{"name": "pay", "match": {"hosts": ["pay.example"]}, "action": {"popup": "modal"}}]},
       "steps": [{"load": "https://shop.example/"},
                 {"open": "https://pay.example/", "gesture": true, "expect": {"outcome": "popup"}},
                 {"in": "main.1", "close": true}],
       "expectFinal": {"main": {"history": 1}}}
      """#.utf8)
    let kept = try await ScenarioRunner(scenario: Scenario(json: bytes)).run()
    var streamed: [String] = []
    let report = try await ScenarioRunner(file: ScenarioFile(json: bytes)).run(keepingLines: false) {
      streamed.append($0)
    }
    XCTAssertEqual(streamed, kept.lines)
    XCTAssertEqual(streamed.count, 4)
    XCTAssertEqual(report.failures, kept.failures)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
  }

  func test_aStreamedFile_reportsAnInvalidLaterStepBeforeAnyStepRuns() {
    let bytes = Array(#"{"steps": [{"load": "https://a.example/"}, {"load": "https://b.example/", "jump": 1}]}"#.utf8)
    XCTAssertThrowsError(try ScenarioFile(json: bytes)) { error in
      XCTAssertEqual((error as? ConfigurationError)?.path, "steps[1].jump")
    }
  }
}
