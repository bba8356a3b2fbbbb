import Foundation

// Stand-ins for the UIKit declarations SessionKitWebKit uses, with the Swift signatures of the iOS SDK
// (Swift interface of UIKit, iOS 16 SDK and later). Every UIKit class here is `@MainActor` as in the SDK
// (`NS_SWIFT_UI_ACTOR` on UIResponder and its subclasses). Behaviour is reduced to what tests observe: the view
// tree and the window it is in, constraints, presented view controllers (refused where UIKit refuses), button and
// alert actions, and the URLs handed to `UIApplication.open`. `UIViewController.swift`, `UIControl.swift`,
// `UIAlertController.swift` and `UIKitLayout.swift` hold the rest.

/// Stand-in only: what the stand-in UIKit does where UIKit raises an Objective-C exception, and the console
/// warnings UIKit logs where it ignores a call (a presentation it refuses).
@MainActor public enum UIKitStandIn {
  /// Receives each exception message; the default crashes, as an uncaught `NSInternalInconsistencyException` or
  /// `NSInvalidArgumentException` does. A test that provokes one on purpose replaces it, and puts it back.
  public static var raise: @MainActor (String) -> Void = { fatalError("UIKit exception: \($0)") }
  /// The warnings logged so far, in order ("Attempt to present … which is already presenting …").
  public private(set) static var warnings: [String] = []

  /// Forgets ``warnings``.
  public static func resetWarnings() {
    warnings = []
  }

  static func warn(_ message: String) {
    warnings.append(message)
  }
}

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
  /// `UIView.h`: `@property(nonatomic,readonly) NSArray<__kindof NSLayoutConstraint *> *constraints;` — the
  /// active constraints installed on this view (those whose nearest common ancestor it is).
  open private(set) var constraints: [NSLayoutConstraint] = []
  /// `UIView.h`: `@property(nullable, nonatomic,copy) UIColor *backgroundColor;`
  open var backgroundColor: UIColor?
  private var safeArea: UILayoutGuide?
  var standInGestureRecognizers: [UIGestureRecognizer] = []
  var standInAssociatedObjects: [UnsafeRawPointer: AnyObject] = [:]

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

  /// `NSObject`'s `init`, which UIKit routes to `init(frame: .zero)`.
  public convenience override init() {
    self.init(frame: .zero)
  }

  /// `UIView.h`: `@property(nullable, nonatomic, readonly) UIWindow *window;` — the window the view is in: itself
  /// for a window, else the nearest ancestor that is one; `nil` for a view that is not in a window.
  open var window: UIWindow? {
    var current: UIView? = self
    while let view = current {
      if let window = view as? UIWindow { return window }
      current = view.superview
    }
    return nil
  }

  /// `UIView.h`: `@property(nonatomic,readonly,strong) UILayoutGuide *safeAreaLayoutGuide;` (iOS 11) — the part
  /// of the view that bars, the notch and the home indicator leave free; the stand-in lays nothing out.
  open var safeAreaLayoutGuide: UILayoutGuide {
    if let safeArea { return safeArea }
    let guide = UILayoutGuide()
    guide.identifier = "UIViewSafeAreaLayoutGuide"
    guide.owningView = self
    safeArea = guide
    return guide
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

  /// `UIView.h`: `- (void)removeFromSuperview;` — also deactivates the constraints between the view's subtree
  /// and the views outside it, as UIKit does.
  open func removeFromSuperview() {
    guard let superview else { return }
    deactivateConstraintsLeavingWithSubtree()
    superview.subviews.removeAll { $0 === self }
    self.superview = nil
  }

  /// `UIView.h`: `- (BOOL)isDescendantOfView:(UIView *)view;` — true for the view itself too.
  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let ancestor = current {
      if ancestor === view { return true }
      current = ancestor.superview
    }
    return false
  }

  func install(_ constraint: NSLayoutConstraint) {
    constraints.append(constraint)
    constraint.installedOn = self
  }

  func uninstall(_ constraint: NSLayoutConstraint) {
    constraints.removeAll { $0 === constraint }
    constraint.installedOn = nil
  }
}

/// `UIWindow.h`: `@interface UIWindow : UIView` — the root of a view hierarchy on screen. A view controller's
/// view is on screen when it is in a window: as its `rootViewController`, or presented over one.
@MainActor open class UIWindow: UIView {
  /// `UIWindow.h`: `@property(nullable, nonatomic,strong) UIViewController *rootViewController;` — "installs the
  /// view controller's view as the content view of the window".
  open var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      if let old = oldValue?.viewIfLoaded, old.superview === self { old.removeFromSuperview() }
      if let root = rootViewController?.view {
        root.frame = bounds
        addSubview(root)
      }
    }
  }

  /// `UIWindow.h`: `- (void)makeKeyAndVisible;`
  open func makeKeyAndVisible() {
    isHidden = false
  }
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
