/* splice: cmark's HTML of an article's body with each shortcode's HTML put
 * where its token stands (splice.h). */
#include "markdown/splice.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/digest.h"
#include "base/text.h"
#include "base/xalloc.h"
#include "markdown/gfm.h"
#include "markdown/gfm_html.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Where splice_html stands while it changes a place: the input's bytes
 * before `src` went to the output's before `out` as they are, and `lo` is
 * the shortest the output has been since (an inline figure takes back a
 * space before it). Positions in the output are counted from `base`, its
 * length before splice_html. */
struct splice_track {
	struct splice_edits *edits; /* NULL: none recorded */
	const char *html;
	size_t base, src, out, lo;
};

/* A place begins at `at` in the input, all before it copied. */
static void edit_begin(struct splice_track *t, const char *at, const struct buf *out)
{
	t->src = (size_t)(at - t->html);
	t->out = t->lo = out->len;
}

/* The output taken back to `len` bytes inside a place. */
static void edit_cut(struct splice_track *t, struct buf *out, size_t len)
{
	buf_truncate(out, len);
	if (len < t->lo)
		t->lo = len;
}

/* The place begun at edit_begin ends with `s` next in the input. A space
 * taken back may be the last byte of the place before: the two are then
 * one (and so on back), so that edits never overlap. */
static void edit_end(struct splice_track *t, const char *s, const struct buf *out)
{
	struct splice_edits *e = t->edits;
	if (!e)
		return;
	size_t out_at = t->lo - t->base;
	size_t src_at = t->src - (t->out - t->lo); /* the bytes taken back were copied */
	while (e->n) {
		const struct splice_edit *last = &e->v[e->n - 1];
		if (last->out_at + last->out_len <= out_at)
			break;
		if (out_at >= last->out_at) {
			src_at = last->src_at;
			out_at = last->out_at;
		} else { /* copied bytes before the last place, taken back too */
			src_at = last->src_at - (last->out_at - out_at);
		}
		e->n--;
	}
	ALLOC_GROW(e->v, e->n, e->cap);
	e->v[e->n++] = (struct splice_edit){ src_at, (size_t)(s - t->html) - src_at, out_at,
					     out->len - t->base - out_at };
}

/* True when a shortcode's HTML is a block of its own (a table, a chart, or
 * the line a table without rows is instead), so the paragraph cmark
 * wrapped its token in must go. */
static bool is_block_html(const char *html)
{
	return !strncmp(html, "<div", 4) || !strncmp(html, "<figure", 7) ||
	       !strncmp(html, "<table", 6) || !strncmp(html, "<p class=", 9);
}

/* True when html[0..at) ends inside a tag: cmark escapes < and > in text,
 * so the nearer of the two tells. */
static bool inside_tag(const char *html, const char *at)
{
	while (at > html) {
		char c = *--at;
		if (c == '<')
			return true;
		if (c == '>')
			return false;
	}
	return false;
}

/* The next "<h" or token start at or after `s` (NULL: none), each search
 * redone only once its last find is passed. */
struct splice_marks {
	const char *heading, *token;
	const char *end; /* the HTML's */
};

static const char *next_mark(struct splice_marks *m, const char *s)
{
	if (m->heading && m->heading < s)
		m->heading = bytes_find(s, (size_t)(m->end - s), "<h", 2);
	if (m->token && m->token < s)
		m->token = gfm_token_find(s);
	if (!m->heading)
		return m->token;
	if (!m->token)
		return m->heading;
	return m->heading < m->token ? m->heading : m->token;
}

/* Put the HTML of shortcode `f` where its token stood at `tok`; `wrapped`
 * when cmark put the token first in a paragraph. Returns where the copy
 * goes on. */
/* The first character of text in `html` (after any opening tags). */
static const char *first_text(const char *html)
{
	while (*html == '<') {
		const char *close = strchr(html, '>');
		if (!close)
			break;
		html = close + 1;
	}
	return html;
}

/* The length of `html` up to the end of its last text (before any
 * closing tags). */
static size_t text_end(const char *html, size_t len)
{
	while (len && html[len - 1] == '>') {
		size_t open = len - 1;
		while (open && html[open] != '<')
			open--;
		if (html[open] != '<')
			break;
		len = open;
	}
	return len;
}

/* An inline figure in a sentence (content/STYLE.md): where Chinese meets
 * its Latin letters or digits on either side, one space, so
 * "按{{< ... >}}计算" reads "按 ResNet-50 计算"; where Chinese or its
 * full-width punctuation meets Chinese, or full-width punctuation meets
 * anything ("$1.39/小时" before "的", "（FSDP）" before "需要" or "H100"), no
 * space even if the author typed one. Returns where the
 * text after the figure resumes. */
static const char *put_inline(const struct buf *html, const char *after,
			      struct buf *out, struct splice_track *t)
{
	const char *text = html->ptr ? html->ptr : "";
	const char *first = first_text(text);
	size_t end = text_end(text, html->len);
	if (out->len >= 2 && out->ptr[out->len - 1] == ' ' &&
	    text_no_space_between(out->ptr, out->len - 1, first))
		edit_cut(t, out, out->len - 1);
	if (text_needs_space(out->ptr, out->len, first))
		buf_addc(out, ' ');
	buf_addbuf(out, html);
	if (*after == ' ' && text_no_space_between(text, end, after + 1))
		after++;
	if (text_needs_space(text, end, after))
		buf_addc(out, ' ');
	return after;
}

