#include "search/search.h"

#include "base/bytes.h"
#include "base/numfmt.h"
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

/* A doc number and the fields (4 bits) a term occurs in, as one number
 * (doc << 4 | fields): 4 bytes per posting, in doc order when sorted. */
typedef uint32_t posting;
#define POST_DOC(p) ((p) >> 4)
#define POST_FIELDS(p) ((p) & 15u)

struct term {
	char *key;
	size_t len;
	uint64_t head;   /* search_token_head of the key */
	uint32_t hash;   /* search_token_hash of the key */
	posting *post;
	uint32_t npost, cap;
};

struct idoc {
	char *title, *path, *kind, *text;
	unsigned title_tokens;
};

/* Terms are interned once per build: an open-addressed table of term
 * indexes + 1 (0: empty), a power of two at most half full, probed by
 * the hash the tokenizer gave each token, so a merged page hashes nothing. */
struct search_index {
	uint64_t id;     /* what search_terms know it by: never two the same */
	uint32_t *slots;
	size_t nslots;
	struct term *terms;
	size_t nterms, cap_terms;
	struct idoc *docs;
	size_t ndocs, cap_docs;
};

/* Postings: a term has a hundred on average at N=1,000 (a few thousand
 * at most), so they start at 8 and double: a few reallocations a term. */
static posting *grow_postings(posting *p, uint32_t n, uint32_t *cap)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 8;
	return xreallocarray(p, *cap, sizeof *p);
}

static void idoc_free(struct idoc *d);

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
		idoc_free(&ix->docs[i]);
	free(ix->terms);
	free(ix->docs);
	free(ix->slots);
	free(ix);
}

/* The table of the index's terms: slots holding a term's index + 1 (0:
 * empty), a power of two of them, at most half full. Twice the slots (256
 * at first), each of the n entries (`stride` bytes apart, its uint32_t
 * hash at `hash_at`) placed again by its hash. */
