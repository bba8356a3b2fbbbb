/// A policy's answer for one navigation: the action and the trace of why.
public struct PolicyDecision: Sendable, Hashable, CustomStringConvertible {
  /// What to do.
  public var action: PolicyAction
  /// Why.
  public var trace: Trace

  /// Creates a decision.
  public init(action: PolicyAction, trace: Trace) {
    self.action = action
    self.trace = trace
  }

  /// Which rule (or the default) decided, the conditions that held, and any adjustment the engine made.
  public struct Trace: Sendable, Hashable, CustomStringConvertible {
    /// The rule's name (`PRESET/NAME` for a preset's), `default` when none matched, or `invalid-url` when the
    /// URL could not be parsed.
    public var rule: String
    /// The rule's position in evaluation order, `nil` for the default or an invalid URL.
    public var ruleIndex: Int?
    /// The conditions of the deciding rule, all of which held (empty for the default).
    public var conditions: [String]
    /// Adjustments, e.g. `safari cannot open "tel:"; opened with the system`.
    public var notes: [String]
    /// The identity of the compiled policy snapshot that decided.
    public var snapshot: UInt64

    /// Creates a trace.
    public init(rule: String, ruleIndex: Int?, conditions: [String], notes: [String] = [], snapshot: UInt64) {
      self.rule = rule
      self.ruleIndex = ruleIndex
      self.conditions = conditions
      self.notes = notes
      self.snapshot = snapshot
    }

    /// `rule (conditions) — notes`.
    public var description: String {
      var text = rule
      if !conditions.isEmpty { text += " (" + conditions.joined(separator: "; ") + ")" }
      if !notes.isEmpty { text += " — " + notes.joined(separator: "; ") }
      return text
    }
  }

  /// `action by trace`.
  public var description: String { "\(action) by \(trace)" }
}
