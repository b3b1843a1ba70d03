/* cite: the shortcodes of articles resolved to HTML (syntax in README.md,
 * "Citing data in articles"). Inline figures are <span class="fig"> with the
 * titles of their sources; blocks are tables (built here) and charts
 * (guide_charts). Everything is escaped; every id is checked against data. */
#include "cite.h"

#include "buf.h"
#include "calculator.h"
#include "cite_kit.h"
#include "data.h"
#include "diag.h"
#include "figures.h"
#include "guide_charts.h"
#include "markdown.h"
#include "metrics.h"
#include "present.h"
#include "site.h"
#include "text.h"

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
	{ "why.zero", "division by zero" },
	{ "why.unknown_precision", "unknown precision" },
	{ "cite.not_stated", "not stated by the sources" },
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
		why = "cite.not_stated";
	buf_adds(c->out, "<span class=\"fig nodata\"");
	if (i18n_has(&c->s->i18n, why)) {
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

/* Record a cited figure in the ledger (figures.h): `id` and `label` are
 * printf formats; inputs are the rows given as (table, row) pairs, ended
 * by -1. */
static void cite_record(struct cite *c, struct figure f, const char *unit,
			const char *id, const char *label, int table, ...)
{
	if (!c->s->figures)
		return;
	struct buf v = BUF_INIT, in = BUF_INIT;
	if (figure_ok(f))
		ledger_number(&v, f.value);
	va_list ap;
	va_start(ap, table);
	for (int t = table; t >= 0; t = va_arg(ap, int)) {
		long row = va_arg(ap, long);
		if (row >= 0)
			figures_input(c->s, &in, t, (size_t)row);
	}
	va_end(ap);
	figures_show_new(c->s, c->l, c->from, id, label, v.ptr, "", unit, in.ptr);
	buf_release(&v);
	buf_release(&in);
}

/* The unit of a numeric gpus.csv column, from its name's suffix. */
static const char *gpu_field_unit(const char *field)
{
	static const char *const suffix[][2] = {
		{ "_gbs", "GB/s" }, { "_gb", "GB" }, { "_tflops", "TFLOPS" },
		{ "_w", "W" }, { "_usd_min", "USD" }, { "_usd_max", "USD" },
	};
	size_t n = strlen(field);
	for (size_t i = 0; i < sizeof suffix / sizeof *suffix; i++) {
		size_t k = strlen(suffix[i][0]);
		if (n > k && !strcmp(field + n - k, suffix[i][0]))
			return suffix[i][1];
	}
	return "";
}

/* ---- inline kinds ---- */

static int cite_gpu(struct cite *c)
{
	static const char *const args[] = { "id", "field", NULL };
	if (ck_check_and_need(c, args, args))
		return -1;
	const char *id = ck_arg(c, "id"), *field = ck_arg(c, "field");
	long gi = ck_find_gpu(c, id);
	if (gi < 0)
		return -1;
	const struct gpu *g = &c->d->gpus[gi];
	struct buf val = BUF_INIT;
	const struct ck_gpu_field *nf = ck_gpu_field_named(field);
	if (nf) {
		struct num n = ck_gpu_num(g, nf);
		struct buf fid = BUF_INIT, label = BUF_INIT;
		buf_addf(&fid, "gpu.%s.%s", id, field);
		buf_addf(&label, "%s %s", g->name, field);
		cite_record(c, figure_of(n, "cite.not_stated"), gpu_field_unit(field),
			    fid.ptr, label.ptr,
			    TABLE_GPUS, (long)g->row, -1);
		buf_release(&fid);
		buf_release(&label);
		if (!n.ok)
			return emit_missing(c, "cite.not_stated",
					    "field \"%s\" of gpu \"%s\"", field, id);
		ck_fmt_gpu_num(c, &val, nf, n.v);
	} else {
		const char *text = ck_gpu_text(c, g, field);
		if (!text)
			return ck_error(c, "unknown field \"%s\" for gpu", field);
		if (!*text)
			return emit_missing(c, "cite.not_stated",
					    "field \"%s\" of gpu \"%s\"", field, id);
		buf_adds(&val, text);
	}
	struct sources src = { 0 };
	sources_add(&src, g->source);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

/* The price row a price shortcode means: the lowest on-demand price (of one
 * source when `source` is set), or the lowest / highest of any kind. */
static long pick_price_row(const struct data *d, size_t g, const char *source,
			   const char *which)
{
	long best = -1;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *p = &d->prices[i];
		if (p->gpu != g || (source && strcmp(p->source, source)))
			continue;
		if (!which && strcmp(p->kind, "on-demand"))
			continue;
		double bv = best < 0 ? 0 : d->prices[best].usd_per_hour;
		bool high = which && !strcmp(which, "high");
		if (best < 0 || (high ? p->usd_per_hour > bv : p->usd_per_hour < bv))
			best = (long)i;
	}
	return best;
}

static int cite_price(struct cite *c)
{
	static const char *const args[] = { "gpu", "which", "source", NULL };
	static const char *const need[] = { "gpu", NULL };
	if (ck_check_and_need(c, args, need))
		return -1;
	const char *id = ck_arg(c, "gpu"), *which = ck_arg(c, "which");
	const char *source = ck_arg(c, "source");
	long g = ck_find_gpu(c, id);
	if (g < 0)
		return -1;
	if (which && strcmp(which, "low") && strcmp(which, "high"))
		return ck_error(c, "which \"%s\" must be low or high", which);
	if (source && !data_find_source(c->d, source))
		return ck_error(c, "unknown source \"%s\"", source);
	long row = pick_price_row(c->d, (size_t)g, source, which);
	if (!which && !source) {
		figures_show_price(c->s, c->l, c->from, (size_t)g);
	} else {
		struct buf fid = BUF_INIT, label = BUF_INIT;
		buf_addf(&fid, "price.%s.%s", id, which ? which : source);
		buf_addf(&label, "%s %s price%s%s", c->d->gpus[g].name,
			 which ? (strcmp(which, "high") ? "lowest" : "highest") : "on-demand",
			 source ? " from " : "", source ? source : "");
		struct figure pf = { row >= 0 ? c->d->prices[row].usd_per_hour : 0,
				     row >= 0 ? NULL : "why.no_price" };
		cite_record(c, pf, "USD/h", fid.ptr, label.ptr, TABLE_PRICES,
			    row >= 0 ? (long)c->d->prices[row].row : -1L, -1);
		buf_release(&fid);
		buf_release(&label);
	}
	if (row < 0)
		return emit_missing(c, "why.no_price", "the price of gpu \"%s\"%s%s%s",
				    id, source ? " from source \"" : "",
				    source ? source : "", source ? "\"" : "");
	const struct price *p = &c->d->prices[row];
	struct buf val = BUF_INIT;
	ck_fmt_price(c, &val, p->usd_per_hour);
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
	if (ck_check_and_need(c, args, args))
		return NULL;
	long t = ck_find_task(c, ck_arg(c, "task"));
	long g = t < 0 ? -1 : ck_find_gpu(c, ck_arg(c, "gpu"));
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

/* The cost a source states for a job ("about $545", "$2–$4"). */
static void fmt_stated(const struct cite *c, struct buf *o, long stated)
{
	const struct stated_cost *sc = &c->d->stated_costs[stated];
	struct buf v = BUF_INIT;
	ck_fmt_usd(c, &v, sc->usd);
	if (sc->usd_max.ok) {
		buf_adds(&v, "–");
		ck_fmt_usd(c, &v, sc->usd_max.v);
	}
	if (sc->approx) {
		static const char *const names[] = { "x" };
		const char *val = v.ptr;
		i18n_fill(o, pg_tr(&c->pg, "stated.about"), names, &val, 1);
	} else {
		buf_adds(o, v.ptr);
	}
	buf_release(&v);
}

static int cite_hours(struct cite *c)
{
	const struct task_cost *tc = task_cost_of(c);
	if (!tc)
		return -1;
	figures_show_time(c->s, c->l, c->from, tc->task, tc->gpu);
	if (!figure_ok(tc->hours))
		return emit_missing(c, tc->hours.missing,
				    "the time of task \"%s\" on gpu \"%s\"",
				    ck_arg(c, "task"), ck_arg(c, "gpu"));
	struct buf val = BUF_INIT;
	ck_fmt_task_figure(c, &val, tc, false);
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
	figures_show_cost(c->s, c->l, c->from, tc->task, tc->gpu);
	if (!figure_ok(tc->cost))
		return emit_missing(c, tc->cost.missing,
				    "the cost of task \"%s\" on gpu \"%s\"",
				    ck_arg(c, "task"), ck_arg(c, "gpu"));
	struct buf val = BUF_INIT;
	ck_fmt_task_figure(c, &val, tc, true);
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
	if (ck_check_and_need(c, args, args))
		return -1;
	long b = ck_find_benchmark(c, ck_arg(c, "benchmark"));
	long g = b < 0 ? -1 : ck_find_gpu(c, ck_arg(c, "gpu"));
	if (g < 0)
		return -1;
	struct figure f = metrics_result(c->d, (size_t)b, (size_t)g);
	{
		const struct benchmark *bm = &c->d->benchmarks[b];
		long rr = data_result_row(c->d, (size_t)b, (size_t)g);
		struct buf fid = BUF_INIT, label = BUF_INIT;
		buf_addf(&fid, "result.%s.%s", bm->id, c->d->gpus[g].id);
		buf_addf(&label, "%s on %s", bm->name_en, c->d->gpus[g].name);
		cite_record(c, f, bm->unit ? bm->unit : "", fid.ptr, label.ptr,
			    TABLE_RESULTS, rr >= 0 ? (long)c->d->results[rr].row : -1L, -1);
		buf_release(&fid);
		buf_release(&label);
	}
	if (!figure_ok(f))
		return emit_missing(c, f.missing, "benchmark \"%s\" on gpu \"%s\"",
				    ck_arg(c, "benchmark"), ck_arg(c, "gpu"));
	struct buf val = BUF_INIT;
	ck_fmt_bench(c, &val, f.value, &c->d->benchmarks[b]);
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
				     const struct ck_gpu_field *f)
{
	struct num na = ck_gpu_num(a, f), nb = ck_gpu_num(b, f);
	struct figure r = { 0, NULL };
	if (!na.ok || !nb.ok)
		r.missing = "cite.not_stated";
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
	if (ck_check_and_need(c, args, need))
		return -1;
	const char *bench = ck_arg(c, "benchmark"), *field = ck_arg(c, "field");
	if (!bench == !field)
		return ck_error(c, bench ? "%s takes benchmark= or field=, not both"
					 : "%s needs benchmark= or field=",
				c->what.ptr);
	long a = ck_find_gpu(c, ck_arg(c, "a"));
	long b = a < 0 ? -1 : ck_find_gpu(c, ck_arg(c, "b"));
	if (b < 0)
		return -1;
	struct figure f;
	struct sources src = { 0 };
	long ra = -1, rb = -1;
	if (bench) {
		long bi = ck_find_benchmark(c, bench);
		if (bi < 0)
			return -1;
		f = metrics_speed_ratio(c->d, (size_t)bi, (size_t)a, (size_t)b);
		ra = data_result_row(c->d, (size_t)bi, (size_t)a);
		rb = data_result_row(c->d, (size_t)bi, (size_t)b);
		if (ra >= 0)
			sources_add(&src, c->d->results[ra].source);
		if (rb >= 0)
			sources_add(&src, c->d->results[rb].source);
	} else {
		const struct ck_gpu_field *nf = ck_gpu_field_named(field);
		if (!nf) {
			if (ck_gpu_text(c, &c->d->gpus[a], field))
				return ck_error(c, "field \"%s\" of gpu is not a number",
						field);
			return ck_error(c, "unknown field \"%s\" for gpu", field);
		}
		f = gpu_field_ratio(&c->d->gpus[a], &c->d->gpus[b], nf);
		sources_add(&src, c->d->gpus[a].source);
		sources_add(&src, c->d->gpus[b].source);
	}
	{
		struct buf fid = BUF_INIT, label = BUF_INIT;
		buf_addf(&fid, "ratio.%s.%s.%s", ck_arg(c, "a"), ck_arg(c, "b"),
			 bench ? bench : field);
		buf_addf(&label, "%s against %s on %s", c->d->gpus[a].name,
			 c->d->gpus[b].name, bench ? bench : field);
		/* a ratio of results rests on the two results, one of specs on
		 * the two GPUs' rows */
		cite_record(c, f, "×", fid.ptr, label.ptr,
			    bench ? TABLE_RESULTS : TABLE_GPUS,
			    bench ? (ra >= 0 ? (long)c->d->results[ra].row : -1L)
				  : (long)c->d->gpus[a].row,
			    bench ? TABLE_RESULTS : TABLE_GPUS,
			    bench ? (rb >= 0 ? (long)c->d->results[rb].row : -1L)
				  : (long)c->d->gpus[b].row, -1);
		buf_release(&fid);
		buf_release(&label);
	}
	if (!figure_ok(f))
		return emit_missing(c, f.missing,
				    "the ratio of gpu \"%s\" to gpu \"%s\" on %s \"%s\"",
				    ck_arg(c, "a"), ck_arg(c, "b"),
				    bench ? "benchmark" : "field", bench ? bench : field);
	struct buf val = BUF_INIT;
	ck_fmt_ratio(c, &val, f.value);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

static int cite_metric(struct cite *c)
{
	static const char *const args[] = { "name", "gpu", "benchmark", NULL };
	static const char *const need[] = { "name", "gpu", NULL };
	if (ck_check_and_need(c, args, need))
		return -1;
	const char *name = ck_arg(c, "name"), *bench = ck_arg(c, "benchmark");
	static const char *const names[] = { "break_even", "tflops_per_watt",
		"tflops_per_kusd", "speed_per_dollar", "cost_per_mtok", NULL };
	size_t k = 0;
	while (names[k] && strcmp(names[k], name))
		k++;
	if (!names[k])
		return ck_error(c, "unknown metric \"%s\"", name);
	bool wants_bench = k >= 3;
	if (wants_bench && !bench)
		return ck_error(c, "metric \"%s\" needs benchmark=", name);
	if (!wants_bench && bench)
		return ck_error(c, "metric \"%s\" takes no benchmark=", name);
	long g = ck_find_gpu(c, ck_arg(c, "gpu"));
	if (g < 0)
		return -1;
	long b = -1;
	if (bench && (b = ck_find_benchmark(c, bench)) < 0)
		return -1;
	if (k == 4 && strcmp(c->d->benchmarks[b].unit, "tokens/s"))
		return ck_error(c, "benchmark \"%s\" is not measured in tokens/s",
				bench);
	const struct gpu *gpu = &c->d->gpus[g];
	struct figure fp16 = figure_of(gpu->fp16_tflops, "cite.not_stated");
	struct figure list = figure_of(gpu->price_usd_min, "cite.not_stated");
	struct figure price = ck_lowest_price(c, (size_t)g);
	struct sources src = { 0 };
	struct serving_cost sv = { .quote_row = -1 };
	struct figure f;
	switch (k) {
	case 0:
		f = metric_break_even_hours(list, price);
		break;
	case 1:
		f = metric_tflops_per_watt(fp16, figure_of(gpu->tdp_w, "cite.not_stated"));
		break;
	case 2:
		f = metric_tflops_per_kusd(fp16, list);
		break;
	case 3:
		f = metric_speed_per_dollar(pg_relative_speed(&c->pg, (size_t)b, (size_t)g), price);
		break;
	default:
		sv = metrics_serving_cost(c->d, (size_t)b, (size_t)g);
		f = sv.per_mtok;
		break;
	}
	{
		static const char *const units[] = { "h", "TFLOPS/W", "TFLOPS per $1000",
						     "× per $/h", "USD/1M tokens" };
		long pr = c->m->prices ? c->m->prices[g].lowest_row : -1;
		long quote = k == 4 ? sv.quote_row : (k == 0 || k == 3) ? pr : -1;
		long rr = b >= 0 ? data_result_row(c->d, (size_t)b, (size_t)g) : -1;
		struct buf fid = BUF_INIT, label = BUF_INIT;
		buf_addf(&fid, "metric.%s.%s%s%s", name, gpu->id, b >= 0 ? "." : "",
			 b >= 0 ? bench : "");
		buf_addf(&label, "%s %s%s%s", gpu->name, name, b >= 0 ? " on " : "",
			 b >= 0 ? c->d->benchmarks[b].name_en : "");
		cite_record(c, f, units[k], fid.ptr, label.ptr, TABLE_GPUS, (long)gpu->row,
			    TABLE_PRICES, quote >= 0 ? (long)c->d->prices[quote].row : -1L,
			    TABLE_RESULTS, rr >= 0 ? (long)c->d->results[rr].row : -1L, -1);
		buf_release(&fid);
		buf_release(&label);
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
	if (k == 0)
		ck_fmt_hours(c, &val, f.value);
	else if (k == 1)
		ck_fmt_unit(c, &val, f.value, "unit.tflops_per_w");
	else if (k == 2)
		ck_fmt_unit(c, &val, f.value, "unit.tflops_per_kusd");
	else if (k == 3)
		ck_fmt_unit(c, &val, f.value, "unit.speed_per_usd");
	else
		ck_fmt_usd(c, &val, f.value);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

static int cite_vram(struct cite *c)
{
	static const char *const args[] = { "params", "precision", NULL };
	if (ck_check_and_need(c, args, args))
		return -1;
	const char *params = ck_arg(c, "params"), *precision = ck_arg(c, "precision");
	char *end;
	double p = strtod(params, &end);
	if (*end || !isfinite(p) || p <= 0)
		return ck_error(c, "params \"%s\" is not a positive number (billions)",
				params);
	if (metric_bytes_per_param(precision) < 0)
		return ck_error(c, "unknown precision \"%s\" (fp32, fp16, bf16, int8 or int4)",
				precision);
	struct figure f = metric_vram_needed_gb(p, precision);
	{
		/* a formula of its arguments: no data row */
		struct buf fid = BUF_INIT, label = BUF_INIT;
		buf_addf(&fid, "vram.%s.%s", params, precision);
		buf_addf(&label, "VRAM for %sB parameters at %s", params, precision);
		cite_record(c, f, "GB", fid.ptr, label.ptr, -1);
		buf_release(&fid);
		buf_release(&label);
	}
	struct buf val = BUF_INIT;
	ck_fmt_unit(c, &val, f.value, "unit.gb");
	emit_fig(c, val.ptr, pg_tr(&c->pg, "cite.vram_formula"));
	buf_release(&val);
	return 0;
}

static int cite_technique(struct cite *c)
{
	static const char *const args[] = { "id", "field", NULL };
	if (ck_check_and_need(c, args, args))
		return -1;
	const char *id = ck_arg(c, "id"), *field = ck_arg(c, "field");
	const struct technique *t = ck_find_technique(c, id);
	if (!t)
		return -1;
	const char *text = ck_technique_text(c, t, field);
	if (!text)
		return ck_error(c, "unknown field \"%s\" for technique", field);
	if (!*text)
		return emit_missing(c, "cite.not_stated",
				    "field \"%s\" of technique \"%s\"", field, id);
	struct sources src = { 0 };
	sources_add(&src, t->source);
	struct buf val = BUF_INIT;
	buf_adds(&val, text);
	emit_sourced(c, &val, &src);
	buf_release(&val);
	return 0;
}

/* ---- links ---- */

static const struct {
	const char *page, *key;
} pages[] = {
	{ "gpus", "nav.gpus" },
	{ "tasks", "nav.tasks" },
	{ "compare", "nav.compare" },
	{ "vram", "nav.vram" },
	{ "inference", "nav.inference" },
	{ "techniques", "cite.page.techniques" },
	{ "use-cases", "cite.page.use_cases" },
	{ "data", "nav.data" },
	{ "health", "cite.page.health" },
	{ "methodology", "nav.methodology" },
	{ "articles", "nav.articles" },
	{ "cases", "nav.cases" },
	{ "calculator", "cite.page.calculator" },
};

/* page=calculator with a preset: params=, precision=, job= (checked as the
 * calculator checks them) become the link's query. */
static const char *calculator_path(struct cite *c)
{
	static const char *const keys[] = { "params", "precision", "job", NULL };
	struct buf why = BUF_INIT;
	if (!calculator_preset_ok(ck_arg(c, "params"), ck_arg(c, "precision"),
				  ck_arg(c, "job"), &why)) {
		ck_error(c, "%s", why.ptr);
		buf_release(&why);
		return NULL;
	}
	buf_release(&why);
	struct buf b = BUF_INIT;
	buf_adds(&b, "calculator/");
	char sep = '?';
	for (size_t i = 0; keys[i]; i++) {
		const char *v = ck_arg(c, keys[i]);
		if (!v)
			continue;
		buf_addc(&b, sep);
		buf_adds(&b, keys[i]);
		buf_addc(&b, '=');
		buf_adds(&b, v); /* checked above: digits, dots and letters only */
		sep = '&';
	}
	char *r = arena_strndup(&c->s->arena, b.ptr, b.len);
	buf_release(&b);
	return r;
}

static void emit_link(struct cite *c, const char *href, const char *text)
{
	const char *own = ck_arg(c, "text");
	buf_adds(c->out, "<a href=\"");
	text_escape_htmls(c->out, href);
	buf_adds(c->out, "\">");
	text_escape_htmls(c->out, own ? own : text);
	buf_adds(c->out, "</a>");
}

/* compare=a,b: the compare page of the two, in gpus.csv order. */
static int link_compare(struct cite *c, const char *pair)
{
	const char *comma = strchr(pair, ',');
	if (!comma || strchr(comma + 1, ','))
		return ck_error(c, "compare \"%s\" needs two gpus, like compare=h100-80gb,a100-80gb",
				pair);
	char *first = arena_strndup(&c->s->arena, pair, (size_t)(comma - pair));
	long a = ck_find_gpu(c, first);
	long b = a < 0 ? -1 : ck_find_gpu(c, comma + 1);
	if (b < 0)
		return -1;
	if (a == b)
		return ck_error(c, "compare \"%s\" needs two different gpus", pair);
	if (a > b) {
		long t = a;
		a = b;
		b = t;
	}
	const struct gpu *ga = &c->d->gpus[a], *gb = &c->d->gpus[b];
	const char *path = pg_pair_path(&c->pg, (size_t)a, (size_t)b);
	const char *text = arena_printf(&c->s->arena, "%s %s %s", ga->name,
					pg_tr(&c->pg, "cite.vs"), gb->name);
	emit_link(c, pg_href_to(&c->pg, path), text);
	return 0;
}

static int cite_link(struct cite *c)
{
	static const char *const args[] = { "gpu", "task", "compare", "page", "text",
					     "params", "precision", "job", NULL };
	if (ck_check_args(c, c->what.ptr, args))
		return -1;
	bool preset = ck_arg(c, "params") || ck_arg(c, "precision") || ck_arg(c, "job");
	const char *page_arg = ck_arg(c, "page");
	if (preset && (!page_arg || strcmp(page_arg, "calculator")))
		return ck_error(c, "params=, precision= and job= go only with page=calculator");
	const char *gpu = ck_arg(c, "gpu"), *task = ck_arg(c, "task");
	const char *compare = ck_arg(c, "compare"), *page = ck_arg(c, "page");
	int given = !!gpu + !!task + !!compare + !!page;
	if (given != 1)
		return ck_error(c, given ? "%s takes only one of gpu=, task=, compare= or page="
					 : "%s needs one of gpu=, task=, compare= or page=",
				c->what.ptr);
	if (gpu) {
		long g = ck_find_gpu(c, gpu);
		if (g < 0)
			return -1;
		emit_link(c, ck_gpu_href(c, (size_t)g), c->d->gpus[g].name);
	} else if (task) {
		long t = ck_find_task(c, task);
		if (t < 0)
			return -1;
		emit_link(c, pg_href_to(&c->pg, pg_task_path(&c->pg, (size_t)t)),
			  pg_task_name(&c->pg, (size_t)t));
	} else if (compare) {
		return link_compare(c, compare);
	} else {
		size_t i = 0, n = sizeof pages / sizeof pages[0];
		while (i < n && strcmp(pages[i].page, page))
			i++;
		if (i == n)
			return ck_error(c, "unknown page \"%s\"", page);
		const char *path = strcmp(page, "calculator")
			? arena_printf(&c->s->arena, "%s/", page) : calculator_path(c);
		if (!path)
			return -1;
		emit_link(c, pg_href_to(&c->pg, path),
			  pg_tr(&c->pg, pages[i].key));
	}
	return 0;
}

/* ---- tables ---- */

enum badge { BADGE_NONE, BADGE_CHEAPEST, BADGE_FASTEST };

static void table_begin(struct cite *c, const char *caption)
{
	c->table_nodata = false;
	buf_adds(c->out, "<div class=\"table-wrap\" tabindex=\"0\"><table class=\"sortable\">\n");
	if (caption && *caption) {
		buf_adds(c->out, "<caption>");
		text_escape_htmls(c->out, caption);
		buf_adds(c->out, "</caption>\n");
	}
	buf_adds(c->out, "<thead><tr>");
}

static void table_head(struct cite *c, const char *text, bool num)
{
	buf_adds(c->out, num ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">");
	text_escape_htmls(c->out, text);
	buf_adds(c->out, "</th>");
}

static void table_head_key(struct cite *c, const char *key, bool num)
{
	table_head(c, pg_tr(&c->pg, key), num);
}

static void table_body(struct cite *c)
{
	buf_adds(c->out, "</tr></thead>\n<tbody>\n");
}

static void table_end(struct cite *c)
{
	buf_adds(c->out, "</tbody>\n</table></div>");
	if (c->table_nodata) {
		buf_addc(c->out, '\n');
		site_nodata_legend(c->s, c->l, c->out);
	}
}

static void row_begin(struct cite *c)
{
	buf_adds(c->out, "<tr>");
}

static void row_end(struct cite *c)
{
	buf_adds(c->out, "</tr>\n");
}

/* A table with no row to show: one cell across it says so. */
static void row_nodata(struct cite *c, int cols)
{
	buf_addf(c->out, "<tr><td class=\"nodata\" colspan=\"%d\">", cols);
	text_escape_htmls(c->out, pg_tr(&c->pg, "no_data"));
	buf_adds(c->out, "</td></tr>\n");
}

static void td_nodata(struct cite *c, const char *why)
{
	buf_adds(c->out, "<td class=\"nodata\"");
	struct buf text = BUF_INIT;
	if (why && i18n_has(&c->s->i18n, why)) {
		const char *names[] = { "nodata", "why" };
		const char *vals[] = { pg_tr(&c->pg, "no_data"), pg_tr(&c->pg, why) };
		i18n_fill(&text, pg_tr(&c->pg, "why.nodata"), names, vals, 2);
	} else {
		buf_adds(&text, pg_tr(&c->pg, "no_data"));
	}
	site_nodata_cell(c->s, c->l, text.ptr, c->out);
	buf_release(&text);
	buf_adds(c->out, "</td>");
	c->table_nodata = true;
}

static void td_text(struct cite *c, const char *text)
{
	if (!text || !*text) {
		td_nodata(c, "cite.not_stated");
		return;
	}
	buf_adds(c->out, "<td>");
	text_escape_htmls(c->out, text);
	buf_adds(c->out, "</td>");
}

static void add_badge(struct cite *c, enum badge badge)
{
	if (badge == BADGE_CHEAPEST) {
		buf_adds(c->out, " <span class=\"badge\">");
		text_escape_htmls(c->out, pg_tr(&c->pg, "cite.cheapest"));
		buf_adds(c->out, "</span>");
	} else if (badge == BADGE_FASTEST) {
		buf_adds(c->out, " <span class=\"badge fast\">");
		text_escape_htmls(c->out, pg_tr(&c->pg, "cite.fastest"));
		buf_adds(c->out, "</span>");
	}
}

/* A number cell: text already formatted, the raw value for sorting. */
static void td_num(struct cite *c, double v, const char *text, bool best,
		   enum badge badge)
{
	buf_addf(c->out, "<td class=\"num%s\" data-sort=\"%.6g\">",
		 best ? " best" : "", v);
	text_escape_htmls(c->out, text);
	add_badge(c, badge);
	buf_adds(c->out, "</td>");
}

/* The GPU heading a row, linked to its page. */
static void th_gpu(struct cite *c, size_t g)
{
	buf_adds(c->out, "<th scope=\"row\"><a href=\"");
	text_escape_htmls(c->out, ck_gpu_href(c, g));
	buf_adds(c->out, "\">");
	text_escape_htmls(c->out, c->d->gpus[g].name);
	buf_adds(c->out, "</a></th>");
}

/* Formats a figure into a cell (or "no data"). */
typedef void (*fig_format)(const struct cite *c, struct buf *o, double v);

static void td_fig(struct cite *c, struct figure f, fig_format format,
		   bool best, enum badge badge)
{
	if (!figure_ok(f)) {
		td_nodata(c, f.missing);
		return;
	}
	struct buf text = BUF_INIT;
	format(c, &text, f.value);
	td_num(c, f.value, text.ptr, best, badge);
	buf_release(&text);
}

/* A job's time or cost cell, a range where the time is one, with its
 * fastest or cheapest mark. */
static void td_task_figure(struct cite *c, const struct task_cost *tc, bool cost)
{
	struct figure f = cost ? tc->cost : tc->hours;
	bool best = cost ? tc->cheapest : tc->fastest;
	if (!figure_ok(f)) {
		td_nodata(c, f.missing);
		return;
	}
	struct buf text = BUF_INIT;
	ck_fmt_task_figure(c, &text, tc, cost);
	td_num(c, f.value, text.ptr, best,
	       !best ? BADGE_NONE : cost ? BADGE_CHEAPEST : BADGE_FASTEST);
	buf_release(&text);
}

static int table_task_costs(struct cite *c)
{
	long t = ck_find_task(c, ck_arg(c, "task"));
	if (t < 0)
		return -1;
	const struct data *d = c->d;
	bool cards = false, any = false, stated = false;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *tc = metrics_task_cost(d, c->m, (size_t)t, g);
		if (tc && tc->time_row >= 0) {
			any = true;
			cards |= tc->gpu_count > 1;
			stated |= tc->stated >= 0;
		}
	}
	struct buf caption = BUF_INIT;
	const char *names[] = { "task" }, *vals[] = { pg_task_name(&c->pg, (size_t)t) };
	i18n_fill(&caption, pg_tr(&c->pg, "cite.caption.task_costs"), names, vals, 1);
	table_begin(c, caption.ptr);
	buf_release(&caption);
	table_head_key(c, "cite.col.gpu", false);
	table_head_key(c, "cite.col.time", true);
	if (cards)
		table_head_key(c, "cite.col.cards", true);
	table_head_key(c, "cite.col.price", true);
	table_head_key(c, "cite.col.cost", true);
	if (stated)
		table_head_key(c, "cite.col.stated", true);
	table_body(c);
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *tc = metrics_task_cost(d, c->m, (size_t)t, g);
		if (!tc || tc->time_row < 0)
			continue;
		row_begin(c);
		th_gpu(c, g);
		td_task_figure(c, tc, false);
		if (cards) {
			struct buf n = BUF_INIT;
			buf_addf(&n, "%d", tc->gpu_count);
			td_num(c, tc->gpu_count, n.ptr, false, BADGE_NONE);
			buf_release(&n);
		}
		td_fig(c, tc->usd_per_hour, ck_fmt_price, false, BADGE_NONE);
		td_task_figure(c, tc, true);
		if (stated) {
			struct buf st = BUF_INIT;
			if (tc->stated >= 0)
				fmt_stated(c, &st, tc->stated);
			td_text(c, st.ptr);
			buf_release(&st);
		}
		row_end(c);
	}
	if (!any)
		row_nodata(c, 4 + cards + stated);
	table_end(c);
	return 0;
}

/* The benchmarks of a table: relative speeds, or inference ones. */
static bool bench_in(const struct benchmark *b, bool inference)
{
	return inference ? pg_is_inference(b) : pg_is_kind(b, "relative-speed");
}

/* A table of GPUs (rows) against benchmarks (columns), the best of each
 * column marked fastest; for inference, also the cost per 1M tokens. */
static int table_benchmarks(struct cite *c, bool inference)
{
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, inference ? "cite.caption.inference"
				       : "cite.caption.relative_speed"));
	table_head_key(c, "cite.col.gpu", false);
	int cols = 1;
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		if (!bench_in(&d->benchmarks[b], inference))
			continue;
		table_head(c, pg_bench_name(&c->pg, &d->benchmarks[b]), true);
		cols++;
		if (inference && !strcmp(d->benchmarks[b].unit, "tokens/s")) {
			table_head_key(c, "cite.col.cost_per_mtok", true);
			cols++;
		}
	}
	table_body(c);
	/* the best value of each column first */
	double *best = calloc(d->nbenchmarks + 1, sizeof *best);
	double *cheapest = calloc(d->nbenchmarks + 1, sizeof *cheapest);
	bool *have = calloc(d->nbenchmarks + 1, sizeof *have);
	bool *have_cheap = calloc(d->nbenchmarks + 1, sizeof *have_cheap);
	if (!best || !cheapest || !have || !have_cheap)
		abort();
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		if (!bench_in(bm, inference))
			continue;
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = inference ? metrics_result(d, b, g)
						    : pg_relative_speed(&c->pg, b, g);
			if (figure_ok(f)) {
				bool better = inference && !bm->higher_is_better
						      ? f.value < best[b]
						      : f.value > best[b];
				if (!have[b] || better)
					best[b] = f.value;
				have[b] = true;
			}
			struct figure cost = metric_cost_per_million_tokens(
				ck_lowest_price(c, g), metrics_result(d, b, g));
			if (figure_ok(cost) && (!have_cheap[b] || cost.value < cheapest[b])) {
				cheapest[b] = cost.value;
				have_cheap[b] = true;
			}
		}
	}
	bool any = false;
	for (size_t g = 0; g < d->ngpus; g++) {
		bool has_row = false;
		for (size_t b = 0; b < d->nbenchmarks && !has_row; b++)
			has_row = bench_in(&d->benchmarks[b], inference) &&
				  data_result_row(d, b, g) >= 0;
		if (!has_row)
			continue;
		any = true;
		row_begin(c);
		th_gpu(c, g);
		for (size_t b = 0; b < d->nbenchmarks; b++) {
			const struct benchmark *bm = &d->benchmarks[b];
			if (!bench_in(bm, inference))
				continue;
			struct figure f = inference ? metrics_result(d, b, g)
						    : pg_relative_speed(&c->pg, b, g);
			bool top = figure_ok(f) && f.value == best[b];
			if (inference && figure_ok(f)) {
				struct buf text = BUF_INIT;
				ck_fmt_bench(c, &text, f.value, bm);
				td_num(c, f.value, text.ptr, top,
				       top ? BADGE_FASTEST : BADGE_NONE);
				buf_release(&text);
			} else {
				td_fig(c, f, ck_fmt_ratio, top,
				       top ? BADGE_FASTEST : BADGE_NONE);
			}
			if (inference && !strcmp(bm->unit, "tokens/s")) {
				struct figure cost = metric_cost_per_million_tokens(
					ck_lowest_price(c, g), metrics_result(d, b, g));
				bool low = figure_ok(cost) && cost.value == cheapest[b];
				td_fig(c, cost, ck_fmt_usd, low,
				       low ? BADGE_CHEAPEST : BADGE_NONE);
			}
		}
		row_end(c);
	}
	if (!any)
		row_nodata(c, cols);
	table_end(c);
	free(best);
	free(cheapest);
	free(have);
	free(have_cheap);
	return 0;
}

