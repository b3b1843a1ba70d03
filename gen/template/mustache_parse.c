/* mustache_parse: a template's source into its tree (see mustache_parse.h).
 *
 * Parsing runs in three passes over one template:
 *   1. tokenize: text runs and tags (set-delimiter tags applied on the way);
 *   2. match: pair every open tag with its close tag (reporting unclosed and
 *      mismatched ones), then decide which tags stand alone on their line and
 *      trim the neighbouring text accordingly;
 *   3. build: turn the tokens into a tree of nodes living in the template's
 *      arena, with one text node per template line.
 * Then blocks are re-indented and the text runs found.
 */
#include "template/mustache_parse.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- positions --------------------------------------------------------- */

/* The column counts UTF-8 characters, so it matches what an editor shows
 * for Chinese text too. */
void mustache_parse_position(const char *src, size_t off, int *line, int *col)
{
	int l = 1, c = 1;
	for (size_t i = 0; i < off; i++) {
		if (src[i] == '\n') {
			l++;
			c = 1;
		} else if (((unsigned char)src[i] & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

/* ---- tokens ------------------------------------------------------------ */

enum tok_kind {
	TOK_TEXT,
	TOK_VAR,
	TOK_RAW,
	TOK_SECTION,
	TOK_INVERTED,
	TOK_CLOSE,
	TOK_COMMENT,
	TOK_PARTIAL,
	TOK_PARENT,
	TOK_BLOCK,
	TOK_DELIM,
};

#define NO_TOKEN SIZE_MAX

struct token {
	enum tok_kind kind;
	size_t start, end; /* the text, or the whole tag with its delimiters */
	size_t s, e;       /* TEXT: the part kept after standalone trimming */
	size_t name, name_len; /* tag: the content, trimmed (after '*') */
	bool dynamic;
	bool trail_removed; /* TEXT: the line starting at `e` was removed */
	bool line_removed;  /* first token, a tag: its line was removed */
	bool arg;           /* BLOCK directly inside a parent tag */
	bool intrinsic;     /* BLOCK: see struct node */
	size_t indent_s, indent_e; /* standalone indentation (source range) */
	size_t nl_s, nl_e;  /* BLOCK argument: a newline to add at its end */
	size_t match;       /* open <-> close */
	size_t container;   /* the enclosing open tag, or NO_TOKEN */
};

struct parser {
	const char *src;
	size_t len;
	const char *path;
	struct diag *diag;
	int errors;
	struct token *toks;
	size_t ntoks, cap;
	struct arena *arena;
	int max_nesting;
};

static void parser_error(struct parser *p, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void parser_error(struct parser *p, size_t off, const char *fmt, ...)
{
	int line, col;
	struct buf msg = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	mustache_parse_position(p->src, off, &line, &col);
	diag_error(p->diag, p->path, line, col, "%s", msg.ptr);
	buf_release(&msg);
	p->errors++;
}

static struct token *parser_push(struct parser *p, enum tok_kind kind,
				 size_t start, size_t end)
{
	ALLOC_GROW(p->toks, p->ntoks, p->cap);
	struct token *t = &p->toks[p->ntoks++];
	memset(t, 0, sizeof *t);
	t->kind = kind;
	t->start = start;
	t->end = end;
	t->s = start;
	t->e = end;
	t->match = NO_TOKEN;
	t->container = NO_TOKEN;
	return t;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

/* The first `needle` (nlen > 0) in s[0, len), or NULL (memmem is a GNU
 * extension). */
static const char *find_bytes(const char *s, size_t len, const char *needle,
			      size_t nlen)
{
	const char *end = s + len;
	while ((size_t)(end - s) >= nlen) {
		const char *c = memchr(s, needle[0], (size_t)(end - s) - nlen + 1);
		if (!c)
			return NULL;
		if (memcmp(c, needle, nlen) == 0)
			return c;
		s = c + 1;
	}
	return NULL;
}

/* Find `needle` in src[from, len) preceded by `before` (0: anything). */
static const char *find_close(const char *src, size_t from, size_t len,
			      const char *needle, size_t nlen, char before)
{
	size_t at = from;
	while (at < len) {
		const char *hit = find_bytes(src + at, len - at, needle, nlen);
		if (!hit)
			return NULL;
		size_t pos = (size_t)(hit - src);
		if (!before || (pos > from && src[pos - 1] == before))
			return hit;
		at = pos + 1;
	}
	return NULL;
}

/* Parse the content of {{=open close=}}; 0 on success. */
static int parse_delimiters(const char *s, size_t len, char *otag, size_t *olen,
			    char *ctag, size_t *clen, size_t max)
{
	size_t i = 0, a, b;
	while (i < len && is_space(s[i]))
		i++;
	a = i;
	while (i < len && !is_space(s[i]) && s[i] != '=')
		i++;
	*olen = i - a;
	if (*olen == 0 || *olen > max || i == len || !is_space(s[i]))
		return -1;
	memcpy(otag, s + a, *olen);
	while (i < len && is_space(s[i]))
		i++;
	b = i;
	while (i < len && !is_space(s[i]) && s[i] != '=')
		i++;
	*clen = i - b;
	if (*clen == 0 || *clen > max)
		return -1;
	memcpy(ctag, s + b, *clen);
	while (i < len && is_space(s[i]))
		i++;
	return i == len ? 0 : -1;
}

/* A name a variable or section may have: "." or dot-separated non-empty
 * segments without whitespace. */
static bool name_is_valid(const char *s, size_t len)
{
	if (len == 0)
		return false;
	if (len == 1 && s[0] == '.')
		return true;
	if (s[0] == '.' || s[len - 1] == '.')
		return false;
	for (size_t i = 0; i < len; i++) {
		if (is_space(s[i]))
			return false;
		if (s[i] == '.' && s[i + 1] == '.')
			return false;
	}
	return true;
}

static bool word_is_valid(const char *s, size_t len)
{
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (is_space(s[i]))
			return false;
	return true;
}

/* Split the tag content [a, b) of the tag at `at` into a trimmed name, and
 * push the token; reports a bad name. */
static void push_tag(struct parser *p, enum tok_kind kind, size_t at,
		     size_t end, size_t a, size_t b)
{
	const char *src = p->src;
	bool dynamic = false;
	while (a < b && is_space(src[a]))
		a++;
	while (b > a && is_space(src[b - 1]))
		b--;
	if (kind == TOK_COMMENT) {
		parser_push(p, kind, at, end);
		return;
	}
	if ((kind == TOK_PARTIAL || kind == TOK_PARENT) && a < b &&
	    src[a] == '*') {
		dynamic = true;
		a++;
		while (a < b && is_space(src[a]))
			a++;
	}
	if (a == b) {
		parser_error(p, at, "empty tag name");
		return;
	}
	bool ok;
	if (dynamic || kind == TOK_VAR || kind == TOK_RAW ||
	    kind == TOK_SECTION || kind == TOK_INVERTED)
		ok = name_is_valid(src + a, b - a);
	else if (kind == TOK_CLOSE && src[a] == '*')
		ok = b - a > 1; /* the close tag of a dynamic parent */
	else
		ok = word_is_valid(src + a, b - a);
	if (!ok) {
		parser_error(p, at, "bad tag name \"%.*s\"", (int)(b - a),
			     src + a);
		return;
	}
	struct token *t = parser_push(p, kind, at, end);
	t->name = a;
	t->name_len = b - a;
	t->dynamic = dynamic;
}

#define MAX_DELIM 32

/* Pass 1: split the source into text and tag tokens. */
static void parser_tokenize(struct parser *p)
{
	const char *src = p->src;
	size_t len = p->len, pos = 0;
	char otag[MAX_DELIM] = "{{", ctag[MAX_DELIM] = "}}";
	size_t olen = 2, clen = 2;

	while (pos < len) {
		const char *hit = find_bytes(src + pos, len - pos, otag, olen);
		size_t at = hit ? (size_t)(hit - src) : len;
		if (at > pos)
			parser_push(p, TOK_TEXT, pos, at);
		if (!hit)
			break;
		size_t c = at + olen; /* content start */
		char sigil = c < len ? src[c] : 0;
		char before = 0;
		enum tok_kind kind;
		switch (sigil) {
		case '{': kind = TOK_RAW; before = '}'; c++; break;
		case '&': kind = TOK_RAW; c++; break;
		case '#': kind = TOK_SECTION; c++; break;
		case '^': kind = TOK_INVERTED; c++; break;
		case '/': kind = TOK_CLOSE; c++; break;
		case '!': kind = TOK_COMMENT; c++; break;
		case '>': kind = TOK_PARTIAL; c++; break;
		case '<': kind = TOK_PARENT; c++; break;
		case '$': kind = TOK_BLOCK; c++; break;
		case '=': kind = TOK_DELIM; before = '='; c++; break;
		default: kind = TOK_VAR; break;
		}
		const char *close = find_close(src, c, len, ctag, clen, before);
		if (!close) {
			parser_error(p, at, "unterminated tag: no \"%s%.*s\" after \"%.*s\"",
				     before == '}' ? "}" : before == '=' ? "=" : "",
				     (int)clen, ctag, (int)(c - at), src + at);
			return;
		}
		size_t b = (size_t)(close - src); /* content end */
		size_t end = b + clen;
		if (before)
			b--;
		if (kind == TOK_DELIM) {
			char no[MAX_DELIM], nc[MAX_DELIM];
			size_t nol, ncl;
			if (parse_delimiters(src + c, b - c, no, &nol, nc, &ncl,
					     MAX_DELIM) < 0) {
				parser_error(p, at,
					     "bad set-delimiter tag \"%.*s\": expected two delimiters without spaces or '=', like {{=<%% %%>=}}",
					     (int)(end - at), src + at);
			} else {
				memcpy(otag, no, nol);
				olen = nol;
				memcpy(ctag, nc, ncl);
				clen = ncl;
				parser_push(p, TOK_DELIM, at, end);
			}
		} else {
			push_tag(p, kind, at, end, c, b);
		}
		pos = end;
	}
}

static bool is_open(enum tok_kind k)
{
	return k == TOK_SECTION || k == TOK_INVERTED || k == TOK_PARENT ||
	       k == TOK_BLOCK;
}

static const char *open_kind_name(enum tok_kind k)
{
	switch (k) {
	case TOK_PARENT: return "parent tag";
	case TOK_BLOCK: return "block";
	default: return "section";
	}
}

/* Does the close tag `c` name the open tag `o`? */
static bool close_matches(const struct parser *p, const struct token *o,
			  const struct token *c)
{
	const char *cs = p->src + c->name;
	size_t cl = c->name_len;
	if (o->dynamic) {
		if (cl == 0 || cs[0] != '*')
			return false;
		cs++;
		cl--;
		while (cl && is_space(*cs)) {
			cs++;
			cl--;
		}
	}
	return cl == o->name_len && memcmp(cs, p->src + o->name, cl) == 0;
}

static void print_name(struct buf *b, const struct parser *p,
		       const struct token *t)
{
	if (t->dynamic)
		buf_addc(b, '*');
	buf_add(b, p->src + t->name, t->name_len);
}

/* Pass 2a: pair open and close tags. */
static void parser_match(struct parser *p)
{
	size_t *stack = NULL, depth = 0, cap = 0;
	for (size_t i = 0; i < p->ntoks; i++) {
		struct token *t = &p->toks[i];
		t->container = depth ? stack[depth - 1] : NO_TOKEN;
		if (is_open(t->kind)) {
			if (depth == (size_t)p->max_nesting) {
				/* the tree is built, fixed and rendered by
				 * recursion: its depth must stay bounded */
				parser_error(p, t->start,
					     "sections nested more than %d deep",
					     p->max_nesting);
				free(stack);
				return;
			}
			if (t->kind == TOK_BLOCK && t->container != NO_TOKEN &&
			    p->toks[t->container].kind == TOK_PARENT)
				t->arg = true;
			ALLOC_GROW(stack, depth, cap);
			stack[depth++] = i;
			continue;
		}
		if (t->kind != TOK_CLOSE)
			continue;
		if (!depth) {
			parser_error(p, t->start,
				     "close tag \"%.*s\" without an open section",
				     (int)t->name_len, p->src + t->name);
			t->kind = TOK_COMMENT;
			continue;
		}
		struct token *o = &p->toks[stack[depth - 1]];
		if (close_matches(p, o, t)) {
			o->match = i;
			t->match = stack[--depth];
			t->container = depth ? stack[depth - 1] : NO_TOKEN;
			continue;
		}
		struct buf want = BUF_INIT;
		print_name(&want, p, o);
		parser_error(p, t->start,
			     "mismatched close tag \"%.*s\", expected \"%s\"",
			     (int)t->name_len, p->src + t->name, want.ptr);
		buf_release(&want);
		/* Recover: if the name closes an outer tag, close up to it. */
		size_t k = depth;
		while (k > 0 && !close_matches(p, &p->toks[stack[k - 1]], t))
			k--;
		if (k > 0)
			depth = k - 1;
		t->kind = TOK_COMMENT;
	}
	for (size_t k = 0; k < depth; k++) {
		struct token *o = &p->toks[stack[k]];
		struct buf name = BUF_INIT;
		print_name(&name, p, o);
		parser_error(p, o->start, "unclosed %s \"%s\"",
			     open_kind_name(o->kind), name.ptr);
		buf_release(&name);
	}
	free(stack);
}

/* ---- standalone lines -------------------------------------------------- */

/* Is tag `i` the first thing on its line, after blanks only? `*ls` is then
 * where the line starts. */
static bool start_clear(const struct parser *p, size_t i, size_t *ls)
{
	if (i == 0) {
		*ls = p->toks[0].start;
		return true;
	}
	const struct token *t = &p->toks[i - 1];
	if (t->kind != TOK_TEXT)
		return false;
	size_t k = t->end;
	while (k > t->start && is_blank(p->src[k - 1]))
		k--;
	if (k == t->start) {
		if (i - 1 != 0)
			return false;
		*ls = k;
		return true;
	}
	if (p->src[k - 1] != '\n')
		return false;
	*ls = k;
	return true;
}

/* Is tag `i` followed by blanks and the end of its line? The newline (or
 * end of template) is [*nl, *after). */
static bool end_clear(const struct parser *p, size_t i, size_t *nl,
		      size_t *after)
{
	if (i + 1 == p->ntoks) {
		*nl = *after = p->toks[i].end;
		return true;
	}
	const struct token *t = &p->toks[i + 1];
	if (t->kind != TOK_TEXT)
		return false;
	size_t k = t->start;
	while (k < t->end && is_blank(p->src[k]))
		k++;
	if (k == t->end) {
		if (i + 2 != p->ntoks)
			return false;
		*nl = *after = k;
		return true;
	}
	if (p->src[k] == '\n') {
		*nl = k;
		*after = k + 1;
		return true;
	}
	if (p->src[k] == '\r' && k + 1 < t->end && p->src[k + 1] == '\n') {
		*nl = k;
		*after = k + 2;
		return true;
	}
	return false;
}

/* Remove the blanks before tag `i` (from `ls`), and with them its line's
 * start. */
static void trim_before(struct parser *p, size_t i, size_t ls)
{
	if (i == 0) {
		p->toks[0].line_removed = true;
		return;
	}
	struct token *t = &p->toks[i - 1];
	if (t->e > ls)
		t->e = ls;
	t->trail_removed = true;
}

/* Remove the rest of tag `i`'s line, newline included (up to `after`). */
static void trim_after(struct parser *p, size_t i, size_t after)
{
	if (i + 1 == p->ntoks)
		return;
	struct token *t = &p->toks[i + 1];
	if (t->s < after)
		t->s = after;
}

/* The usual rule: a tag alone on its line takes the line with it. */
static bool standalone_tag(struct parser *p, size_t i)
{
	size_t ls, nl, after;
	if (!start_clear(p, i, &ls) || !end_clear(p, i, &nl, &after))
		return false;
	trim_before(p, i, ls);
	trim_after(p, i, after);
	p->toks[i].indent_s = ls;
	p->toks[i].indent_e = p->toks[i].start;
	return true;
}

/* A parent tag pair is standalone when the open tag starts its line and the
 * close tag ends its line: what is between them renders nothing itself. */
static void standalone_parent(struct parser *p, size_t o, size_t c)
{
	size_t ls, nl, after;
	if (start_clear(p, o, &ls) && end_clear(p, c, &nl, &after)) {
		trim_before(p, o, ls);
		trim_after(p, c, after);
		p->toks[o].indent_s = ls;
		p->toks[o].indent_e = p->toks[o].start;
		return;
	}
	standalone_tag(p, o);
	standalone_tag(p, c);
}

/* A block where it expands (a parameter of its template). */
static void standalone_site(struct parser *p, size_t o, size_t c)
{
	size_t ls, nl, after;
	if (c == o + 1 && start_clear(p, o, &ls) &&
	    end_clear(p, c, &nl, &after)) {
		/* {{$b}}{{/b}} alone on a line */
		trim_before(p, o, ls);
		trim_after(p, c, after);
		p->toks[o].indent_s = ls;
		p->toks[o].indent_e = p->toks[o].start;
		return;
	}
	if (standalone_tag(p, o))
		p->toks[o].intrinsic = true;
	standalone_tag(p, c);
}

/* A block passed as an argument inside a parent tag: its content is a run
 * of whole lines when the open tag ends its line. */
static void standalone_argument(struct parser *p, size_t o, size_t c)
{
	size_t ls, nl, after;
	bool open_eol = false;
	if (end_clear(p, o, &nl, &after) && o + 1 < c) {
		trim_after(p, o, after);
		p->toks[o].intrinsic = true;
		open_eol = true;
	}
	if (c > o + 1 && start_clear(p, c, &ls)) {
		trim_before(p, c, ls);
	} else if (open_eol && end_clear(p, c, &nl, &after) && after > nl) {
		p->toks[o].nl_s = nl;
		p->toks[o].nl_e = after;
	}
}

/* Pass 2b: decide the standalone lines. */
static void parser_standalone(struct parser *p)
{
	for (size_t i = 0; i < p->ntoks; i++) {
		struct token *t = &p->toks[i];
		switch (t->kind) {
		case TOK_SECTION:
		case TOK_INVERTED:
		case TOK_COMMENT:
		case TOK_PARTIAL:
		case TOK_DELIM:
			standalone_tag(p, i);
			break;
		case TOK_CLOSE: {
			size_t o = t->match;
			enum tok_kind ok = p->toks[o].kind;
			if (ok == TOK_PARENT)
				standalone_parent(p, o, i);
			else if (ok == TOK_BLOCK && p->toks[o].arg)
				standalone_argument(p, o, i);
			else if (ok == TOK_BLOCK)
				standalone_site(p, o, i);
			else
				standalone_tag(p, i);
			break;
		}
		default:
			break;
		}
	}
}

/* ---- building the tree ------------------------------------------------- */

struct nodevec {
	struct node *v;
	size_t n, cap;
};

static struct node *nodevec_push(struct nodevec *nv)
{
	ALLOC_GROW(nv->v, nv->n, nv->cap);
	struct node *n = &nv->v[nv->n++];
	memset(n, 0, sizeof *n);
	return n;
}

/* Move the nodes into the arena. */
static void nodevec_finish(struct parser *p, struct nodevec *nv,
			   struct node **out, size_t *n)
{
	*n = nv->n;
	*out = NULL;
	if (nv->n) {
		*out = arena_alloc(p->arena, nv->n * sizeof **out);
		memcpy(*out, nv->v, nv->n * sizeof **out);
	}
	free(nv->v);
}

static struct name_path make_path(struct parser *p, size_t at, size_t len)
{
	struct name_path np = { NULL, 0 };
	const char *s = p->src + at;
	if (len == 1 && s[0] == '.')
		return np;
	np.n = 1;
	for (size_t i = 0; i < len; i++)
		np.n += s[i] == '.';
	np.seg = arena_alloc(p->arena, np.n * sizeof *np.seg);
	size_t k = 0, from = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i == len || s[i] == '.') {
			np.seg[k++] = value_key_make(
				arena_strndup(p->arena, s + from, i - from));
			from = i + 1;
		}
	}
	return np;
}

/* Does a template line start at `pos` of text token `t`? */
static bool line_starts_at(const struct parser *p, const struct token *t,
			   size_t pos)
{
	if (pos >= p->len || (pos > 0 && p->src[pos - 1] != '\n'))
		return false;
	return !(pos == t->e && t->trail_removed);
}

/* One text node per line, each marked when it starts a template line. */
static void build_text(struct parser *p, struct nodevec *nv,
		       const struct token *t)
{
	size_t pos = t->s, e = t->e;
	if (pos > e)
		pos = e;
	while (pos < e) {
		const char *nl = memchr(p->src + pos, '\n', e - pos);
		size_t q = nl ? (size_t)(nl - p->src) + 1 : e;
		struct node *n = nodevec_push(nv);
		n->kind = NODE_TEXT;
		n->lead = line_starts_at(p, t, pos);
		n->offset = pos;
		n->text = p->src + pos;
		n->len = q - pos;
		pos = q;
	}
	if (line_starts_at(p, t, e)) {
		struct node *n = nodevec_push(nv);
		n->kind = NODE_TEXT;
		n->lead = true;
		n->offset = e;
		n->text = p->src + e;
	}
}

static void build_level(struct parser *p, size_t from, size_t to,
			struct node **out, size_t *n);

static void set_indent(struct parser *p, struct node *n, const struct token *t)
{
	n->indent = p->src + t->indent_s;
	n->indent_len = t->indent_e - t->indent_s;
}

static void build_block(struct parser *p, struct node *n, size_t i)
{
	const struct token *t = &p->toks[i];
	n->kind = NODE_BLOCK;
	n->text = arena_strndup(p->arena, p->src + t->name, t->name_len);
	n->len = t->name_len;
	n->intrinsic = t->intrinsic;
	set_indent(p, n, t);
	struct nodevec nv = { NULL, 0, 0 };
	struct node *kids;
	size_t nkids;
	build_level(p, i + 1, t->match, &kids, &nkids);
	if (t->nl_e > t->nl_s) {
		/* an argument ending mid-line ends with that line's newline */
		for (size_t k = 0; k < nkids; k++)
			*nodevec_push(&nv) = kids[k];
		struct node *nl = nodevec_push(&nv);
		nl->kind = NODE_TEXT;
		nl->offset = t->nl_s;
		nl->text = p->src + t->nl_s;
		nl->len = t->nl_e - t->nl_s;
		nodevec_finish(p, &nv, &n->kids, &n->nkids);
	} else {
		n->kids = kids;
		n->nkids = nkids;
	}
}

/* The arguments of a parent tag: its blocks; everything else is ignored. */
static void build_args(struct parser *p, size_t from, size_t to,
		       struct node **out, size_t *n)
{
	struct nodevec nv = { NULL, 0, 0 };
	for (size_t i = from; i < to; i++) {
		const struct token *t = &p->toks[i];
		if (t->kind == TOK_BLOCK) {
			struct node *b = nodevec_push(&nv);
			b->offset = t->start;
			build_block(p, b, i);
		}
		if (is_open(t->kind))
			i = t->match;
	}
	nodevec_finish(p, &nv, out, n);
}

static void build_level(struct parser *p, size_t from, size_t to,
			struct node **out, size_t *n)
{
	struct nodevec nv = { NULL, 0, 0 };
	for (size_t i = from; i < to; i++) {
		const struct token *t = &p->toks[i];
		if (i == 0 && t->kind != TOK_TEXT && !t->line_removed) {
			struct node *m = nodevec_push(&nv);
			m->kind = NODE_TEXT;
			m->lead = true;
			m->text = p->src;
		}
		if (t->kind == TOK_TEXT) {
			build_text(p, &nv, t);
			continue;
		}
		if (t->kind == TOK_COMMENT || t->kind == TOK_DELIM ||
		    t->kind == TOK_CLOSE)
			continue;
		struct node *nd = nodevec_push(&nv);
		nd->offset = t->start;
		switch (t->kind) {
		case TOK_VAR:
		case TOK_RAW:
			nd->kind = t->kind == TOK_VAR ? NODE_VAR : NODE_RAW;
			nd->path = make_path(p, t->name, t->name_len);
			break;
		case TOK_SECTION:
		case TOK_INVERTED:
			nd->kind = t->kind == TOK_SECTION ? NODE_SECTION
							  : NODE_INVERTED;
			nd->path = make_path(p, t->name, t->name_len);
			build_level(p, i + 1, t->match, &nd->kids, &nd->nkids);
			i = t->match;
			break;
		case TOK_PARTIAL:
		case TOK_PARENT:
			nd->kind = t->kind == TOK_PARTIAL ? NODE_PARTIAL
							  : NODE_PARENT;
			nd->dynamic = t->dynamic;
			if (t->dynamic)
				nd->path = make_path(p, t->name, t->name_len);
			nd->text = arena_strndup(p->arena, p->src + t->name,
						 t->name_len);
			nd->len = t->name_len;
			set_indent(p, nd, t);
			if (t->kind == TOK_PARENT) {
				build_args(p, i + 1, t->match, &nd->kids,
					   &nd->nkids);
				i = t->match;
			}
			break;
		case TOK_BLOCK:
			build_block(p, nd, i);
			i = t->match;
			break;
		default:
			break;
		}
	}
	nodevec_finish(p, &nv, out, n);
}

/* ---- block re-indentation ---------------------------------------------- */

/* Remove from `*s` the longest prefix it shares with `pre`. */
static void strip_prefix(const char **s, size_t *len, const char *pre,
			 size_t plen)
{
	size_t k = 0;
	while (k < *len && k < plen && (*s)[k] == pre[k])
		k++;
	*s += k;
	*len -= k;
}

/* Remove the indentation `pre` from every template line below `nodes`. */
static void strip_lines(struct node *nodes, size_t n, const char *pre,
			size_t plen)
{
	for (size_t i = 0; i < n; i++) {
		struct node *nd = &nodes[i];
		switch (nd->kind) {
		case NODE_TEXT:
			if (nd->lead)
				strip_prefix(&nd->text, &nd->len, pre, plen);
			break;
		case NODE_PARTIAL:
			strip_prefix(&nd->indent, &nd->indent_len, pre, plen);
			break;
		case NODE_PARENT:
		case NODE_BLOCK:
			strip_prefix(&nd->indent, &nd->indent_len, pre, plen);
			strip_lines(nd->kids, nd->nkids, pre, plen);
			break;
		case NODE_SECTION:
		case NODE_INVERTED:
			strip_lines(nd->kids, nd->nkids, pre, plen);
			break;
		default:
			break;
		}
	}
}

/* Outer blocks first: a block's own indentation is measured after its
 * enclosing block's indentation was removed. */
static void fix_blocks(struct node *nodes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct node *nd = &nodes[i];
		if (nd->kind == NODE_BLOCK && nd->intrinsic && nd->nkids &&
		    nd->kids[0].kind == NODE_TEXT && nd->kids[0].lead) {
			const struct node *first = &nd->kids[0];
			size_t k = 0;
			while (k < first->len && is_blank(first->text[k]))
				k++;
			if (k) {
				const char *pre = first->text;
				strip_lines(nd->kids, nd->nkids, pre, k);
				nd->indent = pre;
				nd->indent_len = k;
			}
		}
		if (nd->nkids)
			fix_blocks(nd->kids, nd->nkids);
	}
}

/* ---- text runs --------------------------------------------------------- */

/* Set the text runs (see struct node) of `nodes` and below, last node
 * first so each run extends the next one's. After fix_blocks, which may
 * shorten lines and so split runs. */
static void find_text_runs(struct node *nodes, size_t n)
{
	for (size_t i = n; i-- > 0;) {
		struct node *nd = &nodes[i];
		if (nd->nkids)
			find_text_runs(nd->kids, nd->nkids);
		if (nd->kind != NODE_TEXT)
			continue;
		nd->run_len = nd->len;
		nd->run_nodes = 1;
		const struct node *next = i + 1 < n ? &nodes[i + 1] : NULL;
		if (next && next->kind == NODE_TEXT &&
		    next->text == nd->text + nd->len) {
			nd->run_len += next->run_len;
			nd->run_nodes += next->run_nodes;
		}
	}
}

/* Mark the sections and inverted sections of `nodes` and below that are
 * self-contained (struct node); whether all of `nodes` are text, names
 * and such sections. */
static bool mark_self_contained(struct node *nodes, size_t n)
{
	bool all = true;
	for (size_t i = 0; i < n; i++) {
		struct node *nd = &nodes[i];
		bool kids = !nd->nkids || mark_self_contained(nd->kids, nd->nkids);
		if (nd->kind == NODE_SECTION || nd->kind == NODE_INVERTED)
			nd->self_contained = kids;
		if (!kids || nd->kind == NODE_PARTIAL || nd->kind == NODE_PARENT ||
		    nd->kind == NODE_BLOCK)
			all = false;
	}
	return all;
}

/* ---- templates --------------------------------------------------------- */

void mustache_parse_free(struct tmpl *t)
{
	if (!t)
		return;
	arena_free(&t->arena);
	free(t->name);
	free(t->path);
	free(t);
}

struct tmpl *mustache_parse_template(const char *name, const char *path,
				     const char *src, size_t len,
				     int max_nesting, struct diag *diag)
{
	struct tmpl *t = xcalloc(1, sizeof *t);
	t->name = xstrdup(name);
	t->path = xstrdup(path ? path : name);
	t->src = arena_strndup(&t->arena, src, len);
	t->len = len;

	struct parser p = { 0 };
	p.src = t->src;
	p.len = len;
	p.path = t->path;
	p.diag = diag;
	p.arena = &t->arena;
	p.max_nesting = max_nesting;
	parser_tokenize(&p);
	parser_match(&p);
	if (p.errors) {
		free(p.toks);
		mustache_parse_free(t);
		return NULL;
	}
	parser_standalone(&p);
	build_level(&p, 0, p.ntoks, &t->nodes, &t->nnodes);
	fix_blocks(t->nodes, t->nnodes);
	find_text_runs(t->nodes, t->nnodes);
	mark_self_contained(t->nodes, t->nnodes);
	free(p.toks);
	return t;
}
