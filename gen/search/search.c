/* The search index builder (search.h): a page's terms read from its HTML
 * or its record, the page's record, the index they are put into, and the
 * shards a page rendered again marks. */
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
	search_index_free(ix->changes);
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

struct search_terms *search_terms_new(void)
{
	struct search_terms *st = xcalloc(1, sizeof *st);
	token_set_init(&st->set, 0);
	buf_init(&st->body);
	buf_init(&st->text);
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
	buf_release(&st->body);
	buf_release(&st->text);
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

struct search_page *search_page_begin(struct search_terms *st, bool own)
{
	struct search_page *pg = xcalloc(1, sizeof *pg);
	pg->terms = st;
	pg->own_terms = own;
	token_set_page(&st->set);
	return pg;
}

void search_page_read_field(struct search_page *pg, const char *s, unsigned field)
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

void search_doc_head(const struct search_doc *d, struct buf *json)
{
	buf_addc(json, '[');
	text_escape_jsons(json, d->title ? d->title : "");
	buf_addc(json, ',');
	text_escape_jsons(json, d->path ? d->path : "");
	buf_addc(json, ',');
	text_escape_jsons(json, d->kind ? d->kind : "");
	buf_addc(json, ',');
}

void search_doc_text_head(const struct search_doc *d, struct buf *text)
{
	if (d->description && *d->description) {
		buf_adds(text, d->description);
		buf_addc(text, ' ');
	}
}

/* Drop from the text `s` (`len` bytes) every space next to full-width
 * punctuation ("。 来源" -> "。来源", "” 《" -> "”《": content/STYLE.md), in
 * place; returns the new length ('\0' after it when it shrank). */
static size_t drop_space_after_fullwidth(char *s, size_t len)
{
	/* full-width punctuation is U+3000-303F (E3 80 xx) or U+FF01-FF60
	 * (EF BC/BD xx): a text without either lead byte has none to drop
	 * (an English page) */
	if (!memchr(s, 0xe3, len) && !memchr(s, 0xef, len))
		return len;
	size_t o = 0, i = 0;
	while (i < len) {
		const char *sp = memchr(s + i, ' ', len - i);
		size_t j = sp ? (size_t)(sp - s) : len;
		memmove(s + o, s + i, j - i); /* the run up to the space */
		o += j - i;
		if (j == len)
			break;
		/* the character after the space, whole ("《") */
		size_t next = j + 1 < len
			? text_utf8_sequence((const unsigned char *)s + j + 1, len - j - 1) : 0;
		if (!text_ends_in_fullwidth_punct(s, o) &&
		    !text_ends_in_fullwidth_punct(s + j + 1, next))
			s[o++] = ' ';
		i = j + 1;
	}
	if (o < len)
		s[o] = '\0';
	return o;
}

void search_page_set_doc(struct search_page *pg, const struct search_doc *d,
			 const char *body, size_t body_len)
{
	struct buf *text = &pg->terms->text, json = BUF_INIT;
	buf_reset(text);
	search_doc_text_head(d, text);
	buf_add(text, body, body_len);
	/* parts joined by a space (the description and the body, two blocks)
	 * take none after full-width punctuation */
	text->len = drop_space_after_fullwidth(text->ptr, text->len);
	size_t cut = cut_at(text->ptr, text->len, SEARCH_TEXT_MAX);
	/* room made once (the head: a title, a path, a kind; the text with a
	 * few escapes), the doc kept at its size: thousands are held until
	 * the index is written */
	buf_grow(&json, cut + 256);
	search_doc_head(d, &json);
	text_escape_json(&json, text->ptr, cut);
	buf_addc(&json, ']');
	char *doc = buf_detach(&json, &pg->doc.len);
	pg->doc.json = xrealloc(doc, pg->doc.len + 1);
}

struct search_page *search_page_new(const struct search_doc *d)
{
	struct search_page *pg = search_page_begin(search_terms_new(), true);
	search_page_read_field(pg, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = pg->terms->set.count;
	search_page_read_field(pg, d->headings, SEARCH_IN_HEADING);
	search_page_read_field(pg, d->description, SEARCH_IN_DESCRIPTION);
	search_page_read_field(pg, d->body, SEARCH_IN_BODY);
	search_page_set_doc(pg, d, d->body ? d->body : "", d->body ? strlen(d->body) : 0);
	return pg;
}

struct search_page *search_page_from_html(struct search_terms *st,
					  const struct search_doc *d, const char *html,
					  size_t len)
{
	struct search_page *pg = search_page_begin(st, false);
	search_page_read_field(pg, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = st->set.count;
	search_page_read_field(pg, d->description, SEARCH_IN_DESCRIPTION);
	struct tokenizer th = { .set = &st->set, .field = SEARCH_IN_HEADING };
	struct tokenizer tb = { .set = &st->set, .field = SEARCH_IN_BODY };
	/* the body is kept only as far as the snippet can reach (plus a
	 * character, for the cut); the headings are only tokenized */
	struct buf *body = &st->body;
	buf_reset(body);
	search_scan_html(html, len, (struct sink){ NULL, 0, &th },
		  (struct sink){ body, SEARCH_TEXT_MAX + 4, &tb }, &pg->figs);
	pg->doc.held = search_figs_held(&pg->figs);
	tok_finish(&th);
	tok_finish(&tb);
	search_page_set_doc(pg, d, body->ptr, body->len);
	return pg;
}

bool search_record_read_doc(struct buf_reader *r, struct idoc *d)
{
	*d = (struct idoc){ .title_tokens = buf_read_u32(r) };
	d->held = buf_read_u32(r);
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
	buf_release(&pg->rec);
	buf_release(&pg->changes);
	free(pg);
}

/* The figures' count (FIGS_NONE when one does not stand apart: the page
 * is read whole), then where the snippet's text was cut (add_varint's),
 * then each one's offset from the last one's end and its length (the
 * same), its field and its edges (before | after << 2). */
#define FIGS_NONE UINT32_MAX

void search_record_add_figs(const struct search_figs *f, struct buf *out)
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

bool search_record_read_figs(struct buf_reader *r, struct search_figs *f)
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
	if (pg->from_last) { /* made as its record */
		buf_add(out, pg->rec.ptr, pg->rec.len);
		return;
	}
	const struct idoc *d = &pg->doc;
	buf_add_u32(out, d->title_tokens);
	buf_add_u32(out, d->held);
	buf_add_counted(out, d->json, d->len);
	search_record_add_figs(&pg->figs, out);
	const struct token_set *ts = &pg->terms->set;
	buf_add_u32(out, (uint32_t)ts->nin_page);
	size_t need = 0;
	for (size_t i = 0; i < ts->nin_page; i++)
		need += SEARCH_RECORD_TERM_HEAD + ts->toks[ts->in_page[i]].len;
	buf_grow(out, need + 8);
	unsigned char *o = (unsigned char *)out->ptr + out->len;
	for (size_t i = 0; i < ts->nin_page; i++) {
		const struct set_token *t = &ts->toks[ts->in_page[i]];
		o[0] = t->fields;
		o[1] = t->len;
		if (t->len <= 8) /* one store; the bytes past it are overwritten next */
			bytes_put_le64(o + SEARCH_RECORD_TERM_HEAD, t->head);
		else
			bytes_copy_short(o + SEARCH_RECORD_TERM_HEAD, ts->keys.ptr + t->at, t->len);
		o += SEARCH_RECORD_TERM_HEAD + t->len;
	}
	out->len += need;
	out->ptr[out->len] = '\0';
}

/* The `n` terms of a record (in the `left` bytes at `p`, as
 * search_record_read_terms gives them) into the page `ts` is reading:
 * false when they are not exactly that (a length past the end, a term of
 * no bytes or too long, fields no field has or none, a term twice, bytes
 * left over). */
static bool page_decode_terms(struct token_set *ts, const unsigned char *p, size_t left,
			      size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t len = search_record_term_len(p, left);
		if (!len)
			return false;
		const unsigned char *bytes = p + SEARCH_RECORD_TERM_HEAD;
		if (!token_set_put(ts, (const char *)bytes, len,
				   search_record_head(bytes, len, left - SEARCH_RECORD_TERM_HEAD), p[0]))
			return false;
		p += SEARCH_RECORD_TERM_HEAD + len;
		left -= SEARCH_RECORD_TERM_HEAD + len;
	}
	return left == 0;
}

struct search_page *search_page_decode(struct search_terms *st, const char *data,
				       size_t len)
{
	struct search_page *pg = search_page_begin(st, false);
	struct buf_reader r = { (const unsigned char *)data, len, false };
	size_t nterms, left;
	const unsigned char *p;
	if (!search_record_read_doc(&r, &pg->doc) || !search_record_read_figs(&r, NULL) ||
	    !search_record_read_terms(&r, &nterms, &p, &left) ||
	    !page_decode_terms(&st->set, p, left, nterms)) {
		search_page_free(pg);
		return NULL;
	}
	return pg;
}

/* A record's doc and terms (their fields folded) into `st`'s set: the
 * page, or NULL. */
static struct search_page *page_folded(struct search_terms *st, const char *rec, size_t len)
{
	struct search_page *pg = search_page_decode(st, rec, len);
	struct token_set *ts = &st->set;
	for (size_t i = 0; pg && i < ts->nin_page; i++)
		ts->toks[ts->in_page[i]].fields =
			(uint8_t)search_fields_fold(ts->toks[ts->in_page[i]].fields);
	return pg;
}

bool search_records_same(const char *a, size_t alen, const char *b, size_t blen)
{
	struct search_terms *sa = search_terms_new(), *sb = search_terms_new();
	struct search_page *pa = page_folded(sa, a, alen), *pb = page_folded(sb, b, blen);
	bool same = pa && pb && pa->doc.title_tokens == pb->doc.title_tokens &&
		    pa->doc.held == pb->doc.held &&
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
	if (!search_record_read_doc(&r, &d) || doc >= ix->ndocs) {
		search_idoc_free(&d);
		return -1;
	}
	search_idoc_free(&ix->docs[doc]);
	ix->docs[doc] = d;
	return 0;
}

/* The terms of a record (search_page_encode's): their count, and where
 * their bytes are; false when it is none (a doc before them, the doc
 * shards' business, skipped). */
static bool record_terms(const char *rec, size_t len, size_t *nterms,
			 const unsigned char **p, size_t *left)
{
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	buf_read_u32(&r); /* title_tokens */
	buf_read_u32(&r); /* held */
	size_t ndoc;
	buf_read_counted(&r, &ndoc);
	if (!search_record_read_figs(&r, NULL))
		return false;
	return search_record_read_terms(&r, nterms, p, left);
}

/* The doc of `pg` as ix's doc number `doc` (taken from the page). */
static void put_doc(struct search_index *ix, size_t doc, struct search_page *pg)
{
	while (ix->ndocs <= doc) {
		ALLOC_GROW(ix->docs, ix->ndocs, ix->cap_docs);
		ix->docs[ix->ndocs++] = (struct idoc){ 0 };
	}
	search_idoc_free(&ix->docs[doc]);
	ix->docs[doc] = pg->doc;
	pg->doc = (struct idoc){ 0 };
}

/* A page read again from its last record: its terms, which its set does
 * not hold (struct search_page), into it from the record made of them
 * (this build's own: page_decode_terms finds it whole). */
static void page_terms_from_record(struct search_page *pg)
{
	size_t n, left;
	const unsigned char *p;
	struct token_set *ts = &pg->terms->set;
	token_set_page(ts);
	if (record_terms(pg->rec.ptr, pg->rec.len, &n, &p, &left))
		page_decode_terms(ts, p, left, n);
}

/* Each term of the page gets the doc's posting: a term is looked up in
 * the index the first time its search_terms meets the index, then by its
 * number. */
void search_index_put(struct search_index *ix, size_t doc, struct search_page *pg)
{
	put_doc(ix, doc, pg);
	if (pg->from_last)
		page_terms_from_record(pg);
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
		t->post[t->npost++] = (posting)doc << 4 | search_fields_fold(tok->fields);
	}
	search_page_free(pg);
}

