import XCTest

@testable import SessionBenchKit

/// `session-bench instructions`, which `Benchmarks/instructions.sh` runs under callgrind: its options, and that
/// spreading `decide` over many sessions changes where a decision is made, not what it decides.
final class TestInstructionRun: XCTestCase {
  func test_options_takeAnOperationACountASeedAndSessions() throws {
    var expected = InstructionOptions(operation: .decide, count: 10)
    expected.seed = 7
    expected.sessions = 10_000
    XCTAssertEqual(
      try BenchCommandLine.parse([
        "instructions", "--op", "decide", "--count", "10", "--seed", "7", "--sessions", "10000",
      ]),
      .instructions(expected))
    XCTAssertEqual(
      try BenchCommandLine.parse(["instructions", "--op", "parse", "--count", "0"]),
      .instructions(InstructionOptions(operation: .parse, count: 0)))
  }

  func test_options_refuseSessionsForAnOperationWithout_andFewerSessionsThanPages() {
    XCTAssertThrowsError(
      try BenchCommandLine.parse(["instructions", "--op", "evaluate", "--count", "1", "--sessions", "100"])
    ) { error in
      XCTAssertTrue("\(error)".contains("--op decide only"), "\(error)")
    }
    let pages = WebCatalog.standard.pages.count
    XCTAssertThrowsError(
      try BenchCommandLine.parse(["instructions", "--op", "decide", "--count", "1", "--sessions", "\(pages - 1)"])
    ) { error in
      XCTAssertTrue("\(error)".contains("\(pages) pages"), "\(error)")
    }
    XCTAssertThrowsError(
      try BenchCommandLine.parse(["instructions", "--op", "decide", "--count", "1", "--sessions", "0"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["instructions", "--op", "fly", "--count", "1"]))
    XCTAssertThrowsError(try BenchCommandLine.parse(["instructions", "--op", "decide"]))
  }

  func test_spread_picksASessionOnTheRequestsPage_andReachesEveryOne() {
    let spread = InstructionRun.SessionSpread(sessions: 1_000, pages: 69)
    var seen: Set<Int> = []
    for call in 0..<20_000 {
      let page = call % 69
      let index = spread.session(for: page, call: call)
      XCTAssertEqual(index % 69, page)
      XCTAssertLessThan(index, 1_000)
      seen.insert(index)
    }
    XCTAssertEqual(seen.count, 1_000, "every session decides some calls")
    XCTAssertEqual(InstructionRun.SessionSpread(sessions: 69, pages: 69).session(for: 5, call: 123), 5)
  }

  func test_decide_overManySessions_decidesAsOverOnePerPage() async throws {
    let perPage = try await InstructionRun.run(InstructionOptions(operation: .decide, count: 600))
    var spread = InstructionOptions(operation: .decide, count: 600)
    spread.sessions = 500
    let overMany = try await InstructionRun.run(spread)
    XCTAssertEqual(overMany, perPage)
    XCTAssertNotEqual(perPage, 0)
  }
}
