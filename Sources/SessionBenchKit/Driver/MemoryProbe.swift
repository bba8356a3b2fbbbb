import SessionKit

#if canImport(Glibc)
  import Glibc
#endif

/// Measures what an idle session costs: the growth of the resident set over creating root sessions that have
/// each committed one URL, divided by their number, while they are all alive.
enum MemoryProbe {
  /// Bytes per idle session over `count` sessions, or `nil` where resident memory cannot be read.
  static func bytesPerIdleSession(engine: SessionEngine, count: Int, catalog: WebCatalog) async -> Double? {
    guard count > 0 else { return nil }
    let urls = catalog.starts.map { catalog.pages[$0].url }
    var sessions: [Session] = []
    sessions.reserveCapacity(count)
    // Give freed memory back first, so that the sessions' allocations show as growth rather than reuse.
    trimMallocHeap()
    guard let before = ResidentMemory.current() else { return nil }
    for index in 0..<count {
      let session = engine.makeBenchRoot(id: SessionID("m\(index)"))
      try? await session.commit(urls[index % urls.count], kind: .newEntry(isPost: false))
      sessions.append(session)
    }
    let after = ResidentMemory.current()
    for session in sessions { session.tearDown() }
    guard let after else { return nil }
    return (Double(after) - Double(before)) / Double(count)
  }

  /// glibc's `malloc_trim(0)`, looked up at run time: `malloc.h` is not part of the Glibc module.
  private static func trimMallocHeap() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
