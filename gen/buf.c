#include "buf.h"
#include "xalloc.h"

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
