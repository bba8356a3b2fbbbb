import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plays WebKit's side of the delegate conversation for tests on Linux: turns page-level events (a tap on a link,
/// `window.open`, `window.close()`, back, reload, an app's `load(_:)`) into the callback sequences WebKit makes
/// (`NavigationState.mm`, `UIDelegate.mm`), on the main actor, and behaves as WebKit does where the adapter could
/// get it wrong:
/// - a decision handler called twice or never raises (``raise``; a crash by default, as WebKit's
///   `NSInternalInconsistencyException`);
/// - a web view returned from `createWebViewWith` must have been created with the configuration passed in, or it
///   raises "Returned WKWebView was not created with the given configuration." and the popup is dropped;
/// - `window.open` without a user gesture never reaches the delegate unless `javaScriptCanOpenWindowsAutomatically`;
/// - `webViewDidClose` is sent only for a window a script opened or whose history has one entry;
/// - an iframe's navigation adds an entry to the web view's back-forward list (WebKit's joint session history)
///   without a `didCommit` (WebKit reports main-frame commits only); back and forward onto such an entry
///   navigate the iframe (`decidePolicyFor(backForward)`, target the subframe). A reload puts the page's iframes
///   back at their `src` with history items of their own: back or forward between that entry and the iframe
///   entries before it then moves the list's current entry but asks and loads nothing (observed in WebKitGTK
///   2.50, `SessionKitSimulation.docc/WebKitBehavior.md`);
/// - an iframe is named by its `src` (``tapLink(_:target:in:frameURL:rel:download:)``'s `frameURL`): a link in it
///   comes from the URL it shows now; a tap in an iframe whose load was cancelled does nothing;
/// - a window name is found only in windows familiar with the requester (`FrameTree::find`,
///   `isFrameFamiliarWith`) that the requesting document may navigate (`Document::canNavigate`: the window is its
///   opener, or the document is same-origin with the window or with the window's opener; a window at its
///   initial about:blank has its creator's origin of when it was created); a familiar window it may not navigate
///   counts as not found, and the request opens a new window that carries the name. `window.open` with `noopener`
///   keeps the lookup (WebKit, HTML) but leaves a new window without a page-visible opener, as a `_blank` link or
///   form does unless `rel=opener`; `rel=noopener`/`noreferrer` on a named link opens a window with no opener and
///   no name;
/// - methods a delegate does not implement (``DelegateMethod``) are not called: WebKit's defaults apply (allow;
///   no new window);
/// - a same-document navigation (a link to a fragment of the current page, ``pushState(_:in:)``) commits nothing
///   and finishes nothing: an allowed fragment link (decided `linkActivated` like any link) and `pushState` (not
///   decided at all) change the URL and add a back-forward entry, and back or forward between two entries of one
///   document is decided by nobody (`FrameLoader::loadSameDocumentItem` makes no policy check);
/// - a server redirect (``redirects``) is one more `decidePolicyFor` per hop before the hop's request, in the same
///   web view and frame with the first decision's navigation type; a hop answered with anything but allow stops
///   the load (nothing commits), and more than 20 hops end it;
/// - a page with iframes (``pages``) loads each of them after its main frame commits, before `didFinish`:
///   `decidePolicyFor(other)` (`backForward` when the page was reached by back or forward), target the iframe,
///   no gesture; a cancelled iframe stays on `about:blank` and the page loads on (WebKitBehavior.md, "Rules the
///   engine showed").
@MainActor public final class WebKitDriver {
  /// The optional delegate methods a delegate implements (WebKit asks `respondsToSelector:` once, when the delegate
  /// is set).
  public enum DelegateMethod: Hashable, Sendable, CaseIterable {
    /// `webView(_:decidePolicyFor:) async`.
    case decidePolicyAsync
    /// `webView(_:decidePolicyFor:decisionHandler:)`.
    case decidePolicyWithHandler
    /// `webView(_:decidePolicyFor:preferences:) async` — when implemented, WebKit calls it instead of the others.
    case decidePolicyWithPreferences
    /// `webView(_:didCommit:)`.
    case didCommit
    /// `webView(_:didFinish:)`.
    case didFinish
    /// `webView(_:didFail:withError:)`.
    case didFail
    /// `webView(_:didFailProvisionalNavigation:withError:)`.
    case didFailProvisional
    /// `webViewWebContentProcessDidTerminate(_:)`.
    case webContentProcessDidTerminate
    /// `webView(_:didReceive:completionHandler:)`.
    case authenticationChallenge
    /// `webView(_:createWebViewWith:for:windowFeatures:)`.
    case createWebView
    /// `webViewDidClose(_:)`.
    case webViewDidClose
    /// `webView(_:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:)`.
    case javaScriptAlert
    /// `webView(_:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:)`.
    case javaScriptConfirm
    /// `webView(_:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:)`.
    case javaScriptTextInput
    /// `webView(_:decidePolicyFor:) async` for a navigation response.
    case decidePolicyForResponse
    /// `webView(_:didStartProvisionalNavigation:)`.
    case didStartProvisional
    /// `webView(_:didReceiveServerRedirectForProvisionalNavigation:)`.
    case didReceiveServerRedirect
    /// `webView(_:navigationAction:didBecome:)`.
    case navigationActionDidBecomeDownload
    /// `webView(_:navigationResponse:didBecome:)`.
    case navigationResponseDidBecomeDownload
    /// `webView(_:shouldAllowDeprecatedTLSFor:) async`.
    case deprecatedTLS
    /// `webView(_:decideMediaCapturePermissionsFor:initiatedBy:type:) async`.
    case mediaCapture
    /// `webView(_:requestDeviceOrientationAndMotionPermissionFor:initiatedByFrame:decisionHandler:)`.
    case deviceOrientation

    /// The Objective-C selector WebKit asks `respondsToSelector:` about.
    public var selector: String {
      switch self {
      case .decidePolicyAsync, .decidePolicyWithHandler: "webView:decidePolicyForNavigationAction:decisionHandler:"
      case .decidePolicyWithPreferences: "webView:decidePolicyForNavigationAction:preferences:decisionHandler:"
      case .didCommit: "webView:didCommitNavigation:"
      case .didFinish: "webView:didFinishNavigation:"
      case .didFail: "webView:didFailNavigation:withError:"
      case .didFailProvisional: "webView:didFailProvisionalNavigation:withError:"
      case .webContentProcessDidTerminate: "webViewWebContentProcessDidTerminate:"
      case .authenticationChallenge: "webView:didReceiveAuthenticationChallenge:completionHandler:"
      case .createWebView: "webView:createWebViewWithConfiguration:forNavigationAction:windowFeatures:"
      case .webViewDidClose: "webViewDidClose:"
      case .javaScriptAlert: "webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:"
      case .javaScriptConfirm: "webView:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:"
      case .javaScriptTextInput:
        "webView:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:"
      case .decidePolicyForResponse: "webView:decidePolicyForNavigationResponse:decisionHandler:"
      case .didStartProvisional: "webView:didStartProvisionalNavigation:"
      case .didReceiveServerRedirect: "webView:didReceiveServerRedirectForProvisionalNavigation:"
      case .navigationActionDidBecomeDownload: "webView:navigationAction:didBecomeDownload:"
      case .navigationResponseDidBecomeDownload: "webView:navigationResponse:didBecomeDownload:"
      case .deprecatedTLS: "webView:authenticationChallenge:shouldAllowDeprecatedTLS:"
      case .mediaCapture: "webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:"
      case .deviceOrientation:
        "webView:requestDeviceOrientationAndMotionPermissionForOrigin:initiatedByFrame:decisionHandler:"
      }
    }

    /// Whether the method belongs to `WKUIDelegate` (else `WKNavigationDelegate`).
    public var isUIDelegateMethod: Bool {
      switch self {
      case .createWebView, .webViewDidClose, .javaScriptAlert, .javaScriptConfirm, .javaScriptTextInput,
        .mediaCapture, .deviceOrientation:
        true
      default: false
      }
    }

