import Foundation

/// `SFSafariViewController.h`: Safari inside the app. The real class raises `NSInvalidArgumentException` for a URL
/// whose scheme is not http or https; the stand-in records it in ``rejectedNonHTTPURL`` instead.
@MainActor open class SFSafariViewController: UIViewController {
  /// The URL it was created with.
  public let url: URL
  /// Stand-in only: whether the real class would have raised (the URL was not http or https).
  public let rejectedNonHTTPURL: Bool

  /// `SFSafariViewController.h`: `- (instancetype)initWithURL:(NSURL *)URL;`
  public init(url URL: URL) {
    self.url = URL
    let scheme = URL.scheme?.lowercased()
    self.rejectedNonHTTPURL = scheme != "http" && scheme != "https"
    super.init(nibName: nil, bundle: nil)
  }
}
