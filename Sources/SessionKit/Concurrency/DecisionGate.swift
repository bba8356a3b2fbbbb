import CSessionKitAtomics

/// The engine's decision gate: one atomic word (C11, in its own cache line) that every `decide` passes through
/// instead of the engine's lock. It holds
///
/// - bits 0–31: the async-form decisions under way (what ``SessionEngine/shutdown()`` waits for);
/// - bit 32: the engine is shut down;
/// - bits 33–63: the policy generation, advanced each time the policy or the shadow changes.
///
/// A decision enters with one read-modify-write, which counts it and returns the shutdown flag and the
/// generation as of that instant (a read-modify-write always reads the latest value in the word's modification
/// order), and leaves with another. Policy changes advance the generation while holding the engine's lock, after
/// installing the new snapshot, so a generation seen in the word is never newer than the snapshot the lock
/// guards. The generation wraps after 2³¹ changes; a session whose cached snapshot is exactly a multiple of 2³¹
/// changes old would reuse it, which is not a case any app reaches.
struct DecisionGate: ~Copyable, @unchecked Sendable {
  // @unchecked: the pointer is the C word's, allocated in `init`, freed in `deinit`, and only touched through the
  // C11 atomic functions.
  private let word: OpaquePointer

  static let activeMask: UInt64 = 0xFFFF_FFFF
  static let shutdownBit: UInt64 = 1 << 32
  static let generationShift: UInt64 = 33

  /// What a decision saw when it entered.
  struct Entry {
    let bits: UInt64

    /// Whether the engine was shut down.
    var isShutDown: Bool { bits & DecisionGate.shutdownBit != 0 }
    /// The policy generation.
    var generation: UInt64 { bits >> DecisionGate.generationShift }
  }

  init() {
    word = sk_atomic_word_create(0)
  }

  deinit {
    sk_atomic_word_destroy(word)
  }

  /// Counts a decision under way.
  func enter() -> Entry {
    Entry(bits: sk_atomic_word_fetch_add(word, 1))
  }

  /// Counts a decision's end; `true` when it was the last one under way after a shutdown began, so that the
  /// caller wakes the shutdown waiting for it.
  func leave() -> Bool {
    let before = sk_atomic_word_fetch_sub(word, 1)
    return before & Self.shutdownBit != 0 && before & Self.activeMask == 1
  }

  /// Advances the generation (call it holding the engine's lock, after installing the new snapshot); the new
  /// generation.
  func advanceGeneration() -> UInt64 {
    let unit: UInt64 = 1 << Self.generationShift
    // The same wrapping addition as the atomic one, so the result is the word's new generation.
    return (sk_atomic_word_fetch_add(word, unit) &+ unit) >> Self.generationShift
  }

  /// The current generation (call it holding the engine's lock to pair it with the snapshot installed).
  var generation: UInt64 { sk_atomic_word_load(word) >> Self.generationShift }

  /// Sets the shutdown flag; decisions entering from now on see it.
  func shutDown() {
    _ = sk_atomic_word_fetch_or(word, Self.shutdownBit)
  }

  /// The decisions under way now.
  var activeDecisions: UInt64 { sk_atomic_word_load(word) & Self.activeMask }
}
