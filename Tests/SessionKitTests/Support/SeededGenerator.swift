import XCTest

@testable import SessionKit

/// The tests' seeded generator: a failing random test is replayed by its seed.
typealias SeededGenerator = SplitMix64
