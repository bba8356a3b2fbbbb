/// A plain-text table with aligned columns, for reports on a terminal.
struct TextTable {
  enum Alignment {
    case left
    case right
  }

  struct Column {
    var title: String
    var alignment: Alignment
  }

  var columns: [Column]
  var rows: [[String]] = []

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
  }

  mutating func append(_ row: [String]) {
    rows.append(row)
  }

  /// The table with a header, a rule under it, and two spaces between columns; no trailing
  /// spaces, one line per row, each ending in a newline.
  func render(indent: String = "") -> String {
    var widths = columns.map(\.title.count)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, column) in columns.enumerated() {
        let cell = index < cells.count ? cells[index] : ""
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        parts.append(column.alignment == .left ? cell + padding : padding + cell)
      }
      return indent + trimmingTrailingSpaces(parts.joined(separator: "  ")) + "\n"
    }
    var text = line(columns.map(\.title))
    text += line(zip(columns, widths).map { String(repeating: $0.title.isEmpty ? " " : "-", count: $1) })
    for row in rows {
      text += line(row)
    }
    return text
  }

  private func trimmingTrailingSpaces(_ text: String) -> String {
    var result = Substring(text)
    while result.last == " " {
      result = result.dropLast()
    }
    return String(result)
  }
}
