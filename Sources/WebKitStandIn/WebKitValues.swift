import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Stand-ins for WebKit's value classes, with the Swift signatures the iOS SDK imports from these headers
// (WebKit/Source/WebKit/UIProcess/API/Cocoa/*.h). Since the iOS 18 SDK these classes are `@MainActor`
// (`WK_SWIFT_UI_ACTOR`); SessionKitWebKit only touches them on the main actor, so it compiles either way.

/// `WKNavigationAction.h`: `typedef NS_ENUM(NSInteger, WKNavigationType)`.
public enum WKNavigationType: Int, Sendable {
  /// `WKNavigationTypeLinkActivated`.
  case linkActivated = 0
  /// `WKNavigationTypeFormSubmitted`.
  case formSubmitted = 1
  /// `WKNavigationTypeBackForward`.
  case backForward = 2
  /// `WKNavigationTypeReload`.
  case reload = 3
  /// `WKNavigationTypeFormResubmitted`.
  case formResubmitted = 4
  /// `WKNavigationTypeOther = -1`.
  case other = -1
}

/// `WKNavigationDelegate.h`: `typedef NS_ENUM(NSInteger, WKNavigationActionPolicy)`.
public enum WKNavigationActionPolicy: Int, Sendable {
  /// `WKNavigationActionPolicyCancel`.
  case cancel = 0
  /// `WKNavigationActionPolicyAllow`.
  case allow = 1
  /// `WKNavigationActionPolicyDownload` (iOS 14.5).
  case download = 2
  /// `_WKNavigationActionPolicyAllowWithoutTryingAppLink = WKNavigationActionPolicyAllow + 2`
  /// (`WKNavigationDelegatePrivate.h`): allow, and load in the web view without trying a universal link first.
  /// The SDK's Swift enum has no case of that name; code reaches it as `WKNavigationActionPolicy(rawValue: 3)`, as
  /// an imported `NS_ENUM` accepts any raw value.
  case allowWithoutTryingAppLink = 3
}

/// `WKUIDelegate.h`: `typedef NS_ENUM(NSInteger, WKMediaCaptureType)` (iOS 15).
public enum WKMediaCaptureType: Int, Sendable {
  /// `WKMediaCaptureTypeCamera`.
  case camera = 0
  /// `WKMediaCaptureTypeMicrophone`.
  case microphone = 1
  /// `WKMediaCaptureTypeCameraAndMicrophone`.
  case cameraAndMicrophone = 2
}

/// `WKUIDelegate.h`: `typedef NS_ENUM(NSInteger, WKPermissionDecision)` (iOS 15).
public enum WKPermissionDecision: Int, Sendable {
  /// `WKPermissionDecisionPrompt`: WebKit asks the user.
  case prompt = 0
  /// `WKPermissionDecisionGrant`.
  case grant = 1
  /// `WKPermissionDecisionDeny`.
  case deny = 2
}

/// `WKSecurityOrigin.h`: `@interface WKSecurityOrigin : NSObject`.
@MainActor open class WKSecurityOrigin: NSObject {
  /// `WKSecurityOrigin.h`: `@property (nonatomic, readonly, copy) NSString *protocol;`
  public let `protocol`: String
  /// `WKSecurityOrigin.h`: `@property (nonatomic, readonly, copy) NSString *host;`
  public let host: String
  /// `WKSecurityOrigin.h`: `@property (nonatomic, readonly) NSInteger port;` (0 for the scheme's default).
  public let port: Int

  /// Stand-in only (WebKit creates origins): the origin of `url`.
  init(url: URL?) {
    self.protocol = url?.scheme ?? ""
    self.host = url?.host ?? ""
    self.port = url?.port ?? 0
  }
}

/// `WKFrameInfo.h`: `@interface WKFrameInfo : NSObject <NSCopying>`.
@MainActor open class WKFrameInfo: NSObject {
  /// `WKFrameInfo.h`: `@property (nonatomic, readonly, getter=isMainFrame) BOOL mainFrame;`
  public let isMainFrame: Bool
  /// `WKFrameInfo.h`: `@property (nonatomic, readonly, copy) NSURLRequest *request;` — non-optional in Swift,
  /// but WebKit has returned nil at run time (reported by DuckDuckGo's BrowserServicesKit, which reads it through
  /// an optional accessor). The stand-in can be made to return nil (``init(isMainFrame:url:webView:requestIsNil:)``):
  /// reading it then crashes, as reading a nil non-optional does on a device.
  open var request: URLRequest {
    guard let urlRequest else { fatalError("EXC_BAD_ACCESS: WKFrameInfo.request is nil at run time") }
    return urlRequest
  }
  /// Stand-in only: `request` as it really is, nil included (what an optional-returning accessor reads).
  public let standInRequest: URLRequest?
  private var urlRequest: URLRequest? { standInRequest }
  /// `WKFrameInfo.h`: `@property (nonatomic, readonly) WKSecurityOrigin *securityOrigin;` (iOS 9).
  public let securityOrigin: WKSecurityOrigin
  /// `WKFrameInfo.h`: `@property (nonatomic, readonly, weak) WKWebView *webView;` (iOS 11).
  public private(set) weak var webView: WKWebView?

