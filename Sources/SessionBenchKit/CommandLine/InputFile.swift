import Foundation

/// Reads a file named on session-bench's command line: a path, `-` for standard input, or a device such as
/// `/dev/stdin` or a pipe (read to its end, whatever size the file system reports).
public enum InputFile {
  /// The argument that names standard input.
  public static let standardInput = "-"

  /// How `path` is named in messages: `standard input` for `-`, else the path as given.
  public static func displayName(_ path: String) -> String {
    path == standardInput ? "standard input" : path
  }

  /// The contents of `path`, or of standard input for `-`.
  ///
  /// - Throws: ``InputFileError`` with the system's reason, e.g. `No such file or directory`.
  public static func read(_ path: String) throws(InputFileError) -> [UInt8] {
    if path == standardInput { return try readToEnd(STDIN_FILENO, path: path) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw InputFileError(path: path, errorNumber: errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputFileError(path: path, errorNumber: EISDIR)
    }
    return try readToEnd(descriptor, path: path)
  }

  private static func readToEnd(_ descriptor: Int32, path: String) throws(InputFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw InputFileError(path: path, errorNumber: errno)
      }
    }
  }
}
