/// What `session-bench lint POLICY [--json] [--strict] [--probe] [--deciders NAME,…]` asks for.
public struct LintOptions: Sendable, Equatable {
  /// The policy file.
  public var file: String
  /// One JSON object a line instead of text.
  public var json = false
  /// Warnings fail the lint too (exit 1).
  public var strict = false
  /// Also print the decisions for hostile spellings of every host and site rule: a summary, then the spellings
  /// decided otherwise than the true host.
  public var probe = false
  /// With `probe`, print every spelling judged (the true hosts included), not only those that differ.
  public var probeAll = false
  /// The deciders the app registers; `nil` skips the `undeclared-decider` check.
  public var deciders: Set<String>?

  /// Options for `file` with every flag off.
  public init(file: String) {
    self.file = file
  }
}
