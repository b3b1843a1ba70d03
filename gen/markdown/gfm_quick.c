/* gfm_quick: the common forms of an article body, read in one pass (see
 * gfm_quick.h): its lines, then block by block, each block's inlines by
 * gfm_inline.c, written as gfm_html.c writes cmark's tree. */
#include "markdown/gfm_quick.h"

#include "markdown/gfm_html.h"
#include "markdown/gfm_inline.h"
#include "markdown/gfm_out.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- blocks ---- */

struct quick {
	const char *md;
	size_t len;
	struct gfm_out *o;
	size_t start;       /* where the body's HTML starts in o->html */
	struct gfm_inlines in;
	struct buf src;     /* a paragraph's inline source */
	struct buf text;    /* a block's prose, a heading's text */
	/* the lines: [at, at + n) of md, without the line end */
	struct line { size_t at, n; } *lines;
	size_t nlines, cap_lines;
};

static void cr(struct quick *q)
{
	struct buf *b = &q->o->html;
	if (b->len > q->start && b->ptr[b->len - 1] != '\n')
		buf_addc(b, '\n');
}

static void add_prose(struct quick *q, bool row, int line, int end_line)
{
	buf_reset(&q->text);
	gfm_inline_text(&q->in, false, &q->text);
	gfm_out_add_prose(q->o, row, line, end_line, &q->text);
}

/* A paragraph of lines first..last (0-based) whose source is q->src;
 * `p`: with its <p> (not in a tight list's item). */
static bool write_paragraph(struct quick *q, size_t first, size_t last, bool p)
{
	if (!gfm_inline_parse(&q->in, q->src.ptr, q->src.len))
		return false;
	if (p) {
		cr(q);
		buf_adds(&q->o->html, "<p>");
	}
	gfm_inline_write(&q->in, &q->o->html);
	if (p)
		buf_adds(&q->o->html, "</p>\n");
	add_prose(q, false, (int)first + 1, (int)last + 1);
	return true;
}

static bool all_spaces(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ')
			return false;
	return true;
}

/* A line of three or more of one of - * _ and spaces: a thematic break
 * (or, of - or =, a setext underline). */
static bool is_break_line(const char *s, size_t n)
{
	char c = s[0];
	if (c != '-' && c != '*' && c != '_' && c != '=')
		return false;
	size_t count = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == c)
			count++;
		else if (s[i] != ' ')
			return false;
	}
	return count >= 3 || c == '-' || c == '=';
}

/* A pipe table's delimiter row, or a line cmark-gfm could take for one:
 * only | : - and spaces, with a '-'. */
static bool may_be_delimiter_row(const char *s, size_t n)
{
	bool dash = false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '-')
			dash = true;
		else if (s[i] != '|' && s[i] != ':' && s[i] != ' ')
			return false;
	}
	return dash;
}

enum line_kind { L_BLANK, L_TEXT, L_HEADING, L_FENCE, L_BULLET, L_ORDERED, L_DECLINE };

/* What a line (or a list item's content) begins; for a heading its level
 * in *num, for a fence its backticks, for an ordered item its number;
 * *content: where the heading's text, a fence's info or an item's text
 * starts. */
static enum line_kind line_kind(const char *s, size_t n, long *num, size_t *content)
{
	if (all_spaces(s, n))
		return L_BLANK;
	if (s[0] == ' ' || s[0] == '>' || s[0] == '<' ||
	    is_break_line(s, n) || may_be_delimiter_row(s, n))
		return L_DECLINE;
	size_t i = 0;
	switch (s[0]) {
	case '#':
		while (i < n && s[i] == '#')
			i++;
		if (i > 6 || (i < n && s[i] != ' '))
			return L_TEXT;
		*num = (long)i;
		while (i < n && s[i] == ' ')
			i++;
		*content = i;
		while (n > i && s[n - 1] == ' ')
			n--;
		return i < n && s[n - 1] != '#' ? L_HEADING : L_DECLINE;
	case '~':
		while (i < n && s[i] == '~')
			i++;
		return i >= 3 ? L_DECLINE : L_TEXT; /* a fence of tildes */
	case '`':
		while (i < n && s[i] == '`')
			i++;
		if (i < 3)
			return L_TEXT;
		*num = (long)i;
		*content = i;
		return memchr(s + i, '`', n - i) ? L_DECLINE : L_FENCE;
	case '-':
	case '*':
	case '+':
		if (n == 1 || s[1] == ' ') { /* a list item */
			if (s[0] != '-' || n < 3 || s[2] == ' ')
				return L_DECLINE;
			*content = 2;
			return L_BULLET;
		}
		return L_TEXT;
	default:
		break;
	}
	if (s[0] >= '0' && s[0] <= '9') {
		long v = 0;
		while (i < n && i < 10 && s[i] >= '0' && s[i] <= '9')
			v = v * 10 + (s[i++] - '0');
		if (i >= 10 || i >= n || (s[i] != '.' && s[i] != ')'))
			return L_TEXT;
		if (s[i] == ')' || i + 1 >= n || s[i + 1] != ' ' || i + 2 >= n || s[i + 2] == ' ')
			return i + 1 < n && s[i + 1] != ' ' ? L_TEXT : L_DECLINE;
		*num = v;
		*content = i + 2;
		return L_ORDERED;
	}
	return L_TEXT;
}

