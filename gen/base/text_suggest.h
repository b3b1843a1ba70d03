/* text_suggest: for "did you mean" in messages about an unknown name (a
 * front matter key, a column, a template's name): the known word a
 * misspelt one was most likely meant to be. Inputs are borrowed; the
 * answer is one of the candidates.
 */
#ifndef GPUGUIDE_TEXT_SUGGEST_H
#define GPUGUIDE_TEXT_SUGGEST_H

#include <stddef.h>

/* Levenshtein distance between two byte strings (insertions, deletions and
 * substitutions of one byte each); strings longer than 64 bytes count as
 * far apart (SIZE_MAX). */
size_t text_edit_distance(const char *a, const char *b);

/* For "did you mean": the candidate `word` was most likely meant to be, or
 * NULL when none is close. A candidate equal to `word` but for ASCII case
 * and surrounding blanks is the best match; otherwise the nearest within
 * an edit distance of 1 (words up to 4 bytes) or 2. The first of equally
 * near candidates wins. `cands` has `n` entries (NULL entries skipped). */
const char *text_did_you_mean(const char *word, const char *const *cands,
			      size_t n);

#endif