    /// What `delegate` answers `respondsToSelector:` for each method of its protocol, read once (WebKit's cache);
    /// `nil` for a delegate that cannot say (not ``SelectorResponding``) and for none.
    @MainActor
    static func respondedTo(by delegate: AnyObject?) -> Set<DelegateMethod>? {
      guard let responding = delegate as? SelectorResponding else { return nil }
      let isUI = delegate is any WKUIDelegate
      let isNavigation = delegate is any WKNavigationDelegate
      var methods = Set<DelegateMethod>()
      for method in allCases where method.isUIDelegateMethod ? isUI : isNavigation {
        // One selector serves both decision forms: a Swift delegate implements one; the async form is what a
        // Swift delegate that claims the selector is called through here.
        if method == .decidePolicyWithHandler { continue }
        if responding.responds(toSelector: method.selector) { methods.insert(method) }
      }
      return methods
    }
  }

  /// One delegate call the driver made, with its answer.
  public struct Callback: Hashable, Sendable, CustomStringConvertible {
    /// `decidePolicyFor`, `createWebViewWith`, `didCommit`, `didFinish` or `webViewDidClose`.
    public var name: String
    /// The label of the web view it was made on (`main`, `popup1`, …).
    public var webView: String
    /// For `decidePolicyFor` and `createWebViewWith`: the navigation type.
    public var navigationType: WKNavigationType?
    /// For `decidePolicyFor`: `main`, `sub` or `none` (a new window).
    public var target: String?
    /// The answer: a policy, a popup's label or `nil`, or the committed URL.
    public var answer: String?

    /// Creates a record.
    public init(
      _ name: String, _ webView: String, _ navigationType: WKNavigationType? = nil, target: String? = nil,
      answer: String? = nil
    ) {
      self.name = name
      self.webView = webView
      self.navigationType = navigationType
      self.target = target
      self.answer = answer
    }

    /// `decidePolicyFor main linkActivated target=none → cancel`.
    public var description: String {
      var text = "\(name) \(webView)"
      if let navigationType { text += " \(navigationType)" }
      if let target { text += " target=\(target)" }
      if let answer { text += " → \(answer)" }
      return text
    }
  }

  /// The methods the delegates implement.
  public var implemented: Set<DelegateMethod>
  /// Every delegate call made, in order.
  public private(set) var callbacks: [Callback] = []
  /// The web views `createWebViewWith` returned, in order (closed ones included).
  public private(set) var popups: [WKWebView] = []
  /// What WebKit raises; records or crashes.
  public let raise: @Sendable (String) -> Void

  /// Whether navigation actions carry a nil `sourceFrame` and frame infos a nil `request`, as WebKit has sent at run
  /// time although Swift declares both non-optional (reading them then crashes, as on a device).
  public var sendsRuntimeNils = false

  /// A server redirect: a request for the key's URL is answered with `status` and a `Location` of ``to``.
  public struct Redirect: Hashable, Sendable {
    /// The URL the server redirects to.
    public var to: String
    /// 301, 302, 303, 307 or 308; 301, 302 and 303 turn a POST into a GET.
    public var status: Int

    /// A redirect to `to` with `status`.
    public init(to: String, status: Int = 302) {
      self.to = to
      self.status = status
    }
  }

  /// The pages that have iframes: a page's URL (as `URL.absoluteString` writes it, without the fragment) → the
  /// `src` of each iframe, in document order (a scenario's `pages`).
  public var pages: [String: [String]] = [:]
  /// The server's redirects: a URL (as `URL.absoluteString` writes it, without the fragment) → where it redirects
  /// (a scenario's `redirects`).
  public var redirects: [String: Redirect] = [:]
  /// URLs (as `URL.absoluteString` writes them, without the fragment) whose main-frame load, once allowed (after
  /// its hops), ends before it commits: a network error, a 204, a response the app turned into a download. WebKit
  /// then calls `didFailProvisionalNavigation` and nothing commits or finishes.
  public var failingLoads: Set<String> = []
  /// URLs (as for ``failingLoads``) whose main-frame load commits and then fails (`didFail` instead of
  /// `didFinish`).
  public var failingAfterCommit: Set<String> = []
  /// The navigation responses' answer when the delegate does not decide them: WebKit allows a type it can show.
  /// Hosts an installed app claims universal links of (`apple-app-site-association`): WebKit opens that app
  /// instead of loading, for a main-frame navigation answered `allow` (not
  /// `_WKNavigationActionPolicyAllowWithoutTryingAppLink`, raw value 3) that a user gesture started, to a host
  /// other than the page's, other than back or forward (`WebPageProxy::decidePolicyForNavigationAction`'s
  /// `shouldOpenAppLinks`, `NavigationState::NavigationClient::decidePolicyForNavigationAction`'s
  /// `tryInterceptNavigation`); a popup's first load, opened by a gesture, included. The navigation is then ignored:
  /// nothing commits.
  public var appLinks: Set<String> = []
  /// The URLs WebKit handed to the apps of ``appLinks``, in order.
  public private(set) var openedAppLinks: [String] = []
  /// More hops than this end a navigation (WebKit's and the simulator's limit).
  public static let maximumRedirects = 20
  /// Whether the event being played is a user's (a tap, a submission, `window.open` with a gesture).
  private var userGesture = false

  private var pendingLoads: [(operation: PendingOperation, webView: WKWebView)] = []

  /// What a web view's synchronous API asked for, run when the driver settles.
  enum PendingOperation {
    /// `load(_:)`.
    case load(URLRequest)
    /// `goBack()` (-1) or `goForward()` (1).
    case go(Int)
    /// `reload()`.
    case reload
  }

  /// Pages' titles by URL (serialized, without the fragment), which `WKWebView.title` shows once a page commits.
  public var titles: [String: String] = [:]
  private var documents = 0

  /// Creates a driver whose delegates implement `implemented`.
  /// - Parameter raise: receives each `NSInternalInconsistencyException` message; the default crashes, as WebKit.
  public init(
    implementing implemented: Set<DelegateMethod>,
    raise: @escaping @Sendable (String) -> Void = { fatalError("NSInternalInconsistencyException: \($0)") }
  ) {
    self.implemented = implemented
    self.raise = raise
  }

  /// Whether `webView`'s delegate implements `method`: what it answered when it was set (WebKit's cache of
  /// `respondsToSelector:`), or ``implemented`` for a delegate that cannot say.
  public func responds(_ webView: WKWebView, to method: DelegateMethod) -> Bool {
    let cached = method.isUIDelegateMethod ? webView.uiDelegateMethods : webView.navigationDelegateMethods
    return cached?.contains(method) ?? implemented.contains(method)
  }

  /// Makes the driver run `webView`'s navigations (the app's root web view).
  public func attach(_ webView: WKWebView, label: String = "main") {
    webView.driver = self
    webView.standInLabel = label
  }

  /// Runs the loads the app (or the adapter) started with `load(_:)` until none is left.
  /// Then lets time pass: the UIKit transitions under way end (``UIKitStandIn/finishTransitions()``), and loads
  /// their completions started run too.
  public func settle() async {
    repeat {
      while !pendingLoads.isEmpty {
        let (operation, webView) = pendingLoads.removeFirst()
        switch operation {
        case .load(let request):
          guard let url = request.url else { continue }
          await navigate(
            webView, to: url, type: .other, frame: .main, source: mainFrame(of: webView), request: request)
        case .go(let offset):
          await go(offset, in: webView)
        case .reload:
          await reload(in: webView)
        }
        webView.reportObservableChanges()
      }
      if transitionsEndWhenSettled { UIKitStandIn.finishTransitions() }
    } while !pendingLoads.isEmpty
  }

  /// Whether ``settle()`` lets UIKit's running transitions end (the default); `false` holds time still, so that a
  /// test can make the page act while a popup is still being presented, and end them itself
  /// (``UIKitStandIn/finishTransitions()``).
  public var transitionsEndWhenSettled = true

  func enqueueLoad(_ request: URLRequest, in webView: WKWebView) {
    pendingLoads.append((.load(request), webView))
  }

  func enqueue(_ operation: PendingOperation, in webView: WKWebView) {
    pendingLoads.append((operation, webView))
  }

  func dropLoads(in webView: WKWebView) {
    pendingLoads.removeAll { $0.webView === webView }
  }

  // MARK: - Page events

