import Foundation

/// `UIViewController.h`. Presentation behaves as UIKit's where an adapter could get it wrong: a controller that
/// is already presenting, or whose view is not in a window, presents nothing (UIKit logs a warning and leaves
/// `presentingViewController` nil, see ``UIKitStandIn/warnings``); the presented view is put in the window, and a
/// `fullScreen` presentation takes the presenter's view out of it until the dismissal; dismissing a controller
/// dismisses everything presented above it.
///
/// Animated transitions take time, as on a device: an animated presentation or dismissal runs until
/// ``UIKitStandIn/finishTransitions()`` (the ``WebKitDriver`` calls it when it settles: time passes between a
/// page's events). While one runs, `isBeingPresented` or `isBeingDismissed` is true, `transitionCoordinator` is
/// set, and UIKit refuses with a warning, calling no completion, a presentation from a controller in a transition
/// ("while a presentation is in progress") and a dismissal of a stack any of whose controllers is in one ("while a
/// presentation or dismiss is in progress"). Unanimated ones are instant.
@MainActor open class UIViewController: UIResponder {
  private var loadedView: UIView?
  /// The presenter's view a `fullScreen` presentation took out of its superview, put back on dismissal.
  private var coveredView: (view: UIView, superview: UIView)?
  /// The transition this controller is in, if any.
  fileprivate var runningTransition: UIKitStandIn.Transition?
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
  /// true while an animated presentation of this controller runs.
  open var isBeingPresented: Bool { runningTransition?.kind == .presentation && runningTransition?.presented === self }
  /// `UIViewController.h`: `@property(nonatomic, readonly, getter=isBeingDismissed) BOOL beingDismissed;` —
  /// true while an animated dismissal of this controller runs.
  open var isBeingDismissed: Bool {
    runningTransition?.kind == .dismissal && runningTransition?.controllers.last !== self
  }
  /// `UIViewControllerTransitionCoordinator.h`: `@property(nonatomic, readonly, nullable) id
  /// <UIViewControllerTransitionCoordinator> transitionCoordinator;` — the running transition this controller
  /// takes part in (presented, dismissed or presenting).
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    runningTransition ?? presentedViewController?.runningTransition
  }

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
    if runningTransition != nil {
      UIKitStandIn.warn("Attempt to present \(name) while a presentation is in progress.")
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
    guard flag else {
      completion?()
      return
    }
    let transition = UIKitStandIn.Transition(
      kind: .presentation, presented: viewControllerToPresent, completion: completion)
    transition.controllers = [viewControllerToPresent, self]
    UIKitStandIn.start(transition)
  }

  /// `UIViewController.h`: `- (void)dismissViewControllerAnimated:(BOOL)flag completion:(void (^ __nullable)(void))
  /// completion;` — dismisses what this controller presents and everything above it; called on a controller
  /// that presents nothing, it asks its presenter, as UIKit does. Refused (a warning, no completion) while any
  /// controller of that stack, or the presenter, is in a transition.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    let presenter = presentedViewController != nil ? self : presentingViewController
    guard let presenter, presenter.presentedViewController != nil else {
      completion?()
      return
    }
    let stack = presenter.presentedStack
    if ([presenter] + stack).contains(where: { $0.runningTransition != nil }) {
      UIKitStandIn.warn(
        "Attempt to dismiss from view controller <\(type(of: presenter))> while a presentation or dismiss is in progress!"
      )
      return
    }
    guard flag else {
      presenter.dismissPresentedStack()
      completion?()
      return
    }
    let transition = UIKitStandIn.Transition(kind: .dismissal, presented: stack[0]) { [weak presenter] in
      presenter?.dismissPresentedStack()
      completion?()
    }
    transition.controllers = stack + [presenter]
    UIKitStandIn.start(transition)
  }

  /// The controllers this one presents, bottom to top.
  private var presentedStack: [UIViewController] {
    var stack: [UIViewController] = []
    var next = presentedViewController
    while let controller = next {
      stack.append(controller)
      next = controller.presentedViewController
    }
    return stack
  }

  private func dismissPresentedStack() {
    for controller in presentedStack.reversed() {
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

/// `UIViewControllerTransitionCoordinator.h`: the running transition's coordinator (the member the adapter uses).
@MainActor public protocol UIViewControllerTransitionCoordinator: AnyObject {
  /// `- (BOOL)animateAlongsideTransition:(void (^ _Nullable)(id <UIViewControllerTransitionCoordinatorContext>))
  /// animation completion:(void (^ _Nullable)(id <UIViewControllerTransitionCoordinatorContext>))completion;` —
  /// `completion` runs when the transition ends.
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

/// `UIViewControllerTransitionCoordinator.h`: what a transition's blocks are told.
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
  /// `@property(nonatomic, readonly, getter=isCancelled) BOOL cancelled;`
  var isCancelled: Bool { get }
}

extension UIKitStandIn {
  /// A presentation or dismissal that takes time.
  final class Transition: UIViewControllerTransitionCoordinator, UIViewControllerTransitionCoordinatorContext {
    enum Kind {
      case presentation
      case dismissal
    }

    let kind: Kind
    weak var presented: UIViewController?
    /// The controllers taking part (presented or dismissed, and their presenter).
    var controllers: [UIViewController] = []
    private var completions: [() -> Void]
    private var observers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    let isCancelled = false

    init(kind: Kind, presented: UIViewController, completion: (() -> Void)?) {
      self.kind = kind
      self.presented = presented
      self.completions = completion.map { [$0] } ?? []
    }

    func animate(
      alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
      completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
      animation?(self)
      if let completion { observers.append(completion) }
      return true
    }

    func finish() {
      for controller in controllers where controller.runningTransition === self { controller.runningTransition = nil }
      for completion in completions { completion() }
      for observer in observers { observer(self) }
    }
  }

  private static var running: [Transition] = []

  static func start(_ transition: Transition) {
    for controller in transition.controllers { controller.runningTransition = transition }
    running.append(transition)
  }

  /// Stand-in only: whether an animated presentation or dismissal is running.
  public static var hasRunningTransitions: Bool { !running.isEmpty }

  /// Stand-in only: time passes until every running transition has ended, in the order they started: each one's
  /// completion and its coordinator's completion blocks run (they may start more, which end too).
  public static func finishTransitions() {
    while !running.isEmpty {
      running.removeFirst().finish()
    }
  }
}

/// `UIViewController.h`: `typedef NS_ENUM(NSInteger, UIModalPresentationStyle)`.
public enum UIModalPresentationStyle: Int, Sendable {
  /// `UIModalPresentationFullScreen`: the presenter's views are removed once the presentation completes.
  case fullScreen = 0
  /// `UIModalPresentationOverFullScreen`: covers the screen; the presenter's views stay in the window.
  case overFullScreen = 5
  /// `UIModalPresentationPageSheet`.
  case pageSheet = 1
  /// `UIModalPresentationAutomatic = -2` (iOS 13): a page sheet for most controllers; the presenter's views stay.
  case automatic = -2
}
