#include "CSessionKitAtomics.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

// A whole cache line, so that the word shares it with nothing another thread writes.
struct sk_atomic_word {
  _Alignas(64) _Atomic(uint64_t) value;
  char padding[64 - sizeof(_Atomic(uint64_t))];
};

_Static_assert(sizeof(struct sk_atomic_word) == 64, "one cache line");

sk_atomic_word *sk_atomic_word_create(uint64_t initial) { return sk_atomic_words_create(1, initial); }

sk_atomic_word *sk_atomic_words_create(uint64_t count, uint64_t initial) {
  if (count == 0 || count > SIZE_MAX / sizeof(struct sk_atomic_word)) abort();
  // C11 aligned_alloc: the size is a multiple of the alignment, as it requires.
  sk_atomic_word *words = aligned_alloc(64, (size_t)count * sizeof(struct sk_atomic_word));
  if (words == NULL) abort();
  for (uint64_t index = 0; index < count; index++) atomic_init(&words[index].value, initial);
  return words;
}

sk_atomic_word *sk_atomic_word_at(sk_atomic_word *words, uint64_t index) { return &words[index]; }

void sk_atomic_word_destroy(sk_atomic_word *word) { free(word); }

uint64_t sk_atomic_word_load(sk_atomic_word *word) {
  return atomic_load_explicit(&word->value, memory_order_acquire);
}

uint64_t sk_atomic_word_fetch_add(sk_atomic_word *word, uint64_t delta) {
  return atomic_fetch_add_explicit(&word->value, delta, memory_order_acq_rel);
}

uint64_t sk_atomic_word_fetch_sub(sk_atomic_word *word, uint64_t delta) {
  return atomic_fetch_sub_explicit(&word->value, delta, memory_order_acq_rel);
}

uint64_t sk_atomic_word_fetch_or(sk_atomic_word *word, uint64_t mask) {
  return atomic_fetch_or_explicit(&word->value, mask, memory_order_acq_rel);
}