/* Parse "a,b,c" into GPU indexes (all GPUs when `list` is NULL). Returns
 * the count, or -1 after an error; `*out` is malloc'd. */
static long parse_gpu_list(struct cite *c, const char *list, size_t **out)
{
	size_t *v = calloc(c->d->ngpus + 1, sizeof *v);
	if (!v)
		abort();
	*out = v;
	size_t n = 0;
	if (!list) {
		for (size_t g = 0; g < c->d->ngpus; g++)
			v[n++] = g;
		return (long)n;
	}
	for (const char *p = list; *p;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char *id = arena_strndup(&c->s->arena, p, len);
		long g = ck_find_gpu(c, id);
		if (g < 0)
			return -1;
		bool seen = false;
		for (size_t i = 0; i < n && !seen; i++)
			seen = v[i] == (size_t)g;
		if (!seen)
			v[n++] = (size_t)g;
		p = comma ? comma + 1 : p + len;
	}
	return (long)n;
}

/* Specs: one column per GPU, one row per spec; the best of a row in bold. */
static int table_specs(struct cite *c)
{
	size_t *gs;
	long n = parse_gpu_list(c, ck_arg(c, "gpus"), &gs);
	if (n < 0) {
		free(gs);
		return -1;
	}
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.specs"));
	table_head_key(c, "cite.col.spec", false);
	for (long i = 0; i < n; i++) {
		buf_adds(c->out, "<th scope=\"col\" class=\"num\"><a href=\"");
		text_escape_htmls(c->out, ck_gpu_href(c, gs[i]));
		buf_adds(c->out, "\">");
		text_escape_htmls(c->out, d->gpus[gs[i]].name);
		buf_adds(c->out, "</a></th>");
	}
	table_body(c);
	static const char *const rows[] = {
		"vram_gb", "memory_type", "bandwidth_gbs", "fp16_tflops", "fp32_tflops",
		"tensor_core_gen", "fp8", "nvlink_gbs", "pcie_gbs", "tdp_w", "price", NULL
	};
	for (size_t r = 0; rows[r]; r++) {
		struct buf key = BUF_INIT;
		buf_addf(&key, "cite.spec.%s", rows[r]);
		row_begin(c);
		buf_adds(c->out, "<th scope=\"row\">");
		text_escape_htmls(c->out, pg_tr(&c->pg, key.ptr));
		buf_adds(c->out, "</th>");
		buf_release(&key);
		bool price = !strcmp(rows[r], "price");
		const struct ck_gpu_field *nf =
			ck_gpu_field_named(price ? "price_usd_min" : rows[r]);
		/* the best of the row, among at least two figures */
		double top = 0, first = 0;
		int count = 0;
		bool differ = false; /* a row of equal figures has no best */
		for (long i = 0; nf && i < n; i++) {
			struct num v = ck_gpu_num(&d->gpus[gs[i]], nf);
			if (!v.ok)
				continue;
			bool better = nf->higher_better ? v.v > top : v.v < top;
			if (!count)
				first = v.v;
			differ |= v.v != first;
			if (!count++ || better)
				top = v.v;
		}
		for (long i = 0; i < n; i++) {
			const struct gpu *g = &d->gpus[gs[i]];
			if (!nf) {
				td_text(c, ck_gpu_text(c, g, rows[r]));
				continue;
			}
			struct num v = ck_gpu_num(g, nf);
			if (!v.ok) {
				td_nodata(c, "cite.not_stated");
				continue;
			}
			bool best = differ && v.v == top &&
				    (nf->higher_better || price);
			struct buf text = BUF_INIT;
			ck_fmt_gpu_num(c, &text, nf, v.v);
			if (price && g->price_usd_max.ok && g->price_usd_max.v != v.v) {
				buf_adds(&text, "–");
				ck_fmt_usd(c, &text, g->price_usd_max.v);
			}
			td_num(c, v.v, text.ptr, best && !price,
			       best && price ? BADGE_CHEAPEST : BADGE_NONE);
			buf_release(&text);
		}
		row_end(c);
	}
	table_end(c);
	free(gs);
	return 0;
}

