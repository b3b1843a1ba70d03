#include "search/search.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/strmap.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- characters ---- */

enum cclass { C_SEP, C_WORD, C_CJK };

/* Decode the UTF-8 sequence at s[*i] (advancing *i); U+FFFD-like 0 and a
 * one-byte step for invalid bytes. */
static inline unsigned decode(const char *s, size_t len, size_t *i)
{
	const unsigned char *u = (const unsigned char *)s + *i;
	/* three bytes (all of CJK) checked here: what text_utf8_sequence
	 * accepts, no overlong form, no surrogate */
	if ((u[0] & 0xF0) == 0xE0 && len - *i >= 3 && (u[1] & 0xC0) == 0x80 &&
	    (u[2] & 0xC0) == 0x80) {
		unsigned cp = (u[0] & 0x0Fu) << 12 | (u[1] & 0x3Fu) << 6 | (u[2] & 0x3Fu);
		if (cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) {
			*i += 3;
			return cp;
		}
	}
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

/* The tokenizer between two pieces of one text: a page's text comes in
 * runs between tags and entities, and a word or a CJK pair may span two
 * of them (`<em>GDDR</em>6X` is one word, as in the text the page shows). */
struct adding;

struct tokenizer {
	void (*emit)(void *ctx, const char *token, size_t len);
	void *ctx;
	struct adding *page; /* not NULL: tokens go to this page, not to emit */
	uint32_t hash;   /* the hash of the word so far (HASH_STEP) */
	/* a CJK pair's hash comes from its two code points, not its bytes: a
	 * pair is never a word, so the two kinds need not hash alike */
	uint32_t prev_hash;
	size_t tlen;     /* bytes of the word so far; WORD_MAX + 1: too long */
	size_t prev_len; /* bytes of the previous character if it was CJK, else 0 */
	char prev[4];
	char tok[WORD_MAX + 5];
};

/* A word's hash (FNV-1a), computed while its bytes are read. */
#define HASH_BASIS 2166136261u
#define HASH_STEP(h, c) (((h) ^ (unsigned char)(c)) * 16777619u)

static void page_add(struct adding *a, const char *token, size_t len, uint32_t h);

static void tok_emit(struct tokenizer *t, const char *token, size_t len, uint32_t h)
{
	if (t->page)
		page_add(t->page, token, len, h);
	else
		t->emit(t->ctx, token, len);
}

static void tok_end_word(struct tokenizer *t)
{
	if (t->tlen && t->tlen <= WORD_MAX)
		tok_emit(t, t->tok, t->tlen, t->hash);
	t->tlen = 0;
	t->hash = HASH_BASIS;
}

/* The n (1 to 4) bytes of a character, copied without a call. */
static void copy_char(char *to, const char *from, size_t n)
{
	switch (n) {
	case 4:
		to[3] = from[3];
		/* fall through */
	case 3:
		to[2] = from[2];
		/* fall through */
	case 2:
		to[1] = from[1];
		/* fall through */
	default:
		to[0] = from[0];
	}
}

/* The end of a text, or a separator that is not in it (a block tag). */
static void tok_finish(struct tokenizer *t)
{
	tok_end_word(t);
	t->prev_len = 0;
}

/* A character that is not ASCII: part of a word, a CJK character (a pair
 * with the previous one), or a separator (also an invalid byte). */
static void tok_wide(struct tokenizer *t, const char *c, size_t n, unsigned cp,
		     enum cclass cls)
{
	if (cls == C_WORD) {
		if (t->tlen + n > WORD_MAX) {
			t->tlen = WORD_MAX + 1; /* too long: skipped at its end */
		} else {
			copy_char(t->tok + t->tlen, c, n);
			t->tlen += n;
			for (size_t j = 0; j < n; j++)
				t->hash = HASH_STEP(t->hash, c[j]);
		}
		t->prev_len = 0;
		return;
	}
	tok_end_word(t);
	if (cls != C_CJK) {
		t->prev_len = 0;
		return;
	}
	if (t->prev_len) {
		char pair[8];
		copy_char(pair, t->prev, t->prev_len);
		copy_char(pair + t->prev_len, c, n);
		tok_emit(t, pair, t->prev_len + n, t->prev_hash * 31u + cp);
	}
	copy_char(t->prev, c, n);
	t->prev_len = n;
	t->prev_hash = cp * 2654435761u;
}

/* An ASCII byte as a word character (lowercased), or 0: a separator. */
static const unsigned char ascii_word[128] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 0, 0, 0, 0, 0, 0,
	0, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 0, 0, 0, 0, 0,
	0, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 0, 0, 0, 0, 0,
};

