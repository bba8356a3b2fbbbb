/// An asynchronous decider that `{"ask": NAME}` rules consult, registered with the engine under `NAME`.
///
/// The engine bounds every call by the policy's `deciders.timeoutMs`; on timeout, on a thrown error or on an
/// answer that is itself `ask`, `deciders.onTimeout` applies. A late answer is discarded. The engine cancels
/// the call's task once the decision is made, so a decider should honour cancellation.
public protocol NavigationDecider: Sendable {
  /// Decides one navigation.
  func decide(_ request: DeciderRequest) async throws -> PolicyAction
}

/// What a decider is asked about.
public struct DeciderRequest: Sendable, Hashable {
  /// The session the navigation happens in.
  public var session: SessionID
  /// The WebKit action.
  public var action: NavigationAction
  /// The parsed target URL.
  public var address: WebAddress
  /// The rule that asked.
  public var trace: PolicyDecision.Trace
}

/// A decider made from an async closure.
public struct ClosureDecider: NavigationDecider {
  private let body: @Sendable (DeciderRequest) async throws -> PolicyAction

  /// Wraps `body`.
  public init(_ body: @escaping @Sendable (DeciderRequest) async throws -> PolicyAction) {
    self.body = body
  }

  /// Calls the closure.
  public func decide(_ request: DeciderRequest) async throws -> PolicyAction {
    try await body(request)
  }
}
