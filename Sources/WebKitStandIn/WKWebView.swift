import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `WKWebView.h`: `WK_SWIFT_UI_ACTOR @interface WKWebView : UIView` (the Swift class is `@MainActor`, as every
/// UIView). The stand-in keeps the page state the ``WebKitDriver`` needs (history, who opened it, its name) and
/// hands `load(_:)` requests to the driver, which runs the navigation as WebKit would.
@MainActor open class WKWebView: UIView {
  /// `WKWebView.h`: `@property (nonatomic, readonly, copy) WKWebViewConfiguration *configuration;` — a copy, as
  /// WebKit returns.
  open var configuration: WKWebViewConfiguration { creationConfiguration.copied() }
  /// `WKWebView.h`: `@property (nullable, nonatomic, weak) id <WKNavigationDelegate> navigationDelegate;` — as
  /// `NavigationState::setNavigationDelegate` does, the methods the delegate responds to are read once, here.
  open weak var navigationDelegate: (any WKNavigationDelegate)? {
    didSet { navigationDelegateMethods = WebKitDriver.DelegateMethod.respondedTo(by: navigationDelegate) }
  }
  /// `WKWebView.h`: `@property (nullable, nonatomic, weak) id <WKUIDelegate> UIDelegate;` — the methods it
  /// responds to are read once, here (`UIDelegate::setDelegate`).
  open weak var uiDelegate: (any WKUIDelegate)? {
    didSet { uiDelegateMethods = WebKitDriver.DelegateMethod.respondedTo(by: uiDelegate) }
  }
  /// What the navigation delegate answered `respondsToSelector:` when it was set; `nil` for a delegate that is not
  /// ``SelectorResponding`` (the driver's ``WebKitDriver/implemented`` set then stands for it).
  public private(set) var navigationDelegateMethods: Set<WebKitDriver.DelegateMethod>?
  /// What the UI delegate answered `respondsToSelector:` when it was set (see ``navigationDelegateMethods``).
  public private(set) var uiDelegateMethods: Set<WebKitDriver.DelegateMethod>?
  /// `WKWebView.h`: `@property (nullable, nonatomic, readonly, copy) NSURL *URL;`
  open var url: URL? { backForwardList.currentItem?.url }
  /// `WKWebView.h`: `@property (nonatomic, readonly, strong) WKBackForwardList *backForwardList;`
  public let backForwardList = WKBackForwardList()
  /// `WKWebView.h`: `@property (nonatomic, readonly) BOOL canGoBack;`
  open var canGoBack: Bool { backForwardList.backItem != nil }
  /// `WKWebView.h`: `@property (nonatomic, readonly) BOOL canGoForward;`
  open var canGoForward: Bool { backForwardList.forwardItem != nil }
  /// `WKWebView.h`: `@property (nonatomic, readonly, getter=isLoading) BOOL loading;` — from a main-frame load's
  /// start (`didStartProvisionalNavigation`) until it finishes, fails or is cancelled.
  public internal(set) var isLoading = false
  /// `WKWebView.h`: `@property (nonatomic, readonly) double estimatedProgress;` — 0.1 when a main-frame load
  /// starts, 0.5 when it commits, 1 when it ends, as WebKit's progress tracker reports those points.
  public internal(set) var estimatedProgress = 0.0
  /// `WKWebView.h`: `@property (nullable, nonatomic, readonly, copy) NSString *title;` — the page's title: the
  /// driver's ``WebKitDriver/titles`` entry for the committed URL, else `nil`.
  public internal(set) var title: String?
  /// `WKWebView.h`: `@property (nullable, nonatomic, copy) NSString *customUserAgent;` — kept, not sent anywhere.
  open var customUserAgent: String?
  /// The observers of `observe(_:options:changeHandler:)` and the values they were last told.
  let standInObservers = StandInObservers()
  /// The observable values as the observers were last told them (empty until the first observer comes).
  var lastObservedValues: [AnyKeyPath: Any] = [:]

  /// `WKWebView.h`: `+ (BOOL)handlesURLScheme:(NSString *)urlScheme;` — the schemes WebKit loads itself (or
  /// reserves), which a URL scheme handler may not serve. A main-frame load of a URL of any other scheme no handler
  /// serves fails before it commits (`FrameLoader`'s `canHandleRequest` check, `cannotShowURLError`).
  public static func handlesURLScheme(_ urlScheme: String) -> Bool {
    let scheme = urlScheme.lowercased()
    return schemesLoadedByWebKit.contains(scheme) || ["javascript", "ws", "wss", "ftp"].contains(scheme)
  }

  /// The schemes of ``handlesURLScheme(_:)`` that WebKit loads (the others it reserves without loading).
  static let schemesLoadedByWebKit: Set<String> = ["http", "https", "about", "data", "blob", "file"]

  /// The configuration object passed to `init` (WebKit compares it with the one it passed to
  /// `createWebViewWith`).
  let creationConfiguration: WKWebViewConfiguration
  weak var driver: WebKitDriver?
  /// A name for logs: `main`, `popup1`, …
  public internal(set) var standInLabel = "unattached"
  /// The window name `window.open` or a link target gave it.
  var windowName: String?
  /// The window the page sees as `window.opener`: `nil` for the root, and after `noopener` or a `_blank` link or
  /// form. Decides which windows find this one by name.
  weak var pageOpener: WKWebView?
  /// The iframe (by `src`) of ``pageOpener`` whose document opened this window; `nil` for its main frame.
  var openerFrame: String?
  /// For an iframe opener, the generation of the opener's page that held it: when that page goes, so does the
  /// iframe, and this window has no opener any more (`FrameLoader::detachFromAllOpenedFrames`).
  var openerGeneration: Int?
  /// Whether the main frame has committed any document (about:blank included), and one other than about:blank
  /// (`committedFirstRealDocumentLoad`): until then a script's or a form's navigation replaces the current entry.
  var hasCommittedDocument = false
  var hasCommittedRealDocument = false
  /// The origin (scheme, host, port) of the window that created this one, when it was created: the origin of the
  /// about:blank it shows until its first load commits.
  var creationOrigin: WebKitDriver.Origin?
  /// Whether a script (a `_blank` link or `window.open`) opened this window, which lets it close itself.
  var isOpenedByScript = false
  /// Whether `webViewDidClose` was sent for it.
  public internal(set) var didSendClose = false
  /// Stand-in only: the URL each iframe of the current page shows, in document order (``WebKitDriver/pages``); an
  /// iframe whose load was cancelled shows `about:blank`.
  public internal(set) var standInFrames: [URL] = []

  /// `WKWebView.h`: `- (instancetype)initWithFrame:(CGRect)frame configuration:(WKWebViewConfiguration *)configuration
  /// NS_DESIGNATED_INITIALIZER;`
  public init(frame: CGRect, configuration: WKWebViewConfiguration) {
    self.creationConfiguration = configuration
    super.init(frame: frame)
  }

  /// `WKWebView.h`: `- (nullable WKNavigation *)loadRequest:(NSURLRequest *)request;` — the navigation runs when
  /// the driver settles (decidePolicyFor(other, main frame), then the commit).
  @discardableResult
  open func load(_ request: URLRequest) -> WKNavigation? {
    driver?.enqueueLoad(request, in: self)
    return WKNavigation()
  }

  /// `WKWebView.h`: `- (void)stopLoading;` — drops the loads the driver has not run yet.
  open func stopLoading() {
    driver?.dropLoads(in: self)
  }

  /// `WKWebView.h`: `- (nullable WKNavigation *)goBack;` — runs when the driver settles, as the page's
  /// `history.back()` does (``WebKitDriver/go(_:in:)``); `nil` when there is no back item.
  @discardableResult
  open func goBack() -> WKNavigation? {
    guard canGoBack else { return nil }
    driver?.enqueue(.go(-1), in: self)
    return WKNavigation()
  }

  /// `WKWebView.h`: `- (nullable WKNavigation *)goForward;` — as ``goBack()``, forward.
  @discardableResult
  open func goForward() -> WKNavigation? {
    guard canGoForward else { return nil }
    driver?.enqueue(.go(1), in: self)
    return WKNavigation()
  }

  /// `WKWebView.h`: `- (nullable WKNavigation *)reload;` — runs when the driver settles
  /// (``WebKitDriver/reload(in:)``).
  @discardableResult
  open func reload() -> WKNavigation? {
    guard backForwardList.currentItem != nil else { return nil }
    driver?.enqueue(.reload, in: self)
    return WKNavigation()
  }

  /// The values `observe(_:options:changeHandler:)` can watch, by key path.
  func observableValues() -> [AnyKeyPath: Any] {
    [
      \WKWebView.isLoading: isLoading, \WKWebView.estimatedProgress: estimatedProgress,
      \WKWebView.title: title as Any, \WKWebView.url: url as Any, \WKWebView.canGoBack: canGoBack,
      \WKWebView.canGoForward: canGoForward,
    ]
  }

  /// Tells the observers of every observable value that changed since they were last told (the driver calls it
  /// at each step of a load and when it settles).
  func reportObservableChanges() {
    guard !lastObservedValues.isEmpty else { return }  // nobody observes
    let before = lastObservedValues
    lastObservedValues = observableValues()
    standInObservers.notify(self, before: before)
  }

  /// `WKWebView.h`: `- (nullable WKNavigation *)loadHTMLString:(NSString *)string baseURL:(nullable NSURL *)baseURL;`
  /// — the stand-in has no page to render: it navigates to `baseURL` (decidePolicyFor(other) and a commit of it).
  @discardableResult
  open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
    if let baseURL { driver?.enqueueLoad(URLRequest(url: baseURL), in: self) }
    return WKNavigation()
  }
}