static const struct line *line_at(const struct quick *q, size_t i)
{
	return &q->lines[i];
}

/* A heading at line i. */
static bool read_heading(struct quick *q, size_t i, int level, size_t content)
{
	const struct line *l = line_at(q, i);
	const char *s = q->md + l->at + content;
	size_t n = l->n - content;
	if (!gfm_inline_parse(&q->in, s, n))
		return false;
	struct buf *h = &q->o->html;
	char lv = (char)('0' + level);
	cr(q);
	buf_add(h, (char[]){ '<', 'h', lv, '>' }, 4);
	gfm_inline_write(&q->in, h);
	buf_add(h, (char[]){ '<', '/', 'h', lv, '>', '\n' }, 6);
	buf_reset(&q->text);
	gfm_inline_text(&q->in, true, &q->text);
	gfm_out_add_heading(q->o, level, &q->text);
	add_prose(q, false, (int)i + 1, (int)i + 1);
	return true;
}

/* Whether line `l` closes a fence of `ticks` backticks: up to three
 * spaces, as many backticks or more, spaces. */
static bool closes_fence(const char *s, size_t n, size_t ticks)
{
	size_t i = 0, k = 0;
	while (i < n && i < 3 && s[i] == ' ')
		i++;
	while (i + k < n && s[i + k] == '`')
		k++;
	return k >= ticks && all_spaces(s + i + k, n - i - k);
}

/* A fenced code block opening at line i: the line after its end, 0 when
 * declined. */
static size_t read_fence(struct quick *q, size_t i, size_t ticks, size_t content)
{
	const struct line *l = line_at(q, i);
	const char *info = q->md + l->at + content;
	size_t ninfo = l->n - content;
	while (ninfo && *info == ' ')
		info++, ninfo--;
	while (ninfo && info[ninfo - 1] == ' ')
		ninfo--;
	if (memchr(info, '\\', ninfo) || memchr(info, '&', ninfo))
		return 0; /* unescaped by cmark */
	if (text_utf8_check(q->md + l->at, l->n) != l->n)
		return 0; /* cmark's fence scanner reads UTF-8: no fence */
	size_t end = i + 1;
	while (end < q->nlines &&
	       !closes_fence(q->md + line_at(q, end)->at, line_at(q, end)->n, ticks))
		end++;
	if (end >= q->nlines)
		return 0; /* open to the end */
	struct buf *h = &q->o->html;
	cr(q);
	gfm_html_code_open(h, info, ninfo);
	for (size_t k = i + 1; k < end; k++) {
		text_escape_html_cmark(h, q->md + line_at(q, k)->at, line_at(q, k)->n);
		buf_addc(h, '\n');
	}
	buf_adds(h, "</code></pre>\n");
	return end + 1;
}

/* The cells of a table row (trimmed, between its pipes) into `cells`
 * (offsets into md); false unless it starts and ends with '|' and has no
 * backslash. */
struct cell { size_t at, n; };

