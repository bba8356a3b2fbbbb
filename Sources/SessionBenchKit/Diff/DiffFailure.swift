/// Why `session-bench diff` could not compare (exit 2): a file that cannot be read or is invalid.
package struct DiffFailure: Error, Sendable, CustomStringConvertible {
  /// The message, naming the file and the JSON path at fault.
  package var description: String

  /// A failure with its message.
  package init(_ description: String) {
    self.description = description
  }
}
