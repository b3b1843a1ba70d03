/* The characters, words and CJK pairs of search.h, and the text of a
 * rendered page (search_text.h). */
#include "search/search_text.h"

#include "base/buf.h"
#include "base/text.h"

#include <stdbool.h>
#include <stdint.h>
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

static inline bool is_cjk(unsigned cp)
{
	return (cp >= 0x4E00 && cp <= 0x9FFF) ||   /* CJK unified: most of it */
	       (cp >= 0x3040 && cp <= 0x30FF) ||   /* kana */
	       (cp >= 0x3400 && cp <= 0x4DBF) ||   /* CJK extension A */
	       (cp >= 0xAC00 && cp <= 0xD7AF) ||   /* hangul */
	       (cp >= 0xF900 && cp <= 0xFAFF) ||   /* compatibility */
	       (cp >= 0x20000 && cp <= 0x2FFFF);   /* supplementary ideographs */
}

/* Letters and digits outside CJK: ASCII alphanumerics and letters from
 * U+00C0 up to the general punctuation block (Latin, Greek, Cyrillic, ...),
 * except × and ÷. */
static inline enum cclass classify(unsigned cp)
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

/* A word's hash (FNV-1a), a byte at a time as the word is read; a CJK
 * pair's from its two code points. */
#define HASH_STEP(h, c) (((h) ^ (unsigned char)(c)) * 16777619u)
#define PAIR_FIRST(cp) ((cp) * 2654435761u)
#define PAIR_HASH(first, cp) ((first) * 31u + (cp))

uint32_t search_token_hash(const char *token, size_t len)
{
	size_t i = 0;
	unsigned cp = decode(token, len, &i);
	if (i < len && classify(cp) == C_CJK) {
		uint32_t first = PAIR_FIRST(cp);
		return PAIR_HASH(first, decode(token, len, &i));
	}
	uint32_t h = SEARCH_HASH_BASIS;
	for (i = 0; i < len; i++)
		h = HASH_STEP(h, token[i]);
	return h;
}

static void tok_emit(struct tokenizer *t, const char *token, size_t len, uint32_t h)
{
	t->emit(t->ctx, token, len, h);
}

static void tok_end_word(struct tokenizer *t)
{
	if (t->tlen && t->tlen <= WORD_MAX)
		tok_emit(t, t->tok, t->tlen, t->hash);
	t->tlen = 0;
	t->hash = SEARCH_HASH_BASIS;
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

void tok_finish(struct tokenizer *t)
{
	tok_end_word(t);
	t->prev_len = 0;
}

/* A character that is not ASCII: part of a word, a CJK character (a pair
 * with the previous one), or a separator (also an invalid byte). `here`:
 * whether the previous CJK character (if any) is the n bytes just before
 * `c` in the same piece, so that the pair is emitted from the text itself
 * (most pairs), not copied together from t->prev. */
static inline void tok_wide(struct tokenizer *t, const char *c, size_t n, unsigned cp,
			    enum cclass cls, bool here)
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
		uint32_t h = PAIR_HASH(t->prev_hash, cp);
		if (here) {
			tok_emit(t, c - t->prev_len, t->prev_len + n, h);
		} else {
			char pair[8];
			copy_char(pair, t->prev, t->prev_len);
			copy_char(pair + t->prev_len, c, n);
			tok_emit(t, pair, t->prev_len + n, h);
		}
	}
	t->prev_len = n;
	t->prev_hash = PAIR_FIRST(cp);
}

/* After a CJK character that ends at `i` of `s`: the characters of the
 * main CJK block (U+4E00-9FFF, three bytes each: most of a Chinese page)
 * that follow it, each a pair with the one before, read in a loop of
 * their own (what decode, classify and tok_wide would do, without their
 * tests); where the run stops. */
