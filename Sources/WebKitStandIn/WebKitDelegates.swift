import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The delegate protocols, with the Swift signatures the iOS SDK imports. Objective-C `@optional` methods have no
// Linux equivalent: each is a requirement with a default implementation below, and the ``WebKitDriver`` is told
// which methods a delegate implements (``WebKitDriver/DelegateMethod``), as WebKit asks `respondsToSelector:`:
// a delegate that conforms to ``SelectorResponding`` answers for itself, read once when it is set (as
// `NavigationState::setNavigationDelegate` and `UIDelegate::setDelegate` cache the answers).

/// Stand-in for `-[NSObject respondsToSelector:]`, which Linux's Foundation lacks: WebKit asks it of a delegate
/// once, when the delegate is set, for each optional method (by its Objective-C selector name, e.g.
/// `webView:decidePolicyForNavigationAction:decisionHandler:`), and calls only the methods answered yes.
@MainActor public protocol SelectorResponding: AnyObject {
  /// Whether the object implements the Objective-C method named `selector`.
  func responds(toSelector selector: String) -> Bool
}

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

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView decidePolicyForNavigationAction:
  /// (WKNavigationAction *)navigationAction preferences:(WKWebpagePreferences *)preferences decisionHandler:
  /// (WK_SWIFT_UI_ACTOR void (^)(WKNavigationActionPolicy, WKWebpagePreferences *))decisionHandler` (iOS 13) — "If
  /// you implement this method, -webView:decidePolicyForNavigationAction:decisionHandler: will not be called."
  /// The async form Swift imports.
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences
  ) async -> (WKNavigationActionPolicy, WKWebpagePreferences)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView decidePolicyForNavigationResponse:
  /// (WKNavigationResponse *)navigationResponse decisionHandler:(WK_SWIFT_UI_ACTOR void (^)
  /// (WKNavigationResponsePolicy))decisionHandler WK_SWIFT_ASYNC(3);` — the async form Swift imports (the handler
  /// form's block type differs between SDKs: not `@MainActor` before iOS 18).
  func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async
    -> WKNavigationResponsePolicy

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView
  /// didReceiveServerRedirectForProvisionalNavigation:(null_unspecified WKNavigation *)navigation;`
  func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView didFailProvisionalNavigation:
  /// (null_unspecified WKNavigation *)navigation withError:(NSError *)error;`
  func webView(
    _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView didReceiveAuthenticationChallenge:
  /// (NSURLAuthenticationChallenge *)challenge completionHandler:(WK_SWIFT_UI_ACTOR void (^)
  /// (NSURLSessionAuthChallengeDisposition disposition, NSURLCredential * _Nullable credential))completionHandler
  /// WK_SWIFT_ASYNC_NAME(webView(_:respondTo:));` — the async form Swift imports.
  func webView(_ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge) async
    -> (URLSession.AuthChallengeDisposition, URLCredential?)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView authenticationChallenge:
  /// (NSURLAuthenticationChallenge *)challenge shouldAllowDeprecatedTLS:(WK_SWIFT_UI_ACTOR void (^)(BOOL))
  /// decisionHandler WK_SWIFT_ASYNC_NAME(webView(_:shouldAllowDeprecatedTLSFor:)) WK_SWIFT_ASYNC(3);` (iOS 14) —
  /// the async form Swift imports.
  func webView(_ webView: WKWebView, shouldAllowDeprecatedTLSFor challenge: URLAuthenticationChallenge) async
    -> Bool

  /// `WKNavigationDelegate.h`: `- (void)webViewWebContentProcessDidTerminate:(WKWebView *)webView;` (iOS 9).
  func webViewWebContentProcessDidTerminate(_ webView: WKWebView)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView navigationAction:(WKNavigationAction *)
  /// navigationAction didBecomeDownload:(WKDownload *)download;` (iOS 14.5).
  func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload)

  /// `WKNavigationDelegate.h`: `- (void)webView:(WKWebView *)webView navigationResponse:(WKNavigationResponse *)
  /// navigationResponse didBecomeDownload:(WKDownload *)download;` (iOS 14.5).
  func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload)

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
  public func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences
  ) async -> (WKNavigationActionPolicy, WKWebpagePreferences) { (.allow, preferences) }

  /// Default: not implemented (WebKit then allows the response).
  public func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async
    -> WKNavigationResponsePolicy
  { .allow }

  /// Default: not implemented.
  public func webView(
    _ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!
  ) {}

  /// Default: not implemented.
  public func webView(
    _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
  ) {}

  /// Default: not implemented (WebKit then performs the default handling).
  public func webView(_ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge) async
    -> (URLSession.AuthChallengeDisposition, URLCredential?)
  { (.performDefaultHandling, nil) }

  /// Default: not implemented (WebKit then refuses deprecated TLS).
  public func webView(_ webView: WKWebView, shouldAllowDeprecatedTLSFor challenge: URLAuthenticationChallenge) async
    -> Bool
  { false }

  /// Default: not implemented.
  public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}

  /// Default: not implemented.
  public func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {}

  /// Default: not implemented.
  public func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload) {}

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

  /// `WKUIDelegate.h`: `- (void)webView:(WKWebView *)webView runJavaScriptAlertPanelWithMessage:(NSString *)message
  /// initiatedByFrame:(WKFrameInfo *)frame completionHandler:(WK_SWIFT_UI_ACTOR void (^)(void))completionHandler;`
  func webView(
    _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
    completionHandler: @escaping @MainActor @Sendable () -> Void)

  /// `WKUIDelegate.h`: `- (void)webView:(WKWebView *)webView runJavaScriptConfirmPanelWithMessage:(NSString *)
  /// message initiatedByFrame:(WKFrameInfo *)frame completionHandler:(WK_SWIFT_UI_ACTOR void (^)(BOOL result))
  /// completionHandler;`
  func webView(
    _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
    completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)

  /// `WKUIDelegate.h`: `- (void)webView:(WKWebView *)webView runJavaScriptTextInputPanelWithPrompt:(NSString *)
  /// prompt defaultText:(nullable NSString *)defaultText initiatedByFrame:(WKFrameInfo *)frame completionHandler:
  /// (WK_SWIFT_UI_ACTOR void (^)(NSString * _Nullable result))completionHandler;`
  func webView(
    _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
    initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void)

  /// `WKUIDelegate.h`: `- (void)webView:(WKWebView *)webView requestMediaCapturePermissionForOrigin:
  /// (WKSecurityOrigin *)origin initiatedByFrame:(WKFrameInfo *)frame type:(WKMediaCaptureType)type
  /// decisionHandler:(WK_SWIFT_UI_ACTOR void (^)(WKPermissionDecision decision))decisionHandler
  /// WK_SWIFT_ASYNC_NAME(webView(_:decideMediaCapturePermissionsFor:initiatedBy:type:)) WK_SWIFT_ASYNC(5);`
  /// (iOS 15) — the async form Swift imports.
  func webView(
    _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin,
    initiatedBy frame: WKFrameInfo, type: WKMediaCaptureType
  ) async -> WKPermissionDecision

  /// `WKUIDelegate.h`: `- (void)webView:(WKWebView *)webView requestDeviceOrientationAndMotionPermissionForOrigin:
  /// (WKSecurityOrigin *)origin initiatedByFrame:(WKFrameInfo *)frame decisionHandler:(void (^)(WKPermissionDecision
  /// decision))decisionHandler;` (iOS 15) — no async form; the iOS 18 SDK's block type (`WK_SWIFT_UI_ACTOR`).
  func webView(
    _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
    initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void)
}

extension WKUIDelegate {
  /// Default: not implemented (WebKit then cancels the new-window navigation).
  public func webView(
    _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
    for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
  ) -> WKWebView? { nil }

  /// Default: not implemented.
  public func webViewDidClose(_ webView: WKWebView) {}

  /// Default: not implemented (WebKit then shows nothing and the page's `alert` returns).
  public func webView(
    _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
    completionHandler: @escaping @MainActor @Sendable () -> Void
  ) { completionHandler() }

  /// Default: not implemented (the page's `confirm` returns false).
  public func webView(
    _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
    completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
  ) { completionHandler(false) }

  /// Default: not implemented (the page's `prompt` returns null).
  public func webView(
    _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
    initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
  ) { completionHandler(nil) }

  /// Default: not implemented (WebKit then asks the user: `prompt`).
  public func webView(
    _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin,
    initiatedBy frame: WKFrameInfo, type: WKMediaCaptureType
  ) async -> WKPermissionDecision { .prompt }

  /// Default: not implemented (WebKit then asks the user: `prompt`).
  public func webView(
    _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
    initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
  ) { decisionHandler(.prompt) }
}