  /// Stand-in only (WebKit creates frame infos); `requestIsNil` makes ``request`` nil at run time.
  public init(isMainFrame: Bool, url: URL?, webView: WKWebView?, requestIsNil: Bool = false) {
    self.isMainFrame = isMainFrame
    self.standInRequest = requestIsNil ? nil : URLRequest(url: url ?? URL(string: "about:blank")!)
    self.securityOrigin = WKSecurityOrigin(url: url)
    self.webView = webView
  }
}

/// `WKNavigationAction.h`: `@interface WKNavigationAction : NSObject`.
@MainActor open class WKNavigationAction: NSObject {
  /// `WKNavigationAction.h`: `@property (nonatomic, readonly, copy) WKFrameInfo *sourceFrame;` — non-optional in
  /// Swift, but nil at run time for some new-window actions (reported by DuckDuckGo's BrowserServicesKit). Reading
  /// a nil one crashes, as it does on a device; ``standInSourceFrame`` is what an optional accessor reads.
  open var sourceFrame: WKFrameInfo {
    guard let source else { fatalError("EXC_BAD_ACCESS: WKNavigationAction.sourceFrame is nil at run time") }
    return source
  }
  /// Stand-in only: `sourceFrame` as it really is, nil included.
  public var standInSourceFrame: WKFrameInfo? { source }
  /// `WKNavigationAction.h`: `@property (nullable, nonatomic, readonly, copy) WKFrameInfo *targetFrame;` — nil
  /// for a new-window navigation.
  open var targetFrame: WKFrameInfo? { target }
  /// `WKNavigationAction.h`: `@property (nonatomic, readonly) WKNavigationType navigationType;`
  open var navigationType: WKNavigationType { type }
  /// `WKNavigationAction.h`: `@property (nonatomic, readonly, copy) NSURLRequest *request;`
  open var request: URLRequest { urlRequest }
  /// `WKNavigationAction.h`: `@property (nonatomic, readonly) BOOL shouldPerformDownload;` (iOS 14.5).
  open var shouldPerformDownload: Bool { download }

  private let source: WKFrameInfo?
  private let target: WKFrameInfo?
  private let type: WKNavigationType
  private let urlRequest: URLRequest
  private let download: Bool

  /// Stand-in only (WebKit creates navigation actions); a nil `sourceFrame` is what WebKit has sent at run time.
  public init(
    request: URLRequest, sourceFrame: WKFrameInfo?, targetFrame: WKFrameInfo?, navigationType: WKNavigationType,
    shouldPerformDownload: Bool = false
  ) {
    self.urlRequest = request
    self.source = sourceFrame
    self.target = targetFrame
    self.type = navigationType
    self.download = shouldPerformDownload
  }
}

