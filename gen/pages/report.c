/* report: the whole guide as one document per language (see report.h). */
#include "pages/report.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/fs.h"
#include "model/ledger_diff.h"
#include "model/data.h"
#include "model/i18n.h"
#include "model/ledger.h"
#include "pages/datapages.h"
#include "pages/pages_compare.h"
#include "pages/pages_gpu.h"
#include "pages/pages_guide.h"
#include "pages/pages_tasks.h"
#include "pages/price_history.h"
#include "publish/output.h"
#include "template/value.h"
#include "view/present.h"
#include "view/site.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The report being assembled: its sections, the list of its tables and
 * figures, and their counters. */
struct report {
	const struct page_ctx *p; /* its anchors: report_anchors */
	struct value *sections, *exhibits;
	size_t nsections, nparts, nheaded, ntables, nfigures;
	struct value *section; /* the open section */
	/* the open section's tables and figures, numbered in a row: the
	 * first of each kind (0: none yet) and the last */
	size_t see_table[2], see_figure[2];
};

/* A YYYY-MM-DD date for reading in the report's language, or "date not
 * given". */
static const char *report_date(const struct page_ctx *p, const char *ymd)
{
	const char *date = i18n_date_text(pg_arena(p), ymd, p->l);
	return date ? date : pg_tr(p, "why.no_date");
}

/* Open section number n+1, headed by the UI string `heading_key`, led by
 * the UI string `lead_key`. */
static void report_open_section(struct report *r, const char *heading_key,
				const char *lead_key)
{
	const struct page_ctx *p = r->p;
	struct arena *a = pg_arena(p);
	r->nsections++;
	r->nparts = r->nheaded = 0;
	r->see_table[0] = r->see_figure[0] = 0;
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "sec_id", arena_printf(a, "s%zu", r->nsections));
	value_map_set_str(a, m, "sec_no", arena_printf(a, "%zu", r->nsections));
	value_map_set_str(a, m, "sec_heading", pg_tr(p, heading_key));
	value_map_set_str(a, m, "sec_lead", pg_tr(p, lead_key));
	value_map_set(a, m, "parts", value_new_list(a));
	value_map_set_bool(a, m, "has_subparts", false);
	value_list_push(a, r->sections, m);
	r->section = m;
}

/* "Table 2", or "Tables 2–5" for a run of them (UI strings `one` and
 * `many`), numbers first to last; "" for none. */
static const char *exhibit_run(const struct page_ctx *p, const size_t run[2], const char *one,
			       const char *many)
{
	struct arena *a = pg_arena(p);
	if (!run[0])
		return "";
	if (run[1] == run[0])
		return pg_fill(p, one, "n", arena_printf(a, "%zu", run[0]), NULL);
	struct buf b = BUF_INIT;
	i18n_format_range(&b, arena_printf(a, "%zu", run[0]), arena_printf(a, "%zu", run[1]), p->l);
	return pg_fill(p, many, "n", pg_keep(p, &b), NULL);
}

/* Close the open section: its lead names its tables and figures, each
 * kind as one run ("See Tables 2–5 and Figures 2–5."). */
static void report_close_section(struct report *r)
{
	const struct page_ctx *p = r->p;
	const char *tables = exhibit_run(p, r->see_table, "report.table", "report.tables");
	const char *figures = exhibit_run(p, r->see_figure, "report.figure", "report.figures");
	const char *list = *tables && *figures
		? pg_fill(p, "report.and", "a", tables, "b", figures, NULL)
		: *tables ? tables : figures;
	value_map_set_bool(pg_arena(p), r->section, "has_see", *list != '\0');
	value_map_set_str(pg_arena(p), r->section, "sec_see",
			  *list ? pg_fill(p, "report.see", "list", list, NULL) : "");
}

/* Number one exhibit (UI string `key`: "Table {n}", "Figure {n}"; `run`,
 * the section's run of its kind) and list it; returns its label. */
static const char *report_exhibit(struct report *r, const char *key, size_t *run, size_t n,
				  const char *caption, const char *part_id)
{
	const struct page_ctx *p = r->p;
	struct arena *a = pg_arena(p);
	const char *label = pg_fill(p, key, "n", arena_printf(a, "%zu", n), NULL);
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "href", arena_printf(a, "#%s", part_id));
	value_map_set_str(a, m, "text", pg_fill(p, "report.exhibit", "label", label,
						"caption", caption, NULL));
	value_list_push(a, r->exhibits, m);
	if (!run[0])
		run[0] = n;
	run[1] = n;
	return label;
}