static bool row_cells(const struct quick *q, size_t i, struct cell *cells, size_t max,
		      size_t *ncells)
{
	const struct line *l = line_at(q, i);
	const char *s = q->md + l->at;
	size_t n = l->n;
	while (n && s[n - 1] == ' ')
		n--;
	if (n < 2 || s[0] != '|' || s[n - 1] != '|' || memchr(s, '\\', n) ||
	    text_utf8_check(s, n) != n) /* cmark-gfm's cell scanner reads UTF-8 */
		return false;
	size_t count = 0;
	for (size_t at = 1; at < n;) {
		const char *bar = memchr(s + at, '|', n - at);
		size_t from = at, to = (size_t)(bar - s);
		while (from < to && s[from] == ' ')
			from++;
		while (to > from && s[to - 1] == ' ')
			to--;
		if (count == max)
			return false;
		cells[count++] = (struct cell){ l->at + from, to - from };
		at = (size_t)(bar - s) + 1;
	}
	*ncells = count;
	return true;
}

enum { CELLS_MAX = 64 };

static bool write_cell(struct quick *q, const struct cell *c, bool head, char align)
{
	struct buf *h = &q->o->html;
	if (!gfm_inline_parse(&q->in, q->md + c->at, c->n))
		return false;
	cr(q);
	gfm_html_cell_open(h, head, align);
	gfm_inline_write(&q->in, h);
	buf_adds(h, head ? "</th>" : "</td>");
	gfm_inline_text(&q->in, false, &q->text); /* the row's prose */
	return true;
}

/* A row's cells and its prose (cells after " | "). */
static bool write_row(struct quick *q, size_t i, const struct cell *cells, size_t n,
		      const char *align, bool head)
{
	struct buf *h = &q->o->html;
	buf_reset(&q->text);
	buf_adds(h, "<tr>");
	for (size_t k = 0; k < n; k++) {
		if (k)
			buf_adds(&q->text, " | ");
		if (!write_cell(q, &cells[k], head, align[k]))
			return false;
	}
	cr(q);
	buf_adds(h, "</tr>");
	gfm_out_add_prose(q->o, true, (int)i + 1, (int)i + 1, &q->text);
	return true;
}

/* Whether a table starts at line i (a header row, a delimiter row of as
 * many cells); its alignments. */
static bool table_at(const struct quick *q, size_t i, char *align, size_t *ncols)
{
	struct cell head[CELLS_MAX], delim[CELLS_MAX];
	size_t nh, nd;
	if (i + 1 >= q->nlines || !row_cells(q, i, head, CELLS_MAX, &nh))
		return false;
	const struct line *d = line_at(q, i + 1);
	if (!may_be_delimiter_row(q->md + d->at, d->n) ||
	    !row_cells(q, i + 1, delim, CELLS_MAX, &nd) || nd != nh)
		return false;
	for (size_t k = 0; k < nd; k++) {
		const char *s = q->md + delim[k].at;
		size_t n = delim[k].n, a = n && s[0] == ':', b = n > a && s[n - 1] == ':';
		if (n < a + b + 1)
			return false;
		for (size_t j = a; j < n - b; j++)
			if (s[j] != '-')
				return false;
		align[k] = a && b ? 'c' : a ? 'l' : b ? 'r' : 0;
	}
	*ncols = nh;
	return true;
}

/* A table at line i: the line after it, 0 when declined. */
static size_t read_table(struct quick *q, size_t i, const char *align, size_t ncols)
{
	struct buf *h = &q->o->html;
	struct cell cells[CELLS_MAX];
	size_t n;
	cr(q);
	buf_adds(h, gfm_html_table_open);
	buf_adds(h, "<table>");
	cr(q);
	buf_adds(h, "<thead>");
	cr(q);
	if (!row_cells(q, i, cells, CELLS_MAX, &n) || !write_row(q, i, cells, n, align, true))
		return 0;
	cr(q);
	buf_adds(h, "</thead>");
	size_t k = i + 2;
	bool body = false;
	for (; k < q->nlines; k++) {
		const struct line *l = line_at(q, k);
		if (all_spaces(q->md + l->at, l->n))
			break;
		if (!row_cells(q, k, cells, CELLS_MAX, &n) || n != ncols)
			return 0;
		cr(q);
		if (!body) {
			buf_adds(h, "<tbody>");
			cr(q);
			body = true;
		}
		if (!write_row(q, k, cells, n, align, false))
			return 0;
	}
	if (body) {
		cr(q);
		buf_adds(h, "</tbody>");
		cr(q);
	}
	cr(q);
	buf_adds(h, "</table>");
	buf_adds(h, gfm_html_table_close);
	cr(q);
	return k;
}

