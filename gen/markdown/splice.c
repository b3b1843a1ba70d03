/* splice: cmark's HTML of an article's body with each shortcode's HTML put
 * where its token stands (splice.h). */
#include "markdown/splice.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/text.h"
#include "markdown/gfm.h"
#include "markdown/gfm_html.h"

#include <stdbool.h>
#include <string.h>

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
	const char *end; /* the HTML's */
};

static const char *next_mark(struct splice_marks *m, const char *s)
{
	if (m->heading && m->heading < s)
		m->heading = bytes_find(s, (size_t)(m->end - s), "<h", 2);
	if (m->token && m->token < s)
		m->token = gfm_token_find(s);
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
 * "按{{< ... >}}计算" reads "按 ResNet-50 计算"; where Chinese or its
 * full-width punctuation meets Chinese, or full-width punctuation meets
 * anything ("$1.39/小时" before "的", "（FSDP）" before "需要" or "H100"), no
 * space even if the author typed one. Returns where the
 * text after the figure resumes. */
static const char *put_inline(const struct buf *html, const char *after,
			      struct buf *out)
{
	const char *text = html->ptr ? html->ptr : "";
	const char *first = first_text(text);
	size_t end = text_end(text, html->len);
	if (out->len >= 2 && out->ptr[out->len - 1] == ' ' &&
	    text_no_space_between(out->ptr, out->len - 1, first))
		buf_truncate(out, out->len - 1);
	if (text_needs_space(out->ptr, out->len, first))
		buf_addc(out, ' ');
	buf_addbuf(out, html);
	if (*after == ' ' && text_no_space_between(text, end, after + 1))
		after++;
	if (text_needs_space(text, end, after))
		buf_addc(out, ' ');
	return after;
}

static const char *put_shortcode(const struct cited *c, const char *tok,
				 bool wrapped, struct buf *out)
{
	const char *after = tok + GFM_TOKEN_LEN;
	/* a block's own paragraph wrapper goes */
	if (wrapped && c->sc.block && is_block_html(c->html.ptr) &&
	    !strncmp(after, "</p>\n", 5)) {
		buf_addbuf(out, &c->html);
		buf_addc(out, '\n');
		return after + 5;
	}
	if (wrapped)
		buf_adds(out, "<p>");
	if (c->sc.block) {
		buf_addbuf(out, &c->html);
		return after;
	}
	return put_inline(&c->html, after, out);
}

void splice_html(const char *html, size_t len, const char *const *ids, size_t nids,
		 const struct found *items, size_t n, struct buf *out)
{
	size_t h = 0;
	const char *s = html;
	struct splice_marks m = { html, html, html + len };
	m.heading = bytes_find(html, len, "<h", 2);
	m.token = gfm_token_find(html);
	const char *mark;
	while ((mark = next_mark(&m, s))) {
		size_t idx;
		if (mark == m.heading) {
			if (mark[2] >= '1' && mark[2] <= '6' && mark[3] == '>' &&
			    h < nids) {
				buf_add(out, s, (size_t)(mark - s));
				buf_add(out, mark, 3);
				buf_adds(out, " id=\"");
				text_escape_htmls(out, ids[h++]);
				buf_adds(out, "\">");
				s = mark + 4;
			} else {
				buf_add(out, s, (size_t)(mark + 2 - s));
				s = mark + 2;
			}
			continue;
		}
		if (!gfm_token_at(mark, &idx) || idx >= n) {
			buf_add(out, s, (size_t)(mark + 3 - s));
			s = mark + 3;
			continue;
		}
		const struct found *f = &items[idx];
		if (f->code || !f->cited) { /* text, or nothing after an error */
			buf_add(out, s, (size_t)(mark - s));
			if (f->code) /* the text it is, escaped as cmark escapes code */
				text_escape_html_cmark(out, f->text, f->len);
			s = mark + GFM_TOKEN_LEN;
			continue;
		}
		bool wrapped = mark - s >= 3 && !strncmp(mark - 3, "<p>", 3);
		buf_add(out, s, (size_t)(mark - (wrapped ? 3 : 0) - s));
		if (inside_tag(html, mark)) {
			s = mark + GFM_TOKEN_LEN;
			continue;
		}
		s = put_shortcode(f->cited, mark, wrapped, out);
	}
	buf_add(out, s, (size_t)(m.end - s));
}
