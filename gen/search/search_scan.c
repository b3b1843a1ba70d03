/* The text of a rendered page, for search.c (search_scan.h). */
/* memrchr is a GNU extension of glibc */
#define _GNU_SOURCE
#include "search/search_scan.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct scan {
	const char *p, *end;
	const char *html; /* the page's first byte (figures' offsets) */
	struct sink headings, body;
	int skip;      /* depth inside elements whose text is left out */
	int heading;   /* depth inside h1-h6 */
	struct search_figs *figs; /* NULL: figures not told */
	struct tokenizer *fig_tk; /* inside a figure: its part's tokenizer */
	const char *cut; /* where the body's text was cut (search_scan_snippet) */
};

static struct sink *scan_sink(struct scan *sc)
{
	return sc->heading ? &sc->headings : &sc->body;
}

/* Text added to the sink `k` (which keeps it): once past its max, no more
 * is (its text dropped from the scan's copy of the sink), and the scan
 * notes where (`at`, at or after the text that went past it). */
static inline void text_added(struct scan *sc, struct sink *k, const char *at)
{
	if (k->text->len > k->max) {
		k->text = NULL;
		if (!sc->cut)
			sc->cut = at;
	}
}

/* A space between two parts of the text (a block element's edge), at
 * sc->p. */
static void add_space(struct scan *sc, struct sink *k)
{
	struct buf *b = k->text;
	if (b && b->len && b->ptr[b->len - 1] != ' ') {
		buf_addc(b, ' ');
		text_added(sc, k, sc->p);
	}
	if (k->tk)
		tok_separate(k->tk);
}

/* Append text with its white space collapsed to single spaces (none at
 * the start of the buffer), written straight into the room made for it.
 * Prose (with SSE2): 16 bytes at a time while their only white space is
 * single spaces. Else between spaces, 8 bytes copied at a time up to the
 * first byte of 0x20 or below (found as in word_bytes8: (x - 0x21...) &
 * ~x & 0x80... flags the lowest such byte exactly; the first in the text,
 * x being read little-endian), which is then told a byte at a time: white
 * space or not. */
static void add_collapsed(struct buf *b, const char *t, size_t n)
{
	buf_grow(b, n + 16); /* 16 bytes can be stored at any place */
	char *o = b->ptr + b->len;
	bool space = !b->len || o[-1] == ' ';
	size_t i = 0;
	while (i < n) {
#ifdef BYTES_SSE2
		/* 16 bytes whose only white space is single spaces, none
		 * after a space: copied as they are */
		if (n - i >= 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(t + i));
			unsigned sp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')));
			__m128i other = _mm_or_si128(
				_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
					     _mm_cmpeq_epi8(x, _mm_set1_epi8('\t'))),
				_mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
			if (!_mm_movemask_epi8(other) && !(sp & (sp >> 1 | (unsigned)space))) {
				_mm_storeu_si128((__m128i *)o, x);
				o += 16;
				i += 16;
				space = sp >> 15;
				continue;
			}
		}
#endif
		if (n - i >= 8) {
			uint64_t x = bytes_le64(t + i);
			uint64_t low = (x - BYTES_ONES * 0x21) & ~x & BYTES_HIGH;
			bytes_put_le64(o, x);
			if (!low) {
				o += 8;
				i += 8;
				space = false;
				continue;
			}
			size_t k = (size_t)__builtin_ctzll(low) / 8; /* little-endian */
			if (k) {
				o += k;
				i += k;
				space = false;
			}
		}
		char c = t[i++];
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
	if (k->text) { /* an entity's, at sc->p */
		add_collapsed(k->text, t, n);
		text_added(sc, k, sc->p + 1);
	}
}

/* The run of text at sc->p up to the next tag or entity: tokenized as
 * it is read, then kept for the snippet if the sink keeps text. Inlined
 * in the scan's loop (search_scan_fig_text calls it too): a call per run
 * of text costs the scan a tenth more. */