  /// The user taps a link to `url` with `target` (`_self`, `_top`, `_parent`, `_blank` or a window name), in the
  /// main frame or in the iframe whose `src` is `frameURL` (an iframe no page of ``pages`` declares is named by
  /// the URL it shows). A tap in an iframe whose load was cancelled does nothing.
  /// `rel` holds the link's `rel` keywords (`opener`, `noopener`, `noreferrer`): a `_blank` link's window keeps
  /// its opener with `opener` unless `noopener` or `noreferrer` is there too; a named link's new window has no
  /// opener and no name with `noopener` or `noreferrer`.
  /// `download` is whether the link has a `download` attribute: to a URL of the link's origin it is decided in the
  /// link's own frame whatever `target` says, with `shouldPerformDownload` (`FrameLoader::loadURL`: "Anchor target
  /// is ignored when the download attribute is set"), and nothing commits; to another origin the attribute is
  /// ignored.
  public func tapLink(
    _ url: String, target: String = "_self", in webView: WKWebView, frameURL: String? = nil, rel: Set<String> = [],
    download: Bool = false
  ) async {
    UIKitStandIn.tap(webView)
    await click(url, target: target, in: webView, frameURL: frameURL, rel: rel, download: download, gesture: true)
  }

  /// A script calls `click()` on a link to `url` (an ad's iframe, say), with no user gesture: WebKit reports it
  /// exactly as a tap — `linkActivated`, the same targets and windows (`NavigationAction::navigationType` looks
  /// only at whether an event started it) — but no finger touched the web view, so its gesture recognizers see
  /// nothing, and the navigation does not try app links (`FrameLoader`'s `shouldOpenExternalURLsPolicyToApply`
  /// gives `ShouldAllow` only to a user gesture). Whether WebKit's own popup blocker stops a scripted click on a
  /// `_blank` link is not modelled: it reaches the delegate here, the stricter case for an adapter.
  public func scriptClick(
    _ url: String, target: String = "_self", in webView: WKWebView, frameURL: String? = nil, rel: Set<String> = [],
    download: Bool = false
  ) async {
    await click(url, target: target, in: webView, frameURL: frameURL, rel: rel, download: download, gesture: false)
  }

  private func click(
    _ url: String, target: String, in webView: WKWebView, frameURL: String?, rel: Set<String>, download: Bool,
    gesture: Bool
  ) async {
    guard let frame = linkFrame(frameURL, in: webView) else { return }
    let linkOrigin = URL(string: url).flatMap { Self.origin(of: $0) }
    let isDownload = download && linkOrigin.map { $0 == documentOrigin(frame, in: webView) } == true
    userGesture = gesture
    defer { userGesture = false }
    await request(
      url, type: .linkActivated, target: isDownload ? "_self" : target, in: webView, frame: frame, rel: rel,
      download: isDownload)
  }

  /// The navigation type WebKit reports for a link or form aimed at `webView`'s own main frame: `other` in a window
  /// that has committed no document (a main web view's initial empty document, a popup whose first load did not
  /// commit; observed in WebKitGTK 2.50.6).
  private func ownType(_ type: WKNavigationType, of webView: WKWebView) -> WKNavigationType {
    webView.hasCommittedDocument ? type : .other
  }

  /// The user submits a form to `url` (`GET` or `POST`) with `target`, in the main frame or in the iframe whose
  /// `src` is `frameURL` (as for ``tapLink(_:target:in:frameURL:rel:download:)``).
  public func submitForm(
    _ url: String, method: String = "GET", target: String = "_self", in webView: WKWebView, frameURL: String? = nil
  ) async {
    UIKitStandIn.tap(webView)
    guard let frame = linkFrame(frameURL, in: webView) else { return }
    userGesture = true
    defer { userGesture = false }
    await request(url, type: .formSubmitted, target: target, in: webView, frame: frame, method: method)
  }

  /// A script calls `submit()` on a form: `formSubmitted`, as a user's submission is reported, with no touch and
  /// no user gesture (see ``scriptClick(_:target:in:frameURL:rel:download:)``).
  public func scriptSubmit(
    _ url: String, method: String = "GET", target: String = "_self", in webView: WKWebView, frameURL: String? = nil
  ) async {
    guard let frame = linkFrame(frameURL, in: webView) else { return }
    await request(url, type: .formSubmitted, target: target, in: webView, frame: frame, method: method)
  }

  /// The page calls `window.open(url, target)`, or `window.open(url, target, "noopener")`; `url` `nil` is
  /// `window.open()`. Returns the new web view, if any (`window.open` itself returns null to a page with
  /// `noopener`).
  @discardableResult
  public func windowOpen(
    _ url: String?, target: String = "_blank", gesture: Bool, noopener: Bool = false, in webView: WKWebView
  ) async -> WKWebView? {
    let source = mainFrame(of: webView)
    // A gesture is a finger on the web view, which its gesture recognizers see first.
    if gesture { UIKitStandIn.tap(webView) }
    userGesture = gesture
    defer { userGesture = false }
    switch target {
    case "_self", "_top", "_parent":
      // `_self` goes through `createWindow`, which finds the window itself and makes it its own opener
      // (`LocalDOMWindow::open`, `setOpener`), `noopener` or not (observed in WebKitGTK 2.50.6,
      // `found-window-noopener.json`).
      if target == "_self" { setOpener(of: webView, to: webView) }
      if let url = url.flatMap(URL.init(string:)) {
        await navigate(webView, to: url, type: .other, frame: .main, source: source, history: .scheduled)
      }
      await settle()
      return nil
    default:
      // `noopener` keeps the lookup of an existing window by name (WebKit, HTML).
      if let existing = namedWindow(target, from: webView, frame: .main) {
        // WebKit makes the caller its opener, as for a window it creates (`LocalDOMWindow::createWindow`), `noopener`
        // or not, itself included: `noopener` only keeps the window from the caller's script (observed in WebKitGTK
        // 2.50.6, `found-window-noopener.json`).
        setOpener(of: existing, to: webView)
        if let url = url.flatMap(URL.init(string:)) {
          await navigate(existing, to: url, type: .other, frame: .main, source: source, history: .scheduled)
        }
        await settle()
        return existing
      }
      // The popup gate (`LocalDOMWindow::allowPopUp`): no delegate call at all without a gesture.
      guard gesture || webView.creationConfiguration.preferences.javaScriptCanOpenWindowsAutomatically else {
        return nil
      }
      let popup = await openWindow(
        from: webView, url: url.flatMap(URL.init(string:)), type: .other, source: source, name: target,
        keepsOpener: !noopener)
      await settle()
      return popup
    }
  }

  /// The page's script sets `window.name`: links, forms and `window.open` aimed at that name find this window from
  /// then on (an empty name: none).
  public func setWindowName(_ name: String, in webView: WKWebView) {
    webView.windowName = name.isEmpty ? nil : name
  }

  /// The page sets `location.href = url` in its main frame.
  public func assignLocation(_ url: String, in webView: WKWebView) async {
    guard let url = URL(string: url) else { return }
    await navigate(webView, to: url, type: .other, frame: .main, source: mainFrame(of: webView), history: .scheduled)
    await settle()
  }

  /// The page calls `history.pushState(null, "", url)` in its main frame: a same-document navigation that WebKit
  /// decides with no delegate call and reports no commit of, while the URL changes and the back-forward list
  /// gains an entry. A URL of another origin throws in the page (`SecurityError`): nothing changes.
  public func pushState(_ url: String, in webView: WKWebView) {
    guard let url = URL(string: url), let current = webView.backForwardList.currentItem,
      url.scheme == current.url.scheme, url.host == current.url.host, url.port == current.url.port
    else { return }
    // `pushState` keeps the form data every new item takes from the document's request (HistoryController.cpp's
    // `pushState` clears none; `replaceState` does): a pushed entry of a posted page reloads as a resubmission.
    let item = WKBackForwardListItem(
      url: url, isPost: current.isPost, frames: current.frames, documentID: current.documentID)
    item.wasCreatedByJSWithoutUserInteraction = !userGesture
    webView.backForwardList.push(item)
    webView.reportObservableChanges()
  }

