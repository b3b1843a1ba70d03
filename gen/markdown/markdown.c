/* memmem is a GNU extension of glibc */
#define _GNU_SOURCE

#include "markdown/markdown.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/bytes.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/text.h"
#include "base/xalloc.h"
#include "markdown/gfm.h"
#include "markdown/shortcode_text.h"
#include "markdown/splice.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---- shortcodes ---- */

/* Replace U+E000 and U+E001 in the author's text by U+FFFD (same length,
 * so positions stay), so that only the scanner makes tokens. */
static void defuse_tokens(char *body, size_t len)
{
	char *p;
	for (size_t i = 0; (p = (char *)bytes_find(body + i, len - i, "\xEE\x80", 2));) {
		i = (size_t)(p - body) + 2;
		if (i < len && (body[i] == '\x80' || body[i] == '\x81')) {
			memcpy(p, "\xEF\xBF\xBD", 3);
			i++;
		}
	}
}

struct scan {
	struct article *a;
	struct found *items;
	size_t n, cap;
	struct buf md;  /* body with shortcodes replaced by tokens */
	struct buf rec; /* the memo's record, when the items come from it */
	const struct markdown_cite *cite;
	struct diag *diag;
	int errors;
	size_t body_len;       /* once the body is at hand */
	bool body_failed;      /* it could not be read */
	bool html_at_hand;     /* cmark's HTML was made, not left in the memo */
	bool gfm_at_hand;      /* its headings and prose too (gfm_to_hand) */
	bool in_memo;          /* the body's records are the memo's, found or
				  kept (its rendering raised no message): its
				  splice's may be kept too */
	size_t nheadings;      /* how many headings cmark found, known before */
	struct md_cursor lines; /* over the body, for the prose's source */
	struct cited *cited;   /* resolve_all's, one per item (in one block) */
};


static bool blank_between(const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}


/* The line and column of body[i] for messages, counted forward on demand
 * (struct md_cursor): lines from where the last count stopped, columns in
 * characters from where the last column was counted on the same line. */
static void cursor_lines_to(struct md_cursor *c, const char *s, size_t i)
{
	const char *p = s + c->at, *end = s + i;
	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		c->lines++;
		c->line_at = (size_t)(++p - s);
	}
	c->at = i;
}

static int cursor_column(struct md_cursor *c, const char *s, size_t i)
{
	if (c->col_at < c->line_at || c->col_at > i) {
		c->col_at = c->line_at;
		c->cols = 0;
	}
	c->cols += (int)text_utf8_length(s + c->col_at, i - c->col_at);
	c->col_at = i;
	return c->cols + 1;
}

/* Record the shortcode body[at..at+len) (closed or not) and emit its token
 * in its place; `eol` is the end of its line. */
static void scan_take(struct scan *st, struct md_cursor *lc, size_t at,
		      size_t len, bool closed, size_t eol)
{
	const char *body = st->a->body;
	cursor_lines_to(lc, body, at);
	ALLOC_GROW(st->items, st->n, st->cap);
	struct found *f = &st->items[st->n];
	*f = (struct found){
		.text = body + at, .len = len, .closed = closed,
		.line = st->a->body_line + lc->lines,
		.col = cursor_column(lc, body, at),
		.block = closed && blank_between(body, lc->line_at, at) &&
			 blank_between(body, at + len, eol),
	};
	gfm_token_add(&st->md, st->n);
	st->n++;
}

/* Replace every shortcode of the body by a token, in code or not (cmark
 * tells which later: mark_code). A shortcode closes on its line; a "{{<"
 * that does not is a token of its own. Each byte is looked at a bounded
 * number of times: ">}}" is looked for once per line past the last close,
 * the end of a line once per line. */
static void scan_body(struct scan *st)
{
	const char *body = st->a->body;
	size_t len = st->body_len;
	struct md_cursor lc = { 0 };
	size_t copied = 0, eol = 0, open_to = 0; /* no ">}}" before open_to */
	const char *p;
	buf_grow(&st->md, len + 1); /* the body's size, tokens for shortcodes */
	for (size_t i = 0; (p = bytes_find(body + i, len - i, "{{<", 3)); ) {
		i = (size_t)(p - body);
		if (st->n > GFM_TOKEN_MAX) {
			cursor_lines_to(&lc, body, i);
			diag_error(st->diag, st->a->path, st->a->body_line + lc.lines,
				   cursor_column(&lc, body, i),
				   "more than %d shortcodes in one article; the rest are not read",
				   GFM_TOKEN_MAX + 1);
			st->errors++;
			break;
		}
		if (i >= eol) {
			const char *e = memchr(body + i, '\n', len - i);
			eol = e ? (size_t)(e - body) : len;
		}
		const char *end = NULL;
		if (i >= open_to && !(end = memmem(body + i + 3, eol - i - 3, ">}}", 3)))
			open_to = eol;
		size_t stop = end ? (size_t)(end - body) + 3 : i + 3;
		buf_add(&st->md, body + copied, i - copied);
		scan_take(st, &lc, i, stop - i, end != NULL, eol);
		i = copied = stop;
	}
	buf_add(&st->md, body + copied, len - copied);
}