__attribute__((always_inline))
static inline void scan_run(struct scan *sc)
{
	struct sink *k = scan_sink(sc);
	const char *p = sc->p;
	size_t n;
	if (k->tk && *p == '\n' && sc->end - p > 1 && p[1] == '<') {
		/* the line break between two tags (a third of the runs): what
		 * the tokenizer does with a separator, without its call */
		tok_separate(k->tk);
		n = 1;
	} else if (k->tk) {
		n = tok_feed_until_markup(k->tk, p, (size_t)(sc->end - p));
	} else {
		const char *q = memchr(p, '<', (size_t)(sc->end - p));
		if (!q)
			q = sc->end;
		const char *amp = memchr(p, '&', (size_t)(q - p));
		n = (size_t)((amp ? amp : q) - p);
	}
	sc->p = p + n;
	if (k->text) {
		add_collapsed(k->text, p, n);
		text_added(sc, k, sc->p);
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

/* What a tag does to the text. */
enum tag_kind {
	TAG_INLINE,  /* nothing: text on either side runs together */
	TAG_BLOCK,   /* a space: its edges separate words */
	TAG_SKIPPED, /* its contents are left out (script, style, svg, form, template,
		      * nav: a page's contents list and links to other pages are no
		      * text of its own, and its headings are indexed where they stand) */
	TAG_SPAN,    /* inline, and may open a figure */
};

/* Whether the n bytes at `name` are `lit` (n being its length). */
#define NAME_IS(name, n, lit) ((n) == sizeof lit - 1 && !memcmp(name, lit, sizeof lit - 1))

/* The kind of a tag by its name (lowercase, as pages are written; any
 * other spelling is inline): every tag of a page is told, so by its length
 * and first letter before any comparison. The blocks: p div li ul ol td th
 * tr table br section h1-h6 dt dd dl figure figcaption caption header
 * footer article aside blockquote pre main hr. */
__attribute__((always_inline))
static inline enum tag_kind tag_kind_of(const char *name, size_t n)
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
		if (NAME_IS(name, n, "div") || NAME_IS(name, n, "pre"))
			return TAG_BLOCK;
		return NAME_IS(name, n, "svg") || NAME_IS(name, n, "nav") ? TAG_SKIPPED
									  : TAG_INLINE;
	case 4:
		if (NAME_IS(name, n, "main"))
			return TAG_BLOCK;
		if (NAME_IS(name, n, "span"))
			return TAG_SPAN;
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

/* A tag's name from *p (letters and digits, as the tokenizer reads them):
 * *p moved past it; and the tag's '>', or NULL when the text has none.
 * Most tags end within 16 bytes of their name's start (<p>, </li>,
 * <a href=...> not): one load tells both, where a byte loop and a call to
 * memchr took a step per letter and a call per tag. */
__attribute__((always_inline))
static inline const char *tag_name_end(const char **p, const char *end)
{
	const char *q = *p;
#ifdef BYTES_SSE2
	if (end - q >= 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)q), letters;
		unsigned name = (unsigned)_mm_movemask_epi8(bytes_alnum16(x, &letters));
		unsigned gt = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('>')));
		unsigned len = (unsigned)__builtin_ctz(~name | 0x10000u);
		if (len < 16) {
			*p = q + len;
			return gt ? q + __builtin_ctz(gt) : memchr(q + 16, '>', (size_t)(end - q - 16));
		}
	}
#endif
	while (q < end && search_byte_class[(unsigned char)*q] >= '0')
		q++;
	*p = q;
	return memchr(q, '>', (size_t)(end - q));
}

/* ---- figures ---- */

unsigned search_figs_held(const struct search_figs *f)
{
	unsigned bits = 0;
	for (size_t n = f->n + f->values; n; n >>= 1)
		bits++;
	return bits;
}

void search_figs_release(struct search_figs *f)
{
	free(f->v);
	*f = (struct search_figs){ 0 };
}

/* The kind of the figure text's first character (an entity: unknown). */
static unsigned fig_first(const char *s, size_t len)
{
	return *s == '&' ? SEARCH_EDGE_UNKNOWN : search_char_first(s, len);
}

/* The kind of its last (a text ending in an entity: unknown). */
static unsigned fig_last(const char *s, size_t len)
{
	return s[len - 1] == ';' && memchr(s, '&', len) ? SEARCH_EDGE_UNKNOWN
							: search_char_last(s, len);
}

bool search_fig_apart(const char *s, size_t len, unsigned before, unsigned after)
{
	if (!len)
		return before == SEARCH_CHAR_SEP;
	unsigned first = fig_first(s, len), last = fig_last(s, len);
	return (before == SEARCH_CHAR_SEP || (first != SEARCH_EDGE_UNKNOWN && first != before)) &&
	       (last == SEARCH_CHAR_SEP ||
		(last != SEARCH_EDGE_UNKNOWN && after != SEARCH_EDGE_UNKNOWN && after != last));
}

/* Whether the tag from `lt` ('<') to `gt` ('>') opens a figure. */
static bool is_span_of(const char *lt, const char *gt, const char *open, size_t n)
{
	return gt && (size_t)(gt - lt) >= n && !memcmp(lt, open, n) &&
	       (lt[n] == ' ' || lt[n] == '>');
}

