import Foundation

// Touches and gesture recognizers, as far as an adapter that watches for real taps needs them; a clock for touch
// timestamps that tests move; associated objects (the Objective-C runtime's, which Linux lacks); colours.

extension UIKitStandIn {
  /// Stand-in only: the seconds since boot that `UITouch.timestamp` and `UIEvent.timestamp` are measured in (on a
  /// device, `ProcessInfo.processInfo.systemUptime`). Virtual: it moves only when a test moves it, so no test
  /// waits on the wall clock.
  public private(set) static var systemUptime: TimeInterval = 1_000

  /// Moves ``systemUptime`` on by `seconds`.
  public static func advanceClock(by seconds: TimeInterval) {
    systemUptime += seconds
  }

  /// Stand-in only: a finger taps `view` now: each gesture recognizer of the view and of its ancestors (UIKit
  /// delivers a touch to the recognizers of the hit-tested view and of its superviews) gets `touchesBegan` and
  /// `touchesEnded` with one touch stamped ``systemUptime``, as UIKit delivers them before the view's own
  /// handling (WebKit's synthetic click follows the touch's end).
  public static func tap(_ view: UIView) {
    let touch = UITouch(view: view, timestamp: systemUptime)
    let event = UIEvent(timestamp: systemUptime)
    var recognizers: [UIGestureRecognizer] = []
    var current: UIView? = view
    while let next = current {
      recognizers += next.gestureRecognizers ?? []
      current = next.superview
    }
    for recognizer in recognizers where recognizer.isEnabled { recognizer.touchesBegan([touch], with: event) }
    for recognizer in recognizers where recognizer.isEnabled { recognizer.touchesEnded([touch], with: event) }
  }
}

/// `UITouch.h`: one finger on the screen.
@MainActor open class UITouch: NSObject {
  /// `UITouch.h`: `@property(nonatomic,readonly) NSTimeInterval timestamp;` — seconds since boot.
  open private(set) var timestamp: TimeInterval
  /// `UITouch.h`: `@property(nullable,nonatomic,readonly,strong) UIView *view;`
  open private(set) weak var view: UIView?

  /// Stand-in only (UIKit creates touches).
  init(view: UIView, timestamp: TimeInterval) {
    self.view = view
    self.timestamp = timestamp
  }
}

/// `UIEvent.h`: the event a touch belongs to.
@MainActor open class UIEvent: NSObject {
  /// `UIEvent.h`: `@property(nonatomic,readonly) NSTimeInterval timestamp;`
  open private(set) var timestamp: TimeInterval

  /// Stand-in only (UIKit creates events).
  init(timestamp: TimeInterval) {
    self.timestamp = timestamp
  }
}

/// `UIGestureRecognizer.h`, with the members `UIGestureRecognizerSubclass.h` opens to subclasses.
@MainActor open class UIGestureRecognizer: NSObject {
  /// `UIGestureRecognizerState`.
  public enum State: Int, Sendable {
    /// `UIGestureRecognizerStatePossible`.
    case possible = 0
    /// `UIGestureRecognizerStateBegan`.
    case began = 1
    /// `UIGestureRecognizerStateChanged`.
    case changed = 2
    /// `UIGestureRecognizerStateEnded`.
    case ended = 3
    /// `UIGestureRecognizerStateCancelled`.
    case cancelled = 4
    /// `UIGestureRecognizerStateFailed`.
    case failed = 5
  }

  /// `@property(nonatomic,readwrite) UIGestureRecognizerState state;` (settable in `UIGestureRecognizerSubclass.h`).
  open var state = State.possible
  /// `@property(nonatomic, getter=isEnabled) BOOL enabled;`
  open var isEnabled = true
  /// `@property(nonatomic) BOOL cancelsTouchesInView;` (default YES).
  open var cancelsTouchesInView = true
  /// `@property(nonatomic) BOOL delaysTouchesBegan;` (default NO).
  open var delaysTouchesBegan = false
  /// `@property(nonatomic) BOOL delaysTouchesEnded;` (default YES).
  open var delaysTouchesEnded = true
  /// `@property(nullable,nonatomic,readonly) UIView *view;`
  open internal(set) weak var view: UIView?

