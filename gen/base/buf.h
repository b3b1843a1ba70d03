/* buf: the one string type of gpuguide, a growable byte buffer.
 *
 * Invariants: `ptr` is never NULL and always NUL-terminated at ptr[len], so a
 * buffer can be passed as a C string at any time. A zeroed buffer is not valid:
 * start from BUF_INIT (or buf_init). The buffer owns `ptr`; buf_release frees it,
 * buf_detach hands it to the caller (who then frees it with free(3)).
 * Allocation failure aborts the program: a build tool has nothing better to do.
 */
#ifndef GPUGUIDE_BUF_H
#define GPUGUIDE_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct buf {
	char *ptr;
	size_t len;
	size_t cap; /* 0 while ptr points at the shared empty string */
};

extern char buf_empty_[];
#define BUF_INIT { buf_empty_, 0, 0 }

/* Make `b` an empty buffer (same as BUF_INIT). */
void buf_init(struct buf *b);
/* Make room for at least `extra` more bytes (plus the NUL). The bytes
 * held are kept; past them nothing is (an emptied buffer that grows is
 * allocated anew, not copied). */
void buf_grow(struct buf *b, size_t extra);

/* The appends are inline: pages and charts make millions of small ones,
 * and most need no more room than the buffer has. */

/* Append `len` bytes of `data`. */
static inline void buf_add(struct buf *b, const void *data, size_t len)
{
	if (!len)
		return;
	if (b->len + len >= b->cap) /* no room for the bytes and the NUL */
		buf_grow(b, len);
	memcpy(b->ptr + b->len, data, len);
	b->len += len;
	b->ptr[b->len] = '\0';
}

/* Append a NUL-terminated string. */
static inline void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

/* Append one byte. */
static inline void buf_addc(struct buf *b, char c)
{
	if (b->len + 1 >= b->cap)
		buf_grow(b, 1);
	b->ptr[b->len++] = c;
	b->ptr[b->len] = '\0';
}

/* Append the contents of another buffer. */
static inline void buf_addbuf(struct buf *b, const struct buf *other)
{
	buf_add(b, other->ptr, other->len);
}
/* Append printf-formatted text. */
void buf_addf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Cut the buffer to `len` bytes (len <= b->len). */
void buf_truncate(struct buf *b, size_t len);
/* Empty the buffer, keeping its memory. */
void buf_reset(struct buf *b);
/* Free the memory and leave `b` as BUF_INIT. */
void buf_release(struct buf *b);
/* Return the (malloc'd, NUL-terminated) contents; caller frees. `b` is reset
 * to BUF_INIT. `len` may be NULL. */
char *buf_detach(struct buf *b, size_t *len);
/* True when the buffer holds exactly the NUL-terminated string `s`. */
int buf_equals(const struct buf *b, const char *s);

/* ---- records: numbers and counted bytes, for files only gen reads ----
 * Numbers are little-endian whatever the host; bytes are a u32 count then
 * the bytes. A buf_reader reads them back with every length checked: a
 * short or damaged record sets `bad` (and reads give 0 / NULL) rather than
 * reading past the end. */
void buf_add_u32(struct buf *b, uint32_t v);
void buf_add_u64(struct buf *b, uint64_t v);
void buf_add_counted(struct buf *b, const void *data, size_t len);

struct buf_reader {
	const unsigned char *p;
	size_t left;
	bool bad;
};
uint32_t buf_read_u32(struct buf_reader *r);
uint64_t buf_read_u64(struct buf_reader *r);
/* The next counted bytes (not copied, not NUL-terminated); *len set. */
const char *buf_read_counted(struct buf_reader *r, size_t *len);

#endif
