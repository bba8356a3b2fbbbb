/// What `session-bench lint POLICY [--json] [--strict] [--probe] [--all] [--deciders NAME,…]` asks for.
public struct LintOptions: Sendable, Equatable {
  /// The policy file.
  public var file: String
  /// One JSON object a line instead of text.
  public var json = false
  /// Warnings fail the lint too (exit 1).
  public var strict = false
  /// Also print the decisions for hostile spellings of every host and site rule: a summary, then the spellings
  /// that deserve a look (``PolicyProbe/Line/deservesALook``).
  public var probe = false
  /// Print everything one a line: every finding rather than one line per kind repeated more than
  /// ``LintReport/shownAlike`` times, and with `probe` every spelling judged (the true hosts included) and every
  /// true host not reaching its rule.
  public var all = false
  /// The deciders the app registers; `nil` skips the `undeclared-decider` check.
  public var deciders: Set<String>?

  /// Options for `file` with every flag off.
  public init(file: String) {
    self.file = file
  }
}
