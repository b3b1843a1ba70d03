/* gfm_html: a cmark-gfm tree's HTML, as cmark_render_html writes it (see
 * gfm_html.h). */
#include "markdown/gfm_html.h"

#include "base/buf.h"
#include "base/text.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* gfm.c's render options: smart punctuation (read by the parser only) and
 * a table column's alignment as a style (align= is not HTML5). */
#define RENDER_OPTIONS (CMARK_OPT_SMART | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES)

const char gfm_html_table_open[] = "<div class=\"table-wrap\" tabindex=\"0\">";
const char gfm_html_table_close[] = "</div>";

/* ---- escaping, as cmark's houdini does it (text_escape_html_cmark) ---- */

static void escape_texts(struct buf *out, const char *s)
{
	if (s)
		text_escape_html_cmark(out, s, strlen(s));
}

/* The bytes houdini_escape_href copies as they are: letters, digits and
 * -_.+!*(),%#@?=;:/$~ (& and ' become entities, the rest %XX); a bit per
 * ASCII byte. */
static bool href_safe(unsigned char c)
{
	static const uint64_t safe[2] = {
		/* 0x20-0x3f: ! # $ % ( ) * + , - . / 0-9 : ; = ? */
		0xAFFFFF3A00000000u,
		/* 0x40-0x7f: @ A-Z _ a-z ~ */
		0x47FFFFFE87FFFFFFu,
	};
	return c < 0x80 && (safe[c >> 6] >> (c & 63) & 1);
}

void gfm_html_escape_href(struct buf *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len; i++) {
		if (href_safe(p[i]))
			buf_addc(out, (char)p[i]);
		else if (p[i] == '&')
			buf_adds(out, "&amp;");
		else if (p[i] == '\'')
			buf_adds(out, "&#x27;");
		else {
			char pct[3] = { '%', hex[p[i] >> 4], hex[p[i] & 0xF] };
			buf_add(out, pct, 3);
		}
	}
}

static bool starts_with_nocase(const char *s, const char *prefix)
{
	return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

/* cmark's scan_dangerous_url: a javascript:, vbscript:, file: or data:
 * URL, but for an image in data: of four formats. Its target is left out
 * (gfm.c drops such links before, with a warning). */
static bool url_is_dangerous(const char *url)
{
	if (!url[0] || !strchr("dfjvDFJV", url[0])) /* what the schemes start with */
		return false;
	static const char *const images[] = { "data:image/png", "data:image/gif",
					      "data:image/jpeg", "data:image/webp" };
	for (size_t i = 0; i < sizeof images / sizeof images[0]; i++)
		if (starts_with_nocase(url, images[i]))
			return false;
	return starts_with_nocase(url, "javascript:") || starts_with_nocase(url, "vbscript:") ||
	       starts_with_nocase(url, "file:") || starts_with_nocase(url, "data:");
}

/* ---- nodes ---- */

struct render {
	struct buf *out;
	size_t start;         /* where this document's HTML starts in out */
	cmark_node *plain;    /* an image whose text is its alt, or NULL */
	bool table_body_open; /* a <tbody> to close at the table's end */
	bool in_table_header;
};

/* A line break unless the document's HTML so far ends in one (or is
 * empty). */
static void cr(struct render *r)
{
	struct buf *b = r->out;
	if (b->len > r->start && b->ptr[b->len - 1] != '\n')
		buf_addc(b, '\n');
}

/* A node inside an image: its text (the alt attribute) alone. */
static void render_plain(struct render *r, cmark_node *n)
{
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_TEXT:
	case CMARK_NODE_CODE:
	case CMARK_NODE_HTML_INLINE:
		escape_texts(r->out, cmark_node_get_literal(n));
		break;
	case CMARK_NODE_LINEBREAK:
	case CMARK_NODE_SOFTBREAK:
		buf_addc(r->out, ' ');
		break;
	default:
		break;
	}
}

void gfm_html_list_open(struct buf *out, bool bullet, int start)
{
	if (bullet)
		buf_adds(out, "<ul>\n");
	else if (start == 1)
		buf_adds(out, "<ol>\n");
	else
		buf_addf(out, "<ol start=\"%d\">\n", start);
}

static void render_list(struct render *r, cmark_node *n, bool entering)
{
	bool bullet = cmark_node_get_list_type(n) == CMARK_BULLET_LIST;
	if (!entering) {
		buf_adds(r->out, bullet ? "</ul>\n" : "</ol>\n");
		return;
	}
	cr(r);
	gfm_html_list_open(r->out, bullet, cmark_node_get_list_start(n));
}

static void render_heading(struct render *r, cmark_node *n, bool entering)
{
	char level = (char)('0' + cmark_node_get_heading_level(n)); /* 1-6 */
	if (entering) {
		cr(r);
		buf_add(r->out, (char[]){ '<', 'h', level, '>' }, 4);
	} else {
		buf_add(r->out, (char[]){ '<', '/', 'h', level, '>', '\n' }, 6);
	}
}