/// `WKWindowFeatures.h`: `@interface WKWindowFeatures : NSObject` — every value optional (`nil` when the page did
/// not specify it).
@MainActor open class WKWindowFeatures: NSObject {
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *menuBarVisibility;`
  public let menuBarVisibility: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *statusBarVisibility;`
  public let statusBarVisibility: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *toolbarsVisibility;`
  public let toolbarsVisibility: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *allowsResizing;`
  public let allowsResizing: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *x;`
  public let x: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *y;`
  public let y: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *width;`
  public let width: NSNumber?
  /// `WKWindowFeatures.h`: `@property (nullable, nonatomic, readonly) NSNumber *height;`
  public let height: NSNumber?

  /// Stand-in only (WebKit creates window features from `window.open`'s third argument).
  init(width: Double? = nil, height: Double? = nil) {
    menuBarVisibility = nil
    statusBarVisibility = nil
    toolbarsVisibility = nil
    allowsResizing = nil
    x = nil
    y = nil
    self.width = width.map { NSNumber(value: $0) }
    self.height = height.map { NSNumber(value: $0) }
  }
}

/// `WKNavigation.h`: `@interface WKNavigation : NSObject` — identifies one navigation across delegate calls.
@MainActor open class WKNavigation: NSObject {}

/// `WKWebpagePreferences.h`: `@interface WKWebpagePreferences : NSObject` (iOS 13) — per-navigation preferences
/// the `preferences:` variant of `decidePolicyForNavigationAction` can change.
@MainActor open class WKWebpagePreferences: NSObject {
  /// `WKWebpagePreferences.h`: `@property (nonatomic) BOOL allowsContentJavaScript;` (iOS 14).
  open var allowsContentJavaScript = true
}

/// `WKDownload.h`: `@interface WKDownload : NSObject <NSProgressReporting>` (iOS 14.5) — a download a navigation
/// became.
@MainActor open class WKDownload: NSObject {
  /// `WKDownload.h`: `@property (nonatomic, readonly, nullable) NSURLRequest *originalRequest;`
  public let originalRequest: URLRequest?

  /// Stand-in only (WebKit creates downloads).
  public init(originalRequest: URLRequest?) {
    self.originalRequest = originalRequest
  }
}

/// `WKNavigationDelegate.h`: `typedef NS_ENUM(NSInteger, WKNavigationResponsePolicy)`.
public enum WKNavigationResponsePolicy: Int, Sendable {
  /// `WKNavigationResponsePolicyCancel`.
  case cancel = 0
  /// `WKNavigationResponsePolicyAllow`.
  case allow = 1
  /// `WKNavigationResponsePolicyDownload` (iOS 14.5).
  case download = 2
}

/// `WKNavigationResponse.h`: `@interface WKNavigationResponse : NSObject`.
@MainActor open class WKNavigationResponse: NSObject {
  /// `WKNavigationResponse.h`: `@property (nonatomic, readonly, getter=isForMainFrame) BOOL forMainFrame;`
  public let isForMainFrame: Bool
  /// `WKNavigationResponse.h`: `@property (nonatomic, readonly, copy) NSURLResponse *response;`
  public let response: URLResponse

  /// Stand-in only (WebKit creates navigation responses).
  public init(isForMainFrame: Bool, response: URLResponse) {
    self.isForMainFrame = isForMainFrame
    self.response = response
  }
}

/// `WKBackForwardListItem.h`.
@MainActor open class WKBackForwardListItem: NSObject {
  /// `WKBackForwardListItem.h`: `@property (readonly, copy) NSURL *URL;`
  public let url: URL
  /// `WKBackForwardListItem.h`: `@property (readonly, copy) NSURL *initialURL;`
  public let initialURL: URL

  /// Whether a POST created the entry (its reload is `formResubmitted`).
  let isPost: Bool
  /// The state of the page's iframes in this entry (WebKit keeps them as children of the main frame's item; `url`
  /// is the main frame's, as in WebKit).
  var frames: FrameState
  /// The document the entry shows (WebKit's `HistoryItem::documentSequenceNumber`): entries a same-document
  /// navigation or an iframe's navigation added share their page's.
  let documentID: Int
  /// Whether a script's same-document navigation made the entry without user interaction (WebKit's private
  /// `_wasCreatedByJSWithoutUserInteraction`): `goBack` and `goForward` skip it.
  var wasCreatedByJSWithoutUserInteraction = false

  /// The iframes of one entry, each named by its `src`: the URL it shows when it moved away from its `src`, the
  /// ones whose load was cancelled, and which load of the document the iframes' items belong to (a reload gives
  /// the entry new ones, which match no other entry's: WebKit then loads no iframe moving between them).
  struct FrameState: Equatable {
    var shown: [String: URL] = [:]
    var blocked: Set<String> = []
    var generation: Int

    /// The URL the iframe `src` shows.
    func url(of src: String) -> URL? {
      shown[src] ?? URL(string: src)
    }

    /// The iframes whose URL differs between this state and `other` of the same load, sorted; none when they
    /// belong to different loads.
    func framesDiffering(from other: FrameState) -> [String] {
      guard generation == other.generation else { return [] }
      return Set(shown.keys).union(other.shown.keys).filter { url(of: $0) != other.url(of: $0) }.sorted()
    }
  }

  init(url: URL, isPost: Bool, frames: FrameState, documentID: Int) {
    self.url = url
    self.initialURL = url
    self.isPost = isPost
    self.frames = frames
    self.documentID = documentID
  }
}

/// `WKBackForwardList.h`.
@MainActor open class WKBackForwardList: NSObject {
  var items: [WKBackForwardListItem] = []
  var index = -1

  /// `WKBackForwardList.h`: `@property (nullable, nonatomic, readonly, strong) WKBackForwardListItem *currentItem;`
  open var currentItem: WKBackForwardListItem? { index >= 0 ? items[index] : nil }
  /// `WKBackForwardList.h`: `@property (nullable, nonatomic, readonly, strong) WKBackForwardListItem *backItem;`
  open var backItem: WKBackForwardListItem? { index >= 1 ? items[index - 1] : nil }
  /// `WKBackForwardList.h`: `@property (nullable, nonatomic, readonly, strong) WKBackForwardListItem *forwardItem;`
  open var forwardItem: WKBackForwardListItem? { index + 1 < items.count ? items[index + 1] : nil }
  /// `WKBackForwardList.h`: `@property (nonatomic, readonly, copy) NSArray<WKBackForwardListItem *> *backList;`
  open var backList: [WKBackForwardListItem] { index >= 1 ? Array(items[..<index]) : [] }
  /// `WKBackForwardList.h`: `@property (nonatomic, readonly, copy) NSArray<WKBackForwardListItem *> *forwardList;`
  open var forwardList: [WKBackForwardListItem] { index + 1 < items.count ? Array(items[(index + 1)...]) : [] }

  /// The most entries kept: WebKit's default capacity (`WebBackForwardList`, `DefaultCapacity = 100`).
  static let capacity = 100

  /// A new current entry in place of the current one (WebKit's `FrameLoadType::Same`, a locked back/forward list):
  /// the other entries stay.
  func replaceCurrent(with item: WKBackForwardListItem) {
    guard items.indices.contains(index) else { return push(item) }
    items[index] = item
  }

  /// A new current entry after the current one; the forward entries go, and past ``capacity`` the oldest.
  func push(_ item: WKBackForwardListItem) {
    if index + 1 < items.count { items.removeSubrange((index + 1)...) }
    items.append(item)
    if items.count > Self.capacity { items.removeFirst(items.count - Self.capacity) }
    index = items.count - 1
  }
}

/// `WKPreferences.h`.
@MainActor open class WKPreferences: NSObject {
  /// `WKPreferences.h`: `@property (nonatomic) BOOL javaScriptCanOpenWindowsAutomatically;` (default `NO` on iOS).
  open var javaScriptCanOpenWindowsAutomatically = false
}

/// `WKWebViewConfiguration.h`: `@interface WKWebViewConfiguration : NSObject <NSSecureCoding, NSCopying>`.
@MainActor open class WKWebViewConfiguration: NSObject {
  /// `WKWebViewConfiguration.h`: `@property (nonatomic, strong) WKPreferences *preferences;`
  open var preferences = WKPreferences()

  /// `WKWebViewConfiguration.h`: `- (instancetype)init;`
  public override init() {
    super.init()
  }

  /// A copy, as `WKWebView.configuration` and `createWebViewWith` hand out (`NSCopying`): the URL scheme handlers
  /// come along, so a popup serves the schemes its opener does.
  func copied() -> WKWebViewConfiguration {
    let copy = WKWebViewConfiguration()
    copy.preferences.javaScriptCanOpenWindowsAutomatically = preferences.javaScriptCanOpenWindowsAutomatically
    copy.relatedWebView = relatedWebView
    copy.schemeHandlers = schemeHandlers
    return copy
  }

  /// The URL scheme handlers, by lower-cased scheme.
  private var schemeHandlers: [String: any WKURLSchemeHandler] = [:]

  /// `WKWebViewConfiguration.h`: `- (void)setURLSchemeHandler:(nullable id <WKURLSchemeHandler>)urlSchemeHandler
  /// forURLScheme:(NSString *)urlScheme;` — raises for a scheme WebKit handles itself
  /// (`WKWebView.handlesURLScheme(_:)`), as WebKit does.
  open func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String) {
    let scheme = urlScheme.lowercased()
    precondition(
      !WKWebView.handlesURLScheme(scheme),
      "NSInvalidArgumentException: '\(urlScheme)' is a URL scheme that WKWebView handles natively")
    schemeHandlers[scheme] = urlSchemeHandler
  }

  /// `WKWebViewConfiguration.h`: `- (nullable id <WKURLSchemeHandler>)urlSchemeHandlerForURLScheme:(NSString
  /// *)urlScheme;`
  open func urlSchemeHandler(forURLScheme urlScheme: String) -> (any WKURLSchemeHandler)? {
    schemeHandlers[urlScheme.lowercased()]
  }

  /// WebKit's private `_relatedWebView`: set on the configuration it passes to `createWebViewWith`, and checked
  /// on the returned web view.
  weak var relatedWebView: WKWebView?
}

/// `WKURLSchemeHandler.h`: `@protocol WKURLSchemeHandler <NSObject>` — the app loads the URLs of a scheme it
/// serves. The stand-in never calls it: the ``WebKitDriver`` serves every page itself, and a registered handler
/// only makes its scheme loadable.
@MainActor public protocol WKURLSchemeHandler: NSObjectProtocol {
  /// `- (void)webView:(WKWebView *)webView startURLSchemeTask:(id <WKURLSchemeTask>)urlSchemeTask;`
  func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)
  /// `- (void)webView:(WKWebView *)webView stopURLSchemeTask:(id <WKURLSchemeTask>)urlSchemeTask;`
  func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)
}

/// `WKURLSchemeTask.h`: `@protocol WKURLSchemeTask <NSObject>` — one load a scheme handler answers.
@MainActor public protocol WKURLSchemeTask: NSObjectProtocol {
  /// `@property (nonatomic, readonly, copy) NSURLRequest *request;`
  var request: URLRequest { get }
}
