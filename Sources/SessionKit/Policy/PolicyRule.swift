/// One rule of a policy: when its ``RuleMatch`` holds, its ``PolicyAction`` decides.
/// Apps write rules in Swift with it; ``CompiledPolicy/rules`` lists a policy's rules in evaluation order.
public struct PolicyRule: Sendable, Hashable {
  /// The rule's name as traces show it (`PRESET/NAME` for a preset's rules).
  public var name: String
  /// The conditions that must all hold.
  package var match: RuleMatch
  /// What the rule does.
  package var action: PolicyAction

  /// Creates a rule.
  @_optimize(size)
  public init(name: String, match: RuleMatch, action: PolicyAction) {
    self.name = name
    self.match = match
    self.action = action
  }

  /// Reads a rule object.
  @_optimize(size)
  static func read(_ reader: JSONReader, list: PublicSuffixList) throws(ConfigurationError) -> PolicyRule {
    _ = try reader.object(allowing: ["name", "match", "action"])
    guard let nameReader = reader.member("name") else { throw reader.error("a rule needs a \"name\"") }
    let name = try nameReader.string()
    guard !name.isEmpty else { throw nameReader.error("a rule name cannot be empty") }
    guard !name.contains("/") else {
      throw nameReader.error("\(JSONValue.quoted(name)) is not a rule name (\"/\" is reserved for PRESET/NAME)")
    }
    guard name != "default" else { throw nameReader.error("\"default\" is reserved for the policy's default") }
    guard let actionReader = reader.member("action") else { throw reader.error("a rule needs an \"action\"") }
    let match = try reader.member("match").map { (value) throws(ConfigurationError) in
      try RuleMatch.read(value, list: list)
    }
    return PolicyRule(name: name, match: match ?? RuleMatch(), action: try PolicyAction.read(actionReader))
  }
}
