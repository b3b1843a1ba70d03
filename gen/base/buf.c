#include "base/buf.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char buf_empty_[1];

void buf_init(struct buf *b)
{
	b->ptr = buf_empty_;
	b->len = 0;
	b->cap = 0;
}

void buf_grow(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	if (extra > ((size_t)-1) / 2 - b->len) {
		xfatal("buffer too large");
	}
	size_t want = b->len + extra + 1;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap += cap / 2 + 64;
	char *p = b->cap ? xrealloc(b->ptr, cap) : xmalloc(cap);
	if (!b->cap)
		p[0] = '\0';
	b->ptr = p;
	b->cap = cap;
}

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	va_list copy;
	va_copy(copy, ap);
	char small[256];
	int n = vsnprintf(small, sizeof small, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		buf_add(b, small, (size_t)n);
		return;
	}
	buf_grow(b, (size_t)n);
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void buf_truncate(struct buf *b, size_t len)
{
	if (len >= b->len)
		return;
	b->len = len;
	b->ptr[len] = '\0';
}

void buf_reset(struct buf *b)
{
	buf_truncate(b, 0);
}

void buf_release(struct buf *b)
{
	if (b->cap)
		free(b->ptr);
	buf_init(b);
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *p;
	if (b->cap) {
		p = b->ptr;
	} else {
		p = xmalloc(1);
		p[0] = '\0';
	}
	if (len)
		*len = b->len;
	buf_init(b);
	return p;
}

int buf_equals(const struct buf *b, const char *s)
{
	return strlen(s) == b->len && memcmp(b->ptr, s, b->len) == 0;
}

/* ---- records ---- */

void buf_add_u32(struct buf *b, uint32_t v)
{
	unsigned char c[4] = { (unsigned char)v, (unsigned char)(v >> 8),
			       (unsigned char)(v >> 16), (unsigned char)(v >> 24) };
	buf_add(b, c, sizeof c);
}

void buf_add_u64(struct buf *b, uint64_t v)
{
	buf_add_u32(b, (uint32_t)v);
	buf_add_u32(b, (uint32_t)(v >> 32));
}

void buf_add_counted(struct buf *b, const void *data, size_t len)
{
	buf_add_u32(b, (uint32_t)len);
	buf_add(b, data, len);
}

static const unsigned char *take(struct buf_reader *r, size_t n)
{
	if (r->bad || r->left < n) {
		r->bad = true;
		return NULL;
	}
	const unsigned char *p = r->p;
	r->p += n;
	r->left -= n;
	return p;
}

static uint32_t le32(const unsigned char *c)
{
	return (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 |
	       (uint32_t)c[3] << 24;
}

uint32_t buf_read_u32(struct buf_reader *r)
{
	const unsigned char *c = take(r, 4);
	return c ? le32(c) : 0;
}

uint64_t buf_read_u64(struct buf_reader *r)
{
	/* both halves taken at once: a short read gives 0, not the low half */
	const unsigned char *c = take(r, 8);
	return c ? le32(c) | (uint64_t)le32(c + 4) << 32 : 0;
}

const char *buf_read_counted(struct buf_reader *r, size_t *len)
{
	size_t n = buf_read_u32(r);
	const unsigned char *p = take(r, n);
	*len = p ? n : 0;
	return (const char *)p;
}
