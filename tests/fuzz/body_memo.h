/* What fuzz_body_memo and its seeds (seed_records) share: an article
 * rendered as a build renders it, with a memo of one body's records and
 * the page as published, and a resolver that gives each shortcode some
 * HTML (a block one a block). */
#ifndef GPUGUIDE_TESTS_BODY_MEMO_H
#define GPUGUIDE_TESTS_BODY_MEMO_H

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "markdown/frontmatter.h"
#include "markdown/markdown.h"
#include "markdown/shortcode_text.h"

#include <stdbool.h>
#include <string.h>

enum part { BODY_REC, GFM_REC, HTML_REC, NPARTS };

struct memo {
	struct digest_value key; /* the body's */
	struct buf rec[NPARTS];
	bool have[NPARTS];
	struct buf published;
};

static void memo_init(struct memo *m)
{
	memset(m, 0, sizeof *m);
	for (int i = 0; i < NPARTS; i++)
		m->rec[i] = (struct buf)BUF_INIT;
	m->published = (struct buf)BUF_INIT;
}

static int part_of(const struct memo *m, struct digest_value key)
{
	if (digest_equal(key, m->key))
		return BODY_REC;
	if (digest_equal(key, markdown_gfm_record_key(m->key)))
		return GFM_REC;
	if (digest_equal(key, markdown_html_record_key(m->key, 0)))
		return HTML_REC;
	return -1;
}

static int memo_find(void *ctx, struct digest_value key, struct buf *rec)
{
	struct memo *m = ctx;
	int p = part_of(m, key);
	if (p < 0 || !m->have[p])
		return -1;
	buf_addbuf(rec, &m->rec[p]);
	return 0;
}

static void memo_keep(void *ctx, struct digest_value key, const char *rec, size_t len)
{
	struct memo *m = ctx;
	int p = part_of(m, key);
	if (p < 0)
		return;
	buf_reset(&m->rec[p]);
	buf_add(&m->rec[p], rec, len);
	m->have[p] = true;
}

static int resolve(void *ctx, const struct shortcode *sc, struct buf *out, struct diag *diag)
{
	(void)ctx;
	if (!strcmp(sc->name, "bad")) {
		diag_error(diag, sc->path, sc->line, sc->col, "unknown shortcode");
		return -1;
	}
	if (sc->block)
		buf_addf(out, "<div class=\"block\">%s</div>", sc->name);
	else
		buf_addf(out, "<span class=\"fig\">%s %zu</span>", sc->name, sc->nargs);
	return 0;
}

static int published(void *ctx, const char **html, size_t *len)
{
	const struct memo *m = ctx;
	if (!m->published.len)
		return -1;
	*html = m->published.ptr;
	*len = m->published.len;
	return 0;
}

static const char head[] = "---\ntitle: T\ndescription: D\ndate: 2026-01-02\nslug: s\n---\n";

/* The article of `body` rendered with `memo` (NULL: none): its HTML into
 * `out`; 0, or -1 when it is refused or fails. */
static int render(const char *body, struct memo *memo, struct buf *out)
{
	struct buf src = BUF_INIT;
	buf_adds(&src, head);
	buf_adds(&src, body);
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct article a;
	int rc = markdown_parse_article(&a, "content/en/a.md", 0, src.ptr, src.len, &d);
	if (rc == 0) {
		struct markdown_cite cite = { resolve, NULL, memo, NULL, false, NULL,
					      memo ? published : NULL };
		struct markdown_memo mm = { memo_find, memo_keep, memo, NULL, NULL, NULL };
		if (memo)
			memo->key = markdown_body_key(a.body, strlen(a.body));
		rc = markdown_render(&a, &cite, memo ? &mm : NULL, &d);
		if (rc == 0)
			buf_adds(out, a.html);
	}
	markdown_article_free(&a);
	buf_release(&src);
	return rc;
}

static void memo_release(struct memo *m)
{
	for (int i = 0; i < NPARTS; i++)
		buf_release(&m->rec[i]);
	buf_release(&m->published);
}

#endif
