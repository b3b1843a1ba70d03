#include "base/arena.h"
#include "base/buf.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
	struct arena_block *next;
	size_t size;
	max_align_t data[];
};

enum { ARENA_FIRST = 4 * 1024, ARENA_BLOCK = 64 * 1024 };

/* A block of malloc'd memory the arena frees (arena_own); the list's
 * nodes live in the arena's own blocks. */
struct arena_owned {
	struct arena_owned *next;
	void *p;
};

/* A new block for `size` bytes: a standard one (a->next_block), or, for
 * more than a quarter of that, one of its own, put behind the current head
 * so that the head's free space is not abandoned. */
static void *new_block(struct arena *a, size_t size)
{
	size_t standard = a->next_block ? a->next_block : ARENA_FIRST;
	size_t bsize = size > standard / 4 ? size : standard;
	struct arena_block *blk = xmalloc(sizeof *blk + bsize);
	blk->size = bsize;
	if (bsize != standard) {
		if (a->head) {
			blk->next = a->head->next;
			a->head->next = blk;
			return blk->data;
		}
	} else {
		a->next_block = standard < ARENA_BLOCK ? standard * 2 : ARENA_BLOCK;
	}
	blk->next = a->head;
	a->head = blk;
	a->used = size;
	return blk->data;
}

void *arena_alloc_uninit(struct arena *a, size_t size)
{
	size_t align = sizeof(max_align_t);
	size = (size + align - 1) / align * align;
	if (!size)
		size = align;
	if (!a->head || a->used + size > a->head->size)
		return new_block(a, size);
	char *p = (char *)a->head->data + a->used;
	a->used += size;
	return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
	return memset(arena_alloc_uninit(a, size), 0, size ? size : 1);
}

void *arena_grow(struct arena *a, void *p, size_t old, size_t size)
{
	size_t align = sizeof(max_align_t);
	size_t old_r = (old + align - 1) / align * align;
	size_t new_r = (size + align - 1) / align * align;
	if (size <= old)
		return p;
	char *top = a->head ? (char *)a->head->data + a->used : NULL;
	if (top && (char *)p + old_r == top &&
	    a->used - old_r + new_r <= a->head->size) {
		a->used += new_r - old_r;
		return p;
	}
	void *q = arena_alloc_uninit(a, size);
	memcpy(q, p, old);
	return q;
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc_uninit(a, len + 1); /* every byte is written */
	if (len)
		memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_join(struct arena *a, const char *head, size_t head_len, char sep,
		 const char *tail, size_t tail_len)
{
	char *p = arena_alloc_uninit(a, head_len + 1 + tail_len + 1);
	if (head_len)
		memcpy(p, head, head_len);
	p[head_len] = sep;
	if (tail_len)
		memcpy(p + head_len + 1, tail, tail_len);
	p[head_len + 1 + tail_len] = '\0';
	return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	/* formatted by buf_vaddf (plain formats without vsnprintf), then
	 * copied into the arena */
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	char *p = arena_strndup(a, b.ptr, b.len);
	buf_release(&b);
	return p;
}

void arena_own(struct arena *a, void *p)
{
	struct arena_owned *o = arena_alloc_uninit(a, sizeof *o);
	o->p = p;
	o->next = a->owned;
	a->owned = o;
}

/* Free what the arena was given (before its blocks, which hold the list). */
static void free_owned(struct arena *a)
{
	for (struct arena_owned *o = a->owned; o; o = o->next)
		free(o->p);
	a->owned = NULL;
}

void arena_free(struct arena *a)
{
	free_owned(a);
	struct arena_block *b = a->head;
	while (b) {
		struct arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
	a->used = 0;
	a->next_block = 0;
}

void arena_adopt(struct arena *into, struct arena *from)
{
	if (!from->head)
		return;
	struct arena_block *last = from->head;
	while (last->next)
		last = last->next;
	if (from->owned) { /* its list joins into's, its nodes with its blocks */
		struct arena_owned *end = from->owned;
		while (end->next)
			end = end->next;
		end->next = into->owned;
		into->owned = from->owned;
		from->owned = NULL;
	}
	if (into->head) {
		/* behind into's head, whose free space stays in use */
		last->next = into->head->next;
		into->head->next = from->head;
	} else {
		struct arena_owned *owned = into->owned;
		*into = *from;
		into->owned = owned;
	}
	*from = (struct arena)ARENA_INIT;
}

void arena_reset(struct arena *a)
{
	free_owned(a);
	/* the largest block no bigger than a standard one is kept */
	struct arena_block *keep = NULL;
	for (struct arena_block *b = a->head; b; b = b->next)
		if (b->size <= ARENA_BLOCK && (!keep || b->size > keep->size))
			keep = b;
	for (struct arena_block *b = a->head, *next; b; b = next) {
		next = b->next;
		if (b != keep)
			free(b);
	}
	if (keep)
		keep->next = NULL;
	a->head = keep;
	a->used = 0;
}