  /// Back (`offset` −1) or forward (+1) in the web view's history. Between two entries of one document, nothing
  /// reloads: each iframe whose URL differs is decided (`backForward`, target the subframe showing its current
  /// URL) and the main frame stays; between entries a reload separated (their iframes' items differ), the current
  /// entry moves and nothing is asked or loaded; a fragment entry changes the URL only
  /// (`FrameLoader::loadSameDocumentItem` makes no policy check). Onto another document the main frame navigates
  /// (`backForward`), then the page's iframes at the URLs they showed in that entry.
  public func go(_ offset: Int, in webView: WKWebView) async {
    let list = webView.backForwardList
    let index = list.index + Self.offsetSkippingScriptEntries(offset, in: list)
    guard let current = list.currentItem, index >= 0, index < list.items.count else { return }
    let entry = list.items[index]
    if entry.documentID == current.documentID {
      for src in current.frames.framesDiffering(from: entry.frames) {
        guard let shown = current.frames.url(of: src), let destination = entry.frames.url(of: src) else { continue }
        let policy = await navigate(
          webView, to: destination, type: .backForward, frame: .sub(src: src, shown: shown),
          source: mainFrame(of: webView), history: .stay)
        guard policy == .allow else {
          await settle()
          return
        }
      }
      list.index = index
      showFrames(of: webView)
      webView.reportObservableChanges()
    } else {
      await navigate(
        webView, to: entry.url, type: .backForward, frame: .main, source: mainFrame(of: webView),
        history: .move(to: index))
    }
    await settle()
  }

  /// The offset `goBack` (−1) or `goForward` (+1) moves by: WebKit skips entries a script made without user
  /// interaction, and going back from one also the entry the user thinks they are on
  /// (`itemSkippingBackForwardItemsAddedByJSWithoutUserGesture`, `Source/WebKit/UIProcess/WebBackForwardList.cpp`;
  /// for apps linked against an SDK with `UIBackForwardSkipsHistoryItemsWithoutUserGesture`). Observed in WebKitGTK
  /// 2.50.6 (`script-fragment-entries-skipped.json`).
  static func offsetSkippingScriptEntries(_ delta: Int, in list: WKBackForwardList) -> Int {
    func item(_ offset: Int) -> WKBackForwardListItem? {
      list.items.indices.contains(list.index + offset) ? list.items[list.index + offset] : nil
    }
    guard abs(delta) == 1, let current = item(0), item(delta) != nil else { return delta }
    if delta < 0, !current.wasCreatedByJSWithoutUserInteraction { return delta }
    var offset = delta
    while item(offset)?.wasCreatedByJSWithoutUserInteraction == true {
      offset += delta
      guard item(offset) != nil else { return delta }
    }
    if delta < 0 { return item(offset - 1) != nil ? offset - 1 : delta }
    while item(offset + 1)?.wasCreatedByJSWithoutUserInteraction == true { offset += 1 }
    return offset
  }

  /// Reload of the current entry (`formResubmitted` when a POST created it).
  public func reload(in webView: WKWebView) async {
    guard let item = webView.backForwardList.currentItem else { return }
    await navigate(
      webView, to: item.url, type: item.isPost ? .formResubmitted : .reload, frame: .main,
      source: mainFrame(of: webView), method: item.isPost ? "POST" : "GET", history: .stay)
    await settle()
  }

  /// The page calls `window.close()`: `webViewDidClose` when the window was opened by a script or its history has
  /// one entry (`LocalDOMWindow::close`), otherwise nothing.
  public func windowClose(in webView: WKWebView) {
    guard webView.isOpenedByScript || webView.backForwardList.items.count <= 1 else { return }
    guard let delegate = webView.uiDelegate, responds(webView, to: .webViewDidClose) else { return }
    webView.didSendClose = true
    callbacks.append(Callback("webViewDidClose", webView.standInLabel))
    delegate.webViewDidClose(webView)
  }

  /// The page calls `alert(message)` in its main frame: the UI delegate's alert panel, or nothing (the call returns)
  /// when it does not implement one. Returns when the panel's completion handler is called.
  public func alert(_ message: String, in webView: WKWebView) async {
    guard let delegate = webView.uiDelegate, responds(webView, to: .javaScriptAlert) else { return }
    let frame = mainFrame(of: webView)
    let name = "runJavaScriptAlertPanel"
    await panel(name, in: webView, uncalled: ()) { done in
      delegate.webView(webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) { done(()) }
    }
    callbacks.append(Callback(name, webView.standInLabel))
  }

  /// The page calls `confirm(message)`: the UI delegate's answer, or false when it does not implement the panel.
  public func confirm(_ message: String, in webView: WKWebView) async -> Bool {
    guard let delegate = webView.uiDelegate, responds(webView, to: .javaScriptConfirm) else { return false }
    let frame = mainFrame(of: webView)
    let name = "runJavaScriptConfirmPanel"
    let answer = await panel(name, in: webView, uncalled: false) { done in
      delegate.webView(webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame) { done($0) }
    }
    callbacks.append(Callback(name, webView.standInLabel, answer: "\(answer)"))
    return answer
  }

  /// The page calls `prompt(message, defaultText)`: the UI delegate's answer, or null when it does not implement the
  /// panel.
  public func prompt(_ message: String, defaultText: String? = nil, in webView: WKWebView) async -> String? {
    guard let delegate = webView.uiDelegate, responds(webView, to: .javaScriptTextInput) else { return nil }
    let frame = mainFrame(of: webView)
    let name = "runJavaScriptTextInputPanel"
    let answer: String? = await panel(name, in: webView, uncalled: nil) { done in
      delegate.webView(
        webView, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText, initiatedByFrame: frame
      ) { done($0) }
    }
    callbacks.append(Callback(name, webView.standInLabel, answer: answer ?? "nil"))
    return answer
  }

  /// The web content process of `webView` terminated: `webViewWebContentProcessDidTerminate`, when implemented.
  public func terminateWebContentProcess(of webView: WKWebView) {
    guard let delegate = webView.navigationDelegate, responds(webView, to: .webContentProcessDidTerminate) else {
      return
    }
    callbacks.append(Callback("webViewWebContentProcessDidTerminate", webView.standInLabel))
    delegate.webViewWebContentProcessDidTerminate(webView)
  }

  /// A server asks `webView` for credentials: the navigation delegate's disposition, or
  /// `performDefaultHandling` when it does not implement the method.
  public func authenticationChallenge(_ challenge: URLAuthenticationChallenge, in webView: WKWebView) async
    -> URLSession.AuthChallengeDisposition
  {
    guard let delegate = webView.navigationDelegate, responds(webView, to: .authenticationChallenge) else {
      return .performDefaultHandling
    }
    let (disposition, _) = await delegate.webView(webView, respondTo: challenge)
    callbacks.append(Callback("didReceiveAuthenticationChallenge", webView.standInLabel, answer: "\(disposition)"))
    return disposition
  }

  /// A server of `webView` offers only TLS 1.0 or 1.1: the navigation delegate's answer, or `false` (WebKit's
  /// default) when it does not implement `shouldAllowDeprecatedTLS`.
  public func deprecatedTLS(_ challenge: URLAuthenticationChallenge, in webView: WKWebView) async -> Bool {
    guard let delegate = webView.navigationDelegate, responds(webView, to: .deprecatedTLS) else { return false }
    let allowed = await delegate.webView(webView, shouldAllowDeprecatedTLSFor: challenge)
    callbacks.append(Callback("shouldAllowDeprecatedTLS", webView.standInLabel, answer: "\(allowed)"))
    return allowed
  }

  /// The page in `webView` asks for the camera or microphone (`getUserMedia`): the UI delegate's decision, or
  /// `prompt` (WebKit asks the user) when it does not implement the method.
  public func requestMediaCapture(_ type: WKMediaCaptureType, in webView: WKWebView) async -> WKPermissionDecision {
    guard let delegate = webView.uiDelegate, responds(webView, to: .mediaCapture) else { return .prompt }
    let frame = mainFrame(of: webView)
    let decision = await delegate.webView(
      webView, decideMediaCapturePermissionsFor: frame.securityOrigin, initiatedBy: frame, type: type)
    callbacks.append(Callback("requestMediaCapturePermission", webView.standInLabel, answer: "\(decision)"))
    return decision
  }

  /// The page in `webView` asks for device orientation and motion events: the UI delegate's decision, or `prompt`
  /// when it does not implement the method.
  public func requestDeviceOrientationAndMotion(in webView: WKWebView) async -> WKPermissionDecision {
    guard let delegate = webView.uiDelegate, responds(webView, to: .deviceOrientation) else { return .prompt }
    let frame = mainFrame(of: webView)
    let decision = await panel("requestDeviceOrientationAndMotionPermission", in: webView, uncalled: .deny) { done in
      delegate.webView(
        webView, requestDeviceOrientationAndMotionPermissionFor: frame.securityOrigin, initiatedByFrame: frame
      ) { done($0) }
    }
    callbacks.append(
      Callback("requestDeviceOrientationAndMotionPermission", webView.standInLabel, answer: "\(decision)"))
    return decision
  }

