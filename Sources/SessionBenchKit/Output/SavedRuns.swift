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
/// A run is saved as `run-NNNNNN-<UTC date and time>.json` and `.svg`: `NNNNNN` is one more than the highest number
/// in the directory, so the order is the order the runs were saved whatever the clock does, and the name is
/// claimed exclusively, so that two runs saving at once do not overwrite each other. Only files named so are the
/// tool's: anything else in the directory is never read, counted or removed. The newest ``kept`` runs are kept;
/// older ones are removed when a run is saved, never the one just saved.
package struct SavedRuns: Sendable, Equatable {
  /// `.build/session-bench`, relative to the current directory: beside the package's own build products when the
  /// tool is started with `swift run` from the package.
  package static let defaultDirectory = ".build/session-bench"
  /// How many runs are kept: 20.
  package static let kept = 20

  /// The directory.
  package let directory: String

  /// The runs saved in `directory`.
  package init(directory: String = SavedRuns.defaultDirectory) {
    self.directory = directory
  }

  /// Whether this is the default directory, which `compare` reads without `--runs-dir`.
  package var isDefault: Bool { directory == Self.defaultDirectory }

  /// Creates the directory and its parents if need be and checks that files can be written in it: called before a
  /// run does any work.
  ///
  /// - Throws: ``OutputFileError`` naming the directory and the system's reason.
  package func prepare() throws(OutputFileError) {
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
    guard access(directory, W_OK) == 0 else {
      throw OutputFileError(path: directory, errorNumber: errno)
    }
  }

  /// Saves a run's profile and plot under the next number and a name made from `date`, then removes the runs
  /// past the newest ``kept``.
  ///
  /// - Returns: The paths of the profile and the plot.
  /// - Throws: ``OutputFileError`` when a file cannot be written.
  package func save(profile: Data, plot: String, date: Date = Date()) throws(OutputFileError) -> (
    profile: String, plot: String
  ) {
    var number = (runs().last?.number ?? 0) + 1
    var profilePath: String
    while true {
      profilePath = file(named: Self.name(number: number, date: date) + ".json")
      // Claimed exclusively: another run saving now takes the next number.
      let descriptor = open(profilePath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
      if descriptor >= 0 {
        close(descriptor)
        break
      }
      guard errno == EEXIST else { throw OutputFileError(path: profilePath, errorNumber: errno) }
      number += 1
    }
    let plotPath = String(profilePath.dropLast(".json".count)) + ".svg"
    try OutputFile.write(profile, to: profilePath)
    try OutputFile.write(Array(plot.utf8), to: plotPath)
    for old in runs().dropLast(Self.kept) where old.path != profilePath {
      unlink(old.path)
      unlink(String(old.path.dropLast(".json".count)) + ".svg")
    }
    return (profilePath, plotPath)
  }

  /// The saved profiles, oldest first: only files named as ``save(profile:plot:date:)`` names them.
  package func profiles() -> [String] {
    runs().map(\.path)
  }

  /// The tool's runs in the directory, by number.
  private func runs() -> [(number: Int, path: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.compactMap { name in Self.number(of: name).map { ($0, file(named: name)) } }.sorted {
      $0.number < $1.number
    }
  }

  private func file(named name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `run-000042-2026-12-05T103000Z`.
  static func name(number: Int, date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "run-%06d-%04d-%02d-%02dT%02d%02d%02dZ", number, Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
  }

  /// The number of a name the tool gave a profile (`run-` six digits `-` date `T` time `Z.json`), else `nil`.
  static func number(of name: String) -> Int? {
    let parts = name.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "run", parts[1].count == 6, let number = Int(parts[1]),
      parts[1].allSatisfy(\.isASCII), name.hasSuffix("Z.json")
    else { return nil }
    // The date and time: YYYY-MM-DDTHHMMSSZ.json, digits where digits go.
    let stamp = Array(parts[2].utf8)
    let digits: [Int] = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16]
    guard stamp.count == 23, stamp[4] == UInt8(ascii: "-"), stamp[7] == UInt8(ascii: "-"),
      stamp[10] == UInt8(ascii: "T"), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(stamp[$0]) })
    else { return nil }
    return number
  }
}
