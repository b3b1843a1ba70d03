#include "search.h"

#include "buf.h"
#include "strmap.h"
#include "text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- characters ---- */

enum cclass { C_SEP, C_WORD, C_CJK };

/* Decode the UTF-8 sequence at s[*i] (advancing *i); U+FFFD-like 0 and a
 * one-byte step for invalid bytes. */
static unsigned decode(const char *s, size_t len, size_t *i)
{
	const unsigned char *u = (const unsigned char *)s + *i;
	size_t n = text_utf8_sequence(u, len - *i);
	if (n == 0) {
		(*i)++;
		return 0;
	}
	*i += n;
	if (n == 1)
		return u[0];
	unsigned cp = u[0] & (0x7F >> n);
	for (size_t k = 1; k < n; k++)
		cp = (cp << 6) | (u[k] & 0x3F);
	return cp;
}

static bool is_cjk(unsigned cp)
{
	return (cp >= 0x3040 && cp <= 0x30FF) ||   /* kana */
	       (cp >= 0x3400 && cp <= 0x4DBF) ||   /* CJK extension A */
	       (cp >= 0x4E00 && cp <= 0x9FFF) ||   /* CJK unified */
	       (cp >= 0xAC00 && cp <= 0xD7AF) ||   /* hangul */
	       (cp >= 0xF900 && cp <= 0xFAFF) ||   /* compatibility */
	       (cp >= 0x20000 && cp <= 0x2FFFF);   /* supplementary ideographs */
}

/* Letters and digits outside CJK: ASCII alphanumerics and letters from
 * U+00C0 up to the general punctuation block (Latin, Greek, Cyrillic, ...),
 * except × and ÷. */
static enum cclass classify(unsigned cp)
{
	if (cp < 0x80)
		return ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') || (cp >= '0' && cp <= '9')
			? C_WORD : C_SEP;
	if (is_cjk(cp))
		return C_CJK;
	if (cp >= 0xC0 && cp < 0x2000 && cp != 0xD7 && cp != 0xF7)
		return C_WORD;
	return C_SEP;
}

/* ---- tokens ---- */

/* Words longer than this are not indexed (hashes, long numbers). */
#define WORD_MAX 40

void search_tokens(const char *s, size_t len,
		   void (*fn)(void *ctx, const char *token, size_t len), void *ctx)
{
	struct buf tok = BUF_INIT;
	size_t i = 0;
	size_t prev_start = 0, prev_len = 0; /* the previous character */
	bool after_cjk = false;
	for (;;) {
		size_t start = i;
		unsigned cp = 0;
		enum cclass c = C_SEP;
		if (i < len) {
			cp = decode(s, len, &i);
			c = classify(cp);
		}
		if (c != C_WORD && tok.len) {
			if (tok.len <= WORD_MAX)
				fn(ctx, tok.ptr, tok.len);
			buf_reset(&tok);
		}
		if (c == C_WORD) {
			if (cp >= 'A' && cp <= 'Z')
				buf_addc(&tok, (char)(cp + 32));
			else
				buf_add(&tok, s + start, i - start);
		} else if (c == C_CJK && after_cjk) {
			char pair[8];
			memcpy(pair, s + prev_start, prev_len);
			memcpy(pair + prev_len, s + start, i - start);
			pair[prev_len + i - start] = '\0';
			fn(ctx, pair, prev_len + i - start);
		}
		if (start >= len)
			break;
		after_cjk = c == C_CJK;
		prev_start = start;
		prev_len = i - start;
	}
	buf_release(&tok);
}

uint32_t search_shard_of(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

/* The bytes of a token's first two characters: its shard key. */
static size_t shard_key_len(const char *t, size_t len)
{
	size_t i = 0;
	for (int k = 0; k < 2 && i < len; k++)
		decode(t, len, &i);
	return i;
}

/* ---- text of a rendered page ---- */

struct scan {
	const char *p, *end;
	struct buf *headings, *body;
	int skip;      /* depth inside elements whose text is left out */
	int heading;   /* depth inside h1-h6 */
};

static void add_space(struct buf *b)
{
	if (b->len && b->ptr[b->len - 1] != ' ')
		buf_addc(b, ' ');
}

static void add_text(struct scan *sc, const char *t, size_t n)
{
	struct buf *b = sc->heading ? sc->headings : sc->body;
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
			add_space(b);
		else
			buf_addc(b, c);
	}
}