  /// Calls a delegate method with a completion handler under WebKit's call checker and waits for the answer.
  private func panel<Value: Sendable>(
    _ name: String, in webView: WKWebView, uncalled: Value,
    _ call: (@escaping @MainActor @Sendable (Value) -> Void) -> Void
  ) async -> Value {
    let raise = self.raise
    return await withCheckedContinuation { continuation in
      let checker = CompletionHandlerCallChecker(selector: name, raise: raise, uncalled: uncalled) {
        continuation.resume(returning: $0)
      }
      call { checker.call($0) }
    }
  }

  // MARK: - WebKit's sequences

  /// The main frame, or an iframe named by its `src` and showing `shown`.
  private enum Frame {
    case main
    case sub(src: String, shown: URL)
  }

  private enum HistoryMove {
    case push
    /// A script's or a form's navigation (`NavigationScheduler`): it replaces the current entry of a window that has
    /// committed no real document yet.
    case scheduled
    case move(to: Int)
    case stay
  }

  private func mainFrame(of webView: WKWebView) -> WKFrameInfo {
    WKFrameInfo(isMainFrame: true, url: webView.url, webView: webView, requestIsNil: sendsRuntimeNils)
  }

  /// The scheme, host and port of a document, or an opaque origin with the identity of the document that made it
  /// (`opaque`): an opaque origin is same-origin with itself — that document, and the about:blank windows that
  /// inherited it — and nothing else (`SecurityOrigin::isSameOriginAs`).
  public struct Origin: Hashable, Sendable {
    let scheme: String?
    let host: String?
    let port: Int?
    var opaque: String? = nil
  }

  /// The origin of `url`; `nil` (opaque, same-origin with nothing) for about:, data: and other URLs without a host.
  static func origin(of url: URL) -> Origin? {
    guard let host = url.host, !host.isEmpty else { return nil }
    return Origin(scheme: url.scheme?.lowercased(), host: host.lowercased(), port: url.port)
  }

  /// An opaque origin, the one the document `identity` made.
  static func opaqueOrigin(_ identity: String) -> Origin {
    Origin(scheme: nil, host: nil, port: nil, opaque: identity)
  }

  /// The origin of the document `webView` shows: its page's (an opaque one that document's own), or at its
  /// initial about:blank (nothing committed) its creator's when it was created; a root's initial about:blank has
  /// an opaque origin of its own.
  func origin(of webView: WKWebView) -> Origin? {
    if let item = webView.backForwardList.currentItem, item.url.scheme != "about" {
      return Self.origin(of: item.url) ?? Self.opaqueOrigin("document \(item.documentID)")
    }
    return webView.creationOrigin ?? Self.opaqueOrigin("initial \(ObjectIdentifier(webView).hashValue)")
  }

  /// The origin of the document in `frame`: an iframe's URL's, the web view's for the main frame and for an
  /// iframe at about:blank or about:srcdoc.
  private func documentOrigin(_ frame: Frame, in webView: WKWebView) -> Origin? {
    guard case .sub(_, let shown) = frame, shown.scheme != "about" else { return origin(of: webView) }
    return Self.origin(of: shown)
  }

  /// The frame a link or form in `src` (`nil`: the main frame) is in: the iframe with that `src`, showing the URL
  /// it shows now; `nil` when its load was cancelled (a tap in it does nothing).
  private func linkFrame(_ src: String?, in webView: WKWebView) -> Frame? {
    guard let src else { return .main }
    guard let state = webView.backForwardList.currentItem?.frames else {
      return URL(string: src).map { .sub(src: src, shown: $0) }
    }
    guard !state.blocked.contains(src), let shown = state.url(of: src) else { return nil }
    return .sub(src: src, shown: shown)
  }

  /// The window named `name` WebKit's lookup finds from `requester`: the requester itself if it has the name,
  /// else the first-opened open window with the name that is familiar with it (its opener, the windows it opened,
  /// the other windows its opener opened), provided the requesting document (of `requesterOrigin`) may navigate
  /// it (it is the requester's opener, or the document is same-origin with it or with its opener); `nil`
  /// otherwise (`FrameLoader::findFrameForNavigation`).
  /// The requesting frame's own opener counts only for a main frame (an iframe has none), and a window opened by
  /// an iframe may be navigated by that iframe's origin or its page's (`Document::canNavigate`,
  /// `canAccessAncestor`).
  private func namedWindow(_ name: String, from requester: WKWebView, frame: Frame) -> WKWebView? {
    guard !name.hasPrefix("_") else { return nil }
    if requester.windowName == name, !requester.didSendClose { return requester }
    let requesterOrigin = documentOrigin(frame, in: requester)
    let opener = Self.opener(of: requester)
    let requestersOpener: WKWebView? = if case .main = frame { opener } else { nil }
    // A root is found only as its popups' opener (a root has no opener: nothing else is familiar with it).
    let roots = [opener].compactMap { $0 }.filter { candidate in !popups.contains { $0 === candidate } }
    for window in roots + popups where window.windowName == name && !window.didSendClose {
      let windowOpener = Self.opener(of: window)
      let familiar = window === opener || windowOpener === requester || (opener != nil && windowOpener === opener)
      guard familiar else { continue }
      guard let requesterOrigin else { return window === requestersOpener ? window : nil }
      let navigable =
        window === requestersOpener || requesterOrigin == origin(of: window)
        || windowOpener.map { openerWebView in
          let openerFrameOrigin = window.openerFrame.flatMap { src in
            (openerWebView.backForwardList.currentItem?.frames.url(of: src) ?? URL(string: src)).flatMap {
              Self.origin(of: $0)
            }
          }
          return requesterOrigin == openerFrameOrigin || requesterOrigin == origin(of: openerWebView)
        } == true
      return navigable ? window : nil
    }
    return nil
  }

  /// Whether a navigation of `target` (showing `shown`) to `url` loads the URL the frame shows, asked by a document of
  /// the frame's origin (`FrameLoader`'s `shouldTreatURLAsSameAsCurrent`): WebKit's `FrameLoadType::Same`, which
  /// makes the page anew in the current entry. Never a POST; a GET form adds an empty query to a URL without one.
  private func isSameAsCurrent(
    _ url: URL, shown: URL?, source: WKFrameInfo, target: Frame, in webView: WKWebView, request: URLRequest,
    type: WKNavigationType
  ) -> Bool {
    guard let shown, request.httpMethod != "POST", url.absoluteString == shown.absoluteString,
      type != .formSubmitted || url.query != nil
    else { return false }
    let requester: Origin? =
      if source.isMainFrame, let sourceView = source.webView { origin(of: sourceView) } else {
        source.request.url.flatMap { Self.origin(of: $0) }
      }
    return requester != nil && requester == documentOrigin(target, in: webView)
  }

  /// The window's opener while it lasts: an iframe opener goes with the page that held it.
  /// `setOpener`: `opener` (its main frame) is `window`'s opener from now on.
  private func setOpener(of window: WKWebView, to opener: WKWebView) {
    window.pageOpener = opener
    window.openerFrame = nil
    window.openerGeneration = nil
  }

  private static func opener(of window: WKWebView) -> WKWebView? {
    guard let opener = window.pageOpener else { return nil }
    guard let generation = window.openerGeneration else { return opener }
    return opener.backForwardList.currentItem?.frames.generation == generation ? opener : nil
  }

