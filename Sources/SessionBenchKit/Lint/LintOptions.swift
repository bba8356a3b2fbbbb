/// What `session-bench lint POLICY [--json] [--strict] [--probe] [--all] [--deciders NAME,…]` asks for.
package struct LintOptions: Sendable, Equatable {
  /// The policy file.
  package var file: String
  /// One JSON object a line instead of text.
  package var json = false
  /// Warnings fail the lint too (exit 1).
  package var strict = false
  /// Also print the decisions for hostile spellings of every host and site rule: a summary, then the spellings
  /// that deserve a look (``PolicyProbe/Line/deservesALook``).
  package var probe = false
  /// Print everything one a line: every finding rather than one line per kind repeated more than
  /// ``LintReport/shownAlike`` times, and with `probe` every spelling judged (the true hosts included) and every
  /// true host not reaching its rule.
  package var all = false
  /// The deciders the app registers; `nil` skips the `undeclared-decider` check.
  package var deciders: Set<String>?

  /// Options for `file` with every flag off.
  package init(file: String) {
    self.file = file
  }
}
