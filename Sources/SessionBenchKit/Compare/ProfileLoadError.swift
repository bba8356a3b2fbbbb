/// A profile file that could not be read or is not a session-bench profile.
package struct ProfileLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  package enum Reason: Sendable, Equatable {
    /// The file could not be read; the associated value is the system's explanation.
    case unreadable(String)
    /// The file is not a session-bench JSON profile; the associated value says where.
    case invalid(String)
  }

  /// The file, as given on the command line.
  package var path: String
  /// What went wrong.
  package var reason: Reason

  /// Creates an error for `path`.
  package init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// A message naming the file, e.g. `base.json: cannot read the file: No such file or directory`.
  package var description: String {
    switch reason {
    case .unreadable(let detail): "\(InputFile.displayName(path)): cannot read the file: \(detail)"
    case .invalid(let detail): "\(InputFile.displayName(path)): not a session-bench profile: \(detail)"
    }
  }
}
