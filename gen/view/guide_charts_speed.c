/* guide_charts_speed: the speed charts (see guide_charts_speed.h). */
#include "view/guide_charts_speed.h"

#include "view/guide_charts_common.h"
#include "view/guide_ledger.h"
#include "model/data.h"
#include "model/metrics.h"
#include "view/phrase.h"
#include "view/site.h"

#include <string.h>

/* The specs the gpu and pair charts show. */
static const enum gc_spec key_specs[] = {
	GC_SPEC_VRAM, GC_SPEC_BANDWIDTH, GC_SPEC_FP16, GC_SPEC_TDP
};
#define NKEY_SPECS (sizeof key_specs / sizeof key_specs[0])

/* ---- which workloads and GPUs have speeds ---- */

/* The largest value of a spec over every GPU (0 when none has it). */
static double spec_max(const struct gc *c, enum gc_spec f)
{
	double max = 0;
	for (size_t g = 0; g < c->d->ngpus; g++) {
		struct figure v = gc_spec_value(c, g, f);
		if (figure_ok(v) && v.value > max)
			max = v.value;
	}
	return max;
}

/* The cards whose spec `f` prints as `max` does, as a list: "H100 80GB,
 * H200" when they share the highest. */
static const char *spec_top_names(struct gc *c, enum gc_spec f, double max)
{
	const char *top = gc_fmt_spec(c, f, max);
	struct name_list nl = { BUF_INIT, 0 };
	for (size_t g = 0; g < c->d->ngpus; g++) {
		struct figure v = gc_spec_value(c, g, f);
		if (figure_ok(v) && !strcmp(gc_fmt_spec(c, f, v.value), top)) {
			gc_name_list_add(c, &nl, gc_gpu_name(c, g));
			gc_show_spec(c, g, f);
		}
	}
	return gc_keep(c, &nl.b);
}

/* The relative-speed benchmarks with at least one result, in file order. */
static size_t speed_benchmarks(struct gc *c, size_t *out)
{
	size_t n = 0;
	for (size_t b = 0; b < c->d->nbenchmarks; b++) {
		if (!metrics_is_relative_speed(&c->d->benchmarks[b]))
			continue;
		for (size_t g = 0; g < c->d->ngpus; g++)
			if (gc_has_result(c, b, g)) {
				out[n++] = b;
				break;
			}
	}
	return n;
}

/* Whether GPU g has a result on one of the `nb` workloads. */
static bool gpu_has_speed(struct gc *c, size_t g, const size_t *bench, size_t nb)
{
	for (size_t i = 0; i < nb; i++)
		if (gc_has_result(c, bench[i], g))
			return true;
	return false;
}

/* Whether the chart of GPU c->gpu shows its speed against the baseline's
 * (a relative speed on one of the `nb` workloads at least), not its specs:
 * never for the baseline itself (its speed is 1 on every workload: a chart
 * of it against itself would say nothing). */
static bool gpu_shows_speed(const struct gc *c, const size_t *bench, size_t nb)
{
	if (metrics_baseline(c->d, c->m) == (long)c->gpu)
		return false;
	for (size_t i = 0; i < nb; i++)
		if (figure_ok(gc_relative_speed(c, bench[i], c->gpu)))
			return true;
	return false;
}

/* Key spec i of GPU g (*f) and the highest of it among the GPUs (*max):
 * whether the GPU's share of that highest can be drawn. */
static bool key_spec_share(const struct gc *c, size_t g, size_t i, struct figure *f,
			   double *max)
{
	*f = gc_spec_value(c, g, key_specs[i]);
	*max = spec_max(c, key_specs[i]);
	return figure_ok(*f) && *max > 0;
}

/* ---- relative-speed: every workload x every GPU with results ---- */

/* Where the relative-speed chart's values (nb workloads x ng GPUs) print
 * as `text`, the baseline card's aside unless `with_base`, a card named
 * once with its workloads: "A100 80GB on “ResNet-50 …”, “SDXL …”" when a
 * fastest or slowest figure is shared. */
