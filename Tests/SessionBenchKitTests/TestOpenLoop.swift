import XCTest

@testable import SessionBenchKit

/// A stand-in for the engine that takes `serviceTime` per operation and keeps every latency.
private struct SlowWorker: PhaseWorker {
  var serviceTime: UInt64
  var latencies: [UInt64] = []
  var scheduled = 0

  mutating func perform(intendedStart: UInt64?) async {
    if intendedStart != nil { scheduled += 1 }
    let started = Timestamp.now()
    while Timestamp.now() &- started < serviceTime {}
    latencies.append(Timestamp.now() &- (intendedStart ?? started))
  }
}

final class TestOpenLoop: XCTestCase {
  func test_openLoopLatency_isMeasuredFromTheIntendedStart_soQueueingShows() async {
    // 1 000 requests a second for one worker that needs 2 ms each: request k waits about k ms.
    let loop = LoadLoop(load: .open(ratePerSecond: 1_000), length: .operations(20))
    let (workers, _) = await loop.run([SlowWorker(serviceTime: 2_000_000)])
    let latencies = workers[0].latencies
    XCTAssertEqual(latencies.count, 20)
    XCTAssertGreaterThanOrEqual(latencies.min() ?? 0, 2_000_000)
    // The last request was due at 19 ms and started after 20 × 2 ms of work: about 21 ms late.
    XCTAssertGreaterThan(latencies.last ?? 0, 15_000_000)
    XCTAssertGreaterThan(latencies.last ?? 0, 5 * (latencies.first ?? 0))
  }

  func test_closedLoopLatency_isTheServiceTime() async {
    let loop = LoadLoop(load: .closed(concurrency: 1), length: .operations(10))
    let (workers, _) = await loop.run([SlowWorker(serviceTime: 2_000_000)])
    XCTAssertEqual(workers[0].latencies.count, 10)
    // No operation has an intended start, so none is charged for the ones before it (no queueing): the
    // structural half, which a loaded machine cannot fail. The median then stays near the 2 ms of service; the
    // bound is wide because a shared machine can preempt any one operation for several milliseconds.
    XCTAssertEqual(workers[0].scheduled, 0)
    XCTAssertLessThan(workers[0].latencies.sorted()[5], 50_000_000)
  }

  func test_anOpenLoop_dealsOperationsRoundRobin_andStopsAtTheCount() async {
    let loop = LoadLoop(load: .open(ratePerSecond: 20_000), length: .operations(30))
    let (workers, _) = await loop.run((0..<4).map { _ in SlowWorker(serviceTime: 0) })
    XCTAssertEqual(workers.map(\.latencies.count), [8, 8, 7, 7])
  }
}
