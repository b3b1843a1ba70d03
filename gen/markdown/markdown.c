/* memmem is a GNU extension of glibc */
#define _GNU_SOURCE

#include "markdown/markdown.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <cmark.h>
#include <ctype.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *shortcode_arg(const struct shortcode *sc, const char *key)
{
	for (size_t i = 0; i < sc->nargs; i++)
		if (!strcmp(sc->args[i].key, key))
			return sc->args[i].val;
	return NULL;
}

/* ---- shortcodes ---- */

/* A shortcode is replaced by a token that survives cmark untouched: two
 * private-use characters (U+E000, U+E001) around its number. Authors cannot
 * forge one: those characters are replaced in the body before scanning. */
#define TOKEN_OPEN "\xEE\x80\x80"
#define TOKEN_CLOSE "\xEE\x80\x81"
#define TOKEN_FMT TOKEN_OPEN "%06zu" TOKEN_CLOSE
enum { TOKEN_LEN = 12 };

/* True when a whole token starts at `p` (NUL-terminated); sets *idx. */
static bool token_at(const char *p, size_t *idx)
{
	if (strncmp(p, TOKEN_OPEN, 3))
		return false;
	for (int i = 3; i < 9; i++)
		if (p[i] < '0' || p[i] > '9')
			return false;
	if (strncmp(p + 9, TOKEN_CLOSE, 3))
		return false;
	*idx = (size_t)strtoul(p + 3, NULL, 10);
	return true;
}

/* Replace U+E000 and U+E001 in the author's text by U+FFFD (same length,
 * so positions stay), so that only the scanner makes tokens. */
static void defuse_tokens(char *body)
{
	for (char *p = body; (p = strstr(p, "\xEE\x80")); p += 3) {
		if (p[2] != '\x80' && p[2] != '\x81')
			continue;
		memcpy(p, "\xEF\xBF\xBD", 3);
	}
}

struct found {
	struct shortcode sc;
	char *storage; /* the shortcode's text, holding name and args */
	struct buf html;
};

struct scan {
	struct article *a;
	struct found *items;
	size_t n, cap;
	struct buf md; /* body with shortcodes replaced by tokens */
	struct diag *diag;
	int errors;
};

/* Split "name k=v k="v w"" (in place) into sc; returns 0 or -1. */
static int shortcode_parse(char *s, struct shortcode *sc, struct diag *diag)
{
	while (*s == ' ')
		s++;
	sc->name = s;
	while (*s && *s != ' ')
		s++;
	if (*s)
		*s++ = '\0';
	if (!*sc->name) {
		diag_error(diag, sc->path, sc->line, sc->col, "shortcode has no name");
		return -1;
	}
	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		char *key = s;
		while (*s && *s != '=' && *s != ' ')
			s++;
		if (*s != '=' || s == key) {
			diag_error(diag, sc->path, sc->line, sc->col,
				   "shortcode \"%s\": expected key=value", sc->name);
			return -1;
		}
		*s++ = '\0';
		char *val;
		if (*s == '"') {
			val = ++s;
			while (*s && *s != '"')
				s++;
			if (*s != '"') {
				diag_error(diag, sc->path, sc->line, sc->col,
					   "shortcode \"%s\": unterminated quote",
					   sc->name);
				return -1;
			}
			*s++ = '\0';
		} else {
			val = s;
			while (*s && *s != ' ')
				s++;
			if (*s)
				*s++ = '\0';
		}
		if (sc->nargs == SHORTCODE_MAX_ARGS) {
			diag_error(diag, sc->path, sc->line, sc->col,
				   "shortcode \"%s\": too many arguments", sc->name);
			return -1;
		}
		sc->args[sc->nargs].key = key;
		sc->args[sc->nargs].val = val;
		sc->nargs++;
	}
	return 0;
}

static size_t line_start(const char *s, size_t i)
{
	while (i > 0 && s[i - 1] != '\n')
		i--;
	return i;
}

