#include "base/buf.h"
#include "base/bytes.h"
#include "base/numfmt.h"
#include "base/xalloc.h"

#include <stdint.h>
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
	/* an empty buffer's bytes are not kept: realloc would copy them all */
	char *p;
	if (b->cap && b->len) {
		p = xrealloc(b->ptr, cap);
	} else {
		if (b->cap)
			free(b->ptr);
		p = xmalloc(cap);
		p[0] = '\0';
	}
	b->ptr = p;
	b->cap = cap;
}

/* The length of the conversion at `p` (just after a '%') when it is one
 * that add_plain writes ("s", "d", "u", "c", "%", "ld", "lu", "zu"), else 0. */
static size_t plain_conversion(const char *p)
{
	switch (p[0]) {
	case 's': case 'd': case 'u': case 'c': case '%':
		return 1;
	case 'l':
		return p[1] == 'd' || p[1] == 'u' ? 2 : 0;
	case 'z':
		return p[1] == 'u' ? 2 : 0;
	default:
		return 0;
	}
}

static bool is_plain_format(const char *fmt)
{
	for (const char *p = fmt; (p = strchr(p, '%'));) {
		size_t n = plain_conversion(p + 1);
		if (!n)
			return false;
		p += 1 + n;
	}
	return true;
}

static void add_signed(struct buf *b, long long v)
{
	char digits[24];
	if (v < 0) {
		buf_addc(b, '-');
		/* -(v + 1) + 1: no overflow at LLONG_MIN */
		buf_add(b, digits, numfmt_uint(digits, (uint64_t)-(v + 1) + 1));
	} else {
		buf_add(b, digits, numfmt_uint(digits, (uint64_t)v));
	}
}

static void add_unsigned(struct buf *b, unsigned long long v)
{
	char digits[24];
	buf_add(b, digits, numfmt_uint(digits, (uint64_t)v));
}

/* A format of only plain conversions (is_plain_format), written as printf
 * writes it but without vsnprintf, which costs about 900 instructions a
 * call: most of what a short id ("price.%s.lowest") costs. */
static void add_plain(struct buf *b, const char *fmt, va_list ap)
{
	const char *p = fmt, *pct;
	while ((pct = strchr(p, '%'))) {
		buf_add(b, p, (size_t)(pct - p));
		const char *c = pct + 1;
		switch (*c) {
		case 's': {
			const char *s = va_arg(ap, const char *);
			buf_adds(b, s ? s : "(null)"); /* as glibc prints it */
			break;
		}
		case 'd': add_signed(b, va_arg(ap, int)); break;
		case 'u': add_unsigned(b, va_arg(ap, unsigned)); break;
		case 'c': buf_addc(b, (char)va_arg(ap, int)); break;
		case '%': buf_addc(b, '%'); break;
		case 'l':
			if (c[1] == 'd')
				add_signed(b, va_arg(ap, long));
			else
				add_unsigned(b, va_arg(ap, unsigned long));
			break;
		default: /* 'z', "zu" */
			add_unsigned(b, va_arg(ap, size_t));
			break;
		}
		p = c + plain_conversion(c);
	}
	buf_adds(b, p);
}

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	if (is_plain_format(fmt)) {
		add_plain(b, fmt, ap);
		return;
	}
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

/* One store (a cache's index is hundreds of thousands of these). */
void buf_add_u64(struct buf *b, uint64_t v)
{
	if (b->len + 8 >= b->cap)
		buf_grow(b, 8);
	bytes_put_le64(b->ptr + b->len, v);
	b->len += 8;
	b->ptr[b->len] = '\0';
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
