import Foundation

/// Reads a file named on session-bench's command line: a path, `-` for standard input, or a device such as
/// `/dev/stdin` or a pipe (read to its end, whatever size the file system reports), up to ``limit`` bytes.
///
/// Every input of the tool (policies, scenarios, workloads, profiles, URL lists) is read here, so that an input
/// that never ends (`/dev/zero`, a pipe whose writer never stops) is an error naming the file rather than memory
/// that grows until the process is killed. A named pipe (FIFO) is read once a writer opens it, as `cat` reads it:
/// with no writer the read waits, as the `--help` text says.
package enum InputFile {
  /// The argument that names standard input.
  package static let standardInput = "-"

  /// The most bytes read from one input: 64 MiB. The largest inputs the tool is given in practice — a recorded
  /// scenario of thousands of steps, a policy with 100 000 rules — are a few MiB.
  package static let limit = 64 << 20

  /// The limit as `--help` and error messages state it: `64 MiB`.
  package static let limitDescription = "\(limit >> 20) MiB"

  /// How `path` is named in messages: `standard input` for `-`, else the path as given.
  package static func displayName(_ path: String) -> String {
    path == standardInput ? "standard input" : path
  }

  /// The contents of `path`, or of standard input for `-`.
  ///
  /// - Parameters:
  ///   - path: The path, or `-` for standard input.
  ///   - limit: The most bytes to accept; an input with more is an error (``InputFileError/tooLarge(path:limit:)``).
  /// - Throws: ``InputFileError`` with the system's reason, e.g. `No such file or directory`, or saying the input is
  ///   over the limit.
  package static func read(_ path: String, limit: Int = InputFile.limit) throws(InputFileError) -> [UInt8] {
    if path == standardInput { return try readToEnd(STDIN_FILENO, path: path, limit: limit) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw InputFileError(path: path, errorNumber: errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputFileError(path: path, errorNumber: EISDIR)
    }
    return try readToEnd(descriptor, path: path, limit: limit)
  }

  private static func readToEnd(_ descriptor: Int32, path: String, limit: Int) throws(InputFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        // One byte past the limit is enough to know: nothing more is read from an endless input.
        guard bytes.count + count <= limit else { throw InputFileError.tooLarge(path: path, limit: limit) }
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw InputFileError(path: path, errorNumber: errno)
      }
    }
  }
}