/* Feed `len` bytes of text: ASCII (most of any page) in a loop of its
 * own, without a call per byte. */
static void tok_feed(struct tokenizer *t, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned char u = (unsigned char)s[i];
		if (u < 0x80) {
			i++;
			unsigned char w = ascii_word[u];
			if (w) {
				if (t->tlen >= WORD_MAX) {
					t->tlen = WORD_MAX + 1;
				} else {
					t->tok[t->tlen++] = (char)w;
					t->hash = HASH_STEP(t->hash, w);
				}
			} else if (t->tlen) {
				tok_end_word(t);
			}
			t->prev_len = 0;
			continue;
		}
		size_t start = i;
		unsigned cp = decode(s, len, &i);
		tok_wide(t, s + start, i - start, cp, classify(cp));
	}
}

void search_tokens(const char *s, size_t len,
		   void (*fn)(void *ctx, const char *token, size_t len), void *ctx)
{
	struct tokenizer t = { .emit = fn, .ctx = ctx, .hash = HASH_BASIS };
	tok_feed(&t, s, len);
	tok_finish(&t);
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

/* Where the text of one part (headings, or the rest) goes: a buffer (NULL:
 * not kept; kept up to `max` bytes and then no more, the cut being the
 * caller's), a tokenizer (NULL: not tokenized), or both. */
struct sink {
	struct buf *text;
	size_t max;
	struct tokenizer *tk;
};

struct scan {
	const char *p, *end;
	struct sink headings, body;
	int skip;      /* depth inside elements whose text is left out */
	int heading;   /* depth inside h1-h6 */
};

static struct sink *scan_sink(struct scan *sc)
{
	return sc->heading ? &sc->headings : &sc->body;
}

/* A space between two parts of the text (a block element's edge). */
static void add_space(struct sink *k)
{
	struct buf *b = k->text;
	if (b && b->len && b->len <= k->max && b->ptr[b->len - 1] != ' ')
		buf_addc(b, ' ');
	if (k->tk)
		tok_finish(k->tk);
}

/* Append text with its white space collapsed to single spaces (none at
 * the start of the buffer), written straight into the room made for it. */
static void add_collapsed(struct buf *b, const char *t, size_t n)
{
	buf_grow(b, n);
	char *o = b->ptr + b->len;
	bool space = !b->len || o[-1] == ' ';
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
			if (!space)
				*o++ = ' ';
			space = true;
		} else {
			*o++ = c;
			space = false;
		}
	}
	b->len = (size_t)(o - b->ptr);
	b->ptr[b->len] = '\0';
}

