#include "search/search.h"

#include "search/search_index.h"

#include "base/bytes.h"
#include "base/numfmt.h"
#include "search/search_scan.h"
#include "search/search_text.h"

#include "base/buf.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the index ---- */

struct search_index *search_index_new(void)
{
	static atomic_uint_fast64_t last_id;
	struct search_index *ix = xcalloc(1, sizeof *ix);
	ix->id = atomic_fetch_add(&last_id, 1) + 1;
	return ix;
}

void search_index_free(struct search_index *ix)
{
	if (!ix)
		return;
	for (size_t i = 0; i < ix->nterms; i++) {
		free(ix->terms[i].key);
		free(ix->terms[i].post);
	}
	for (size_t i = 0; i < ix->ndocs; i++)
		search_idoc_free(&ix->docs[i]);
	free(ix->terms);
	free(ix->docs);
	free(ix->slots);
	free(ix);
}

/* The term `key`, or NULL. */
static const struct term *index_find(const struct search_index *ix, const char *key,
				     size_t len)
{
	if (!ix->nslots)
		return NULL;
	uint32_t h = search_token_hash(key, len);
	size_t mask = ix->nslots - 1;
	for (size_t k = h & mask; ix->slots[k]; k = (k + 1) & mask) {
		const struct term *t = &ix->terms[ix->slots[k] - 1];
		if (t->hash == h && t->len == len && !memcmp(t->key, key, len))
			return t;
	}
	return NULL;
}

unsigned search_index_fields(const struct search_index *ix, const char *token,
			     size_t doc)
{
	const struct term *t = index_find(ix, token, strlen(token));
	if (!t)
		return 0;
	for (size_t i = 0; i < t->npost; i++)
		if (POST_DOC(t->post[i]) == doc)
			return POST_FIELDS(t->post[i]);
	return 0;
}

/* ---- the terms a thread read ---- */

/* What one index numbers the terms: to[tn] is the index's term number + 1
 * of term tn, 0 when not looked up yet. */
struct terms_map {
	uint64_t ix_id;
	uint32_t *to;
	size_t n, cap;
};

struct search_terms {
	struct token_set set;
	struct terms_map *maps; /* one per index merged into (a site has two) */
	size_t nmaps, cap_maps;
	/* seen[tn] == stamp: term tn of the page is in its last record too,
	 * with the same fields (search_kept_note; a new stamp per page) */
	uint32_t *seen, stamp;
	size_t cap_seen;
};

struct search_terms *search_terms_new(void)
{
	struct search_terms *st = xcalloc(1, sizeof *st);
	token_set_init(&st->set, 0);
	return st;
}

void search_terms_free(struct search_terms *st)
{
	if (!st)
		return;
	token_set_release(&st->set);
	for (size_t i = 0; i < st->nmaps; i++)
		free(st->maps[i].to);
	free(st->maps);
	free(st->seen);
	free(st);
}

/* The map of `st`'s terms to ix's, holding all of them. */
static uint32_t *terms_map(struct search_terms *st, const struct search_index *ix)
{
	struct terms_map *m = NULL;
	for (size_t i = 0; i < st->nmaps && !m; i++)
		if (st->maps[i].ix_id == ix->id)
			m = &st->maps[i];
	if (!m) {
		ALLOC_GROW(st->maps, st->nmaps, st->cap_maps);
		m = &st->maps[st->nmaps++];
		*m = (struct terms_map){ .ix_id = ix->id };
	}
	size_t n = st->set.ntoks;
	if (m->n < n) {
		if (m->cap < n) {
			m->cap = n + n / 2 + 64;
			m->to = xreallocarray(m->to, m->cap, sizeof *m->to);
		}
		memset(m->to + m->n, 0, (n - m->n) * sizeof *m->to);
		m->n = n;
	}
	return m->to;
}

/* ---- one page's tokens ---- */

/* A page's distinct terms (the page its search_terms is reading: the set's
 * in_page, with their fields in the set's toks) and its doc. */
struct search_page {
	struct search_terms *terms;
	bool own_terms;           /* search_page_new's: freed with the page */
	struct idoc doc;
	struct search_figs figs;  /* a rendered page's (search_scan.h) */
	bool from_last;           /* search_page_from_last's */
};

/* A term's fields byte: its fields, and (SEARCH_FIG_SHIFT higher) those it
 * has in figures; what the index keeps of it: the two together. */
static inline unsigned fields_fold(unsigned f)
{
	return (f | f >> SEARCH_FIG_SHIFT) & 15u;
}

