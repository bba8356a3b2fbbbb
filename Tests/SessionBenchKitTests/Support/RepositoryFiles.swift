import Foundation

/// Files of the repository that tests compare with the code, found from this file's path.
enum RepositoryFiles {
  /// The repository's root: three levels above `Tests/SessionBenchKitTests/Support/`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The contents of the file at `path`, relative to the root.
  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(path))
  }
}
