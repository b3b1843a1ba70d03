/* cite: the shortcodes of articles resolved to HTML (syntax in README.md,
 * "Citing data in articles"): the dispatch by kind, the inline figures
 * (<span class="fig"> with the titles of their sources). Links and charts
 * are cite_links', tables cite_tables'; what the kinds share is
 * shortcode's. Everything is escaped; every id is checked against
 * data. */
/* memmem is a GNU extension of glibc */
#define _GNU_SOURCE
#include "cite/cite.h"
#include "cite/cite_memo.h"
#include "model/i18n.h"

#include "base/buf.h"
#include "cite/shortcode.h"
#include "cite/cite_tables.h"
#include "cite/cite_links.h"
#include "model/data.h"
#include "base/diag.h"
#include "view/guide_ledger.h"
#include "markdown/markdown.h"
#include "model/metrics.h"
#include "view/present.h"
#include "view/site.h"
#include "base/text.h"
#include "model/ledger.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Reasons a figure is missing, in English for the build's messages (the
 * page shows the i18n text of the same key when there is one). */
static const struct {
	const char *key, *text;
} reasons[] = {
	{ "why.no_price", "no price seen" },
	{ "why.no_hours", "no task time" },
	{ "why.no_result", "no result" },
	{ "why.no_baseline", "no result for the baseline" },
	{ "why.no_pair_result", "the two cards do not both have a result" },
	{ "why.no_pair_hours", "the two cards do not both have a time for this job" },
	{ "why.zero", "division by zero" },
	{ "why.unknown_precision", "unknown precision" },
	{ "why.not_stated", "not stated by the sources" },
	{ "why.no_list_price", "no list price given" },
};

static const char *reason_text(const char *why)
{
	for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
		if (!strcmp(reasons[i].key, why))
			return reasons[i].text;
	return why;
}

/* ---- sources, shown in a figure's title ---- */

enum { SOURCES_MAX = 12 };

struct sources {
	struct {
		const char *id;
		size_t len;
	} v[SOURCES_MAX];
	size_t n;
};

/* Add the ids of a refs cell ("a;b"), once each. */
static void sources_add(struct sources *s, const char *refs)
{
	while (refs && *refs) {
		const char *semi = strchr(refs, ';');
		size_t n = semi ? (size_t)(semi - refs) : strlen(refs);
		bool seen = false;
		for (size_t i = 0; i < s->n && !seen; i++)
			seen = s->v[i].len == n && !strncmp(s->v[i].id, refs, n);
		if (n && !seen && s->n < SOURCES_MAX) {
			s->v[s->n].id = refs;
			s->v[s->n].len = n;
			s->n++;
		}
		refs = semi ? semi + 1 : refs + n;
	}
}

/* "Source: A" / "Sources: A; B" ("来源：A；B"). */
static void sources_title(const struct cite *c, const struct sources *s,
			  struct buf *out)
{
	if (!s->n)
		return;
	const char *prefix = pg_tr(&c->pg, s->n > 1 ? "cite.sources" : "cite.source");
	buf_adds(out, prefix);
	size_t pl = strlen(prefix);
	if (pl && prefix[pl - 1] == ':')
		buf_addc(out, ' ');
	struct buf ids = BUF_INIT;
	for (size_t i = 0; i < s->n; i++) {
		if (i)
			buf_addc(&ids, ';');
		buf_add(&ids, s->v[i].id, s->v[i].len);
	}
	buf_adds(out, pg_source_titles(&c->pg, ids.ptr));
	buf_release(&ids);
}

/* ---- inline output ---- */

/* <span class="fig" title="...">value</span>, both escaped. */
static void emit_fig(struct cite *c, const char *value, const char *title)
{
	buf_adds(c->out, "<span class=\"fig\"");
	if (title && *title) {
		buf_adds(c->out, " title=\"");
		text_escape_htmls(c->out, title);
		buf_addc(c->out, '"');
	}
	buf_addc(c->out, '>');
	text_escape_htmls(c->out, value);
	buf_adds(c->out, "</span>");
}

