import Foundation

// Auto Layout as far as SessionKitWebKit uses it, with the Swift signatures of the iOS SDK (`NSLayoutAnchor.h`,
// `NSLayoutConstraint.h`, `UILayoutGuide.h`; all `NS_SWIFT_UI_ACTOR`). Anchors make constraints; activating one
// installs it on the nearest common ancestor of its items and raises, as UIKit does, when there is none ("Unable to
// activate constraint … because they have no common ancestor"); removing a view from its superview deactivates the
// constraints between its subtree and the views outside it. The stand-in solves no layout: tests read the
// constraints (``UIView/standInActiveConstraints``).

/// `UILayoutGuide.h`: `@interface UILayoutGuide : NSObject <NSCoding>` (iOS 9) — a rectangle that takes part in
/// Auto Layout without being a view.
@MainActor open class UILayoutGuide: NSObject {
  /// `UILayoutGuide.h`: `@property(nonatomic,weak,nullable) UIView *owningView;`
  open weak var owningView: UIView?
  /// `UILayoutGuide.h`: `@property(nonatomic,copy) NSString *identifier;`
  open var identifier = ""

  /// `UILayoutGuide.h`: `@property(nonatomic,readonly,strong) NSLayoutXAxisAnchor *leadingAnchor;`
  open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
  /// `UILayoutGuide.h`: `@property(nonatomic,readonly,strong) NSLayoutXAxisAnchor *trailingAnchor;`
  open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
  /// `UILayoutGuide.h`: `@property(nonatomic,readonly,strong) NSLayoutYAxisAnchor *topAnchor;`
  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
  /// `UILayoutGuide.h`: `@property(nonatomic,readonly,strong) NSLayoutYAxisAnchor *bottomAnchor;`
  open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
  /// `UILayoutGuide.h`: `@property(nonatomic,readonly,strong) NSLayoutDimension *widthAnchor;`
  open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
  /// `UILayoutGuide.h`: `@property(nonatomic,readonly,strong) NSLayoutDimension *heightAnchor;`
  open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

/// `NSLayoutAnchor.h`: `@interface NSLayoutAnchor<AnchorType> : NSObject <NSCopying, NSCoding>` (iOS 9) — one
/// attribute of a view or layout guide; constraints are made between anchors of the same kind.
@MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
  /// The view or layout guide (UIKit keeps it weakly).
  weak var item: AnyObject?
  let attribute: NSLayoutConstraint.Attribute

  init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
    self.item = item
    self.attribute = attribute
  }

  /// `NSLayoutAnchor.h`: `- (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutAnchor<AnchorType> *)anchor;`
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    constraint(equalTo: anchor, constant: 0)
  }

  /// `NSLayoutAnchor.h`: `- (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutAnchor<AnchorType> *)anchor
  /// constant:(CGFloat)c;` — `self = anchor + c`, inactive until activated.
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(
      firstItem: item, firstAttribute: attribute, secondItem: anchor.item, secondAttribute: anchor.attribute,
      constant: c)
  }
}

/// `NSLayoutAnchor.h`: `@interface NSLayoutXAxisAnchor : NSLayoutAnchor<NSLayoutXAxisAnchor *>` — leading,
/// trailing, left, right, center x.
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// `NSLayoutAnchor.h`: `@interface NSLayoutYAxisAnchor : NSLayoutAnchor<NSLayoutYAxisAnchor *>` — top, bottom,
/// center y, baselines.
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// `NSLayoutAnchor.h`: `@interface NSLayoutDimension : NSLayoutAnchor<NSLayoutDimension *>` — width and height.
@MainActor open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  /// `NSLayoutAnchor.h`: `- (NSLayoutConstraint *)constraintEqualToConstant:(CGFloat)c;` — `self = c`.
  open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(
      firstItem: item, firstAttribute: attribute, secondItem: nil, secondAttribute: .notAnAttribute, constant: c)
  }
}

