import Foundation
import SessionKit

/// A scenario file: what pages and users do, step by step, with optional expectations; decoded
/// with path-precise errors. Apps decode one to run it with ``ScenarioRunner`` in their tests.
public struct Scenario: Sendable {
  /// The scenario's title.
  package var name: String?
  /// The policy under test (`webkit-default` when the file has none).
  package var policy: PolicyConfiguration
  /// The modelled web view settings.
  package var settings: SimulatorSettings
  /// The async deciders `ask` rules may name.
  package var deciders: [String: ScenarioDecider]
  /// The pages' iframes (`pages`) and the servers' redirects (`redirects`).
  package var web: SimulatedWeb
  /// The steps, in file order.
  package var steps: [ScenarioStep]
  /// What the final line must say of sessions (`expectFinal`): by session id, the fields (`url`, `history`)
  /// its entry must have; `null` for a session that must not be open at the end.
  package var expectFinal: JSONValue?

  /// Decodes and validates scenario JSON.
  /// - Parameters:
  ///   - json: the file's UTF-8 bytes.
  ///   - policyOverride: a policy that replaces the file's (an app's own policy, as
  ///     `session-bench replay --policy FILE` does).
  /// - Throws: `ConfigurationError` naming the JSON path of the first problem.
  public init(json: some Collection<UInt8>, policyOverride: PolicyConfiguration? = nil) throws(ConfigurationError) {
    try self.init(json: json, policyOverride: policyOverride, list: .shared)
  }

  /// Decodes and validates scenario JSON, checking the policy's `sites` against `list`.
  /// - Throws: `ConfigurationError` naming the JSON path of the first problem.
  package init(
    json: some Collection<UInt8>, policyOverride: PolicyConfiguration?, list: PublicSuffixList
  ) throws(ConfigurationError) {
    try self.init(parsed: JSONValue(parsing: json), policyOverride: policyOverride, list: list)
  }

  /// Validates a parsed scenario file (see ``init(json:policyOverride:list:)``).
  init(parsed: JSONValue, policyOverride: PolicyConfiguration?, list: PublicSuffixList) throws(ConfigurationError) {
    let reader = JSONReader(parsed)
    _ = try reader.object(
      allowing: [
        "name", "policy", "settings", "deciders", "pages", "redirects", "schemes", "steps", "expectFinal",
      ])
    name = try reader.member("name")?.string()
    if let policyOverride {
      policy = policyOverride
    } else if let value = reader.member("policy") {
      if case .string(let presetName) = value.value {
        guard let preset = PolicyPreset(rawValue: presetName) else {
          let known = PolicyPreset.allCases.map { JSONValue.quoted($0.rawValue) }.joined(separator: ", ")
          throw value.error("\(value.value.excerpt) is not a preset (expected one of: \(known), or a policy object)")
        }
        policy = PolicyConfiguration(preset: preset)
      } else {
        policy = try PolicyConfiguration(value, list: list)
      }
    } else {
      policy = PolicyConfiguration(preset: .webkitDefault)
    }
    settings = SimulatorSettings()
    if let value = reader.member("settings") {
      _ = try value.object(allowing: ["javaScriptCanOpenWindowsAutomatically"])
      if let flag = value.member("javaScriptCanOpenWindowsAutomatically") {
        settings.javaScriptCanOpenWindowsAutomatically = try flag.bool()
      }
    }
    deciders = [:]
    if let value = reader.member("deciders") {
      guard case .object(let members) = value.value else {
        throw value.error("expected an object of deciders by name, found \(value.value.typeName)")
      }
      for member in members {
        deciders[member.key] = try ScenarioDecider(JSONReader(member.value, path: value.path(of: member.key)))
      }
    }
    web = SimulatedWeb()
    if let pages = reader.member("pages") { try web.readPages(pages) }
    if let redirects = reader.member("redirects") { try web.readRedirects(redirects) }
    if let schemes = reader.member("schemes") { try web.readSchemes(schemes) }
    guard let stepsReader = reader.member("steps") else { throw reader.error("a scenario needs \"steps\"") }
    let elements = try stepsReader.elements()
    guard !elements.isEmpty else { throw stepsReader.error("a scenario needs at least one step") }
    var steps: [ScenarioStep] = []
    for element in elements { steps.append(try ScenarioStep(element)) }
    self.steps = steps
    expectFinal = try reader.member("expectFinal").map(Self.readExpectFinal)
    try checkDeciders(policyPath: policyOverride == nil ? "policy" : "--policy")
  }

