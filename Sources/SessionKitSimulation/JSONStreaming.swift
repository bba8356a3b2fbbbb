import SessionKit

/// A JSON document with one large array member of its top-level object (a scenario's `steps`) read one element
/// at a time, so that a reader holds the file's bytes and one element, never a value per element.
///
/// Parsing checks the whole document's syntax (and encoding) at once, as `JSONValue(parsing:)` does, with the
/// same errors; the array's elements are parsed again, one by one, by ``elements()``. In this module, not in
/// `SessionKit`, because only scenarios stream: an app does not link it.
package struct JSONStreamedDocument: Sendable {
  /// The document, the streamed member holding only its first element (when it is a non-empty array).
  package let skeleton: JSONValue
  /// The number of elements of the streamed member (0 when it is absent or not an array).
  package let count: Int
  private let bytes: [UInt8]
  /// The offset of the streamed array's `[`.
  private let arrayStart: Int?

  /// Parses `bytes`, streaming the array that the top-level object's member `key` holds.
  /// - Throws: ``ConfigurationError`` with the line and column of the first syntax error.
  package init(parsing bytes: [UInt8], streaming key: String) throws(ConfigurationError) {
    self.bytes = bytes
    var parser = JSONParser(bytes)
    try parser.begin()
    guard parser.peek(UInt8(ascii: "{")) else {
      skeleton = try parser.parseValue()
      parser.skipWhitespace()
      guard parser.isAtEnd else { throw parser.syntaxError("unexpected text after the JSON value") }
      count = 0
      arrayStart = nil
      return
    }
    try parser.enterNesting()
    parser.index += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen = Set<String>()
    var count = 0
    var arrayStart: Int?
    parser.skipWhitespace()
    if parser.peek(UInt8(ascii: "}")) {
      parser.index += 1
    } else {
      while true {
        parser.skipWhitespace()
        guard parser.peek(UInt8(ascii: "\"")) else { throw parser.syntaxError("expected a string key") }
        let keyStart = parser.index
        let name = try parser.parseString()
        guard seen.insert(name).inserted else {
          parser.index = keyStart
          throw parser.syntaxError("duplicate key \(JSONValue.quoted(name))")
        }
        parser.skipWhitespace()
        guard parser.peek(UInt8(ascii: ":")) else { throw parser.syntaxError("expected \":\" after key") }
        parser.index += 1
        parser.skipWhitespace()
        if name == key, parser.peek(UInt8(ascii: "[")) {
          arrayStart = parser.index
          var first: [JSONValue] = []
          try Self.walkArray(&parser) { element in
            if count == 0 { first = [element] }
            count += 1
          }
          members.append((name, .array(first)))
        } else {
          members.append((name, try parser.parseValue()))
        }
        parser.skipWhitespace()
        if parser.peek(UInt8(ascii: ",")) {
          parser.index += 1
        } else if parser.peek(UInt8(ascii: "}")) {
          parser.index += 1
          break
        } else {
          throw parser.syntaxError("expected \",\" or \"}\" in object")
        }
      }
    }
    parser.depth -= 1
    parser.skipWhitespace()
    guard parser.isAtEnd else { throw parser.syntaxError("unexpected text after the JSON value") }
    skeleton = .object(members)
    self.count = count
    self.arrayStart = arrayStart
  }

  /// Parses the array at the parser's `[`, handing each element to `body` and keeping none.
  private static func walkArray(
    _ parser: inout JSONParser, _ body: (JSONValue) -> Void
  ) throws(ConfigurationError) {
    try parser.enterNesting()
    parser.index += 1
    parser.skipWhitespace()
    if parser.peek(UInt8(ascii: "]")) {
      parser.index += 1
      parser.depth -= 1
      return
    }
    while true {
      parser.skipWhitespace()
      body(try parser.parseValue())
      parser.skipWhitespace()
      if parser.peek(UInt8(ascii: ",")) {
        parser.index += 1
      } else if parser.peek(UInt8(ascii: "]")) {
        parser.index += 1
        parser.depth -= 1
        return
      } else {
        throw parser.syntaxError("expected \",\" or \"]\" in array")
      }
    }
  }

  /// The streamed array's elements in order, each parsed when it is reached.
  package func elements() -> Elements {
    Elements(bytes: bytes, start: arrayStart, count: count)
  }

  /// The elements of the streamed array, parsed one at a time.
  package struct Elements: Sequence, IteratorProtocol, Sendable {
    private var parser: JSONParser
    private var remaining: Int

    init(bytes: [UInt8], start: Int?, count: Int) {
      parser = JSONParser(bytes)
      parser.index = (start ?? 0) + 1
      remaining = start == nil ? 0 : count
    }

    /// The next element; `nil` after the last.
    package mutating func next() -> JSONValue? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      parser.skipWhitespace()
      if parser.peek(UInt8(ascii: ",")) { parser.index += 1 }
      parser.skipWhitespace()
      // The syntax was checked when the document was parsed.
      guard let value = try? parser.parseValue() else { preconditionFailure("a checked element failed to parse") }
      return value
    }
  }
}