/// `NSLayoutConstraint.h`: `@interface NSLayoutConstraint : NSObject` — `firstItem.firstAttribute =
/// secondItem.secondAttribute × multiplier + constant`.
@MainActor open class NSLayoutConstraint: NSObject {
  /// `NSLayoutConstraint.h`: `typedef NS_ENUM(NSInteger, NSLayoutAttribute)` (the values the stand-in uses).
  public enum Attribute: Int, Sendable {
    /// `NSLayoutAttributeLeft`.
    case left = 1
    /// `NSLayoutAttributeRight`.
    case right = 2
    /// `NSLayoutAttributeTop`.
    case top = 3
    /// `NSLayoutAttributeBottom`.
    case bottom = 4
    /// `NSLayoutAttributeLeading`.
    case leading = 5
    /// `NSLayoutAttributeTrailing`.
    case trailing = 6
    /// `NSLayoutAttributeWidth`.
    case width = 7
    /// `NSLayoutAttributeHeight`.
    case height = 8
    /// `NSLayoutAttributeCenterX`.
    case centerX = 9
    /// `NSLayoutAttributeCenterY`.
    case centerY = 10
    /// `NSLayoutAttributeNotAnAttribute = 0`: the second attribute of a constant constraint.
    case notAnAttribute = 0
  }

  /// `NSLayoutConstraint.h`: `typedef NS_ENUM(NSInteger, NSLayoutRelation)`.
  public enum Relation: Int, Sendable {
    /// `NSLayoutRelationLessThanOrEqual = -1`.
    case lessThanOrEqual = -1
    /// `NSLayoutRelationEqual = 0`.
    case equal = 0
    /// `NSLayoutRelationGreaterThanOrEqual = 1`.
    case greaterThanOrEqual = 1
  }

  private weak var first: AnyObject?
  private weak var second: AnyObject?
  /// The view the constraint is installed on while active (the items' nearest common ancestor).
  weak var installedOn: UIView?

  /// `NSLayoutConstraint.h`: `@property (nullable, readonly, assign) id firstItem;`
  open var firstItem: AnyObject? { first }
  /// `NSLayoutConstraint.h`: `@property (readonly) NSLayoutAttribute firstAttribute;`
  public let firstAttribute: Attribute
  /// `NSLayoutConstraint.h`: `@property (readonly) NSLayoutRelation relation;` (anchors' `equalTo` forms only).
  public let relation = Relation.equal
  /// `NSLayoutConstraint.h`: `@property (nullable, readonly, assign) id secondItem;` (`nil` for a constant).
  open var secondItem: AnyObject? { second }
  /// `NSLayoutConstraint.h`: `@property (readonly) NSLayoutAttribute secondAttribute;`
  public let secondAttribute: Attribute
  /// `NSLayoutConstraint.h`: `@property (readonly) CGFloat multiplier;`
  public let multiplier: CGFloat = 1
  /// `NSLayoutConstraint.h`: `@property CGFloat constant;`
  open var constant: CGFloat

  init(
    firstItem: AnyObject?, firstAttribute: Attribute, secondItem: AnyObject?, secondAttribute: Attribute,
    constant: CGFloat
  ) {
    self.first = firstItem
    self.firstAttribute = firstAttribute
    self.second = secondItem
    self.secondAttribute = secondAttribute
    self.constant = constant
  }

  /// `NSLayoutConstraint.h`: `@property (getter=isActive) BOOL active;` (iOS 8) — setting it true installs the
  /// constraint on the nearest common ancestor of its items; UIKit raises when they have none.
  open var isActive: Bool {
    get { installedOn != nil }
    set {
      if newValue { install() } else { installedOn?.uninstall(self) }
    }
  }

  /// `NSLayoutConstraint.h`: `+ (void)activateConstraints:(NSArray<NSLayoutConstraint *> *)constraints;`
  open class func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// `NSLayoutConstraint.h`: `+ (void)deactivateConstraints:(NSArray<NSLayoutConstraint *> *)constraints;`
  open class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  /// Whether the constraint refers to `view` or to one of its layout guides.
  func refers(to view: UIView) -> Bool {
    [first, second].contains { item in
      item === view || (item as? UILayoutGuide)?.owningView === view
    }
  }