static bool blank_between(const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* Append the token of shortcode number `n` (TOKEN_FMT, without printf). */
static void add_token(struct buf *md, size_t n)
{
	if (n > 999999) {
		buf_addf(md, TOKEN_FMT, n); /* not a token: left as text */
		return;
	}
	char t[TOKEN_LEN + 1] = TOKEN_OPEN "000000" TOKEN_CLOSE;
	for (int i = 8; i >= 3; i--, n /= 10)
		t[i] = (char)('0' + n % 10);
	buf_add(md, t, TOKEN_LEN);
}

/* Record the shortcode body[open..close) and emit its token. */
static void scan_take(struct scan *st, const char *body, size_t open,
		      size_t close, int line, int col)
{
	ALLOC_GROW(st->items, st->n, st->cap);
	struct found *f = &st->items[st->n];
	memset(f, 0, sizeof *f);
	buf_init(&f->html);
	f->storage = xstrndup(body + open + 3, close - open - 3);
	f->sc.path = st->a->path;
	f->sc.line = line;
	f->sc.col = col;
	size_t ls = line_start(body, open);
	const char *eol = strchr(body + close + 3, '\n');
	size_t le = eol ? (size_t)(eol - body) : strlen(body);
	f->sc.block = blank_between(body, ls, open) &&
		      blank_between(body, close + 3, le);
	if (shortcode_parse(f->storage, &f->sc, st->diag) != 0)
		st->errors++;
	add_token(&st->md, st->n);
	st->n++;
}

/* The line and column of body[i] for messages, counted on demand: lines
 * from where the last count stopped, columns in characters. */
struct line_count {
	int line;       /* the line of body[at] */
	size_t at;      /* counted up to here */
	size_t line_at; /* where that line starts */
};

static void count_lines_to(struct line_count *lc, const char *body, size_t i)
{
	const char *p = body + lc->at, *end = body + i;
	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		lc->line++;
		lc->line_at = (size_t)(++p - body);
	}
	lc->at = i;
}

static int column_of(const struct line_count *lc, const char *body, size_t i)
{
	return (int)text_utf8_length(body + lc->line_at, i - lc->line_at) + 1;
}

/* What is known of the backtick runs of the line being scanned, so that
 * finding code spans stays linear however many runs a line holds: after
 * one scan to the end of the line found no closer, `last[len]` is the
 * position of the last run of each length from `from` on, and an opener
 * with no run of its length after it is told at once. */
struct backticks {
	size_t line_end; /* the end of the line this knowledge is of */
	size_t from;     /* runs at or after here are in `last` (once known) */
	size_t *last;    /* [cap]: the last run of each length, + 1 (0: none) */
	size_t cap;
	bool known;
};

static size_t run_length(const char *body, size_t len, size_t i)
{
	size_t run = 0;
	while (i + run < len && body[i + run] == '`')
		run++;
	return run;
}

/* Record every run from body[i] to the end of the line (`end`). */
static void backticks_learn(struct backticks *bt, const char *body, size_t len,
			    size_t i, size_t end)
{
	memset(bt->last, 0, bt->cap * sizeof *bt->last);
	bt->from = i;
	bt->known = true;
	while (i < end) {
		const char *tick = memchr(body + i, '`', end - i);
		if (!tick)
			break;
		i = (size_t)(tick - body);
		size_t run = run_length(body, len, i);
		if (run >= bt->cap) {
			size_t cap = run + 1 > 2 * bt->cap ? run + 1 : 2 * bt->cap;
			bt->last = xrealloc(bt->last, cap * sizeof *bt->last);
			memset(bt->last + bt->cap, 0, (cap - bt->cap) * sizeof *bt->last);
			bt->cap = cap;
		}
		bt->last[run] = i + 1;
		i += run;
	}
}

/* The end of an inline code span opening at body[i] (a run of backticks
 * closed by a run as long on the same line), or the end of the opening run
 * when it is not closed there. */