static const char *speeds_printed_as(struct gc *c, const struct chart_value *values,
				     const char *const *groups, const size_t *gpus,
				     size_t nb, size_t ng, const char *text, bool with_base)
{
	long base = metrics_baseline(c->d, c->m);
	struct buf out = BUF_INIT;
	/* a card on several workloads: the cards apart by "; " ("，" in Chinese,
	 * whose quoted workloads stand side by side) */
	bool several = false;
	const char **each = gc_scratch(c, ng, sizeof *each);
	const char **names = gc_scratch(c, nb, sizeof *names);
	for (size_t j = 0; j < ng; j++) {
		each[j] = NULL;
		if (!with_base && (long)gpus[j] == base)
			continue;
		size_t n = 0;
		for (size_t i = 0; i < nb; i++) {
			const struct chart_value *v = &values[i * ng + j];
			if (v->has_value && !strcmp(v->value_text, text))
				names[n++] = groups[i];
		}
		several |= n > 1;
		if (!n)
			continue;
		/* the workloads as a sentence lists quoted names: "“A” and
		 * “B”", "“A”和“B”" */
		each[j] = gc_filled(c, "chart.relative_speed.at", "gpu", gc_gpu_name(c, gpus[j]),
				    "benches", i18n_list_quoted(&c->pc->in->i18n, c->l,
								&c->a, names, n), NULL);
	}
	for (size_t j = 0; j < ng; j++) {
		if (!each[j])
			continue;
		if (out.len)
			buf_adds(&out, gc_tr(c, several ? "chart.relative_speed.card_sep" : "list.sep"));
		buf_adds(&out, each[j]);
	}
	return gc_keep(c, &out);
}

void guide_charts_speed_build_relative(struct gc *c)
{
	const struct data *d = c->d;
	size_t *bench = gc_scratch(c, d->nbenchmarks, sizeof *bench);
	size_t nb = speed_benchmarks(c, bench);
	size_t *gpus = gc_scratch(c, d->ngpus, sizeof *gpus);
	size_t ng = 0;
	for (size_t g = 0; g < d->ngpus; g++)
		if (gpu_has_speed(c, g, bench, nb))
			gpus[ng++] = g;

	const char *base = gc_baseline_name(c);
	gc_fill(c, &c->title, "chart.relative_speed.title", "baseline", base, NULL);
	gc_fill(c, &c->axis, "chart.relative_speed.axis", "baseline", base, NULL);

	const char **groups = gc_scratch(c, nb, sizeof *groups);
	struct chart_series *series = gc_scratch(c, ng, sizeof *series);
	struct chart_value *values = gc_scratch(c, nb * ng, sizeof *values);
	struct extremes e = { 0 }, all = { 0 };
	for (size_t j = 0; j < ng; j++)
		series[j] = (struct chart_series){ gc_gpu_name(c, gpus[j]),
						   gc_gpu_color(c, gpus[j]), false };
	for (size_t i = 0; i < nb; i++) {
		groups[i] = gc_bench_name(c, bench[i]);
		for (size_t j = 0; j < ng; j++) {
			struct figure f = gc_relative_speed(c, bench[i], gpus[j]);
			struct chart_value *v = &values[i * ng + j];
			v->has_value = figure_ok(f);
			if (!v->has_value)
				continue;
			v->value = f.value;
			v->value_text = gc_fmt_speed(c, f.value);
			/* the baseline is 1 everywhere: describe the others */
			if ((long)gpus[j] != metrics_baseline(d, c->m))
				gc_extremes_add(&e, f.value, i * ng + j);
			gc_extremes_add(&all, f.value, i * ng + j);
		}
	}
	bool with_base = !e.any; /* the baseline alone has figures */
	if (!e.any)
		e = all;
	if (!e.any) {
		gc_say_no_figure(c);
	} else {
		/* without a baseline card each result is its source's own multiple */
		const char *max = gc_fmt_speed(c, e.max), *min = gc_fmt_speed(c, e.min);
		gc_fill(c, &c->desc, metrics_baseline(d, c->m) < 0 ? "chart.relative_speed.desc_given"
								     : "chart.relative_speed.desc",
			 "gpus", gc_count_words(c, "chart.count.gpus", ng),
			 "workloads", gc_count_words(c, "chart.count.workloads", nb), "baseline", base,
			 "max_at", speeds_printed_as(c, values, groups, gpus, nb, ng, max, with_base),
			 "max", max,
			 "min_at", speeds_printed_as(c, values, groups, gpus, nb, ng, min, with_base),
			 "min", min, NULL);
		gc_table_begin(c);
		gc_table_head(c, gc_tr(c, "chart.col.gpu"));
		for (size_t i = 0; i < nb; i++)
			gc_table_head(c, groups[i]);
		gc_table_body(c);
		for (size_t j = 0; j < ng; j++) {
			gc_table_row(c, gc_gpu_name(c, gpus[j]));
			for (size_t i = 0; i < nb; i++) {
				const struct chart_value *v = &values[i * ng + j];
				gc_table_figure(c, gc_relative_speed(c, bench[i], gpus[j]),
						 v->value_text);
				gc_show_relative_speed(c, bench[i], gpus[j]);
			}
			gc_table_row_end(c);
		}
		gc_table_end(c);
	}
	gc_draw_grouped(c, groups, nb, series, e.any ? ng : 0, values);
}

