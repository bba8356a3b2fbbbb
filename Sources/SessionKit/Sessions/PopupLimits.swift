/// The policy's `popups` settings: how popups are presented by default and the limits on opening them.
/// Apps set it in Swift policies (``PolicyConfiguration/popups``).
public struct PopupLimits: Sendable, Hashable {
  /// The presentation of a popup admitted by `allow` (a `popup` action names its own).
  public var presentation: PopupPresentation
  /// The deepest popup allowed: a popup of the root has depth 1.
  public var maxDepth: Int
  /// The most popups open at once in one root's tree (the root not counted).
  public var maxOpen: Int
  /// Whether a popup needs a user gesture.
  public var requireUserGesture: Bool
  /// How long (ms, ≥ 1) a popup may show nothing but `about:blank` before the engine closes it
  /// (`blankTimeoutMs`); `nil`: never.
  public var blankTimeoutMilliseconds: Int?
  /// The most popups created in one root's tree in any minute (`maxPerMinute`, ≥ 1); `nil`: no limit.
  public var maxPerMinute: Int?

  /// The defaults: overlay, depth 3, 8 open, gesture required, no blank timeout, no rate limit.
  public static let defaults = PopupLimits(presentation: .overlay, maxDepth: 3, maxOpen: 8, requireUserGesture: true)

  /// Creates limits.
  @_optimize(size)
  public init(
    presentation: PopupPresentation, maxDepth: Int, maxOpen: Int, requireUserGesture: Bool,
    blankTimeoutMilliseconds: Int? = nil, maxPerMinute: Int? = nil
  ) {
    self.presentation = presentation
    self.maxDepth = maxDepth
    self.maxOpen = maxOpen
    self.requireUserGesture = requireUserGesture
    self.blankTimeoutMilliseconds = blankTimeoutMilliseconds
    self.maxPerMinute = maxPerMinute
  }

  /// `blankTimeoutMilliseconds` as a `Duration`.
  var blankTimeout: Duration? { blankTimeoutMilliseconds.map { .milliseconds($0) } }

  @_optimize(size)
  static func read(_ reader: JSONReader) throws(ConfigurationError) -> PopupLimits {
    _ = try reader.object(allowing: [
      "presentation", "maxDepth", "maxOpen", "requireUserGesture", "blankTimeoutMs", "maxPerMinute",
    ])
    var limits = PopupLimits.defaults
    if let value = reader.member("presentation") {
      limits.presentation = PopupPresentation(
        rawValue: try value.choice(of: PopupPresentation.allCases.map(\.rawValue)))!
    }
    if let value = reader.member("maxDepth") { limits.maxDepth = try value.integer(in: 0...10_000) }
    if let value = reader.member("maxOpen") { limits.maxOpen = try value.integer(in: 0...1_000_000) }
    if let value = reader.member("requireUserGesture") { limits.requireUserGesture = try value.bool() }
    if let value = reader.member("blankTimeoutMs") {
      limits.blankTimeoutMilliseconds = try value.integer(in: 1...86_400_000)
    }
    if let value = reader.member("maxPerMinute") { limits.maxPerMinute = try value.integer(in: 1...1_000_000) }
    return limits
  }
}