static void slots_grow(uint32_t **slots, size_t *nslots, const void *entries,
		       size_t stride, size_t hash_at, size_t n)
{
	size_t cap = *nslots ? *nslots * 2 : 256;
	uint32_t *s = xcalloc(cap, sizeof *s);
	for (size_t i = 0; i < n; i++) {
		uint32_t h;
		memcpy(&h, (const char *)entries + i * stride + hash_at, sizeof h);
		size_t k = h & (cap - 1);
		while (s[k])
			k = (k + 1) & (cap - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(*slots);
	*slots = s;
	*nslots = cap;
}

/* The index of the term `key` (head and hash: search_token_head and
 * _hash), made when new. Compared by head and length, and by the bytes
 * after the head when it has more. */
static inline size_t index_term(struct search_index *ix, const char *key, size_t len,
				uint64_t head, uint32_t h)
{
	if (ix->nterms * 2 >= ix->nslots)
		slots_grow(&ix->slots, &ix->nslots, ix->terms, sizeof *ix->terms,
			   offsetof(struct term, hash), ix->nterms);
	size_t mask = ix->nslots - 1, k = h & mask;
	for (; ix->slots[k]; k = (k + 1) & mask) {
		const struct term *t = &ix->terms[ix->slots[k] - 1];
		if (t->head == head && t->len == len &&
		    (len <= 8 || search_same_bytes(t->key + 8, key + 8, len - 8)))
			return ix->slots[k] - 1;
	}
	ALLOC_GROW(ix->terms, ix->nterms, ix->cap_terms);
	ix->terms[ix->nterms] = (struct term){ .key = xstrndup(key, len), .len = len,
					       .head = head, .hash = h };
	ix->slots[k] = (uint32_t)++ix->nterms;
	return ix->nterms - 1;
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
};

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

/* The doc's strings and its text for snippets: the description, a space,
 * the body, cut at SEARCH_TEXT_MAX bytes. */
static void page_set_doc(struct search_page *pg, const struct search_doc *d,
			 const char *body, size_t body_len)
{
	pg->doc.title = xstrdup(d->title);
	pg->doc.path = xstrdup(d->path);
	pg->doc.kind = xstrdup(d->kind);
	struct buf text = BUF_INIT;
	if (d->description && *d->description) {
		buf_adds(&text, d->description);
		buf_addc(&text, ' ');
	}
	buf_add(&text, body, body_len);
	pg->doc.text = xstrndup(text.ptr, cut_at(text.ptr, text.len, SEARCH_TEXT_MAX));
	buf_release(&text);
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
	search_scan_html(html, len, (struct sink){ NULL, 0, &th },
		  (struct sink){ &body, SEARCH_TEXT_MAX + 4, &tb });
	tok_finish(&th);
	tok_finish(&tb);
	page_set_doc(pg, d, body.ptr ? body.ptr : "", body.len);
	buf_release(&body);
	return pg;
}

static void idoc_free(struct idoc *d)
{
	free(d->title);
	free(d->path);
	free(d->kind);
	free(d->text);
}

void search_page_free(struct search_page *pg)
{
	if (!pg)
		return;
	if (pg->own_terms)
		search_terms_free(pg->terms);
	idoc_free(&pg->doc);
	free(pg);
}

/* The record: title_tokens, the doc's four strings (buf.h's records), the
 * term count, then each term as its fields (a byte), its length (a byte:
 * at most WORD_MAX) and its bytes; its head and hash are made again when
 * it is read, by one load and one multiplication for most. */
#define TOKEN_HEAD 2

void search_page_encode(const struct search_page *pg, struct buf *out)
{
	const struct idoc *d = &pg->doc;
	buf_add_u32(out, d->title_tokens);
	const char *const strs[] = { d->title, d->path, d->kind, d->text };
	for (size_t i = 0; i < 4; i++)
		buf_add_counted(out, strs[i], strlen(strs[i]));
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
		if (left < TOKEN_HEAD)
			return false;
		size_t len = p[1];
		if (!len || len > WORD_MAX || !p[0] || p[0] > 15 || left - TOKEN_HEAD < len)
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
	pg->doc.title_tokens = buf_read_u32(&r);
	char **strs[] = { &pg->doc.title, &pg->doc.path, &pg->doc.kind, &pg->doc.text };
	for (size_t i = 0; i < 4; i++) {
		size_t n;
		const char *p = buf_read_counted(&r, &n);
		*strs[i] = xstrndup(p ? p : "", n);
	}
	size_t nterms = buf_read_u32(&r);
	if (r.bad || !page_decode_terms(&st->set, r.p, r.left, nterms)) {
		search_page_free(pg);
		return NULL;
	}
	return pg;
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
	struct idoc d = { .title_tokens = buf_read_u32(&r) };
	char **strs[] = { &d.title, &d.path, &d.kind, &d.text };
	for (size_t i = 0; i < 4 && !r.bad; i++) {
		size_t n;
		const char *p = buf_read_counted(&r, &n);
		*strs[i] = p && !memchr(p, '\0', n) ? xstrndup(p, n) : NULL;
		r.bad = r.bad || !*strs[i];
	}
	if (r.bad || doc >= ix->ndocs) {
		idoc_free(&d);
		return -1;
	}
	idoc_free(&ix->docs[doc]);
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
	idoc_free(&ix->docs[doc]);
	ix->docs[doc] = pg->doc;
	pg->doc = (struct idoc){ 0 };
	const struct token_set *ts = &pg->terms->set;
	uint32_t *to = terms_map(pg->terms, ix);
	for (size_t i = 0; i < ts->nin_page; i++) {
		uint32_t tn = ts->in_page[i];
		const struct set_token *tok = &ts->toks[tn];
		if (!to[tn])
			to[tn] = (uint32_t)index_term(ix, ts->keys.ptr + tok->at, tok->len,
						      tok->head, tok->hash) + 1;
		struct term *t = &ix->terms[to[tn] - 1];
		t->post = grow_postings(t->post, t->npost, &t->cap);
		t->post[t->npost++] = (posting)doc << 4 | tok->fields;
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

/* ---- the index kept between builds ---- */

/* The record: the doc count, the term count, each term's key, posting
 * count and postings (in doc order: each the step from the last doc,
 * shifted, with the fields, in 7-bit groups, low first: a byte or two
 * where four would hold the number; the index at 10,000 pages is 9 MB of
 * postings). The docs' strings are not in it: a kept page's own record has
 * them (search_index_put_doc). */
static void add_varint(unsigned char **o, uint32_t v)
{
	while (v >= 0x80) {
		*(*o)++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*(*o)++ = (unsigned char)v;
}

void search_index_encode(const struct search_index *ix, struct buf *out)
{
	size_t need = 8;
	for (size_t i = 0; i < ix->nterms; i++)
		need += 8 + ix->terms[i].len + (size_t)ix->terms[i].npost * 5;
	buf_grow(out, need);
	buf_add_u32(out, (uint32_t)ix->ndocs);
	buf_add_u32(out, (uint32_t)ix->nterms);
	for (size_t i = 0; i < ix->nterms; i++) {
		const struct term *t = &ix->terms[i];
		buf_add_counted(out, t->key, t->len);
		buf_add_u32(out, t->npost);
		unsigned char *o = (unsigned char *)out->ptr + out->len;
		uint32_t last = 0;
		for (uint32_t k = 0; k < t->npost; k++) {
			uint32_t doc = POST_DOC(t->post[k]);
			add_varint(&o, (doc - last) << 4 | POST_FIELDS(t->post[k]));
			last = doc;
		}
		out->len = (size_t)((char *)o - out->ptr);
	}
	out->ptr[out->len] = '\0';
}

/* The next number of the record (add_varint's): false when it runs past
 * the end or past 32 bits. */
static bool read_varint(struct buf_reader *r, uint32_t *v)
{
	uint32_t x = 0;
	for (unsigned shift = 0; shift < 35; shift += 7) {
		if (!r->left)
			return false;
		unsigned char c = *r->p++;
		r->left--;
		x |= (uint32_t)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return shift < 28 || c < 16 ? (*v = x, true) : false;
	}
	return false;
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
	size_t at = index_term(ix, key, len, search_token_head(key, len),
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
		if (!read_varint(r, &v) || !(v & 15) || (k && v < 16))
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
static void merge_postings(struct term *t, const posting *b, uint32_t nb)
{
	posting *a = t->post;
	uint32_t na = t->npost;
	for (uint32_t i = 1; i < na; i++) /* insertion: a few, nearly sorted */
		for (uint32_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
			posting v = a[j];
			a[j] = a[j - 1];
			a[j - 1] = v;
		}
	posting *m = xreallocarray(NULL, (size_t)na + nb, sizeof *m);
	uint32_t i = 0, j = 0, k = 0;
	while (i < na && j < nb)
		m[k++] = a[i] < b[j] ? a[i++] : b[j++];
	while (i < na)
		m[k++] = a[i++];
	while (j < nb)
		m[k++] = b[j++];
	free(a);
	t->post = m;
	t->npost = t->cap = k;
}

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
		size_t at = index_term(ix, from->key, from->len, from->head, from->hash);
		struct term *t = &ix->terms[at];
		if (!t->npost) { /* only kept docs have it: the list moves */
			free(t->post);
			t->post = from->post;
			t->npost = n;
			t->cap = from->cap;
			from->post = NULL;
			from->npost = from->cap = 0;
		} else {
			merge_postings(t, from->post, n);
		}
	}
}

/* ---- writing ---- */

static void add_uint(struct buf *b, size_t v)
{
	char tmp[NUMFMT_UINT_MAX];
	buf_add(b, tmp, numfmt_uint(tmp, v));
}

/* Terms in byte order of their keys (pointers sorted: no context needed). */
static int by_key(const void *a, const void *b)
{
	const struct term *x = *(const struct term *const *)a;
	const struct term *y = *(const struct term *const *)b;
	return strcmp(x->key, y->key);
}

/* The term shard count: the postings' size over SEARCH_TERM_SHARD_BYTES. */
static size_t term_shards(const struct search_index *ix)
{
	size_t bytes = 0;
	for (size_t i = 0; i < ix->nterms; i++)
		bytes += ix->terms[i].len + 6 + ix->terms[i].npost * 7;
	return bytes / SEARCH_TERM_SHARD_BYTES + 1;
}

/* Postings in doc order (a posting is doc << 4 | fields, and a doc is in
 * a term's list once, so the numbers' order is the docs'). Pages are put
 * from the rendering threads nearly in order: most lists are sorted
 * already; short ones are sorted by insertion, the others by their bytes
 * (four passes), not by calls to a comparison. */
static void sort_postings(posting *p, uint32_t n, posting **tmp, uint32_t *cap)
{
	uint32_t i = 1;
	while (i < n && p[i - 1] <= p[i])
		i++;
	if (i >= n)
		return;
	if (n <= 64) {
		for (; i < n; i++) {
			posting v = p[i];
			uint32_t j = i;
			for (; j > 0 && p[j - 1] > v; j--)
				p[j] = p[j - 1];
			p[j] = v;
		}
		return;
	}
	if (n > *cap) {
		*tmp = xreallocarray(*tmp, n, sizeof **tmp);
		*cap = n;
	}
	/* a byte all the postings share (the high bytes, with fewer than a
	 * million docs) needs no pass */
	posting all_or = 0, all_and = ~(posting)0;
	for (uint32_t k = 0; k < n; k++) {
		all_or |= p[k];
		all_and &= p[k];
	}
	posting *from = p, *to = *tmp;
	for (unsigned shift = 0; shift < 32; shift += 8) {
		if (((all_or ^ all_and) >> shift & 0xff) == 0)
			continue;
		uint32_t count[257] = { 0 };
		for (uint32_t k = 0; k < n; k++)
			count[((from[k] >> shift) & 0xff) + 1]++;
		for (unsigned d = 1; d <= 256; d++)
			count[d] += count[d - 1];
		for (uint32_t k = 0; k < n; k++)
			to[count[(from[k] >> shift) & 0xff]++] = from[k];
		posting *t = from;
		from = to;
		to = t;
	}
	if (from != p) /* an odd number of passes */
		memcpy(p, from, n * sizeof *p);
}

/* The decimal digits of `v` at `o`; past them. Doc numbers are mostly
 * under 10,000: up to four digits without a loop. */
static char *put_uint(char *o, uint32_t v)
{
	if (v < 10) {
		*o++ = (char)('0' + v);
		return o;
	}
	if (v < 10000) {
		uint32_t hi = v / 100, lo = v % 100;
		if (v >= 1000)
			*o++ = (char)('0' + hi / 10);
		if (v >= 100)
			*o++ = (char)('0' + hi % 10);
		*o++ = (char)('0' + lo / 10);
		*o++ = (char)('0' + lo % 10);
		return o;
	}
	return o + numfmt_uint(o, v);
}

/* The text of each doc number and a comma ("123,") as the up to 8 bytes of
 * a little-endian number and their count, made once for all the postings
 * of an index: a posting's doc is then one store, not a digit at a time.
 * 0 bytes: a number of 8 digits or more, written by put_uint. */
struct doc_text {
	uint64_t *text;
	unsigned char *len;
};

static void doc_text_init(struct doc_text *dt, size_t ndocs)
{
	dt->text = xmalloc((ndocs + 1) * sizeof *dt->text);
	dt->len = xmalloc(ndocs + 1);
	for (size_t d = 0; d < ndocs; d++) {
		char tmp[NUMFMT_UINT_MAX + 8] = { 0 };
		size_t n = numfmt_uint(tmp, d);
		tmp[n++] = ',';
		dt->text[d] = n <= 8 ? bytes_le64(tmp) : 0;
		dt->len[d] = (unsigned char)(n <= 8 ? n : 0);
	}
}

static void doc_text_release(struct doc_text *dt)
{
	free(dt->text);
	free(dt->len);
}

/* "key":[doc,fields,...]: the postings written in place (a posting takes
 * at most 10 digits of doc, 2 of fields and 2 commas; the 8 bytes stored
 * for its doc fit in that). */
static void add_term(struct buf *b, const struct term *t, const struct doc_text *dt)
{
	text_escape_json(b, t->key, t->len);
	buf_grow(b, 3 + (size_t)t->npost * 14);
	char *o = b->ptr + b->len;
	*o++ = ':';
	*o++ = '[';
	for (size_t k = 0; k < t->npost; k++) {
		if (k)
			*o++ = ',';
		uint32_t doc = POST_DOC(t->post[k]);
		if (dt->len[doc]) {
			bytes_put_le64(o, dt->text[doc]);
			o += dt->len[doc];
		} else {
			o = put_uint(o, doc);
			*o++ = ',';
		}
		uint32_t f = POST_FIELDS(t->post[k]);
		if (f >= 10)
			*o++ = '1';
		*o++ = (char)('0' + (f >= 10 ? f - 10 : f));
	}
	*o++ = ']';
	b->len = (size_t)(o - b->ptr);
	b->ptr[b->len] = '\0';
}

static int write_term_shards(const struct search_index *ix, size_t nshards,
			     search_write_fn fn, void *ctx)
{
	const struct term **order = xmalloc((ix->nterms + 1) * sizeof *order);
	size_t *shard = xmalloc((ix->nterms + 1) * sizeof *shard);
	for (size_t i = 0; i < ix->nterms; i++)
		order[i] = &ix->terms[i];
	qsort(order, ix->nterms, sizeof *order, by_key);
	for (size_t i = 0; i < ix->nterms; i++) /* the shard of order[i] */
		shard[i] = search_shard_of(order[i]->key,
					   search_shard_key_len(order[i]->key, order[i]->len)) % nshards;
	struct doc_text dt;
	doc_text_init(&dt, ix->ndocs);
	int rc = 0;
	struct buf b = BUF_INIT, name = BUF_INIT;
	for (size_t k = 0; k < nshards && rc == 0; k++) {
		buf_reset(&b);
		buf_addc(&b, '{');
		bool first = true;
		for (size_t i = 0; i < ix->nterms; i++) {
			if (shard[i] != k)
				continue;
			if (!first)
				buf_addc(&b, ',');
			first = false;
			add_term(&b, order[i], &dt);
		}
		buf_adds(&b, "}\n");
		buf_reset(&name);
		buf_addc(&name, 't');
		add_uint(&name, k);
		buf_adds(&name, ".json");
		rc = fn(ctx, name.ptr, &b);
	}
	doc_text_release(&dt);
	buf_release(&b);
	buf_release(&name);
	free((void *)order);
	free(shard);
	return rc;
}

static void add_doc(struct buf *b, const struct idoc *d)
{
	buf_addc(b, '[');
	text_escape_jsons(b, d->title ? d->title : "");
	buf_addc(b, ',');
	text_escape_jsons(b, d->path ? d->path : "");
	buf_addc(b, ',');
	text_escape_jsons(b, d->kind ? d->kind : "");
	buf_addc(b, ',');
	text_escape_jsons(b, d->text ? d->text : "");
	buf_addc(b, ']');
}

/* Doc shards, cut when one reaches SEARCH_DOC_SHARD_BYTES; the first doc
 * of each goes to `starts`. */
static int write_doc_shards(const struct search_index *ix, struct buf *starts,
			    search_write_fn fn, void *ctx)
{
	int rc = 0;
	size_t k = 0;
	struct buf b = BUF_INIT, name = BUF_INIT;
	for (size_t i = 0; i < ix->ndocs && rc == 0; k++) {
		if (k)
			buf_addc(starts, ',');
		add_uint(starts, i);
		buf_reset(&b);
		buf_addc(&b, '[');
		size_t first = i;
		for (; i < ix->ndocs && (i == first || b.len < SEARCH_DOC_SHARD_BYTES); i++) {
			if (i > first)
				buf_addc(&b, ',');
			add_doc(&b, &ix->docs[i]);
		}
		buf_adds(&b, "]\n");
		buf_reset(&name);
		buf_addc(&name, 'd');
		add_uint(&name, k);
		buf_adds(&name, ".json");
		rc = fn(ctx, name.ptr, &b);
	}
	buf_release(&b);
	buf_release(&name);
	return rc;
}

int search_index_write(struct search_index *ix, search_write_fn fn, void *ctx)
{
	/* pages may have been put in any order: postings in doc order */
	posting *tmp = NULL;
	uint32_t cap = 0;
	for (size_t i = 0; i < ix->nterms; i++)
		sort_postings(ix->terms[i].post, ix->terms[i].npost, &tmp, &cap);
	free(tmp);
	size_t nshards = term_shards(ix);
	int rc = write_term_shards(ix, nshards, fn, ctx);
	struct buf starts = BUF_INIT;
	if (rc == 0)
		rc = write_doc_shards(ix, &starts, fn, ctx);
	if (rc == 0) {
		struct buf b = BUF_INIT;
		buf_adds(&b, "{\"v\":1,\"shards\":");
		add_uint(&b, nshards);
		buf_adds(&b, ",\"docs\":");
		add_uint(&b, ix->ndocs);
		buf_adds(&b, ",\"doc_shards\":[");
		buf_addbuf(&b, &starts);
		buf_adds(&b, "],\"title_tokens\":[");
		for (size_t i = 0; i < ix->ndocs; i++) {
			if (i)
				buf_addc(&b, ',');
			add_uint(&b, ix->docs[i].title_tokens);
		}
		buf_adds(&b, "]}\n");
		rc = fn(ctx, "index.json", &b);
		buf_release(&b);
	}
	buf_release(&starts);
	return rc;
}