static int table_prices(struct cite *c)
{
	const char *id = ck_arg(c, "gpu");
	long only = -1;
	if (id && (only = ck_find_gpu(c, id)) < 0)
		return -1;
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.prices"));
	if (only < 0)
		table_head_key(c, "cite.col.gpu", false);
	table_head_key(c, "cite.col.provider", false);
	table_head_key(c, "cite.col.kind", false);
	table_head_key(c, "cite.col.price", true);
	table_head_key(c, "cite.col.as_of", false);
	table_head_key(c, "cite.col.source", false);
	table_body(c);
	bool any = false;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *p = &d->prices[i];
		if (only >= 0 && p->gpu != (size_t)only)
			continue;
		any = true;
		row_begin(c);
		if (only < 0)
			th_gpu(c, p->gpu);
		td_text(c, p->provider);
		struct buf kind = BUF_INIT;
		buf_adds(&kind, "cite.kind.");
		for (const char *k = p->kind; *k; k++)
			buf_addc(&kind, *k == '-' ? '_' : *k);
		const char *kind_text = pg_tr(&c->pg, kind.ptr);
		td_text(c, kind_text == kind.ptr ? p->kind : kind_text);
		buf_release(&kind);
		bool lowest = c->m->prices && c->m->prices[p->gpu].lowest_row == (long)i;
		struct figure f = { p->usd_per_hour, NULL };
		td_fig(c, f, ck_fmt_price, false, lowest ? BADGE_CHEAPEST : BADGE_NONE);
		if (p->as_of && *p->as_of) {
			struct buf date = BUF_INIT;
			i18n_format_date(&date, p->as_of, c->l);
			td_text(c, date.ptr);
			buf_release(&date);
		} else {
			td_nodata(c, "cite.not_stated");
		}
		td_text(c, pg_source_titles(&c->pg, p->source));
		row_end(c);
	}
	if (!any)
		row_nodata(c, only < 0 ? 6 : 5);
	table_end(c);
	return 0;
}

