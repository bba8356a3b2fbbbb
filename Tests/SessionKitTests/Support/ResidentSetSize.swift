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