  /// Stand-in only: `UIButton.top == WKWebView.UIViewSafeAreaLayoutGuide.top + 6.0`, for messages and failures.
  public var standInDescription: String {
    let lhs = "\(Self.name(of: first)).\(firstAttribute)"
    guard secondAttribute != .notAnAttribute else { return "\(lhs) == \(constant)" }
    return "\(lhs) == \(Self.name(of: second)).\(secondAttribute) + \(constant)"
  }

  private static func name(of item: AnyObject?) -> String {
    switch item {
    case let guide as UILayoutGuide: "\(guide.owningView.map { "\(type(of: $0))" } ?? "nil").\(guide.identifier)"
    case let item?: "\(type(of: item))"
    case nil: "nil"
    }
  }

  private static func view(of item: AnyObject?) -> UIView? {
    (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
  }

  private func install() {
    guard installedOn == nil else { return }
    guard let firstView = Self.view(of: first) else {
      UIKitStandIn.raise(
        "NSLayoutConstraint \(standInDescription) has no first item (or a layout guide not in a view).")
      return
    }
    let ancestor: UIView?
    if second == nil {
      ancestor = firstView
    } else if let secondView = Self.view(of: second) {
      ancestor = firstView.nearestCommonAncestor(with: secondView)
    } else {
      ancestor = nil
    }
    guard let ancestor else {
      UIKitStandIn.raise(
        "Unable to activate constraint \(standInDescription) because they have no common ancestor. Does the constraint or its "
          + "anchors reference items in different view hierarchies? That's illegal.")
      return
    }
    ancestor.install(self)
  }
}

// The anchors are `open` in the SDK; an extension's members cannot be overridden on Linux (no `@objc`), and no
// test needs to.
extension UIView {
  /// `UIView.h`: `@property(nonatomic,readonly,strong) NSLayoutXAxisAnchor *leadingAnchor;` (iOS 9).
  public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
  /// `UIView.h`: `@property(nonatomic,readonly,strong) NSLayoutXAxisAnchor *trailingAnchor;` (iOS 9).
  public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
  /// `UIView.h`: `@property(nonatomic,readonly,strong) NSLayoutYAxisAnchor *topAnchor;` (iOS 9).
  public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
  /// `UIView.h`: `@property(nonatomic,readonly,strong) NSLayoutYAxisAnchor *bottomAnchor;` (iOS 9).
  public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
  /// `UIView.h`: `@property(nonatomic,readonly,strong) NSLayoutDimension *widthAnchor;` (iOS 9).
  public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
  /// `UIView.h`: `@property(nonatomic,readonly,strong) NSLayoutDimension *heightAnchor;` (iOS 9).
  public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

  /// Stand-in only: the active constraints that refer to this view or to one of its layout guides (wherever they
  /// are installed: on the view or on an ancestor).
  public var standInActiveConstraints: [NSLayoutConstraint] {
    var result: [NSLayoutConstraint] = []
    var current: UIView? = self
    while let view = current {
      result += view.constraints.filter { $0.refers(to: self) }
      current = view.superview
    }
    return result
  }

  func nearestCommonAncestor(with other: UIView) -> UIView? {
    var ancestors: [ObjectIdentifier] = []
    var current: UIView? = self
    while let view = current {
      ancestors.append(ObjectIdentifier(view))
      current = view.superview
    }
    current = other
    while let view = current {
      if ancestors.contains(ObjectIdentifier(view)) { return view }
      current = view.superview
    }
    return nil
  }

  /// Deactivates the constraints installed above this view that refer to a view of its subtree (UIKit's
  /// `removeFromSuperview`: "removes any constraints that refer to the view you are removing, or that refer to
  /// any view in the subtree").
  func deactivateConstraintsLeavingWithSubtree() {
    var subtree: [UIView] = []
    var pending: [UIView] = [self]
    while let view = pending.popLast() {
      subtree.append(view)
      pending += view.subviews
    }
    var current = superview
    while let ancestor = current {
      for constraint in ancestor.constraints where subtree.contains(where: { constraint.refers(to: $0) }) {
        ancestor.uninstall(constraint)
      }
      current = ancestor.superview
    }
  }
}