static void add_codepoint(struct scan *sc, unsigned cp)
{
	char u[4];
	size_t n;
	if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		cp = 0xFFFD;
	if (cp == 0xA0) /* a no-break space separates words like a space */
		cp = ' ';
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	add_text(sc, u, n);
}

/* An entity at sc->p ('&'): decoded and skipped; a lone '&' stays. */
static void scan_entity(struct scan *sc)
{
	static const struct { const char *name; unsigned cp; } named[] = {
		{ "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' }, { "quot;", '"' },
		{ "apos;", '\'' }, { "nbsp;", ' ' },
	};
	const char *p = sc->p + 1;
	size_t left = (size_t)(sc->end - p);
	for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
		size_t n = strlen(named[k].name);
		if (left >= n && !memcmp(p, named[k].name, n)) {
			add_codepoint(sc, named[k].cp);
			sc->p = p + n;
			return;
		}
	}
	if (left > 1 && *p == '#') {
		bool hex = p[1] == 'x' || p[1] == 'X';
		const char *q = p + 1 + hex;
		unsigned cp = 0;
		int digits = 0;
		while (q < sc->end && digits < 8) {
			char c = *q;
			int v = c >= '0' && c <= '9' ? c - '0'
				: hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10
				: -1;
			if (v < 0)
				break;
			cp = cp * (hex ? 16 : 10) + (unsigned)v;
			digits++;
			q++;
		}
		if (digits && q < sc->end && *q == ';') {
			add_codepoint(sc, cp);
			sc->p = q + 1;
			return;
		}
	}
	add_text(sc, "&", 1);
	sc->p++;
}

static bool name_is(const char *name, size_t n, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == n && !strncmp(name, *list, n))
			return true;
	return false;
}

static const char *const skipped[] = {
	"script", "style", "svg", "form", "template", NULL
};
static const char *const blocks[] = {
	"p", "div", "li", "ul", "ol", "td", "th", "tr", "table", "br", "section",
	"h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "dl", "figure",
	"figcaption", "caption", "header", "footer", "article", "aside",
	"blockquote", "pre", "nav", "main", "hr", NULL
};

