import Foundation
import SessionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress report on standard error, rewritten in place with `\r`.
///
/// It shows only on a terminal and when not quiet, so logs and pipes stay clean. Updates are
/// throttled (10 per second by default), and nothing shows during the first second, so short
/// runs print no progress at all. Call ``finish()`` to clear the line before printing the
/// report. Safe to call from any task.
package final class ProgressLine: Sendable {
  private struct State {
    var lastWrite: ContinuousClock.Instant?
    var hasWritten = false
    var suffix = ""
  }

  /// Whether standard error is a terminal.
  package static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

  /// Whether updates are written at all: on a terminal and not quiet.
  package let isEnabled: Bool
  private let minimumInterval: Duration
  private let start: ContinuousClock.Instant
  private let delay: Duration
  private let write: @Sendable (String) -> Void
  private let state = Locked(State())

  /// Creates a progress line.
  ///
  /// - Parameters:
  ///   - quiet: `--quiet`: never write.
  ///   - isTerminal: Whether the output is a terminal; standard error's by default.
  ///   - minimumInterval: The least time between two writes.
  ///   - delay: How long after creation the first update may show.
  ///   - write: Where the text goes; standard error by default.
  package init(
    quiet: Bool,
    isTerminal: Bool = ProgressLine.standardErrorIsTerminal,
    minimumInterval: Duration = .milliseconds(100),
    delay: Duration = .seconds(1),
    write: @escaping @Sendable (String) -> Void = ProgressLine.writeToStandardError
  ) {
    self.isEnabled = !quiet && isTerminal
    self.minimumInterval = minimumInterval
    self.delay = delay
    self.write = write
    self.start = .now
  }

  /// Shows `text` in place of the previous update, unless the last write was too recent.
  ///
  /// - Parameter text: The progress, e.g. `engine.decide  2.1 s / 5 s  1 234 567 decisions`;
  ///   built only when it will be written.
  package func update(_ text: @autoclosure () -> String) {
    guard isEnabled else { return }
    let now = ContinuousClock.now
    guard now - start >= delay else { return }
    let suffix: String? = state.withLock { state in
      if let last = state.lastWrite, now - last < minimumInterval { return nil }
      state.lastWrite = now
      state.hasWritten = true
      return state.suffix
    }
    if let suffix {
      // "\u{1B}[K" erases what a longer previous line left to the right.
      write("\r" + text() + suffix + "\u{1B}[K")
    }
  }

  /// Sets what every later update ends with, e.g. ` · repetition 3 of 15 · about 9 s left`.
  package func setSuffix(_ text: String) {
    state.withLock { $0.suffix = text }
  }

  /// Erases the line, if anything was written, so that the report starts on a clean line.
  package func finish() {
    guard isEnabled else { return }
    let hasWritten = state.withLock { state in
      defer { state = State(suffix: state.suffix) }
      return state.hasWritten
    }
    if hasWritten {
      write("\r\u{1B}[K")
    }
  }

  /// Writes `text` to standard error, unbuffered.
  package static func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
