import XCTest

@testable import SessionBenchKit

final class TestSoak: XCTestCase {
  // Deciders that sleep (timing out, hanging) are left out: they would wait on the real clock. The CI soak
  // (`session-bench soak` under ThreadSanitizer) has them.
  func test_aSmallSoakWithFaults_answersEachDecisionOnce_andFindsNoViolation() async {
    var options = SoakOptions()
    options.timeoutRate = 0
    options.hangRate = 0
    options.throwRate = 0.05
    options.decisions = 3_000
    options.roots = 16
    options.engines = 2
    options.concurrency = 8
    options.shutdownRate = 0.002
    options.teardownRate = 0.01
    options.quiet = true
    let result = await SoakDriver(options).run()

    XCTAssertEqual(result.violations, [])
    XCTAssertEqual(result.decisions, 3_000)
    XCTAssertEqual(result.handlerCalls, 3_000)
    XCTAssertGreaterThan(result.counts["popups admitted"] ?? 0, 0)
    XCTAssertGreaterThan(result.counts["callers cancelled"] ?? 0, 0)
    XCTAssertGreaterThan(result.counts["decider throws"] ?? 0, 0)
    XCTAssertGreaterThan(result.counts["popups dismissed mid-decision"] ?? 0, 0)
  }

  func test_theLedger_reportsAHandlerCalledTwice_andOneNeverCalled() {
    let ledger = SoakLedger(decisions: 200)
    for id in 0..<200 where id != 7 { ledger.record(id) }
    ledger.record(150)
    let found = ledger.violations(upTo: 200)
    XCTAssertEqual(found.total, 2)
    XCTAssertEqual(found.calls, 200)
    XCTAssertEqual(
      found.examples, ["decision 7: handler called 0 times", "decision 150: handler called 2 times"])
  }

  func test_soakOptions_parseRatesAndCounts_andRejectNonsense() throws {
    let options = try SoakOptions.parse(["--decisions", "200_000", "--hang-rate=0.1", "--quiet"])
    XCTAssertEqual(options.decisions, 200_000)
    XCTAssertEqual(options.hangRate, 0.1)
    XCTAssertTrue(options.quiet)
    XCTAssertEqual(
      try BenchCommandLine.parse(["soak", "--roots", "10"]), .soak(try SoakOptions.parse(["--roots", "10"])))
    XCTAssertThrowsError(try SoakOptions.parse(["--throw-rate", "2"])) { error in
      XCTAssertEqual((error as? UsageError)?.message, "--throw-rate: \"2\" is not a rate from 0 to 1")
    }
    XCTAssertThrowsError(try SoakOptions.parse(["--decisions", "0"]))
    XCTAssertThrowsError(try SoakOptions.parse(["--jump"]))
  }
}