static bool is_fig_tag(const char *lt, const char *gt)
{
	static const char open[] = "<span class=\"fig\"";
	return is_span_of(lt, gt, open, sizeof open - 1);
}

/* A figure of a table's cell (partials/guide-cell): <span class="v">. */
static bool is_value_tag(const char *lt, const char *gt)
{
	static const char open[] = "<span class=\"v\"";
	return is_span_of(lt, gt, open, sizeof open - 1);
}

/* A figure begins after `gt`: its tokens go in the shifted field; a word
 * or pair pending before it ends here when its first character cannot
 * continue it (as that character would end it). */
__attribute__((noinline))
static void fig_begin(struct scan *sc, const char *gt)
{
	struct search_figs *f = sc->figs;
	struct tokenizer *tk = scan_sink(sc)->tk;
	const char *text = gt + 1;
	if (!tk) {
		f->apart = false;
		return;
	}
	unsigned before = tok_pending(tk);
	if (before != SEARCH_CHAR_SEP) {
		/* its text ends at the next '<' (every '<' of the scan is a tag) */
		unsigned first = text < sc->end && *text != '<'
			? fig_first(text, (size_t)(sc->end - text)) : SEARCH_EDGE_UNKNOWN;
		if (first == SEARCH_EDGE_UNKNOWN || first == before)
			f->apart = false;
		else
			tok_separate(tk);
	}
	ALLOC_GROW(f->v, f->n, f->cap);
	f->v[f->n++] = (struct search_fig){ .at = (size_t)(text - sc->html),
					    .field = (unsigned char)tk->field,
					    .before = (unsigned char)before };
	tk->field <<= SEARCH_FIG_SHIFT;
	sc->fig_tk = tk;
}

/* The kind of what follows a figure's end tag (`gt` its '>', or NULL). */
static unsigned fig_after(const struct scan *sc, const char *gt);

/* The first tag (`lt`, `gt`) after a figure's start: its end when a
 * </span> (`span_end`), else a tag inside it (the figure does not stand
 * apart), ended all the same. A word or pair pending at its end ends there
 * when the character after it cannot continue it. */
__attribute__((noinline))
static void fig_end(struct scan *sc, const char *lt, const char *gt, bool span_end)
{
	struct search_figs *f = sc->figs;
	struct search_fig *fig = &f->v[f->n - 1];
	struct tokenizer *tk = sc->fig_tk;
	if (!span_end)
		f->apart = false;
	fig->len = (size_t)(lt - sc->html) - fig->at;
	fig->after = (unsigned char)fig_after(sc, gt);
	unsigned pending = tok_pending(tk);
	if (pending != SEARCH_CHAR_SEP) {
		if (fig->after == SEARCH_EDGE_UNKNOWN || fig->after == pending)
			f->apart = false;
		else
			tok_separate(tk);
	}
	tk->field >>= SEARCH_FIG_SHIFT;
	sc->fig_tk = NULL;
}

/* A tag at sc->p ('<'): skipped, with its effect on the scan. */
__attribute__((always_inline))
static inline void scan_tag(struct scan *sc)
{
	const char *lt = sc->p, *p = sc->p + 1;
	bool closing = p < sc->end && *p == '/';
	p += closing;
	const char *name = p;
	const char *gt = tag_name_end(&p, sc->end);
	size_t n = (size_t)(p - name);
	sc->p = gt ? gt + 1 : sc->end;
	if (sc->fig_tk) /* any tag ends a figure: the first, a </span>, as it should */
		fig_end(sc, lt, gt, closing && NAME_IS(name, n, "span"));
	if (!n)
		return;
	enum tag_kind kind = tag_kind_of(name, n);
	if (kind == TAG_SPAN) {
		if (!closing && sc->figs && !sc->skip) {
			if (is_fig_tag(lt, gt))
				fig_begin(sc, gt);
			else
				sc->figs->values += is_value_tag(lt, gt);
		}
		return;
	}
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
		add_space(sc, scan_sink(sc));
	if (heading) {
		sc->heading += closing ? (sc->heading > 0 ? -1 : 0) : 1;
		add_space(sc, &sc->headings);
	}
}

