/// What `session-bench instructions --op OP` repeats, for `Benchmarks/instructions.sh` to count instructions
/// per call under callgrind.
package enum InstructionOperation: String, Sendable, CaseIterable {
  /// `CompiledPolicy.evaluate(action, in: context)`: parse, then the indexed rules.
  case evaluate
  /// `Session.decide(action)` on an engine (actor hop, locks, evaluate, bookkeeping).
  case decide
  /// `WebAddress(string)` of the request URL.
  case parse
  /// `PolicyRequest(action)`: the parse plus the request's checks.
  case request
  /// `address.site(using: .shared)` on a parsed URL: the Public Suffix List lookup.
  case site
  /// `baseline.naive`'s decision (`URL(string:)`, `.host`, string comparisons).
  case naive
  /// `baseline.linear`'s decision (``LinearPolicy``).
  case linear
  /// What an app pays for its first decision after launch, without the stream's setup: the seed apps' policy
  /// (`"include": ["google-pay", "ad-clicks"]`) decoded from JSON and compiled, an engine, a root session, then
  /// `count` decisions of the app's first load (0: none of it, the empty run `Benchmarks/instructions.sh`'s
  /// `coldStart` subtracts).
  case coldStart
}

/// The options of `session-bench instructions` (internal: what `Benchmarks/instructions.sh` runs).
package struct InstructionOptions: Sendable, Equatable {
  /// The operation to repeat.
  package var operation: InstructionOperation
  /// How many times (0 runs the setup alone).
  package var count: Int
  /// The seed of the request stream.
  package var seed: UInt64 = 1
  /// The sessions `decide` spreads its calls over, `nil` for one per catalogue page. Session `i` shows page
  /// `i % pages`; each call goes to one of the sessions on its request's page, in a fixed pseudo-random order,
  /// so that with many sessions a decision meets the cold per-session state it meets in the bench.
  package var sessions: Int?

  /// Options for `count` calls of `operation`.
  package init(operation: InstructionOperation, count: Int) {
    self.operation = operation
    self.count = count
  }
}