static size_t tok_cjk_run(struct tokenizer *t, const char *s, size_t len, size_t i)
{
	const unsigned char *u = (const unsigned char *)s;
	while (len - i >= 3 && (u[i] & 0xF0) == 0xE0 && (u[i + 1] & 0xC0) == 0x80 &&
	       (u[i + 2] & 0xC0) == 0x80) {
		unsigned cp = (u[i] & 0x0Fu) << 12 | (u[i + 1] & 0x3Fu) << 6 | (u[i + 2] & 0x3Fu);
		if (cp < 0x4E00 || cp > 0x9FFF)
			break;
		tok_emit(t, s + i - t->prev_len, t->prev_len + 3, PAIR_HASH(t->prev_hash, cp));
		t->prev_len = 3;
		t->prev_hash = PAIR_FIRST(cp);
		i += 3;
	}
	return i;
}

/* An ASCII byte as a word character (lowercased), or 0: a separator or a
 * byte of a wider character (the rest of the 256 are 0). */
static const unsigned char ascii_word[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 0, 0, 0, 0, 0, 0,
	0, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 0, 0, 0, 0, 0,
	0, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 0, 0, 0, 0, 0,
};

/* Feed `len` bytes of text: ASCII (most of any page) in loops of its
 * own, without a call per byte. */
void tok_feed(struct tokenizer *t, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	/* the end of the last CJK character read from this piece: a pair
	 * ending right after it is read from `s` itself */
	size_t cjk_end = SIZE_MAX;
	while (i < len) {
		if (u[i] >= 0x80) {
			size_t start = i;
			unsigned cp = decode(s, len, &i);
			enum cclass cls = classify(cp);
			tok_wide(t, s + start, i - start, cp, cls, cjk_end == start);
			if (cls == C_CJK) {
				i = tok_cjk_run(t, s, len, i);
				cjk_end = i;
			}
			continue;
		}
		t->prev_len = 0;
		/* a run of ASCII word characters, the word's length and hash
		 * kept in registers (a store to t->tok could alias them) */
		size_t tlen = t->tlen;
		uint32_t h = t->hash;
		unsigned char w;
		while (i < len && (w = ascii_word[u[i]]) != 0 && tlen < WORD_MAX) {
			t->tok[tlen++] = (char)w;
			h = HASH_STEP(h, w);
			i++;
		}
		if (i < len && ascii_word[u[i]]) {
			tlen = WORD_MAX + 1; /* too long: skipped at its end */
			while (i < len && ascii_word[u[i]])
				i++;
		}
		t->tlen = tlen;
		t->hash = h;
		/* then a run of ASCII separators */
		if (i < len && u[i] < 0x80) {
			tok_end_word(t);
			while (i < len && u[i] < 0x80 && !ascii_word[u[i]])
				i++;
		}
	}
	/* a CJK character this piece ends with pairs with the next piece's
	 * first: kept */
	if (t->prev_len && cjk_end == len)
		copy_char(t->prev, s + len - t->prev_len, t->prev_len);
}

/* search_tokens' callback, without the hash. */
struct plain {
	void (*fn)(void *ctx, const char *token, size_t len);
	void *ctx;
};

static void emit_plain(void *ctx, const char *token, size_t len, uint32_t hash)
{
	(void)hash;
	struct plain *p = ctx;
	p->fn(p->ctx, token, len);
}