  /// `{"SESSION": {"url": STRING, "history": INTEGER} or null, …}`.
  private static func readExpectFinal(_ reader: JSONReader) throws(ConfigurationError) -> JSONValue {
    guard case .object(let sessions) = reader.value else {
      throw reader.error("expected an object of sessions by id, found \(reader.value.typeName)")
    }
    for session in sessions {
      let entry = JSONReader(session.value, path: reader.path(of: session.key))
      if case .null = entry.value { continue }
      _ = try entry.object(allowing: ["url", "history"])
      _ = try entry.member("url")?.string()
      _ = try entry.member("history")?.integer(in: 0...BackForwardList.capacity)
    }
    return reader.value
  }

  /// Every `ask` must name a declared decider.
  private func checkDeciders(policyPath: String) throws(ConfigurationError) {
    for (index, rule) in policy.rules.enumerated() {
      if case .ask(let name) = rule.action, deciders[name] == nil {
        throw ConfigurationError(
          path: "\(policyPath).rules[\(index)].action.ask",
          problem: "decider \(JSONValue.quoted(name)) is not declared in \"deciders\"")
      }
    }
    if case .ask(let name) = policy.defaultAction, deciders[name] == nil {
      throw ConfigurationError(
        path: "\(policyPath).default.ask", problem: "decider \(JSONValue.quoted(name)) is not declared in \"deciders\"")
    }
  }
}

/// A decider declared in a scenario: answers `answer` after `delayMilliseconds` on the replay's virtual clock
/// (``VirtualClock``), so a replay takes no real time for it.
package struct ScenarioDecider: Sendable, Hashable {
  /// The action it answers.
  package var answer: PolicyAction
  /// How long it takes to answer, in milliseconds of the virtual clock.
  package var delayMilliseconds: Int

  /// Creates a decider.
  package init(answer: PolicyAction, delayMilliseconds: Int = 0) {
    self.answer = answer
    self.delayMilliseconds = delayMilliseconds
  }

  init(_ reader: JSONReader) throws(ConfigurationError) {
    _ = try reader.object(allowing: ["answer", "delayMs"])
    guard let answerReader = reader.member("answer") else { throw reader.error("a decider needs an \"answer\"") }
    answer = try PolicyAction.read(answerReader)
    if case .ask = answer { throw answerReader.error("a decider cannot answer with another ask") }
    delayMilliseconds = try reader.member("delayMs")?.integer(in: 0...600_000) ?? 0
  }

  /// The decider as the engine calls it, sleeping its delay on `clock`, for a policy whose deciders time out
  /// after `timeoutMilliseconds`.
  ///
  /// One answers in time exactly when `delayMilliseconds < timeoutMilliseconds`. So that a delay equal to the
  /// timeout is not a tie between two sleepers due at the same instant, such a decider sleeps 1 ms more (its
  /// answer is discarded either way, and the clock stops at the timeout).
  package func decider(timeoutMilliseconds: Int, clock: VirtualClock) -> any NavigationDecider {
    let answer = answer
    let delay = delayMilliseconds >= timeoutMilliseconds ? delayMilliseconds + 1 : delayMilliseconds
    return ClosureDecider { _ in
      if delay > 0 { try await clock.sleep(for: .milliseconds(delay)) }
      return answer
    }
  }
}