/* ---- gpu: one GPU's speed against the baseline, or its specs ---- */

/* Series for the given GPUs; when two share a colour (rows 8 apart) the
 * second is hatched so they still differ without reading the labels. */
static void gpu_series(struct gc *c, struct chart_series *series,
		       const size_t *gpus, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		series[j] = (struct chart_series){ gc_gpu_name(c, gpus[j]),
						   gc_gpu_color(c, gpus[j]), false };
		for (size_t k = 0; k < j; k++)
			if (series[k].color == series[j].color)
				series[j].highlight = true;
	}
}

/* How many of the GPU's key specs have a share of the highest: the spec
 * chart needs two (one bar compares nothing the specs table does not). */
static size_t gpu_spec_shares(struct gc *c)
{
	size_t known = 0;
	struct figure f;
	double max;
	for (size_t i = 0; i < NKEY_SPECS; i++)
		known += key_spec_share(c, c->gpu, i, &f, &max);
	return known;
}
#define GPU_SPEC_SHARES_MIN 2

/* Its key specs as shares of the highest among the GPUs: for a GPU whose
 * speed the chart does not show (gpu_shows_speed). */
static void build_gpu_specs(struct gc *c, bool baseline)
{
	const char *name = gc_gpu_name(c, c->gpu);
	gc_fill(c, &c->title, "chart.gpu.spec_title", "gpu", name, NULL);
	gc_fill(c, &c->axis, "chart.gpu.spec_axis", NULL);
	struct chart_bar bars[NKEY_SPECS];
	struct figure f[NKEY_SPECS];
	size_t spec[NKEY_SPECS], n = 0;
	double max[NKEY_SPECS];
	for (size_t i = 0; i < NKEY_SPECS; i++) {
		bool ok = key_spec_share(c, c->gpu, i, &f[n], &max[n]);
		if (!(max[n] > 0))
			continue; /* no GPU has it: neither a bar nor a row */
		spec[n] = i;
		bars[n] = (struct chart_bar){
			.label = gc_spec_name(c, key_specs[i]),
			.value = ok ? f[n].value / max[n] : 0,
			.has_value = ok,
			.color = gc_gpu_color(c, c->gpu),
			.value_text = ok ? gc_fmt_spec(c, key_specs[i], f[n].value) : NULL,
		};
		n++;
	}
	if (gpu_spec_shares(c) < GPU_SPEC_SHARES_MIN) {
		gc_say_no_figure(c);
		gc_draw_hbar(c, bars, 0);
		return;
	}
	gc_fill(c, &c->desc, baseline ? "chart.gpu.spec_desc_base" : "chart.gpu.spec_desc",
		 "gpu", name, NULL);
	gc_table_begin(c);
	gc_table_head(c, gc_tr(c, "chart.col.spec"));
	gc_table_head(c, name);
	gc_table_head(c, gc_tr(c, "chart.col.highest"));
	gc_table_body(c);
	for (size_t i = 0; i < n; i++) {
		gc_table_row(c, bars[i].label);
		gc_table_figure(c, f[i], bars[i].value_text);
		gc_show_spec(c, c->gpu, key_specs[spec[i]]);
		gc_table_num(c, gc_filled(c, "chart.highest", "value",
					    gc_fmt_spec(c, key_specs[spec[i]], max[i]),
					    "gpu", spec_top_names(c, key_specs[spec[i]], max[i]),
					    NULL),
			      max[i]);
		gc_table_row_end(c);
	}
	gc_table_end(c);
	gc_draw_hbar(c, bars, n);
}