static void add_text(struct scan *sc, const char *t, size_t n)
{
	struct sink *k = scan_sink(sc);
	if (!n)
		return;
	if (k->tk)
		tok_feed(k->tk, t, n);
	if (k->text && k->text->len <= k->max)
		add_collapsed(k->text, t, n);
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

struct tag_name {
	const char *s;
	size_t len;
};
#define TAG(s) { s, sizeof s - 1 }

/* Whether the n bytes at `name` are one of the list's names (every tag of
 * a page is looked up: a name longer than any listed is none, and names
 * are compared by hand, without a call per entry). */
static bool name_is(const char *name, size_t n, const struct tag_name *list)
{
	if (n > 10)
		return false;
	for (; list->s; list++) {
		if (list->len != n || list->s[0] != name[0])
			continue;
		size_t i = 1;
		while (i < n && list->s[i] == name[i])
			i++;
		if (i == n)
			return true;
	}
	return false;
}

static const struct tag_name skipped[] = {
	TAG("script"), TAG("style"), TAG("svg"), TAG("form"), TAG("template"), { NULL, 0 }
};
static const struct tag_name blocks[] = {
	TAG("p"), TAG("div"), TAG("li"), TAG("ul"), TAG("ol"), TAG("td"), TAG("th"),
	TAG("tr"), TAG("table"), TAG("br"), TAG("section"), TAG("h1"), TAG("h2"),
	TAG("h3"), TAG("h4"), TAG("h5"), TAG("h6"), TAG("dt"), TAG("dd"), TAG("dl"),
	TAG("figure"), TAG("figcaption"), TAG("caption"), TAG("header"), TAG("footer"),
	TAG("article"), TAG("aside"), TAG("blockquote"), TAG("pre"), TAG("nav"),
	TAG("main"), TAG("hr"), { NULL, 0 }
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
		add_space(scan_sink(sc));
	if (heading) {
		sc->heading += closing ? (sc->heading > 0 ? -1 : 0) : 1;
		add_space(&sc->headings);
	}
}

static void trim_space(struct buf *b)
{
	if (b && b->len && b->ptr[b->len - 1] == ' ')
		buf_truncate(b, b->len - 1);
}

/* The last "</main>" in [from, end), or NULL: searched from the end, as
 * only the footer follows it. */
static const char *last_main_end(const char *from, const char *end)
{
	for (const char *q = end; q - from >= 7; q--)
		if (q[-7] == '<' && !memcmp(q - 7, "</main>", 7))
			return q - 7;
	return NULL;
}

/* The one pass over a page: the inside of its <main> element, its text
 * to the two sinks. */
static void scan_html(const char *html, size_t len, struct sink headings,
		      struct sink body)
{
	const char *end = html + len;
	const char *open = html;
	/* the page's own content: <main ...> up to its last </main> */
	while ((open = memchr(open, '<', (size_t)(end - open))) != NULL) {
		if ((size_t)(end - open) > 5 && !memcmp(open, "<main", 5) &&
		    (open[5] == '>' || open[5] == ' '))
			break;
		open++;
	}
	if (!open)
		return;
	const char *stop = last_main_end(open, end);
	struct scan sc = { .p = open, .end = stop ? stop : end,
			   .headings = headings, .body = body };
	while (sc.p < sc.end) {
		if (*sc.p == '<') {
			scan_tag(&sc);
			continue;
		}
		/* the run up to the next tag or entity */
		const char *q = memchr(sc.p, '<', (size_t)(sc.end - sc.p));
		if (!q)
			q = sc.end;
		const char *amp = memchr(sc.p, '&', (size_t)(q - sc.p));
		if (amp)
			q = amp;
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
	trim_space(headings.text);
	trim_space(body.text);
}

void search_text_from_html(const char *html, size_t len, struct buf *headings,
			   struct buf *body)
{
	scan_html(html, len, (struct sink){ headings, SIZE_MAX, NULL },
		  (struct sink){ body, SIZE_MAX, NULL });
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
	struct strmap ids; /* token (borrowed: the term's key) -> term index + 1 */
	struct term *terms;
	size_t nterms, cap_terms;
	struct idoc *docs;
	size_t ndocs, cap_docs;
};

/* Postings: most terms have few, so they start small and grow by half. */
static posting *grow_postings(posting *p, uint32_t n, uint32_t *cap)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap + *cap / 2 + 1 : 2;
	return xreallocarray(p, *cap, sizeof *p);
}

static void idoc_free(struct idoc *d);

struct search_index *search_index_new(void)
{
	struct search_index *ix = xcalloc(1, sizeof *ix);
	ix->ids = (struct strmap)STRMAP_INIT_BORROWED;
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
	const char *key; /* in search_page.keys */
	size_t len;
	uint32_t fields;
	uint32_t hash;   /* token_hash of the key */
};

/* A page's distinct tokens: an open-addressed table of its own (a
 * power-of-two number of slots, at most half full, each the index + 1 of
 * a token, 0 when empty), the only lookup a token occurrence costs; the
 * index's map of terms is asked once per distinct token, when the page is
 * merged. */
struct search_page {
	uint32_t *slots;
	size_t nslots;
	struct page_token *toks;  /* in the order first seen */
	size_t ntoks, cap_toks;
	struct arena keys;        /* the tokens, each NUL-terminated */
	struct idoc doc;
};

struct adding {
	struct search_page *pg;
	uint32_t field;
	unsigned count;
};

/* Twice the slots, every token placed again by its kept hash. */
static void page_grow_slots(struct search_page *pg)
{
	size_t n = pg->nslots ? pg->nslots * 2 : 256;
	uint32_t *slots = xcalloc(n, sizeof *slots);
	for (size_t i = 0; i < pg->ntoks; i++) {
		size_t k = pg->toks[i].hash & (n - 1);
		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = (uint32_t)i + 1;
	}
	free(pg->slots);
	pg->slots = slots;
	pg->nslots = n;
}

/* Tokens are short: compared in a loop, not by a call. */
static bool same_bytes(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* A token of the page, `h` its hash (the tokenizer's: a given token
 * always has the same). */
static void page_add(struct adding *a, const char *token, size_t len, uint32_t h)
{
	struct search_page *pg = a->pg;
	a->count++;
	if (pg->ntoks * 2 >= pg->nslots)
		page_grow_slots(pg);
	h ^= h >> 15; /* FNV's low bits alone place short keys poorly */
	size_t mask = pg->nslots - 1, k = h & mask;
	for (; pg->slots[k]; k = (k + 1) & mask) {
		struct page_token *t = &pg->toks[pg->slots[k] - 1];
		if (t->hash == h && t->len == len && same_bytes(t->key, token, len)) {
			t->fields |= a->field;
			return;
		}
	}
	/* a copy that stays put (the token lives only during this call) */
	const char *key = arena_strndup(&pg->keys, token, len);
	ALLOC_GROW(pg->toks, pg->ntoks, pg->cap_toks);
	pg->toks[pg->ntoks] = (struct page_token){ key, len, a->field, h };
	pg->slots[k] = (uint32_t)++pg->ntoks;
}

static void index_field(struct adding *a, const char *s, unsigned field)
{
	if (!s)
		return;
	a->field = field;
	struct tokenizer t = { .page = a, .hash = HASH_BASIS };
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
	free(pg->slots);
	pg->slots = NULL;
	pg->nslots = 0;
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
	struct search_page *pg = xcalloc(1, sizeof *pg);
	struct adding a = { .pg = pg };
	index_field(&a, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = a.count;
	index_field(&a, d->headings, SEARCH_IN_HEADING);
	index_field(&a, d->description, SEARCH_IN_DESCRIPTION);
	index_field(&a, d->body, SEARCH_IN_BODY);
	page_set_doc(pg, d, d->body ? d->body : "", d->body ? strlen(d->body) : 0);
	return pg;
}

struct search_page *search_page_from_html(const struct search_doc *d, const char *html,
					  size_t len)
{
	struct search_page *pg = xcalloc(1, sizeof *pg);
	struct adding a = { .pg = pg };
	index_field(&a, d->title, SEARCH_IN_TITLE);
	pg->doc.title_tokens = a.count;
	index_field(&a, d->description, SEARCH_IN_DESCRIPTION);
	struct adding ah = { .pg = pg, .field = SEARCH_IN_HEADING };
	struct adding ab = { .pg = pg, .field = SEARCH_IN_BODY };
	struct tokenizer th = { .page = &ah, .hash = HASH_BASIS };
	struct tokenizer tb = { .page = &ab, .hash = HASH_BASIS };
	/* the body is kept only as far as the snippet can reach (plus a
	 * character, for the cut); the headings are only tokenized */
	struct buf body = BUF_INIT;
	scan_html(html, len, (struct sink){ NULL, 0, &th },
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
	free(pg->slots);
	free(pg->toks);
	arena_free(&pg->keys);
	idoc_free(&pg->doc);
	free(pg);
}

/* The record: title_tokens, the doc's four strings, then each token's
 * fields and bytes (buf.h's records). */
void search_page_encode(const struct search_page *pg, struct buf *out)
{
	const struct idoc *d = &pg->doc;
	buf_add_u32(out, d->title_tokens);
	const char *const strs[] = { d->title, d->path, d->kind, d->text };
	for (size_t i = 0; i < 4; i++)
		buf_add_counted(out, strs[i], strlen(strs[i]));
	buf_add_u32(out, (uint32_t)pg->ntoks);
	for (size_t i = 0; i < pg->ntoks; i++) {
		buf_add_u32(out, pg->toks[i].fields);
		buf_add_counted(out, pg->toks[i].key, pg->toks[i].len);
	}
}

struct search_page *search_page_decode(const char *data, size_t len)
{
	struct buf_reader r = { (const unsigned char *)data, len, false };
	struct search_page *pg = xcalloc(1, sizeof *pg);
	pg->doc.title_tokens = buf_read_u32(&r);
	char **strs[] = { &pg->doc.title, &pg->doc.path, &pg->doc.kind, &pg->doc.text };
	for (size_t i = 0; i < 4; i++) {
		size_t n;
		const char *p = buf_read_counted(&r, &n);
		*strs[i] = xstrndup(p ? p : "", n);
	}
	size_t ntoks = buf_read_u32(&r);
	for (size_t i = 0; i < ntoks && !r.bad; i++) {
		uint32_t fields = buf_read_u32(&r);
		size_t n;
		const char *p = buf_read_counted(&r, &n);
		if (!p || !n)
			break;
		ALLOC_GROW(pg->toks, pg->ntoks, pg->cap_toks);
		pg->toks[pg->ntoks++] = (struct page_token){
			arena_strndup(&pg->keys, p, n), n, fields, 0 };
	}
	if (r.bad || pg->ntoks != ntoks || r.left) {
		search_page_free(pg);
		return NULL;
	}
	return pg;
}

void search_index_put(struct search_index *ix, size_t doc, struct search_page *pg)
{
	while (ix->ndocs <= doc) {
		ALLOC_GROW(ix->docs, ix->ndocs, ix->cap_docs);
		ix->docs[ix->ndocs++] = (struct idoc){ 0 };
	}
	idoc_free(&ix->docs[doc]);
	ix->docs[doc] = pg->doc;
	pg->doc = (struct idoc){ 0 };
	for (size_t i = 0; i < pg->ntoks; i++) {
		const struct page_token *tok = &pg->toks[i];
		const size_t *known = strmap_get_n(&ix->ids, tok->key, tok->len);
		size_t k = known ? *known - 1 : ix->nterms;
		if (!known) {
			ALLOC_GROW(ix->terms, ix->nterms, ix->cap_terms);
			char *key = xstrndup(tok->key, tok->len); /* the map borrows it */
			ix->terms[ix->nterms++] = (struct term){ .key = key, .len = tok->len };
			*strmap_slot_n(&ix->ids, key, tok->len, NULL) = ix->nterms;
		}
		struct term *t = &ix->terms[k];
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
	const size_t *known = strmap_get(&ix->ids, token);
	if (!known)
		return 0;
	const struct term *t = &ix->terms[*known - 1];
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
	posting *from = p, *to = *tmp;
	for (unsigned shift = 0; shift < 32; shift += 8) {
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
	/* after an even number of passes the sorted list is back in `p` */
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
	const struct term **order = xmalloc((ix->nterms + 1) * sizeof *order);
	size_t *shard = xmalloc((ix->nterms + 1) * sizeof *shard);
	for (size_t i = 0; i < ix->nterms; i++)
		order[i] = &ix->terms[i];
	qsort(order, ix->nterms, sizeof *order, by_key);
	for (size_t i = 0; i < ix->nterms; i++) /* the shard of order[i] */
		shard[i] = search_shard_of(order[i]->key,
					   shard_key_len(order[i]->key, order[i]->len)) % nshards;
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
			add_term(&b, order[i]);
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
