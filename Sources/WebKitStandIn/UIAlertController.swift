import Foundation

/// `UIAlertController.h`: `@interface UIAlertController : UIViewController` (iOS 8) — an alert or action sheet.
/// Raises where UIKit does: a second cancel action, a text field on an action sheet. A test answers an alert by
/// tapping one of its ``actions`` (``UIAlertAction/tap()``).
@MainActor open class UIAlertController: UIViewController {
  /// `UIAlertController.h`: `typedef NS_ENUM(NSInteger, UIAlertControllerStyle)`.
  public enum Style: Int, Sendable {
    /// `UIAlertControllerStyleActionSheet`.
    case actionSheet = 0
    /// `UIAlertControllerStyleAlert`.
    case alert = 1
  }

  /// `UIAlertController.h`: `@property (nonatomic, readonly) NSArray<UIAlertAction *> *actions;`
  open private(set) var actions: [UIAlertAction] = []
  /// `UIAlertController.h`: `@property (nonatomic, strong, nullable) UIAlertAction *preferredAction;` (iOS 9).
  open var preferredAction: UIAlertAction?
  /// `UIAlertController.h`: `@property (nullable, nonatomic, readonly) NSArray<UITextField *> *textFields;`
  open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
  /// `UIAlertController.h`: `@property (nullable, nonatomic, copy) NSString *message;`
  open var message: String?
  /// `UIAlertController.h`: `@property (nonatomic, readonly) UIAlertControllerStyle preferredStyle;`
  open private(set) var preferredStyle = Style.actionSheet
  private var fields: [UITextField] = []

  /// `UIAlertController.h`: `+ (instancetype)alertControllerWithTitle:(nullable NSString *)title message:(nullable
  /// NSString *)message preferredStyle:(UIAlertControllerStyle)preferredStyle;`
  public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.message = message
    self.preferredStyle = preferredStyle
  }

  /// `UIAlertController.h`: `- (void)addAction:(UIAlertAction *)action;`
  open func addAction(_ action: UIAlertAction) {
    if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
      UIKitStandIn.raise("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
      return
    }
    action.alert = self
    actions.append(action)
  }

  /// `UIAlertController.h`: `- (void)addTextFieldWithConfigurationHandler:(void (^ __nullable)(UITextField
  /// *textField))configurationHandler;` — alerts only.
  open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
    guard preferredStyle == .alert else {
      UIKitStandIn.raise("Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
      return
    }
    let field = UITextField()
    configurationHandler?(field)
    fields.append(field)
  }
}

/// `UIAlertController.h`: `@interface UIAlertAction : NSObject <NSCopying>` — a button of an alert.
@MainActor open class UIAlertAction: NSObject {
  /// `UIAlertController.h`: `typedef NS_ENUM(NSInteger, UIAlertActionStyle)`.
  public enum Style: Int, Sendable {
    /// `UIAlertActionStyleDefault`.
    case `default` = 0
    /// `UIAlertActionStyleCancel`.
    case cancel = 1
    /// `UIAlertActionStyleDestructive`.
    case destructive = 2
  }

  /// `UIAlertController.h`: `@property (nullable, nonatomic, readonly) NSString *title;`
  public let title: String?
  /// `UIAlertController.h`: `@property (nonatomic, readonly) UIAlertActionStyle style;`
  public let style: Style
  /// `UIAlertController.h`: `@property (nonatomic, getter=isEnabled) BOOL enabled;`
  open var isEnabled = true
  private let handler: ((UIAlertAction) -> Void)?
  /// The alert it was added to.
  weak var alert: UIAlertController?

  /// `UIAlertController.h`: `+ (instancetype)actionWithTitle:(nullable NSString *)title style:(UIAlertActionStyle)
  /// style handler:(void (^ __nullable)(UIAlertAction *action))handler;`
  public init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }

  /// Stand-in only: the user taps the action. As in UIKit, the alert is dismissed, and the handler runs when the
  /// dismissal has ended (``UIKitStandIn/finishTransitions()``); a disabled action, or one of an alert that is not
  /// presented, does nothing.
  public func tap() {
    guard isEnabled, let alert, let presenter = alert.presentingViewController else { return }
    presenter.dismiss(animated: true) { [handler] in handler?(self) }
  }
}