/* What cmark_isspace (not in cmark-gfm's headers) takes for a space. */
static bool is_info_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void gfm_html_code_open(struct buf *out, const char *info, size_t len)
{
	if (!len) {
		buf_adds(out, "<pre><code>");
		return;
	}
	size_t first = 0;
	while (first < len && !is_info_space(info[first]))
		first++;
	buf_adds(out, "<pre><code class=\"language-");
	text_escape_html_cmark(out, info, first);
	buf_adds(out, "\">");
}

static void render_code_block(struct render *r, cmark_node *n)
{
	const char *info = cmark_node_get_fence_info(n);
	cr(r);
	gfm_html_code_open(r->out, info ? info : "", info ? strlen(info) : 0);
	escape_texts(r->out, cmark_node_get_literal(n));
	buf_adds(r->out, "</code></pre>\n");
}

/* A paragraph in a tight list's item has no <p>. */
static void render_paragraph(struct render *r, cmark_node *n, bool entering)
{
	cmark_node *list = cmark_node_parent(cmark_node_parent(n));
	if (list && cmark_node_get_type(list) == CMARK_NODE_LIST &&
	    cmark_node_get_list_tight(list))
		return;
	if (entering) {
		cr(r);
		buf_adds(r->out, "<p>");
	} else {
		buf_adds(r->out, "</p>\n");
	}
}

/* A link's or image's target, left out when dangerous. */
static void render_target(struct render *r, cmark_node *n)
{
	const char *url = cmark_node_get_url(n);
	if (url && !url_is_dangerous(url))
		gfm_html_escape_href(r->out, url, strlen(url));
}

static void render_title(struct render *r, cmark_node *n)
{
	const char *title = cmark_node_get_title(n);
	if (title && *title) {
		buf_adds(r->out, "\" title=\"");
		escape_texts(r->out, title);
	}
}

static void render_link(struct render *r, cmark_node *n, bool entering)
{
	if (!entering) {
		buf_adds(r->out, "</a>");
		return;
	}
	buf_adds(r->out, "<a href=\"");
	render_target(r, n);
	render_title(r, n);
	buf_adds(r->out, "\">");
}

static void render_image(struct render *r, cmark_node *n, bool entering)
{
	if (entering) {
		buf_adds(r->out, "<img src=\"");
		render_target(r, n);
		buf_adds(r->out, "\" alt=\"");
		r->plain = n;
	} else {
		render_title(r, n);
		buf_adds(r->out, "\" />");
	}
}

static void render_table(struct render *r, bool entering)
{
	struct buf *b = r->out;
	if (entering) {
		cr(r);
		buf_adds(b, gfm_html_table_open);
		buf_adds(b, "<table>");
		r->table_body_open = false;
		return;
	}
	if (r->table_body_open) {
		cr(r);
		buf_adds(b, "</tbody>");
		cr(r);
	}
	r->table_body_open = false;
	cr(r);
	buf_adds(b, "</table>");
	buf_adds(b, gfm_html_table_close);
	cr(r);
}

static void render_table_row(struct render *r, cmark_node *n, bool entering)
{
	struct buf *b = r->out;
	bool header = cmark_gfm_extensions_get_table_row_is_header(n);
	if (entering) {
		cr(r);
		if (header) {
			r->in_table_header = true;
			buf_adds(b, "<thead>");
			cr(r);
		} else if (!r->table_body_open) {
			buf_adds(b, "<tbody>");
			cr(r);
			r->table_body_open = true;
		}
		buf_adds(b, "<tr>");
		return;
	}
	cr(r);
	buf_adds(b, "</tr>");
	if (header) {
		cr(r);
		buf_adds(b, "</thead>");
		r->in_table_header = false;
	}
}

/* The alignment of a cell's column ('l', 'c', 'r' or 0): its place in the
 * row, in the table's alignments. */
static int cell_alignment(cmark_node *cell)
{
	cmark_node *row = cmark_node_parent(cell), *table = cmark_node_parent(row);
	uint16_t ncols = cmark_gfm_extensions_get_table_columns(table);
	uint8_t *align = cmark_gfm_extensions_get_table_alignments(table);
	size_t i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c && c != cell; c = cmark_node_next(c))
		i++;
	return align && i < ncols ? align[i] : 0;
}

void gfm_html_cell_open(struct buf *out, bool head, int align)
{
	buf_adds(out, head ? "<th" : "<td");
	switch (align) {
	case 'l': buf_adds(out, " style=\"text-align: left\""); break;
	case 'c': buf_adds(out, " style=\"text-align: center\""); break;
	case 'r': buf_adds(out, " style=\"text-align: right\""); break;
	default: break;
	}
	buf_addc(out, '>');
}

static void render_table_cell(struct render *r, cmark_node *n, bool entering)
{
	struct buf *b = r->out;
	if (!entering) {
		buf_adds(b, r->in_table_header ? "</th>" : "</td>");
		return;
	}
	cr(r);
	gfm_html_cell_open(b, r->in_table_header, cell_alignment(n));
}

/* The nodes of the table and strikethrough extensions, told by their
 * names (their types are numbers the extensions take when registered, in
 * no header): false for any other node an extension made. */
