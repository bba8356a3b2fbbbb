import SessionBenchKit
import XCTest

final class TestWorkloadGenerator: XCTestCase {
  private func draw(_ count: Int, mix: WorkloadMix = .mixed, seed: UInt64, stream: Int = 0) -> [WorkloadStep] {
    var generator = WorkloadGenerator(mix: mix, seed: seed, stream: stream, sessions: 157)
    return (0..<count).map { _ in generator.next() }
  }

  func test_theSameSeed_drawsTheSameSteps() {
    XCTAssertEqual(draw(5_000, seed: 42), draw(5_000, seed: 42))
    XCTAssertEqual(draw(5_000, seed: 42, stream: 3), draw(5_000, seed: 42, stream: 3))
  }

  func test_anotherSeedOrStream_drawsOtherSteps() {
    XCTAssertNotEqual(draw(100, seed: 42), draw(100, seed: 43))
    XCTAssertNotEqual(draw(100, seed: 42, stream: 0), draw(100, seed: 42, stream: 1))
  }

  func test_theRandomSequence_isSplitMix64() {
    // The reference values of SplitMix64 seeded with 0.
    var random = WorkloadRandom(seed: 0)
    XCTAssertEqual(random.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(random.next(), 0x6E78_9E6A_A1B9_65F4)
  }

  func test_eachNamedMix_isDrawnWithinOnePercentagePointOfItsWeights() {
    let count = 100_000
    for mix in WorkloadMix.named {
      var counts: [WorkloadEventKind: Int] = [:]
      for step in draw(count, mix: mix, seed: 7) { counts[step.kind, default: 0] += 1 }
      for kind in WorkloadEventKind.allCases {
        let share = Double(counts[kind] ?? 0) / Double(count)
        XCTAssertEqual(share, mix.probability(of: kind), accuracy: 0.01, "\(mix.name): \(kind.name)")
      }
    }
  }

  func test_kindsWeighingZero_areNeverDrawn() {
    let steps = draw(20_000, mix: .decideOnly, seed: 1)
    XCTAssertFalse(steps.contains { $0.kind.opensPopup })
  }

  func test_sessions_areSpreadEvenly() {
    var counts = [Int](repeating: 0, count: 157)
    for step in draw(157_000, seed: 9) { counts[step.session] += 1 }
    XCTAssertGreaterThan(counts.min() ?? 0, 800)
    XCTAssertLessThan(counts.max() ?? 0, 1_200)
  }
}