static unsigned fig_after(const struct scan *sc, const char *gt)
{
	const char *p = gt ? gt + 1 : sc->end;
	if (p >= sc->end)
		return SEARCH_CHAR_SEP; /* the end of the text */
	if (*p == '&')
		return SEARCH_EDGE_UNKNOWN;
	if (*p != '<')
		return search_char_first(p, (size_t)(sc->end - p));
	const char *q = p + 1 + (p + 1 < sc->end && p[1] == '/');
	const char *name = q;
	tag_name_end(&q, sc->end);
	return q > name && tag_kind_of(name, (size_t)(q - name)) == TAG_BLOCK
		? SEARCH_CHAR_SEP : SEARCH_EDGE_UNKNOWN;
}

/* The scan's steps up to its end, or (`cut`: the body's text alone is
 * kept) until that text is cut; inlined as each, so the scan of a whole
 * page does not test for the cut at every step. */
__attribute__((always_inline))
static inline void scan_loop(struct scan *sc, bool cut)
{
	while (sc->p < sc->end) {
		if (cut && !sc->body.text)
			break;
		if (*sc->p == '<') {
			scan_tag(sc);
		} else if (sc->skip) { /* left out up to the next tag */
			const char *q = memchr(sc->p, '<', (size_t)(sc->end - sc->p));
			sc->p = q ? q : sc->end;
		} else if (*sc->p == '&') {
			scan_entity(sc);
		} else {
			scan_run(sc);
		}
	}
}

static void trim_space(struct buf *b)
{
	if (b && b->len && b->ptr[b->len - 1] == ' ')
		buf_truncate(b, b->len - 1);
}

/* The last "</main>" in [from, end), or NULL: searched from the end, as
 * only the footer follows it, one '<' at a time (memrchr). */
static const char *last_main_end(const char *from, const char *end)
{
	const char *q = end;
	while (q - from >= 7) {
		const char *lt = memrchr(from, '<', (size_t)(q - 7 - from) + 1);
		if (!lt)
			return NULL;
		if (!memcmp(lt, "</main>", 7))
			return lt;
		q = lt + 6; /* the next window ends before this '<' */
	}
	return NULL;
}

/* The scan of a page (search_scan_html's): where its body's text was
 * cut (an offset in html; 0: it was not), figures into `figs`. */
static size_t scan_page(const char *html, size_t len, struct sink headings, struct sink body,
			struct search_figs *figs)
{
	if (figs)
		*figs = (struct search_figs){ .v = figs->v, .cap = figs->cap, .apart = true };
	const char *end = html + len;
	const char *open = html;
	/* the page's own content: <main ...> up to its last </main> */
	while ((open = bytes_find(open, (size_t)(end - open), "<main", 5)) != NULL) {
		if ((size_t)(end - open) > 5 && (open[5] == '>' || open[5] == ' '))
			break;
		open++;
	}
	if (!open)
		return 0;
	const char *stop = last_main_end(open, end);
	struct scan sc = { .p = open, .end = stop ? stop : end, .html = html,
			   .headings = headings, .body = body, .figs = figs };
	/* the text alone, of the body only: done once it is cut */
	if (!headings.tk && !headings.text && !body.tk && body.text)
		scan_loop(&sc, true);
	else
		scan_loop(&sc, false);
	if (sc.fig_tk) { /* a figure the text ends in */
		figs->apart = false;
		sc.fig_tk->field >>= SEARCH_FIG_SHIFT;
	}
	trim_space(headings.text);
	trim_space(body.text);
	size_t cut = sc.cut ? (size_t)(sc.cut - html) : 0;
	if (figs)
		figs->cut = cut;
	return cut;
}

void search_scan_html(const char *html, size_t len, struct sink headings,
		      struct sink body, struct search_figs *figs)
{
	scan_page(html, len, headings, body, figs);
}

size_t search_scan_snippet(const char *html, size_t len, struct buf *body, size_t max)
{
	return scan_page(html, len, (struct sink){ NULL, 0, NULL }, (struct sink){ body, max, NULL },
			 NULL);
}

void search_scan_fig_text(const char *s, size_t len, struct sink k)
{
	struct scan sc = { .p = s, .end = s + len, .html = s, .body = k };
	while (sc.p < sc.end) {
		if (*sc.p == '&') {
			scan_entity(&sc);
		} else if (*sc.p == '<') { /* never in a figure's text */
			add_space(&sc, &sc.body);
			sc.p++;
		} else {
			scan_run(&sc);
		}
	}
}

void search_text_from_html(const char *html, size_t len, struct buf *headings,
			   struct buf *body)
{
	search_scan_html(html, len, (struct sink){ headings, SIZE_MAX, NULL },
		  (struct sink){ body, SIZE_MAX, NULL }, NULL);
}