/* The next "<code>" or "<code ...>" tag in [p, end), or NULL. */
static const char *next_code_tag(const char *p, const char *end)
{
	while ((p = bytes_find(p, (size_t)(end - p), "<code", 5)) && p + 5 < end &&
	       p[5] != '>' && p[5] != ' ')
		p += 5;
	return p && p + 5 < end ? p : NULL;
}

/* Mark the tokens in html[from, to) as in code. A token's first byte is
 * 0xEE, rare in text (Chinese is E4-E9): memchr finds them. */
static void mark_tokens(struct scan *st, const char *from, const char *to)
{
	size_t idx;
	for (const char *p = from; p < to && (p = memchr(p, 0xEE, (size_t)(to - p)));) {
		if (gfm_token_at(p, &idx) && idx < st->n) {
			st->items[idx].code = true;
			p += GFM_TOKEN_LEN;
		} else {
			p++;
		}
	}
}

/* Mark the shortcodes cmark put in code: their tokens stand between a
 * <code> tag and its </code> (cmark writes no other <code>, escapes "<"
 * inside one, and nests none), so only the code elements are looked for,
 * not every tag. */
static void mark_code(struct scan *st, const char *html, size_t len)
{
	if (!st->n)
		return;
	const char *end = html + len;
	for (const char *open = next_code_tag(html, end); open;) {
		const char *close = bytes_find(open, (size_t)(end - open), "</code>", 7);
		mark_tokens(st, open, close ? close : end);
		if (!close)
			break;
		open = next_code_tag(close + 7, end);
	}
}

struct digest_value markdown_cited_digest(const char *html, size_t len)
{
	return digest_bytes(html, len);
}

/* The shortcode of `c` (found as `f`) parsed, if the resolver knew it by
 * its text and it was not: as it parsed before (0), or -1 (reported). */
static int cited_parse(struct scan *st, struct cited *c, const struct found *f)
{
	if (c->storage)
		return 0;
	c->storage = xstrndup(f->text + 3, f->len - 6);
	return shortcode_parse(c->storage, &c->sc, st->diag);
}

/* Resolve every shortcode outside code (one the resolver knows by its
 * text without parsing it); a "{{<" not closed on its line is an error
 * there. */
static void resolve_all(struct scan *st, const struct markdown_cite *cite)
{
	free(st->cited);
	st->cited = xcalloc(st->n + 1, sizeof *st->cited);
	for (size_t i = 0; i < st->n; i++) {
		struct found *f = &st->items[i];
		if (f->code)
			continue;
		if (!f->closed) {
			diag_error(st->diag, st->a->path, f->line, f->col,
				   "shortcode is not closed by \">}}\" on its line");
			st->errors++;
			continue;
		}
		struct cited *c = &st->cited[i];
		buf_init(&c->html);
		c->sc.path = st->a->path;
		c->sc.line = f->line;
		c->sc.col = f->col;
		c->sc.block = f->block;
		c->sc.text = f->text + 3;
		c->sc.text_len = f->len - 6;
		f->cited = c;
		if (cite->resolve_known &&
		    cite->resolve_known(cite->ctx, c->sc.text, c->sc.text_len, f->block,
					&c->html, &c->digest))
			continue;
		if (cited_parse(st, c, f) != 0 ||
		    cite->resolve(cite->ctx, &c->sc, &c->html, st->diag) != 0)
			st->errors++;
		c->digest = markdown_cited_digest(c->html.ptr, c->html.len);
	}
}

/* ---- the prose, for the checker ---- */

/* How many of the (up to 8) characters before text[at] the source has
 * before src[h] the same way (a space of the text may be any white space
 * of the source: the line breaks of a paragraph). */