/* The kinds of part body, each drawn by its partial (report.mustache
 * renders the part's "body" with the partial its "body_partial" names: a
 * kind without one is an error at that tag, the strict render's). */
enum report_body {
	BODY_GPUS,
	BODY_COMPARE,
	BODY_TASKS,
	BODY_TASK,
	BODY_VRAM,
	BODY_INFERENCE,
	BODY_TECHNIQUES,
	BODY_USE_CASES,
	BODY_CASE,
	BODY_HEALTH,
	BODY_METHODOLOGY,
	BODY_KINDS
};

static const char *const body_partials[BODY_KINDS] = {
	[BODY_GPUS] = "partials/body-gpus",
	[BODY_COMPARE] = "partials/body-compare",
	[BODY_TASKS] = "partials/body-tasks",
	[BODY_TASK] = "partials/body-task",
	[BODY_VRAM] = "partials/body-vram",
	[BODY_INFERENCE] = "partials/body-inference",
	[BODY_TECHNIQUES] = "partials/body-techniques",
	[BODY_USE_CASES] = "partials/body-use-cases",
	[BODY_CASE] = "partials/body-case",
	[BODY_HEALTH] = "partials/body-health",
	[BODY_METHODOLOGY] = "partials/body-methodology",
};

/* Add a part to the open section: the page context `ctx` of the page
 * `page`, drawn by the partial of its kind `body`, under `heading` (NULL:
 * the section's own).
 * A part with a table gets a table number, one whose context holds a
 * chart a figure number too. */
static void report_add_part(struct report *r, enum report_body body, struct value *ctx,
			    const char *heading, bool table, const char *page)
{
	const struct page_ctx *p = r->p;
	struct arena *a = pg_arena(p);
	r->nparts++;
	/* the id its links lead to (report_anchors), "#" left off */
	const char *id = value_string(value_map_get(p->anchors, page)) + 1;
	if (heading)
		r->nheaded++;
	const char *caption = heading ? heading
		: value_map_get(r->section, "sec_heading")->u.str.ptr;
	struct value *m = value_new_map(a);
	value_map_set(a, m, "body", ctx);
	value_map_set_str(a, m, "body_partial", body_partials[body]);
	value_map_set_str(a, m, "part_id", id);
	value_map_set_bool(a, m, "has_part_heading", heading != NULL);
	if (heading)
		value_map_set_bool(a, r->section, "has_subparts", true);
	value_map_set_str(a, m, "part_heading", heading ? heading : "");
	/* the body's headings rank under the part's (h3) or, without one,
	 * under the section's (h2) */
	value_map_set_str(a, m, "h_top", heading ? "4" : "3");
	value_map_set_str(a, m, "h_sub", heading ? "5" : "4");
	/* one document holds several parts of one kind: a landmark of a part
	 * is named by the part too (the heading's id before its own) */
	value_map_set_str(a, m, "part_label", heading ? arena_printf(a, "%s-h ", id) : "");
	value_map_set_str(a, m, "data_more_label",
			  pg_fill(p, "report.data_more", "section", caption, NULL));
	value_map_set_str(a, m, "part_no", arena_printf(a, "%zu.%zu", r->nsections, r->nheaded));
	const struct value *chart = value_map_get(ctx, "chart");
	bool figure = table && chart && chart->type == VALUE_STRING && chart->u.str.len;
	const char *labels = "";
	if (table) {
		labels = report_exhibit(r, "report.table", r->see_table, ++r->ntables, caption, id);
		if (figure)
			labels = pg_fill(p, "report.and", "a", labels, "b", report_exhibit(
				r, "report.figure", r->see_figure, ++r->nfigures, caption, id), NULL);
	}
	value_map_set_bool(a, m, "has_exhibit", table);
	value_map_set_str(a, m, "part_exhibit", table ? pg_fill(p, "report.exhibit",
		"label", labels, "caption", caption, NULL) : "");
	value_list_push(a, value_map_get(r->section, "parts"), m);
}

/* The report's sections, in order; a section of no part is left out. */
enum report_sec {
	SEC_GPUS, SEC_COMPARE, SEC_JOBS, SEC_VRAM, SEC_INFERENCE, SEC_TECHNIQUES,
	SEC_USE_CASES, SEC_CASES, SEC_HEALTH, SEC_METHODOLOGY, SEC_COUNT
};

/* The sections that are a guide page's (pages_guide), with their
 * headings, leads and body partials. */
