/* guide_charts_cost: the charts of job costs and of speed per dollar (see
 * guide_charts_cost.h). */
#include "view/guide_charts_cost.h"

#include "chart/chart_scatter.h"
#include "view/guide_charts_common.h"
#include "view/guide_ledger.h"
#include "model/data.h"
#include "model/i18n.h"
#include "view/site.h"
#include "model/metrics.h"

#include <stdlib.h>
#include <string.h>

/* ---- names and figures ---- */

/* The task's name in the render's language. */
static const char *task_name(const struct gc *c, size_t t)
{
	const struct task *x = &c->d->tasks[t];
	return c->l == LANG_ZH ? x->name_zh : x->name_en;
}

/* ---- task-cost / task-hours: one task on every GPU that ran it ---- */

struct task_item {
	size_t gpu;
	const struct task_cost *tc;
	struct figure f;
};

static int compare_task_items(const void *x, const void *y)
{
	const struct task_item *a = x, *b = y;
	bool ao = figure_ok(a->f), bo = figure_ok(b->f);
	if (ao != bo)
		return ao ? -1 : 1;
	if (ao && a->f.value != b->f.value)
		return a->f.value < b->f.value ? -1 : 1;
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

/* A job's cost or time as text, a range when the time is one
 * ("$1.76–$3.52", "4–8 h"). */
static const char *task_figure_text(struct gc *c, const struct task_cost *tc,
				    bool cost)
{
	struct figure lo = cost ? tc->cost : tc->hours;
	struct figure hi = cost ? tc->cost_max : tc->hours_max;
	if (!figure_ok(lo))
		return NULL;
	double top = figure_ok(hi) ? hi.value : lo.value;
	struct buf b = BUF_INIT;
	if (cost)
		i18n_format_usd_range(&b, lo.value, top, c->l);
	else
		i18n_format_hours_range(&b, &c->pc->in->i18n, lo.value, top, c->l);
	return gc_keep(c, &b);
}

void guide_charts_cost_build_task(struct gc *c, bool cost)
{
	const struct data *d = c->d;
	const char *tname = task_name(c, c->task);
	gc_fill(c, &c->title, cost ? "chart.task_cost.title" : "chart.task_hours.title",
		 "task", tname, NULL);
	gc_fill(c, &c->axis, cost ? "chart.task_cost.axis" : "chart.task_hours.axis", NULL);

	struct task_item *items = gc_scratch(c, d->ngpus, sizeof *items);
	size_t n = 0;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *tc = metrics_task_cost(d, c->m, c->task, g);
		if (!tc || tc->time_row < 0)
			continue;
		items[n++] = (struct task_item){ g, tc, cost ? tc->cost : tc->hours };
	}
	qsort(items, n, sizeof *items, compare_task_items);

	struct chart_bar *bars = gc_scratch(c, n, sizeof *bars);
	const char **texts = gc_scratch(c, n, sizeof *texts), *first_best = NULL;
	struct extremes e = { 0 };
	/* the cheapest (or fastest) as the job's table marks them: all of
	 * them when they print alike */
	struct name_list missing = { BUF_INIT, 0 }, best = { BUF_INIT, 0 },
			 best_each = { BUF_INIT, 0 };
	bool best_alike = true; /* the marked all print as one */
	for (size_t i = 0; i < n; i++) {
		const struct task_item *it = &items[i];
		const char *label = gc_gpu_name(c, it->gpu);
		if (it->tc->gpu_count > 1)
			label = gc_filled(c, "chart.cards", "gpu", label, "n",
					   gc_fmt_number(c, it->tc->gpu_count), NULL);
		bool ok = figure_ok(it->f);
		texts[i] = ok ? task_figure_text(c, it->tc, cost) : NULL;
		bars[i] = (struct chart_bar){
			.label = label,
			.value = it->f.value,
			.has_value = ok,
			.color = gc_gpu_color(c, it->gpu),
			.highlight = ok && (cost ? it->tc->cheapest : it->tc->fastest),
			.value_text = texts[i],
		};
		if (bars[i].highlight) {
			best_alike = best_alike && (!best.n || !strcmp(texts[i], first_best));
			if (!best.n)
				first_best = texts[i];
			gc_name_list_add(c, &best, label);
			gc_name_list_add(c, &best_each, gc_filled(c, "chart.name_value", "name",
								 label, "value", texts[i], NULL));
		}
		if (ok)
			gc_extremes_add(&e, it->f.value, i);
		else
			gc_name_list_add_why(c, &missing, label, it->f.missing);
	}

	/* the dearest (or slowest): every card that prints as it does */
	const char *worst = e.any ? gc_bars_printed_as(c, bars, n, texts[e.max_at]) : "";
	if (!e.any)
		gc_say_no_figure(c);
	else if (e.n == 1)
		gc_fill(c, &c->desc, "chart.desc.one", "gpu", bars[e.min_at].label,
			 "value", texts[e.min_at], NULL);
	else if (!strcmp(texts[e.min_at], texts[e.max_at]))
		gc_fill(c, &c->desc, "chart.desc.all_alike", "gpus", worst,
			 "value", texts[e.max_at], NULL);
	else if (best_alike)
		gc_fill(c, &c->desc, cost ? "chart.task_cost.desc" : "chart.task_hours.desc",
			 "best_gpu", best.n ? best.b.ptr : bars[e.min_at].label,
			 "best", texts[e.min_at], "worst_gpu", worst, "worst", texts[e.max_at],
			 NULL);
	else /* marked alike, printed apart: about the same, or ranges that cross */
		gc_fill(c, &c->desc, cost ? "chart.task_cost.desc_each" : "chart.task_hours.desc_each",
			 "best", best_each.b.ptr, "worst_gpu", worst, "worst", texts[e.max_at],
			 NULL);
	buf_release(&best.b);
	buf_release(&best_each.b);
	gc_desc_missing(c, &missing);

	if (n) {
		gc_table_begin(c);
		/* the heads of the job's own table (guide_tables) */
		gc_table_head(c, gc_tr(c, "task.gpu"));
		gc_table_head(c, gc_tr(c, "task.cards"));
		gc_table_head(c, gc_tr(c, "task.hours"));
		if (cost) {
			gc_table_head(c, gc_tr(c, "task.price"));
			gc_table_head(c, gc_tr(c, "task.cost"));
		}
		gc_table_body(c);
		for (size_t i = 0; i < n; i++) {
			const struct task_cost *tc = items[i].tc;
			gc_table_row(c, gc_gpu_name(c, items[i].gpu));
			gc_table_num(c, gc_fmt_number(c, tc->gpu_count), tc->gpu_count);
			gc_table_figure(c, tc->hours, task_figure_text(c, tc, false));
			guide_ledger_show_time(c->pc, c->task, items[i].gpu);
			if (cost) {
				guide_ledger_show_quote(c->pc, tc->quote_row);
				guide_ledger_show_cost(c->pc, c->task, items[i].gpu);
				struct figure p = tc->usd_per_hour;
				gc_table_figure(c, p, figure_ok(p)
						 ? gc_fmt_hourly(c, p.value) : NULL);
				gc_table_figure(c, tc->cost, texts[i]);
			}
			gc_table_row_end(c);
		}
		gc_table_end(c);
	}
	gc_draw_hbar(c, bars, n);
}