void search_tokens(const char *s, size_t len,
		   void (*fn)(void *ctx, const char *token, size_t len), void *ctx)
{
	struct plain p = { fn, ctx };
	struct tokenizer t = { .emit = emit_plain, .ctx = &p, .hash = SEARCH_HASH_BASIS };
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

size_t search_shard_key_len(const char *t, size_t len)
{
	size_t i = 0;
	for (int k = 0; k < 2 && i < len; k++)
		decode(t, len, &i);
	return i;
}

/* ---- text of a rendered page ---- */

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

/* What a tag does to the text. */
enum tag_kind {
	TAG_INLINE,  /* nothing: text on either side runs together */
	TAG_BLOCK,   /* a space: its edges separate words */
	TAG_SKIPPED, /* its contents are left out (script, style, svg, form, template) */
};

/* Whether the n bytes at `name` are `lit` (n being its length). */
#define NAME_IS(name, n, lit) ((n) == sizeof lit - 1 && !memcmp(name, lit, sizeof lit - 1))

/* The kind of a tag by its name (lowercase, as pages are written; any
 * other spelling is inline): every tag of a page is told, so by its length
 * and first letter before any comparison. The blocks: p div li ul ol td th
 * tr table br section h1-h6 dt dd dl figure figcaption caption header
 * footer article aside blockquote pre nav main hr. */
static enum tag_kind tag_kind_of(const char *name, size_t n)
{
	char c = name[0], d = n > 1 ? name[1] : 0;
	switch (n) {
	case 1:
		return c == 'p' ? TAG_BLOCK : TAG_INLINE;
	case 2:
		if ((c == 'h' && d >= '1' && d <= '6') ||
		    (c == 'l' && d == 'i') || (c == 'u' && d == 'l') || (c == 'o' && d == 'l') ||
		    (c == 't' && (d == 'd' || d == 'h' || d == 'r')) ||
		    (c == 'b' && d == 'r') || (c == 'h' && d == 'r') ||
		    (c == 'd' && (d == 't' || d == 'd' || d == 'l')))
			return TAG_BLOCK;
		return TAG_INLINE;
	case 3:
		if (NAME_IS(name, n, "div") || NAME_IS(name, n, "pre") || NAME_IS(name, n, "nav"))
			return TAG_BLOCK;
		return NAME_IS(name, n, "svg") ? TAG_SKIPPED : TAG_INLINE;
	case 4:
		if (NAME_IS(name, n, "main"))
			return TAG_BLOCK;
		return NAME_IS(name, n, "form") ? TAG_SKIPPED : TAG_INLINE;
	case 5:
		if (NAME_IS(name, n, "table") || NAME_IS(name, n, "aside"))
			return TAG_BLOCK;
		return NAME_IS(name, n, "style") ? TAG_SKIPPED : TAG_INLINE;
	case 6:
		if (NAME_IS(name, n, "figure") || NAME_IS(name, n, "header") ||
		    NAME_IS(name, n, "footer"))
			return TAG_BLOCK;
		return NAME_IS(name, n, "script") ? TAG_SKIPPED : TAG_INLINE;
	case 7:
		return NAME_IS(name, n, "section") || NAME_IS(name, n, "caption") ||
				       NAME_IS(name, n, "article")
			       ? TAG_BLOCK : TAG_INLINE;
	case 8:
		return NAME_IS(name, n, "template") ? TAG_SKIPPED : TAG_INLINE;
	case 10:
		return NAME_IS(name, n, "figcaption") || NAME_IS(name, n, "blockquote")
			       ? TAG_BLOCK : TAG_INLINE;
	default:
		return TAG_INLINE;
	}
}

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
	enum tag_kind kind = tag_kind_of(name, n);
	if (kind == TAG_SKIPPED) {
		bool self_closing = gt && gt > p && gt[-1] == '/';
		if (!self_closing)
			sc->skip += closing ? (sc->skip > 0 ? -1 : 0) : 1;
		return;
	}
	if (sc->skip)
		return;
	bool heading = n == 2 && (name[0] | 0x20) == 'h' && name[1] >= '1' && name[1] <= '6';
	if (kind == TAG_BLOCK)
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
	/* Horspool's search run backwards: when the window [q - 7, q) is not
	 * "</main>", the next window that could be starts where its first
	 * byte, c, stands in "</main>" after the '<' (1 for '/', 2 for 'm',
	 * ..., 6 for '>'), or 7 bytes further when c is none of them */
	const char *q = end;
	while (q - from >= 7) {
		const char *w = q - 7;
		if (*w == '<' && !memcmp(w, "</main>", 7))
			return w;
		switch (*w) {
		case '/': q -= 1; break;
		case 'm': q -= 2; break;
		case 'a': q -= 3; break;
		case 'i': q -= 4; break;
		case 'n': q -= 5; break;
		case '>': q -= 6; break;
		default: q -= 7; break;
		}
	}
	return NULL;
}
void search_scan_html(const char *html, size_t len, struct sink headings,
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
	search_scan_html(html, len, (struct sink){ headings, SIZE_MAX, NULL },
		  (struct sink){ body, SIZE_MAX, NULL });
}