/* Whether a record's fields byte is one a page gives: some field, and in
 * figures only the body or a heading. */
static inline bool fields_valid(unsigned f)
{
	return fields_fold(f) && !(f >> SEARCH_FIG_SHIFT & ~(unsigned)(SEARCH_IN_BODY |
								      SEARCH_IN_HEADING));
}

/* An empty page read with `st`. */
static struct search_page *page_new(struct search_terms *st, bool own)
{
	struct search_page *pg = xcalloc(1, sizeof *pg);
	pg->terms = st;
	pg->own_terms = own;
	token_set_page(&st->set);
	return pg;
}

static void index_field(struct search_page *pg, const char *s, unsigned field)
{
	if (!s)
		return;
	struct tokenizer t = { .set = &pg->terms->set, .field = field };
	tok_feed(&t, s, strlen(s));
	tok_finish(&t);
}

/* The first `max` bytes of `s`, cut at a character boundary. */
static size_t cut_at(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	size_t n = max;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

/* The doc's JSON (struct idoc) from its strings and its text for
 * snippets: the description, a space, the body, cut at SEARCH_TEXT_MAX
 * bytes. */
/* The doc's JSON up to its text: "[title,path,kind,". */
static void doc_head(const struct search_doc *d, struct buf *json)
{
	buf_addc(json, '[');
	text_escape_jsons(json, d->title ? d->title : "");
	buf_addc(json, ',');
	text_escape_jsons(json, d->path ? d->path : "");
	buf_addc(json, ',');
	text_escape_jsons(json, d->kind ? d->kind : "");
	buf_addc(json, ',');
}

/* The text's start: the description and a space, or nothing. */
static void text_head(const struct search_doc *d, struct buf *text)
{
	if (d->description && *d->description) {
		buf_adds(text, d->description);
		buf_addc(text, ' ');
	}
}

static void page_set_doc(struct search_page *pg, const struct search_doc *d,
			 const char *body, size_t body_len)
{
	struct buf text = BUF_INIT, json = BUF_INIT;
	text_head(d, &text);
	buf_add(&text, body, body_len);
	doc_head(d, &json);
	text_escape_json(&json, text.ptr ? text.ptr : "", cut_at(text.ptr, text.len, SEARCH_TEXT_MAX));
	buf_addc(&json, ']');
	buf_release(&text);
	pg->doc.json = buf_detach(&json, &pg->doc.len);
}

/* The last build's doc (`was`, read_doc's: a JSON array of one line) as
 * the page's, when its body's text is known to be the same (the figures
 * before its cut are): its title, path, kind and description must be d's,
 * all before the cut (JSON escapes a character at a time, so the escaped
 * start of a text starts the escaped text). Takes `was`'s JSON then. */
static bool page_keep_doc(struct search_page *pg, const struct search_doc *d,
			  struct idoc *was)
{
	struct buf head = BUF_INIT, text = BUF_INIT;
	doc_head(d, &head);
	text_head(d, &text);
	bool ok = text.len + 4 < SEARCH_TEXT_MAX; /* the cut comes after it */
	if (ok) {
		text_escape_json(&head, text.ptr ? text.ptr : "", text.len);
		buf_truncate(&head, head.len - 1); /* the closing quote */
		ok = head.len < was->len && !memcmp(head.ptr, was->json, head.len);
	}
	buf_release(&head);
	buf_release(&text);
	if (ok) {
		pg->doc.json = was->json;
		pg->doc.len = was->len;
		was->json = NULL;
	}
	return ok;
}

struct search_page *search_page_new(const struct search_doc *d)
{
	struct search_page *pg = page_new(search_terms_new(), true);
	index_field(pg, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = pg->terms->set.count;
	index_field(pg, d->headings, SEARCH_IN_HEADING);
	index_field(pg, d->description, SEARCH_IN_DESCRIPTION);
	index_field(pg, d->body, SEARCH_IN_BODY);
	page_set_doc(pg, d, d->body ? d->body : "", d->body ? strlen(d->body) : 0);
	return pg;
}

struct search_page *search_page_from_html(struct search_terms *st,
					  const struct search_doc *d, const char *html,
					  size_t len)
{
	struct search_page *pg = page_new(st, false);
	index_field(pg, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = st->set.count;
	index_field(pg, d->description, SEARCH_IN_DESCRIPTION);
	struct tokenizer th = { .set = &st->set, .field = SEARCH_IN_HEADING };
	struct tokenizer tb = { .set = &st->set, .field = SEARCH_IN_BODY };
	/* the body is kept only as far as the snippet can reach (plus a
	 * character, for the cut); the headings are only tokenized */
	struct buf body = BUF_INIT;
	buf_grow(&body, SEARCH_TEXT_MAX + 64); /* most pages reach the cut */
	search_scan_html(html, len, (struct sink){ NULL, 0, &th },
		  (struct sink){ &body, SEARCH_TEXT_MAX + 4, &tb }, &pg->figs);
	tok_finish(&th);
	tok_finish(&tb);
	page_set_doc(pg, d, body.ptr ? body.ptr : "", body.len);
	buf_release(&body);
	return pg;
}

/* A record's doc (after search_page_encode's rule) into *d: false when it
 * is none (cut short, or not a JSON array of one line: never a doc a
 * page gave). */
static bool read_doc(struct buf_reader *r, struct idoc *d)
{
	*d = (struct idoc){ .title_tokens = buf_read_u32(r) };
	size_t n;
	const char *p = buf_read_counted(r, &n);
	if (r->bad || !p || n < 2 || p[0] != '[' || p[n - 1] != ']' || memchr(p, '\0', n) ||
	    memchr(p, '\n', n))
		return false;
	d->json = xstrndup(p, n);
	d->len = n;
	return true;
}

void search_page_free(struct search_page *pg)
{
	if (!pg)
		return;
	if (pg->own_terms)
		search_terms_free(pg->terms);
	search_idoc_free(&pg->doc);
	search_figs_release(&pg->figs);
	free(pg);
}

/* The record: title_tokens, the doc's JSON (buf.h's counted bytes), the
 * figures (encode_figs), the term count, then each term as its fields (a
 * byte: fields_fold's), its length (a byte: at most WORD_MAX) and its
 * bytes; its head and hash are made again when it is read, by one load
 * and one multiplication for most. */
#define TOKEN_HEAD 2


/* The figures' count (FIGS_NONE when one does not stand apart: the page
 * is read whole), then where the snippet's text was cut (add_varint's),
 * then each one's offset from the last one's end and its length (the
 * same), its field and its edges (before | after << 2). */
#define FIGS_NONE UINT32_MAX

static void encode_figs(const struct search_figs *f, struct buf *out)
{
	if (!f->apart) {
		buf_add_u32(out, FIGS_NONE);
		return;
	}
	buf_add_u32(out, (uint32_t)f->n);
	buf_grow(out, f->n * 12 + 5);
	unsigned char *o = (unsigned char *)out->ptr + out->len;
	search_varint_add(&o, (uint32_t)f->cut);
	size_t end = 0;
	for (size_t i = 0; i < f->n; i++) {
		const struct search_fig *g = &f->v[i];
		search_varint_add(&o, (uint32_t)(g->at - end));
		search_varint_add(&o, (uint32_t)g->len);
		*o++ = g->field;
		*o++ = (unsigned char)(g->before | g->after << 2);
		end = g->at + g->len;
	}
	out->len = (size_t)((char *)o - out->ptr);
	out->ptr[out->len] = '\0';
}

/* A record's figures into `f` (NULL: passed over), where they were in
 * its page: false when they are not such a list. */
static bool read_figs(struct buf_reader *r, struct search_figs *f)
{
	uint32_t n = buf_read_u32(r);
	if (r->bad)
		return false;
	if (f)
		*f = (struct search_figs){ .apart = n != FIGS_NONE };
	if (n == FIGS_NONE)
		return true;
	uint32_t cut;
	if (!search_varint_read(r, &cut) || n > r->left / 4) /* a figure takes 4 bytes at least */
		return false;
	if (f)
		f->cut = cut;
	size_t end = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t gap, len;
		if (!search_varint_read(r, &gap) || !search_varint_read(r, &len) || r->left < 2)
			return false;
		unsigned field = r->p[0], edges = r->p[1];
		r->p += 2;
		r->left -= 2;
		if (f) {
			ALLOC_GROW(f->v, f->n, f->cap);
			f->v[f->n++] = (struct search_fig){ end + gap, len, (unsigned char)field,
							    (unsigned char)(edges & 3),
							    (unsigned char)(edges >> 2 & 3) };
		}
		end += (size_t)gap + len;
	}
	return true;
}

void search_page_encode(const struct search_page *pg, struct buf *out)
{
	const struct idoc *d = &pg->doc;
	buf_add_u32(out, d->title_tokens);
	buf_add_counted(out, d->json, d->len);
	encode_figs(&pg->figs, out);
	const struct token_set *ts = &pg->terms->set;
	buf_add_u32(out, (uint32_t)ts->nin_page);
	size_t need = 0;
	for (size_t i = 0; i < ts->nin_page; i++)
		need += TOKEN_HEAD + ts->toks[ts->in_page[i]].len;
	buf_grow(out, need + 8);
	unsigned char *o = (unsigned char *)out->ptr + out->len;
	for (size_t i = 0; i < ts->nin_page; i++) {
		const struct set_token *t = &ts->toks[ts->in_page[i]];
		o[0] = t->fields;
		o[1] = t->len;
		if (t->len <= 8) /* one store; the bytes past it are overwritten next */
			bytes_put_le64(o + TOKEN_HEAD, t->head);
		else
			bytes_copy_short(o + TOKEN_HEAD, ts->keys.ptr + t->at, t->len);
		o += TOKEN_HEAD + t->len;
	}
	out->len += need;
	out->ptr[out->len] = '\0';
}

/* The head of a token of `len` bytes at `p` (at most WORD_MAX), with
 * `left` bytes readable from p: by one load when 8 are. */
static inline uint64_t record_head(const unsigned char *p, size_t len, size_t left)
{
	if (left < 8)
		return search_token_head((const char *)p, len);
	uint64_t head = bytes_le64(p);
	return len < 8 ? head & (((uint64_t)1 << (8 * len)) - 1) : head;
}

/* The length of the term at `p` (its fields, length and bytes), with
 * `left` bytes readable there: 0 when it is none (cut short, of no bytes
 * or too long, in no field or one no field has). */
static size_t record_term_len(const unsigned char *p, size_t left)
{
	if (left < TOKEN_HEAD)
		return 0;
	size_t len = p[1];
	return len && len <= WORD_MAX && fields_valid(p[0]) && left - TOKEN_HEAD >= len ? len : 0;
}

/* The `n` terms of a record (in the `left` bytes at `p`) into the page
 * `ts` is reading: false when they are not exactly that (a length past
 * the end, a term of no bytes or too long, fields no field has or none, a
 * term twice, bytes left over). */
static bool page_decode_terms(struct token_set *ts, const unsigned char *p, size_t left,
			      size_t n)
{
	if (n > left / (TOKEN_HEAD + 1)) /* a term takes 3 bytes at least */
		return false;
	for (size_t i = 0; i < n; i++) {
		size_t len = record_term_len(p, left);
		if (!len)
			return false;
		const unsigned char *bytes = p + TOKEN_HEAD;
		if (!token_set_put(ts, (const char *)bytes, len,
				   record_head(bytes, len, left - TOKEN_HEAD), p[0]))
			return false;
		p += TOKEN_HEAD + len;
		left -= TOKEN_HEAD + len;
	}
	return left == 0;
}

struct search_page *search_page_decode(struct search_terms *st, const char *data,
				       size_t len)
{
	struct search_page *pg = page_new(st, false);
	struct buf_reader r = { (const unsigned char *)data, len, false };
	bool doc = read_doc(&r, &pg->doc) && read_figs(&r, NULL);
	size_t nterms = buf_read_u32(&r);
	if (!doc || r.bad || !page_decode_terms(&st->set, r.p, r.left, nterms)) {
		search_page_free(pg);
		return NULL;
	}
	return pg;
}

/* ---- a page read again from its last record ---- */

/* Whether `html` (`len` bytes) is `old` but for the text of the figures
 * `f` lists in old (each a text that ends at a '<'), each now a text that
 * ends at its first '<' and still stands apart: the figures then moved to
 * where they are in html, and *snippet tells whether those before the
 * snippet's cut kept their text (the snippet and its cut are then the
 * same). */
static bool figs_moved(struct search_figs *f, const char *html, size_t len, const char *old,
		       size_t old_len, bool *snippet)
{
	*snippet = true;
	size_t o = 0, n = 0; /* where old and html are held to each other */
	for (size_t i = 0; i < f->n; i++) {
		struct search_fig *g = &f->v[i];
		if (g->at < o || g->at > old_len || g->len >= old_len - g->at ||
		    old[g->at + g->len] != '<' || memchr(old + g->at, '<', g->len) ||
		    !g->field || g->field & ~(unsigned)(SEARCH_IN_BODY | SEARCH_IN_HEADING) ||
		    g->before > SEARCH_CHAR_CJK)
			return false;
		size_t same = g->at - o;
		if (same > len - n || memcmp(old + o, html + n, same))
			return false;
		const char *was = old + g->at;
		size_t was_len = g->len;
		bool before_cut = !f->cut || g->at < f->cut;
		o = g->at + g->len;
		n += same;
		const char *end = memchr(html + n, '<', len - n);
		if (!end)
			return false;
		g->at = n;
		g->len = (size_t)(end - html) - n;
		if (!search_fig_apart(html + n, g->len, g->before, g->after))
			return false;
		if (before_cut && (g->len != was_len || memcmp(html + n, was, was_len)))
			*snippet = false;
		n += g->len;
	}
	return old_len - o == len - n && !memcmp(old + o, html + n, len - n);
}

/* The `n` terms of a record (`left` bytes at p) that the page's text other
 * than its figures has, into the page `ts` is reading, as occurring there
 * (their title and description fields left out): false when they are not
 * such terms. */
static bool put_text_terms(struct token_set *ts, const unsigned char *p, size_t left,
			   size_t n)
{
	const unsigned text = SEARCH_IN_BODY | SEARCH_IN_HEADING;
	for (size_t i = 0; i < n; i++) {
		size_t len = record_term_len(p, left);
		if (!len)
			return false;
		const unsigned char *bytes = p + TOKEN_HEAD;
		if (p[0] & text)
			token_set_merge(ts, (const char *)bytes, len,
					record_head(bytes, len, left - TOKEN_HEAD), p[0] & text);
		p += TOKEN_HEAD + len;
		left -= TOKEN_HEAD + len;
	}
	return left == 0;
}

/* The page's doc, its text for snippets read from `html` alone. */
static void page_doc_from_html(struct search_page *pg, const struct search_doc *d,
			       const char *html, size_t len)
{
	struct buf body = BUF_INIT;
	buf_grow(&body, SEARCH_TEXT_MAX + 64);
	pg->figs.cut = search_scan_snippet(html, len, &body, SEARCH_TEXT_MAX + 4);
	page_set_doc(pg, d, body.ptr ? body.ptr : "", body.len);
	buf_release(&body);
}

struct search_page *search_page_from_last(struct search_terms *st,
					  const struct search_doc *d, const char *html,
					  size_t len, const char *old, size_t old_len,
					  const char *was, size_t was_len)
{
	struct buf_reader r = { (const unsigned char *)was, was_len, false };
	struct search_figs figs = { 0 };
	struct idoc doc = { 0 };
	bool snippet;
	if (!read_doc(&r, &doc) || !read_figs(&r, &figs) || !figs.apart ||
	    !figs_moved(&figs, html, len, old, old_len, &snippet)) {
		search_idoc_free(&doc);
		search_figs_release(&figs);
		return NULL;
	}
	size_t nterms = buf_read_u32(&r);
	struct search_page *pg = page_new(st, false);
	pg->from_last = true;
	index_field(pg, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = st->set.count;
	index_field(pg, d->description, SEARCH_IN_DESCRIPTION);
	pg->figs = figs;
	if (r.bad || !put_text_terms(&st->set, r.p, r.left, nterms)) {
		search_idoc_free(&doc);
		search_page_free(pg);
		return NULL;
	}
	for (size_t i = 0; i < figs.n; i++) {
		struct tokenizer t = { .set = &st->set,
				       .field = (unsigned)figs.v[i].field << SEARCH_FIG_SHIFT };
		search_scan_fig_text(html + figs.v[i].at, figs.v[i].len,
				     (struct sink){ NULL, 0, &t });
		tok_finish(&t);
	}
	if (!snippet || !page_keep_doc(pg, d, &doc))
		page_doc_from_html(pg, d, html, len);
	search_idoc_free(&doc);
	return pg;
}

/* A record's doc and terms (their fields folded) into `st`'s set: the
 * page, or NULL. */
static struct search_page *page_folded(struct search_terms *st, const char *rec, size_t len)
{
	struct search_page *pg = search_page_decode(st, rec, len);
	struct token_set *ts = &st->set;
	for (size_t i = 0; pg && i < ts->nin_page; i++)
		ts->toks[ts->in_page[i]].fields = (uint8_t)fields_fold(ts->toks[ts->in_page[i]].fields);
	return pg;
}

bool search_records_same(const char *a, size_t alen, const char *b, size_t blen)
{
	struct search_terms *sa = search_terms_new(), *sb = search_terms_new();
	struct search_page *pa = page_folded(sa, a, alen), *pb = page_folded(sb, b, blen);
	bool same = pa && pb && pa->doc.title_tokens == pb->doc.title_tokens &&
		    pa->doc.len == pb->doc.len && !memcmp(pa->doc.json, pb->doc.json, pa->doc.len) &&
		    sa->set.nin_page == sb->set.nin_page;
	for (size_t i = 0; same && i < sa->set.nin_page; i++) {
		const struct set_token *t = &sa->set.toks[sa->set.in_page[i]];
		unsigned fields;
		same = token_set_in_page(&sb->set, sa->set.keys.ptr + t->at, t->len, t->head,
					 &fields) >= 0 && fields == t->fields;
	}
	search_page_free(pa);
	search_page_free(pb);
	search_terms_free(sa);
	search_terms_free(sb);
	return same;
}

void search_index_reserve(struct search_index *ix, size_t ndocs)
{
	while (ix->ndocs < ndocs) {
		ALLOC_GROW(ix->docs, ix->ndocs, ix->cap_docs);
		ix->docs[ix->ndocs++] = (struct idoc){ 0 };
	}
}

int search_index_put_doc(struct search_index *ix, size_t doc, const char *data, size_t len)
{
	struct buf_reader r = { (const unsigned char *)data, len, false };
	struct idoc d;
	if (!read_doc(&r, &d) || doc >= ix->ndocs) {
		search_idoc_free(&d);
		return -1;
	}
	search_idoc_free(&ix->docs[doc]);
	ix->docs[doc] = d;
	return 0;
}

/* Each term of the page gets the doc's posting: a term is looked up in
 * the index the first time its search_terms meets the index, then by its
 * number. */
void search_index_put(struct search_index *ix, size_t doc, struct search_page *pg)
{
	while (ix->ndocs <= doc) {
		ALLOC_GROW(ix->docs, ix->ndocs, ix->cap_docs);
		ix->docs[ix->ndocs++] = (struct idoc){ 0 };
	}
	search_idoc_free(&ix->docs[doc]);
	ix->docs[doc] = pg->doc;
	pg->doc = (struct idoc){ 0 };
	const struct token_set *ts = &pg->terms->set;
	uint32_t *to = terms_map(pg->terms, ix);
	size_t n = ts->nin_page;
	for (size_t i = 0; i < n; i++) {
		/* the terms of a page are all over the index (at N=10,000 a
		 * term's entry and the end of its postings are a cache miss
		 * each, most of this loop's time): asked for a few terms ahead,
		 * the entry first, its postings' end once the entry is in */
		if (i + 32 < n && to[ts->in_page[i + 32]])
			__builtin_prefetch(&ix->terms[to[ts->in_page[i + 32]] - 1]);
		if (i + 16 < n && to[ts->in_page[i + 16]]) {
			const struct term *ahead = &ix->terms[to[ts->in_page[i + 16]] - 1];
			__builtin_prefetch(ahead->post + ahead->npost, 1);
		}
		uint32_t tn = ts->in_page[i];
		const struct set_token *tok = &ts->toks[tn];
		if (!to[tn])
			to[tn] = (uint32_t)search_index_term(ix, ts->keys.ptr + tok->at, tok->len,
						      tok->head, tok->hash) + 1;
		struct term *t = &ix->terms[to[tn] - 1];
		t->post = search_postings_grow(t->post, t->npost, &t->cap);
		t->post[t->npost++] = (posting)doc << 4 | fields_fold(tok->fields);
	}
	search_page_free(pg);
}

void search_index_add(struct search_index *ix, const struct search_doc *d)
{
	search_index_put(ix, ix->ndocs, search_page_new(d));
}

size_t search_index_docs(const struct search_index *ix)
{
	return ix->ndocs;
}

/* ---- the index kept between builds ---- */

void search_index_encode(const struct search_index *ix, struct buf *out)
{
	const struct term **all = xmalloc((ix->nterms + 1) * sizeof *all);
	for (size_t i = 0; i < ix->nterms; i++)
		all[i] = &ix->terms[i];
	search_index_encode_terms(ix->ndocs, all, ix->nterms, out);
	free((void *)all);
}

/* A term of the record into `ix`: false when it is none (a key empty,
 * too long or seen before; a posting of no doc or no field). */
static bool decode_term(struct buf_reader *r, struct search_index *ix)
{
	size_t len;
	const char *key = buf_read_counted(r, &len);
	uint32_t npost = buf_read_u32(r);
	if (r->bad || !key || !len || len > WORD_MAX || memchr(key, '\0', len) ||
	    npost > r->left)
		return false;
	/* the table may move as the term is made: indexed after */
	size_t at = search_index_term(ix, key, len, search_token_head(key, len),
			       search_token_hash(key, len));
	struct term *t = &ix->terms[at];
	if (t->npost)
		return false;
	if (!npost)
		return false;
	t->post = xreallocarray(NULL, npost, sizeof *t->post);
	t->cap = npost;
	/* in doc order, each doc once, each of the docs, with a field */
	uint64_t doc = 0;
	for (uint32_t k = 0; k < npost; k++) {
		uint32_t v;
		if (!search_varint_read(r, &v) || !(v & 15) || (k && v < 16))
			return false;
		doc += v >> 4;
		if (doc >= ix->ndocs)
			return false;
		t->post[t->npost++] = (posting)doc << 4 | (v & 15);
	}
	return true;
}

struct search_index *search_index_decode(const char *data, size_t len)
{
	struct search_index *ix = search_index_new();
	struct buf_reader r = { (const unsigned char *)data, len, false };
	size_t ndocs = buf_read_u32(&r);
	size_t nterms = buf_read_u32(&r);
	/* its docs' numbers (their strings are the pages' records') */
	ix->docs = xcalloc(ndocs + 1, sizeof *ix->docs);
	ix->ndocs = ix->cap_docs = ndocs;
	bool ok = !r.bad && nterms <= r.left / 13;
	for (size_t i = 0; ok && i < nterms; i++)
		ok = decode_term(&r, ix);
	if (ok && !r.bad && !r.left)
		return ix;
	search_index_free(ix);
	return NULL;
}

/* Merge the sorted postings `b` (nb) into the term's own (sorted here:
 * the few of the pages rendered again), in doc order. */
void search_index_take(struct search_index *ix, struct search_index *old, const bool *take)
{
	for (size_t i = 0; i < old->nterms; i++) {
		struct term *from = &old->terms[i];
		/* the postings of the docs taken, kept in place (doc order) */
		uint32_t n = 0;
		for (uint32_t k = 0; k < from->npost; k++)
			if (take[POST_DOC(from->post[k])])
				from->post[n++] = from->post[k];
		if (!n)
			continue;
		size_t at = search_index_term(ix, from->key, from->len, from->head, from->hash);
		struct term *t = &ix->terms[at];
		if (!t->npost) { /* only kept docs have it: the list moves */
			free(t->post);
			t->post = from->post;
			t->npost = n;
			t->cap = from->cap;
			from->post = NULL;
			from->npost = from->cap = 0;
		} else {
			search_postings_merge(t, from->post, n);
		}
	}
}


static void kept_mark(struct search_kept *k, const char *key, size_t len)
{
	atomic_store_explicit(&k->dirty[search_term_shard(key, len, &k->shards)], true,
			      memory_order_relaxed);
}

/* A new stamp for the page `st` reads, seen[] as long as its terms. */
static uint32_t terms_stamp(struct search_terms *st)
{
	size_t n = st->set.ntoks;
	if (st->cap_seen < n) {
		size_t cap = n + n / 2 + 64;
		st->seen = xreallocarray(st->seen, cap, sizeof *st->seen);
		memset(st->seen + st->cap_seen, 0, (cap - st->cap_seen) * sizeof *st->seen);
		st->cap_seen = cap;
	}
	if (++st->stamp == 0) { /* wrapped: every mark made before is forgotten */
		memset(st->seen, 0, st->cap_seen * sizeof *st->seen);
		st->stamp = 1;
	}
	return st->stamp;
}

/* The page's term number `at` (in the order first read) when it is the
 * record's term `key` with `fields`; else -1. Both lists are in the order
 * the page's text gave them: an edit leaves most of the two in step, so
 * most terms are held to the page's by their bytes, not looked up. */
static long term_at(const struct token_set *ts, size_t at, const char *key, size_t len,
		    uint64_t head, unsigned fields)
{
	if (at >= ts->nin_page)
		return -1;
	uint32_t tn = ts->in_page[at];
	const struct set_token *t = &ts->toks[tn];
	return t->head == head && t->len == len && fields_fold(t->fields) == fields_fold(fields) &&
		       (len <= 8 || bytes_equal_short(ts->keys.ptr + t->at + 8, key + 8, len - 8))
		       ? (long)tn : -1;
}

/* Where the record's next term is held to the page's, after term `tn`
 * (found at `at` or a few terms after it: a term put in before it). */
static size_t resync(const struct token_set *ts, size_t at, uint32_t tn)
{
	for (size_t d = 0; d < 4 && at + d < ts->nin_page; d++)
		if (ts->in_page[at + d] == tn)
			return at + d + 1;
	return at;
}

/* The terms of a record (search_page_encode's): their count, and where
 * their bytes are; false when it is none (a doc before them, the doc
 * shards' business, skipped). */
static bool record_terms(const char *rec, size_t len, size_t *nterms,
			 const unsigned char **p, size_t *left)
{
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	buf_read_u32(&r);
	size_t ndoc;
	buf_read_counted(&r, &ndoc);
	if (!read_figs(&r, NULL))
		return false;
	*nterms = buf_read_u32(&r);
	if (r.bad || *nterms > r.left / (TOKEN_HEAD + 1))
		return false;
	*p = r.p;
	*left = r.left;
	return true;
}

/* How many of the first `n` terms at `a` (`alen` bytes) are byte for byte
 * the first terms at `b` (`blen` bytes), found by comparing their bytes a
 * word at a time: a page's text edited past its start leaves its first
 * terms as they were. Their bytes to *bytes. */
static size_t same_first_terms(const unsigned char *a, size_t alen, size_t n,
			       const unsigned char *b, size_t blen, size_t *bytes)
{
	size_t max = alen < blen ? alen : blen, common = 0;
	while (common + 8 <= max && bytes_le64(a + common) == bytes_le64(b + common))
		common += 8;
	while (common < max && a[common] == b[common])
		common++;
	/* whole terms: each its fields, length and bytes (within the common
	 * bytes, both records are `b`, one search_page_encode wrote) */
	size_t off = 0, k = 0;
	while (k < n && off + TOKEN_HEAD <= common && off + TOKEN_HEAD + a[off + 1] <= common) {
		off += TOKEN_HEAD + a[off + 1];
		k++;
	}
	*bytes = off;
	return k;
}

/* The fields a page read again from its last record may have changed in
 * a term: its title's and description's (read again), its figures'; any
 * other is its text's, the same in the record and the page. */
#define FIELDS_READ_AGAIN \
	(0xFFu & ~(unsigned)(SEARCH_IN_BODY | SEARCH_IN_HEADING))

int search_kept_note(struct search_kept *k, const struct search_page *pg,
		     const char *was, size_t len, const char *mine, size_t mine_len)
{
	size_t nterms, left;
	const unsigned char *p;
	if (!record_terms(was, len, &nterms, &p, &left))
		return -1;
	/* the terms whose fields may differ: all of them, or for a page read
	 * again from its record those FIELDS_READ_AGAIN says */
	unsigned may_differ = pg->from_last ? FIELDS_READ_AGAIN : 0xFFu;
	struct search_terms *st = pg->terms;
	const struct token_set *ts = &st->set;
	uint32_t stamp = terms_stamp(st);
	size_t same = 0, at = 0; /* at: the page's term the record's next is held to */
	size_t first = 0; /* the record's terms before it: the page's first ones */
	size_t now_terms, now_left, bytes;
	const unsigned char *now_p;
	if (mine && record_terms(mine, mine_len, &now_terms, &now_p, &now_left)) {
		size_t n = nterms < ts->nin_page ? nterms : ts->nin_page;
		first = same_first_terms(p, left, n, now_p, now_left, &bytes);
		for (size_t i = 0; i < first; i++)
			st->seen[ts->in_page[i]] = stamp;
		same = at = first;
		p += bytes;
		left -= bytes;
	}
	for (size_t i = first; i < nterms; i++) {
		size_t tl = record_term_len(p, left);
		unsigned fields = p[0], now = 0;
		if (!tl)
			return -1;
		const char *key = (const char *)p + TOKEN_HEAD;
		p += TOKEN_HEAD + tl;
		left -= TOKEN_HEAD + tl;
		if (!(fields & may_differ))
			continue;
		uint64_t head = record_head((const unsigned char *)key, tl, left + tl);
		long tn = term_at(ts, at, key, tl, head, fields);
		if (tn < 0) { /* not in step: looked up */
			tn = token_set_in_page(ts, key, tl, head, &now);
			if (fields_fold(now) != fields_fold(fields))
				tn = -1;
		}
		if (tn >= 0 && st->seen[tn] != stamp) {
			st->seen[tn] = stamp;
			same++;
			at = resync(ts, at, (uint32_t)tn);
		} else {
			kept_mark(k, key, tl);
		}
	}
	if (left)
		return -1;
	for (size_t i = first; same < ts->nin_page && i < ts->nin_page; i++) {
		const struct set_token *t = &ts->toks[ts->in_page[i]];
		if ((t->fields & may_differ) && st->seen[ts->in_page[i]] != stamp)
			kept_mark(k, ts->keys.ptr + t->at, t->len);
	}
	return 0;
}
