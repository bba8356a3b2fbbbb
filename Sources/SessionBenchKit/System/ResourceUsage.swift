#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's CPU time (user + system) and involuntary context switches so far, from `getrusage`, for
/// per-phase deltas.
///
/// `RUSAGE_SELF` (every thread of the process), not `RUSAGE_THREAD`: a phase's workers are tasks that the
/// cooperative pool moves between threads, so no one thread's usage is a phase's; nothing else runs in the
/// process during a phase. On Linux `ru_nivcsw` sums every thread's involuntary switches; Darwin fills the same
/// fields for the process.
struct ResourceUsage: Sendable, Equatable {
  /// User plus system CPU time, in nanoseconds.
  var cpuNanoseconds: UInt64
  /// Times a thread was descheduled while it could have run (the scheduler gave its core to another thread).
  var involuntaryContextSwitches: UInt64

  /// The usage so far, or zeros where `getrusage` fails.
  static func current() -> ResourceUsage {
    var usage = rusage()
    #if canImport(Glibc)
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else {
      return ResourceUsage(cpuNanoseconds: 0, involuntaryContextSwitches: 0)
    }
    func nanoseconds(_ time: timeval) -> UInt64 {
      UInt64(max(time.tv_sec, 0)) &* 1_000_000_000 &+ UInt64(max(Int64(time.tv_usec), 0)) &* 1_000
    }
    return ResourceUsage(
      cpuNanoseconds: nanoseconds(usage.ru_utime) &+ nanoseconds(usage.ru_stime),
      involuntaryContextSwitches: UInt64(max(usage.ru_nivcsw, 0)))
  }

  /// The usage between `earlier` and `self`.
  func since(_ earlier: ResourceUsage) -> ResourceUsage {
    ResourceUsage(
      cpuNanoseconds: cpuNanoseconds &- earlier.cpuNanoseconds,
      involuntaryContextSwitches: involuntaryContextSwitches &- earlier.involuntaryContextSwitches)
  }
}

extension ResourceUsage {
  /// `share` of the CPU time (a result's part of its phase) and all of the phase's context switches.
  func shared(_ share: Double) -> (cpuNanoseconds: Double, involuntaryContextSwitches: UInt64) {
    (Double(cpuNanoseconds) * share, involuntaryContextSwitches)
  }
}