static const struct guide_section {
	enum guide_part part;
	const char *heading_key, *lead_key;
	enum report_body body;
} guide_sections[SEC_COUNT] = {
	[SEC_VRAM] = { GUIDE_VRAM, "report.sec_vram", "vram.desc", BODY_VRAM },
	[SEC_INFERENCE] = { GUIDE_INFERENCE, "report.sec_inference", "inf.desc", BODY_INFERENCE },
	[SEC_TECHNIQUES] = { GUIDE_TECHNIQUES, "report.sec_techniques", "tech.desc",
			     BODY_TECHNIQUES },
	[SEC_USE_CASES] = { GUIDE_USE_CASES, "report.sec_use_cases", "uc.desc", BODY_USE_CASES },
};

/* The guide's pages the parts of section `sec` stand for, in order, into
 * `paths` (NULL: counted only); their number. The report holds each such
 * page whole, so a link to it anywhere in the report leads to its part
 * (report_anchors). */
static size_t report_sec_pages(const struct page_ctx *p, enum report_sec sec,
			       const char **paths)
{
	const struct data *d = &p->in->data;
	size_t n = 0;
#define PAGE(path) (paths ? (void)(paths[n] = (path)) : (void)0, n++)
	switch (sec) {
	case SEC_GPUS: PAGE("gpus/"); break;
	case SEC_COMPARE: {
		size_t pairs[COMPARE_HEADLINES][2];
		size_t np = pages_compare_headline_pairs(p, pairs);
		for (size_t i = 0; i < np; i++)
			PAGE(pg_pair_path(p, pairs[i][0], pairs[i][1]));
		break;
	}
	case SEC_JOBS:
		PAGE(pages_guide_path(GUIDE_TASKS));
		for (size_t t = 0; t < d->ntasks; t++)
			PAGE(pg_task_path(p, t));
		break;
	case SEC_VRAM:
	case SEC_INFERENCE:
	case SEC_TECHNIQUES:
	case SEC_USE_CASES: PAGE(pages_guide_path(guide_sections[sec].part)); break;
	case SEC_CASES:
		for (size_t c = 0; c < d->ncase_studies; c++)
			PAGE(pages_tasks_case_path(p, c));
		break;
	case SEC_HEALTH: PAGE("health/"); break;
	case SEC_METHODOLOGY: PAGE("methodology/"); break;
	case SEC_COUNT: break;
	}
#undef PAGE
	return n;
}

/* Each page the report holds, by its path: the "#s<section>-<part>" of its
 * part, numbered as the sections and parts are added; a card's page, the
 * cards' part; each source's entry on sources/, its reference. */
static struct value *report_anchors(const struct page_ctx *p)
{
	struct arena *a = pg_arena(p);
	struct value *map = value_new_map(a);
	size_t nsec = 0;
	for (int sec = 0; sec < SEC_COUNT; sec++) {
		size_t n = report_sec_pages(p, (enum report_sec)sec, NULL);
		if (!n)
			continue;
		nsec++;
		const char **paths = arena_alloc(a, n * sizeof *paths);
		report_sec_pages(p, (enum report_sec)sec, paths);
		for (size_t k = 0; k < n; k++)
			value_map_set_str(a, map, paths[k], arena_printf(a, "#s%zu-%zu", nsec, k + 1));
	}
	/* a card's page is not held: a link to it leads to the cards'
	 * section, where its row is */
	const char *cards = value_string(value_map_get(map, "gpus/"));
	for (size_t g = 0; cards && g < p->in->data.ngpus; g++)
		value_map_set_str(a, map, pg_gpu_path(p, g), cards);
	/* the sources: its references */
	value_map_set_str(a, map, "sources/", "#references");
	for (size_t i = 0; i < p->in->data.nsources; i++) {
		const char *id = p->in->data.sources[i].id;
		value_map_set_str(a, map, arena_printf(a, "sources/#%s", id),
				  arena_printf(a, "#ref-%s", id));
	}
	return map;
}

/* The headline comparisons, each pair's whole comparison (ids prefixed:
 * one document holds several). */
