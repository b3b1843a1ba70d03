/* arena: a bump allocator for things that live as long as one build (or one page).
 *
 * Everything allocated from an arena is freed at once by arena_free; nothing is
 * freed one by one. Data tables and the shared template context live in the
 * build's arena; a page's own context lives in a page arena that is reset after
 * the page is rendered. A value from a longer-lived arena may be referenced from
 * a shorter-lived one, never the other way round.
 */
#ifndef GPUGUIDE_ARENA_H
#define GPUGUIDE_ARENA_H

#include <stddef.h>

struct arena_block;
struct arena_owned;
struct arena {
	struct arena_block *head;
	size_t used; /* bytes used in head */
	/* the size of the next standard block: 0 for the first (4 KB), then
	 * twice the last up to 64 KB, so that the many small arenas (one per
	 * template) stay small and the busy ones allocate rarely */
	size_t next_block;
	struct arena_owned *owned; /* malloc'd memory it frees (arena_own) */
};

#define ARENA_INIT { NULL, 0, 0, NULL }

/* Zeroed memory for `size` bytes, aligned for any type. Never NULL. */
void *arena_alloc(struct arena *a, size_t size);
/* The same, not zeroed (for memory about to be overwritten). */
void *arena_alloc_uninit(struct arena *a, size_t size);
/* Make the block `p` (from arena_alloc, `old` bytes) hold `size` bytes:
 * extended in place when it is the latest allocation and there is room,
 * else moved to a new block (the old bytes are copied; the rest is not
 * zeroed). */
void *arena_grow(struct arena *a, void *p, size_t old, size_t size);
/* A NUL-terminated copy of `len` bytes of `s`. */
char *arena_strndup(struct arena *a, const char *s, size_t len);
/* A copy of the NUL-terminated string `s`. */
char *arena_strdup(struct arena *a, const char *s);
/* "<head><sep><tail>" (`head_len` and `tail_len` bytes), NUL-terminated:
 * a path of a folder and a name, without printf. */
char *arena_join(struct arena *a, const char *head, size_t head_len, char sep,
		 const char *tail, size_t tail_len);
/* printf into arena memory. */
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Make the malloc'd `p` the arena's: freed when the arena is (reset or
 * freed), like its own memory. For a big text made in a buffer of its own
 * (a page's chart, an article's HTML), kept without a copy. */
void arena_own(struct arena *a, void *p);
/* Make `from`'s memory `into`'s: it lives until into is freed (work done
 * on several threads, each in an arena of its own, joins the build's).
 * `from` is empty afterwards. */
void arena_adopt(struct arena *into, struct arena *from);
/* Empty the arena but keep its largest standard block for the next
 * allocations (a page arena is reset after every page: no malloc per
 * page). */
void arena_reset(struct arena *a);
/* Free every block; the arena is empty and reusable afterwards. */
void arena_free(struct arena *a);

#endif
