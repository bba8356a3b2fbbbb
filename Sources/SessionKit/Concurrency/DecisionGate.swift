import CSessionKitAtomics

/// The engine's decision gate: atomic words (C11, each in its own cache line) that every `decide` passes through
/// instead of the engine's lock. Each word holds
///
/// - bits 0–31: the async-form decisions under way that entered through it (``SessionEngine/shutdown()`` waits
///   for all the words' counts to reach zero);
/// - bit 32: the engine is shut down;
/// - bits 33–63: the policy generation, advanced each time the policy or the shadow changes.
///
/// There are ``stripes`` words, and a session always uses the same one (``stripe(of:)``), so that decisions
/// of different sessions on different cores rarely write the same cache line: one shared word cost every
/// decision two contended read-modify-writes (the line moving between cores), a third of the gap between
/// `engine.decide` and `baseline.direct` on two cores.
///
/// A decision enters with one read-modify-write of its word, which counts it and returns the shutdown flag and
/// the generation as of that instant (a read-modify-write always reads the latest value in the word's
/// modification order), and leaves with another. Policy changes advance the generation of every word while
/// holding the engine's lock, after installing the new snapshot, so a generation seen in a word is never newer
/// than the snapshot the lock guards. Shutting down sets every word's flag under the same lock. The generation
/// wraps after 2³¹ changes; a session whose cached snapshot is exactly a multiple of 2³¹ changes old would reuse
/// it, which is not a case any app reaches.
struct DecisionGate: ~Copyable, @unchecked Sendable {
  // @unchecked: the pointer is the C words', allocated in `init`, freed in `deinit`, and only touched through the
  // C11 atomic functions.
  private let words: OpaquePointer

  /// How many words: more than the cores of any device the engine runs on, so that two busy sessions rarely
  /// share one.
  static let stripes: UInt64 = 16
  static let activeMask: UInt64 = 0xFFFF_FFFF
  static let shutdownBit: UInt64 = 1 << 32
  static let generationShift: UInt64 = 33

  /// What a decision saw when it entered.
  struct Entry {
    let bits: UInt64

    /// Whether the engine was shut down.
    var isShutDown: Bool { bits & DecisionGate.shutdownBit != 0 }
    /// The generation of the policy.
    var generation: UInt64 { bits >> DecisionGate.generationShift }
  }

  init() {
    words = sk_atomic_words_create(Self.stripes, 0)
  }

  deinit {
    sk_atomic_word_destroy(words)
  }

  /// The word a session uses, from its object's address (a multiplicative hash: allocation addresses differ
  /// mostly in their middle bits).
  static func stripe(of object: AnyObject) -> UInt64 {
    let address = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
    return (address &* 0x9E37_79B9_7F4A_7C15) >> 60
  }

  @inline(__always)
  private func word(_ stripe: UInt64) -> OpaquePointer {
    sk_atomic_word_at(words, stripe & (Self.stripes - 1))
  }

  /// Counts a decision under way in `stripe`.
  func enter(_ stripe: UInt64) -> Entry {
    Entry(bits: sk_atomic_word_fetch_add(word(stripe), 1))
  }

  /// Counts a decision's end in `stripe`; `true` when it was the last one under way in that stripe after a
  /// shutdown began, so that the caller checks, under the engine's lock, whether the shutdown waits for nothing
  /// more (``activeDecisions``).
  func leave(_ stripe: UInt64) -> Bool {
    let before = sk_atomic_word_fetch_sub(word(stripe), 1)
    return before & Self.shutdownBit != 0 && before & Self.activeMask == 1
  }

  /// Advances the generation of every word (call it holding the engine's lock, after installing the new
  /// snapshot); the new generation.
  func advanceGeneration() -> UInt64 {
    let unit: UInt64 = 1 << Self.generationShift
    var advanced: UInt64 = 0
    for stripe in 0..<Self.stripes {
      // The same wrapping addition as the atomic one, so the result is the word's new generation.
      advanced = (sk_atomic_word_fetch_add(word(stripe), unit) &+ unit) >> Self.generationShift
    }
    return advanced
  }

  /// Sets every word's shutdown flag; decisions entering from now on see it.
  func shutDown() {
    for stripe in 0..<Self.stripes { _ = sk_atomic_word_fetch_or(word(stripe), Self.shutdownBit) }
  }

  /// Whether ``shutDown()`` has set the flag (every word's is set in one critical section of the engine's lock;
  /// one load of the first word). A popup admission reads it inside its tree's lock, where it creates the child.
  var isShutDown: Bool {
    sk_atomic_word_load(word(0)) & Self.shutdownBit != 0
  }

  /// The decisions under way now, over all the words. Exact when read under the engine's lock by a caller
  /// that follows a ``leave(_:)`` (see ``SessionEngine/decisionEnded(stripe:)``).
  var activeDecisions: UInt64 {
    var total: UInt64 = 0
    for stripe in 0..<Self.stripes { total &+= sk_atomic_word_load(word(stripe)) & Self.activeMask }
    return total
  }
}
