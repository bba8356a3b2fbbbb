#include "CSessionKitAtomics.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// A whole cache line, so that the word shares it with nothing another thread writes.
struct sk_atomic_word {
  _Alignas(64) _Atomic(uint64_t) value;
  char padding[64 - sizeof(_Atomic(uint64_t))];
};

_Static_assert(sizeof(struct sk_atomic_word) == SK_ATOMIC_WORD_SIZE, "one cache line");
_Static_assert(offsetof(struct sk_atomic_word, value) == 0, "the value first, as sk_atomic_word_value expects");

sk_atomic_word *sk_atomic_word_create(uint64_t initial) { return sk_atomic_words_create(1, initial); }

sk_atomic_word *sk_atomic_words_create(uint64_t count, uint64_t initial) {
  if (count == 0 || count > SIZE_MAX / sizeof(struct sk_atomic_word)) abort();
  // C11 aligned_alloc: the size is a multiple of the alignment, as it requires.
  sk_atomic_word *words = aligned_alloc(64, (size_t)count * sizeof(struct sk_atomic_word));
  if (words == NULL) abort();
  for (uint64_t index = 0; index < count; index++) atomic_init(&words[index].value, initial);
  return words;
}

void sk_atomic_word_destroy(sk_atomic_word *word) { free(word); }