static size_t code_span_end(struct backticks *bt, const char *body, size_t len,
			    size_t i)
{
	size_t run = run_length(body, len, i);
	const char *eol = memchr(body + i, '\n', len - i);
	size_t end = eol ? (size_t)(eol - body) : len;
	if (bt->known && bt->line_end == end && i >= bt->from &&
	    (run >= bt->cap || bt->last[run] <= i + run))
		return i + run; /* no run of its length after it on the line */
	size_t j = i + run;
	while (j < end) {
		const char *tick = memchr(body + j, '`', end - j);
		if (!tick)
			break;
		j = (size_t)(tick - body);
		size_t r2 = run_length(body, len, j);
		if (r2 == run)
			return j + run;
		j += r2;
	}
	/* none: learn the rest of the line once, for the openers after it */
	if (!bt->known || bt->line_end != end) {
		bt->line_end = end;
		backticks_learn(bt, body, len, i + run, end);
	}
	return i + run;
}

/* The lines of the body's code blocks, as cmark reads them: 1-based
 * ranges of lines, in order. */
struct code_lines {
	int (*range)[2];
	size_t n, cap;
};
static void find_code_lines(const char *body, size_t len, struct code_lines *cl);

/* Where the line after the `lines` lines starting at body[i] begins (len
 * when the body ends first). */
static size_t skip_lines(const char *body, size_t len, size_t i, int lines)
{
	for (; lines > 0 && i < len; lines--) {
		const char *eol = memchr(body + i, '\n', len - i);
		i = eol ? (size_t)(eol - body) + 1 : len;
	}
	return i;
}

/* Replace each shortcode of the body by a token; code is left alone: the
 * code blocks cmark finds (fenced with any fence, indented, inside list
 * items and block quotes: the parser decides, not a guess by line) and
 * inline spans. Only backticks and braces can matter, so the scan jumps
 * from one to the next, and text is copied in runs up to each shortcode. */
static void scan_body(struct scan *st)
{
	const char *body = st->a->body;
	size_t len = strlen(body);
	struct line_count lc = { .line = st->a->body_line };
	struct code_lines code = { NULL, 0, 0 };
	if (strstr(body, "{{<")) /* no shortcode, nothing to tell code from */
		find_code_lines(body, len, &code);
	size_t next_code = 0;
	struct backticks ticks = { 0, 0, xcalloc(64, sizeof(size_t)), 64, false };
	size_t i = 0, copied = 0;
	while ((i += strcspn(body + i, "`{")) < len) {
		char c = body[i];
		/* inside a code block: on past its last line */
		count_lines_to(&lc, body, i);
		int line = lc.line - st->a->body_line + 1;
		while (next_code < code.n && code.range[next_code][1] < line)
			next_code++;
		if (next_code < code.n && code.range[next_code][0] <= line) {
			i = skip_lines(body, len, lc.line_at,
				       code.range[next_code][1] - line + 1);
			continue;
		}
		if (c == '`') {
			i = code_span_end(&ticks, body, len, i);
			continue;
		}
		if (strncmp(body + i, "{{<", 3)) {
			i++; /* a "{" that opens no shortcode */
			continue;
		}
		/* the shortcode closes on its own line */
		const char *eol = memchr(body + i, '\n', len - i);
		size_t rest = (eol ? (size_t)(eol - body) : len) - i;
		const char *end = memmem(body + i, rest, ">}}", 3);
		count_lines_to(&lc, body, i);
		if (!end) {
			diag_error(st->diag, st->a->path, lc.line, column_of(&lc, body, i),
				   "shortcode is not closed by \">}}\" on its line");
			st->errors++;
			i++;
			continue;
		}
		size_t close = (size_t)(end - body);
		buf_add(&st->md, body + copied, i - copied);
		scan_take(st, body, i, close, lc.line, column_of(&lc, body, i));
		i = copied = close + 3;
	}
	buf_add(&st->md, body + copied, len - copied);
	free(code.range);
	free(ticks.last);
}

