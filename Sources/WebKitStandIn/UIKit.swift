import Foundation

// Stand-ins for the UIKit declarations SessionKitWebKit uses, with the Swift signatures of the iOS SDK
// (Swift interface of UIKit, iOS 16 SDK and later). Every UIKit class here is `@MainActor` as in the SDK
// (`NS_SWIFT_UI_ACTOR` on UIResponder and its subclasses). Behaviour is reduced to what tests observe: the view
// tree, presented view controllers, button actions and the URLs handed to `UIApplication.open`.

/// `UIResponder.h`: the base of views and view controllers.
@MainActor open class UIResponder: NSObject {}

/// `UIView.h`: a rectangle in the view hierarchy.
@MainActor open class UIView: UIResponder {
  /// `UIView.h`: `@property(nonatomic) CGRect frame;`
  open var frame: CGRect
  /// `UIView.h`: `@property(nonatomic) CGRect bounds;` (origin zero here).
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
  /// `UIView.h`: `@property(nullable, nonatomic, readonly) UIView *superview;`
  open private(set) weak var superview: UIView?
  /// `UIView.h`: `@property(nonatomic, readonly, copy) NSArray<__kindof UIView *> *subviews;`
  open private(set) var subviews: [UIView] = []
  /// `UIView.h`: `@property(nonatomic, getter=isHidden) BOOL hidden;`
  open var isHidden = false
  /// `UIView.h`: `@property(nonatomic) UIViewAutoresizing autoresizingMask;`
  open var autoresizingMask: AutoresizingMask = []
  /// `UIView.h`: `@property(nonatomic) BOOL translatesAutoresizingMaskIntoConstraints;`
  open var translatesAutoresizingMaskIntoConstraints = true

  /// `UIView.h`: `UIViewAutoresizing`.
  public struct AutoresizingMask: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `UIViewAutoresizingFlexibleWidth`.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// `UIViewAutoresizingFlexibleHeight`.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// `UIViewAutoresizingFlexibleLeftMargin`.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// `UIViewAutoresizingFlexibleBottomMargin`.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// `UIView.h`: `- (instancetype)initWithFrame:(CGRect)frame;`
  public init(frame: CGRect) {
    self.frame = frame
  }

  /// `UIView.h`: `- (void)addSubview:(UIView *)view;` (moves `view` from its current superview).
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  /// `UIView.h`: `- (void)bringSubviewToFront:(UIView *)view;`
  open func bringSubviewToFront(_ view: UIView) {
    guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
    subviews.append(subviews.remove(at: index))
  }

  /// `UIView.h`: `- (void)removeFromSuperview;`
  open func removeFromSuperview() {
    superview?.subviews.removeAll { $0 === self }
    superview = nil
  }
}

/// `UIControl.h`: `UIControlEvents`.
@MainActor open class UIControl: UIView {
  /// `UIControl.h`: `UIControlEvents`.
  public struct Event: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates an event set.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `UIControlEventTouchUpInside`.
    public static let touchUpInside = Event(rawValue: 1 << 6)
  }

  private var actions: [(UIAction, Event)] = []

  /// `UIControl.h`: `- (void)addAction:(UIAction *)action forControlEvents:(UIControlEvents)controlEvents;`
  /// (iOS 14).
  open func addAction(_ action: UIAction, for controlEvents: Event) {
    actions.append((action, controlEvents))
  }

  /// `UIControl.h`: `- (void)sendActionsForControlEvents:(UIControlEvents)controlEvents;` — how a test taps.
  open func sendActions(for controlEvents: Event) {
    for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
      action.handler(action)
    }
  }
}

/// `UIAction.h`: a menu element or control action with a handler (iOS 13).
@MainActor open class UIAction {
  /// `UIAction.h`: `typedef void (^UIActionHandler)(__kindof UIAction *action);`
  public let handler: @MainActor (UIAction) -> Void

  /// `UIAction.h`: `+ (instancetype)actionWithHandler:(UIActionHandler)handler;` (Swift: `init(handler:)` with
  /// defaulted title and image).
  public init(handler: @escaping @MainActor (UIAction) -> Void) {
    self.handler = handler
  }
}

