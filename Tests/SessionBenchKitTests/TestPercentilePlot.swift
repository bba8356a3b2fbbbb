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
    for label in [">0%<", ">90%<", ">99%<", ">99.9%<", ">99.99%<", ">99.999%<", ">Percentile<", ">Latency<"] {
      XCTAssertTrue(svg.contains(label), label)
    }
    XCTAssertTrue(svg.contains(">10 ns<"))
    XCTAssertTrue(svg.contains(">1 µs<"))
  }

  func test_curve_coversZeroTo99999_andIncludesTheReportPercentiles() {
    let curve = PercentilePlot.curve(of: histogram(median: 1_000, count: 1_000, seed: 4), points: 50)
    XCTAssertEqual(curve.first?.percentile, 0)
    XCTAssertEqual(curve.last?.percentile ?? 0, 99.999, accuracy: 1e-9)
    XCTAssertTrue(curve.contains { $0.percentile == 99.9 })
    XCTAssertEqual(curve.map(\.percentile), curve.map(\.percentile).sorted())
    XCTAssertEqual(curve.map(\.nanoseconds), curve.map(\.nanoseconds).sorted(), "latency never falls")
  }

  func test_emptyPlot_isStillValidSVG() {
    let svg = PercentilePlot(series: []).svg
    XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
  }
}