static void emit_sourced(struct cite *c, const struct buf *value,
			 const struct sources *src)
{
	struct buf title = BUF_INIT;
	sources_title(c, src, &title);
	emit_fig(c, value->ptr, title.ptr);
	buf_release(&title);
}

/* "no data" in the page, a warning in the build. Not an error: returns 0. */
static int emit_missing(struct cite *c, const char *why, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int emit_missing(struct cite *c, const char *why, const char *fmt, ...)
{
	if (!why)
		why = "why.not_stated";
	buf_adds(c->out, "<span class=\"fig nodata\"");
	if (i18n_has(&c->pg.in->i18n, why)) {
		buf_adds(c->out, " title=\"");
		text_escape_htmls(c->out, pg_tr(&c->pg, why));
		buf_addc(c->out, '"');
	}
	buf_addc(c->out, '>');
	text_escape_htmls(c->out, pg_tr(&c->pg, "no_data"));
	buf_adds(c->out, "</span>");

	struct buf what = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&what, fmt, ap);
	va_end(ap);
	diag_warning(c->diag, c->sc->path, c->sc->line, c->sc->col,
		     "no data for %s (%s)", what.ptr, reason_text(why));
	buf_release(&what);
	return 0;
}

/* ---- the figure ledger ---- */

/* Record a cited figure in the ledger (guide_ledger.h): `label` is its English
 * and Chinese labels (guide_ledger_labels); inputs are the rows given as
 * (table, row) pairs, ended by -1. */
static void cite_record(struct cite *c, struct figure f, const char *unit,
			const char *id, const struct buf *label, int table, ...)
{
	if (!c->pg.in->ledger)
		return;
	struct buf v = BUF_INIT, in = BUF_INIT;
	if (figure_ok(f))
		ledger_number(&v, f.value);
	va_list ap;
	va_start(ap, table);
	for (int t = table; t >= 0; t = va_arg(ap, int)) {
		long row = va_arg(ap, long);
		if (row >= 0)
			guide_ledger_input(c->pg.in, &in, t, (size_t)row);
	}
	va_end(ap);
	guide_ledger_show_new(&c->pg, id, label[0].ptr, label[1].ptr, v.ptr, "",
			 unit, in.ptr);
	buf_release(&v);
	buf_release(&in);
}

/* ---- inline kinds ---- */