/// `UIButton.h`.
@MainActor open class UIButton: UIControl {
  /// `UIButton.h`: `UIButtonType`.
  public enum ButtonType: Int, Sendable {
    /// `UIButtonTypeCustom`.
    case custom = 0
    /// `UIButtonTypeSystem`.
    case system = 1
    /// `UIButtonTypeClose` (iOS 13).
    case close = 7
  }

  /// `UIButton.h`: `@property(nonatomic, readonly) UIButtonType buttonType;`
  public let buttonType: ButtonType

  /// `UIButton.h`: `+ (instancetype)buttonWithType:(UIButtonType)buttonType;`
  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }
}

/// `UIViewController.h`.
@MainActor open class UIViewController: UIResponder {
  private var loadedView: UIView?

  /// `UIViewController.h`: `@property(null_resettable, nonatomic, strong) UIView *view;` (loaded on first access
  /// through `loadView()`).
  open var view: UIView! {
    get {
      if loadedView == nil { loadView() }
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// `UIViewController.h`: `@property(nonatomic,assign) UIModalPresentationStyle modalPresentationStyle;`
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  /// `UIViewController.h`: `@property(nullable, nonatomic, readonly) UIViewController *presentedViewController;`
  open private(set) var presentedViewController: UIViewController?
  /// `UIViewController.h`: `@property(nullable, nonatomic, readonly) UIViewController *presentingViewController;`
  open private(set) weak var presentingViewController: UIViewController?

  /// `UIViewController.h`: `- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable
  /// NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;`
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// `NSObject`'s `init`, which UIKit routes to `init(nibName: nil, bundle: nil)`.
  public convenience override init() {
    self.init(nibName: nil, bundle: nil)
  }

  /// `UIViewController.h`: `- (void)loadView;`
  open func loadView() {
    loadedView = UIView(frame: .zero)
  }

  /// `UIViewController.h`: `- (void)presentViewController:(UIViewController *)viewControllerToPresent
  /// animated:(BOOL)flag completion:(void (^ __nullable)(void))completion;`
  open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
    presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = self
    completion?()
  }

  /// `UIViewController.h`: `- (void)dismissViewControllerAnimated:(BOOL)flag completion:(void (^ __nullable)(void))
  /// completion;` — called on the presented controller, it asks its presenter, as UIKit does.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController {
      presented.presentingViewController = nil
      presentedViewController = nil
    } else if let presenter = presentingViewController {
      presenter.presentedViewController = nil
      presentingViewController = nil
    }
    completion?()
  }
}

/// `UIViewController.h`: `typedef NS_ENUM(NSInteger, UIModalPresentationStyle)`.
public enum UIModalPresentationStyle: Int, Sendable {
  /// `UIModalPresentationFullScreen`.
  case fullScreen = 0
  /// `UIModalPresentationPageSheet`.
  case pageSheet = 1
  /// `UIModalPresentationAutomatic = -2` (iOS 13).
  case automatic = -2
}

/// `UIApplication.h`.
@MainActor open class UIApplication: UIResponder {
  /// `UIApplication.h`: `UIApplicationOpenExternalURLOptionsKey`.
  public struct OpenExternalURLOptionsKey: Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// Creates a key.
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  /// `UIApplication.h`: `@property(class, nonatomic, readonly) UIApplication *sharedApplication;`
  public static let shared = UIApplication()

  /// Stand-in only: the URLs passed to ``open(_:options:completionHandler:)``, in order.
  public private(set) var openedURLs: [URL] = []

  /// `UIApplication.h`: `- (void)openURL:(NSURL*)url options:(NSDictionary<UIApplicationOpenExternalURLOptionsKey,
  /// id> *)options completionHandler:(void (^ __nullable)(BOOL success))completion;` (iOS 10).
  open func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    openedURLs.append(url)
    completion?(true)
  }

  /// Stand-in only: forgets ``openedURLs`` (tests share the one `shared` application).
  public func resetOpenedURLs() {
    openedURLs = []
  }
}
