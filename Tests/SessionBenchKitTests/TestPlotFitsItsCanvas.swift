import Foundation
import SessionBenchKit
import SessionKit
import XCTest

#if canImport(FoundationXML)
  import FoundationXML  // XMLParser lives here on Linux
#endif

/// Every text of the plot lies inside its canvas and no two texts overlap, at every option a run can have: the
/// longest subtitle (every option at once, long paths), every result at once, long names, latencies from
/// nanoseconds to seconds, long notes. Boxes are measured with ``TextMetrics`` (Helvetica's widths plus an
/// allowance for fallback fonts) from the SVG as written, the way a renderer places them.
final class TestPlotFitsItsCanvas: XCTestCase {
  /// A text as the SVG places it: its box in canvas pixels.
  struct Box: CustomStringConvertible {
    var text: String
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double

    var description: String {
      "\"\(text)\" [\(Int(minX))…\(Int(maxX)), \(Int(minY))…\(Int(maxY))]"
    }

    func overlaps(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
  }

  /// Reads the canvas size and every `<text>`'s box, with the font size and anchor it inherits from its groups and
  /// the `translate(…) rotate(-90)` of the vertical axis title.
  final class TextBoxes: NSObject, XMLParserDelegate {
    var width = 0.0
    var height = 0.0
    var boxes: [Box] = []
    private var inherited: [[String: String]] = []
    private var current: [String: String]?
    private var content = ""

    static func read(_ svg: String) throws -> TextBoxes {
      let reader = TextBoxes()
      let parser = XMLParser(data: Data(svg.utf8))
      parser.delegate = reader
      XCTAssertTrue(parser.parse(), "not XML: \(String(describing: parser.parserError))")
      return reader
    }

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      var attributes = attributes
      for key in ["font-size", "font-weight", "text-anchor"] where attributes[key] == nil {
        attributes[key] = inherited.last?[key]
      }
      if element == "svg" {
        width = Double(attributes["width"] ?? "") ?? 0
        height = Double(attributes["height"] ?? "") ?? 0
      }
      if element == "text" {
        current = attributes
        content = ""
      }
      inherited.append(attributes)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if current != nil { content += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
    ) {
      inherited.removeLast()
      guard element == "text", let attributes = current else { return }
      current = nil
      let size = Double(attributes["font-size"] ?? "12") ?? 12
      let width = TextMetrics.width(of: content, fontSize: size, bold: attributes["font-weight"] == "bold")
      var x = Double(attributes["x"] ?? "0") ?? 0
      var y = Double(attributes["y"] ?? "0") ?? 0
      let (start, end): (Double, Double) =
        switch attributes["text-anchor"] {
        case "middle": (-width / 2, width / 2)
        case "end": (-width, 0)
        default: (0, width)
        }
      // Ascenders reach about 0.8 of the size above the baseline, descenders 0.25 below.
      if let transform = attributes["transform"] {
        // translate(tx,ty) rotate(-90): the text runs upwards from (tx, ty); x and y are 0.
        let numbers = transform.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        XCTAssertEqual(numbers.count, 3, "only translate(x,y) rotate(-90) is expected: \(transform)")
        XCTAssertEqual(numbers.last, -90)
        x = numbers[0]
        y = numbers[1]
        boxes.append(Box(text: content, minX: x - 0.8 * size, maxX: x + 0.25 * size, minY: y - end, maxY: y - start))
        return
      }
      boxes.append(Box(text: content, minX: x + start, maxX: x + end, minY: y - 0.8 * size, maxY: y + 0.25 * size))
    }
  }

  private func histogram(from low: UInt64, to high: UInt64, count: Int) -> LatencyHistogram {
    var histogram = LatencyHistogram()
    for index in 0..<count {
      let fraction = Double(index) / Double(count - 1)
      histogram.record(UInt64(Double(low) * pow(Double(high) / Double(low), pow(fraction, 8))))
    }
    return histogram
  }

