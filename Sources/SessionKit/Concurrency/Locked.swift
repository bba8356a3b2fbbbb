#if canImport(Darwin)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value guarded by a lock stored with it in one allocation: `os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` elsewhere.
///
/// SessionKit uses this instead of `Synchronization.Mutex` because `Mutex` needs iOS 18 / macOS 15 and the package
/// supports iOS 16 / macOS 13; and because on Linux (Swift 6.3.1) `Mutex` locks with futex calls inside the
/// standard library that ThreadSanitizer cannot see, so every contended `withLock` is reported as a data race.
/// ThreadSanitizer intercepts `pthread_mutex_lock` (and `os_unfair_lock_lock` on Darwin), so with this lock it
/// checks our code for real. (The same shape as SwiftNIO's `NIOLockedValueBox`.)
package struct Locked<State> {
  @usableFromInline let storage: LockStorage<State>

  /// Guards `state`.
  package init(_ state: State) {
    storage = LockStorage.make(state)
  }

  /// Another handle on the state and lock of `storage` (a copy of a `Locked` shares them the same way).
  init(sharing storage: LockStorage<State>) {
    self.storage = storage
  }

  /// Runs `body` with exclusive access to the state. `body` must not call back into this lock.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try storage.withLock(body)
  }
}

// @unchecked: `state` is only read or written inside `withLock`, between the lock and unlock of the lock stored
// beside it, so no two threads ever access it at once; and only `Sendable` state may cross threads this way (as
// with `NIOLockedValueBox`).
extension Locked: @unchecked Sendable where State: Sendable {}

// The lock is the buffer's header and the state its one element, so the lock sits at the front of the object,
// in the same cache line as the start of the state (a popup tree's root node, read by every decision), rather
// than after the whole state. Both live at stable heap addresses for the buffer's lifetime, as the locks
// require (never `&` on a stored property, which may be a temporary copy).
#if canImport(Darwin)
  @usableFromInline
  final class LockStorage<State>: ManagedBuffer<os_unfair_lock, State> {
    static func make(_ state: State) -> LockStorage<State> {
      let buffer = create(minimumCapacity: 1) { _ in os_unfair_lock() }
      buffer.withUnsafeMutablePointerToElements { $0.initialize(to: state) }
      // `create` returns the dynamic type, which is this class.
      return unsafeDowncast(buffer, to: LockStorage<State>.self)
    }

    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try withUnsafeMutablePointers { lock, state in
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        return try body(&state.pointee)
      }
    }

    deinit {
      // The header (a plain integer lock) is destroyed with the buffer; the element, the state, is not.
      _ = withUnsafeMutablePointerToElements { state in state.deinitialize(count: 1) }
    }
  }
#else
  @usableFromInline
  final class LockStorage<State>: ManagedBuffer<pthread_mutex_t, State> {
    static func make(_ state: State) -> LockStorage<State> {
      let buffer = create(minimumCapacity: 1) { _ in pthread_mutex_t() }
      buffer.withUnsafeMutablePointers { mutex, element in
        element.initialize(to: state)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        #if canImport(Glibc)
          // Critical sections here are a few loads and stores: spin briefly before sleeping in the kernel, so a
          // contended lock costs nanoseconds, not a futex round trip.
          pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        let result = pthread_mutex_init(mutex, &attributes)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
      }
      // `create` returns the dynamic type, which is this class.
      return unsafeDowncast(buffer, to: LockStorage<State>.self)
    }

    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try withUnsafeMutablePointers { mutex, state in
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
      }
    }

    deinit {
      // The header (the mutex) is a stored property of ManagedBuffer and is destroyed with it once
      // `pthread_mutex_destroy` has run; the element, the state, must be deinitialized here.
      withUnsafeMutablePointers { mutex, state in
        state.deinitialize(count: 1)
        _ = pthread_mutex_destroy(mutex)
      }
    }
  }
#endif
