import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory where `session-bench run` saves every run's profile and plot (`.build/session-bench/` unless
/// `--runs-dir` says otherwise), so that `session-bench compare` with no paths compares the last two runs.
///
/// A run is saved as `run-<UTC date and time>.json` and `.svg`; names sort in the order the runs were made. The
/// newest ``kept`` runs are kept; older ones are removed when a run is saved.
public struct SavedRuns: Sendable, Equatable {
  /// `.build/session-bench`, relative to the current directory: beside the package's own build products when the
  /// tool is started with `swift run` from the package.
  public static let defaultDirectory = ".build/session-bench"
  /// How many runs are kept: 20.
  public static let kept = 20

  /// The directory.
  public let directory: String

  /// The runs saved in `directory`.
  public init(directory: String = SavedRuns.defaultDirectory) {
    self.directory = directory
  }

  /// Creates the directory and its parents if need be and checks that files can be written in it: called before a
  /// run does any work.
  ///
  /// - Throws: ``OutputFileError`` naming the directory and the system's reason.
  public func prepare() throws(OutputFileError) {
    var path = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
      path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + component
      var status = stat()
      if stat(path, &status) == 0 {
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
          throw OutputFileError(path: directory, reason: "Not a directory (\(path) is a file)")
        }
        continue
      }
      if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw OutputFileError(path: directory, reason: String(cString: strerror(errno)) + " (creating \(path))")
      }
    }
    try OutputFile.check(file(named: "run-probe.json"))
  }

  /// Saves a run's profile and plot under a name made from `date`, then removes the runs past the newest
  /// ``kept``.
  ///
  /// - Returns: The paths of the profile and the plot.
  /// - Throws: ``OutputFileError`` when a file cannot be written.
  public func save(profile: Data, plot: String, date: Date = Date()) throws(OutputFileError) -> (
    profile: String, plot: String
  ) {
    let stem = uniqueStem(for: date)
    let profilePath = file(named: stem + ".json")
    let plotPath = file(named: stem + ".svg")
    try OutputFile.write(profile, to: profilePath)
    try OutputFile.write(Array(plot.utf8), to: plotPath)
    for old in profiles().dropLast(Self.kept) {
      unlink(old)
      unlink(String(old.dropLast(".json".count)) + ".svg")
    }
    return (profilePath, plotPath)
  }

  /// The saved profiles, oldest first.
  public func profiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.sorted().map(file(named:))
  }

  private func file(named name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `run-2026-12-05T103000.123Z`, with `_2`, `_3` … when a run of the same millisecond was saved (`_` sorts after
  /// the `.` of the first one's extension, so names stay in the order the runs were made).
  private func uniqueStem(for date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(milliseconds / 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    let stem = String(
      format: "run-%04d-%02d-%02dT%02d%02d%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(milliseconds % 1000))
    var candidate = stem
    var number = 2
    while access(file(named: candidate + ".json"), F_OK) == 0 {
      candidate = "\(stem)_\(number)"
      number += 1
    }
    return candidate
  }
}