/* A tag at sc->p ('<'): skipped, with its effect on the scan. */
static void scan_tag(struct scan *sc)
{
	const char *p = sc->p + 1;
	bool closing = p < sc->end && *p == '/';
	p += closing;
	const char *name = p;
	while (p < sc->end && (((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z') ||
			       (*p >= '0' && *p <= '9')))
		p++;
	size_t n = (size_t)(p - name);
	const char *gt = memchr(p, '>', (size_t)(sc->end - p));
	sc->p = gt ? gt + 1 : sc->end;
	if (!n)
		return;
	bool self_closing = gt && gt > p && gt[-1] == '/';
	if (name_is(name, n, skipped)) {
		if (!self_closing)
			sc->skip += closing ? (sc->skip > 0 ? -1 : 0) : 1;
		return;
	}
	if (sc->skip)
		return;
	bool heading = n == 2 && (name[0] | 0x20) == 'h' && name[1] >= '1' && name[1] <= '6';
	if (name_is(name, n, blocks))
		add_space(sc->heading ? sc->headings : sc->body);
	if (heading) {
		sc->heading += closing ? (sc->heading > 0 ? -1 : 0) : 1;
		add_space(sc->headings);
	}
}

static void trim_space(struct buf *b)
{
	if (b->len && b->ptr[b->len - 1] == ' ')
		buf_truncate(b, b->len - 1);
}

void search_text_from_html(const char *html, size_t len, struct buf *headings,
			   struct buf *body)
{
	const char *end = html + len;
	const char *open = html;
	/* the page's own content: <main ...> up to its </main> */
	while ((open = memchr(open, '<', (size_t)(end - open))) != NULL) {
		if ((size_t)(end - open) > 5 && !memcmp(open, "<main", 5) &&
		    (open[5] == '>' || open[5] == ' '))
			break;
		open++;
	}
	if (!open)
		return;
	const char *stop = NULL;
	for (const char *q = open; (q = memchr(q, '<', (size_t)(end - q))) != NULL; q++)
		if ((size_t)(end - q) >= 7 && !memcmp(q, "</main>", 7))
			stop = q;
	struct scan sc = { .p = open, .end = stop ? stop : end,
			   .headings = headings, .body = body };
	while (sc.p < sc.end) {
		if (*sc.p == '<') {
			scan_tag(&sc);
			continue;
		}
		const char *q = sc.p;
		while (q < sc.end && *q != '<' && *q != '&')
			q++;
		if (!sc.skip)
			add_text(&sc, sc.p, (size_t)(q - sc.p));
		sc.p = q;
		if (q < sc.end && *q == '&') {
			if (sc.skip)
				sc.p++;
			else
				scan_entity(&sc);
		}
	}
	trim_space(headings);
	trim_space(body);
}

/* ---- the index ---- */

/* A doc number and the fields (4 bits) a term occurs in, as one number
 * (doc << 4 | fields): 4 bytes per posting, in doc order when sorted. */
typedef uint32_t posting;
#define POST_DOC(p) ((p) >> 4)
#define POST_FIELDS(p) ((p) & 15u)

struct term {
	char *key;
	size_t len;
	posting *post;
	uint32_t npost, cap;
};

struct idoc {
	char *title, *path, *kind, *text;
	unsigned title_tokens;
};

struct search_index {
	struct strmap ids; /* token -> term index + 1 */
	struct term *terms;
	size_t nterms, cap_terms;
	struct idoc *docs;
	size_t ndocs, cap_docs;
};

static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 64;
	p = realloc(p, *cap * size);
	if (!p)
		abort();
	return p;
}

/* Postings: most terms have few, so they start small and grow by half. */
static posting *grow_postings(posting *p, uint32_t n, uint32_t *cap)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap + *cap / 2 + 1 : 2;
	p = realloc(p, *cap * sizeof *p);
	if (!p)
		abort();
	return p;
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (!d)
		abort();
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static void idoc_free(struct idoc *d);

struct search_index *search_index_new(void)
{
	struct search_index *ix = calloc(1, sizeof *ix);
	if (!ix)
		abort();
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
	strmap_free(&ix->ids);
	free(ix);
}

/* ---- one page's tokens ---- */

struct page_token {
	size_t at;       /* offset of the token in search_page.keys */
	uint32_t fields;
};

struct search_page {
	struct strmap seen;       /* token -> index + 1 into toks */
	struct page_token *toks;
	size_t ntoks, cap_toks;
	struct buf keys;          /* the tokens, each NUL-terminated */
	struct idoc doc;
};

struct adding {
	struct search_page *pg;
	uint32_t field;
	unsigned count;
};

static void add_token(void *ctx, const char *token, size_t len)
{
	struct adding *a = ctx;
	struct search_page *pg = a->pg;
	a->count++;
	bool created;
	size_t *slot = strmap_slot(&pg->seen, token, &created);
	if (created) {
		pg->toks = grow(pg->toks, pg->ntoks, &pg->cap_toks, sizeof *pg->toks);
		pg->toks[pg->ntoks] = (struct page_token){ pg->keys.len, 0 };
		buf_add(&pg->keys, token, len + 1); /* with its NUL */
		*slot = ++pg->ntoks;
	}
	pg->toks[*slot - 1].fields |= a->field;
}

static void index_field(struct adding *a, const char *s, unsigned field)
{
	if (!s)
		return;
	a->field = field;
	search_tokens(s, strlen(s), add_token, a);
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

struct search_page *search_page_new(const struct search_doc *d)
{
	struct search_page *pg = calloc(1, sizeof *pg);
	if (!pg)
		abort();
	buf_init(&pg->keys);
	struct adding a = { .pg = pg };
	index_field(&a, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = a.count;
	index_field(&a, d->headings, SEARCH_IN_HEADING);
	index_field(&a, d->description, SEARCH_IN_DESCRIPTION);
	index_field(&a, d->body, SEARCH_IN_BODY);
	strmap_free(&pg->seen);
	pg->doc.title = dup_n(d->title, strlen(d->title));
	pg->doc.path = dup_n(d->path, strlen(d->path));
	pg->doc.kind = dup_n(d->kind, strlen(d->kind));
	struct buf text = BUF_INIT;
	if (d->description && *d->description) {
		buf_adds(&text, d->description);
		buf_addc(&text, ' ');
	}
	if (d->body)
		buf_adds(&text, d->body);
	pg->doc.text = dup_n(text.ptr, cut_at(text.ptr, text.len, SEARCH_TEXT_MAX));
	buf_release(&text);
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
	strmap_free(&pg->seen);
	free(pg->toks);
	buf_release(&pg->keys);
	idoc_free(&pg->doc);
	free(pg);
}

void search_index_put(struct search_index *ix, size_t doc, struct search_page *pg)
{
	while (ix->ndocs <= doc) {
		ix->docs = grow(ix->docs, ix->ndocs, &ix->cap_docs, sizeof *ix->docs);
		ix->docs[ix->ndocs++] = (struct idoc){ 0 };
	}
	idoc_free(&ix->docs[doc]);
	ix->docs[doc] = pg->doc;
	pg->doc = (struct idoc){ 0 };
	for (size_t i = 0; i < pg->ntoks; i++) {
		const char *token = pg->keys.ptr + pg->toks[i].at;
		bool created;
		size_t *slot = strmap_slot(&ix->ids, token, &created);
		if (created) {
			ix->terms = grow(ix->terms, ix->nterms, &ix->cap_terms, sizeof *ix->terms);
			ix->terms[ix->nterms] = (struct term){ .key = dup_n(token, strlen(token)),
							       .len = strlen(token) };
			*slot = ++ix->nterms;
		}
		struct term *t = &ix->terms[*slot - 1];
		t->post = grow_postings(t->post, t->npost, &t->cap);
		t->post[t->npost++] = (posting)doc << 4 | pg->toks[i].fields;
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
	const size_t *slot = strmap_get(&ix->ids, token);
	if (!slot)
		return 0;
	const struct term *t = &ix->terms[*slot - 1];
	for (size_t i = 0; i < t->npost; i++)
		if (POST_DOC(t->post[i]) == doc)
			return POST_FIELDS(t->post[i]);
	return 0;
}

/* ---- writing ---- */

static void add_uint(struct buf *b, size_t v)
{
	char tmp[24];
	size_t n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		buf_addc(b, tmp[--n]);
}

static const struct term *sort_terms_;
static int by_key(const void *a, const void *b)
{
	const struct term *x = &sort_terms_[*(const size_t *)a];
	const struct term *y = &sort_terms_[*(const size_t *)b];
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

static int by_doc(const void *a, const void *b)
{
	posting x = *(const posting *)a, y = *(const posting *)b;
	return (x > y) - (x < y);
}

static void add_term(struct buf *b, const struct term *t)
{
	text_escape_json(b, t->key, t->len);
	buf_adds(b, ":[");
	for (size_t k = 0; k < t->npost; k++) {
		if (k)
			buf_addc(b, ',');
		add_uint(b, POST_DOC(t->post[k]));
		buf_addc(b, ',');
		add_uint(b, POST_FIELDS(t->post[k]));
	}
	buf_addc(b, ']');
}

static int write_term_shards(const struct search_index *ix, size_t nshards,
			     search_write_fn fn, void *ctx)
{
	size_t *order = malloc((ix->nterms + 1) * sizeof *order);
	size_t *shard = malloc((ix->nterms + 1) * sizeof *shard);
	if (!order || !shard)
		abort();
	for (size_t i = 0; i < ix->nterms; i++) {
		order[i] = i;
		const struct term *t = &ix->terms[i];
		shard[i] = search_shard_of(t->key, shard_key_len(t->key, t->len)) % nshards;
	}
	sort_terms_ = ix->terms;
	qsort(order, ix->nterms, sizeof *order, by_key);
	int rc = 0;
	struct buf b = BUF_INIT, name = BUF_INIT;
	for (size_t k = 0; k < nshards && rc == 0; k++) {
		buf_reset(&b);
		buf_addc(&b, '{');
		bool first = true;
		for (size_t i = 0; i < ix->nterms; i++) {
			if (shard[order[i]] != k)
				continue;
			if (!first)
				buf_addc(&b, ',');
			first = false;
			add_term(&b, &ix->terms[order[i]]);
		}
		buf_adds(&b, "}\n");
		buf_reset(&name);
		buf_addc(&name, 't');
		add_uint(&name, k);
		buf_adds(&name, ".json");
		rc = fn(ctx, name.ptr, &b);
	}
	buf_release(&b);
	buf_release(&name);
	free(order);
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
	for (size_t i = 0; i < ix->nterms; i++)
		qsort(ix->terms[i].post, ix->terms[i].npost, sizeof(posting), by_doc);
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