static void report_comparisons(struct report *r)
{
	size_t pairs[COMPARE_HEADLINES][2];
	size_t n = pages_compare_headline_pairs(r->p, pairs);
	report_open_section(r, "report.sec_compare", "report.compare_lead");
	for (size_t i = 0; i < n; i++) {
		struct value *ctx = pages_compare_pair_context(r->p, pairs[i][0], pairs[i][1]);
		value_map_set_str(pg_arena(r->p), ctx, "id_prefix",
				  arena_printf(pg_arena(r->p), "pair%zu-", i + 1));
		report_add_part(r, BODY_COMPARE, ctx,
				pg_pair_title(r->p, pairs[i][0], pairs[i][1]), true,
				pg_pair_path(r->p, pairs[i][0], pairs[i][1]));
	}
	report_close_section(r);
}

static void report_jobs(struct report *r)
{
	const struct page_ctx *p = r->p;
	report_open_section(r, "report.sec_tasks", "task.index_desc");
	struct value *index = pages_guide_context(p, GUIDE_TASKS);
	/* the jobs' tables follow the list, in the report */
	value_map_set_str(pg_arena(p), index, "lead", pg_tr(p, "report.tasks_lead"));
	report_add_part(r, BODY_TASKS, index, NULL, true, pages_guide_path(GUIDE_TASKS));
	for (size_t t = 0; t < p->in->data.ntasks; t++) {
		struct value *ctx = pages_tasks_task_context(p, t);
		/* a job's table is its costs' (no rows: no table to number) */
		report_add_part(r, BODY_TASK, ctx, pg_task_name(p, t),
				pg_map_flag(value_map_get(ctx, "costs"), "has_rows"),
				pg_task_path(p, t));
	}
	report_close_section(r);
}

static void report_cases(struct report *r)
{
	const struct page_ctx *p = r->p;
	report_open_section(r, "report.sec_cases", "case.index_desc");
	for (size_t c = 0; c < p->in->data.ncase_studies; c++) {
		struct value *ctx = pages_tasks_case_context(p, c);
		report_add_part(r, BODY_CASE, ctx, value_map_get(ctx, "name")->u.str.ptr,
				false, pages_tasks_case_path(p, c));
	}
	report_close_section(r);
}

/* A section of one part: a guide page's body. */
static void report_single(struct report *r, const char *heading_key,
			  const char *lead_key, enum report_body body, struct value *ctx,
			  bool table, const char *page)
{
	report_open_section(r, heading_key, lead_key);
	report_add_part(r, body, ctx, NULL, table, page);
	report_close_section(r);
}

/* A section of one part: a guide page's (pages_guide). */
static void report_guide_section(struct report *r, const struct guide_section *g)
{
	report_single(r, g->heading_key, g->lead_key, g->body, pages_guide_context(r->p, g->part),
		      true, pages_guide_path(g->part));
}

/* Section `sec`, numbered next (report_sec_pages: not when it has no
 * part). */
static void report_section(struct report *r, enum report_sec sec)
{
	const struct page_ctx *p = r->p;
	if (!report_sec_pages(p, sec, NULL))
		return;
	struct value *health;
	switch (sec) {
	case SEC_GPUS:
		report_single(r, "report.sec_gpus", "gpu.index_desc", BODY_GPUS,
			      pages_gpu_index_context(p), true, "gpus/");
		break;
	case SEC_COMPARE: report_comparisons(r); break;
	case SEC_JOBS: report_jobs(r); break;
	case SEC_VRAM:
	case SEC_INFERENCE:
	case SEC_TECHNIQUES:
	case SEC_USE_CASES:
		report_guide_section(r, &guide_sections[sec]);
		break;
	case SEC_CASES: report_cases(r); break;
	case SEC_HEALTH:
		health = datapages_health_context(p);
		report_single(r, "report.sec_health", "health.desc", BODY_HEALTH, health,
			      pg_map_flag(health, "has_groups"), "health/");
		break;
	case SEC_METHODOLOGY:
		report_single(r, "report.sec_methodology", "method.desc", BODY_METHODOLOGY,
			      datapages_methodology_context(p), false, "methodology/");
		break;
	case SEC_COUNT: break;
	}
}

/* The sources as numbered references: title (and the original's), what
 * kind of document, publisher, language, date and address. */