/* "Across 4 workloads, RTX 4090 runs at only 18–30% of the speed of H100
 * 80GB" (phrase_speed_range, the page's card the subject). */
static void describe_against_baseline(struct gc *c, const struct extremes *e,
				      const char *name, const char *bname)
{
	struct buf s = BUF_INIT;
	phrase_speed_range(&s, &c->pc->in->i18n, c->l, name, bname, e->min, e->max, true);
	gc_fill(c, &c->desc, i18n_count_key(&c->a, "chart.gpu.desc", e->n),
		 "count", gc_fmt_number(c, (double)e->n), "s", s.ptr, NULL);
	buf_release(&s);
}

bool guide_charts_speed_gpu_has_figure(struct gc *c)
{
	size_t *bench = gc_scratch(c, c->d->nbenchmarks, sizeof *bench);
	return gpu_shows_speed(c, bench, speed_benchmarks(c, bench)) ||
	       gpu_spec_shares(c) >= GPU_SPEC_SHARES_MIN;
}

void guide_charts_speed_build_gpu(struct gc *c)
{
	const struct data *d = c->d;
	size_t *bench = gc_scratch(c, d->nbenchmarks, sizeof *bench);
	size_t nb = speed_benchmarks(c, bench);
	long base = metrics_baseline(d, c->m);
	if (!gpu_shows_speed(c, bench, nb)) {
		build_gpu_specs(c, base >= 0 && (size_t)base == c->gpu);
		return;
	}
	size_t gpus[2] = { c->gpu, 0 }, ng = 1;
	if (base >= 0 && (size_t)base != c->gpu)
		gpus[ng++] = (size_t)base;
	const char *name = gc_gpu_name(c, c->gpu), *bname = gc_baseline_name(c);
	gc_fill(c, &c->title, "chart.gpu.title", "gpu", name, "baseline", bname, NULL);
	gc_fill(c, &c->axis, "chart.relative_speed.axis", "baseline", bname, NULL);

	/* workloads this GPU has a result on */
	size_t n = 0;
	for (size_t i = 0; i < nb; i++)
		if (gc_has_result(c, bench[i], c->gpu))
			bench[n++] = bench[i];
	const char **groups = gc_scratch(c, n, sizeof *groups);
	struct chart_value *values = gc_scratch(c, n * ng, sizeof *values);
	struct chart_series series[2];
	gpu_series(c, series, gpus, ng);
	struct extremes e = { 0 };
	for (size_t i = 0; i < n; i++) {
		groups[i] = gc_bench_name(c, bench[i]);
		for (size_t j = 0; j < ng; j++) {
			struct figure f = gc_relative_speed(c, bench[i], gpus[j]);
			struct chart_value *v = &values[i * ng + j];
			v->has_value = figure_ok(f);
			v->value = f.value;
			v->value_text = v->has_value ? gc_fmt_speed(c, f.value) : NULL;
			if (v->has_value && j == 0)
				gc_extremes_add(&e, f.value, i);
		}
	}
	if (!e.any)
		gc_say_no_figure(c);
	else
		describe_against_baseline(c, &e, name, bname);

	gc_table_begin(c);
	gc_table_head(c, gc_tr(c, "chart.col.workload"));
	for (size_t j = 0; j < ng; j++)
		gc_table_head(c, gc_gpu_name(c, gpus[j]));
	gc_table_body(c);
	for (size_t i = 0; i < n; i++) {
		gc_table_row(c, groups[i]);
		for (size_t j = 0; j < ng; j++) {
			gc_table_figure(c, gc_relative_speed(c, bench[i], gpus[j]),
					 values[i * ng + j].value_text);
			gc_show_relative_speed(c, bench[i], gpus[j]);
		}
		gc_table_row_end(c);
	}
	gc_table_end(c);
	gc_draw_grouped(c, groups, n, series, ng, values);
}