static int context_match(const char *text, size_t at, const char *src, size_t h)
{
	int same = 0;
	while (same < 8 && at > 0 && h > 0) {
		char tc = text[--at], sc = src[--h];
		if (tc != sc && !(tc == ' ' && (sc == '\n' || sc == '\t' || sc == '\r')))
			break;
		same++;
	}
	return same;
}

/* The offset in `s` (`len` bytes) of the start of line `line` (from 1;
 * `len` past the last), counted forward from `c` (from the start when
 * `line` lies behind it). */
static size_t line_offset(struct md_cursor *c, const char *s, size_t len, int line)
{
	if (line < c->lines + 1)
		*c = (struct md_cursor){ 0 };
	while (c->lines + 1 < line) {
		const char *nl = memchr(s + c->at, '\n', len - c->at);
		if (!nl)
			return len;
		c->at = c->line_at = (size_t)(nl + 1 - s);
		c->lines++;
	}
	return c->line_at;
}

/* The body at hand (given, or read): its length, its key (the memo's),
 * and the characters only tokens may hold replaced in it. */
static void take_body(struct scan *st)
{
	struct article *a = st->a;
	st->body_len = strlen(a->body);
	a->body_key = markdown_body_key(a->body, st->body_len);
	a->has_body_key = true;
	defuse_tokens(a->body, st->body_len);
}

/* The body, when the memo gave all the rest: read by the caller's
 * load_body and checked to be the body of the article's key (a file that
 * changed since its parse was read is an error, never a page of two
 * versions); its key set when it had none. 0, or -1 (reported). */
static int ensure_body(struct scan *st)
{
	struct article *a = st->a;
	if (a->body)
		return 0;
	if (st->body_failed)
		return -1;
	int rc = -1;
	if (!st->cite->load_body)
		diag_error(st->diag, a->path, 0, 0, "the article's body is not at hand");
	else if (st->cite->load_body(st->cite->ctx, a) == 0 && a->body)
		rc = 0;
	if (rc == 0) {
		struct digest_value was = a->body_key;
		bool had = a->has_body_key;
		take_body(st);
		if (had && !digest_equal(was, a->body_key)) {
			diag_error(st->diag, a->path, 0, 0,
				   "changed while the site was built; build again");
			free(a->body);
			a->body = NULL;
			a->body_key = was;
			st->body_len = 0;
			rc = -1;
		}
	}
	if (rc != 0) {
		st->body_failed = true;
		st->errors++;
	}
	return rc;
}

/* The source lines of a stretch of prose, found when a position in them is
 * first asked for (the body read then, when the memo gave the rest). */
struct prose_source {
	struct scan *st;
	int first, last; /* its lines in the body, from 1 */
	const char *src; /* once found */
	size_t len;
	bool tried;
};

static bool prose_src(const struct prose *p, const char **src, size_t *len)
{
	struct prose_source *ps = p->source;
	if (!ps)
		return false;
	if (!ps->tried) {
		ps->tried = true;
		struct scan *st = ps->st;
		if (ensure_body(st) == 0) {
			const char *body = st->a->body;
			size_t from = line_offset(&st->lines, body, st->body_len, ps->first);
			size_t to = line_offset(&st->lines, body, st->body_len, ps->last + 1);
			ps->src = body + from;
			ps->len = to - from;
		}
	}
	*src = ps->src;
	*len = ps->len;
	return ps->src != NULL;
}

bool markdown_prose_position(const struct prose *p, size_t at, size_t n,
			     struct md_cursor *from, int *line, int *col)
{
	*line = p->line;
	*col = 1;
	const char *src;
	size_t src_len;
	if (from->lost || !n || at + n > p->len || !prose_src(p, &src, &src_len))
		return false;
	/* of the next 16 places the source holds the text, the one whose
	 * characters before it are most like the text's: "80" of "its 80 GB",
	 * not of an earlier "A100 80GB" */
	int want = at < 8 ? (int)at : 8, best_same = -1;
	size_t best = 0, h = from->at;
	for (int tries = 0; tries < 16 && best_same < want; tries++) {
		const char *hit = n <= src_len - h
			? memmem(src + h, src_len - h, p->text + at, n) : NULL;
		if (!hit)
			break;
		size_t k = (size_t)(hit - src);
		int same = context_match(p->text, at, src, k);
		if (same > best_same) {
			best_same = same;
			best = k;
		}
		h = k + 1;
	}
	if (best_same < 0) { /* not in the source as typed: stop looking */
		from->lost = true;
		return false;
	}
	cursor_lines_to(from, src, best);
	*line = p->line + from->lines;
	*col = cursor_column(from, src, best);
	cursor_lines_to(from, src, best + n);
	return true;
}

