/// One event of a workload: what happens, in which of a worker's sessions, and the random draw that picks the
/// URL.
package struct WorkloadStep: Sendable, Hashable {
  /// What happens.
  package var kind: WorkloadEventKind
  /// The session it happens in, as an index into the worker's sessions.
  package var session: Int
  /// Random bits that choose the destination among those the kind can have.
  package var pick: UInt64
}
