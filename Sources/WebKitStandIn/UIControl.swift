import Foundation

// Controls, with the Swift signatures of the iOS SDK: `UIControl.h`, `UIAction.h`, `UIButton.h` and the
// `UIButton.Configuration` of UIKit's Swift overlay (iOS 15), `UIImage.h`, `UITextField.h`.

/// `UIControl.h`: `@interface UIControl : UIView`.
@MainActor open class UIControl: UIView {
  /// `UIControl.h`: `UIControlEvents`.
  public struct Event: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates an event set.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `UIControlEventTouchUpInside`.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// `UIControlEventPrimaryActionTriggered` (iOS 9): what a button's `primaryAction` is registered for.
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  private var actions: [(UIAction, Event)] = []

  /// `UIControl.h`: `- (void)addAction:(UIAction *)action forControlEvents:(UIControlEvents)controlEvents;`
  /// (iOS 14).
  open func addAction(_ action: UIAction, for controlEvents: Event) {
    actions.append((action, controlEvents))
  }

  /// `UIControl.h`: `- (void)sendActionsForControlEvents:(UIControlEvents)controlEvents;`
  open func sendActions(for controlEvents: Event) {
    for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
      action.handler(action)
    }
  }

  /// Stand-in only: a finger's tap, as UIKit delivers it to a button: `touchUpInside`, then
  /// `primaryActionTriggered`.
  public func tap() {
    sendActions(for: .touchUpInside)
    sendActions(for: .primaryActionTriggered)
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

/// `UIImage.h`: `@interface UIImage : NSObject <NSSecureCoding>` — immutable, `Sendable` in the Swift SDK.
open class UIImage: NSObject, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a Sendable type.
  /// Stand-in only: the SF Symbol's name, for an image made by ``init(systemName:)``.
  public let standInSystemName: String?

  /// `UIImage.h`: `+ (nullable UIImage *)systemImageNamed:(NSString *)name;` (iOS 13) — Swift:
  /// `init?(systemName:)`. The stand-in knows no symbol list and never fails.
  public init?(systemName name: String) {
    self.standInSystemName = name
    super.init()
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
  /// `UIButton.configuration` (UIKit's Swift overlay, iOS 15): `var configuration: UIButton.Configuration?`.
  open var configuration: Configuration?

  /// `UIButton.h`: `+ (instancetype)buttonWithType:(UIButtonType)buttonType;`
  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }

  /// UIKit's Swift overlay (iOS 15): `convenience init(configuration: UIButton.Configuration, primaryAction:
  /// UIAction? = nil)` — a system button; `primaryAction` runs on `primaryActionTriggered`.
  public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
    self.init(type: .system)
    self.configuration = configuration
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  /// UIKit's Swift overlay (iOS 15): `struct UIButton.Configuration` — a button's content and appearance (the
  /// members the stand-in needs).
  public struct Configuration: Hashable, Sendable {
    /// `UIButton.Configuration.CornerStyle`: how the background's corners are rounded.
    public enum CornerStyle: Hashable, Sendable {
      /// `.fixed`: the background's own corner radius.
      case fixed
      /// `.dynamic` (the default): a radius that follows the Dynamic Type size.
      case dynamic
      /// `.small`.
      case small
      /// `.medium`.
      case medium
      /// `.large`.
      case large
      /// `.capsule`: half the button's height.
      case capsule
    }

    /// Stand-in only: the style it was made from (`filled`, `plain`, …).
    public let standInStyle: String
    /// `var image: UIImage?`.
    public var image: UIImage?
    /// `var title: String?`.
    public var title: String?
    /// `var cornerStyle: UIButton.Configuration.CornerStyle`.
    public var cornerStyle = CornerStyle.dynamic
    /// `var background: UIBackgroundConfiguration` (the member the stand-in needs).
    public var background = Background()

    /// `UIBackgroundConfiguration` (iOS 14): the button's background, drawn inside the button's bounds.
    public struct Background: Hashable, Sendable {
      /// `var backgroundInsets: NSDirectionalEdgeInsets` — how far inside the button's bounds the background is
      /// drawn: the button's touch target stays its bounds.
      public var backgroundInsets = NSDirectionalEdgeInsets.zero
    }

    /// `static func plain() -> UIButton.Configuration`.
    public static func plain() -> Configuration {
      Configuration(standInStyle: "plain")
    }

    /// `static func filled() -> UIButton.Configuration`: a background filled with the tint colour.
    public static func filled() -> Configuration {
      Configuration(standInStyle: "filled")
    }
  }
}

/// `UITextField.h`: `@interface UITextField : UIControl <UITextInput, NSCoding, UIContentSizeCategoryAdjusting>`.
@MainActor open class UITextField: UIControl {
  private var storedText = ""

  /// `UITextField.h`: `@property(nullable, nonatomic,copy) NSString *text;` — `""` by default, and after setting
  /// `nil`, as UIKit returns.
  open var text: String? {
    get { storedText }
    set { storedText = newValue ?? "" }
  }
  /// `UITextField.h`: `@property(nullable, nonatomic,copy) NSString *placeholder;`
  open var placeholder: String?
}