/* Give each stretch of prose with a digit in it to the checker, its tokens
 * as U+FFFC and the shortcodes they stand for listed. */
static void check_prose(struct scan *st, const struct gfm_out *o,
			const struct markdown_cite *cite)
{
	struct buf text = BUF_INIT;
	struct prose_cite *cites = NULL;
	size_t ncites, cap = 0, idx;
	for (size_t i = 0; i < o->nprose; i++) {
		const struct gfm_prose *u = &o->prose[i];
		if (!strpbrk(u->text, "0123456789"))
			continue;
		buf_reset(&text);
		ncites = 0;
		const char *s = u->text, *tok;
		while ((tok = gfm_token_find(s))) {
			buf_add(&text, s, (size_t)(tok - s));
			if (!gfm_token_at(tok, &idx) || idx >= st->n) {
				buf_add(&text, tok, 3);
				s = tok + 3;
				continue;
			}
			if (st->items[idx].cited &&
			    cited_parse(st, st->items[idx].cited, &st->items[idx]) == 0) {
				ALLOC_GROW(cites, ncites, cap);
				cites[ncites++] = (struct prose_cite){
					&st->items[idx].cited->sc, text.len };
			}
			buf_adds(&text, "\xEF\xBF\xBC");
			s = tok + GFM_TOKEN_LEN;
		}
		buf_adds(&text, s);
		struct prose_source source = { .st = st, .first = u->line, .last = u->end_line };
		struct prose p = {
			.row = u->row, .text = text.ptr, .len = text.len,
			.cites = cites, .ncites = ncites, .path = st->a->path,
			.line = st->a->body_line + u->line - 1, .source = &source,
		};
		cite->check(cite->ctx, &p, st->diag);
	}
	free(cites);
	buf_release(&text);
}




/* ---- what cmark and the scan made, kept between builds ---- */

struct digest_value markdown_body_key(const char *body, size_t len)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "article body");
	digest_add_field(&d, body, len);
	return digest_end(&d);
}

enum { ITEM_CLOSED = 1, ITEM_BLOCK = 2, ITEM_CODE = 4 };

/* The memo keeps three records of a body, so that a page kept as published
 * reads only the first, the smallest: what the page's digest is made from.
 *   - the body's (its key): each shortcode found (its text, its line in the
 *     body and column, its flags), then how many headings cmark found;
 *   - gfm.h's (markdown_gfm_record_key): the headings and the prose, read
 *     when the page is written or its prose checked;
 *   - how the last splice changed cmark's HTML (markdown_html_record_key:
 *     splice_record's), read when the page is written, kept by
 *     markdown_splice. */
static void encode_record(const struct scan *st, const struct gfm_out *o, struct buf *rec)
{
	size_t need = 8; /* the record's size, made room for at once */
	for (size_t i = 0; i < st->n; i++)
		need += 16 + st->items[i].len;
	buf_grow(rec, need);
	buf_add_u32(rec, (uint32_t)st->n);
	for (size_t i = 0; i < st->n; i++) {
		const struct found *f = &st->items[i];
		buf_add_counted(rec, f->text, f->len);
		buf_add_u32(rec, (uint32_t)(f->line - st->a->body_line));
		buf_add_u32(rec, (uint32_t)f->col);
		buf_add_u32(rec, (f->closed ? ITEM_CLOSED : 0u) | (f->block ? ITEM_BLOCK : 0u) |
				 (f->code ? ITEM_CODE : 0u));
	}
	buf_add_u32(rec, (uint32_t)o->nheadings);
}

/* The record in st->rec back into the items (their texts left in the
 * record) and st->nheadings: 0, or -1 (and nothing of it kept) when it is
 * damaged. */
