/// A policy file (JSON, version 1) decoded and validated, before compilation.
/// Apps make one from their policy file (``init(json:)``) or in Swift, and compile it with ``CompiledPolicy``.
///
/// Rules are tried in order: the file's own `rules`, then each included preset's rules in the order listed.
/// The format is described in the PolicyFormat article.
public struct PolicyConfiguration: Sendable, Hashable {
  /// The format version; always 1.
  package var version: Int
  /// The presets whose rules follow the file's own, in order.
  public var include: [PolicyPreset]
  /// The file's own rules, in order.
  public var rules: [PolicyRule]
  /// The action when no rule matches.
  public var defaultAction: PolicyAction
  /// Popup presentation and limits.
  public var popups: PopupLimits
  /// Async decider timeout and fallback.
  public var deciders: DeciderSettings

  /// Creates a configuration; everything but the rules defaults as a file that omits it.
  @_optimize(size)
  public init(
    include: [PolicyPreset] = [], rules: [PolicyRule] = [], defaultAction: PolicyAction = .allow,
    popups: PopupLimits = .defaults, deciders: DeciderSettings = .defaults
  ) {
    self.version = 1
    self.include = include
    self.rules = rules
    self.defaultAction = defaultAction
    self.popups = popups
    self.deciders = deciders
  }

  /// The configuration a preset stands for on its own (its rules, every other value defaulted), as a scenario's
  /// `"policy": "webkit-default"` means.
  @_optimize(size)
  package init(preset: PolicyPreset) {
    self.init(include: [preset])
  }

  /// Decodes and validates policy JSON.
  /// - Throws: ``ConfigurationError`` naming the JSON path of the first problem; nothing is guessed or ignored.
  public init(json: some Collection<UInt8>) throws(ConfigurationError) {
    try self.init(json: json, list: .shared)
  }

  /// Decodes and validates policy JSON whose `sites` are checked against `list`.
  /// - Throws: ``ConfigurationError`` naming the JSON path of the first problem; nothing is guessed or ignored.
  @_optimize(size)
  package init(json: some Collection<UInt8>, list: PublicSuffixList) throws(ConfigurationError) {
    try self.init(JSONReader(JSONValue(parsing: json)), list: list)
  }

  /// Decodes and validates a policy already parsed as JSON, found at `reader`'s path.
  @_optimize(size)
  package init(_ reader: JSONReader, list: PublicSuffixList = .shared) throws(ConfigurationError) {
    _ = try reader.object(allowing: ["version", "include", "rules", "default", "popups", "deciders"])
    guard let versionReader = reader.member("version") else { throw reader.error("a policy needs \"version\": 1") }
    guard case .number(1) = versionReader.value else {
      throw versionReader.error("\(versionReader.value.excerpt) is not a supported version (expected 1)")
    }
    self.init()
    if let value = reader.member("include") {
      for (name, path) in try value.strings(allowEmpty: true) {
        guard let preset = PolicyPreset(rawValue: name) else {
          let known = PolicyPreset.allCases.map { JSONValue.quoted($0.rawValue) }.joined(separator: ", ")
          throw ConfigurationError(
            path: path, problem: "\(JSONValue.quoted(name)) is not a preset (expected one of: \(known))")
        }
        guard !include.contains(preset) else {
          throw ConfigurationError(path: path, problem: "preset \(JSONValue.quoted(name)) is included twice")
        }
        include.append(preset)
      }
    }
    if let value = reader.member("rules") {
      var names = Set<String>()
      for element in try value.elements() {
        let rule = try PolicyRule.read(element, list: list)
        guard names.insert(rule.name).inserted else {
          throw ConfigurationError(
            path: element.path(of: "name"), problem: "duplicate rule name \(JSONValue.quoted(rule.name))")
        }
        rules.append(rule)
      }
    }
    if let value = reader.member("default") { defaultAction = try PolicyAction.read(value) }
    if let value = reader.member("popups") { popups = try PopupLimits.read(value) }
    if let value = reader.member("deciders") { deciders = try DeciderSettings.read(value) }
  }

  /// Every rule in evaluation order: the file's own, then each included preset's (named `PRESET/NAME`).
  /// - Throws: ``ConfigurationError`` at `include[N]` if a preset's compiled-in JSON were invalid (a test proves it is
  ///   not: presets are Swift source, never a resource that could be missing).
  @_optimize(size)
  package func orderedRules() throws(ConfigurationError) -> [PolicyRule] {
    var ordered = rules
    for (index, preset) in include.enumerated() {
      do {
        ordered += try preset.rules()
      } catch {
        throw ConfigurationError(path: "include[\(index)]", problem: error.problem)
      }
    }
    return ordered
  }

  /// The names of the deciders that `ask` actions (rules, default, fallback) refer to.
  @_optimize(size)
  package func deciderNames() throws(ConfigurationError) -> Set<String> {
    var names = Set<String>()
    for action in try orderedRules().map(\.action) + [defaultAction, deciders.onTimeout] {
      if case .ask(let name) = action { names.insert(name) }
    }
    return names
  }
}