  private func request(
    _ urlString: String, type: WKNavigationType, target: String, in webView: WKWebView, frame: Frame,
    method: String = "GET", rel: Set<String> = [], download: Bool = false
  ) async {
    guard let url = URL(string: urlString) else { return }
    let source: WKFrameInfo
    switch frame {
    case .main: source = mainFrame(of: webView)
    case .sub(_, let shown):
      source = WKFrameInfo(isMainFrame: false, url: shown, webView: webView, requestIsNil: sendsRuntimeNils)
    }
    let cutsOpener = rel.contains("noopener") || rel.contains("noreferrer")
    // A form's submission is scheduled (`NavigationScheduler::scheduleFormSubmission`); a link loads at once.
    let history: HistoryMove = type == .formSubmitted ? .scheduled : .push
    switch target.lowercased() {
    case "", "_self":
      let ownType = if case .main = frame { ownType(type, of: webView) } else { type }
      await navigate(
        webView, to: url, type: ownType, frame: frame, source: source, request: Self.request(url, method: method),
        history: history, download: download)
    case "_top", "_parent":
      // A top-level iframe's parent is the main frame; the main frame's parent is itself.
      await navigate(
        webView, to: url, type: ownType(type, of: webView), frame: .main, source: source, method: method,
        history: history)
    default:
      let isBlank = target.lowercased() == "_blank"
      if !isBlank, let existing = namedWindow(target, from: webView, frame: frame) {
        await navigate(existing, to: url, type: type, frame: .main, source: source, method: method, history: history)
        break
      }
      // The opener's check of a new-window navigation: target nil; createWebViewWith only after allow.
      let action = WKNavigationAction(
        request: Self.request(url, method: method), sourceFrame: sendsRuntimeNils ? nil : source, targetFrame: nil,
        navigationType: type)
      let policy = await decidePolicy(action, in: webView, target: "none")
      guard policy == .allow else { break }
      // WebKit applies `noopener` to a `_blank` target unless `rel=opener`; a named one keeps the opener and
      // carries the name unless `rel=noopener` or `noreferrer`.
      await openWindow(
        from: webView, frame: frame, url: url, type: type, source: source,
        name: isBlank || cutsOpener ? "_blank" : target,
        keepsOpener: isBlank ? rel.contains("opener") && !cutsOpener : !cutsOpener, method: method)
    }
    await settle()
  }

  private static func request(_ url: URL?, method: String = "GET") -> URLRequest {
    var request = URLRequest(url: url ?? URL(string: "about:blank")!)
    request.url = url
    request.httpMethod = method
    return request
  }

  /// `createWebViewWith` with a copy of the opener's configuration, the check of the returned view, and its first
  /// load (none for `window.open()` without a URL: the initial about:blank commits without callbacks).
  /// `keepsOpener` is whether the page sees its opener (`window.opener`), which decides who finds it by name.
  @discardableResult
  private func openWindow(
    from opener: WKWebView, frame: Frame = .main, url: URL?, type: WKNavigationType, source: WKFrameInfo,
    name: String, keepsOpener: Bool, method: String = "GET"
  ) async -> WKWebView? {
    guard let delegate = opener.uiDelegate, responds(opener, to: .createWebView) else { return nil }
    let configuration = opener.configuration
    configuration.relatedWebView = opener
    let action = WKNavigationAction(
      request: Self.request(url, method: method), sourceFrame: sendsRuntimeNils ? nil : source, targetFrame: nil,
      navigationType: type)
    let returned = delegate.webView(
      opener, createWebViewWith: configuration, for: action, windowFeatures: WKWindowFeatures())
    guard let returned else {
      callbacks.append(Callback("createWebViewWith", opener.standInLabel, type, answer: "nil"))
      return nil
    }
    guard returned.creationConfiguration === configuration else {
      callbacks.append(Callback("createWebViewWith", opener.standInLabel, type, answer: "foreign web view"))
      raise("Returned WKWebView was not created with the given configuration.")
      return nil
    }
    popups.append(returned)
    attach(returned, label: "popup\(popups.count)")
    returned.isOpenedByScript = true
    returned.windowName = name.hasPrefix("_") ? nil : name
    // The opener is the frame whose document opened the window (an iframe's, for a link in one); the window's
    // about:blank has that document's origin.
    returned.pageOpener = keepsOpener ? opener : nil
    if keepsOpener, case .sub(let src, _) = frame {
      returned.openerFrame = src
      returned.openerGeneration = opener.backForwardList.currentItem?.frames.generation
    }
    returned.creationOrigin = documentOrigin(frame, in: opener)
    callbacks.append(Callback("createWebViewWith", opener.standInLabel, type, answer: returned.standInLabel))
    // `window.open()`'s about:blank commits at once, without callbacks.
    if url == nil { returned.hasCommittedDocument = true }
    if let url {
      await navigate(
        returned, to: url, type: .other, frame: .main, source: source, method: method == "POST" ? "POST" : "GET")
    }
    return returned
  }

  /// decidePolicyFor, then (allowed, main frame) the commit: history, didCommit, didFinish.
  @discardableResult
  private func navigate(
    _ webView: WKWebView, to url: URL, type: WKNavigationType, frame: Frame, source: WKFrameInfo,
    method: String = "GET", history: HistoryMove = .push
  ) async -> WKNavigationActionPolicy {
    await navigate(
      webView, to: url, type: type, frame: frame, source: source, request: Self.request(url, method: method),
      history: history)
  }

