/* A page read again from its last record (search_again.h). */
#include "search/search_again.h"

#include "search/search_index.h"
#include "search/search_scan.h"
#include "search/search_text.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/text.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- its doc and figures ---- */

/* Whether the last build's doc (`was`, search_record_read_doc's: a JSON
 * array of one line) starts as d's would: its title, path, kind and
 * description the same (JSON escapes a character at a time, so the
 * escaped start of a text starts the escaped text), all before its
 * text's cut. */
static bool doc_head_same(const struct search_doc *d, const struct idoc *was)
{
	struct buf head = BUF_INIT, text = BUF_INIT;
	search_doc_head(d, &head);
	search_doc_text_head(d, &text);
	bool ok = text.len + 4 < SEARCH_TEXT_MAX; /* the cut comes after it */
	if (ok) {
		text_escape_json(&head, text.ptr ? text.ptr : "", text.len);
		buf_truncate(&head, head.len - 1); /* the closing quote */
		ok = head.len < was->len && !memcmp(head.ptr, was->json, head.len);
	}
	buf_release(&head);
	buf_release(&text);
	return ok;
}

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

/* The page's doc, its text for snippets read from `html` alone. */
static void page_doc_from_html(struct search_page *pg, const struct search_doc *d,
			       const char *html, size_t len)
{
	struct buf *body = &pg->terms->body;
	buf_reset(body);
	pg->figs.cut = search_scan_snippet(html, len, body, SEARCH_TEXT_MAX + 4);
	search_page_set_doc(pg, d, body->ptr, body->len);
}

/* ---- its terms, from the last record's ---- */

/* The bit of a filter of terms (512 bits) for a term of `len` bytes whose
 * first is `first`. */
static inline unsigned filter_bit(unsigned first, size_t len)
{
	return (first + (unsigned)len * 37u) & 511u;
}

/* A term (`fields`, `len` bytes at `key`) at `o`, where the record has
 * room for it; past it. */
static unsigned char *add_term(unsigned char *o, unsigned fields, const unsigned char *key,
			       size_t len)
{
	o[0] = (unsigned char)fields;
	o[1] = (unsigned char)len;
	bytes_copy_short(o + SEARCH_RECORD_TERM_HEAD, key, len);
	return o + SEARCH_RECORD_TERM_HEAD + len;
}

/* A term whose fields in the index are now `fields` (0: gone) to pg's
 * changes. */
static void add_change(struct search_page *pg, unsigned fields, const unsigned char *key,
		       size_t len)
{
	struct buf *c = &pg->changes;
	buf_grow(c, SEARCH_RECORD_TERM_HEAD + len);
	c->len = (size_t)((char *)add_term((unsigned char *)c->ptr + c->len, fields, key, len) -
			  c->ptr);
	pg->nchanges++;
}

/* The bytes of `n` terms at `from` as they are at `o`; past them. */
static unsigned char *add_run(unsigned char *o, const unsigned char *from, size_t n)
{
	memcpy(o, from, n);
	return o + n;
}

/* The page's terms into its record (after its doc and figures): each of
 * the last record's `n` terms (`left` bytes at p) with the fields `keep`
 * says are still its (its text's, the body's and headings': the same as
 * then; with the title and description when they are the same too) and
 * those the terms read again now give it (the page's set: its figures'
 * tokens, its title's and description's when they are read again), then
 * those of the terms read again the record did not have; each term whose
 * fields in the index changed to the page's changes too. Most terms are
 * none read again: a filter by their first byte and length passes them
 * without a look-up, and a run of such terms is copied as it is. False
 * when they are not a record's terms. */
