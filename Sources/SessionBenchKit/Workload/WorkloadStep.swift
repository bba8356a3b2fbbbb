/// One event of a workload: what happens, in which of a worker's sessions, and the random draw that picks the
/// URL.
public struct WorkloadStep: Sendable, Hashable {
  /// What happens.
  public var kind: WorkloadEventKind
  /// The session it happens in, as an index into the worker's sessions.
  public var session: Int
  /// Random bits that choose the destination among those the kind can have.
  public var pick: UInt64
}