static const char *put_shortcode(const struct cited *c, const char *tok,
				 bool wrapped, struct buf *out, struct splice_track *t)
{
	const char *after = tok + GFM_TOKEN_LEN;
	/* a block's own paragraph wrapper goes */
	if (wrapped && c->sc.block && is_block_html(c->html.ptr) &&
	    !strncmp(after, "</p>\n", 5)) {
		buf_addbuf(out, &c->html);
		buf_addc(out, '\n');
		return after + 5;
	}
	if (wrapped)
		buf_adds(out, "<p>");
	if (c->sc.block) {
		buf_addbuf(out, &c->html);
		return after;
	}
	return put_inline(&c->html, after, out, t);
}

void splice_html(const char *html, size_t len, const char *const *ids, size_t nids,
		 const struct found *items, size_t n, struct buf *out,
		 struct splice_edits *edits)
{
	size_t h = 0;
	const char *s = html;
	struct splice_marks m = { html, html, html + len };
	struct splice_track t = { edits, html, out->len, 0, 0, 0 };
	m.heading = bytes_find(html, len, "<h", 2);
	m.token = gfm_token_find(html);
	const char *mark;
	while ((mark = next_mark(&m, s))) {
		size_t idx;
		if (mark == m.heading) {
			if (mark[2] >= '1' && mark[2] <= '6' && mark[3] == '>' &&
			    h < nids) {
				buf_add(out, s, (size_t)(mark + 3 - s));
				edit_begin(&t, mark + 3, out);
				buf_adds(out, " id=\"");
				text_escape_htmls(out, ids[h++]);
				buf_adds(out, "\">");
				s = mark + 4;
				edit_end(&t, s, out);
			} else {
				buf_add(out, s, (size_t)(mark + 2 - s));
				s = mark + 2;
			}
			continue;
		}
		if (!gfm_token_at(mark, &idx) || idx >= n) {
			buf_add(out, s, (size_t)(mark + 3 - s));
			s = mark + 3;
			continue;
		}
		const struct found *f = &items[idx];
		if (f->code || !f->cited) { /* text, or nothing after an error */
			buf_add(out, s, (size_t)(mark - s));
			edit_begin(&t, mark, out);
			if (f->code) /* the text it is, escaped as cmark escapes code */
				text_escape_html_cmark(out, f->text, f->len);
			s = mark + GFM_TOKEN_LEN;
			edit_end(&t, s, out);
			continue;
		}
		bool wrapped = mark - s >= 3 && !strncmp(mark - 3, "<p>", 3);
		const char *from = mark - (wrapped ? 3 : 0);
		buf_add(out, s, (size_t)(from - s));
		edit_begin(&t, from, out);
		if (inside_tag(html, mark))
			s = mark + GFM_TOKEN_LEN;
		else
			s = put_shortcode(f->cited, mark, wrapped, out, &t);
		edit_end(&t, s, out);
	}
	buf_add(out, s, (size_t)(m.end - s));
}

void splice_record(const char *html, size_t len, size_t out_len,
		   const struct splice_edits *edits, struct buf *rec)
{
	buf_add_u64(rec, len);
	buf_add_u64(rec, out_len);
	digest_value_write(rec, digest_check(html, len));
	buf_add_u32(rec, (uint32_t)edits->n);
	/* the edits as buf_add_u64 and buf_add_counted write them, into room
	 * made at once (a record is made for every body a build renders) */
	size_t need = 0;
	for (size_t i = 0; i < edits->n; i++)
		need += 20 + edits->v[i].src_len;
	buf_grow(rec, need);
	unsigned char *o = (unsigned char *)rec->ptr + rec->len;
	for (size_t i = 0; i < edits->n; i++) {
		const struct splice_edit *e = &edits->v[i];
		bytes_put_le64(o, e->out_at);
		bytes_put_le64(o + 8, e->out_len);
		bytes_put_le32(o + 16, (uint32_t)e->src_len);
		memcpy(o + 20, html + e->src_at, e->src_len);
		o += 20 + e->src_len;
	}
	rec->len += need;
	rec->ptr[rec->len] = '\0';
}

/* The record's edits applied backwards to `spliced` (`len` bytes), into
 * `html`: false when one does not fit (out of order, or past the end). */
static bool undo_edits(const char *spliced, size_t len, struct buf_reader *r, uint32_t n,
		       struct buf *html)
{
	size_t pos = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t at = buf_read_u64(r), out_len = buf_read_u64(r);
		size_t src_len;
		const char *src = buf_read_counted(r, &src_len);
		if (r->bad || at < pos || at > len || out_len > len - at)
			return false;
		buf_add(html, spliced + pos, (size_t)at - pos);
		buf_add(html, src, src_len);
		pos = (size_t)(at + out_len);
	}
	buf_add(html, spliced + pos, len - pos);
	return true;
}

int splice_undo(const char *spliced, size_t len, const char *rec, size_t rec_len,
		struct buf *html)
{
	struct buf_reader r = { (const unsigned char *)rec, rec_len, false };
	uint64_t html_len = buf_read_u64(&r), out_len = buf_read_u64(&r);
	struct digest_value check = digest_value_read(&r);
	uint32_t n = buf_read_u32(&r);
	/* cmark's HTML is the output's copied bytes and the record's own */
	if (r.bad || out_len != len || html_len > len + rec_len)
		return -1;
	size_t start = html->len;
	buf_grow(html, (size_t)html_len);
	if (undo_edits(spliced, len, &r, n, html) && !r.left && html->len - start == html_len &&
	    digest_equal(digest_check(html->ptr + start, (size_t)html_len), check))
		return 0;
	buf_truncate(html, start);
	return -1;
}