/* ---- pair: two GPUs side by side ---- */

/* What the pair chart's rows are, in words: "4 training workloads and 1
 * other figure", "2 figures" (no workload among them). */
static const char *pair_rows_words(struct gc *c, size_t nspeed, size_t nother)
{
	const char *speeds = nspeed ? gc_count_words(c, "chart.count.workloads", nspeed) : NULL;
	if (!nother)
		return speeds;
	const char *others = gc_count_words(c, speeds ? "chart.pair.others" : "chart.pair.figures",
					    nother);
	return speeds ? gc_filled(c, "chart.pair.both", "speeds", speeds, "others", others, NULL)
		      : others;
}

/* One row of the pair chart: a workload, a key spec or the price. */
enum pair_row_kind { PAIR_ROW_SPEED, PAIR_ROW_SPEC, PAIR_ROW_PRICE };
struct pair_row {
	enum pair_row_kind kind;
	size_t what;            /* the workload (a benchmark) or key spec */
	struct figure f[2];
	const char *name;
	const char *text[2];
};

/* Row r's figure of GPU g, a ledger figure of the page. */
static void pair_row_show(const struct gc *c, const struct pair_row *r, size_t g)
{
	if (r->kind == PAIR_ROW_SPEED)
		gc_show_relative_speed(c, r->what, g);
	else if (r->kind == PAIR_ROW_SPEC)
		gc_show_spec(c, g, key_specs[r->what]);
	else
		guide_ledger_show_price(c->pc, g);
}

/* The rows of the pair chart (c->gpu, c->other) into `rows` (room for
 * every workload, key spec and the price), in that order: each one both
 * GPUs have a figure in (a bar beside "no data" compares nothing: the
 * page's tables show what one card alone has); how many (*nspeed of them
 * workloads). The figures only: names and texts are the builder's. */
static size_t pair_rows(struct gc *c, struct pair_row *rows, size_t *nspeed)
{
	size_t gpus[2] = { c->gpu, c->other }, n = 0;
	size_t *bench = gc_scratch(c, c->d->nbenchmarks, sizeof *bench);
	size_t nbench = speed_benchmarks(c, bench), nrows = nbench + NKEY_SPECS + 1;
	for (size_t i = 0; i < nrows; i++) {
		struct pair_row *r = &rows[n];
		*r = (struct pair_row){ .kind = i < nbench ? PAIR_ROW_SPEED
				       : i < nbench + NKEY_SPECS ? PAIR_ROW_SPEC : PAIR_ROW_PRICE };
		for (size_t j = 0; j < 2; j++) {
			if (r->kind == PAIR_ROW_SPEED)
				r->f[j] = gc_relative_speed(c, r->what = bench[i], gpus[j]);
			else if (r->kind == PAIR_ROW_SPEC)
				r->f[j] = gc_spec_value(c, gpus[j], key_specs[r->what = i - nbench]);
			else
				r->f[j] = c->m->prices[gpus[j]].lowest;
		}
		if (figure_ok(r->f[0]) && figure_ok(r->f[1]))
			n++;
	}
	*nspeed = 0;
	while (*nspeed < n && rows[*nspeed].kind == PAIR_ROW_SPEED)
		++*nspeed;
	return n;
}