void search_index_put_changes(struct search_index *ix, size_t doc, struct search_page *pg)
{
	put_doc(ix, doc, pg);
	if (!ix->changes)
		ix->changes = search_index_new();
	const unsigned char *p = (const unsigned char *)pg->changes.ptr;
	for (size_t i = 0; i < pg->nchanges; i++) {
		const char *key = (const char *)p + SEARCH_RECORD_TERM_HEAD;
		size_t len = p[1];
		uint64_t head = search_token_head(key, len);
		size_t at = search_index_term(ix->changes, key, len, head,
					      search_token_hash(key, len));
		struct term *t = &ix->changes->terms[at]; /* after: the terms may move */
		t->post = search_postings_grow(t->post, t->npost, &t->cap);
		t->post[t->npost++] = (posting)doc << 4 | p[0];
		p += SEARCH_RECORD_TERM_HEAD + len;
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

struct search_index *search_index_decode(const char *data, size_t len, size_t ndocs)
{
	struct buf_reader r = { (const unsigned char *)data, len, false };
	size_t own = buf_read_u32(&r);
	size_t nterms = buf_read_u32(&r);
	if (r.bad || own != ndocs)
		return NULL;
	struct search_index *ix = search_index_new();
	/* its docs' numbers (their strings are the pages' records') */
	ix->docs = xcalloc(ndocs + 1, sizeof *ix->docs);
	ix->ndocs = ix->cap_docs = ndocs;
	/* a term takes ten bytes at the least (its key's length, a one-byte
	 * key, its postings' count, one posting): a count the bytes cannot
	 * hold is refused before its terms are made */
	bool ok = nterms <= r.left / 10;
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

uint32_t search_terms_stamp(struct search_terms *st)
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
	return t->head == head && t->len == len &&
			       search_fields_fold(t->fields) == search_fields_fold(fields) &&
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
	while (k < n && off + SEARCH_RECORD_TERM_HEAD <= common &&
	       off + SEARCH_RECORD_TERM_HEAD + a[off + 1] <= common) {
		off += SEARCH_RECORD_TERM_HEAD + a[off + 1];
		k++;
	}
	*bytes = off;
	return k;
}

int search_kept_note(struct search_kept *k, const struct search_page *pg,
		     const char *was, size_t len, const char *mine, size_t mine_len)
{
	size_t nterms, left;
	const unsigned char *p;
	if (!record_terms(was, len, &nterms, &p, &left))
		return -1;
	if (pg->from_last) { /* it knows what changed */
		p = (const unsigned char *)pg->changes.ptr;
		for (size_t i = 0; i < pg->nchanges; i++) {
			kept_mark(k, (const char *)p + SEARCH_RECORD_TERM_HEAD, p[1]);
			p += SEARCH_RECORD_TERM_HEAD + p[1];
		}
		return 0;
	}
	struct search_terms *st = pg->terms;
	const struct token_set *ts = &st->set;
	uint32_t stamp = search_terms_stamp(st);
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
		size_t tl = search_record_term_len(p, left);
		if (!tl) /* (p may be the record's end: nothing read there) */
			return -1;
		unsigned fields = p[0], now = 0;
		const char *key = (const char *)p + SEARCH_RECORD_TERM_HEAD;
		p += SEARCH_RECORD_TERM_HEAD + tl;
		left -= SEARCH_RECORD_TERM_HEAD + tl;
		uint64_t head = search_record_head((const unsigned char *)key, tl, left + tl);
		long tn = term_at(ts, at, key, tl, head, fields);
		if (tn < 0) { /* not in step: looked up */
			tn = token_set_in_page(ts, key, tl, head, &now);
			if (search_fields_fold(now) != search_fields_fold(fields))
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
		if (st->seen[ts->in_page[i]] != stamp)
			kept_mark(k, ts->keys.ptr + t->at, t->len);
	}
	return 0;
}