static int decode_record(struct scan *st)
{
	struct buf_reader r = { (const unsigned char *)st->rec.ptr, st->rec.len, false };
	size_t n = buf_read_u32(&r);
	if (n > GFM_TOKEN_MAX + 1)
		r.bad = true;
	for (size_t i = 0; i < n && !r.bad; i++) {
		size_t len;
		const char *text = buf_read_counted(&r, &len);
		uint32_t line = buf_read_u32(&r), col = buf_read_u32(&r);
		uint32_t flags = buf_read_u32(&r);
		bool closed = flags & ITEM_CLOSED;
		if (r.bad || flags > 7 || line > INT32_MAX / 2 || col < 1 || col > INT32_MAX ||
		    (closed ? len < 6 : len != 3) || memcmp(text, "{{<", 3) != 0) {
			r.bad = true;
			break;
		}
		ALLOC_GROW(st->items, st->n, st->cap);
		st->items[st->n++] = (struct found){
			.text = text, .len = len, .line = st->a->body_line + (int)line,
			.col = (int)col, .closed = closed, .block = flags & ITEM_BLOCK,
			.code = flags & ITEM_CODE,
		};
	}
	size_t nheadings = buf_read_u32(&r);
	if (!r.bad && !r.left && nheadings <= GFM_TOKEN_MAX) {
		st->nheadings = nheadings;
		return 0;
	}
	st->n = 0;
	return -1;
}

/* The key of a record of the body of key `body_key`: that key with the
 * record's own mask (its name's bytes) laid over it. The body's key is a
 * keyed digest (uniform, and unforgeable without the cache's secret), so
 * keys so made are as far from every other as digests are, without a
 * digest's work: thousands are made each build. */
static struct digest_value record_key(const char what[16], struct digest_value body_key)
{
	return (struct digest_value){ body_key.hi ^ bytes_le64(what),
				      body_key.lo ^ bytes_le64(what + 8) };
}

struct digest_value markdown_gfm_record_key(struct digest_value body_key)
{
	return record_key("body record: gfm", body_key);
}

struct digest_value markdown_html_record_key(struct digest_value body_key, int lang)
{
	return record_key(lang ? "body splice: zh " : "body splice: en ", body_key);
}

/* What cmark and the scan make of the body, into `o` and st->items: from
 * the memo's record for the article's key when it has one (the items and
 * the count of headings only: `o` is read when it is needed, gfm_to_hand
 * and html_to_hand), else from the body (read now if it is not at hand),
 * then kept when neither raised a message. 0, or -1 when the body could not
 * be had (reported). */
static bool from_memo(struct scan *st, const struct markdown_memo *memo)
{
	buf_reset(&st->rec);
	st->in_memo = memo->find(memo->ctx, st->a->body_key, &st->rec) == 0 &&
		      decode_record(st) == 0;
	return st->in_memo;
}

/* The record of cmark's headings and prose of the body of `key`. */
static void keep_gfm_record(const struct markdown_memo *memo, struct digest_value key,
			    const struct gfm_out *o)
{
	struct buf rec = BUF_INIT;
	gfm_encode(o, &rec);
	memo->keep(memo->ctx, markdown_gfm_record_key(key), rec.ptr, rec.len);
	buf_release(&rec);
}

/* The records of what cmark and the scan made of the body of `key` (the
 * third, of its splice, is markdown_splice's). */
static void keep_records(const struct markdown_memo *memo, struct digest_value key,
			 const struct scan *st, const struct gfm_out *o)
{
	struct buf rec = BUF_INIT;
	encode_record(st, o, &rec);
	memo->keep(memo->ctx, key, rec.ptr, rec.len);
	buf_release(&rec);
	keep_gfm_record(memo, key, o);
}

/* cmark on the body at hand (read if need be): its tokens into st->md,
 * its shortcodes into st->items, cmark's output into `o`. */
static int parse_body(struct scan *st, struct gfm_out *o)
{
	if (ensure_body(st) != 0)
		return -1;
	scan_body(st);
	gfm_render(st->md.ptr, st->md.len, st->a->path, st->a->body_line, o, st->diag);
	return 0;
}

static int body_to_gfm(struct scan *st, const struct markdown_memo *memo,
		       struct gfm_out *o)
{
	struct article *a = st->a;
	/* by the key the article came with, else by the one of the body read
	 * (an article whose file was touched or whose front matter changed) */
	bool asked = memo && a->has_body_key;
	if (asked && from_memo(st, memo))
		return 0;
	if (ensure_body(st) != 0)
		return -1;
	if (memo && !asked && from_memo(st, memo))
		return 0;
	int messages = st->diag->errors + st->diag->warnings;
	if (parse_body(st, o) != 0)
		return -1;
	mark_code(st, o->html.ptr, o->html.len);
	if (memo && st->diag->errors + st->diag->warnings == messages) {
		keep_records(memo, a->body_key, st, o);
		st->in_memo = true;
	}
	st->html_at_hand = st->gfm_at_hand = true;
	st->nheadings = o->nheadings;
	return 0;
}

