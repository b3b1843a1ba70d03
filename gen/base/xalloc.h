/* xalloc: memory that is there, or the build stops.
 *
 * gen has no way to go on without memory, so every allocation of the heap
 * goes through these: they return what malloc, calloc, realloc and strdup
 * return, or print "gen: fatal: out of memory" and abort. What they return
 * is the caller's, to free(). (Build- and page-lifetime memory comes from
 * arena.h instead.)
 *
 * ALLOC_GROW(ptr, n, cap), as git's: make room in the array `ptr` (holding
 * `n` items, room for `cap`) for item n, doubling the room (16 at first);
 * `cap` is updated. Use: ALLOC_GROW(v, n, cap); v[n++] = x;
 */
#ifndef GPUGUIDE_XALLOC_H
#define GPUGUIDE_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/* realloc to n items of `size` bytes, checking n * size for overflow */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* print "gen: fatal: <what>" and abort */
_Noreturn void xfatal(const char *what);

#define ALLOC_GROW(ptr, n, cap)                                               \
	do {                                                                  \
		if ((n) >= (cap)) {                                           \
			(cap) = (cap) ? 2 * (cap) : 16;                       \
			if ((cap) <= (n))                                     \
				(cap) = (n) + 1;                              \
			(ptr) = xreallocarray((ptr), (cap), sizeof *(ptr));   \
		}                                                             \
	} while (0)

#endif