static int cite_gpu(struct cite *c)
{
	static const char *const args[] = { "id", "field", NULL };
	if (sc_check_and_need(c, args, args))
		return -1;
	const char *id = sc_arg(c, "id"), *field = sc_arg(c, "field");
	long gi = sc_find_gpu(c, id);
	if (gi < 0)
		return -1;
	const struct gpu *g = &c->d->gpus[gi];
	struct buf val = BUF_INIT;
	int col = gpu_column_named(field);
	if (col >= 0) {
		struct num n = gpu_column_num(g, (enum gpu_column)col);
		guide_ledger_show_spec(&c->pg, (size_t)gi, (enum gpu_column)col);
		if (!n.ok)
			return emit_missing(c, "why.not_stated",
					    "field \"%s\" of gpu \"%s\"", field, id);
		sc_fmt_gpu_num(c, &val, (enum gpu_column)col, n.v);
	} else {
		const char *text = sc_gpu_text(c, g, field);
		if (!text)
			return sc_error(c, "unknown field \"%s\" for gpu", field);
		if (!*text)
			return emit_missing(c, "why.not_stated",
					    "field \"%s\" of gpu \"%s\"", field, id);
		buf_adds(&val, text);
	}
	struct sources src = { 0 };
	sources_add(&src, g->source);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

/* The quote a job's cost (task=) or a serving cost (benchmark=) on GPU `g`
 * is priced at, as the model chose it: a sentence that names the price of
 * a cost beside it names the same quote. -2 after an error. */
static long priced_quote_row(struct cite *c, size_t g, const char *task,
			     const char *bench)
{
	if (task) {
		long t = sc_find_task(c, task);
		if (t < 0)
			return -2;
		return metrics_task_cost(c->d, c->m, (size_t)t, g)->quote_row;
	}
	long b = sc_find_benchmark(c, bench);
	if (b < 0)
		return -2;
	return metrics_serving_cost(c->d, (size_t)b, g).quote_row;
}

static int cite_price(struct cite *c)
{
	static const char *const args[] = { "gpu", "which", "source", "task",
					    "benchmark", NULL };
	static const char *const need[] = { "gpu", NULL };
	if (sc_check_and_need(c, args, need))
		return -1;
	const char *id = sc_arg(c, "gpu"), *which = sc_arg(c, "which");
	const char *source = sc_arg(c, "source");
	const char *task = sc_arg(c, "task"), *bench = sc_arg(c, "benchmark");
	long g = sc_find_gpu(c, id);
	if (g < 0)
		return -1;
	if (which && strcmp(which, "low") && strcmp(which, "high"))
		return sc_error(c, "which \"%s\" must be low or high", which);
	if (source && !data_find_source(c->d, source))
		return sc_error(c, "unknown source \"%s\"", source);
	if ((task || bench) && (which || source || (task && bench)))
		return sc_error(c, "task= or benchmark= names the quote of that cost: "
				"it goes without which=, source= and the other");
	long row = task || bench ? priced_quote_row(c, (size_t)g, task, bench)
				 : metrics_price_row(c->d, (size_t)g, source, which);
	if (row == -2)
		return -1;
	if (task || bench) {
		/* the quote itself, as the GPU page lists it */
		if (row >= 0)
			guide_ledger_show_quote(&c->pg, (size_t)row);
	} else if (!which && !source) {
		guide_ledger_show_price(&c->pg, (size_t)g);
	} else {
		guide_ledger_show_price_pick(&c->pg, (size_t)g, which, source);
	}
	if (row < 0)
		return emit_missing(c, "why.no_price", "the price of gpu \"%s\"%s%s%s",
				    id, source ? " from source \"" : "",
				    source ? source : "", source ? "\"" : "");
	const struct price *p = &c->d->prices[row];
	struct buf val = BUF_INIT;
	sc_fmt_price(c, &val, p->usd_per_hour);
	struct sources src = { 0 };
	sources_add(&src, p->source);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

/* The task_cost a hours/cost shortcode names, or NULL after an error. */
static const struct task_cost *task_cost_of(struct cite *c)
{
	static const char *const args[] = { "task", "gpu", NULL };
	if (sc_check_and_need(c, args, args))
		return NULL;
	long t = sc_find_task(c, sc_arg(c, "task"));
	long g = t < 0 ? -1 : sc_find_gpu(c, sc_arg(c, "gpu"));
	if (g < 0)
		return NULL;
	return metrics_task_cost(c->d, c->m, (size_t)t, (size_t)g);
}

static void add_time_source(const struct cite *c, const struct task_cost *tc,
			    struct sources *src)
{
	if (tc->time_row >= 0)
		sources_add(src, c->d->task_times[tc->time_row].source);
}

/* The source of the GPU's lowest on-demand price (the default price). */
static void add_lowest_price_source(const struct cite *c, size_t g,
				    struct sources *src)
{
	long r = c->m->prices ? c->m->prices[g].lowest_row : -1;
	if (r >= 0)
		sources_add(src, c->d->prices[r].source);
}

/* The source of the quote a job's cost is priced at. */
static void add_quote_source(const struct cite *c, const struct task_cost *tc,
			     struct sources *src)
{
	if (tc->quote_row >= 0)
		sources_add(src, c->d->prices[tc->quote_row].source);
}

static int cite_hours(struct cite *c)
{
	const struct task_cost *tc = task_cost_of(c);
	if (!tc)
		return -1;
	guide_ledger_show_time(&c->pg, tc->task, tc->gpu);
	if (!figure_ok(tc->hours))
		return emit_missing(c, tc->hours.missing,
				    "the time of task \"%s\" on gpu \"%s\"",
				    sc_arg(c, "task"), sc_arg(c, "gpu"));
	struct buf val = BUF_INIT;
	sc_fmt_task_figure(c, &val, tc, false);
	struct sources src = { 0 };
	add_time_source(c, tc, &src);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

static int cite_cost(struct cite *c)
{
	const struct task_cost *tc = task_cost_of(c);
	if (!tc)
		return -1;
	guide_ledger_show_cost(&c->pg, tc->task, tc->gpu);
	if (!figure_ok(tc->cost))
		return emit_missing(c, tc->cost.missing,
				    "the cost of task \"%s\" on gpu \"%s\"",
				    sc_arg(c, "task"), sc_arg(c, "gpu"));
	struct buf val = BUF_INIT;
	sc_fmt_task_figure(c, &val, tc, true);
	struct sources src = { 0 };
	add_time_source(c, tc, &src);
	add_quote_source(c, tc, &src);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

static int cite_result(struct cite *c)
{
	static const char *const args[] = { "benchmark", "gpu", NULL };
	if (sc_check_and_need(c, args, args))
		return -1;
	long b = sc_find_benchmark(c, sc_arg(c, "benchmark"));
	long g = b < 0 ? -1 : sc_find_gpu(c, sc_arg(c, "gpu"));
	if (g < 0)
		return -1;
	struct figure f = metrics_result(c->d, (size_t)b, (size_t)g);
	guide_ledger_show_result(&c->pg, (size_t)b, (size_t)g);
	if (!figure_ok(f))
		return emit_missing(c, f.missing, "benchmark \"%s\" on gpu \"%s\"",
				    sc_arg(c, "benchmark"), sc_arg(c, "gpu"));
	struct buf val = BUF_INIT;
	sc_fmt_bench(c, &val, f.value, &c->d->benchmarks[b]);
	struct sources src = { 0 };
	long r = data_result_row(c->d, (size_t)b, (size_t)g);
	if (r >= 0)
		sources_add(&src, c->d->results[r].source);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

/* a / b of a numeric gpus.csv column. */
static struct figure gpu_field_ratio(const struct gpu *a, const struct gpu *b,
				     enum gpu_column col)
{
	struct num na = gpu_column_num(a, col), nb = gpu_column_num(b, col);
	struct figure r = { 0, NULL };
	if (!na.ok || !nb.ok)
		r.missing = "why.not_stated";
	else if (nb.v == 0)
		r.missing = "why.zero";
	else
		r.value = na.v / nb.v;
	return r;
}

static int cite_ratio(struct cite *c)
{
	static const char *const args[] = { "a", "b", "benchmark", "field", NULL };
	static const char *const need[] = { "a", "b", NULL };
	if (sc_check_and_need(c, args, need))
		return -1;
	const char *bench = sc_arg(c, "benchmark"), *field = sc_arg(c, "field");
	if (!bench == !field)
		return sc_error(c, bench ? "%s takes benchmark= or field=, not both"
					 : "%s needs benchmark= or field=",
				c->what.ptr);
	long a = sc_find_gpu(c, sc_arg(c, "a"));
	long b = a < 0 ? -1 : sc_find_gpu(c, sc_arg(c, "b"));
	if (b < 0)
		return -1;
	struct figure f;
	struct sources src = { 0 };
	long ra = -1, rb = -1;
	const char *what[2] = { NULL, NULL }; /* the benchmark's or field's names */
	if (bench) {
		long bi = sc_find_benchmark(c, bench);
		if (bi < 0)
			return -1;
		what[0] = c->d->benchmarks[bi].name_en;
		what[1] = c->d->benchmarks[bi].name_zh;
		f = metrics_speed_ratio(c->d, (size_t)bi, (size_t)a, (size_t)b);
		ra = data_result_row(c->d, (size_t)bi, (size_t)a);
		rb = data_result_row(c->d, (size_t)bi, (size_t)b);
		if (ra >= 0)
			sources_add(&src, c->d->results[ra].source);
		if (rb >= 0)
			sources_add(&src, c->d->results[rb].source);
	} else {
		int col = gpu_column_named(field);
		if (col < 0) {
			if (sc_gpu_text(c, &c->d->gpus[a], field))
				return sc_error(c, "field \"%s\" of gpu is not a number",
						field);
			return sc_error(c, "unknown field \"%s\" for gpu", field);
		}
		f = gpu_field_ratio(&c->d->gpus[a], &c->d->gpus[b], (enum gpu_column)col);
		what[0] = guide_ledger_spec_name(c->pg.in, field, LANG_EN);
		what[1] = guide_ledger_spec_name(c->pg.in, field, LANG_ZH);
		sources_add(&src, c->d->gpus[a].source);
		sources_add(&src, c->d->gpus[b].source);
	}
	{
		struct buf fid = BUF_INIT, label[2] = { BUF_INIT, BUF_INIT };
		buf_addf(&fid, "ratio.%s.%s.%s", sc_arg(c, "a"), sc_arg(c, "b"),
			 bench ? bench : field);
		guide_ledger_labels(c->pg.in, &label[0], &label[1], "fig.ratio",
			       "a", c->d->gpus[a].name, NULL, "b", c->d->gpus[b].name, NULL,
			       "what", what[0], what[1], NULL);
		/* a ratio of results rests on the two results, one of specs on
		 * the two GPUs' rows */
		cite_record(c, f, "×", fid.ptr, label,
			    bench ? TABLE_RESULTS : TABLE_GPUS,
			    bench ? (ra >= 0 ? (long)c->d->results[ra].row : -1L)
				  : (long)c->d->gpus[a].row,
			    bench ? TABLE_RESULTS : TABLE_GPUS,
			    bench ? (rb >= 0 ? (long)c->d->results[rb].row : -1L)
				  : (long)c->d->gpus[b].row, -1);
		buf_release(&fid);
		buf_release(&label[0]);
		buf_release(&label[1]);
	}
	if (!figure_ok(f))
		return emit_missing(c, f.missing,
				    "the ratio of gpu \"%s\" to gpu \"%s\" on %s \"%s\"",
				    sc_arg(c, "a"), sc_arg(c, "b"),
				    bench ? "benchmark" : "field", bench ? bench : field);
	struct buf val = BUF_INIT;
	sc_fmt_ratio(c, &val, f.value);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

static int cite_metric(struct cite *c)
{
	static const char *const args[] = { "name", "gpu", "benchmark", NULL };
	static const char *const need[] = { "name", "gpu", NULL };
	if (sc_check_and_need(c, args, need))
		return -1;
	const char *name = sc_arg(c, "name"), *bench = sc_arg(c, "benchmark");
	static const char *const names[] = { "break_even", "tflops_per_watt",
		"tflops_per_kusd", "speed_per_dollar", "cost_per_mtok", NULL };
	size_t k = 0;
	while (names[k] && strcmp(names[k], name))
		k++;
	if (!names[k])
		return sc_error(c, "unknown metric \"%s\"", name);
	bool wants_bench = k >= 3;
	if (wants_bench && !bench)
		return sc_error(c, "metric \"%s\" needs benchmark=", name);
	if (!wants_bench && bench)
		return sc_error(c, "metric \"%s\" takes no benchmark=", name);
	long g = sc_find_gpu(c, sc_arg(c, "gpu"));
	if (g < 0)
		return -1;
	long b = -1;
	if (bench && (b = sc_find_benchmark(c, bench)) < 0)
		return -1;
	if (k == 4 && strcmp(c->d->benchmarks[b].unit, "tokens/s"))
		return sc_error(c, "benchmark \"%s\" is not measured in tokens/s",
				bench);
	const struct gpu *gpu = &c->d->gpus[g];
	/* each one's unit as the pages print it; a cost per 1M tokens is money */
	const char *unit = guide_ledger_metric_unit(name);
	double high = 0; /* a list price's range gives a range */
	struct sources src = { 0 };
	struct serving_cost sv = { .quote_row = -1 };
	struct figure f;
	if (k == 4) {
		sv = metrics_serving_cost(c->d, (size_t)b, (size_t)g);
		f = sv.per_mtok;
		/* the ledger's own figure, as the inference page shows it */
		guide_ledger_show_mtok(&c->pg, (size_t)b, (size_t)g);
	} else {
		f = guide_ledger_metric(&c->pg, name, (size_t)g, b, &high);
	}
	if (!figure_ok(f))
		return emit_missing(c, f.missing, "metric \"%s\" of gpu \"%s\"", name,
				    gpu->id);
	if (k <= 2)
		sources_add(&src, gpu->source);
	if (k == 0 || k == 3)
		add_lowest_price_source(c, (size_t)g, &src);
	if (k > 3 && sv.quote_row >= 0)
		sources_add(&src, c->d->prices[sv.quote_row].source);
	if (b >= 0) {
		long r = data_result_row(c->d, (size_t)b, (size_t)g);
		if (r >= 0)
			sources_add(&src, c->d->results[r].source);
	}
	struct buf val = BUF_INIT;
	if (high > f.value)
		i18n_format_unit_range(&val, &c->pg.in->i18n, f.value, high, unit, c->l);
	else if (k == 0)
		sc_fmt_hours(c, &val, f.value);
	else if (unit)
		sc_fmt_unit(c, &val, f.value, unit);
	else
		sc_fmt_usd(c, &val, f.value);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

static int cite_vram(struct cite *c)
{
	static const char *const args[] = { "params", "precision", NULL };
	if (sc_check_and_need(c, args, args))
		return -1;
	const char *params = sc_arg(c, "params"), *precision = sc_arg(c, "precision");
	char *end;
	double p = strtod(params, &end);
	if (*end || !isfinite(p) || p <= 0)
		return sc_error(c, "params \"%s\" is not a positive number (billions)",
				params);
	if (metric_bytes_per_param(precision) < 0)
		return sc_error(c, "unknown precision \"%s\" (fp32, fp16, bf16, int8 or int4)",
				precision);
	struct figure f = metric_vram_needed_gb(p, precision);
	guide_ledger_show_vram(&c->pg, p, precision, -1); /* a formula: no data row */
	struct buf val = BUF_INIT;
	sc_fmt_unit(c, &val, f.value, "unit.gb");
	emit_fig(c, val.ptr, pg_tr(&c->pg, "cite.vram_formula"));
	buf_release(&val);
	return 0;
}

static int cite_technique(struct cite *c)
{
	static const char *const args[] = { "id", "field", NULL };
	if (sc_check_and_need(c, args, args))
		return -1;
	const char *id = sc_arg(c, "id"), *field = sc_arg(c, "field");
	const struct technique *t = sc_find_technique(c, id);
	if (!t)
		return -1;
	const char *text = sc_technique_text(c, t, field);
	if (!text)
		return sc_error(c, "unknown field \"%s\" for technique", field);
	if (!strcmp(field, "speed") || !strcmp(field, "vram_saving"))
		guide_ledger_show_technique(&c->pg, (size_t)(t - c->d->techniques),
					    !strcmp(field, "vram_saving"));
	if (!*text)
		return emit_missing(c, "why.not_stated",
				    "field \"%s\" of technique \"%s\"", field, id);
	struct sources src = { 0 };
	sources_add(&src, t->source);
	struct buf val = BUF_INIT;
	buf_adds(&val, text);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

/* ---- dispatch ---- */

static const struct {
	const char *name;
	bool block; /* must stand alone on its line */
	int (*resolve)(struct cite *c);
} kinds[] = {
	{ "gpu", false, cite_gpu },
	{ "price", false, cite_price },
	{ "hours", false, cite_hours },
	{ "cost", false, cite_cost },
	{ "result", false, cite_result },
	{ "ratio", false, cite_ratio },
	{ "metric", false, cite_metric },
	{ "vram", false, cite_vram },
	{ "technique", false, cite_technique },
	{ "link", false, cite_links_write_link },
	{ "table", true, cite_tables_write },
	{ "chart", true, cite_links_write_chart },
};

/* Whether `name` is a shortcode that stands on its own line (a table, a
 * chart). */
static bool kind_is_block(const char *name)
{
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (!strcmp(kinds[k].name, name))
			return kinds[k].block;
	return false;
}

static int resolve_now(const struct page_ctx *pc, const struct shortcode *sc,
		       struct buf *out, struct diag *diag)
{
	struct cite c = {
		.d = &pc->in->data,
		.m = &pc->in->metrics,
		.l = pc->l,
		.from = pc->path ? pc->path : "",
		.sc = sc,
		.out = out,
		.diag = diag,
		.pg = *pc,
	};
	buf_init(&c.what);
	size_t k = 0, n = sizeof kinds / sizeof kinds[0];
	while (k < n && strcmp(kinds[k].name, sc->name))
		k++;
	if (k == n)
		return sc_error(&c, "unknown shortcode \"%s\"", sc->name);
	buf_addf(&c.what, "shortcode \"%s\"", sc->name);
	int rc;
	if (kinds[k].block && !sc->block)
		rc = sc_error(&c, "%s must stand alone on its line", c.what.ptr);
	else
		rc = kinds[k].resolve(&c);
	buf_release(&c.what);
	return rc;
}

/* Whether each link of `html` climbs from the page ("../", as site_href
 * writes every link but one below the page itself), is absolute or an
 * anchor: then the HTML depends on the page's depth, not on its path. */
static bool links_climb(const char *html, size_t len)
{
	static const char attr[] = "href=\"";
	const char *p = html, *end = html + len;
	while ((p = memmem(p, (size_t)(end - p), attr, sizeof attr - 1))) {
		p += sizeof attr - 1;
		size_t left = (size_t)(end - p);
		if (!((left >= 3 && !memcmp(p, "../", 3)) || (left && (*p == '#' || *p == '/')) ||
		      (left >= 6 && !memcmp(p, "https:", 6)) || (left >= 5 && !memcmp(p, "http:", 5))))
			return false;
	}
	return true;
}

/* The entry of `key` (sc's, just found or kept) known by sc's text too. */
static void know_text(struct cite_memo *memo, const struct page_ctx *pc, int depth,
		      const struct shortcode *sc, const char *key)
{
	if (sc->text)
		cite_memo_alias(memo, cite_memo_text_key(memo, lang_code(pc->l), depth, sc->block,
							 sc->text, sc->text_len),
				key);
}

int cite_resolve(void *ctx, const struct shortcode *sc, struct buf *out,
		 struct diag *diag)
{
	const struct page_ctx *pc = ctx;
	struct cite_memo *memo = pc->cites;
	if (!memo || !pc->path)
		return resolve_now(pc, sc, out, diag);
	int depth = site_path_depth(pc->path);
	const char *key = cite_memo_key(memo, lang_code(pc->l), depth, sc);
	if (cite_memo_find(memo, key, out, pc->marks)) {
		know_text(memo, pc, depth, sc, key);
		return 0;
	}
	/* resolved with a sink of its own, whose marks are the entry's */
	struct ledger_sink marks = { 0 };
	struct page_ctx own = *pc;
	own.marks = pc->marks ? &marks : NULL;
	size_t at = out->len;
	int messages = diag->errors + diag->warnings;
	int rc = resolve_now(&own, sc, out, diag);
	if (pc->marks)
		ledger_sink_replay(pc->marks, NULL, &marks);
	if (rc == 0 && diag->errors + diag->warnings == messages &&
	    !kind_is_block(sc->name) && links_climb(out->ptr + at, out->len - at)) {
		cite_memo_keep(memo, key, out->ptr + at, out->len - at, &marks);
		know_text(memo, pc, depth, sc, key);
	}
	ledger_sink_release(&marks);
	return rc;
}

bool cite_resolve_known(void *ctx, const char *text, size_t len, bool block,
			struct buf *out, struct digest_value *digest)
{
	const struct page_ctx *pc = ctx;
	if (!pc->cites || !pc->path)
		return false;
	const char *key = cite_memo_text_key(pc->cites, lang_code(pc->l),
					     site_path_depth(pc->path), block, text, len);
	return cite_memo_find_text(pc->cites, key, out, pc->marks, digest);
}