static bool page_terms_again(struct search_page *pg, const unsigned char *p, size_t left,
			     size_t n, unsigned keep)
{
	struct search_terms *st = pg->terms;
	const struct token_set *ts = &st->set;
	uint32_t stamp = search_terms_stamp(st);
	uint64_t filter[8] = { 0 };
	size_t need = left + 4;
	for (size_t i = 0; i < ts->nin_page; i++) {
		const struct set_token *t = &ts->toks[ts->in_page[i]];
		unsigned b = filter_bit((unsigned)(t->head & 0xFF), t->len);
		filter[b >> 6] |= (uint64_t)1 << (b & 63);
		need += SEARCH_RECORD_TERM_HEAD + t->len;
	}
	struct buf *rec = &pg->rec;
	size_t count_at = rec->len;
	buf_grow(rec, need);
	unsigned char *o = (unsigned char *)rec->ptr + count_at + 4;
	const unsigned char *run = p; /* the terms since the last one changed */
	uint32_t count = 0;
	for (size_t i = 0; i < n; i++) {
		size_t len = search_record_term_len(p, left);
		if (!len)
			return false;
		const unsigned char *key = p + SEARCH_RECORD_TERM_HEAD;
		unsigned was = p[0], now = was & keep;
		unsigned b = filter_bit(key[0], len), fields;
		long tn;
		if (filter[b >> 6] >> (b & 63) & 1 &&
		    (tn = token_set_in_page(ts, (const char *)key, len,
					    search_record_head(key, len, left - SEARCH_RECORD_TERM_HEAD),
					    &fields)) >= 0) {
			now |= fields;
			st->seen[tn] = stamp;
		}
		p += SEARCH_RECORD_TERM_HEAD + len;
		left -= SEARCH_RECORD_TERM_HEAD + len;
		if (now == was) {
			count++;
			continue;
		}
		o = add_run(o, run, (size_t)(key - SEARCH_RECORD_TERM_HEAD - run));
		run = p;
		if (now) {
			o = add_term(o, now, key, len);
			count++;
		}
		if (search_fields_fold(now) != search_fields_fold(was))
			add_change(pg, search_fields_fold(now), key, len);
	}
	if (left)
		return false;
	o = add_run(o, run, (size_t)(p - run));
	for (size_t i = 0; i < ts->nin_page; i++) {
		uint32_t tn = ts->in_page[i];
		const struct set_token *t = &ts->toks[tn];
		if (st->seen[tn] == stamp)
			continue;
		const unsigned char *key = (const unsigned char *)ts->keys.ptr + t->at;
		o = add_term(o, t->fields, key, t->len);
		count++;
		add_change(pg, search_fields_fold(t->fields), key, t->len);
	}
	unsigned char *c = (unsigned char *)rec->ptr + count_at; /* as buf_add_u32 */
	c[0] = (unsigned char)count;
	c[1] = (unsigned char)(count >> 8);
	c[2] = (unsigned char)(count >> 16);
	c[3] = (unsigned char)(count >> 24);
	rec->len = (size_t)((char *)o - rec->ptr);
	rec->ptr[rec->len] = '\0';
	return true;
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
	size_t nterms, left;
	const unsigned char *p;
	if (!search_record_read_doc(&r, &doc) || !search_record_read_figs(&r, &figs) ||
	    !figs.apart || !figs_moved(&figs, html, len, old, old_len, &snippet) ||
	    !search_record_read_terms(&r, &nterms, &p, &left)) {
		search_idoc_free(&doc);
		search_figs_release(&figs);
		return NULL;
	}
	struct search_page *pg = search_page_begin(st, false);
	pg->from_last = true;
	pg->figs = figs;
	/* the terms read again: the figures', and the title's and the
	 * description's unless the doc starts as it did */
	bool same_head = doc_head_same(d, &doc);
	unsigned keep = SEARCH_IN_BODY | SEARCH_IN_HEADING;
	if (same_head) {
		pg->doc.title_tokens = doc.title_tokens;
		keep |= SEARCH_IN_TITLE | SEARCH_IN_DESCRIPTION;
	} else {
		search_page_read_field(pg, d->title, SEARCH_IN_TITLE);
		pg->doc.title_tokens = st->set.count;
		search_page_read_field(pg, d->description, SEARCH_IN_DESCRIPTION);
	}
	for (size_t i = 0; i < figs.n; i++) {
		struct tokenizer t = { .set = &st->set,
				       .field = (unsigned)figs.v[i].field << SEARCH_FIG_SHIFT };
		search_scan_fig_text(html + figs.v[i].at, figs.v[i].len,
				     (struct sink){ NULL, 0, &t });
		tok_finish(&t);
	}
	if (snippet && same_head) { /* the doc as it was */
		pg->doc.json = doc.json;
		pg->doc.len = doc.len;
		doc.json = NULL;
	} else {
		page_doc_from_html(pg, d, html, len);
	}
	search_idoc_free(&doc);
	pg->doc.held = doc.held; /* its figures as many as before, moved */
	buf_add_u32(&pg->rec, pg->doc.title_tokens);
	buf_add_u32(&pg->rec, pg->doc.held);
	buf_add_counted(&pg->rec, pg->doc.json, pg->doc.len);
	search_record_add_figs(&pg->figs, &pg->rec);
	if (!page_terms_again(pg, p, left, nterms, keep)) {
		search_page_free(pg);
		return NULL;
	}
	return pg;
}
