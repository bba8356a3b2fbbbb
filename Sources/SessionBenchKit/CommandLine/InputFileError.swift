import Foundation

/// A file named on the command line cannot be read: names the file and the system's reason.
package struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file as given on the command line (`-` for standard input).
  package var path: String
  /// Why it cannot be read, e.g. `No such file or directory`, `Permission denied`, `Is a directory`.
  package var reason: String

  /// An error about `path` with a reason.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// An error about `path` with the system's text for an `errno` value.
  package init(path: String, errorNumber: Int32) {
    self.init(path: path, reason: String(cString: strerror(errorNumber)))
  }

  /// The input has more than `limit` bytes: a file far larger than any policy or scenario, or an input that never
  /// ends (`/dev/zero`, a pipe whose writer does not stop).
  package static func tooLarge(path: String, limit: Int) -> InputFileError {
    let size = limit == InputFile.limit ? InputFile.limitDescription : "\(limit) bytes"
    return InputFileError(
      path: path, reason: "it is larger than the \(size) an input may have (an endless input such as /dev/zero?)")
  }

  /// `FILE: cannot read the file: REASON`, e.g. `policy.json: cannot read the file: No such file or directory`.
  package var description: String {
    "\(InputFile.displayName(path)): cannot read the file: \(reason)"
  }
}
