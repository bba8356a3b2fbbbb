/// A parsed JSON document, keeping object keys in file order so that errors can name them.
///
/// SessionKit reads its files (policies, scenarios) through this type rather than `Codable` so that every
/// error names the exact JSON path and no unknown key slips through.
package indirect enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in file order.
  case object([(key: String, value: JSONValue)])

  /// Parses UTF-8 JSON text.
  /// - Throws: ``ConfigurationError`` with the line and column of the first syntax error.
  @_optimize(size)
  package init(parsing bytes: some Collection<UInt8>) throws(ConfigurationError) {
    var parser = JSONParser(Array(bytes))
    self = try parser.parseDocument()
  }

  /// Parses JSON text.
  @_optimize(size)
  package init(parsing text: String) throws(ConfigurationError) {
    try self.init(parsing: Array(text.utf8))
  }

  /// The JSON type name used in error messages: `object`, `array`, `string`, `number`, `boolean`, `null`.
  @_optimize(size)
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// A short JSON rendering for error messages.
  @_optimize(size)
  package var excerpt: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value):
      value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): JSONValue.quoted(value)
    case .array: "[…]"
    case .object: "{…}"
    }
  }

  /// The value of `key` when this is an object.
  @_optimize(size)
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// `string` as a JSON string literal.
  @_optimize(size)
  package static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let s where s.value < 0x20: out += "\\u" + hex4(s.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  @_optimize(size)
  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Members compare in order.
  @_optimize(size)
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): arraysEqual(a, b)
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  /// `a == b` as `Array.==` decides it, without the standard library's copy of `==` for `[JSONValue]`: arrays that
  /// share their storage are equal even when an element is not equal to itself (a NaN).
  @_optimize(size)
  private static func arraysEqual(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
    guard a.count == b.count else { return false }
    let sameStorage = a.withUnsafeBufferPointer { first in
      b.withUnsafeBufferPointer { $0.baseAddress == first.baseAddress }
    }
    if a.isEmpty || sameStorage { return true }
    for index in a.indices where a[index] != b[index] { return false }
    return true
  }

  /// Hashes the value structurally.
  @_optimize(size)
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let values):
      // What `hasher.combine(values)` does, without the standard library's copy of it for `[JSONValue]`.
      hasher.combine(values.count)
      for value in values { value.hash(into: &hasher) }
    case .object(let members):
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }
}