  /// `- (instancetype)initWithTarget:(nullable id)target action:(nullable SEL)action;` — the stand-in takes no
  /// action (Linux has no selectors): subclasses observe touches.
  public init(target: Any?, action: Never?) {
    super.init()
  }

  /// `- (void)touchesBegan:(NSSet<UITouch *> *)touches withEvent:(UIEvent *)event;`
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `- (void)touchesEnded:(NSSet<UITouch *> *)touches withEvent:(UIEvent *)event;`
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `- (void)touchesCancelled:(NSSet<UITouch *> *)touches withEvent:(UIEvent *)event;`
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// `- (void)reset;` — called when the recognizer returns to `possible`.
  open func reset() {}
}

extension UIView {
  /// `UIView.h`: `- (void)addGestureRecognizer:(UIGestureRecognizer *)gestureRecognizer;`
  public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
    gestureRecognizer.view = self
    standInGestureRecognizers.append(gestureRecognizer)
  }

  /// `UIView.h`: `- (void)removeGestureRecognizer:(UIGestureRecognizer *)gestureRecognizer;`
  public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    standInGestureRecognizers.removeAll { $0 === gestureRecognizer }
    if gestureRecognizer.view === self { gestureRecognizer.view = nil }
  }

  /// `UIView.h`: `@property(nullable, nonatomic,copy) NSArray<__kindof UIGestureRecognizer *> *gestureRecognizers;`
  public var gestureRecognizers: [UIGestureRecognizer]? {
    standInGestureRecognizers.isEmpty ? nil : standInGestureRecognizers
  }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized, AlwaysUseLowerCamelCase
/// `objc/runtime.h`: `objc_AssociationPolicy`, the case the stand-in supports (named as the runtime names it).
public enum objc_AssociationPolicy: Sendable {
  /// `OBJC_ASSOCIATION_RETAIN_NONATOMIC`: the object holds the value strongly.
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `objc/runtime.h`: `void objc_setAssociatedObject(id object, const void *key, id value, objc_AssociationPolicy
/// policy);` — the stand-in associates with views only (what the adapter associates with); `nil` removes.
@MainActor public func objc_setAssociatedObject(
  _ object: UIView, _ key: UnsafeRawPointer, _ value: AnyObject?, _ policy: objc_AssociationPolicy
) {
  object.standInAssociatedObjects[key] = value
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `objc/runtime.h`: `id objc_getAssociatedObject(id object, const void *key);`
@MainActor public func objc_getAssociatedObject(_ object: UIView, _ key: UnsafeRawPointer) -> Any? {
  object.standInAssociatedObjects[key]
}

/// `UIColor.h`: the colours the adapter uses.
open class UIColor: NSObject, @unchecked Sendable {
  /// Stand-in only: the colour's name.
  public let standInName: String

  init(standInName: String) {
    self.standInName = standInName
  }

  /// `@property(class, nonatomic, readonly) UIColor *systemBackgroundColor;` (iOS 13) — Swift: `.systemBackground`.
  public static let systemBackground = UIColor(standInName: "systemBackground")
  /// `@property(class, nonatomic, readonly) UIColor *clearColor;`
  public static let clear = UIColor(standInName: "clear")
}

/// `UIGeometry.h`: `NSDirectionalEdgeInsets` (iOS 11).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
  /// The inset from the top.
  public var top: CGFloat
  /// The inset from the leading edge.
  public var leading: CGFloat
  /// The inset from the bottom.
  public var bottom: CGFloat
  /// The inset from the trailing edge.
  public var trailing: CGFloat

  /// Insets of the four edges.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No insets.
  public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
