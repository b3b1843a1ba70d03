/* libFuzzer target: an article (front matter, Markdown, shortcodes) parsed
 * and rendered with cite_resolve against the real data/ (loaded once, in
 * LLVMFuzzerInitialize, as the build does; GPUGUIDE_ROOT names the project,
 * default "."). The first input byte picks the language.
 *
 * Oracles besides the sanitizers: the HTML of an article rendered without
 * errors holds no <script, no on...= attribute and no javascript: link. */
#include "base/arena.h"
#include "base/buf.h"
#include "cite/cite.h"
#include "cite/cite_typed.h"
#include "model/data.h"
#include "base/diag.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "markdown/frontmatter.h"
#include "markdown/markdown.h"
#include "model/metrics.h"
#include "view/site.h"
#include "view/present.h"
#include "template/mustache.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct site site;
static struct diag init_diag;
static struct arena kept; /* what lives as long as the fuzzer (the templates' keys) */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *root = getenv("GPUGUIDE_ROOT");
	struct buf dir = BUF_INIT;
	buf_addf(&dir, "%s/data", root && *root ? root : ".");
	diag_init(&init_diag, stderr, NULL);
	site.diag = &init_diag;
	site.in.opt.root = root && *root ? root : ".";
	site.in.opt.base_url = "https://gpuguide.example";
	if (data_load(&site.in.data, dir.ptr, "data", &init_diag) != 0 ||
	    i18n_load(&site.in.i18n, &site.in.data.tables[TABLE_I18N], &init_diag) != 0) {
		fprintf(stderr, "fuzz_shortcode: cannot load %s (set GPUGUIDE_ROOT)\n", dir.ptr);
		exit(1);
	}
	metrics_compute(&site.in.data, NULL, &site.in.metrics);
	site.in.date = "2026-11-30";
	/* the templates whose partials draw the tables' cells, the language
	 * keys they read and the page kit's cells: made once, in an arena of
	 * their own that outlives the one each input frees */
	buf_reset(&dir);
	buf_addf(&dir, "%s/templates", site.in.opt.root);
	site.in.templates = tmpl_set_new();
	if (tmpl_set_load_dir(site.in.templates, dir.ptr, "templates", &init_diag) != 0) {
		fprintf(stderr, "fuzz_shortcode: cannot load %s\n", dir.ptr);
		exit(1);
	}
	site_lang_contexts(&site);
	pg_kit(&site);
	kept = site.arena;
	site.arena = (struct arena)ARENA_INIT;
	buf_release(&dir);
	return 0;
}

static void hostile(const char *what, const char *html)
{
	fprintf(stderr, "hostile markup (%s) in the article HTML:\n%.3000s\n", what, html);
	abort();
}

static bool name_is(const char *s, size_t n, const char *name)
{
	return strlen(name) == n && !strncasecmp(s, name, n);
}

/* Walk the tags of `html` (text has every '<' escaped, so a '<' starts a
 * tag): no <script>, no on... attribute, no javascript: in href or src. */
static void check_html(const char *html)
{
	for (const char *p = strchr(html, '<'); p; p = strchr(p, '<')) {
		p++;
		if (*p == '!' || *p == '/') /* comment or end tag */
			continue;
		size_t n = strcspn(p, " \t\n/>");
		if (name_is(p, n, "script"))
			hostile("<script>", html);
		p += n;
		while (*p && *p != '>') {
			p += strspn(p, " \t\n/");
			size_t an = strcspn(p, " \t\n/>=");
			const char *attr = p;
			p += an;
			if (an >= 2 && !strncasecmp(attr, "on", 2))
				hostile("an on... attribute", html);
			if (*p != '=')
				continue;
			p++;
			char q = *p == '"' || *p == '\'' ? *p++ : 0;
			const char *val = p;
			p = q ? strchr(p, q) : p + strcspn(p, " \t\n>");
			if (!p)
				hostile("an unclosed attribute value", html);
			while (val < p && isspace((unsigned char)*val))
				val++;
			if ((name_is(attr, an, "href") || name_is(attr, an, "src")) &&
			    !strncasecmp(val, "javascript:", 11))
				hostile("a javascript: link", html);
			if (q)
				p++;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	enum lang l = data[0] & 1 ? LANG_ZH : LANG_EN;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	site.diag = &d;
	struct article a;
	const char *path = l == LANG_ZH ? "content/zh/fuzz.md" : "content/en/fuzz.md";
	if (markdown_parse_article(&a, path, l, (const char *)data + 1, size - 1, &d) == 0) {
		struct page_ctx pc = pg_planning(&site, l, "articles/fuzz/", NULL);
		if (markdown_render(&a, &(struct markdown_cite){ cite_resolve, cite_check_prose, &pc, NULL, false,
							   cite_resolve_known, NULL }, NULL, &d) == 0 && a.html &&
		    !diag_failed(&d))
			check_html(a.html);
	}
	markdown_article_free(&a);
	/* keep memory flat: what cite put in the build arena and the charts */
	guide_charts_free(&site);
	arena_free(&site.arena);
	site.in.pages_kit = NULL; /* it lived in that arena */
	site.diag = &init_diag;
	buf_release(&log);
	return 0;
}
