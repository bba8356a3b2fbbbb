import Foundation
import SessionBenchKit
import SessionKit
import XCTest

#if canImport(FoundationXML)
  import FoundationXML  // XMLParser lives here on Linux
#endif

final class TestPercentilePlot: XCTestCase {
  private func histogram(median: UInt64, count: Int, seed: UInt64) -> LatencyHistogram {
    var generator = SplitMix64(seed: seed)
    var histogram = LatencyHistogram()
    for _ in 0..<count {
      histogram.record(UInt64(Double(median) * exp(Double.random(in: -1...1, using: &generator))))
    }
    return histogram
  }

  private func sampleSVG() -> String {
    PercentilePlot(
      title: "Latency & <percentiles>",
      subtitle: "10000 sessions",
      histograms: [
        ("engine.decide", histogram(median: 1_200, count: 10_000, seed: 1)),
        ("baseline.direct", histogram(median: 80, count: 10_000, seed: 2)),
        ("baseline.actor-hop", histogram(median: 400, count: 10_000, seed: 3)),
      ]
    ).svg
  }

  func test_svg_isWellFormedXML() {
    let svg = sampleSVG()
    XCTAssertTrue(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
    XCTAssertTrue(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let parser = XMLParser(data: Data(svg.utf8))
    XCTAssertTrue(parser.parse(), "XMLParser error: \(String(describing: parser.parserError))")
  }

  func test_svg_hasOnePolylinePerResult_andALegendEntryForEach() {
    let svg = sampleSVG()
    XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 3)
    for name in ["engine.decide", "baseline.direct", "baseline.actor-hop"] {
      XCTAssertTrue(svg.contains(">\(name)</text>"), name)
    }
    XCTAssertTrue(svg.contains("Latency &amp; &lt;percentiles&gt;"), "the title is escaped")
  }

  func test_svg_labelsTheClassicPercentileAxis() {
    let svg = sampleSVG()
    let labels = [
      ">0%<", ">90%<", ">99%<", ">99.9%<", ">99.99%<", ">99.999%<", ">max<", ">Percentile (max = p100)<",
      ">Latency (lower is better)<",
    ]
    for label in labels {
      XCTAssertTrue(svg.contains(label), label)
    }
    XCTAssertTrue(svg.contains(">10 ns<"))
    XCTAssertTrue(svg.contains(">1 µs<"))
  }

  func test_curve_coversZeroToTheMaximum_andIncludesTheReportPercentiles() {
    let source = histogram(median: 1_000, count: 1_000, seed: 4)
    let curve = PercentilePlot.curve(of: source, points: 50)
    XCTAssertEqual(curve.first?.percentile, 0)
    XCTAssertEqual(curve.last?.percentile, 100)
    XCTAssertEqual(curve.last?.nanoseconds, source.summary().p100)
    XCTAssertTrue(curve.contains { abs($0.percentile - 99.999) < 1e-9 })
    XCTAssertTrue(curve.contains { $0.percentile == 99.9 })
    XCTAssertEqual(curve.map(\.percentile), curve.map(\.percentile).sorted())
    XCTAssertEqual(curve.map(\.nanoseconds), curve.map(\.nanoseconds).sorted(), "latency never falls")
  }

  func test_axis_topIsTheFirstOneTwoOrFiveStep_atOrAboveTheMaximum() {
    // engine.popup's 1.27 ms maximum: the axis goes to 2 ms, not 1 ms.
    XCTAssertEqual(LatencyAxis(minimum: 60, maximum: 1_270_000).top, 2_000_000)
    XCTAssertEqual(LatencyAxis(minimum: 60, maximum: 1_270_000).bottom, 10)
    XCTAssertEqual(LatencyAxis(minimum: 60, maximum: 4_060_000).top, 5_000_000)
    XCTAssertEqual(LatencyAxis(minimum: 60, maximum: 5_000_001).top, 10_000_000)
    XCTAssertEqual(LatencyAxis(minimum: 100, maximum: 1_000_000).top, 1_000_000, "an exact step is the top")
    XCTAssertEqual(LatencyAxis(minimum: 250, maximum: 250).bottom, 100)
    XCTAssertEqual(LatencyAxis(minimum: 250, maximum: 250).top, 500)
    XCTAssertEqual(LatencyAxis(minimum: 0, maximum: 0).top, 2, "an empty range still has height")
    for maximum: UInt64 in [1, 7, 99, 101, 999, 12_345, 1_270_000, 987_654_321] {
      let axis = LatencyAxis(minimum: 1, maximum: maximum)
      XCTAssertGreaterThanOrEqual(axis.top, maximum)
      XCTAssertLessThanOrEqual(Double(axis.top), 2.5 * Double(max(maximum, 1)) + 1, "no more than one step above")
      XCTAssertLessThanOrEqual(axis.fraction(of: maximum), 1)
      XCTAssertEqual(axis.ticks.last?.nanoseconds, axis.top)
      XCTAssertNotNil(axis.ticks.last?.label, "the top is labelled")
    }
  }

  func test_plot_putsTheMaximumInside_marksP100ForEverySeries_andSaysWhatIsPlotted() {
    var tail = histogram(median: 4_500, count: 10_000, seed: 5)
    tail.record(1_270_000)
    let plot = PercentilePlot(
      histograms: [("engine.popup", tail), ("baseline.naive", histogram(median: 570, count: 10_000, seed: 6))],
      notes: PercentilePlot.notes(machine: ProfileFixtures.machine, names: ["engine.popup", "baseline.naive"]))
    XCTAssertEqual(plot.axis.top, 2_000_000)
    let svg = plot.svg
    XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
    XCTAssertTrue(svg.contains(">2 ms<"), "the top tick is labelled")
    XCTAssertTrue(svg.contains(">max<"), "the x axis reaches the maximum")
    XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 2, "one p100 mark per series")
    XCTAssertTrue(svg.contains("engine.popup p100 1.27 ms"))
    XCTAssertTrue(svg.contains("lower is better"))
    XCTAssertTrue(svg.contains("2 cores"))
    XCTAssertTrue(svg.contains("baseline.naive: the guides"))
  }

  func test_emptyPlot_isStillValidSVG() {
    let svg = PercentilePlot(series: []).svg
    XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
  }
}
