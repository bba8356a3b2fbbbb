/// Why `session-bench diff` could not compare (exit 2): a file that cannot be read or is invalid.
public struct DiffFailure: Error, Sendable, CustomStringConvertible {
  /// The message, naming the file and the JSON path at fault.
  public var description: String

  /// A failure with its message.
  public init(_ description: String) {
    self.description = description
  }
}
