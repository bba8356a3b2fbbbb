/// A navigation WebKit asks about, mirroring `WKNavigationAction`. Apps that answer WebKit with delegates of their
/// own (on macOS, where the UIKit adapter does not exist) make one from each action for ``Session/decide(_:)`` and
/// ``Session/admitPopup(for:)``; `WebSessionCoordinator` makes them on iOS.
///
/// `targetFrame` is `nil` for a navigation that would open a new window (a `_blank` link, `window.open`).
/// Whether a user gesture started the navigation is private in WebKit and public here, because popup
/// admission depends on it.
public struct NavigationAction: Sendable, Hashable, Codable {
  /// The requested URL, as the page gave it.
  package var requestURL: String
  /// The HTTP method of the request, `GET` unless a form posts.
  package var httpMethod: String
  /// The frame that asked for the navigation.
  package var sourceFrame: FrameInfo
  /// The frame that will navigate, or `nil` when the navigation targets a new window.
  package var targetFrame: FrameInfo?
  /// The kind of navigation.
  package var navigationType: NavigationType
  /// Whether a user gesture (a tap, a key press) started the navigation.
  package var isUserGesture: Bool
  /// The keyboard modifier flags held during a link activation (`UIKeyModifierFlags` raw value).
  package var modifierFlags: Int
  /// The mouse button of a link activation (`0` for none or the primary button).
  package var buttonNumber: Int
  /// Whether the navigation should become a download (`WKNavigationAction.shouldPerformDownload`): a link with a
  /// `download` attribute to a URL of the page's own origin. WebKit ignores the attribute for another origin, so
  /// such a link is an ordinary navigation and this is `false`.
  package var shouldPerformDownload: Bool

  /// Creates a navigation action.
  public init(
    requestURL: String, httpMethod: String = "GET", sourceFrame: FrameInfo, targetFrame: FrameInfo?,
    navigationType: NavigationType, isUserGesture: Bool, modifierFlags: Int = 0, buttonNumber: Int = 0,
    shouldPerformDownload: Bool = false
  ) {
    self.requestURL = requestURL
    self.httpMethod = httpMethod
    self.sourceFrame = sourceFrame
    self.targetFrame = targetFrame
    self.navigationType = navigationType
    self.isUserGesture = isUserGesture
    self.modifierFlags = modifierFlags
    self.buttonNumber = buttonNumber
    self.shouldPerformDownload = shouldPerformDownload
  }

  private enum CodingKeys: String, CodingKey {
    case requestURL, httpMethod, sourceFrame, targetFrame, navigationType, isUserGesture, modifierFlags, buttonNumber
    case shouldPerformDownload
  }

  /// Decodes an action; `shouldPerformDownload` absent (an action encoded before it existed) means `false`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    requestURL = try container.decode(String.self, forKey: .requestURL)
    httpMethod = try container.decode(String.self, forKey: .httpMethod)
    sourceFrame = try container.decode(FrameInfo.self, forKey: .sourceFrame)
    targetFrame = try container.decodeIfPresent(FrameInfo.self, forKey: .targetFrame)
    navigationType = try container.decode(NavigationType.self, forKey: .navigationType)
    isUserGesture = try container.decode(Bool.self, forKey: .isUserGesture)
    modifierFlags = try container.decode(Int.self, forKey: .modifierFlags)
    buttonNumber = try container.decode(Int.self, forKey: .buttonNumber)
    shouldPerformDownload = try container.decodeIfPresent(Bool.self, forKey: .shouldPerformDownload) ?? false
  }

  /// Whether the navigation would open a new window (its target frame is `nil`).
  package var targetsNewWindow: Bool {
    // Not `targetFrame == nil`, which copies the frame to compare it.
    if case .none = targetFrame { true } else { false }
  }
}
