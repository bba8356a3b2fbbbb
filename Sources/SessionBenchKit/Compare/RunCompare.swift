import Foundation
import SessionKit

/// Runs `session-bench compare`: loads two profiles and compares them.
///
/// - Parameters:
///   - basePath: The reference profile.
///   - newPath: The profile to judge.
///   - maxRegression: The threshold, in per cent (see ``ProfileComparison``).
/// - Returns: The text to print and the exit status: 0 without regression, 1 with a regression, 2 when a file
///   cannot be read or is not a profile; then `output` is the message naming the file and the reason, meant for
///   standard error.
package func runCompare(
  basePath: String, newPath: String, maxRegression: Double = ProfileComparison.defaultMaxRegressionPercent
) -> (output: String, exitCode: Int32) {
  let base: BenchProfile
  let new: BenchProfile
  do {
    base = try BenchProfile.load(fromFile: basePath)
    new = try BenchProfile.load(fromFile: newPath)
  } catch {
    return ("session-bench compare: \(error.description)\n", 2)
  }
  var output = "base: \(basePath) (\(base.machine.hostname), \(base.machine.date))\n"
  output += "new:  \(newPath) (\(new.machine.hostname), \(new.machine.date))\n"
  let differences = ProfileDifferences(base: base, new: new)
  guard differences.areComparable else {
    return ("session-bench compare: " + differences.explanation + output, 2)
  }
  for note in differences.notes { output += "note: \(note)\n" }
  let comparison = ProfileComparison.compare(base: base, new: new, maxRegressionPercent: maxRegression)
  output += "\n" + comparison.table
  return (output, comparison.exitCode)
}

/// Runs `session-bench compare` with no paths: the second newest run saved in `directory` against the newest.
///
/// - Returns: As ``runCompare(basePath:newPath:maxRegression:)``; exit 2 with what to run when the directory
///   holds fewer than two runs.
package func runCompare(
  savedIn directory: String, maxRegression: Double = ProfileComparison.defaultMaxRegressionPercent
) -> (output: String, exitCode: Int32) {
  let profiles = SavedRuns(directory: directory).profiles()
  guard profiles.count >= 2 else {
    return (
      "session-bench compare: \(directory) holds \(profiles.count == 0 ? "no run" : "one run"); compare needs two: "
        + "run `swift run -c release session-bench\(directory == SavedRuns.defaultDirectory ? "" : " --runs-dir \(directory)")` "
        + "before and after the change (each run is saved there), or give two profiles: "
        + "session-bench compare BASE.json NEW.json\n",
      2
    )
  }
  return runCompare(
    basePath: profiles[profiles.count - 2], newPath: profiles[profiles.count - 1], maxRegression: maxRegression)
}

extension BenchProfile {
  /// Reads a profile from a JSON file.
  ///
  /// - Throws: ``ProfileLoadError`` naming the file when it cannot be read or decoded.
  package static func load(fromFile path: String) throws(ProfileLoadError) -> BenchProfile {
    let data: Data
    do throws(InputFileError) {
      data = Data(try InputFile.read(path))
    } catch {
      throw ProfileLoadError(path: path, reason: .unreadable(error.reason))
    }
    do {
      // The strict parser first: invalid UTF-8 or a syntax error is reported with its line and column.
      _ = try JSONValue(parsing: data)
      let profile = try decode(from: data)
      guard profile.tool == toolName else {
        throw ProfileLoadError(path: path, reason: .invalid("\"tool\" is \"\(profile.tool)\", not \"\(toolName)\""))
      }
      return profile
    } catch let error as ProfileLoadError {
      throw error
    } catch let error as DecodingError {
      throw ProfileLoadError(path: path, reason: .invalid(describe(error)))
    } catch {
      throw ProfileLoadError(path: path, reason: .invalid("\(error)"))
    }
  }

  /// A decoding error as a JSON path and a reason, e.g. `$.results[0].samples: missing`.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      codingPath.reduce("$") { path, key in
        if let index = key.intValue { return "\(path)[\(index)]" }
        return "\(path).\(key.stringValue)"
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "the file is not valid JSON" }
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