/* ---- rendering ---- */

static void collect_text(cmark_node *node, struct buf *out)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE) {
			const char *lit = cmark_node_get_literal(n);
			if (lit)
				buf_adds(out, lit);
		} else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK) {
			buf_addc(out, ' ');
		}
	}
	cmark_iter_free(it);
}

/* Replace tokens in `s` by the plain text `sub` gives (used for heading
 * text and ids): tokens become nothing. */
static void strip_tokens(struct buf *s)
{
	struct buf out = BUF_INIT;
	size_t idx;
	for (size_t i = 0; i < s->len;) {
		if (token_at(s->ptr + i, &idx)) {
			i += TOKEN_LEN;
			continue;
		}
		buf_addc(&out, s->ptr[i++]);
	}
	buf_release(s);
	*s = out;
}

static void add_heading(struct article *a, int level, struct buf *text)
{
	struct buf id = BUF_INIT;
	text_heading_id(&id, text->ptr, text->len);
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
	a->headings[a->nheadings].level = level;
	a->headings[a->nheadings].id = buf_detach(&id, NULL);
	a->headings[a->nheadings].text = xstrdup(text->ptr);
	a->nheadings++;
}

/* Replace a link or image by its children (the link text, or alt text). */
static void unwrap_node(cmark_node *n)
{
	cmark_node *child;
	while ((child = cmark_node_first_child(n))) {
		cmark_node_unlink(child);
		cmark_node_insert_before(n, child);
	}
	cmark_node_unlink(n);
	cmark_node_free(n);
}

/* Walk the tree: collect headings, drop unsafe links, warn on pipe tables. */
static void inspect_tree(struct article *a, cmark_node *doc, struct diag *diag)
{
	cmark_node *unsafe[64];
	size_t nunsafe = 0;
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		if (t == CMARK_NODE_HEADING) {
			struct buf text = BUF_INIT;
			collect_text(n, &text);
			strip_tokens(&text);
			add_heading(a, cmark_node_get_heading_level(n), &text);
			buf_release(&text);
		} else if (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE) {
			const char *url = cmark_node_get_url(n);
			if (url && !text_url_is_safe(url)) {
				diag_warning(diag, a->path,
					     cmark_node_get_start_line(n) + a->body_line - 1,
					     cmark_node_get_start_column(n),
					     "link target \"%s\" is not allowed (only http, https, mailto and relative links); the link is dropped",
					     url);
				cmark_node_set_url(n, "");
				if (nunsafe < 64)
					unsafe[nunsafe++] = n;
			}
		} else if (t == CMARK_NODE_PARAGRAPH) {
			cmark_node *first = cmark_node_first_child(n);
			const char *lit = first ? cmark_node_get_literal(first) : NULL;
			if (lit && lit[0] == '|' && strchr(lit + 1, '|'))
				diag_warning(diag, a->path,
					     cmark_node_get_start_line(n) + a->body_line - 1, 1,
					     "pipe tables are not rendered; cite a data table with {{< table ... >}}");
		}
	}
	cmark_iter_free(it);
	/* an unsafe link keeps its text and loses its target; past 64 in one
	 * article the rest stay as links with an empty target */
	for (size_t i = 0; i < nunsafe; i++)
		unwrap_node(unsafe[i]);
}

/* True when a shortcode's HTML is a block of its own (a table, a chart), so
 * the paragraph cmark wrapped its token in must go. */
static bool is_block_html(const char *html)
{
	return !strncmp(html, "<div", 4) || !strncmp(html, "<figure", 7) ||
	       !strncmp(html, "<table", 6);
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
};