/* Each heading with an id unique in the article, from its text. */
static void add_heading(struct article *a, const struct gfm_heading *g)
{
	struct buf id = BUF_INIT;
	text_heading_id(&id, g->text, g->len);
	size_t base_len = id.len;
	for (int n = 2;; n++) {
		bool clash = false;
		for (size_t i = 0; i < a->nheadings && !clash; i++)
			clash = buf_equals(&id, a->headings[i].id);
		if (!clash)
			break;
		buf_truncate(&id, base_len);
		buf_addf(&id, "-%d", n);
	}
	ALLOC_GROW(a->headings, a->nheadings, a->cap_headings);
	a->headings[a->nheadings].level = g->level;
	a->headings[a->nheadings].id = buf_detach(&id, NULL);
	a->headings[a->nheadings].text = xstrndup(g->text, g->len);
	a->nheadings++;
}

/* What the spliced HTML is made from: the body (whose digest is
 * `body_key`; the Markdown cmark is given, headings, code, the tokens'
 * places and each shortcode's own text, shown as it is in code, follow
 * from it), and the digest of the HTML each shortcode resolved to. */
static struct digest_value html_key_of(const struct scan *st, struct digest_value body_key)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "article html");
	digest_add_value(&d, body_key);
	digest_add_len(&d, st->n);
	for (size_t i = 0; i < st->n; i++) {
		const struct found *f = &st->items[i];
		digest_add_byte(&d, f->cited != NULL);
		if (f->cited)
			digest_add_value(&d, f->cited->digest);
	}
	return digest_end(&d);
}

/* The canonical texts of the shortcodes resolved, sorted, into a->cites. */
static void record_cites(struct article *a, struct scan *st)
{
	a->cites = xcalloc(st->n + 1, sizeof *a->cites);
	for (size_t i = 0; i < st->n; i++) {
		struct cited *c = st->items[i].cited;
		if (c && cited_parse(st, c, &st->items[i]) == 0 && c->sc.name)
			a->cites[a->ncites++] = shortcode_canonical(&c->sc);
	}
	qsort(a->cites, a->ncites, sizeof *a->cites, text_compare_strings);
}

/* What markdown_render_deferred leaves for markdown_splice: the article,
 * its shortcodes resolved, cmark's output (its HTML when it is at hand),
 * and what reads the body and the memo. */
struct markdown_pending {
	struct article a;
	struct scan st;
	struct gfm_out o;
	struct markdown_cite cite;
	const struct markdown_memo *memo;
	bool parsed; /* cmark's output is at hand or in the memo: splicable */
	bool spliced; /* and a record of its splice kept (markdown_splice) */
	bool remade;  /* cmark's HTML made again from the published page */
};

/* Each heading cmark found, with its id, into the article. */
static void add_headings(struct markdown_pending *p)
{
	for (size_t i = 0; i < p->o.nheadings; i++)
		add_heading(&p->a, &p->o.headings[i]);
}

void markdown_pending_free(struct markdown_pending *p)
{
	if (!p)
		return;
	const struct markdown_memo *memo = p->memo;
	/* the records not read go on to the next build unread; the splice's,
	 * unless a splice kept another (the page kept as published) */
	if (memo && memo->carry && p->a.has_body_key) {
		if (!p->spliced)
			memo->carry(memo->ctx, markdown_html_record_key(p->a.body_key, p->a.lang));
		if (!p->st.gfm_at_hand)
			memo->carry(memo->ctx, markdown_gfm_record_key(p->a.body_key));
	}
	for (size_t i = 0; i < p->st.n; i++) {
		struct cited *c = p->st.items[i].cited;
		if (c) {
			free(c->storage);
			buf_release(&c->html);
		}
	}
	free(p->st.cited);
	free(p->st.items);
	buf_release(&p->st.md);
	buf_release(&p->st.rec);
	gfm_out_release(&p->o);
	markdown_article_free(&p->a);
	free(p);
}

struct article *markdown_pending_article(struct markdown_pending *p)
{
	return &p->a;
}

