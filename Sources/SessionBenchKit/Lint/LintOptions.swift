/// What `session-bench lint POLICY [--json] [--strict] [--probe] [--deciders NAME,…]` asks for.
public struct LintOptions: Sendable, Equatable {
  /// The policy file.
  public var file: String
  /// One JSON object a line instead of text.
  public var json = false
  /// Warnings fail the lint too (exit 1).
  public var strict = false
  /// Also print the decisions for hostile spellings of every host and site rule.
  public var probe = false
  /// The deciders the app registers; `nil` skips the `undeclared-decider` check.
  public var deciders: Set<String>?

  /// Options for `file` with every flag off.
  public init(file: String) {
    self.file = file
  }
}
