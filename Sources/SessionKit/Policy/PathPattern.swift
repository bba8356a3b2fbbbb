/// A `paths` entry of a policy rule: an exact path, or a prefix written with a trailing `*`.
/// Apps make one for a Swift rule's ``RuleMatch``.
public enum PathPattern: Sendable, Hashable, CustomStringConvertible {
  /// Exactly this path.
  case exact(String)
  /// Any path that starts with this prefix.
  case prefix(String)

  /// Parses a pattern, as a policy file's `paths` entry is: `PathPattern("/checkout/*")`.
  /// - Parameters:
  ///   - text: The pattern: a path, or a path prefix followed by `*`.
  ///   - jsonPath: Where the pattern is in a policy file, for the error; `$` for one written in code.
  /// - Throws: ``ConfigurationError`` at `jsonPath` when `text` does not start with `/` or has a `*` other than
  ///   last.
  @_optimize(size)
  public init(_ text: String, jsonPath: String = "$") throws(ConfigurationError) {
    guard text.hasPrefix("/") else {
      throw ConfigurationError(
        path: jsonPath, problem: "\(JSONValue.quoted(text)) is not a path (a path starts with \"/\")")
    }
    let body = text.hasSuffix("*") ? String(text.dropLast()) : text
    guard !body.contains("*") else {
      throw ConfigurationError(
        path: jsonPath, problem: "\(JSONValue.quoted(text)) is not a path pattern (\"*\" may only end a prefix)")
    }
    self = text.hasSuffix("*") ? .prefix(body) : .exact(body)
  }

  /// Whether a URL path matches.
  package func matches(_ path: String) -> Bool {
    switch self {
    // Byte comparisons: a parsed path is ASCII (the parser percent-encodes the rest), and `String`'s own `==`
    // and `hasPrefix` compare by canonical equivalence, which costs more and changes nothing here.
    case .exact(let exact): path.hasSameBytes(as: exact)
    case .prefix(let prefix): path.startsWithBytes(of: prefix)
    }
  }

  /// The pattern as a policy file writes it.
  @_optimize(size)
  public var description: String {
    switch self {
    case .exact(let path): path
    case .prefix(let prefix): prefix + "*"
    }
  }
}
