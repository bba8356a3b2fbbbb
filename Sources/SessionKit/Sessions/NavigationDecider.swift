/// An asynchronous decider that `{"ask": NAME}` rules consult, registered with the engine under `NAME`.
/// Apps implement it (or wrap a closure in ``ClosureDecider``) for the rules that `ask`.
///
/// The engine bounds every call by the policy's `deciders.timeoutMs`; on timeout, on a thrown error or on an
/// answer that is itself `ask`, `deciders.onTimeout` applies. A late answer is discarded. The engine cancels
/// the call's task once the decision is made, so a decider should honour cancellation.
public protocol NavigationDecider: Sendable {
  /// Decides one navigation.
  func decide(_ request: DeciderRequest) async throws -> PolicyAction
}

/// What a decider is asked about: the navigation an `{"ask": NAME}` rule matched. Apps read it in their
/// ``NavigationDecider``; the engine makes it.
public struct DeciderRequest: Sendable, Hashable {
  /// The session the navigation happens in.
  public var session: SessionID
  /// The WebKit action.
  package var action: NavigationAction
  /// The parsed target URL.
  package var address: WebAddress
  /// The rule that asked.
  public var trace: PolicyDecision.Trace

  /// The target URL as WebKit would load it (parsed and serialized by the URL standard: `HTTPS://Pay.Example`
  /// is `https://pay.example/`).
  public var url: String { address.serialized }
  /// How the navigation started (link, form, script or redirect, back/forward, reload).
  public var navigationType: NavigationType { action.navigationType }
  /// Where it loads: the main frame, an iframe or a new window.
  public var target: NavigationTarget { NavigationTarget(action) }
  /// Whether a user gesture (a tap) started it.
  public var isUserGesture: Bool { action.isUserGesture }
}

/// A decider made from an async closure.
/// Apps register a closure as a decider with it.
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
