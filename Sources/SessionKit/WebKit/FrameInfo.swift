/// A frame taking part in a navigation, mirroring `WKFrameInfo`. Apps that answer WebKit with delegates of their own
/// (on macOS, where the UIKit adapter does not exist) make one for each ``NavigationAction``.
public struct FrameInfo: Sendable, Hashable, Codable {
  /// Whether this is the main frame of its web view.
  package var isMainFrame: Bool
  /// The URL of the frame's current request, as a string.
  package var requestURL: String
  /// The frame's security origin.
  package var securityOrigin: SecurityOrigin

  /// Creates frame information from its parts.
  package init(isMainFrame: Bool, requestURL: String, securityOrigin: SecurityOrigin) {
    self.isMainFrame = isMainFrame
    self.requestURL = requestURL
    self.securityOrigin = securityOrigin
  }

  /// Creates frame information for a frame showing `url`, deriving the security origin the way WebKit does
  /// (an opaque origin when the URL has none or cannot be parsed).
  public init(isMainFrame: Bool, url: String) {
    let origin = (try? WebAddress(url)).map(SecurityOrigin.init) ?? SecurityOrigin(protocol: "", host: "", port: 0)
    self.init(isMainFrame: isMainFrame, requestURL: url, securityOrigin: origin)
  }
}
