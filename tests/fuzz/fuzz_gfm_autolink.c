/* libFuzzer target: gfm_render's choice to parse an article body without
 * GFM's autolinks when no text of its tree holds what they would link
 * (gfm.c's inspect_tree stops at the first text that does, takes back
 * what it kept and has the body parsed again with them), against the body
 * parsed with autolinks all the same.
 *
 * The body is rendered with a paragraph of a bare host after it, which
 * makes gfm_render parse it with autolinks, and with a paragraph of as
 * many characters that autolinks leave (the same blocks, closed at the
 * same places). When that paragraph stands as a paragraph of its own at
 * the end (not swallowed by an open fence or HTML block), the HTML before
 * it, the headings, the prose with digits and the warnings are the
 * body's alone.
 *
 * Oracle besides the sanitizers: the same HTML, headings, prose and
 * warnings either way. */
#include "base/buf.h"
#include "base/diag.h"
#include "markdown/gfm.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char host[] = "\n\nwww.x.co\n", plain[] = "\n\nzzz.y.co\n";
static const char host_html[] = "<p><a href=\"http://www.x.co\">www.x.co</a></p>\n",
		  plain_html[] = "<p>zzz.y.co</p>\n";

/* Whether `o`'s HTML ends with `end` (of `n` bytes): its length without. */
static bool ends_with(const struct gfm_out *o, const char *end, size_t n, size_t *before)
{
	*before = o->html.len - n;
	return o->html.len >= n && !memcmp(o->html.ptr + *before, end, n);
}

static void render(const char *md, size_t len, struct gfm_out *o, struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	gfm_out_init(o);
	gfm_render(md, len, "a.md", 3, o, &d);
}

static void differ(const char *what, const char *md, size_t len)
{
	fprintf(stderr, "%s differ for:\n%.*s\n", what, (int)len, md);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *md = (const char *)data;
	struct buf with = BUF_INIT, without = BUF_INIT, log1 = BUF_INIT, log2 = BUF_INIT;
	buf_add(&with, md, size);
	buf_add(&with, host, sizeof host - 1);
	buf_add(&without, md, size);
	buf_add(&without, plain, sizeof plain - 1);
	struct gfm_out o1, o2;
	render(without.ptr, without.len, &o1, &log1);
	render(with.ptr, with.len, &o2, &log2);
	size_t n1, n2;
	bool linked = ends_with(&o2, host_html, sizeof host_html - 1, &n2);
	if (!size && !linked) /* not blind: the host alone is a link */
		differ("the bare host", md, size);
	if (ends_with(&o1, plain_html, sizeof plain_html - 1, &n1) && linked) {
		if (n1 != n2 || memcmp(o1.html.ptr, o2.html.ptr, n1))
			differ("HTML", md, size);
		if (o1.nheadings != o2.nheadings || o1.nprose != o2.nprose)
			differ("headings or prose", md, size);
		for (size_t i = 0; i < o1.nheadings; i++)
			if (o1.headings[i].level != o2.headings[i].level ||
			    strcmp(o1.headings[i].text, o2.headings[i].text))
				differ("headings", md, size);
		for (size_t i = 0; i < o1.nprose; i++)
			if (o1.prose[i].row != o2.prose[i].row || o1.prose[i].line != o2.prose[i].line ||
			    o1.prose[i].end_line != o2.prose[i].end_line ||
			    strcmp(o1.prose[i].text, o2.prose[i].text))
				differ("prose", md, size);
		if (log1.len != log2.len || (log1.len && memcmp(log1.ptr, log2.ptr, log1.len)))
			differ("warnings", md, size);
	}
	gfm_out_release(&o1);
	gfm_out_release(&o2);
	buf_release(&with);
	buf_release(&without);
	buf_release(&log1);
	buf_release(&log2);
	return 0;
}