/* A row's name and its figures' texts. */
static void pair_row_texts(struct gc *c, struct pair_row *r)
{
	for (size_t j = 0; j < 2; j++) {
		double v = r->f[j].value;
		if (!figure_ok(r->f[j]))
			r->text[j] = NULL;
		else if (r->kind == PAIR_ROW_SPEED)
			r->text[j] = gc_fmt_speed(c, v);
		else if (r->kind == PAIR_ROW_SPEC)
			r->text[j] = gc_fmt_spec(c, key_specs[r->what], v);
		else
			r->text[j] = gc_fmt_hourly(c, v);
	}
	r->name = r->kind == PAIR_ROW_SPEED ? gc_bench_name(c, r->what)
		: r->kind == PAIR_ROW_SPEC ? gc_spec_name(c, key_specs[r->what])
		: gc_tr(c, "gpu.rent");
}

bool guide_charts_speed_pair_has_figure(struct gc *c)
{
	struct pair_row *rows = gc_scratch(c, c->d->nbenchmarks + NKEY_SPECS + 1, sizeof *rows);
	size_t nspeed;
	return pair_rows(c, rows, &nspeed) > 0;
}

void guide_charts_speed_build_pair(struct gc *c)
{
	const char *na = gc_gpu_name(c, c->gpu), *nb = gc_gpu_name(c, c->other);
	size_t gpus[2] = { c->gpu, c->other };
	gc_fill(c, &c->title, "chart.pair.title", "a", na, "b", nb, NULL);
	gc_fill(c, &c->axis, "chart.pair.axis", NULL);

	struct pair_row *rows = gc_scratch(c, c->d->nbenchmarks + NKEY_SPECS + 1, sizeof *rows);
	size_t nspeed, n = pair_rows(c, rows, &nspeed);
	struct extremes ratio = { 0 };
	for (size_t i = 0; i < n; i++) {
		struct pair_row *r = &rows[i];
		pair_row_texts(c, r);
		if (r->kind == PAIR_ROW_SPEED && figure_ok(r->f[0]) && figure_ok(r->f[1]) &&
		    r->f[1].value > 0)
			gc_extremes_add(&ratio, r->f[0].value / r->f[1].value, i);
	}

	const char **groups = gc_scratch(c, n, sizeof *groups);
	struct chart_value *values = gc_scratch(c, n * 2, sizeof *values);
	for (size_t i = 0; i < n; i++) {
		const struct pair_row *r = &rows[i];
		groups[i] = r->name;
		double max = 0;
		for (size_t j = 0; j < 2; j++)
			if (figure_ok(r->f[j]) && r->f[j].value > max)
				max = r->f[j].value;
		for (size_t j = 0; j < 2; j++) {
			struct chart_value *v = &values[i * 2 + j];
			v->has_value = figure_ok(r->f[j]) && max > 0;
			v->value = v->has_value ? r->f[j].value / max : 0;
			v->value_text = r->text[j];
		}
	}
	struct chart_series series[2];
	gpu_series(c, series, gpus, 2);

	if (!n) {
		gc_say_no_figure(c);
	} else {
		gc_fill(c, &c->desc, "chart.pair.desc", "a", na, "b", nb,
			 "what", pair_rows_words(c, nspeed, n - nspeed), NULL);
		if (ratio.any) {
			struct buf sp = BUF_INIT;
			phrase_speed_range(&sp, &c->pc->in->i18n, c->l, na, nb, ratio.min,
					   ratio.max, false);
			gc_sentence_gap(c);
			gc_fill(c, &c->desc, "chart.pair.desc_speed", "s", sp.ptr, NULL);
			buf_release(&sp);
		}
		gc_table_begin(c);
		gc_table_head(c, gc_tr(c, "chart.col.figure"));
		gc_table_head(c, na);
		gc_table_head(c, nb);
		gc_table_body(c);
		for (size_t i = 0; i < n; i++) {
			gc_table_row(c, rows[i].name);
			for (size_t j = 0; j < 2; j++) {
				gc_table_figure(c, rows[i].f[j], rows[i].text[j]);
				pair_row_show(c, &rows[i], gpus[j]);
			}
			gc_table_row_end(c);
		}
		gc_table_end(c);
	}
	gc_draw_grouped(c, groups, n, series, n ? 2 : 0, values);
}
