/* text_suggest: "did you mean" (see text_suggest.h). */
#include "base/text_suggest.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

size_t text_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return SIZE_MAX;
	size_t row[65];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* `s` without blanks around it: its start, its length in *n. */
static const char *trim_blanks(const char *s, size_t *n)
{
	while (*s == ' ' || *s == '\t')
		s++;
	*n = strlen(s);
	while (*n && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
		(*n)--;
	return s;
}

/* `a` and `b` equal but for ASCII case and blanks around them. */
static bool same_but_case(const char *a, const char *b)
{
	size_t na, nb;
	a = trim_blanks(a, &na);
	b = trim_blanks(b, &nb);
	return na == nb && strncasecmp(a, b, na) == 0;
}

const char *text_did_you_mean(const char *word, const char *const *cands,
			      size_t n)
{
	size_t limit = strlen(word) <= 4 ? 1 : 2;
	const char *best = NULL;
	size_t best_d = limit + 1;
	for (size_t i = 0; i < n; i++) {
		if (!cands[i] || !strcmp(cands[i], word))
			continue;
		if (same_but_case(word, cands[i]))
			return cands[i];
		size_t d = text_edit_distance(word, cands[i]);
		if (d < best_d) {
			best_d = d;
			best = cands[i];
		}
	}
	return best;
}
