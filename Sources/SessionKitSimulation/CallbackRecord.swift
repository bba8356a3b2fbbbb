import SessionKit

/// One delegate call the simulator made, with the engine's answer.
public struct CallbackRecord: Sendable, Hashable {
  /// The delegate callbacks WebKit makes.
  public enum Callback: String, Sendable, Hashable {
    /// `webView(_:decidePolicyFor:decisionHandler:)`.
    case decidePolicyFor
    /// `webView(_:createWebViewWith:for:windowFeatures:)`.
    case createWebViewWith
    /// `webViewDidClose(_:)`.
    case webViewDidClose
  }

  /// Which callback.
  public var callback: Callback
  /// The session whose web view received it.
  public var session: SessionID
  /// The action's navigation type (not for `webViewDidClose`).
  public var navigationType: NavigationType?
  /// The action's target frame: `main`, `sub` or `none` (a new window); not for `webViewDidClose`.
  public var targetFrame: String?
  /// The answer: `allow`/`cancel`/`download` for `decidePolicyFor`; the new session's id or `nil` for
  /// `createWebViewWith`; absent for `webViewDidClose`.
  public var answer: String?

  /// Creates a record.
  public init(
    callback: Callback, session: SessionID, navigationType: NavigationType? = nil, targetFrame: String? = nil,
    answer: String? = nil
  ) {
    self.callback = callback
    self.session = session
    self.navigationType = navigationType
    self.targetFrame = targetFrame
    self.answer = answer
  }

  /// The record as replay prints it.
  public var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("callback", .string(callback.rawValue)), ("session", .string(session.rawValue)),
    ]
    if let navigationType { members.append(("navigationType", .string(navigationType.name))) }
    if let targetFrame { members.append(("targetFrame", .string(targetFrame))) }
    if let answer { members.append(("answer", .string(answer))) }
    return .object(members)
  }
}