int markdown_render_deferred(struct article *a, const struct markdown_cite *cite,
			     const struct markdown_memo *memo, struct diag *diag,
			     struct markdown_pending **pending)
{
	struct markdown_pending *p = xcalloc(1, sizeof *p);
	p->a = *a; /* taken */
	memset(a, 0, sizeof *a);
	p->cite = *cite;
	p->memo = memo;
	struct scan *st = &p->st;
	*st = (struct scan){ .a = &p->a, .cite = &p->cite, .diag = diag };
	buf_init(&st->md);
	buf_init(&st->rec);
	gfm_out_init(&p->o);
	*pending = p;
	if (p->a.body) /* given: its key is made here */
		take_body(st);
	if (body_to_gfm(st, memo, &p->o) != 0)
		return -1;
	p->parsed = true;
	if (st->gfm_at_hand)
		add_headings(p);
	resolve_all(st, &p->cite);
	if (p->cite.list_cites)
		record_cites(&p->a, st);
	if (p->cite.check)
		markdown_check_prose(p, p->cite.check, p->cite.ctx);
	p->a.html_key = html_key_of(st, p->a.body_key);
	return st->errors ? -1 : 0;
}

bool markdown_pending_parsed(const struct markdown_pending *p)
{
	return p->parsed;
}

size_t markdown_pending_nheadings(const struct markdown_pending *p)
{
	return p->parsed ? p->st.nheadings : 0;
}

/* The headings and prose of another parse of the same body moved into `to`,
 * its HTML left as it is (`from` takes `to`'s, freed with it). */
static void take_gfm_parts(struct gfm_out *to, struct gfm_out *from)
{
	struct buf html = from->html;
	from->html = to->html;
	to->html = html;
	struct gfm_out t = *to;
	*to = *from;
	*from = t;
}

/* What the memo lost of the body, made again from the body (read if need
 * be): what a scan of its own and cmark make of the same body are the same
 * tokens in the same places. Its HTML (`html`) or its headings and prose
 * (`gfm`) go into p->o, and their records are kept again. 0, or -1 when
 * the body could not be had (reported). */
static int parse_again(struct markdown_pending *p, bool html, bool gfm)
{
	struct scan *st = &p->st;
	const struct markdown_memo *memo = p->memo;
	struct scan again = { .a = &p->a, .cite = &p->cite, .diag = st->diag,
			      .body_len = p->a.body ? strlen(p->a.body) : 0 };
	buf_init(&again.md);
	buf_init(&again.rec);
	struct gfm_out o;
	gfm_out_init(&o);
	int rc = parse_body(&again, &o);
	if (rc == 0 && html) {
		buf_reset(&p->o.html);
		buf_addbuf(&p->o.html, &o.html);
	}
	if (rc == 0 && gfm) {
		take_gfm_parts(&p->o, &o);
		if (memo)
			keep_gfm_record(memo, p->a.body_key, &p->o);
	}
	if (rc != 0)
		st->errors++;
	free(again.items);
	buf_release(&again.md);
	buf_release(&again.rec);
	gfm_out_release(&o);
	return rc;
}

/* The headings and prose cmark found in the body, when the memo holds them
 * apart: from their record, else from the body parsed again and kept; the
 * headings then given their ids. 0, or -1 when the body could not be had
 * (reported). */
static int gfm_to_hand(struct markdown_pending *p)
{
	struct scan *st = &p->st;
	if (st->gfm_at_hand)
		return 0;
	st->gfm_at_hand = true; /* found or made: carried by find or keep */
	const struct markdown_memo *memo = p->memo;
	struct buf rec = BUF_INIT;
	struct gfm_out o;
	gfm_out_init(&o);
	int rc = 0;
	if (memo && memo->find(memo->ctx, markdown_gfm_record_key(p->a.body_key), &rec) == 0 &&
	    gfm_decode(rec.ptr, rec.len, &o) == 0 && o.nheadings == st->nheadings)
		take_gfm_parts(&p->o, &o);
	else
		rc = parse_again(p, false, true);
	buf_release(&rec);
	gfm_out_release(&o);
	if (rc == 0)
		add_headings(p);
	return rc;
}

int markdown_pending_headings(struct markdown_pending *p)
{
	return p->parsed ? gfm_to_hand(p) : -1;
}

bool markdown_check_prose(struct markdown_pending *p, prose_checker check, void *ctx)
{
	if (!p->parsed || gfm_to_hand(p) != 0)
		return false;
	struct markdown_cite cite = p->cite;
	cite.check = check;
	cite.ctx = ctx;
	check_prose(&p->st, &p->o, &cite);
	return true;
}

/* cmark's HTML of the body made again (into p->o.html) from the page the
 * site published (cite->published) and the memo's record of how its
 * splice changed it (read, not carried: the splice keeps another): 0, or
 * -1 when either is missing or they do not fit. */