static const char *next_mark(struct splice_marks *m, const char *s)
{
	if (m->heading && m->heading < s)
		m->heading = strstr(s, "<h");
	if (m->token && m->token < s)
		m->token = strstr(s, TOKEN_OPEN);
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
 * "按{{< ... >}}计算" reads "按 ResNet-50 计算"; where Chinese meets
 * Chinese ("$1.39/小时" before "的"), no space even if the author typed
 * one. Returns where the text after the figure resumes. */
static const char *put_inline(const struct buf *html, const char *after,
			      struct buf *out)
{
	const char *text = html->ptr ? html->ptr : "";
	const char *first = first_text(text);
	size_t end = text_end(text, html->len);
	if (out->len >= 2 && out->ptr[out->len - 1] == ' ' &&
	    text_ends_han(out->ptr, out->len - 1) && text_starts_han(first))
		buf_truncate(out, out->len - 1);
	if (text_needs_space(out->ptr, out->len, first))
		buf_addc(out, ' ');
	buf_addbuf(out, html);
	if (*after == ' ' && text_ends_han(text, end) && text_starts_han(after + 1))
		after++;
	if (text_needs_space(text, end, after))
		buf_addc(out, ' ');
	return after;
}

static const char *put_shortcode(const struct found *f, const char *tok,
				 bool wrapped, struct buf *out)
{
	const char *after = tok + TOKEN_LEN;
	/* a block's own paragraph wrapper goes */
	if (wrapped && f->sc.block && is_block_html(f->html.ptr) &&
	    !strncmp(after, "</p>\n", 5)) {
		buf_addbuf(out, &f->html);
		buf_addc(out, '\n');
		return after + 5;
	}
	if (wrapped)
		buf_adds(out, "<p>");
	if (f->sc.block) {
		buf_addbuf(out, &f->html);
		return after;
	}
	return put_inline(&f->html, after, out);
}

/* Copy `html` to `out`, giving headings their ids and putting each token's
 * HTML in (a block token's own <p> wrapper is dropped; a token inside a
 * tag, in alt text or a URL, is dropped: no HTML there). Text between
 * headings and tokens is copied in one run. */
static void splice(struct article *a, const char *html, struct scan *st,
		   struct buf *out)
{
	size_t h = 0;
	const char *s = html;
	struct splice_marks m = { html, html };
	m.heading = strstr(html, "<h");
	m.token = strstr(html, TOKEN_OPEN);
	const char *mark;
	while ((mark = next_mark(&m, s))) {
		size_t idx;
		if (mark == m.heading) {
			if (mark[2] >= '1' && mark[2] <= '6' && mark[3] == '>' &&
			    h < a->nheadings) {
				buf_add(out, s, (size_t)(mark - s));
				buf_add(out, mark, 3);
				buf_adds(out, " id=\"");
				text_escape_htmls(out, a->headings[h++].id);
				buf_adds(out, "\">");
				s = mark + 4;
			} else {
				buf_add(out, s, (size_t)(mark + 2 - s));
				s = mark + 2;
			}
			continue;
		}
		if (!token_at(mark, &idx) || idx >= st->n) {
			buf_add(out, s, (size_t)(mark + 3 - s));
			s = mark + 3;
			continue;
		}
		bool wrapped = mark - s >= 3 && !strncmp(mark - 3, "<p>", 3);
		buf_add(out, s, (size_t)(mark - (wrapped ? 3 : 0) - s));
		if (inside_tag(html, mark)) {
			s = mark + TOKEN_LEN;
			continue;
		}
		s = put_shortcode(&st->items[idx], mark, wrapped, out);
	}
	buf_adds(out, s);
}

static int compare_strings(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The canonical text of a shortcode: name, then its args sorted. */
static char *canonical_cite(const struct shortcode *sc)
{
	const char *keys[SHORTCODE_MAX_ARGS];
	struct buf b = BUF_INIT;
	buf_adds(&b, sc->name);
	for (size_t i = 0; i < sc->nargs; i++)
		keys[i] = sc->args[i].key;
	qsort(keys, sc->nargs, sizeof *keys, compare_strings);
	for (size_t i = 0; i < sc->nargs; i++) {
		if (!strcmp(keys[i], "text"))
			continue; /* link text is language-specific */
		buf_addf(&b, " %s=%s", keys[i], shortcode_arg(sc, keys[i]));
	}
	return buf_detach(&b, NULL);
}


/* ---- cmark's memory ----
 *
 * cmark allocates every node, inline and buffer on its own (thousands of
 * calloc/free pairs per article: a fifth of a build's time went to malloc).
 * Rendering one article takes cmark's memory from an arena freed as a whole
 * afterwards. cmark_mem has no context pointer, so the arena of the article
 * being rendered on this thread is found through a thread-local. */

static _Thread_local struct arena *cmark_scratch;

/* Each block remembers its size, for realloc. */
struct scratch_head {
	alignas(max_align_t) size_t size;
};

static struct scratch_head *scratch_block(size_t size)
{
	if (size > SIZE_MAX - sizeof(struct scratch_head))
		xfatal("out of memory");
	struct scratch_head *h = arena_alloc_uninit(cmark_scratch, sizeof *h + size);
	h->size = size;
	return h;
}

static void *scratch_calloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		xfatal("out of memory");
	struct scratch_head *h = scratch_block(n * size);
	return memset(h + 1, 0, n * size);
}

static void *scratch_realloc(void *p, size_t size)
{
	if (!p) /* a buffer's first block: cmark writes it before reading */
		return scratch_block(size) + 1;
	struct scratch_head *h = (struct scratch_head *)p - 1;
	if (size <= h->size)
		return p;
	if (size > SIZE_MAX - sizeof *h)
		xfatal("out of memory");
	/* cmark's buffers grow one at a time: usually in place */
	h = arena_grow(cmark_scratch, h, sizeof *h + h->size, sizeof *h + size);
	h->size = size;
	return h + 1;
}

static void scratch_free(void *p)
{
	(void)p; /* freed with the arena */
}

static cmark_mem scratch_mem = { scratch_calloc, scratch_realloc, scratch_free };

/* Parse `md` into a tree whose memory lives in `ar`. */
static cmark_node *parse_in(struct arena *ar, const char *md, size_t len)
{
	cmark_scratch = ar;
	cmark_parser *p = cmark_parser_new_with_mem(CMARK_OPT_SMART, &scratch_mem);
	cmark_parser_feed(p, md, len);
	cmark_node *doc = cmark_parser_finish(p);
	cmark_parser_free(p);
	return doc;
}

static void find_code_lines(const char *body, size_t len, struct code_lines *cl)
{
	struct arena scratch = ARENA_INIT;
	cmark_node *doc = parse_in(&scratch, body, len);
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(n) != CMARK_NODE_CODE_BLOCK)
			continue;
		ALLOC_GROW(cl->range, cl->n, cl->cap);
		cl->range[cl->n][0] = cmark_node_get_start_line(n);
		cl->range[cl->n][1] = cmark_node_get_end_line(n);
		cl->n++;
	}
	cmark_iter_free(it);
	arena_free(&scratch); /* the tree goes with it */
	cmark_scratch = NULL;
}

