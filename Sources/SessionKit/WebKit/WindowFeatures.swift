/// The features a page asked for in `window.open`, mirroring `WKWindowFeatures`. Every value is optional:
/// `nil` means the page did not specify it.
public struct WindowFeatures: Sendable, Hashable, Codable {
  /// The requested x coordinate of the window.
  public var x: Double?
  /// The requested y coordinate of the window.
  public var y: Double?
  /// The requested width of the window.
  public var width: Double?
  /// The requested height of the window.
  public var height: Double?
  /// Whether the menu bar should be visible.
  public var menuBarVisibility: Bool?
  /// Whether the status bar should be visible.
  public var statusBarVisibility: Bool?
  /// Whether toolbars should be visible.
  public var toolbarsVisibility: Bool?
  /// Whether the window may be resized.
  public var allowsResizing: Bool?

  /// Creates window features; every value defaults to unspecified.
  public init(
    x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil,
    menuBarVisibility: Bool? = nil, statusBarVisibility: Bool? = nil, toolbarsVisibility: Bool? = nil,
    allowsResizing: Bool? = nil
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.menuBarVisibility = menuBarVisibility
    self.statusBarVisibility = statusBarVisibility
    self.toolbarsVisibility = toolbarsVisibility
    self.allowsResizing = allowsResizing
  }
}