static void fmt_gb(const struct cite *c, struct buf *o, double v)
{
	ck_fmt_unit(c, o, v, "unit.gb");
}

static int table_vram(struct cite *c)
{
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.vram"));
	table_head_key(c, "cite.col.params", true);
	table_head_key(c, "cite.col.precision", false);
	table_head_key(c, "cite.col.rule", true);
	table_head_key(c, "cite.col.weights", true);
	table_head_key(c, "cite.col.source", false);
	table_body(c);
	for (size_t i = 0; i < d->nvram; i++) {
		const struct vram_rule *v = &d->vram[i];
		row_begin(c);
		struct buf text = BUF_INIT;
		i18n_format_number(&text, v->params_b, c->l);
		buf_addc(&text, 'B');
		td_num(c, v->params_b, text.ptr, false, BADGE_NONE);
		buf_release(&text);
		td_text(c, pg_upper(&c->pg, v->precision));
		struct figure rule = { v->gb, NULL };
		td_fig(c, rule, fmt_gb, false, BADGE_NONE);
		td_fig(c, metric_vram_needed_gb(v->params_b, v->precision), fmt_gb,
		       false, BADGE_NONE);
		td_text(c, pg_source_titles(&c->pg, v->source));
		row_end(c);
	}
	if (!d->nvram)
		row_nodata(c, 5);
	table_end(c);
	return 0;
}