/* ---- what cmark made, kept between builds ---- */

/* The record: the HTML, then each heading's level, id and text. */
static void memo_encode(const char *html, const struct article *a, struct buf *rec)
{
	buf_add_counted(rec, html, strlen(html));
	buf_add_u32(rec, (uint32_t)a->nheadings);
	for (size_t i = 0; i < a->nheadings; i++) {
		const struct heading *h = &a->headings[i];
		buf_add_u32(rec, (uint32_t)h->level);
		buf_add_counted(rec, h->id, strlen(h->id));
		buf_add_counted(rec, h->text, strlen(h->text));
	}
}

/* The HTML of a record into `html`, its headings into `a`; -1 (and `a`
 * without headings) for a damaged record. */
static int memo_decode(const char *rec, size_t len, struct article *a,
		       struct buf *html)
{
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	size_t n;
	const char *p = buf_read_counted(&r, &n);
	if (p)
		buf_add(html, p, n);
	size_t nh = buf_read_u32(&r);
	for (size_t i = 0; i < nh && !r.bad; i++) {
		int level = (int)buf_read_u32(&r);
		size_t nid, ntext;
		const char *id = buf_read_counted(&r, &nid);
		const char *text = buf_read_counted(&r, &ntext);
		if (r.bad)
			break;
		ALLOC_GROW(a->headings, a->nheadings, a->cap_headings);
		a->headings[a->nheadings++] = (struct heading){
			level, xstrndup(id, nid), xstrndup(text, ntext) };
	}
	if (!r.bad && !r.left && a->nheadings == nh)
		return 0;
	for (size_t i = 0; i < a->nheadings; i++) {
		free(a->headings[i].id);
		free(a->headings[i].text);
	}
	a->nheadings = 0;
	buf_reset(html);
	return -1;
}

