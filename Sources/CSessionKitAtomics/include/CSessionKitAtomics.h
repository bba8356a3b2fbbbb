// C11 atomics for SessionKit, which supports iOS 16 / macOS 13 and so cannot use the Synchronization module's
// `Atomic` (iOS 18 / macOS 15). Only standard C11 (<stdatomic.h>, <stdint.h>, <stdlib.h>): it builds with the
// Apple SDKs as with glibc and musl.
//
// The word is opaque to Swift (Swift does not import `_Atomic` types): it lives in its own cache line, allocated
// here, and every access goes through these functions, so the compiler never sees a plain load or store of it.
#ifndef CSESSIONKITATOMICS_H
#define CSESSIONKITATOMICS_H

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
/// The word at `index` of words made by `sk_atomic_words_create` (no bounds check).
sk_atomic_word *_Nonnull sk_atomic_word_at(sk_atomic_word *_Nonnull words, uint64_t index);
/// Frees a word made by `sk_atomic_word_create`, or the words made by `sk_atomic_words_create`.
void sk_atomic_word_destroy(sk_atomic_word *_Nonnull word);
/// The value, with acquire ordering.
uint64_t sk_atomic_word_load(sk_atomic_word *_Nonnull word);
/// Adds `delta` (wrapping); returns the value before, with acquire-release ordering.
uint64_t sk_atomic_word_fetch_add(sk_atomic_word *_Nonnull word, uint64_t delta);
/// Subtracts `delta` (wrapping); returns the value before, with acquire-release ordering.
uint64_t sk_atomic_word_fetch_sub(sk_atomic_word *_Nonnull word, uint64_t delta);
/// Sets the bits of `mask`; returns the value before, with acquire-release ordering.
uint64_t sk_atomic_word_fetch_or(sk_atomic_word *_Nonnull word, uint64_t mask);

#ifdef __cplusplus
}
#endif

#endif
