// C11 atomics for SessionKit, which supports iOS 16 / macOS 13 and so cannot use the Synchronization module's
// `Atomic` (iOS 18 / macOS 15). Only standard C11 headers (<stdatomic.h> and <stdint.h> here; <stddef.h> and
// <stdlib.h> in the .c): it builds with the Apple SDKs as with glibc and musl.
//
// The word is opaque to Swift (Swift does not import `_Atomic` types): it lives in its own cache line, allocated
// here, and every access goes through these functions, so the compiler never sees a plain load or store of it.
// The accessors are `static inline`, so that Swift's callers compile them in place rather than calling into the
// C module on every decision.
#ifndef CSESSIONKITATOMICS_H
#define CSESSIONKITATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A 64-bit atomic word alone in a 64-byte cache line.
typedef struct sk_atomic_word sk_atomic_word;

/// Allocates a word holding `initial`; never returns NULL (aborts when out of memory).
sk_atomic_word *_Nonnull sk_atomic_word_create(uint64_t initial);
/// Allocates `count` consecutive words (`count` > 0), each alone in its cache line and holding `initial`; never
/// returns NULL (aborts when out of memory).
sk_atomic_word *_Nonnull sk_atomic_words_create(uint64_t count, uint64_t initial);
/// Frees a word made by `sk_atomic_word_create`, or the words made by `sk_atomic_words_create`.
void sk_atomic_word_destroy(sk_atomic_word *_Nonnull word);

/// The size of a word: a whole cache line.
#define SK_ATOMIC_WORD_SIZE 64

/// The word's value (the first member of the word, so a pointer to the word is one to its value). C only: Swift
/// cannot import a pointer to an `_Atomic` type, and uses the accessors below.
static inline _Atomic(uint64_t) *_Nonnull sk_atomic_word_value(sk_atomic_word *_Nonnull word) {
  return (_Atomic(uint64_t) *)(void *)word;
}

/// The word at `index` of words made by `sk_atomic_words_create` (no bounds check).
static inline sk_atomic_word *_Nonnull sk_atomic_word_at(sk_atomic_word *_Nonnull words, uint64_t index) {
  return (sk_atomic_word *)(void *)((char *)words + index * SK_ATOMIC_WORD_SIZE);
}

/// The value, with acquire ordering.
static inline uint64_t sk_atomic_word_load(sk_atomic_word *_Nonnull word) {
  return atomic_load_explicit(sk_atomic_word_value(word), memory_order_acquire);
}

/// Adds `delta` (wrapping); returns the value before, with acquire-release ordering.
static inline uint64_t sk_atomic_word_fetch_add(sk_atomic_word *_Nonnull word, uint64_t delta) {
  return atomic_fetch_add_explicit(sk_atomic_word_value(word), delta, memory_order_acq_rel);
}

/// Subtracts `delta` (wrapping); returns the value before, with acquire-release ordering.
static inline uint64_t sk_atomic_word_fetch_sub(sk_atomic_word *_Nonnull word, uint64_t delta) {
  return atomic_fetch_sub_explicit(sk_atomic_word_value(word), delta, memory_order_acq_rel);
}

/// Sets the bits of `mask`; returns the value before, with acquire-release ordering.
static inline uint64_t sk_atomic_word_fetch_or(sk_atomic_word *_Nonnull word, uint64_t mask) {
  return atomic_fetch_or_explicit(sk_atomic_word_value(word), mask, memory_order_acq_rel);
}

#ifdef __cplusplus
}
#endif

#endif
