/* gfm_out: what reading a body yields, and its record (see gfm_out.h). */
#include "markdown/gfm_out.h"

#include "base/buf.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokens ---- */


bool gfm_token_at(const char *p, size_t *idx)
{
	if (strncmp(p, GFM_TOKEN_OPEN, 3))
		return false;
	for (int i = 3; i < 9; i++)
		if (p[i] < '0' || p[i] > '9')
			return false;
	if (strncmp(p + 9, GFM_TOKEN_CLOSE, 3))
		return false;
	*idx = (size_t)strtoul(p + 3, NULL, 10);
	return true;
}

const char *gfm_token_find(const char *s)
{
	while ((s = strchr(s, GFM_TOKEN_OPEN[0])) && strncmp(s, GFM_TOKEN_OPEN, 3))
		s++;
	return s;
}

void gfm_token_add(struct buf *b, size_t n)
{
	char t[GFM_TOKEN_LEN + 1] = GFM_TOKEN_OPEN "000000" GFM_TOKEN_CLOSE;
	for (int i = 8; i >= 3; i--, n /= 10)
		t[i] = (char)('0' + n % 10);
	buf_add(b, t, GFM_TOKEN_LEN);
}

void gfm_out_init(struct gfm_out *o)
{
	memset(o, 0, sizeof *o);
	buf_init(&o->html);
}

void gfm_out_release(struct gfm_out *o)
{
	free(o->headings);
	free(o->prose);
	arena_free(&o->strings);
	buf_release(&o->html);
	gfm_out_init(o);
}

/* ---- headings and prose ---- */

/* Drop the tokens from `s` (heading text and ids have no shortcodes). */
static void strip_tokens(struct buf *s)
{
	size_t idx, to = 0;
	for (size_t i = 0; i < s->len;) {
		if (gfm_token_at(s->ptr + i, &idx)) {
			i += GFM_TOKEN_LEN;
			continue;
		}
		s->ptr[to++] = s->ptr[i++];
	}
	buf_truncate(s, to);
}

void gfm_out_add_heading(struct gfm_out *o, int level, struct buf *text)
{
	strip_tokens(text);
	ALLOC_GROW(o->headings, o->nheadings, o->cap_headings);
	o->headings[o->nheadings].level = level;
	/* copied: the buffer keeps its room for the next block (gfm_quick's is
	 * made for the body's longest) */
	o->headings[o->nheadings].text = arena_strndup(&o->strings, text->ptr, text->len);
	o->headings[o->nheadings].len = text->len;
	o->nheadings++;
	buf_reset(text);
}

void gfm_out_add_prose(struct gfm_out *o, bool row, int line, int end_line, struct buf *text)
{
	if (!text->len || !strpbrk(text->ptr, "0123456789")) {
		buf_reset(text);
		return;
	}
	ALLOC_GROW(o->prose, o->nprose, o->cap_prose);
	struct gfm_prose *p = &o->prose[o->nprose++];
	p->row = row;
	p->line = line;
	p->end_line = end_line < line ? line : end_line;
	p->text = arena_strndup(&o->strings, text->ptr, text->len);
	p->len = text->len;
	buf_reset(text); /* its room kept for the next stretch */
}

void gfm_out_truncate(struct gfm_out *o, size_t nh, size_t np)
{
	/* their texts stay in the strings until the gfm_out is released */
	if (o->nheadings > nh)
		o->nheadings = nh;
	if (o->nprose > np)
		o->nprose = np;
}

/* ---- the record kept between builds ----
 *
 * Each heading's level, id and text; each stretch of prose's kind, lines
 * and text. */

void gfm_encode(const struct gfm_out *o, struct buf *rec)
{
	size_t need = 8; /* the record's size, made room for at once */
	for (size_t i = 0; i < o->nheadings; i++)
		need += 12 + o->headings[i].len;
	for (size_t i = 0; i < o->nprose; i++)
		need += 20 + o->prose[i].len;
	buf_grow(rec, need);
	buf_add_u32(rec, (uint32_t)o->nheadings);
	for (size_t i = 0; i < o->nheadings; i++) {
		const struct gfm_heading *h = &o->headings[i];
		buf_add_u32(rec, (uint32_t)h->level);
		buf_add_counted(rec, h->text, h->len);
	}
	buf_add_u32(rec, (uint32_t)o->nprose);
	for (size_t i = 0; i < o->nprose; i++) {
		const struct gfm_prose *p = &o->prose[i];
		buf_add_u32(rec, p->row);
		buf_add_u32(rec, (uint32_t)p->line);
		buf_add_u32(rec, (uint32_t)p->end_line);
		buf_add_counted(rec, p->text, p->len);
	}
}

static void decode_headings(struct buf_reader *r, struct gfm_out *o)
{
	size_t nh = buf_read_u32(r);
	for (size_t i = 0; i < nh && !r->bad; i++) {
		uint32_t level = buf_read_u32(r);
		size_t n;
		const char *text = buf_read_counted(r, &n);
		if (r->bad || level < 1 || level > 6)
			break;
		ALLOC_GROW(o->headings, o->nheadings, o->cap_headings);
		char *t = arena_strndup(&o->strings, text, n);
		/* (a record's bytes are checked, not trusted: its own length) */
		o->headings[o->nheadings++] = (struct gfm_heading){ (int)level, t, strlen(t) };
	}
	if (o->nheadings != nh)
		r->bad = true;
}

static void decode_prose(struct buf_reader *r, struct gfm_out *o)
{
	size_t np = buf_read_u32(r);
	for (size_t i = 0; i < np && !r->bad; i++) {
		uint32_t row = buf_read_u32(r);
		int line = (int)buf_read_u32(r), end_line = (int)buf_read_u32(r);
		size_t n;
		const char *text = buf_read_counted(r, &n);
		if (r->bad || row > 1 || line < 0 || end_line < line)
			break;
		ALLOC_GROW(o->prose, o->nprose, o->cap_prose);
		char *t = arena_strndup(&o->strings, text, n);
		o->prose[o->nprose++] = (struct gfm_prose){ row, line, end_line, t, strlen(t) };
	}
	if (o->nprose != np)
		r->bad = true;
}

int gfm_decode(const char *rec, size_t len, struct gfm_out *o)
{
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	decode_headings(&r, o);
	if (!r.bad)
		decode_prose(&r, o);
	if (!r.bad && !r.left)
		return 0;
	gfm_out_release(o);
	return -1;
}