  @discardableResult
  private func navigate(
    _ webView: WKWebView, to url: URL, type: WKNavigationType, frame: Frame, source: WKFrameInfo,
    request: URLRequest, history: HistoryMove = .push, download: Bool = false
  ) async -> WKNavigationActionPolicy {
    var request = request
    request.url = url
    let target: WKFrameInfo
    switch frame {
    case .main: target = mainFrame(of: webView)
    case .sub(_, let shown):
      target = WKFrameInfo(isMainFrame: false, url: shown, webView: webView, requestIsNil: sendsRuntimeNils)
    }
    let action = WKNavigationAction(
      request: request, sourceFrame: sendsRuntimeNils ? nil : source, targetFrame: target, navigationType: type,
      shouldPerformDownload: download)
    let decided = await decidePolicy(action, in: webView, target: target.isMainFrame ? "main" : "sub")
    // A download (an allowed `shouldPerformDownload` action included) commits nothing.
    if decided == .download || (decided == .allow && download) {
      if let delegate = webView.navigationDelegate, responds(webView, to: .navigationActionDidBecomeDownload) {
        callbacks.append(Callback("navigationActionDidBecomeDownload", webView.standInLabel))
        delegate.webView(webView, navigationAction: action, didBecome: WKDownload(originalRequest: request))
      }
      // A `download` link's redirect to another origin: WebKit cancels the download and loads the redirect's
      // target in the link's frame as a new navigation (`PendingDownload::willSendRedirectedRequest`).
      if download, let redirected = crossOriginDownloadRedirect(from: url) {
        let previous = userGesture
        userGesture = false
        defer { userGesture = previous }
        await navigate(webView, to: redirected, type: .other, frame: frame, source: source)
      }
      return decided
    }
    let list = webView.backForwardList
    let isNewEntry: Bool =
      switch history {
      case .push, .scheduled: true
      case .move, .stay: false
      }
    let isFragment =
      target.isMainFrame && isNewEntry && request.httpMethod != "POST"
      && list.currentItem.map { Self.isSameDocument(url, as: $0.url) } == true
    // A fragment navigation no user gesture started (a script's `location`, the app's load) goes on whatever a
    // cancelling answer says: WebKit asks about it synchronously (`FrameLoader::loadURL`,
    // `PolicyDecisionMode::Synchronous`) and WebKitGTK 2.50.6 went on after `cancel` (`script-fragment-cancel.json`).
    let goesOnAnyway = decided == .cancel && isFragment && type == .other && !userGesture
    guard decided == .allow || goesOnAnyway else { return decided }
    if isFragment, let current = list.currentItem {
      // A fragment of the current page: no load, no commit; a new entry unless the URL is the same.
      if url != current.url {
        // Its item takes the form data of the request that loaded the document (`HistoryController::initializeItem`):
        // a fragment of a posted page is a POST entry, whose reload resubmits (`post-fragment-entries.json`).
        let item = WKBackForwardListItem(
          url: url, isPost: current.isPost, frames: current.frames, documentID: current.documentID)
        // A script's (scheduled, no gesture) marks it: `FrameLoader::loadInSameDocument`; a link's or the app's does not.
        if case .scheduled = history { item.wasCreatedByJSWithoutUserInteraction = !userGesture }
        list.push(item)
        webView.reportObservableChanges()
      }
      return .allow
    }
    let navigation = WKNavigation()
    if target.isMainFrame {
      webView.isLoading = true
      webView.estimatedProgress = 0.1
      webView.reportObservableChanges()
    }
    defer {
      if target.isMainFrame {
        webView.isLoading = false
        webView.estimatedProgress = 1
        webView.reportObservableChanges()
      }
    }
    if target.isMainFrame, let delegate = webView.navigationDelegate, responds(webView, to: .didStartProvisional) {
      callbacks.append(Callback("didStartProvisionalNavigation", webView.standInLabel))
      delegate.webView(webView, didStartProvisionalNavigation: navigation)
    }
    let (policy, redirected) = await followRedirects(
      request, type: type, source: source, target: target, download: download, in: webView, navigation: navigation)
    guard policy == .allow else { return policy }
    let committed = redirected.url ?? url
    // A redirect to a scheme other than http(s) is not followed (`NetworkLoadChecker::checkRedirection`).
    let refusedRedirect = committed != url && !["http", "https"].contains(committed.scheme?.lowercased() ?? "")
    if target.isMainFrame, !Self.canLoad(committed, in: webView) || refusedRedirect {
      // A scheme neither WebKit nor a URL scheme handler of the web view serves: the load fails before any
      // request or response (`cannotShowURLError`; NSURLErrorUnsupportedURL in WKWebView), nothing commits.
      if let delegate = webView.navigationDelegate, responds(webView, to: .didFailProvisional) {
        callbacks.append(
          Callback("didFailProvisionalNavigation", webView.standInLabel, answer: committed.absoluteString))
        delegate.webView(
          webView, didFailProvisionalNavigation: navigation,
          withError: URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: committed]))
      }
      return policy
    }
    guard await responsePolicy(for: committed, target: target, in: webView, navigation: navigation) == .allow else {
      return .cancel
    }
    if target.isMainFrame, failingLoads.contains(Self.withoutFragment(committed)) {
      if let delegate = webView.navigationDelegate, responds(webView, to: .didFailProvisional) {
        callbacks.append(
          Callback("didFailProvisionalNavigation", webView.standInLabel, answer: committed.absoluteString))
        delegate.webView(
          webView, didFailProvisionalNavigation: WKNavigation(),
          withError: URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: committed]))
      }
      return policy
    }
    guard target.isMainFrame else {
      // The joint session history: an entry for the iframe's navigation, the main frame's URL unchanged; no
      // didCommit (WebKit reports main-frame commits only). Nothing committed yet: nothing to add to. A URL the
      // iframe cannot load fails before it commits, and one it shows already loads in its entry (`FrameLoadType::
      // Same`): neither adds an entry.
      guard case .sub(let src, let shown) = frame, let current = list.currentItem, Self.canLoad(committed, in: webView),
        !refusedRedirect
      else { return policy }
      if isNewEntry,
        !isSameAsCurrent(url, shown: shown, source: source, target: frame, in: webView, request: request, type: type)
      {
        var frames = current.frames
        frames.blocked.remove(src)
        frames.shown[src] = committed.absoluteString == src ? nil : committed
        list.push(
          WKBackForwardListItem(
            url: current.url, isPost: current.isPost, frames: frames, documentID: current.documentID)
        )
        showFrames(of: webView)
      }
      return policy
    }
    let frameLoad: FrameLoad
    let isBlank = committed.absoluteString.lowercased().hasPrefix("about:blank")
    // WebKit replaces the current entry for a load of the URL the page shows (`FrameLoadType::Same`), and for a
    // script's or a form's navigation of a window that has committed no real document
    // (`NavigationScheduler`, `committedFirstRealDocumentLoad`); a scheduled about:blank where there is no entry
    // adds none.
    let locks: Bool = if case .scheduled = history { !webView.hasCommittedRealDocument } else { false }
    let replaces =
      isNewEntry && list.currentItem != nil
      && (locks
        || isSameAsCurrent(
          url, shown: list.currentItem?.url, source: source, target: .main, in: webView, request: request, type: type))
    // A window without an opener loses its name on a commit of another origin over a document it loaded (not over
    // its initial empty one): `shouldClearWindowName` in `FrameLoader::clear`.
    let previousOrigin = list.currentItem == nil ? nil : origin(of: webView)
    defer {
      webView.hasCommittedDocument = true
      if !isBlank { webView.hasCommittedRealDocument = true }
      if let previousOrigin, Self.opener(of: webView) == nil, origin(of: webView) != previousOrigin {
        webView.windowName = nil
      }
    }
    switch history {
    case .scheduled where locks && list.currentItem == nil && isBlank && !userGesture:
      frameLoad = .load
    case .push, .scheduled:
      let document = newDocumentID()
      let item = WKBackForwardListItem(
        url: committed, isPost: redirected.httpMethod == "POST", frames: .init(generation: document),
        documentID: document)
      if replaces {
        list.replaceCurrent(with: item)
      } else {
        list.push(item)
      }
      frameLoad = .load
    case .move(let index):
      list.index = index
      // The page is made anew (no back/forward cache), its iframes at the entry's URLs with items no other entry
      // shares: moving on to an entry of the same document made before loads nothing.
      list.currentItem?.frames.generation = newDocumentID()
      frameLoad = .backForward
    case .stay:
      // A reload puts the iframes back at their `src`, with history items no other entry shares.
      list.currentItem?.frames = .init(generation: newDocumentID())
      frameLoad = .load
    }
    webView.estimatedProgress = 0.5
    webView.reportObservableChanges()
    if let delegate = webView.navigationDelegate, responds(webView, to: .didCommit) {
      callbacks.append(Callback("didCommit", webView.standInLabel, answer: committed.absoluteString))
      delegate.webView(webView, didCommit: navigation)
    }
    // The title once the committed document's <title> is parsed, after didCommit.
    webView.title = titles[Self.withoutFragment(committed)]
    webView.reportObservableChanges()
    await loadFrames(of: webView, page: committed, frameLoad)
    // WebKit ends the load (isLoading, estimatedProgress) before it tells the delegate how it ended.
    webView.isLoading = false
    webView.estimatedProgress = 1
    webView.reportObservableChanges()
    if failingAfterCommit.contains(Self.withoutFragment(committed)) {
      if let delegate = webView.navigationDelegate, responds(webView, to: .didFail) {
        callbacks.append(Callback("didFail", webView.standInLabel, answer: committed.absoluteString))
        delegate.webView(
          webView, didFail: navigation,
          withError: URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: committed]))
      }
      return policy
    }
    if let delegate = webView.navigationDelegate, responds(webView, to: .didFinish) {
      callbacks.append(Callback("didFinish", webView.standInLabel))
      delegate.webView(webView, didFinish: navigation)
    }
    return policy
  }

  /// The hops of the server's redirects from `request`: each is decided before its request, with the first
  /// decision's type, source and target. Returns allow and the last hop's request, or the answer that stopped
  /// the load (cancel after too many hops).
  private func followRedirects(
    _ request: URLRequest, type: WKNavigationType, source: WKFrameInfo, target: WKFrameInfo, download: Bool,
    in webView: WKWebView, navigation: WKNavigation? = nil
  ) async -> (WKNavigationActionPolicy, URLRequest) {
    var request = request
    var hops = 0
    while let url = request.url, let redirect = redirects[Self.withoutFragment(url)],
      let next = URL(string: redirect.to)
    {
      hops += 1
      guard hops <= Self.maximumRedirects else {
        callbacks.append(Callback("tooManyRedirects", webView.standInLabel, answer: url.absoluteString))
        return (.cancel, request)
      }
      request.url = next
      if redirect.status == 303 || (redirect.status == 301 || redirect.status == 302) && request.httpMethod == "POST" {
        request.httpMethod = "GET"
      }
      let hop = WKNavigationAction(
        request: request, sourceFrame: sendsRuntimeNils ? nil : source, targetFrame: target, navigationType: type,
        shouldPerformDownload: download)
      let policy = await decidePolicy(hop, in: webView, target: target.isMainFrame ? "main" : "sub")
      guard policy == .allow else { return (policy, request) }
      if target.isMainFrame, let navigation, let delegate = webView.navigationDelegate,
        responds(webView, to: .didReceiveServerRedirect)
      {
        callbacks.append(Callback("didReceiveServerRedirect", webView.standInLabel, answer: next.absoluteString))
        delegate.webView(webView, didReceiveServerRedirectForProvisionalNavigation: navigation)
      }
    }
    return (.allow, request)
  }

  /// The response to a request for `url`: the delegate's policy for it, when it decides responses (WebKit allows a
  /// type it can show otherwise). `cancel` of a main-frame response ends the load before it commits
  /// (`didFailProvisionalNavigation`, WebKit's "frame load interrupted"); `download` turns it into a download.
  private func responsePolicy(for url: URL, target: WKFrameInfo, in webView: WKWebView, navigation: WKNavigation)
    async -> WKNavigationResponsePolicy
  {
    guard let delegate = webView.navigationDelegate, responds(webView, to: .decidePolicyForResponse) else {
      return .allow
    }
    let response = WKNavigationResponse(
      isForMainFrame: target.isMainFrame,
      response: HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!)
    let policy = await delegate.webView(webView, decidePolicyFor: response)
    callbacks.append(
      Callback(
        "decidePolicyForResponse", webView.standInLabel, target: target.isMainFrame ? "main" : "sub",
        answer: "\(policy)"))
    switch policy {
    case .allow: break
    case .download:
      if let delegate = webView.navigationDelegate, responds(webView, to: .navigationResponseDidBecomeDownload) {
        callbacks.append(Callback("navigationResponseDidBecomeDownload", webView.standInLabel))
        delegate.webView(webView, navigationResponse: response, didBecome: WKDownload(originalRequest: nil))
      }
    case .cancel:
      if target.isMainFrame, let delegate = webView.navigationDelegate, responds(webView, to: .didFailProvisional) {
        callbacks.append(Callback("didFailProvisionalNavigation", webView.standInLabel, answer: url.absoluteString))
        delegate.webView(
          webView, didFailProvisionalNavigation: navigation,
          withError: NSError(domain: "WebKitErrorDomain", code: 102, userInfo: [NSURLErrorFailingURLErrorKey: url]))
      }
    }
    return policy
  }

  /// Why a page's iframes are asked.
  private enum FrameLoad {
    /// The page loaded or reloaded: each iframe with `other` at its `src`.
    case load
    /// Back or forward onto the page: each iframe with `backForward` at the URL it showed in the entry; one whose
    /// load had been cancelled loads afresh (`other` at its `src`).
    case backForward
  }

  /// The iframes of the page that just committed in `webView`'s main frame (``pages``), each decided in document
  /// order; no gesture; no history entry. The current entry records where each loaded (after its hops) and which
  /// were cancelled (they stay on `about:blank`).
  private func loadFrames(of webView: WKWebView, page: URL, _ reason: FrameLoad) async {
    guard let item = webView.backForwardList.currentItem else { return }
    let previous = item.frames
    var state = WKBackForwardListItem.FrameState(generation: previous.generation)
    let blank = URL(string: "about:blank")!
    for src in pages[Self.withoutFragment(page)] ?? [] {
      let isBackForward = reason == .backForward && !previous.blocked.contains(src)
      guard let url = isBackForward ? previous.url(of: src) : URL(string: src) else { continue }
      let target = WKFrameInfo(isMainFrame: false, url: blank, webView: webView, requestIsNil: sendsRuntimeNils)
      let parent = mainFrame(of: webView)
      let frameType: WKNavigationType = isBackForward ? .backForward : .other
      let action = WKNavigationAction(
        request: Self.request(url), sourceFrame: sendsRuntimeNils ? nil : parent, targetFrame: target,
        navigationType: frameType)
      var policy = await decidePolicy(action, in: webView, target: "sub")
      var loaded = url
      if policy == .allow {
        let (hopsPolicy, redirected) = await followRedirects(
          Self.request(url), type: frameType, source: parent, target: target, download: false, in: webView)
        policy = hopsPolicy
        loaded = redirected.url ?? url
      }
      if policy != .allow {
        state.blocked.insert(src)
      } else if loaded.absoluteString != src {
        state.shown[src] = loaded
      }
    }
    item.frames = state
    showFrames(of: webView)
  }

  /// Sets ``WKWebView/standInFrames`` from the current entry: each declared iframe's URL, about:blank for one
  /// whose load was cancelled.
  private func showFrames(of webView: WKWebView) {
    guard let item = webView.backForwardList.currentItem else { return }
    let blank = URL(string: "about:blank")!
    webView.standInFrames = (pages[Self.withoutFragment(item.url)] ?? []).map { src in
      item.frames.blocked.contains(src) ? blank : item.frames.url(of: src) ?? blank
    }
  }

  /// The URL a download of `url` is redirected to across origins, after the hops within its origin; `nil` when
  /// every hop stays in the origin (or there is none).
  private func crossOriginDownloadRedirect(from url: URL) -> URL? {
    var current = url
    for _ in 0..<Self.maximumRedirects {
      guard let hop = redirects[Self.withoutFragment(current)], let next = URL(string: hop.to) else { return nil }
      guard let origin = Self.origin(of: current), origin == Self.origin(of: next) else { return next }
      current = next
    }
    return nil
  }

  /// Whether a main-frame load of `url` can commit in `webView`: WebKit loads its scheme, or one of the web view's
  /// URL scheme handlers serves it.
  static func canLoad(_ url: URL, in webView: WKWebView) -> Bool {
    guard let scheme = url.scheme?.lowercased() else { return false }
    return WKWebView.schemesLoadedByWebKit.contains(scheme)
      || webView.creationConfiguration.urlSchemeHandler(forURLScheme: scheme) != nil
  }

  private func newDocumentID() -> Int {
    documents += 1
    return documents
  }

  /// `url` as `absoluteString` writes it, without its fragment: the key of ``pages`` and ``redirects``.
  static func withoutFragment(_ url: URL) -> String {
    let text = url.absoluteString
    return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
  }

  /// Whether navigating from `current` to `url` stays in the document: `url` has a fragment and is otherwise
  /// `current`.
  static func isSameDocument(_ url: URL, as current: URL) -> Bool {
    url.absoluteString.contains("#") && withoutFragment(url) == withoutFragment(current)
  }

  /// Asks the navigation delegate: the async form, or the handler form under WebKit's call checker; allow when
  /// neither is implemented.
  private func decidePolicy(_ action: WKNavigationAction, in webView: WKWebView, target: String) async
    -> WKNavigationActionPolicy
  {
    var policy: WKNavigationActionPolicy
    // WebKit read which methods the delegate has when it was set and holds it weakly: a delegate released since
    // leaves the flags set, and the decision is never made (`if (!navigationDelegate) return;`): the navigation
    // waits, and nothing loads, until the frame's next policy check ignores it.
    let decidesActions = [.decidePolicyWithPreferences, .decidePolicyAsync, .decidePolicyWithHandler].contains {
      webView.navigationDelegateMethods?.contains($0) == true
    }
    if webView.navigationDelegate == nil, decidesActions {
      callbacks.append(
        Callback(
          "decidePolicyFor", webView.standInLabel, action.navigationType, target: target,
          answer: "never (the delegate is gone)"))
      return .cancel
    }
    // `NavigationState::NavigationClient::decidePolicyForNavigationAction`: the `preferences:` variant first.
    if let delegate = webView.navigationDelegate, responds(webView, to: .decidePolicyWithPreferences) {
      policy = await delegate.webView(webView, decidePolicyFor: action, preferences: WKWebpagePreferences()).0
    } else if let delegate = webView.navigationDelegate, responds(webView, to: .decidePolicyAsync) {
      policy = await delegate.webView(webView, decidePolicyFor: action)
    } else if let delegate = webView.navigationDelegate, responds(webView, to: .decidePolicyWithHandler) {
      let selector = "-[\(type(of: delegate)) webView:decidePolicyForNavigationAction:decisionHandler:]"
      let raise = self.raise
      policy = await withCheckedContinuation { continuation in
        let checker = CompletionHandlerCallChecker(selector: selector, raise: raise, uncalled: .cancel) {
          continuation.resume(returning: $0)
        }
        delegate.webView(webView, decidePolicyFor: action) { checker.call($0) }
      }
    } else {
      policy = .allow
    }
    let triesAppLink = policy == .allow
    if policy == .allowWithoutTryingAppLink { policy = .allow }
    callbacks.append(
      Callback(
        "decidePolicyFor", webView.standInLabel, action.navigationType, target: target,
        answer: "\(policy)"))
    if triesAppLink, policy == .allow, target == "main", userGesture, action.navigationType != .backForward,
      let host = action.request.url?.host?.lowercased(), appLinks.contains(host),
      webView.url?.host?.lowercased() != host
    {
      // `tryInterceptNavigation`: the app opens, and the navigation is ignored.
      openedAppLinks.append(action.request.url?.absoluteString ?? "")
      callbacks.append(Callback("openedAppLink", webView.standInLabel, answer: action.request.url?.absoluteString))
      return .cancel
    }
    return policy
  }
}
