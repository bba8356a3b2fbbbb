/// Reads typed values out of a ``JSONValue`` at a known path, rejecting unknown keys and wrong types with a
/// ``ConfigurationError`` that names the path.
package struct JSONReader: Sendable {
  /// The value being read.
  package let value: JSONValue
  /// Its JSON path (`""` for the document).
  package let path: String

  /// Wraps `value` found at `path`.
  @_optimize(size)
  package init(_ value: JSONValue, path: String = "") {
    self.value = value
    self.path = path
  }

  /// An error about this value.
  @_optimize(size)
  package func error(_ problem: String) -> ConfigurationError {
    ConfigurationError(path: path, problem: problem)
  }

  /// The path of a member of this object.
  @_optimize(size)
  package func path(of key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// Requires an object whose keys are all in `allowed`; returns its members.
  ///
  /// An unknown key is reported at its own path with the closest allowed key, when one is near, e.g.
  /// `rules[0].match.host: unknown key; did you mean "hosts"? (expected one of: crossOrigin, …)`.
  @_optimize(size)
  package func object(allowing allowed: Set<String>) throws(ConfigurationError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = value else { throw error("expected an object, found \(value.typeName)") }
    for member in members where !allowed.contains(member.key) {
      let known = ColdSort.strings(Array(allowed)).joined(separator: ", ")
      let suggestion = NearMiss.closest(to: member.key, among: allowed).map {
        "; did you mean \(JSONValue.quoted($0))?"
      }
      throw ConfigurationError(
        path: path(of: member.key), problem: "unknown key\(suggestion ?? "") (expected one of: \(known))")
    }
    return members
  }

  /// The member `key` of this object, or `nil` when absent.
  @_optimize(size)
  package func member(_ key: String) -> JSONReader? {
    value[key].map { JSONReader($0, path: path(of: key)) }
  }

  /// The elements of this array, each with its path.
  @_optimize(size)
  package func elements() throws(ConfigurationError) -> [JSONReader] {
    guard case .array(let values) = value else { throw error("expected an array, found \(value.typeName)") }
    return values.enumerated().map { JSONReader($0.element, path: "\(path)[\($0.offset)]") }
  }

  /// This value as a string.
  @_optimize(size)
  package func string() throws(ConfigurationError) -> String {
    guard case .string(let string) = value else { throw error("expected a string, found \(value.typeName)") }
    return string
  }

  /// This value as a boolean.
  @_optimize(size)
  package func bool() throws(ConfigurationError) -> Bool {
    guard case .bool(let bool) = value else { throw error("expected true or false, found \(value.typeName)") }
    return bool
  }

  /// This value as a whole number within `range`.
  @_optimize(size)
  package func integer(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
    guard case .number(let number) = value else { throw error("expected a number, found \(value.typeName)") }
    guard number.rounded() == number else { throw error("\(value.excerpt) is not a whole number") }
    guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
      throw error(
        "\(value.excerpt) is out of range (expected a whole number from \(range.lowerBound) to \(range.upperBound))")
    }
    return Int(number)
  }

  /// This value as a string that must be one of `choices`.
  @_optimize(size)
  package func choice(of choices: [String]) throws(ConfigurationError) -> String {
    let string = try string()
    guard choices.contains(string) else {
      throw error("\(value.excerpt) is not one of \(choices.map(JSONValue.quoted).joined(separator: ", "))")
    }
    return string
  }

  /// This value as a non-empty array of strings.
  @_optimize(size)
  package func strings(allowEmpty: Bool = false) throws(ConfigurationError) -> [(String, path: String)] {
    let elements = try elements()
    if elements.isEmpty && !allowEmpty { throw error("expected a non-empty array") }
    var out: [(String, path: String)] = []
    for element in elements { out.append((try element.string(), element.path)) }
    return out
  }
}
