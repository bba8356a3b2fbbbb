import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the files session-bench is told to write (`--json`, `--csv`, `--svg`, the saved runs), and checks
/// before any work that each can be written, so that a run of minutes does not end in a path that was never going
/// to work.
package enum OutputFile {
  /// Throws unless `path` can be written: it is not a directory, its directory exists, and both let this process
  /// write.
  ///
  /// - Throws: ``OutputFileError`` naming the path and the system's reason.
  package static func check(_ path: String) throws(OutputFileError) {
    var status = stat()
    if stat(path, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR { throw OutputFileError(path: path, errorNumber: EISDIR) }
      guard access(path, W_OK) == 0 else { throw OutputFileError(path: path, errorNumber: errno) }
      return
    }
    let directory = directoryName(of: path)
    guard stat(directory, &status) == 0 else {
      let number = errno
      throw OutputFileError(
        path: path,
        reason: String(cString: strerror(number))
          + (number == ENOENT ? " (its directory \(directory) does not exist)" : ""))
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw OutputFileError(path: path, reason: "Not a directory (\(directory) is a file)")
    }
    guard access(directory, W_OK) == 0 else {
      throw OutputFileError(path: path, reason: String(cString: strerror(errno)) + " (in \(directory))")
    }
  }

  /// Writes `bytes` to `path`, replacing what it held.
  ///
  /// - Throws: ``OutputFileError`` naming the path and the system's reason.
  package static func write(_ bytes: some Collection<UInt8>, to path: String) throws(OutputFileError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw OutputFileError(path: path, errorNumber: errno) }
    defer { close(descriptor) }
    let data = Array(bytes)
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count > 0 {
        written += count
      } else if count == 0 {
        throw OutputFileError(path: path, errorNumber: EIO)  // nothing written and no error: do not spin
      } else if errno != EINTR {
        throw OutputFileError(path: path, errorNumber: errno)
      }
    }
  }

  /// The directory part of `path`: `.` for a bare file name, `/` for a file at the root.
  static func directoryName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }
}

/// A file session-bench was told to write cannot be written: names the file and the system's reason.
package struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file as given on the command line.
  package var path: String
  /// Why it cannot be written, e.g. `Is a directory`, `No such file or directory (its directory x does not exist)`.
  package var reason: String

  /// An error about `path` with a reason.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// An error about `path` with the system's text for an `errno` value.
  package init(path: String, errorNumber: Int32) {
    self.init(path: path, reason: String(cString: strerror(errorNumber)))
  }

  /// `FILE: cannot write the file: REASON`.
  package var description: String { "\(path): cannot write the file: \(reason)" }
}
