import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The process's resident set size in bytes, from `/proc/self/statm` (Linux); `nil` where there is none.
func residentSetSize() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  #if canImport(Glibc)
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return pages * 4096
  #endif
}

/// Whether resident-size bounds mean anything in this run: not under a sanitizer, whose shadow memory and own
/// allocator grow the resident set with every newly touched heap address (4.15 MiB over 27 000 replay steps
/// under ThreadSanitizer in one CI run, with nothing kept). `.ci/run` sets `SESSIONKIT_SANITIZER` for its
/// ThreadSanitizer run; the plain `swift test` run checks the bounds.
var residentSizeBoundsApply: Bool {
  ProcessInfo.processInfo.environment["SESSIONKIT_SANITIZER"] == nil
}