/* ---- price-vs-speed: default hourly price against mean relative speed ---- */

void guide_charts_cost_build_price_speed(struct gc *c)
{
	const struct data *d = c->d;
	const char *base = gc_baseline_name(c);
	gc_fill(c, &c->title, "chart.price_speed.title", NULL);
	gc_fill(c, &c->axis, "chart.price_speed.axis_x", NULL);
	gc_fill(c, &c->axis2, "chart.price_speed.axis_y", "baseline", base, NULL);

	/* every card is a point (pts[g]): one without both figures is listed
	 * under the plot, as the caption names it; the table has a row for a
	 * card with at least one */
	const size_t n = d->ngpus;
	struct chart_point *pts = gc_scratch(c, n, sizeof *pts);
	struct figure *price = gc_scratch(c, n, sizeof *price);
	struct figure *speed = gc_scratch(c, n, sizeof *speed);
	size_t rows = 0;
	struct extremes value = { 0 }; /* speed per dollar */
	struct name_list missing = { BUF_INIT, 0 };
	for (size_t g = 0; g < n; g++) {
		struct figure p = c->m->prices[g].lowest, v = metrics_mean_relative_speed(c->d, c->m, g);
		rows += figure_ok(p) || figure_ok(v);
		price[g] = p;
		speed[g] = v;
		pts[g] = (struct chart_point){
			.label = gc_gpu_name(c, g),
			.x = p.value,
			.y = v.value,
			.has_value = figure_ok(p) && figure_ok(v),
			.color = gc_gpu_color(c, g),
			.x_text = figure_ok(p) ? gc_fmt_hourly(c, p.value) : NULL,
			.y_text = figure_ok(v) ? gc_fmt_speed(c, v.value) : NULL,
		};
		if (pts[g].has_value && p.value > 0)
			gc_extremes_add(&value, v.value / p.value, g);
		else /* with neither, the price's reason */
			gc_name_list_add_why(c, &missing, pts[g].label,
					      figure_ok(p) ? v.missing : p.missing);
	}
	/* the most speed per dollar: every card that prints as it does */
	const char *best = value.any ? gc_fmt_number(c, value.max) : "";
	struct name_list top = { BUF_INIT, 0 };
	for (size_t i = 0; value.any && i < n; i++) {
		pts[i].highlight = pts[i].has_value && price[i].value > 0 &&
				   !strcmp(gc_fmt_number(c, speed[i].value / price[i].value), best);
		if (pts[i].highlight)
			gc_name_list_add(c, &top, pts[i].label);
	}
	const char *best_gpus = gc_keep(c, &top.b);
	bool *front = gc_scratch(c, n, sizeof *front);
	chart_frontier(pts, n, false, true, front);

	if (!value.any) {
		gc_say_no_figure(c);
	} else {
		/* the frontier from cheapest to dearest */
		struct name_list fl = { BUF_INIT, 0 };
		bool *done = gc_scratch(c, n, sizeof *done);
		for (;;) {
			long next = -1;
			for (size_t i = 0; i < n; i++)
				if (front[i] && !done[i] &&
				    (next < 0 || pts[i].x < pts[next].x))
					next = (long)i;
			if (next < 0)
				break;
			done[next] = true;
			gc_name_list_add(c, &fl, pts[next].label);
		}
		gc_fill(c, &c->desc, "chart.price_speed.desc",
			 "have", gc_count_words(c, "chart.price_speed.have", value.n),
			 "best_gpu", best_gpus, "best", best, "frontier", fl.b.ptr, NULL);
		buf_release(&fl.b);
	}
	gc_desc_missing(c, &missing);

	if (rows) {
		gc_table_begin(c);
		gc_table_head(c, gc_tr(c, "chart.col.gpu"));
		gc_table_head(c, gc_tr(c, "gpu.rent"));
		gc_table_head(c, gc_tr(c, "chart.col.speed"));
		gc_table_head(c, gc_tr(c, i18n_method_key("speed_per_dollar")));
		gc_table_body(c);
		for (size_t i = 0; i < n; i++) {
			if (!figure_ok(price[i]) && !figure_ok(speed[i]))
				continue;
			gc_table_row(c, pts[i].label);
			gc_table_figure(c, price[i], pts[i].x_text);
			gc_table_figure(c, speed[i], pts[i].y_text);
			/* the card's figures as its page shows them */
			guide_ledger_show_price(c->pc, i);
			guide_ledger_show_mean_speed(c->pc, i);
			struct figure spd = guide_ledger_metric(c->pc, "speed_per_dollar", i, -1,
								NULL);
			gc_table_figure(c, spd, figure_ok(spd)
					 ? gc_fmt_unit(c, spd.value, "unit.speed_per_usd") : NULL);
			gc_table_row_end(c);
		}
		gc_table_end(c);
	}
	struct chart_text t = gc_chart_texts(c);
	struct chart_scatter_opts opts = {
		.x_higher_better = false,
		.y_higher_better = true,
		.frontier_label = gc_tr(c, "chart.frontier"),
	};
	for (size_t i = 0; i < c->nids; i++)
		chart_scatter(&c->svg[i], c->ids[i], &t, pts, n, &opts);
	t = gc_compact_texts(c);
	chart_scatter(&c->compact, gc_compact_id(c), &t, pts, n, &opts);
	c->wide_w = CHART_WIDTH;
}
