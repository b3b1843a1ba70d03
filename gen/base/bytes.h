/* bytes: the short copy the hot loops share (a context's fields in
 * digest.c, a token in search.c): mostly a few bytes, for which a call to
 * memcpy costs more than the copy.
 */
#ifndef GPUGUIDE_BYTES_H
#define GPUGUIDE_BYTES_H

#include <stddef.h>
#include <string.h>

/* Copy `n` bytes with fixed-size moves, the last overlapping, never
 * reading past `from + n` nor writing past `to + n`. Any n; meant for a
 * few dozen. */
static inline void bytes_copy_short(void *to, const void *from, size_t n)
{
	unsigned char *t = to;
	const unsigned char *f = from;
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8)
			memcpy(t + i, f + i, 8);
		memcpy(t + n - 8, f + n - 8, 8);
	} else if (n >= 4) {
		memcpy(t, f, 4);
		memcpy(t + n - 4, f + n - 4, 4);
	} else {
		for (size_t i = 0; i < n; i++)
			t[i] = f[i];
	}
}

#endif
