import XCTest

@testable import SessionKit

/// A policy document with `version` 1 and these rule objects (JSON text each), plus any extra top-level
/// members (JSON text, e.g. `"include": ["ad-clicks"]`).
func policyJSON(rules: [String] = [], extra: String? = nil) -> String {
  var members = ["\"version\": 1"]
  if let extra { members.append(extra) }
  if !rules.isEmpty { members.append("\"rules\": [" + rules.joined(separator: ", ") + "]") }
  return "{" + members.joined(separator: ", ") + "}"
}

/// One rule object as JSON text; `match` and `action` are JSON text.
func ruleJSON(_ name: String, match: String? = nil, action: String = "\"allow\"") -> String {
  guard let match else { return "{\"name\": \"\(name)\", \"action\": \(action)}" }
  return "{\"name\": \"\(name)\", \"match\": \(match), \"action\": \(action)}"
}