static int table_techniques(struct cite *c)
{
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.techniques"));
	table_head_key(c, "cite.col.technique", false);
	table_head_key(c, "cite.col.speed", false);
	table_head_key(c, "cite.col.vram_saving", false);
	table_head_key(c, "cite.col.difficulty", false);
	table_head_key(c, "cite.col.notes", false);
	table_body(c);
	static const char *const fields[] = { "speed", "vram_saving", "difficulty",
					      "notes", NULL };
	for (size_t i = 0; i < d->ntechniques; i++) {
		const struct technique *t = &d->techniques[i];
		row_begin(c);
		buf_adds(c->out, "<th scope=\"row\">");
		text_escape_htmls(c->out, ck_technique_text(c, t, "name"));
		buf_adds(c->out, "</th>");
		for (size_t f = 0; fields[f]; f++)
			td_text(c, ck_technique_text(c, t, fields[f]));
		row_end(c);
	}
	if (!d->ntechniques)
		row_nodata(c, 5);
	table_end(c);
	return 0;
}

/* A use case's GPU cell: the linked name and the source's note, if any. */
static void td_use_case_gpu(struct cite *c, const struct use_case *u, long g,
			    const char *note_col)
{
	const char *note = ck_raw_cell_lang(c, "use_cases", u->row, note_col);
	if (g < 0 && (!note || !*note)) {
		td_nodata(c, "cite.not_stated");
		return;
	}
	buf_adds(c->out, "<td>");
	if (g >= 0) {
		buf_adds(c->out, "<a href=\"");
		text_escape_htmls(c->out, ck_gpu_href(c, (size_t)g));
		buf_adds(c->out, "\">");
		text_escape_htmls(c->out, c->d->gpus[g].name);
		buf_adds(c->out, "</a>");
	}
	if (note && *note) {
		bool zh = c->l == LANG_ZH;
		if (g >= 0)
			buf_adds(c->out, zh ? "（" : " (");
		text_escape_htmls(c->out, note);
		if (g >= 0)
			buf_adds(c->out, zh ? "）" : ")");
	}
	buf_adds(c->out, "</td>");
}

