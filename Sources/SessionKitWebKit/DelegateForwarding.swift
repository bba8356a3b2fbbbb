/// Which delegate methods the ``WebKitDelegateProxy`` of a ``WebSessionCoordinator`` (what WebKit sees as the
/// delegates of its web views) tells WebKit it implements (`respondsToSelector:`), decided by selector name in plain
/// Swift so that the rule is compiled and tested on every platform; only the Objective-C glue that asks it is
/// Apple-only.
///
/// WebKit asks once, when a delegate is set (`NavigationState::setNavigationDelegate`, `UIDelegate::setDelegate`
/// in `Source/WebKit/UIProcess/Cocoa`), and caches the answers. Three kinds of selector:
/// - **the proxy's own**: always claimed (it decides every navigation and new window);
/// - **policy-bearing**: never claimed, whatever the app's delegates implement. WebKit calls only the
///   `preferences:` variant of `decidePolicyForNavigationAction` when a delegate responds to it ("If you implement
///   this method, -webView:decidePolicyForNavigationAction:decisionHandler: will not be called",
///   `WKNavigationDelegate.h`), and the private forms of it and of `createWebView` likewise replace the public
///   ones: claiming any of them would hand every decision to the app and switch the policy off;
/// - **forwarded**: claimed only when the app's delegate implements it (so WebKit's own default applies
///   otherwise). The proxy implements each of them itself and calls the app's delegate, with WebKit's
///   default answer when that delegate has gone away since: a selector WebKit cached is always answered.
///
/// Anything else is not claimed. Set the app's delegates before the coordinator binds its web views, or set
/// ``WebSessionCoordinator/navigationDelegate`` and ``WebSessionCoordinator/uiDelegate`` afterwards: either
/// re-assigns the web views' delegates so that WebKit reads the answers again.
enum DelegateForwarding {
  /// Which app delegate a forwarded selector belongs to.
  enum Side: Sendable, Hashable {
    case navigation
    case ui
  }

  /// The selectors the proxy implements and always claims.
  static let own: Set<String> = [
    "webView:decidePolicyForNavigationAction:decisionHandler:",
    "webView:createWebViewWithConfiguration:forNavigationAction:windowFeatures:",
    "webViewDidClose:",
    "webView:didCommitNavigation:",
    "webView:didFinishNavigation:",
    // A load that ends without a commit spends its popup gesture and its pending commit.
    "webView:didFailProvisionalNavigation:withError:",
    "webView:didFailNavigation:withError:",
    // JavaScript panels are answered by the presenter when the app's UI delegate does not answer them.
    "webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:",
    "webView:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:",
    "webView:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:",
  ]

  /// Selectors that would take a decision away from the coordinator: never claimed.
  static let policyBearing: Set<String> = [
    "webView:decidePolicyForNavigationAction:preferences:decisionHandler:",
    "_webView:decidePolicyForNavigationAction:preferences:userInfo:decisionHandler:",
    "_webView:decidePolicyForNavigationAction:decisionHandler:",
    "_webView:createWebViewWithConfiguration:forNavigationAction:windowFeatures:completionHandler:",
    "_webView:decidePolicyForSOAuthorizationLoadWithCurrentPolicy:forExtension:completionHandler:",
    "webView:shouldGoToBackForwardListItem:willUseInstantBack:completionHandler:",
  ]

  /// The selectors the proxy implements by calling the app's delegate, claimed when that delegate
  /// implements them: every other method of `WKNavigationDelegate` and `WKUIDelegate` the iOS SDK declares, but
  /// for the three previewing methods deprecated since iOS 13 (`webView:shouldPreviewElement:` and its two
  /// companions; the context-menu methods replace them) and macOS's `runOpenPanel`. The context-menu, edit-menu
  /// and Lockdown Mode methods exist on Apple platforms only (their types are UIKit's).
  static let forwarded: [String: Side] = [
    "webView:didStartProvisionalNavigation:": .navigation,
    "webView:didReceiveServerRedirectForProvisionalNavigation:": .navigation,
    "webView:decidePolicyForNavigationResponse:decisionHandler:": .navigation,
    "webView:didReceiveAuthenticationChallenge:completionHandler:": .navigation,
    "webView:authenticationChallenge:shouldAllowDeprecatedTLS:": .navigation,
    "webViewWebContentProcessDidTerminate:": .navigation,
    "webView:navigationAction:didBecomeDownload:": .navigation,
    "webView:navigationResponse:didBecomeDownload:": .navigation,
    "webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:": .ui,
    "webView:requestDeviceOrientationAndMotionPermissionForOrigin:initiatedByFrame:decisionHandler:": .ui,
    "webView:contextMenuConfigurationForElement:completionHandler:": .ui,
    "webView:contextMenuWillPresentForElement:": .ui,
    "webView:contextMenuForElement:willCommitWithAnimator:": .ui,
    "webView:contextMenuDidEndForElement:": .ui,
    "webView:willPresentEditMenuWithAnimator:": .ui,
    "webView:willDismissEditMenuWithAnimator:": .ui,
    "webView:showLockdownModeFirstUseMessage:completionHandler:": .ui,
  ]

  /// What the proxy answers `respondsToSelector:` for `selector`.
  enum Answer: Sendable, Hashable {
    /// Yes — provided the class really implements it (a claim is never made for a method it lacks).
    case claim
    /// No, whatever `NSObject` would say.
    case refuse
    /// Not a delegate method this rule decides: as `NSObject` answers.
    case askSuper
  }

  /// The answer for `selector`, given whether each of the app's delegates implements it.
  static func answer(for selector: String, appImplements: (Side, String) -> Bool) -> Answer {
    if policyBearing.contains(selector) { return .refuse }
    if own.contains(selector) { return .claim }
    if let side = forwarded[selector] { return appImplements(side, selector) ? .claim : .refuse }
    // Any other WebKit delegate method (`webView…`, `_webView…`) is not claimed, even one the class happens to
    // implement: the lists above are the whole contract.
    return selector.hasPrefix("webView") || selector.hasPrefix("_webView") ? .refuse : .askSuper
  }
}
