extension JSONValue {
  /// Compact JSON text with members in order, as replay output prints it.
  @_optimize(size)
  package var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  @_optimize(size)
  private func write(to out: inout String) {
    switch self {
    case .null, .bool, .number: out += excerpt
    case .string(let string): out += JSONValue.quoted(string)
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        out += JSONValue.quoted(member.key)
        out += ":"
        member.value.write(to: &out)
      }
      out += "}"
    }
  }
}
