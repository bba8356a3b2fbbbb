/// A run cannot start: a file named on the command line (a policy, a workload) cannot be read or is invalid.
///
/// The message names the file and, for invalid contents, the JSON path of the problem, e.g.
/// `mix.json: weights.load: "x" is not a weight`. session-bench exits with status 2.
package struct BenchSetupError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The exit status of a run that cannot start.
  package static let exitCode: Int32 = 2

  /// The file at fault, when there is one.
  package var file: String?
  /// What is wrong, with the JSON path first when the contents are invalid.
  package var problem: String

  /// Creates an error about `file`.
  package init(file: String?, problem: String) {
    self.file = file
    self.problem = problem
  }

  /// `FILE: problem`.
  package var description: String {
    file.map { "\($0): \(problem)" } ?? problem
  }
}
