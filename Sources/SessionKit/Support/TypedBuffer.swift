extension Array {
  /// `withUnsafeBufferPointer` that keeps the closure's error type: before Swift 6.1 the standard library's
  /// only rethrows (as `any Error`), so the error is carried out of the closure in a `Result`.
  @inline(__always)
  func withUnsafeTypedBufferPointer<Value, Failure: Error>(
    _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeBufferPointer { (buffer) in Result { () throws(Failure) in try body(buffer) } }.get()
  }
}