static int table_use_cases(struct cite *c)
{
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.use_cases"));
	table_head_key(c, "cite.col.use_case", false);
	table_head_key(c, "cite.col.budget", false);
	table_head_key(c, "cite.col.recommended", false);
	table_head_key(c, "cite.col.fastest", false);
	table_head_key(c, "cite.col.reason", false);
	table_body(c);
	bool zh = c->l == LANG_ZH;
	for (size_t i = 0; i < d->nuse_cases; i++) {
		const struct use_case *u = &d->use_cases[i];
		row_begin(c);
		buf_adds(c->out, "<th scope=\"row\">");
		text_escape_htmls(c->out, zh ? u->name_zh : u->name_en);
		buf_adds(c->out, "</th>");
		td_use_case_gpu(c, u, u->budget, "budget_note");
		td_use_case_gpu(c, u, u->recommended, "recommended_note");
		td_use_case_gpu(c, u, u->fastest, "fastest_note");
		/* a reason is prose, not a figure: an empty one stays empty */
		const char *reason = zh ? u->reason_zh : u->reason_en;
		buf_adds(c->out, "<td>");
		if (reason)
			text_escape_htmls(c->out, reason);
		buf_adds(c->out, "</td>");
		row_end(c);
	}
	if (!d->nuse_cases)
		row_nodata(c, 5);
	table_end(c);
	return 0;
}

