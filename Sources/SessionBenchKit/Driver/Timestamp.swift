#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time in nanoseconds, read straight from `clock_gettime(CLOCK_MONOTONIC)`: about 20 ns through
/// the vDSO, with no allocation, so that timing a sub-microsecond call disturbs it little.
enum Timestamp {
  /// Now, in nanoseconds since an arbitrary fixed point.
  @inline(__always)
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}
