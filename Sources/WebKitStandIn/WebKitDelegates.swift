import Foundation

// The delegate protocols, with the Swift signatures the iOS SDK imports. Objective-C `@optional` methods have no
// Linux equivalent: each is a requirement with a default implementation below, and the ``WebKitDriver`` is told
// which methods a delegate implements (``WebKitDriver/DelegateMethod``), as WebKit asks `respondsToSelector:`.

/// `WKNavigationDelegate.h`: `WK_SWIFT_UI_ACTOR @protocol WKNavigationDelegate <NSObject>`.
@MainActor public protocol WKNavigationDelegate: NSObjectProtocol {
  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView decidePolicyForNavigationAction:
  /// (WKNavigationAction *)navigationAction decisionHandler:(WK_SWIFT_UI_ACTOR void (^)(WKNavigationActionPolicy))
  /// decisionHandler WK_SWIFT_ASYNC(3);` — the async form Swift imports (`WK_SWIFT_ASYNC(3)`).
  func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
    -> WKNavigationActionPolicy

  /// The same method in its completion-handler form (the SDK imports both; a delegate implements one).
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView didStartProvisionalNavigation:
  /// (null_unspecified WKNavigation *)navigation;`
  func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView didCommitNavigation:(null_unspecified
  /// WKNavigation *)navigation;`
  func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView didFinishNavigation:(null_unspecified
  /// WKNavigation *)navigation;`
  func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView didFailNavigation:(null_unspecified
  /// WKNavigation *)navigation withError:(NSError *)error;`
  func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
}

extension WKNavigationDelegate {
  /// Default: not implemented (the driver does not call it unless told the delegate implements it).
  public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
    -> WKNavigationActionPolicy
  { .allow }

  /// Default: not implemented.
  public func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
  ) { decisionHandler(.allow) }

  /// Default: not implemented.
  public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}

  /// Default: not implemented.
  public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}

  /// Default: not implemented.
  public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}

  /// Default: not implemented.
  public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
}

/// `WKUIDelegate.h`: `@protocol WKUIDelegate <NSObject>` (`@MainActor` in the Swift interface of the iOS SDK).
@MainActor public protocol WKUIDelegate: NSObjectProtocol {
  /// `WKUIDelegate.h`: `- (nullable WKWebView *)webView:(WKWebView *)webView createWebViewWithConfiguration:
  /// (WKWebViewConfiguration *)configuration forNavigationAction:(WKNavigationAction *)navigationAction
  /// windowFeatures:(WKWindowFeatures *)windowFeatures;` — "The web view returned must be created with the
  /// specified configuration."
  func webView(
    _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
    for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
  ) -> WKWebView?

  /// `WKUIDelegate.h`: `- (void)webViewDidClose:(WKWebView *)webView;` (iOS 9).
  func webViewDidClose(_ webView: WKWebView)
}

extension WKUIDelegate {
  /// Default: not implemented (WebKit then cancels the new-window navigation).
  public func webView(
    _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
    for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
  ) -> WKWebView? { nil }

  /// Default: not implemented.
  public func webViewDidClose(_ webView: WKWebView) {}
}