static int html_from_published(struct markdown_pending *p)
{
	const struct markdown_memo *memo = p->memo;
	const char *html;
	size_t len;
	struct buf rec = BUF_INIT;
	int (*read)(void *, struct digest_value, struct buf *) =
		memo->peek ? memo->peek : memo->find;
	int rc = -1;
	if (read(memo->ctx, markdown_html_record_key(p->a.body_key, p->a.lang), &rec) == 0 &&
	    p->cite.published && p->cite.published(p->cite.ctx, &html, &len) == 0)
		rc = splice_undo(html, len, rec.ptr, rec.len, &p->o.html);
	buf_release(&rec);
	return rc;
}

/* cmark's HTML of the body, when the memo holds it apart: made again from
 * the published page, else from the body parsed again. 0, or -1 when the
 * body could not be had (reported). */
static int html_to_hand(struct markdown_pending *p)
{
	struct scan *st = &p->st;
	if (st->html_at_hand)
		return 0;
	buf_reset(&p->o.html);
	st->html_at_hand = true;
	if (p->memo && html_from_published(p) == 0) {
		p->remade = true;
		return 0;
	}
	return parse_again(p, true, false);
}

/* The record of the splice of cmark's HTML into `out` (its `edits`), kept
 * for the next build under the body's key. */
static void keep_splice_record(struct markdown_pending *p, const struct buf *out,
			       const struct splice_edits *edits)
{
	struct buf rec = BUF_INIT;
	splice_record(p->o.html.ptr, p->o.html.len, out->len, edits, &rec);
	p->memo->keep(p->memo->ctx, markdown_html_record_key(p->a.body_key, p->a.lang), rec.ptr,
		      rec.len);
	buf_release(&rec);
	p->spliced = true;
}

const char *markdown_splice(struct markdown_pending *p)
{
	if (p->a.html || !p->parsed)
		return p->a.html;
	if (gfm_to_hand(p) != 0 || html_to_hand(p) != 0)
		return NULL;
	struct buf out = BUF_INIT;
	/* a place for each shortcode and heading: the edits' room made once */
	struct splice_edits edits = { NULL, 0, p->memo ? p->st.n + p->a.nheadings + 1 : 0 };
	edits.v = edits.cap ? xmalloc(edits.cap * sizeof *edits.v) : NULL;
	buf_grow(&out, p->o.html.len + 64);
	const char **ids = xcalloc(p->a.nheadings + 1, sizeof *ids);
	for (size_t i = 0; i < p->a.nheadings; i++)
		ids[i] = p->a.headings[i].id;
	splice_html(p->o.html.ptr, p->o.html.len, ids, p->a.nheadings, p->st.items, p->st.n,
		    &out, p->memo ? &edits : NULL);
	free(ids);
	if (p->memo && p->st.in_memo)
		keep_splice_record(p, &out, &edits);
	free(edits.v);
	p->a.html = buf_detach(&out, NULL);
	return p->a.html;
}

bool markdown_pending_remade(const struct markdown_pending *p)
{
	return p->remade;
}

int markdown_render(struct article *a, const struct markdown_cite *cite,
		    const struct markdown_memo *memo, struct diag *diag)
{
	struct markdown_pending *p;
	int rc = markdown_render_deferred(a, cite, memo, diag, &p);
	if (p->parsed && !markdown_splice(p))
		rc = -1;
	*a = p->a; /* given back */
	memset(&p->a, 0, sizeof p->a);
	markdown_pending_free(p);
	return rc;
}

int markdown_reading_minutes(const struct article *a)
{
	/* about 220 English words or 400 Chinese characters a minute */
	size_t per_minute = a->lang == 1 ? 400 : 220;
	size_t m = (a->words + per_minute - 1) / per_minute;
	return m ? (int)m : 1;
}

void markdown_article_free(struct article *a)
{
	free(a->path);
	free(a->file);
	if (a->strings) { /* decoded: all in one block */
		free(a->strings);
	} else {
		free(a->title);
		free(a->description);
		free(a->date);
		free(a->slug);
		free(a->translation);
		for (size_t i = 0; i < a->ntags; i++)
			free(a->tags[i]);
		free(a->tags);
	}
	free(a->body);
	free(a->html);
	for (size_t i = 0; i < a->nheadings; i++) {
		free(a->headings[i].id);
		free(a->headings[i].text);
	}
	free(a->headings);
	for (size_t i = 0; i < a->ncites; i++)
		free(a->cites[i]);
	free(a->cites);
	markdown_pending_free(a->pending);
	memset(a, 0, sizeof *a);
}
