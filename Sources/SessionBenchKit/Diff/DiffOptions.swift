/// What `session-bench diff OLD NEW [--scenarios FILE…] [--urls FILE] [--from URL] [--decisions N] [--seed S]
/// [--json]` asks for.
package struct DiffOptions: Sendable, Equatable {
  /// Which navigations both policies judge.
  package enum Source: Sendable, Equatable {
    /// `decisions` steps of the bench's `mixed` workload generated with `seed`.
    case workload(decisions: Int, seed: UInt64)
    /// The scenario files, replayed under each policy, step by step.
    case scenarios([String])
    /// A file of URLs, one a line, each judged as a main-frame link tap and as a new-window request from `from`.
    case urls(file: String, from: String)
  }

  /// The policy in use.
  package var old: String
  /// The candidate.
  package var new: String
  /// The navigations judged.
  package var source: Source
  /// One JSON object a change instead of text.
  package var json = false

  /// The default number of workload decisions.
  package static let defaultDecisions = 100_000
  /// The page URL lists are judged from by default.
  package static let defaultFrom = "https://app.example/"

  /// Options comparing `old` with `new` on the default workload stream.
  package init(old: String, new: String, source: Source = .workload(decisions: defaultDecisions, seed: 1)) {
    self.old = old
    self.new = new
    self.source = source
  }
}