/* The body's HTML with the shortcodes put in, into `out`: from the memo's
 * record when it has one, else from cmark (then kept when it raised no
 * message). */
static void cmark_to_html(struct article *a, struct scan *st,
			  const struct markdown_memo *memo, struct diag *diag,
			  struct buf *out)
{
	struct digest_value key = { 0, 0 };
	struct buf html = BUF_INIT, rec = BUF_INIT;
	if (memo) {
		key = digest_bytes(st->md.ptr, st->md.len);
		bool found = memo->find(memo->ctx, key, &rec) == 0 &&
			     memo_decode(rec.ptr, rec.len, a, &html) == 0;
		buf_release(&rec);
		if (found) {
			buf_grow(out, html.len + 64);
			splice(a, html.ptr, st, out);
			buf_release(&html);
			return;
		}
	}
	int messages = diag->errors + diag->warnings;
	struct arena scratch = ARENA_INIT;
	cmark_node *doc = parse_in(&scratch, st->md.ptr, st->md.len);
	inspect_tree(a, doc, diag);
	char *cm = cmark_render_html(doc, CMARK_OPT_SMART);
	buf_grow(out, strlen(cm) + 64);
	splice(a, cm, st, out);
	if (memo && diag->errors + diag->warnings == messages) {
		memo_encode(cm, a, &html);
		memo->keep(memo->ctx, key, html.ptr, html.len);
	}
	buf_release(&html);
	/* the tree and its HTML go with the arena, no cmark_node_free */
	arena_free(&scratch);
	cmark_scratch = NULL;
}

int markdown_render(struct article *a, shortcode_resolver resolve, void *ctx,
		    const struct markdown_memo *memo, struct diag *diag)
{
	struct scan st = { .a = a, .diag = diag };
	buf_init(&st.md);
	defuse_tokens(a->body);
	scan_body(&st);
	for (size_t i = 0; i < st.n; i++) {
		if (!st.items[i].sc.name || !*st.items[i].sc.name)
			continue;
		if (resolve(ctx, &st.items[i].sc, &st.items[i].html, diag) != 0)
			st.errors++;
	}
	a->cites = xcalloc(st.n + 1, sizeof *a->cites);
	for (size_t i = 0; i < st.n; i++)
		if (st.items[i].sc.name)
			a->cites[a->ncites++] = canonical_cite(&st.items[i].sc);
	qsort(a->cites, a->ncites, sizeof *a->cites, compare_strings);

	struct buf out = BUF_INIT;
	cmark_to_html(a, &st, memo, diag, &out);
	a->html = buf_detach(&out, NULL);

	for (size_t i = 0; i < st.n; i++) {
		free(st.items[i].storage);
		buf_release(&st.items[i].html);
	}
	free(st.items);
	buf_release(&st.md);
	return st.errors ? -1 : 0;
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
	free(a->title);
	free(a->description);
	free(a->date);
	free(a->slug);
	free(a->translation);
	for (size_t i = 0; i < a->ntags; i++)
		free(a->tags[i]);
	free(a->tags);
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
	memset(a, 0, sizeof *a);
}
