import Foundation

/// A latency-by-percentile plot as a self-contained SVG 1.1 document: the classic
/// HdrHistogram "percentile distribution".
///
/// The x axis is `1 / (1 − p)` on a log scale, so that 90 %, 99 %, 99.9 % … are evenly spaced
/// and the tail gets the room it deserves, then one more step to the maximum (p100); the y axis is
/// the latency on a log scale from the decade below the smallest sample to the first 1, 2 or 5
/// step at or above the largest (``LatencyAxis``), so no curve runs along an edge. Each result is
/// one coloured line ending in a dot at its maximum, named in a legend under the plot with its p50, p99 and
/// p100; ``notes`` under the legend say what is plotted. The canvas is 960 pixels wide and as tall as its text
/// needs: long subtitles and notes wrap, and every text stays inside it.
package struct PercentilePlot: Sendable {
  /// One point of a curve.
  package struct Point: Sendable, Equatable {
    /// The percentile, from 0 to 100.
    package var percentile: Double
    /// The latency at that percentile, in nanoseconds.
    package var nanoseconds: UInt64

    /// Creates a point.
    package init(percentile: Double, nanoseconds: UInt64) {
      self.percentile = percentile
      self.nanoseconds = nanoseconds
    }
  }

  /// One result's curve.
  package struct Series: Sendable, Equatable {
    /// The result, e.g. `engine.decide`, shown in the legend.
    package var name: String
    /// The curve, in increasing percentile.
    package var points: [Point]

    /// Creates a series.
    package init(name: String, points: [Point]) {
      self.name = name
      self.points = points
    }
  }

  /// How many nines the x axis reaches: 5, that is 99.999 %.
  package static let nines = 5

  /// The title at the top of the plot.
  package var title: String
  /// A line under the title, such as the options of the run; none when `nil`.
  package var subtitle: String?
  /// The curves, drawn in order with the colours of ``palette``.
  package var series: [Series]
  /// Lines printed under the plot: what is plotted, the machine, what each baseline is.
  package var notes: [String] = []

  /// Line colours, chosen to stay distinct from one another (Tableau 10).
  static let palette = [
    "#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac",
  ]

  /// Creates a plot of prepared curves.
  package init(title: String = "Latency by percentile", subtitle: String? = nil, series: [Series], notes: [String] = [])
  {
    self.title = title
    self.subtitle = subtitle
    self.series = series
    self.notes = notes
  }

  /// Creates a plot of histograms, one curve of `pointsPerCurve` points each.
  package init(
    title: String = "Latency by percentile", subtitle: String? = nil,
    histograms: [(name: String, histogram: LatencyHistogram)], pointsPerCurve: Int = 200, notes: [String] = []
  ) {
    self.init(
      title: title, subtitle: subtitle,
      series: histograms.map { Series(name: $0.name, points: Self.curve(of: $0.histogram, points: pointsPerCurve)) },
      notes: notes
    )
  }

  /// The notes a run's plot carries: what is plotted, the machine, and what each baseline in `names` is.
  package static func notes(machine: BenchProfile.Machine, names: [String]) -> [String] {
    let baselines: [(String, String)] = [
      (BenchResult.baselineDirect, "CompiledPolicy.evaluate called synchronously (no actor): the floor"),
      (BenchResult.baselineActorHop, "an empty actor round trip: the concurrency floor"),
      (BenchResult.baselineNaive, "the guides' sample code: URL(string:).host compared with == / hasSuffix"),
      (BenchResult.baselineLinear, "correct by hand: WebAddress, Public Suffix List, every rule in order"),
    ]
    var notes = [
      "Latency of one operation at each percentile (log scales; the last step is the maximum, p100): lower is better.",
      "Machine: \(machine.cores) cores, \(machine.arch), \(machine.os), Swift \(machine.swiftVersion).",
    ]
    for (name, meaning) in baselines where names.contains(name) { notes.append("\(name): \(meaning).") }
    return notes
  }

  /// A histogram's latency at `points` percentiles evenly spaced on the plot's x axis, from
  /// 0 % to 99.999 %, at the percentiles of a report (p25 … p99.9), so that the curve and
  /// the legend agree with the table exactly, and at 100 % (the maximum).
  package static func curve(of histogram: LatencyHistogram, points: Int = 200) -> [Point] {
    let count = max(points, 2)
    let evenlySpaced = (0..<count).map { index in
      100 * (1 - pow(10, -Double(nines) * Double(index) / Double(count - 1)))
    }
    let percentiles = Set(evenlySpaced + [25, 50, 75, 90, 99, 99.9, 99.99, 100]).sorted()
    return zip(percentiles, histogram.values(atPercentiles: percentiles)).map {
      Point(percentile: $0, nanoseconds: $1)
    }
  }

  // MARK: Layout

  /// Where everything goes: the canvas is ``width`` wide and as tall as its text needs, with the title and a
  /// wrapped subtitle above the plot, the legend in columns under it and the wrapped notes last, so that no text
  /// runs past an edge whatever the options, names and notes (a test checks every text's box with
  /// ``TextMetrics``).
  struct Layout {
    static let width = 960.0
    static let margin = 24.0
    static let plotLeft = 86.0
    static let plotRight = width - 32
    static let plotHeight = 400.0
    static let legendColumns = 3
    static let legendRowHeight = 36.0
    static var textWidth: Double { width - 2 * margin }
    static var legendColumnWidth: Double { textWidth / Double(legendColumns) }

    var titleLines: [String]
    var subtitleLines: [String]
    var plotTop: Double
    var plotBottom: Double { plotTop + Self.plotHeight }
    var legendTop: Double { plotBottom + 66 }
    var legendRows: Int
    var noteLines: [String]
    var notesTop: Double { legendTop + Double(legendRows) * Self.legendRowHeight + 8 }
    var height: Double { (notesTop + Double(noteLines.count) * 15 + 12).rounded(.up) }

    init(title: String, subtitle: String?, series: Int, notes: [String]) {
      titleLines = TextMetrics.wrap(title, width: Self.textWidth / 1.25, fontSize: 18)  // bold: 25 % wider
      subtitleLines = subtitle.map { TextMetrics.wrap($0, width: Self.textWidth, fontSize: 12) } ?? []
      let lastLine = 32 + 22 * Double(max(titleLines.count - 1, 0)) + 16 * Double(subtitleLines.count)
      plotTop = lastLine + 28
      legendRows = (series + Self.legendColumns - 1) / Self.legendColumns
      noteLines = notes.flatMap { TextMetrics.wrap($0, width: Self.textWidth, fontSize: 11) }
    }

    func x(nines value: Double) -> Double {
      Self.plotLeft + value / Double(PercentilePlot.nines + 1) * (Self.plotRight - Self.plotLeft)
    }

    func y(_ nanoseconds: UInt64, _ scale: LatencyAxis) -> Double {
      plotBottom - scale.fraction(of: nanoseconds) * Self.plotHeight
    }
  }

  /// The y axis the plot's data gets.
  package var axis: LatencyAxis {
    let values = series.flatMap { $0.points.map(\.nanoseconds) }
    return LatencyAxis(minimum: values.min() ?? 100, maximum: values.max() ?? 1_000)
  }

  /// The plot as SVG text.
  package var svg: String {
    let scale = axis
    let layout = Layout(title: title, subtitle: subtitle, series: series.count, notes: notes)
    let width = Int(Layout.width)
    let height = Int(layout.height)
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" \
      height="\(height)" viewBox="0 0 \(width) \(height)" \
      font-family="Helvetica, Arial, sans-serif" font-size="12" fill="#333333">

      """
    svg += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
    var y = 32.0
    for line in layout.titleLines {
      svg += text(line, x: Layout.margin, y: y, ["font-size": "18", "font-weight": "bold"])
      y += 22
    }
    y -= 6
    for line in layout.subtitleLines {
      svg += text(line, x: Layout.margin, y: y, ["fill": "#666666"])
      y += 16
    }
    svg += grid(scale, layout)
    svg += curves(scale, layout)
    svg += legend(layout)
    for (index, note) in layout.noteLines.enumerated() {
      svg += text(
        note, x: Layout.margin, y: layout.notesTop + 11 + Double(index) * 15, ["font-size": "11", "fill": "#555555"])
    }
    svg += "</svg>\n"
    return svg
  }

  private func grid(_ scale: LatencyAxis, _ layout: Layout) -> String {
    let (left, right, top, bottom) = (Layout.plotLeft, Layout.plotRight, layout.plotTop, layout.plotBottom)
    var svg = "<g stroke-width=\"1\" shape-rendering=\"crispEdges\">\n"
    // Horizontal lines: every decade labelled, the steps in between light.
    for tick in scale.ticks {
      let y = layout.y(tick.nanoseconds, scale)
      let colour = tick.isMajor ? "#d9d9d9" : "#f0f0f0"
      svg += line(x1: left, y1: y, x2: right, y2: y, colour: colour)
    }
    // Vertical lines at 0 %, 90 %, 99 % … with light lines at 50 %, 75 %, 95 %, 97.5 % ….
    for nine in 0...Self.nines + 1 {
      let x = layout.x(nines: Double(nine))
      svg += line(x1: x, y1: top, x2: x, y2: bottom, colour: "#d9d9d9")
      if nine < Self.nines {
        for fraction in [0.5, 0.75] {
          let x = layout.x(nines: Double(nine) - log10(1 - fraction))
          svg += line(x1: x, y1: top, x2: x, y2: bottom, colour: "#f0f0f0")
        }
      }
    }
    svg += "<rect x=\"\(Self.number(left))\" y=\"\(Self.number(top))\" "
    svg += "width=\"\(Self.number(right - left))\" "
    svg += "height=\"\(Self.number(bottom - top))\" fill=\"none\" stroke=\"#999999\"/>\n"
    svg += "</g>\n"
    // Tick labels.
    svg += "<g font-size=\"11\" fill=\"#555555\">\n"
    for tick in scale.ticks where tick.label != nil {
      let y = layout.y(tick.nanoseconds, scale)
      svg += text(tick.label ?? "", x: left - 8, y: y + 4, ["text-anchor": "end"])
    }
    for nine in 0...Self.nines + 1 {
      let label = nine == 0 ? "0%" : nine > Self.nines ? "max" : Self.percentLabel(nines: nine)
      svg += text(label, x: layout.x(nines: Double(nine)), y: bottom + 18, ["text-anchor": "middle"])
    }
    svg += "</g>\n"
    // Axis titles.
    let middleX = (left + right) / 2
    svg += text("Percentile (max = p100)", x: middleX, y: bottom + 40, ["text-anchor": "middle"])
    let middleY = (top + bottom) / 2
    svg += text(
      "Latency (lower is better)", x: 0, y: 0,
      ["text-anchor": "middle", "transform": "translate(30,\(Self.number(middleY))) rotate(-90)"])
    return svg
  }

  private func curves(_ scale: LatencyAxis, _ layout: Layout) -> String {
    var svg = "<g fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
    for (index, series) in series.enumerated() {
      let points = series.points.map { point in
        let x = layout.x(nines: Self.nines(ofPercentile: point.percentile))
        return "\(Self.number(x)),\(Self.number(layout.y(point.nanoseconds, scale)))"
      }
      svg += "<polyline stroke=\"\(Self.colour(index))\" points=\"\(points.joined(separator: " "))\">"
      svg += "<title>\(escape(series.name))</title></polyline>\n"
    }
    svg += "</g>\n"
    // The maximum of every series, marked where the curve ends.
    svg += "<g stroke=\"#ffffff\" stroke-width=\"1\">\n"
    for (index, series) in series.enumerated() {
      guard let maximum = series.points.map(\.nanoseconds).max() else { continue }
      let x = layout.x(nines: Double(Self.nines + 1))
      let y = layout.y(maximum, scale)
      svg += "<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"4\" fill=\"\(Self.colour(index))\">"
      svg += "<title>\(escape(series.name)) p100 \(Format.latency(nanoseconds: Double(maximum)))</title></circle>\n"
    }
    svg += "</g>\n"
    return svg
  }

  /// The legend, in ``Layout/legendColumns`` columns under the plot: each result's colour, name, and its p50, p99
  /// and maximum; a name or detail too long for its column is cut with `…` (the full name stays in the line's
  /// tooltip).
  private func legend(_ layout: Layout) -> String {
    var svg = "<g>\n"
    let textWidth = Layout.legendColumnWidth - 30 - 12
    for (index, series) in series.enumerated() {
      let x = Layout.margin + Double(index % Layout.legendColumns) * Layout.legendColumnWidth
      let y = layout.legendTop + Double(index / Layout.legendColumns) * Layout.legendRowHeight + 12
      svg += line(x1: x, y1: y - 4, x2: x + 22, y2: y - 4, colour: Self.colour(index), width: 3)
      svg += text(TextMetrics.truncate(series.name, width: textWidth, fontSize: 12), x: x + 30, y: y)
      if let detail = Self.legendDetail(series) {
        svg += text(
          TextMetrics.truncate(detail, width: textWidth, fontSize: 10.5), x: x + 30, y: y + 15,
          ["font-size": "10.5", "fill": "#777777"])
      }
    }
    svg += "</g>\n"
    return svg
  }

  /// `p50 1.21 µs · p99 8.40 µs · max 2.10 ms`, read off the curve.
  private static func legendDetail(_ series: Series) -> String? {
    func value(at percentile: Double) -> UInt64? {
      series.points.first { $0.percentile >= percentile - 1e-9 }?.nanoseconds
    }
    guard let p50 = value(at: 50), let p99 = value(at: 99), let p100 = series.points.map(\.nanoseconds).max() else {
      return nil
    }
    return [("p50", p50), ("p99", p99), ("max", p100)].map { "\($0) \(Format.latency(nanoseconds: Double($1)))" }
      .joined(separator: " · ")
  }

  // MARK: Scales

  /// Where a percentile goes on the x axis, in nines: 99.9 % is 3; 100 % (the maximum) is one step past the
  /// last labelled nine.
  private static func nines(ofPercentile percentile: Double) -> Double {
    if percentile >= 100 { return Double(nines + 1) }
    let remaining = 1 - max(percentile, 0) / 100
    return min(-log10(max(remaining, 1e-12)), Double(nines))
  }

  /// `90%`, `99%`, `99.9%` … for 1, 2, 3 … nines.
  private static func percentLabel(nines: Int) -> String {
    nines <= 2 ? "\(100 - Int(pow(10, Double(2 - nines))))%" : "99." + String(repeating: "9", count: nines - 2) + "%"
  }

  private static func colour(_ index: Int) -> String {
    palette[index % palette.count]
  }

  // MARK: SVG text

  private static func number(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  private func line(x1: Double, y1: Double, x2: Double, y2: Double, colour: String, width: Double? = nil)
    -> String
  {
    let strokeWidth = width.map { " stroke-width=\"\(Self.number($0))\"" } ?? ""
    return "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
      + "y2=\"\(Self.number(y2))\" stroke=\"\(colour)\"\(strokeWidth)/>\n"
  }

  /// A `<text>` element with escaped content; attributes in a stable (sorted) order.
  private func text(_ content: String, x: Double, y: Double, _ attributes: [String: String] = [:]) -> String {
    var element = "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\""
    for key in attributes.keys.sorted() {
      element += " \(key)=\"\(escape(attributes[key] ?? ""))\""
    }
    return element + ">" + escape(content) + "</text>\n"
  }

  private func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

/// The y axis of a ``PercentilePlot``: a log scale from the decade at or below the smallest latency to the first
/// 1, 2 or 5 × 10ⁿ at or above the largest, so that the maximum is inside the plot, near its top edge.
package struct LatencyAxis: Sendable, Equatable {
  /// A horizontal grid line.
  package struct Tick: Sendable, Equatable {
    /// Its latency.
    package var nanoseconds: UInt64
    /// Whether it is a decade (1 × 10ⁿ), drawn darker.
    package var isMajor: Bool
    /// Its label, for decades (and 2 and 5 steps when the axis spans two decades or fewer) and the top.
    package var label: String?
  }

  /// The bottom of the axis: a power of ten.
  package let bottom: UInt64
  /// The top of the axis: 1, 2 or 5 × 10ⁿ, at or above the largest latency.
  package let top: UInt64
  /// The grid lines, from the bottom up; the last is the top.
  package let ticks: [Tick]

  /// The axis for latencies from `minimum` to `maximum` nanoseconds.
  package init(minimum: UInt64, maximum: UInt64) {
    let low = max(minimum, 1)
    let high = max(maximum, low, 1)
    let bottomDecade = Int(floor(log10(Double(low))))
    var bottom: UInt64 = 1
    for _ in 0..<max(bottomDecade, 0) { bottom *= 10 }
    // The first 1, 2 or 5 step at or above the maximum, and above the bottom.
    var top = bottom
    var steps: [UInt64] = [1, 2, 5]
    var unit = bottom
    search: while true {
      for step in steps where unit * step >= high && unit * step > bottom {
        top = unit * step
        break search
      }
      unit *= 10
      steps = [1, 2, 5]
    }
    self.bottom = bottom
    self.top = top
    let decades = log10(Double(top)) - log10(Double(bottom))
    let labelled: Set<UInt64> = decades <= 2 ? [1, 2, 5] : [1]
    var ticks: [Tick] = []
    var decade = bottom
    while decade <= top {
      for step in UInt64(1)...9 {
        let value = decade * step
        if value > top { break }
        ticks.append(
          Tick(
            nanoseconds: value, isMajor: step == 1,
            label: labelled.contains(step) || value == top ? Self.label(value) : nil))
      }
      decade *= 10
    }
    self.ticks = ticks
  }

  /// Where `nanoseconds` falls, from 0 (the bottom) to 1 (the top), on the log scale.
  package func fraction(of nanoseconds: UInt64) -> Double {
    let low = log10(Double(bottom))
    let high = log10(Double(top))
    guard high > low else { return 0 }
    return (log10(Double(max(nanoseconds, 1))) - low) / (high - low)
  }

  /// `1 ns`, `20 ns`, `1 µs`, `500 µs`, `2 ms`, `1 s`.
  static func label(_ nanoseconds: UInt64) -> String {
    let units: [(scale: UInt64, name: String)] = [(1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs"), (1, "ns")]
    for unit in units where nanoseconds >= unit.scale && nanoseconds % unit.scale == 0 {
      return "\(nanoseconds / unit.scale) \(unit.name)"
    }
    return "\(nanoseconds) ns"
  }
}
