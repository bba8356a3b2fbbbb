import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// A decider that records every action it is asked about and answers `answer`.
final class RecordingDecider: NavigationDecider {
  private let answer: PolicyAction
  private let asked = Locked<[DeciderRequest]>([])

  init(answering answer: PolicyAction = .allow) {
    self.answer = answer
  }

  /// The requests so far, in order.
  var requests: [DeciderRequest] { asked.withLock { $0 } }

  func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    asked.withLock { $0.append(request) }
    return answer
  }
}
