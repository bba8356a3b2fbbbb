import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// What WebKit sees as the `navigationDelegate` and `uiDelegate` of every web view a ``WebSessionCoordinator``
  /// binds: it conforms to `WKNavigationDelegate` and `WKUIDelegate` so that the coordinator does not have to (a
  /// public type's witnesses of a public protocol would be its public API), hands what SessionKit decides to the
  /// coordinator, and the rest to the app's own delegates, which it holds (weakly, as WebKit would).
  ///
  /// The coordinator owns it strongly: WebKit holds delegates weakly. It holds the coordinator weakly; a call that
  /// reaches it after the coordinator has gone (only possible while one is under way) gets WebKit's answer for a
  /// web view nobody decides: nothing loads, no window opens, a panel is dismissed. Which selectors it claims is
  /// `DelegateForwarding`'s rule.
  @MainActor
  final class WebKitDelegateProxy: NSObject {
    /// The coordinator that decides for the web views this proxy is the delegate of.
    weak var coordinator: WebSessionCoordinator?
    /// The app's navigation delegate (``WebSessionCoordinator/navigationDelegate``).
    weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The app's UI delegate (``WebSessionCoordinator/uiDelegate``).
    weak var uiDelegate: (any WKUIDelegate)?
    /// The forwarded selectors the app's delegates implement, as `responds(to:)` reads them on any thread; the main
    /// actor rewrites it whenever those delegates change (``appDelegatesChanged()``).
    nonisolated let claimedSelectors = Locked<Set<String>>([])

    /// Reads again which forwarded selectors the app's delegates implement. The caller then sets the web views'
    /// delegates again, so that WebKit asks anew.
    func appDelegatesChanged() {
      claimedSelectors.withLock { $0 = forwardedSelectorsClaimed() }
    }

    // MARK: - WKNavigationDelegate: decided by SessionKit

    /// The coordinator decides (``WebSessionCoordinator/decidePolicy(for:in:)``).
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
      -> WKNavigationActionPolicy
    {
      // Nothing loads unjudged.
      guard let coordinator else { return .cancel }
      return await coordinator.decidePolicy(for: navigationAction, in: webView)
    }

    /// Recorded in the session, then forwarded to the app's navigation delegate.
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
      coordinator?.didCommit(in: webView)
      Forwarding.didCommit(navigationDelegate, webView, navigation)
    }

    /// Told to the recorder, then forwarded to the app's navigation delegate.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
      coordinator?.didFinish(in: webView)
      Forwarding.didFinish(navigationDelegate, webView, navigation)
    }

    // MARK: - WKUIDelegate: decided by SessionKit

    /// The coordinator admits or refuses the popup (``WebSessionCoordinator/createWebView(with:for:in:)``).
    func webView(
      _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
      for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
      coordinator?.createWebView(with: configuration, for: navigationAction, in: webView)
    }

    /// The session decides; the root's `window.close()` goes on to the app's UI delegate.
    func webViewDidClose(_ webView: WKWebView) {
      if coordinator?.windowDidClose(in: webView) == true { Forwarding.didClose(uiDelegate, webView) }
    }

    // MARK: - JavaScript panels

    // Payment and 3-D Secure pages use `alert`, `confirm` and `prompt`, and WebKit shows nothing (`alert` returns,
    // `confirm` is false, `prompt` null) unless the UI delegate answers. The app's UI delegate answers when it
    // implements the panel; otherwise the coordinator's presenter shows one (`UIAlertController`).

    /// The page's `alert(message)`: the app's UI delegate, or the presenter's panel.
    func webView(
      _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
      completionHandler: @escaping AlertPanelCompletion
    ) {
      let selector = "webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:"
      if let app = uiDelegate, Forwarding.implements(app, selector) {
        #if canImport(UIKit) && canImport(WebKit)
          app.webView?(
            webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #else
          app.webView(
            webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #endif
        return
      }
      guard let coordinator else { return completionHandler() }
      let panel = JavaScriptPanel(kind: .alert, message: message, frameHost: Self.host(of: frame))
      coordinator.runPanel(panel, in: webView) { _ in completionHandler() }
    }

    /// The page's `confirm(message)`: the app's UI delegate, or the presenter's panel (OK is true).
    func webView(
      _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
      completionHandler: @escaping ConfirmPanelCompletion
    ) {
      let selector = "webView:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:"
      if let app = uiDelegate, Forwarding.implements(app, selector) {
        #if canImport(UIKit) && canImport(WebKit)
          app.webView?(
            webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #else
          app.webView(
            webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #endif
        return
      }
      guard let coordinator else { return completionHandler(false) }
      let panel = JavaScriptPanel(kind: .confirm, message: message, frameHost: Self.host(of: frame))
      coordinator.runPanel(panel, in: webView) {
        if case .ok = $0 { completionHandler(true) } else { completionHandler(false) }
      }
    }

    /// The page's `prompt(message, defaultText)`: the app's UI delegate, or the presenter's panel (OK gives the
    /// text, Cancel null).
    func webView(
      _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
      initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping TextInputPanelCompletion
    ) {
      let selector = "webView:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:"
      if let app = uiDelegate, Forwarding.implements(app, selector) {
        #if canImport(UIKit) && canImport(WebKit)
          app.webView?(
            webView, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #else
          app.webView(
            webView, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #endif
        return
      }
      guard let coordinator else { return completionHandler(nil) }
      let panel = JavaScriptPanel(
        kind: .prompt(defaultText: defaultText), message: prompt, frameHost: Self.host(of: frame))
      coordinator.runPanel(panel, in: webView) {
        if case .ok(let text) = $0 { completionHandler(text ?? "") } else { completionHandler(nil) }
      }
    }

    /// The host shown as a panel's title: the frame's security origin (never the nil-able `request`).
    private static func host(of frame: WKFrameInfo) -> String {
      frame.securityOrigin.host
    }
  }

  // The proxy is main-actor isolated, as WebKit calls its delegates on the main thread. From the iOS 18 SDK on
  // (WebKit 619) the delegate protocols say so themselves (`WK_SWIFT_UI_ACTOR`); the iOS 16 and 17 SDKs' do not,
  // and a main-actor class conforms to them with `@preconcurrency` (calls are checked to arrive on the main actor
  // at run time), which the newer SDKs would flag as having no effect.
  #if canImport(UIKit) && canImport(WebKit) && !canImport(WebKit, _underlyingVersion: 619)
    extension WebKitDelegateProxy: @preconcurrency WKNavigationDelegate, @preconcurrency WKUIDelegate {}
  #else
    extension WebKitDelegateProxy: WKNavigationDelegate, WKUIDelegate {}
  #endif

  // The handler types of the delegate methods the proxy implements in their completion-handler form (those with no
  // `async` form it could use instead): the iOS 18 SDK (WebKit 619) declares the blocks `WK_SWIFT_UI_ACTOR` and
  // Swift imports them `@MainActor @Sendable`; the iOS 16 and 17 SDKs' are `@Sendable` only (the panels') or plain.
  // A witness must spell the type its SDK declares.
  #if canImport(UIKit) && canImport(WebKit) && !canImport(WebKit, _underlyingVersion: 619)
    extension WebKitDelegateProxy {
      /// The completion handler of `alert` as the SDK declares it.
      typealias AlertPanelCompletion = @Sendable () -> Void
      /// The completion handler of `confirm` as the SDK declares it.
      typealias ConfirmPanelCompletion = @Sendable (Bool) -> Void
      /// The completion handler of `prompt` as the SDK declares it.
      typealias TextInputPanelCompletion = @Sendable (String?) -> Void
      /// The decision handler of a permission request as the SDK declares it.
      typealias PermissionDecisionHandler = (WKPermissionDecision) -> Void
    }
  #else
    extension WebKitDelegateProxy {
      /// The completion handler of `alert` as the SDK declares it.
      typealias AlertPanelCompletion = @MainActor @Sendable () -> Void
      /// The completion handler of `confirm` as the SDK declares it.
      typealias ConfirmPanelCompletion = @MainActor @Sendable (Bool) -> Void
      /// The completion handler of `prompt` as the SDK declares it.
      typealias TextInputPanelCompletion = @MainActor @Sendable (String?) -> Void
      /// The decision handler of a permission request as the SDK declares it.
      typealias PermissionDecisionHandler = @MainActor @Sendable (WKPermissionDecision) -> Void
    }
  #endif

#endif