static int cite_table(struct cite *c)
{
	static const char *const args[] = { "name", "task", "gpus", "gpu", NULL };
	static const char *const need[] = { "name", NULL };
	if (ck_check_and_need(c, args, need))
		return -1;
	static const struct {
		const char *name;
		const char *const args[3]; /* besides name */
		const char *need;
	} tables[] = {
		{ "task-costs", { "task", NULL }, "task" },
		{ "relative-speed", { NULL }, NULL },
		{ "specs", { "gpus", NULL }, NULL },
		{ "prices", { "gpu", NULL }, NULL },
		{ "vram", { NULL }, NULL },
		{ "techniques", { NULL }, NULL },
		{ "use-cases", { NULL }, NULL },
		{ "inference", { NULL }, NULL },
	};
	const char *name = ck_arg(c, "name");
	size_t k = 0, n = sizeof tables / sizeof tables[0];
	while (k < n && strcmp(tables[k].name, name))
		k++;
	if (k == n)
		return ck_error(c, "unknown table \"%s\"", name);
	for (size_t i = 0; i < c->sc->nargs; i++) {
		const char *key = c->sc->args[i].key;
		bool ok = !strcmp(key, "name");
		for (size_t j = 0; tables[k].args[j] && !ok; j++)
			ok = !strcmp(tables[k].args[j], key);
		if (!ok)
			return ck_error(c, "unknown argument \"%s\" for table \"%s\"",
					key, name);
	}
	if (tables[k].need && !ck_arg(c, tables[k].need))
		return ck_error(c, "table \"%s\" needs %s=", name, tables[k].need);
	switch (k) {
	case 0:
		return table_task_costs(c);
	case 1:
		return table_benchmarks(c, false);
	case 2:
		return table_specs(c);
	case 3:
		return table_prices(c);
	case 4:
		return table_vram(c);
	case 5:
		return table_techniques(c);
	case 6:
		return table_use_cases(c);
	default:
		return table_benchmarks(c, true);
	}
}

