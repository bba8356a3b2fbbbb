/// The URL schemes WebKit serves itself, for the simulator's loads and the recorder's `schemes`.
package enum WebKitSchemes {
  /// The schemes WebKit loads: a main-frame navigation to any other scheme fails before it commits unless a URL
  /// scheme handler of the web view serves it (`FrameLoader` asks `canHandleRequest` after the navigation policy and
  /// reports `cannotShowURLError`; `WebPage::canHandleRequest` in `Source/WebKit/WebProcess/WebPage` answers for
  /// these, empty-document schemes such as `about`, and the schemes of the configuration's URL scheme handlers).
  package static let loaded: Set<String> = ["http", "https", "about", "data", "blob", "file"]

  /// The schemes `WKWebView.handlesURLScheme(_:)` is true for, which `setURLSchemeHandler(_:forURLScheme:)`
  /// refuses: the ones WebKit loads, and `javascript`, `ws`, `wss`, `ftp`.
  package static let handled: Set<String> = loaded.union(["javascript", "ws", "wss", "ftp"])
}
