import Foundation

/// `UIViewController.h`. Presentation behaves as UIKit's where an adapter could get it wrong: a controller that
/// is already presenting, or whose view is not in a window, presents nothing (UIKit logs a warning and leaves
/// `presentingViewController` nil, see ``UIKitStandIn/warnings``); the presented view is put in the window, and a
/// `fullScreen` presentation takes the presenter's view out of it until the dismissal; dismissing a controller
/// dismisses everything presented above it. Transitions are instant: `isBeingPresented` and `isBeingDismissed`
/// are false unless a test's subclass says otherwise.
@MainActor open class UIViewController: UIResponder {
  private var loadedView: UIView?
  /// The presenter's view a `fullScreen` presentation took out of its superview, put back on dismissal.
  private var coveredView: (view: UIView, superview: UIView)?

  /// `UIViewController.h`: `@property(null_resettable, nonatomic, strong) UIView *view;` (loaded on first access
  /// through `loadView()`).
  open var view: UIView! {
    get {
      if loadedView == nil { loadView() }
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// `UIViewController.h`: `@property(nullable, nonatomic, readonly, strong) UIView *viewIfLoaded;` (iOS 9).
  open var viewIfLoaded: UIView? { loadedView }
  /// `UIViewController.h`: `@property(nonatomic, readonly, getter=isViewLoaded) BOOL viewLoaded;`
  open var isViewLoaded: Bool { loadedView != nil }
  /// `UIViewController.h`: `@property(nullable, nonatomic,copy) NSString *title;`
  open var title: String?
  /// `UIViewController.h`: `@property(nonatomic,assign) UIModalPresentationStyle modalPresentationStyle;`
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  /// `UIViewController.h`: `@property(nullable, nonatomic, readonly) UIViewController *presentedViewController;`
  open private(set) var presentedViewController: UIViewController?
  /// `UIViewController.h`: `@property(nullable, nonatomic, readonly) UIViewController *presentingViewController;`
  open private(set) weak var presentingViewController: UIViewController?
  /// `UIViewController.h`: `@property(nonatomic, readonly, getter=isBeingPresented) BOOL beingPresented;` —
  /// always false here (instant transitions); override to stand for a presentation in progress.
  open var isBeingPresented: Bool { false }
  /// `UIViewController.h`: `@property(nonatomic, readonly, getter=isBeingDismissed) BOOL beingDismissed;` —
  /// always false here (instant transitions); override to stand for a dismissal in progress.
  open var isBeingDismissed: Bool { false }

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
  /// animated:(BOOL)flag completion:(void (^ __nullable)(void))completion;` — refused (a warning, no completion)
  /// from a controller that is already presenting or whose view is not in a window; raises for a controller that
  /// is already presented.
  open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
    let name = "<\(type(of: viewControllerToPresent))> on <\(type(of: self))>"
    if let presented = presentedViewController {
      UIKitStandIn.warn("Attempt to present \(name) which is already presenting <\(type(of: presented))>.")
      return
    }
    guard let window = viewIfLoaded?.window else {
      UIKitStandIn.warn("Attempt to present \(name) whose view is not in the window hierarchy.")
      return
    }
    guard viewControllerToPresent.presentingViewController == nil, viewControllerToPresent !== self else {
      UIKitStandIn.raise("Application tried to present modally a view controller \(name) that is already presented.")
      return
    }
    presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = self
    let presentedView: UIView = viewControllerToPresent.view
    presentedView.frame = window.bounds
    window.addSubview(presentedView)
    if viewControllerToPresent.modalPresentationStyle == .fullScreen, let own = loadedView,
      let superview = own.superview
    {
      viewControllerToPresent.coveredView = (own, superview)
      own.removeFromSuperview()
    }
    completion?()
  }

  /// `UIViewController.h`: `- (void)dismissViewControllerAnimated:(BOOL)flag completion:(void (^ __nullable)(void))
  /// completion;` — dismisses what this controller presents and everything above it; called on a controller
  /// that presents nothing, it asks its presenter, as UIKit does.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if presentedViewController != nil {
      dismissPresentedStack()
    } else if let presenter = presentingViewController {
      presenter.dismissPresentedStack()
    }
    completion?()
  }

  private func dismissPresentedStack() {
    var stack: [UIViewController] = []
    var next = presentedViewController
    while let controller = next {
      stack.append(controller)
      next = controller.presentedViewController
    }
    for controller in stack.reversed() {
      controller.viewIfLoaded?.removeFromSuperview()
      if let covered = controller.coveredView {
        covered.superview.addSubview(covered.view)
        controller.coveredView = nil
      }
      controller.presentingViewController?.presentedViewController = nil
      controller.presentingViewController = nil
    }
  }
}

/// `UIViewController.h`: `typedef NS_ENUM(NSInteger, UIModalPresentationStyle)`.
public enum UIModalPresentationStyle: Int, Sendable {
  /// `UIModalPresentationFullScreen`: the presenter's views are removed once the presentation completes.
  case fullScreen = 0
  /// `UIModalPresentationPageSheet`.
  case pageSheet = 1
  /// `UIModalPresentationAutomatic = -2` (iOS 13): a page sheet for most controllers; the presenter's views stay.
  case automatic = -2
}
