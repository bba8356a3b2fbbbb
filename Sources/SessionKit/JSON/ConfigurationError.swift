/// A file SessionKit reads (a policy, a scenario) is invalid: says where (a JSON path such as
/// `rules[3].match.hosts[0]`) and what is wrong.
/// Apps catch it when they load a policy (or, in tests, a scenario).
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The JSON path of the offending value, e.g. `rules[3].match.hosts[0]`; empty for the document itself.
  public var path: String
  /// What is wrong, e.g. `"*.*" is not a host pattern`.
  public var problem: String

  /// Creates an error for the value at `path`.
  @_optimize(size)
  package init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `path: problem`, or just the problem for the whole document.
  @_optimize(size)
  public var description: String {
    path.isEmpty ? problem : "\(path): \(problem)"
  }

  /// The same error under an outer path, e.g. a policy nested at `policy` in a scenario file.
  @_optimize(size)
  package func nested(under outer: String) -> ConfigurationError {
    guard !outer.isEmpty else { return self }
    if path.isEmpty { return ConfigurationError(path: outer, problem: problem) }
    let separator = path.hasPrefix("[") ? "" : "."
    return ConfigurationError(path: outer + separator + path, problem: problem)
  }
}