static struct value *report_references(const struct page_ctx *p)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < d->nsources; i++) {
		const struct source *src = &d->sources[i];
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "ref_no", arena_printf(a, "%zu", i + 1));
		value_map_set_str(a, m, "ref_id", src->id);
		value_map_set_str(a, m, "ref_title", site_source_title(src, p->l));
		/* what identifies it on paper, as the footer (hidden in print)
		 * names it: its original title and what kind of document */
		value_map_set_str(a, m, "ref_original",
				  site_source_original(a, &p->in->i18n, src, p->l));
		value_map_set_str(a, m, "ref_about", site_source_kind(src, p->l));
		value_map_set_str(a, m, "ref_publisher", src->publisher ? src->publisher : "");
		value_map_set_bool(a, m, "has_ref_publisher", src->publisher && *src->publisher);
		value_map_set_str(a, m, "ref_date", report_date(p, src->date));
		value_map_set_str(a, m, "ref_kind", pg_tr(p, src->lang && !strcmp(src->lang, "zh")
					     ? "report.kind_zh" : "report.kind_en"));
		value_map_set_str(a, m, "ref_url", src->url ? src->url : "");
		value_map_set_bool(a, m, "has_ref_url", src->url && *src->url);
		value_list_push(a, list, m);
	}
	return list;
}

/* The cover: the dates of the data and of the build, the PDF. */
static void report_cover(const struct page_ctx *p, struct value *ctx)
{
	struct arena *a = pg_arena(p);
	value_map_set_str(a, ctx, "data_date",
			  report_date(p, price_history_newest(&p->in->data)));
	value_map_set_str(a, ctx, "built_date", report_date(p, p->in->date));
	value_map_set_str(a, ctx, "source_count",
			  pg_fill(p, "report.source_count", "n",
				  pg_fmt_number(p, (double)p->in->data.nsources), NULL));
	const char *pdf = pg_report_pdf_href(p);
	value_map_set_bool(a, ctx, "has_pdf", pdf != NULL);
	value_map_set_str(a, ctx, "pdf_href", pdf ? pdf : "");
}

static struct value *report_context(const struct page_ctx *p)
{
	struct arena *a = pg_arena(p);
	struct report r = { .p = p, .sections = value_new_list(a),
			    .exhibits = value_new_list(a) };
	for (int sec = 0; sec < SEC_COUNT; sec++)
		report_section(&r, (enum report_sec)sec);
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "sections", r.sections);
	value_map_set(a, ctx, "exhibits", r.exhibits);
	value_map_set(a, ctx, "references", report_references(p));
	value_map_set_str(a, ctx, "refs_no", arena_printf(a, "%zu", r.nsections + 1));
	report_cover(p, ctx);
	return ctx;
}

/* The report's context, built when it is rendered (on any thread, beside
 * other pages): the charts it shares with the guide's pages are drawn
 * once, by whichever page comes first (guide_charts.h). */
static struct value *build_report(const struct page_ctx *pc, const struct page_spec *spec)
{
	(void)spec;
	/* links to the pages it holds lead to their parts */
	struct page_ctx in_report = *pc;
	in_report.anchors = report_anchors(pc);
	return report_context(&in_report);
}

void report_plan(struct site *s, enum lang l)
{
	struct page_ctx pp = pg_planning(s, l, REPORT_PATH, NULL), *p = &pp;
	pg_add_lazy_page(s, p, "pages/report", pg_tr(p, "report.title"), pg_tr(p, "report.desc"),
			 "report", build_report, 0, 0, pg_crumbs_for(p, NULL, NULL));
}

int report_keep_pdfs(struct site *s, struct output *o)
{
	if (o->dir_fd < 0)
		return 0;
	for (int l = 0; l < LANG_COUNT; l++) {
		const char *rel = arena_printf(&s->arena, "%s/" PG_REPORT_PDF,
					       lang_code((enum lang)l));
		struct fs_file_id id;
		if (fs_file_id_at(o->dir_fd, rel, &id) != 0)
			continue; /* none printed (or not a file): nothing to keep */
		if (output_keep(o, rel, &id, s->diag) < 0)
			return -1;
	}
	return 0;
}

void report_note_changes(struct site *s, const struct ledger_diff *d, struct buf *out)
{
	for (int l = 0; l < LANG_COUNT; l++) {
		const char *code = lang_code((enum lang)l);
		size_t n = ledger_diff_on_page(d, arena_printf(&s->arena, "/%s/" REPORT_PATH, code));
		if (!n)
			continue;
		buf_addf(out, "/%s/" REPORT_PATH " shows %zu of these figures", code, n);
		struct fs_file_id id;
		if (s->in.opt.out && fs_file_id_at(AT_FDCWD, arena_printf(&s->arena, "%s/%s/" PG_REPORT_PDF,
					s->in.opt.out, code), &id) == 0)
			buf_addf(out, "; %s/" PG_REPORT_PDF " shows the old ones until `make report` prints it again", code);
		buf_adds(out, "\n");
	}
}