/* Whether line k goes on with a paragraph whose lines stand `indent`
 * spaces in (0 at the top, an item's content offset in a list): that many
 * spaces or more, then text that starts no block; four spaces past
 * `indent` start none (indented code cannot interrupt a paragraph). */
static bool continues_paragraph(const struct quick *q, size_t k, size_t indent)
{
	const struct line *l = line_at(q, k);
	const char *s = q->md + l->at;
	size_t sp = 0;
	while (sp < l->n && s[sp] == ' ')
		sp++;
	if (sp == l->n || sp < indent || may_be_delimiter_row(s + sp, l->n - sp))
		return false;
	if (sp - indent >= 4)
		return true;
	long num;
	size_t content;
	return line_kind(s + sp, l->n - sp, &num, &content) == L_TEXT;
}

/* A paragraph's next line onto its source: a line end, then its text
 * from its first non-space (cmark keeps no line's leading spaces). */
static void add_source_line(struct quick *q, size_t k)
{
	const struct line *l = line_at(q, k);
	size_t sp = 0;
	while (sp < l->n && q->md[l->at + sp] == ' ')
		sp++;
	buf_addc(&q->src, '\n');
	buf_add(&q->src, q->md + l->at + sp, l->n - sp);
}

/* A list whose first item is at line i (its kind, and for an ordered one
 * its number): the line after it, 0 when declined. An item is a paragraph
 * (its lines after the first as far in as its text); a blank line between
 * two items makes the list loose. */
static size_t read_list(struct quick *q, size_t i, enum line_kind kind, long start)
{
	struct item { size_t line, content, last; } *items = NULL;
	size_t nitems = 0, cap = 0, k = i;
	bool loose = false;
	long num;
	size_t content = 0;
	for (;;) {
		const struct line *l = line_at(q, k);
		enum line_kind lk = line_kind(q->md + l->at, l->n, &num, &content);
		if (lk != kind)
			break;
		const char *c = q->md + l->at + content;
		size_t cn = l->n - content;
		long unused;
		size_t uc;
		if (line_kind(c, cn, &unused, &uc) != L_TEXT || c[0] == '[' || c[0] == '|')
			goto decline; /* a block in the item, or a reference */
		ALLOC_GROW(items, nitems, cap);
		items[nitems] = (struct item){ k, content, k };
		for (k++; k < q->nlines && continues_paragraph(q, k, content); k++)
			items[nitems].last = k;
		nitems++;
		if (k >= q->nlines)
			break;
		l = line_at(q, k);
		enum line_kind next = line_kind(q->md + l->at, l->n, &num, &content);
		if (next == L_BLANK) {
			size_t after = k + 1;
			if (after < q->nlines) {
				const struct line *a = line_at(q, after);
				enum line_kind ak = line_kind(q->md + a->at, a->n, &num, &content);
				if (ak == kind) {
					loose = true;
					k = after;
					continue;
				}
				if (ak == L_BLANK || ak == L_BULLET || ak == L_ORDERED)
					goto decline;
			}
			break;
		}
		if (next == L_TEXT || next == L_DECLINE ||
		    (next != kind && (next == L_BULLET || next == L_ORDERED)))
			goto decline; /* a lazy line, or another kind of list */
		if (next != kind)
			break;
	}
	struct buf *h = &q->o->html;
	cr(q);
	gfm_html_list_open(h, kind == L_BULLET, (int)start);
	for (size_t t = 0; t < nitems; t++) {
		const struct line *l = line_at(q, items[t].line);
		cr(q);
		buf_adds(h, "<li>");
		buf_reset(&q->src);
		buf_add(&q->src, q->md + l->at + items[t].content, l->n - items[t].content);
		for (size_t c = items[t].line + 1; c <= items[t].last; c++)
			add_source_line(q, c);
		if (!write_paragraph(q, items[t].line, items[t].last, loose))
			goto decline;
		buf_adds(h, "</li>\n");
	}
	buf_adds(h, kind == L_BULLET ? "</ul>\n" : "</ol>\n");
	free(items);
	return k;
decline:
	free(items);
	return 0;
}

/* A paragraph from line i: its lines up to a blank line, a heading or a
 * fence (lines further in go on with it); the line after it, 0 when
 * declined. */
