/* pages_home: each language's home page, and the 404 page (see
 * pages_home.h). */
#include "pages/pages_home.h"
#include "pages/articles.h"
#include "pages/pages_compare.h"
#include "pages/pages_guide.h"
#include "pages/pages_tasks.h"
#include "pages/price_history.h"
#include "publish/output.h"
#include "template/mustache.h"
#include "base/diag.h"

#include "base/arena.h"
#include "base/buf.h"
#include "model/data.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "template/value.h"
#include "view/guide_tables.h"
#include "view/present.h"
#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- the home page's guide block ---- */

static const char *const section_paths[] = {
	"gpus/", "compare/", "tasks/", "use-cases/", "techniques/", "vram/",
	"inference/", "report/", NULL
};
static const char *const section_keys[] = {
	"nav.gpus", "nav.compare", "nav.tasks", "uc.nav", "tech.nav", "nav.vram",
	"nav.inference", "nav.report", NULL
};
static const char *const section_descs[] = {
	"gpu.index_desc", "cmp.index_desc", "task.index_desc", "uc.desc", "tech.desc",
	"vram.desc", "inf.desc", "report.desc", NULL
};

/* The home page's guide block for language `l`: a map with one key, "guide"
 * (use cases with their picks and current price per hour, headline
 * comparisons, case studies, links to every section), for
 * templates/partials/guide-home. Links are relative to the home page. */
static struct value *home_context(struct site *s, enum lang l)
{
	struct page_ctx pp = pg_planning(s, l, "", NULL), *p = &pp;
	struct arena *a = &s->arena;
	struct value *guide = value_new_map(a);
	value_map_set(a, guide, "cases",
		      value_map_get(guide_tables_use_cases(p, NULL, true), "rows"));
	value_map_set_bool(a, guide, "has_cases", s->in.data.nuse_cases > 0);
	struct value *heads = pages_compare_headlines(p);
	value_map_set(a, guide, "headlines", heads);
	value_map_set_bool(a, guide, "has_headlines", value_list_len(heads) > 0);
	struct value *sections = value_new_list(a);
	for (size_t i = 0; section_paths[i]; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "label", pg_tr(p, section_keys[i]));
		value_map_set_str(a, m, "href", pg_href_to(p, section_paths[i]));
		value_map_set_str(a, m, "text", pg_tr(p, section_descs[i]));
		value_list_push(a, sections, m);
	}
	value_map_set(a, guide, "sections", sections);
	value_map_set_str(a, guide, "use_cases_href", pg_href_to(p, "use-cases/"));
	struct value *cases = pages_tasks_case_list(p);
	value_map_set(a, guide, "case_studies", cases);
	value_map_set_bool(a, guide, "has_case_studies", value_list_len(cases) > 0);
	value_map_set_str(a, guide, "cases_href", pg_href_to(p, "cases/"));
	value_map_set_str(a, guide, "compare_href", pg_href_to(p, "compare/"));
	value_map_set_str(a, guide, "report_href", pg_href_to(p, "report/"));
	const char *pdf = pg_report_pdf_href(p);
	value_map_set_bool(a, guide, "has_pdf", pdf != NULL);
	value_map_set_str(a, guide, "pdf_href", pdf ? pdf : "");
	value_map_set_str(a, guide, "prices_fresh", price_history_freshness(p, s->in.date));
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "guide", guide);
	return ctx;
}


void pages_home_plan(struct site *s, enum lang l)
{
	struct value *ctx = home_context(s, l);
	struct value *latest = articles_latest(s, l, 5);
	value_map_set(&s->arena, ctx, "latest", latest);
	value_map_set_bool(&s->arena, ctx, "has_latest", value_list_len(latest) > 0);
	value_map_set_bool(&s->arena, ctx, "is_home", true);
	struct page_spec hp = {
		.lang = l, .path = "", .alt_path = "",
		.template_name = "pages/home",
		.title = i18n_get(&s->in.i18n, l, "site.name"),
		.section = "home", .ctx = ctx, .crumbs = NULL,
	};
	site_add_page(s, &hp);
}

/* ---- the 404 page ---- */

/* The path of the base URL, as the start of a path-absolute link: "/" for
 * "https://host" or "https://host/", "/sub/" for "https://host/sub". */
static const char *base_path(struct site *s)
{
	const char *b = site_base_url(&s->in, &s->arena);
	const char *scheme = strstr(b, "://");
	const char *p = scheme ? strchr(scheme + 3, '/') : NULL;
	if (!p || !p[1])
		return "/";
	return arena_printf(&s->arena, "%s/", p);
}

/* 404.html is served at whatever address was asked for, in whatever folder
 * the site lives, so relative links cannot work: its links start at the
 * base URL's path (right whatever the host), and its script finds the
 * site's folder in the address when that differs. */
int pages_home_write_404(struct site *s, struct output *o)
{
	const struct tmpl *t = tmpl_set_get(s->in.templates, "pages/404");
	if (!t) {
		diag_error(s->diag, "templates", 0, 0,
			   "missing template \"pages/404.mustache\"");
		return -1;
	}
	struct value *m = value_new_map(&s->arena);
	for (int i = 0; i < LANG_COUNT; i++) {
		struct value *lm = value_new_map(&s->arena);
		const struct value *shared = s->plan.lang_ctx[i];
		for (size_t k = 0; shared && k < shared->u.map.len; k++)
			value_map_set(&s->arena, lm, shared->u.map.entries[k].key,
				      shared->u.map.entries[k].val);
		value_map_set(&s->arena, m, lang_code((enum lang)i), lm);
	}
	value_map_set_str(&s->arena, m, "root_path", base_path(s));
	struct buf html = BUF_INIT;
	int rc = tmpl_render(s->in.templates, t, m, &html, s->diag);
	if (rc == 0)
		rc = output_add(o, "404.html", html.ptr, html.len);
	buf_release(&html);
	return rc;
}
