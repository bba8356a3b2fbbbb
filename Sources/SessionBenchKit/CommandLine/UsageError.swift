/// A command line that session-bench cannot run, with a message that names the option and
/// the value at fault.
///
/// The executable prints ``message`` and ``BenchCommandLine/usage`` to standard error and
/// exits with ``exitCode``.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The exit status for a usage error: 2, as for an invalid file.
  package static let exitCode: Int32 = 2

  /// What is wrong, e.g. `--sessions: "abc" is not a positive whole number`.
  package var message: String

  /// Creates a usage error with a message.
  package init(_ message: String) {
    self.message = message
  }

  /// The message.
  package var description: String { message }
}
