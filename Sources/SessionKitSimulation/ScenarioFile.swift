import SessionKit

/// A scenario file read for streaming: its steps are decoded one at a time as a replay reaches them, so a
/// replay holds the file's bytes and one step, however many steps the file has.
///
/// It is validated as ``Scenario/init(json:policyOverride:list:)`` validates: every error is thrown here,
/// before any step runs.
package struct ScenarioFile: Sendable {
  /// Everything but the steps: the policy, settings, deciders, pages, redirects and `expectFinal`; its
  /// ``Scenario/steps`` hold
  /// the first step only.
  package let scenario: Scenario
  /// The number of steps in the file.
  package let stepCount: Int
  private let document: JSONStreamedDocument

  /// Decodes and validates scenario JSON, keeping the steps in their encoded form.
  /// - Parameters:
  ///   - json: the file's UTF-8 bytes.
  ///   - policyOverride: a policy that replaces the file's (`session-bench replay --policy FILE`).
  ///   - list: the Public Suffix List that validates the policy's `sites`.
  /// - Throws: `ConfigurationError` naming the JSON path of the first problem.
  package init(
    json: [UInt8], policyOverride: PolicyConfiguration? = nil, list: PublicSuffixList = .shared
  ) throws(ConfigurationError) {
    document = try JSONStreamedDocument(parsing: json, streaming: "steps")
    scenario = try Scenario(parsed: document.skeleton, policyOverride: policyOverride, list: list)
    stepCount = document.count
    // Every step is checked now, and none is kept.
    var elements = document.elements()
    var index = 0
    while let element = elements.next() {
      _ = try ScenarioStep(JSONReader(element, path: "steps[\(index)]"))
      index += 1
    }
  }

  /// The steps in file order, each decoded when it is reached.
  package var steps: Steps { Steps(elements: document.elements()) }

  /// The steps of a ``ScenarioFile``, decoded one at a time.
  package struct Steps: Sequence, IteratorProtocol, Sendable {
    private var elements: JSONStreamedDocument.Elements
    private var index = 0

    init(elements: JSONStreamedDocument.Elements) {
      self.elements = elements
    }

    /// The next step; `nil` after the last.
    package mutating func next() -> ScenarioStep? {
      guard let element = elements.next() else { return nil }
      defer { index += 1 }
      // The file's steps were validated when it was read.
      guard let step = try? ScenarioStep(JSONReader(element, path: "steps[\(index)]")) else {
        preconditionFailure("a validated step failed to decode")
      }
      return step
    }
  }
}
