/// A navigation WebKit asks about, mirroring `WKNavigationAction`.
///
/// `targetFrame` is `nil` for a navigation that would open a new window (a `_blank` link, `window.open`).
/// Whether a user gesture started the navigation is private in WebKit and public here, because popup
/// admission depends on it.
public struct NavigationAction: Sendable, Hashable, Codable {
  /// The requested URL, as the page gave it.
  public var requestURL: String
  /// The HTTP method of the request, `GET` unless a form posts.
  public var httpMethod: String
  /// The frame that asked for the navigation.
  public var sourceFrame: FrameInfo
  /// The frame that will navigate, or `nil` when the navigation targets a new window.
  public var targetFrame: FrameInfo?
  /// The kind of navigation.
  public var navigationType: NavigationType
  /// Whether a user gesture (a tap, a key press) started the navigation.
  public var isUserGesture: Bool
  /// The keyboard modifier flags held during a link activation (`UIKeyModifierFlags` raw value).
  public var modifierFlags: Int
  /// The mouse button of a link activation (`0` for none or the primary button).
  public var buttonNumber: Int

  /// Creates a navigation action.
  public init(
    requestURL: String, httpMethod: String = "GET", sourceFrame: FrameInfo, targetFrame: FrameInfo?,
    navigationType: NavigationType, isUserGesture: Bool, modifierFlags: Int = 0, buttonNumber: Int = 0
  ) {
    self.requestURL = requestURL
    self.httpMethod = httpMethod
    self.sourceFrame = sourceFrame
    self.targetFrame = targetFrame
    self.navigationType = navigationType
    self.isUserGesture = isUserGesture
    self.modifierFlags = modifierFlags
    self.buttonNumber = buttonNumber
  }

  /// Whether the navigation would open a new window (its target frame is `nil`).
  public var targetsNewWindow: Bool {
    // Not `targetFrame == nil`, which copies the frame to compare it.
    if case .none = targetFrame { true } else { false }
  }
}
