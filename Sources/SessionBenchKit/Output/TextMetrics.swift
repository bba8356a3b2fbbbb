/// The width of text set in Helvetica or Arial (the fonts ``PercentilePlot`` names; their advance widths are
/// equal), from the fonts' published metrics in thousandths of an em, so that a plot can lay out and wrap its text
/// without a font engine and a test can check that every text lies inside the canvas.
///
/// Characters outside the table count as a full em: wider than any of Helvetica's, so a box is never
/// underestimated. Widths are counted ``fallbackAllowance`` wider than Helvetica's, so that text still fits where
/// neither Helvetica nor Arial is installed and a renderer falls back to another sans-serif (DejaVu Sans, the
/// usual one on Linux, is 4–25 % wider letter by letter; about 14 % on the tool's text).
package enum TextMetrics {
  /// How much wider than Helvetica text is counted: 22 %.
  package static let fallbackAllowance = 1.22

  /// The width of `text` at `fontSize` pixels; bold text is counted 25 % wider (Helvetica Bold's letters are
  /// up to that much wider than the regular ones: i, l, t, r, f).
  package static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
    var thousandths = 0
    for scalar in text.unicodeScalars {
      thousandths += advance(of: scalar)
    }
    return Double(thousandths) / 1000 * fontSize * (bold ? 1.25 : 1) * fallbackAllowance
  }

  /// `text` broken at spaces into lines no wider than `width`; a word wider than the line is cut with `…`.
  package static func wrap(_ text: String, width: Double, fontSize: Double) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if Self.width(of: candidate, fontSize: fontSize) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = truncate(word, width: width, fontSize: fontSize)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `text`, or as much of it as fits `width` followed by `…`.
  package static func truncate(_ text: String, width: Double, fontSize: Double) -> String {
    guard Self.width(of: text, fontSize: fontSize) > width else { return text }
    var kept = ""
    for character in text {
      if Self.width(of: kept + String(character) + "…", fontSize: fontSize) > width { break }
      kept.append(character)
    }
    return kept + "…"
  }

  /// Helvetica's advance widths for printable ASCII (32 … 126), in thousandths of an em.
  private static let ascii: [Int] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 … ?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ … O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P … _
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` … o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p … ~
  ]

  /// The characters outside ASCII that the tool writes, with Helvetica's widths.
  private static let others: [Unicode.Scalar: Int] = [
    "µ": 556, "·": 278, "…": 1000, "×": 584, "≤": 549, "≥": 549, "–": 556, "—": 1000, "→": 1000, " ": 278,
  ]

  private static func advance(of scalar: Unicode.Scalar) -> Int {
    let value = Int(scalar.value)
    if value >= 32 && value <= 126 { return ascii[value - 32] }
    return others[scalar] ?? 1000
  }
}
