@testable import SessionKit

/// Test state shared across tasks sits behind SessionKit's `Locked` (a pthread mutex on Linux), never
/// `Synchronization.Mutex`, whose locking ThreadSanitizer cannot see on Linux.
typealias TestLock<Value> = Locked<Value>