static bool render_extension_node(struct render *r, cmark_node *n, bool entering)
{
	const char *what = cmark_node_get_type_string(n);
	if (!strcmp(what, "table_cell"))
		render_table_cell(r, n, entering);
	else if (!strcmp(what, "table_row") || !strcmp(what, "table_header"))
		render_table_row(r, n, entering);
	else if (!strcmp(what, "table"))
		render_table(r, entering);
	else if (!strcmp(what, "strikethrough"))
		buf_adds(r->out, entering ? "<del>" : "</del>");
	else
		return false;
	return true;
}

/* The block nodes of CommonMark; false for any other. */
static bool render_block(struct render *r, cmark_node *n, cmark_node_type t, bool entering)
{
	struct buf *b = r->out;
	switch (t) {
	case CMARK_NODE_DOCUMENT:
		break;
	case CMARK_NODE_BLOCK_QUOTE:
		cr(r);
		buf_adds(b, entering ? "<blockquote>\n" : "</blockquote>\n");
		break;
	case CMARK_NODE_LIST:
		render_list(r, n, entering);
		break;
	case CMARK_NODE_ITEM:
		if (entering) {
			cr(r);
			buf_adds(b, "<li>");
		} else {
			buf_adds(b, "</li>\n");
		}
		break;
	case CMARK_NODE_HEADING:
		render_heading(r, n, entering);
		break;
	case CMARK_NODE_CODE_BLOCK:
		render_code_block(r, n);
		break;
	case CMARK_NODE_HTML_BLOCK: /* safe mode */
		cr(r);
		buf_adds(b, "<!-- raw HTML omitted -->");
		cr(r);
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		cr(r);
		buf_adds(b, "<hr />\n");
		break;
	case CMARK_NODE_PARAGRAPH:
		render_paragraph(r, n, entering);
		break;
	default:
		return false;
	}
	return true;
}

/* The inline nodes of CommonMark; false for any other. */
static bool render_inline(struct render *r, cmark_node *n, cmark_node_type t, bool entering)
{
	struct buf *b = r->out;
	switch (t) {
	case CMARK_NODE_TEXT:
		escape_texts(b, cmark_node_get_literal(n));
		break;
	case CMARK_NODE_LINEBREAK:
		buf_adds(b, "<br />\n");
		break;
	case CMARK_NODE_SOFTBREAK:
		buf_addc(b, '\n');
		break;
	case CMARK_NODE_CODE:
		buf_adds(b, "<code>");
		escape_texts(b, cmark_node_get_literal(n));
		buf_adds(b, "</code>");
		break;
	case CMARK_NODE_HTML_INLINE: /* safe mode */
		buf_adds(b, "<!-- raw HTML omitted -->");
		break;
	case CMARK_NODE_STRONG:
		buf_adds(b, entering ? "<strong>" : "</strong>");
		break;
	case CMARK_NODE_EMPH:
		buf_adds(b, entering ? "<em>" : "</em>");
		break;
	case CMARK_NODE_LINK:
		render_link(r, n, entering);
		break;
	case CMARK_NODE_IMAGE:
		render_image(r, n, entering);
		break;
	default:
		return false;
	}
	return true;
}

static bool render_node(struct render *r, cmark_node *n, bool entering)
{
	if (cmark_node_get_syntax_extension(n))
		return render_extension_node(r, n, entering);
	cmark_node_type t = cmark_node_get_type(n);
	return render_block(r, n, t, entering) || render_inline(r, n, t, entering);
}

bool gfm_html_render(cmark_node *doc, struct buf *out)
{
	size_t was = out->len;
	struct render r = { .out = out, .start = was };
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	bool ok = true;
	while (ok && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (r.plain == n) /* the image's end: its alt is closed */
			r.plain = NULL;
		if (r.plain)
			render_plain(&r, n);
		else
			ok = render_node(&r, n, ev == CMARK_EVENT_ENTER);
	}
	cmark_iter_free(it);
	if (!ok)
		buf_truncate(out, was);
	return ok;
}

/* ---- cmark's own ---- */

/* Each "<table>" of cmark's `html` in its box (safe mode: every one is
 * cmark's, text's are escaped). */
static void wrap_tables(const char *html, struct buf *out)
{
	static const char open[] = "<table>", close[] = "</table>";
	const char *t;
	while ((t = strstr(html, open))) {
		const char *end = strstr(t, close);
		if (!end)
			break;
		buf_add(out, html, (size_t)(t - html));
		buf_adds(out, gfm_html_table_open);
		buf_add(out, t, (size_t)(end - t) + sizeof close - 1);
		buf_adds(out, gfm_html_table_close);
		html = end + sizeof close - 1;
	}
	buf_adds(out, html);
}

void gfm_html_render_cmark(cmark_node *doc, cmark_mem *mem, struct buf *out)
{
	char *html = cmark_render_html_with_mem(doc, RENDER_OPTIONS, NULL, mem);
	wrap_tables(html, out);
	mem->free(html);
}
