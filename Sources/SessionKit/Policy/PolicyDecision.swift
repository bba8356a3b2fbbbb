/// A policy's answer for one navigation: the action and the trace of why.
/// Apps read it from ``CompiledPolicy/evaluate(_:from:navigationType:target:userGesture:)`` and in
/// ``SessionEvent/shadowDisagreement(session:url:live:candidate:)``.
public struct PolicyDecision: Sendable, Hashable, CustomStringConvertible {
  /// What to do.
  public var action: PolicyAction
  /// Why.
  public var trace: Trace

  /// Creates a decision.
  package init(action: PolicyAction, trace: Trace) {
    self.action = action
    self.trace = trace
  }

  /// What produced a decision: a rule of the policy, its default, or one of the engine's own checks.
  package enum Source: Sendable, Hashable {
    /// The rule at `index` in evaluation order (`PRESET/NAME` for a preset's rule).
    case rule(name: String, index: Int)
    /// No rule matched: the policy's `default`.
    case defaultAction
    /// The popup gesture requirement (`popups.requireUserGesture`) refused a new window.
    case popupGate
    /// A popup limit (`popups.maxDepth`, `popups.maxOpen`) refused a new window.
    case popupLimit
    /// The popup rate limit (`popups.maxPerMinute`) refused a new window.
    case popupRateLimit
    /// A provisional popup is still waiting for its decider.
    case provisional
    /// The request came from a provisional popup, which opens no popup until its decider keeps it: it has no page
    /// of its own yet and the app was never told about it (`opener-provisional`).
    case openerProvisional
    /// The session is a popup whose first load, which the engine started, has not begun yet: another load the
    /// engine would start there is refused rather than put in its place (`pending-load`).
    case pendingLoad
    /// The caller's task was cancelled or the engine shut down.
    case cancelled
    /// The session was closed before or while deciding.
    case sessionClosed
    /// The URL cannot be parsed as a browser parses it; it is never allowed.
    case invalidURL

    /// Whether the policy's rules or its default decided (not one of the engine's own checks).
    package var isPolicy: Bool {
      switch self {
      case .rule, .defaultAction: true
      case .popupGate, .popupLimit, .popupRateLimit, .provisional, .openerProvisional, .pendingLoad, .cancelled,
        .sessionClosed, .invalidURL:
        false
      }
    }

    /// The name traces and replay output show: the rule's name, `default`, `popups`, `provisional`,
    /// `opener-provisional`, `pending-load`, `cancelled`, `session-closed` or `invalid-url`.
    package var name: String {
      switch self {
      case .rule(let name, _): name
      case .defaultAction: "default"
      case .popupGate, .popupLimit, .popupRateLimit: "popups"
      case .provisional: "provisional"
      case .openerProvisional: "opener-provisional"
      case .pendingLoad: "pending-load"
      case .cancelled: "cancelled"
      case .sessionClosed: "session-closed"
      case .invalidURL: "invalid-url"
      }
    }
  }

  /// Which rule (or the default, or an engine check) decided, the conditions that held, and any adjustment
  /// the engine made.
  public struct Trace: Sendable, Hashable, CustomStringConvertible {
    /// What decided.
    package var source: Source
    /// The conditions of the deciding rule, all of which held (empty for the default), or the limits that
    /// refused a popup.
    public var conditions: [String]
    /// Adjustments, e.g. `safari cannot open "tel:"; opened with the system`.
    public var notes: [String]
    /// The identity of the compiled policy snapshot that decided.
    package var snapshot: UInt64

    /// Creates a trace.
    package init(source: Source, conditions: [String] = [], notes: [String] = [], snapshot: UInt64) {
      self.source = source
      self.conditions = conditions
      self.notes = notes
      self.snapshot = snapshot
    }

    /// The source's name (see `Source.name`): the rule's name, `default`, `invalid-url`, …
    public var rule: String { source.name }

    /// The deciding rule's position in evaluation order; `nil` when no rule decided.
    package var ruleIndex: Int? {
      if case .rule(_, let index) = source { index } else { nil }
    }

    /// `rule (conditions) — notes`.
    @_optimize(size)
    public var description: String {
      var text = rule
      if !conditions.isEmpty { text += " (" + conditions.joined(separator: "; ") + ")" }
      if !notes.isEmpty { text += " — " + notes.joined(separator: "; ") }
      return text
    }
  }

  /// `action by trace`.
  public var description: String { "\(action) by \(trace)" }

  /// The trace, moved out rather than copied (a retain per string and array); an empty one is left in its place.
  mutating func takeTrace() -> Trace {
    var taken = Trace(source: .defaultAction, snapshot: 0)
    swap(&taken, &trace)
    return taken
  }
}
