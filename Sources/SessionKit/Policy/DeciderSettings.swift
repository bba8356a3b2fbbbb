/// The policy's `deciders` settings: how long an `ask` decider may take and what applies when it does not
/// answer in time or fails.
/// Apps set it in Swift policies (``PolicyConfiguration/deciders``).
public struct DeciderSettings: Sendable, Hashable {
  /// The time a decider has to answer, in milliseconds.
  public var timeoutMilliseconds: Int
  /// The action applied on timeout or error.
  public var onTimeout: PolicyAction

  /// The defaults: 250 ms, then cancel.
  public static let defaults = DeciderSettings(timeoutMilliseconds: 250, onTimeout: .cancel)

  /// Creates settings.
  @_optimize(size)
  public init(timeoutMilliseconds: Int, onTimeout: PolicyAction) {
    self.timeoutMilliseconds = timeoutMilliseconds
    self.onTimeout = onTimeout
  }

  /// The timeout as a `Duration`.
  package var timeout: Duration { .milliseconds(timeoutMilliseconds) }

  @_optimize(size)
  static func read(_ reader: JSONReader) throws(ConfigurationError) -> DeciderSettings {
    _ = try reader.object(allowing: ["timeoutMs", "onTimeout"])
    var settings = DeciderSettings.defaults
    if let value = reader.member("timeoutMs") { settings.timeoutMilliseconds = try value.integer(in: 0...600_000) }
    if let value = reader.member("onTimeout") {
      let action = try PolicyAction.read(value)
      if case .ask = action { throw value.error("onTimeout cannot ask another decider") }
      settings.onTimeout = action
    }
    return settings
  }
}
