import SessionKit

/// The decisions that changed between two policies, grouped by change (`old rule → new rule`,
/// `old action → new action`), each with its count and up to three example URLs, in order of first appearance.
package struct DecisionChanges: Sendable, Equatable {
  /// One kind of change.
  package struct Change: Sendable, Equatable {
    /// The rule that decided under the old policy (`default` when none matched).
    package var oldRule: String
    /// The rule that decides under the new policy.
    package var newRule: String
    /// The old action (or, for scenarios, outcome) in the policy file's spelling.
    package var oldAction: String
    /// The new action (or outcome).
    package var newAction: String
    /// How many judged navigations changed this way.
    package var count: Int
    /// Up to three URLs, the first seen.
    package var examples: [String]

    /// Two lines for a terminal.
    package var text: String {
      "\(count) × \(oldRule) → \(newRule), \(oldAction) → \(newAction)\n    e.g. "
        + examples.joined(separator: ", ")
    }

    /// One JSON object.
    package var json: String {
      "{\"oldRule\":\(JSONValue.quoted(oldRule)),\"newRule\":\(JSONValue.quoted(newRule)),"
        + "\"oldAction\":\(JSONValue.quoted(oldAction)),\"newAction\":\(JSONValue.quoted(newAction)),"
        + "\"count\":\(count),\"examples\":[" + examples.map(JSONValue.quoted).joined(separator: ",") + "]}"
    }
  }

  /// The changes in order of first appearance.
  package private(set) var changes: [Change] = []
  /// How many navigations were judged.
  package private(set) var judged = 0
  private var positions: [String: Int] = [:]

  /// No change yet.
  package init() {}

  /// Counts one navigation judged by both; a change when the deciding rule or the action differs.
  package mutating func record(
    url: String, oldRule: String, oldAction: String, newRule: String, newAction: String
  ) {
    judged += 1
    guard oldRule != newRule || oldAction != newAction else { return }
    let key = [oldRule, newRule, oldAction, newAction].map(JSONValue.quoted).joined(separator: " ")
    if let position = positions[key] {
      changes[position].count += 1
      if changes[position].examples.count < 3, !changes[position].examples.contains(url) {
        changes[position].examples.append(url)
      }
    } else {
      positions[key] = changes.count
      changes.append(
        Change(
          oldRule: oldRule, newRule: newRule, oldAction: oldAction, newAction: newAction, count: 1, examples: [url]))
    }
  }

  /// Counts one navigation judged by both policies' ``PolicyDecision``s.
  package mutating func record(url: String, old: PolicyDecision, new: PolicyDecision) {
    record(
      url: url, oldRule: old.trace.source.name, oldAction: old.action.description, newRule: new.trace.source.name,
      newAction: new.action.description)
  }

  /// How many navigations changed.
  package var changedCount: Int { changes.reduce(0) { $0 + $1.count } }
}