static size_t read_paragraph(struct quick *q, size_t i)
{
	if (q->md[line_at(q, i)->at] == '[')
		return 0; /* a link reference definition could start here */
	buf_reset(&q->src);
	size_t k = i;
	long num;
	size_t content;
	for (; k < q->nlines; k++) {
		const struct line *l = line_at(q, k);
		if (k > i && !continues_paragraph(q, k, 0)) {
			enum line_kind lk = line_kind(q->md + l->at, l->n, &num, &content);
			if (lk == L_BLANK || lk == L_HEADING || lk == L_FENCE)
				break;
			return 0; /* a list or a setext underline after a line */
		}
		if (k > i)
			add_source_line(q, k);
		else
			buf_add(&q->src, q->md + l->at, l->n);
	}
	return write_paragraph(q, i, k - 1, true) ? k : 0;
}

/* The body's lines; false when it has a control byte but the line end (a
 * tab, CR, NUL: cmark reads them as white space or replaces them). Bytes
 * that are not UTF-8 need no check here: cmark copies them as they are,
 * and reads them as a line end where it asks what character stands next
 * to a delimiter (cmark_utf8proc_iterate fails), as gfm_inline does
 * through the same function; only a table's rows and a fence's first
 * line are scanned as UTF-8 (row_cells and read_fence check them). */
static bool split_lines(struct quick *q)
{
	const unsigned char *s = (const unsigned char *)q->md;
	size_t at = 0, len = q->len;
	/* room for a line in 32 bytes at once (a paragraph's lines are
	 * longer, blank lines between): grown only for many short lines */
	q->cap_lines = len / 32 + 16;
	q->lines = xreallocarray(q->lines, q->cap_lines, sizeof *q->lines);
	for (size_t i = 0; i < len;) {
		if (len - i >= 8) {
			/* eight bytes with none below 0x20 at once (a false alarm
			 * above a true one only costs the test below) */
			uint64_t x = bytes_le64(s + i);
			if (!((x - BYTES_ONES * 0x20) & ~x & BYTES_HIGH)) {
				i += 8;
				continue;
			}
		}
		unsigned char c = s[i];
		if (c == '\n') {
			ALLOC_GROW(q->lines, q->nlines, q->cap_lines);
			q->lines[q->nlines++] = (struct line){ at, i - at };
			at = i + 1;
		} else if (c < 0x20) {
			return false;
		}
		i++;
	}
	if (at < len) {
		ALLOC_GROW(q->lines, q->nlines, q->cap_lines);
		q->lines[q->nlines++] = (struct line){ at, len - at };
	}
	return true;
}

static bool read_blocks(struct quick *q)
{
	if (!split_lines(q))
		return false;
	for (size_t i = 0; i < q->nlines;) {
		const struct line *l = line_at(q, i);
		const char *s = q->md + l->at;
		long num = 0;
		size_t content = 0, next = 0;
		char align[CELLS_MAX];
		size_t ncols;
		enum line_kind kind = line_kind(s, l->n, &num, &content);
		switch (kind) {
		case L_BLANK:
			next = i + 1;
			break;
		case L_HEADING:
			next = read_heading(q, i, (int)num, content) ? i + 1 : 0;
			break;
		case L_FENCE:
			next = read_fence(q, i, (size_t)num, content);
			break;
		case L_BULLET:
		case L_ORDERED:
			next = read_list(q, i, kind, num);
			break;
		case L_TEXT:
			next = s[0] == '|' && table_at(q, i, align, &ncols)
				       ? read_table(q, i, align, ncols)
				       : read_paragraph(q, i);
			break;
		default:
			return false;
		}
		if (!next)
			return false;
		i = next;
	}
	return true;
}

bool gfm_quick_render(const char *md, size_t len, struct gfm_out *o)
{
	struct quick q = { .md = md, .len = len, .o = o, .start = o->html.len,
			   .src = BUF_INIT, .text = BUF_INIT };
	/* room for the longest block once, not grown block by block: a
	 * block's source is at most the body (its lines joined by one byte
	 * each), its text at most thrice that (gfm_inline_text) */
	buf_grow(&q.src, len + 1);
	buf_grow(&q.text, 3 * len + 1);
	gfm_inline_init(&q.in);
	size_t nh = o->nheadings, np = o->nprose;
	bool ok = read_blocks(&q);
	if (!ok) {
		buf_truncate(&o->html, q.start);
		gfm_out_truncate(o, nh, np);
	}
	free(q.lines);
	gfm_inline_release(&q.in);
	buf_release(&q.src);
	buf_release(&q.text);
	return ok;
}
