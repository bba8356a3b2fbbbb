@testable import SessionKit

/// Counts the deliveries of each decision id: the exactly-once ledger.
final class DeliveryLedger: Sendable {
  private let counts: TestLock<[UInt8]>
  private let issued = TestLock(0)

  /// A ledger for decision ids `0..<count`.
  init(count: Int) {
    counts = TestLock([UInt8](repeating: 0, count: count))
  }

  /// Notes that one more decision was requested.
  func issue() {
    issued.withLock { $0 += 1 }
  }

  /// How many decisions were requested.
  var issuedCount: Int { issued.withLock { $0 } }

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
