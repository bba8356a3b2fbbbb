import SessionBenchKit
import SessionKit
import XCTest

final class TestProgressLine: XCTestCase {
  /// Collects what a progress line writes.
  private final class Output: Sendable {
    private let writes = Locked<[String]>([])

    var all: [String] { writes.withLock { $0 } }

    func write(_ text: String) {
      writes.withLock { $0.append(text) }
    }
  }

  func test_onATerminal_updatesOverwriteTheLine_andFinishClearsIt() {
    let output = Output()
    let progress = ProgressLine(quiet: false, isTerminal: true, minimumInterval: .zero, delay: .zero) {
      output.write($0)
    }
    progress.update("1 of 2")
    progress.update("2 of 2")
    progress.finish()
    XCTAssertEqual(output.all, ["\r1 of 2\u{1B}[K", "\r2 of 2\u{1B}[K", "\r\u{1B}[K"])
  }

  func test_updates_areThrottled() {
    let output = Output()
    let progress = ProgressLine(quiet: false, isTerminal: true, minimumInterval: .seconds(3_600), delay: .zero) {
      output.write($0)
    }
    for step in 0..<100 {
      progress.update("step \(step)")
    }
    XCTAssertEqual(output.all, ["\rstep 0\u{1B}[K"])
  }

  func test_nothingIsWritten_whenQuiet_orNotATerminal() {
    let output = Output()
    for progress in [
      ProgressLine(quiet: true, isTerminal: true, minimumInterval: .zero, delay: .zero) { output.write($0) },
      ProgressLine(quiet: false, isTerminal: false, minimumInterval: .zero, delay: .zero) { output.write($0) },
    ] {
      XCTAssertFalse(progress.isEnabled)
      progress.update("hidden")
      progress.finish()
    }
    XCTAssertEqual(output.all, [])
  }

  func test_shortRuns_showNoProgress_andFinishWritesNothing() {
    let output = Output()
    let progress = ProgressLine(quiet: false, isTerminal: true, minimumInterval: .zero, delay: .seconds(3_600)) {
      output.write($0)
    }
    progress.update("too early")
    progress.finish()
    XCTAssertEqual(output.all, [])
  }
}
