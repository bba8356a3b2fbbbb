/// A compact, immutable hash table from host suffixes (byte strings such as `co.uk` or `games.example`) to a
/// 32-bit payload, built for one right-to-left walk over a host's labels.
///
/// Keys are hashed from their last byte to their first (``SuffixHash``), so a walk that extends a suffix one
/// label leftwards extends its hash with the new bytes only: every label costs one probe, whatever the
/// host's length, and the Public Suffix List and a policy's host indexes are probed with the same hash.
///
/// The layout is two flat arrays and a byte arena (no per-key object, no `String`): `slots` holds key numbers
/// (open addressing, linear probing, load factor at most 1/2) and `keys` holds each key's full hash, its place
/// in the arena and its payload. A probe compares the stored hash first, then the bytes.
///
/// The hash has no per-process seed, so the table's layout is the same on every run. Hosts come from web
/// pages, but nobody can add keys: a crafted host can at worst land on the longest probe run of a fixed
/// table whose load factor is at most 1/2.
final class SuffixTable: Sendable {
  /// One key: its hash, where its bytes are in the arena, and its payload.
  struct Key: Sendable {
    var hash: UInt64
    var start: UInt32
    var length: UInt32
    var payload: UInt32
  }

  private let slots: [UInt32]
  private let keys: [Key]
  private let arena: [UInt8]
  private let shift: UInt64

  /// Builds the table; a key given twice keeps the payloads `merge`d.
  ///
  /// Duplicates are found with a scratch table of the same kind rather than a `Dictionary`: a dictionary's first
  /// use in a process looks up its key's `Hashable` conformance at run time, which costs more than the build.
  init(_ entries: some Sequence<([UInt8], UInt32)>, merge: (UInt32, UInt32) -> UInt32 = { $0 | $1 }) {
    let entries = Array(entries)
    var keys: [Key] = []
    var arena: [UInt8] = []
    var scratchBits = 4
    while (1 << scratchBits) < entries.count * 2 {
      scratchBits += 1
    }
    var scratch = [UInt32](repeating: 0, count: 1 << scratchBits)
    let scratchMask = scratch.count - 1
    for (bytes, payload) in entries {
      let hash = SuffixHash.of(bytes)
      var slot = Int(truncatingIfNeeded: SuffixHash.spread(hash) >> UInt64(64 - scratchBits))
      var found: Int?
      while scratch[slot] != 0 {
        let candidate = Int(scratch[slot] - 1)
        let key = keys[candidate]
        if key.hash == hash && Int(key.length) == bytes.count
          && arena[Int(key.start)..<Int(key.start) + bytes.count].elementsEqual(bytes)
        {
          found = candidate
          break
        }
        slot = (slot + 1) & scratchMask
      }
      if let found {
        keys[found].payload = merge(keys[found].payload, payload)
        continue
      }
      scratch[slot] = UInt32(keys.count + 1)
      keys.append(Key(hash: hash, start: UInt32(arena.count), length: UInt32(bytes.count), payload: payload))
      arena.append(contentsOf: bytes)
    }
    var bits: UInt64 = 4
    while (1 << bits) < keys.count * 2 {
      bits += 1
    }
    let shift = 64 - bits
    var slots = [UInt32](repeating: 0, count: 1 << Int(bits))
    let mask = slots.count - 1
    for (number, key) in keys.enumerated() {
      var slot = Int(truncatingIfNeeded: SuffixHash.spread(key.hash) >> shift)
      while slots[slot] != 0 {
        slot = (slot + 1) & mask
      }
      slots[slot] = UInt32(number + 1)
    }
    self.slots = slots
    self.keys = keys
    self.arena = arena
    self.shift = shift
  }

  /// The payload of the key equal to `suffix`, whose ``SuffixHash`` is `hash`; `nil` when there is none.
  @inline(__always)
  func payload(hash: UInt64, suffix: UnsafeBufferPointer<UInt8>) -> UInt32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: SuffixHash.spread(hash) >> shift)
    while true {
      let number = slots[slot]
      if number == 0 { return nil }
      let key = keys[Int(number - 1)]
      if key.hash == hash && Int(key.length) == suffix.count && matches(key, suffix) { return key.payload }
      slot = (slot + 1) & mask
    }
  }

  private func matches(_ key: Key, _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
    arena.withUnsafeBufferPointer { arena in
      UTF8Bytes.equal(UnsafeBufferPointer(rebasing: arena[Int(key.start)..<Int(key.start) + suffix.count]), suffix)
    }
  }
}

/// The hash of a host suffix, computed from its last byte to its first (FNV-1a over the reversed bytes), so
/// that a walk from the right extends it one byte at a time.
enum SuffixHash {
  /// The hash of the empty suffix.
  static let empty: UInt64 = 0xCBF2_9CE4_8422_2325

  /// `hash` extended leftwards by `byte`.
  @inline(__always)
  static func extend(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }

  /// The hash of all of `bytes`.
  static func of(_ bytes: some BidirectionalCollection<UInt8>) -> UInt64 {
    var hash = empty
    for byte in bytes.reversed() {
      hash = extend(hash, byte)
    }
    return hash
  }

  /// Mixes the hash's bits into its high bits, which pick the slot.
  @inline(__always)
  static func spread(_ hash: UInt64) -> UInt64 {
    (hash ^ (hash >> 29)) &* 0x9E37_79B9_7F4A_7C15
  }
}

/// A right-to-left walk over the labels of a domain (no trailing dot, no empty label): each step extends the
/// suffix by one label and its hash by that label's bytes and the dot between.
struct LabelWalk {
  /// Where the current suffix starts; `count` before the first step.
  private(set) var start: Int
  /// The current suffix's ``SuffixHash``.
  private(set) var hash = SuffixHash.empty

  /// A walk over `count` bytes that has not taken a step.
  init(count: Int) {
    start = count
  }

  /// Extends the suffix by one label; `false` when it already is the whole domain.
  @inline(__always)
  mutating func step(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard start > 0 else { return false }
    var index = start
    if index < bytes.count {
      index -= 1
      hash = SuffixHash.extend(hash, bytes[index])
    }
    while index > 0 {
      let byte = bytes[index - 1]
      if byte == UInt8(ascii: ".") { break }
      hash = SuffixHash.extend(hash, byte)
      index -= 1
    }
    start = index
    return true
  }
}