  /// The problems of one plot: texts outside the canvas, pairs that overlap.
  private func problems(in svg: String) throws -> [String] {
    let read = try TextBoxes.read(svg)
    var problems: [String] = []
    for box in read.boxes where box.minX < 0 || box.maxX > read.width || box.minY < 0 || box.maxY > read.height {
      problems.append("outside the \(Int(read.width))×\(Int(read.height)) canvas: \(box)")
    }
    for (index, box) in read.boxes.enumerated() {
      for other in read.boxes[(index + 1)...] where box.overlaps(other) {
        problems.append("overlap: \(box) and \(other)")
      }
    }
    return problems
  }

  func test_everyText_fitsTheCanvas_andNoneOverlaps_atEveryOption() throws {
    let names = [
      BenchResult.engineDecide, BenchResult.enginePopup, BenchResult.engineStorm, BenchResult.engineDecideShadowed,
      BenchResult.engineDecideDefault, BenchResult.baselineDirect, BenchResult.baselineActorHop,
      BenchResult.baselineNaive, BenchResult.baselineLinear,
    ]
    let longest =
      "10000 sessions, open loop, 250000 requests/s over 64 workers, 0.3 s engine + 0.12 s per baseline, "
      + "15 interleaved repetitions, workload /Users/someone/Projects/checkout-app/Benchmarks/workloads/heavy.json "
      + "over 100000 generated hosts, policy /Users/someone/Projects/checkout-app/Policies/production-2026.json "
      + "(100309 rules), seed 18446744073709551615, shadowing /Users/someone/candidate.json (12345 disagreements)"
    let cases: [(String, String?, [String], [String])] = [
      (
        "the default run's",
        "10000 sessions, closed loop, 64 workers, 0.3 s engine + 0.12 s per baseline, "
          + "15 interleaved repetitions, workload mixed, policy built-in realistic (309 rules), seed 1",
        Array(names.prefix(2)) + Array(names.suffix(4)), []
      ),
      ("every option at once", longest, names, []),
      ("long names", "a", names.map { $0 + ".with-a-very-long-suffix-nobody-would-choose" }, []),
      ("one result", nil, [BenchResult.engineDecide], []),
      ("no subtitle, long notes", nil, names, [String(repeating: "a very long note that keeps going ", count: 12)]),
    ]
    for (label, subtitle, series, extraNotes) in cases {
      let histograms = series.enumerated().map { index, name in
        (name: name, histogram: histogram(from: 1 + UInt64(index), to: 9_000_000_000, count: 2_000))
      }
      let plot = PercentilePlot(
        title: "session-bench latency by percentile", subtitle: subtitle, histograms: histograms,
        notes: PercentilePlot.notes(machine: ProfileFixtures.machine, names: series) + extraNotes)
      let svg = plot.svg
      XCTAssertGreaterThan(try TextBoxes.read(svg).boxes.count, 20, label)
      let found = try problems(in: svg)
      XCTAssertEqual(found, [], "\(label): \(found.prefix(5).joined(separator: "; "))")
    }
  }

  func test_theChecker_findsTheFaultsOfTheEarlierLayout() throws {
    // The earlier plot put its legend at x = 786 with details of 40 characters on a 960 px canvas, and cut its
    // subtitle off: the checker must see that, or a passing test above proves nothing.
    let clipped = """
      <svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" font-size="12">
      <text x="86" y="52">10000 sessions, closed loop, 64 workers, 0.3 s engine + 0.12 s per baseline, 15 interleaved repetitions, workload mixed, policy built-in realistic (309 rules), seed 1</text>
      <text x="786" y="82" font-size="10.5">p50 1.00 µs · p99 1.69 µs · max 5.48 ms</text>
      <text x="86" y="72">engine.decide</text>
      <text x="90" y="72">overlapping</text>
      </svg>
      """
    let found = try problems(in: clipped)
    XCTAssertEqual(found.filter { $0.hasPrefix("outside") }.count, 2, "\(found)")
    XCTAssertEqual(found.filter { $0.hasPrefix("overlap") }.count, 1, "\(found)")
  }
}
