@testable import SessionKit

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
