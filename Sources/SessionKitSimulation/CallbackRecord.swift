import SessionKit

/// One delegate call the simulator made, with the engine's answer.
package struct CallbackRecord: Sendable, Hashable {
  /// The delegate callbacks WebKit makes.
  package enum Callback: String, Sendable, Hashable {
    /// `webView(_:decidePolicyFor:decisionHandler:)`.
    case decidePolicyFor
    /// `webView(_:createWebViewWith:for:windowFeatures:)`.
    case createWebViewWith
    /// `webViewDidClose(_:)`.
    case webViewDidClose
  }

  /// Which callback.
  package var callback: Callback
  /// The session whose web view received it.
  package var session: SessionID
  /// The action's navigation type (not for `webViewDidClose`).
  package var navigationType: NavigationType?
  /// The action's target frame: `main`, `sub` or `none` (a new window); not for `webViewDidClose`.
  package var targetFrame: String?
  /// The answer: `allow`/`cancel`/`download` for `decidePolicyFor`; the new session's id or `nil` for
  /// `createWebViewWith`; absent for `webViewDidClose`.
  package var answer: String?
  /// The action's request URL, normalised (`""` for `window.open()` with no URL); not for `webViewDidClose`.
  package var url: String?
  /// Whether the action carried a user gesture; not for `webViewDidClose`.
  package var gesture: Bool?
  /// The action's HTTP method, `GET` or `POST` (after a redirect hop's 301/302/303, `GET`); not for
  /// `webViewDidClose`.
  package var method: String?

  /// Creates a record.
  package init(
    callback: Callback, session: SessionID, navigationType: NavigationType? = nil, targetFrame: String? = nil,
    answer: String? = nil, url: String? = nil, gesture: Bool? = nil, method: String? = nil
  ) {
    self.callback = callback
    self.session = session
    self.navigationType = navigationType
    self.targetFrame = targetFrame
    self.answer = answer
    self.url = url
    self.gesture = gesture
    self.method = method
  }

  /// The record as replay prints it: `callback`, `session`, `navigationType`, `targetFrame`, `answer`.
  package var json: JSONValue { json(details: false) }

  /// The record as replay prints it; with `details` (`session-bench replay --callback-details`), also `url`,
  /// `gesture` and `method`, for checking a run against a real engine.
  package func json(details: Bool) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("callback", .string(callback.rawValue)), ("session", .string(session.rawValue)),
    ]
    if let navigationType { members.append(("navigationType", .string(navigationType.name))) }
    if let targetFrame { members.append(("targetFrame", .string(targetFrame))) }
    if let answer { members.append(("answer", .string(answer))) }
    if details {
      if let url { members.append(("url", .string(url))) }
      if let gesture { members.append(("gesture", .bool(gesture))) }
      if let method { members.append(("method", .string(method))) }
    }
    return .object(members)
  }
}