static int cite_chart(struct cite *c)
{
	static const char *const args[] = { "name", "task", "field", "gpu", "other", NULL };
	static const char *const need[] = { "name", NULL };
	if (ck_check_and_need(c, args, need))
		return -1;
	struct chart_request rq = {
		.name = ck_arg(c, "name"),
		.task = ck_arg(c, "task"),
		.field = ck_arg(c, "field"),
		.gpu = ck_arg(c, "gpu"),
		.other = ck_arg(c, "other"),
		.page_path = c->from,
	};
	return guide_chart_render(c->s, c->l, &rq, c->out, c->sc->path,
				  c->sc->line, c->sc->col);
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
	{ "link", false, cite_link },
	{ "table", true, cite_table },
	{ "chart", true, cite_chart },
};

int cite_resolve(void *ctx, const struct shortcode *sc, struct buf *out,
		 struct diag *diag)
{
	const struct cite_ctx *cc = ctx;
	const char *from = cc->page_path ? cc->page_path : "";
	struct cite c = {
		.s = cc->site,
		.d = &cc->site->data,
		.m = &cc->site->metrics,
		.l = cc->lang,
		.from = from,
		.sc = sc,
		.out = out,
		.diag = diag,
		.pg = { .s = cc->site, .l = cc->lang, .path = from },
	};
	buf_init(&c.what);
	size_t k = 0, n = sizeof kinds / sizeof kinds[0];
	while (k < n && strcmp(kinds[k].name, sc->name))
		k++;
	if (k == n)
		return ck_error(&c, "unknown shortcode \"%s\"", sc->name);
	buf_addf(&c.what, "shortcode \"%s\"", sc->name);
	int rc;
	if (kinds[k].block && !sc->block)
		rc = ck_error(&c, "%s must stand alone on its line", c.what.ptr);
	else
		rc = kinds[k].resolve(&c);
	buf_release(&c.what);
	return rc;
}
