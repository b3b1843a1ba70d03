/* pages_compare: the comparison index and a page per pair of GPUs (see
 * pages_compare.h). */
#include "pages/pages_compare.h"
#include "pages/compare_bottom.h"
#include "pages/pair_sides.h"
#include "model/compare.h"
#include "view/nodata.h"
#include "view/phrase.h"
#include "view/present.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/digest.h"
#include "model/data.h"
#include "view/gpu_specs.h"
#include "view/guide_ledger.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "view/site.h"
#include "template/value.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The links made once for every pair page lead from a pair page's depth
 * (compare/a-vs-b/); a page elsewhere (the report) makes its own. */
static bool pair_links_shared(const struct page_ctx *p)
{
	const char *first = strchr(p->path, '/');
	const char *second = first ? strchr(first + 1, '/') : NULL;
	return second && !second[1];
}

/* The cell of a ratio of two figures of a comparison. */
static struct value *pair_ratio_cell(const struct page_ctx *p, struct figure r)
{
	struct value *shared = figure_ok(r) ? NULL : pair_sides_no_ratio(p, r.missing);
	return shared ? shared : pg_cell_figure(p, r, FMT_RATIO, NULL);
}

/* ---- the figures a comparison shows (guide_ledger.h) ----
 * Ids are made of the data's ids and the pair's, in page order:
 * "speed.<benchmark>.<a>.<b>", "cost-ratio.<task>.<a>.<b>",
 * "cheaper.<task>.<a>.<b>", "cheaper-hour.<a>.<b>", "more-vram.<a>.<b>". A
 * winner's value is the GPU's id, or "same". */

/* What a comparison figure is about: its kind, the benchmark or task it
 * concerns (NULL: the pair itself) with its names, and the two GPUs. */
struct pair_about {
	const char *kind, *what, *what_en, *what_zh;
	size_t ga, gb;
};

static void pair_show(const struct page_ctx *p, const struct pair_about *ab,
		      const char *label_key, const char *value, const char *value_max,
		      const char *unit, const char *inputs)
{
	if (!p->in->ledger)
		return;
	const struct data *d = &p->in->data;
	struct buf id = BUF_INIT, en = BUF_INIT, zh = BUF_INIT;
	buf_addf(&id, "%s.%s%s%s.%s", ab->kind, ab->what ? ab->what : "",
		 ab->what ? "." : "", d->gpus[ab->ga].id, d->gpus[ab->gb].id);
	guide_ledger_labels(p->in, &en, &zh, label_key, "a", d->gpus[ab->ga].name, NULL,
		       "b", d->gpus[ab->gb].name, NULL, "bench", ab->what_en, ab->what_zh,
		       "task", ab->what_en, ab->what_zh, NULL);
	guide_ledger_show_new(p, id.ptr, en.ptr, zh.ptr, value, value_max, unit,
			 inputs);
	buf_release(&id);
	buf_release(&en);
	buf_release(&zh);
}

/* A ratio of the pair ("" when the page shows none), up to `high` when
 * that is above it (a ratio of costs with a range). */
static void pair_show_ratio(const struct page_ctx *p, const struct pair_about *ab,
			    const char *label_key, struct figure r, double high,
			    const char *inputs)
{
	struct buf v = BUF_INIT, hi = BUF_INIT;
	if (figure_ok(r))
		ledger_number(&v, r.value);
	if (figure_ok(r) && high > r.value)
		ledger_number(&hi, high);
	pair_show(p, ab, label_key, v.ptr, hi.ptr, "×", inputs);
	buf_release(&v);
	buf_release(&hi);
}

/* Which of the pair wins (w > 0: a, w < 0: b, 0: `none`, "same" when
 * about the same, "neither" when ranges cross), and by how much as its
 * sentence says it when `cp` is the pair the sentence judged (NULL: none
 * said): "<kind>-by" a percentage, "<kind>-times" a multiple. */
static void pair_show_winner(const struct page_ctx *p, const struct pair_about *ab,
			     const char *label_key, int w, const char *none,
			     const struct cmp_pair *cp, const char *inputs)
{
	const struct data *d = &p->in->data;
	pair_show(p, ab, label_key, w > 0 ? d->gpus[ab->ga].id
				    : w < 0 ? d->gpus[ab->gb].id : none, "", "", inputs);
	enum cmp_verdict v = cp && w ? cmp_judge(cp).verdict : CMP_SAME;
	if (v != CMP_PERCENT && v != CMP_TIMES)
		return;
	bool times = v == CMP_TIMES;
	struct pair_about by = *ab;
	by.kind = arena_printf(pg_arena(p), "%s-%s", ab->kind, times ? "times" : "by");
	struct buf val = BUF_INIT, key = BUF_INIT;
	ledger_number(&val, cmp_margin(cp, v));
	buf_addf(&key, "%s_%s", label_key, times ? "times" : "by");
	pair_show(p, &by, key.ptr, val.ptr, "", times ? "×" : "%", inputs);
	buf_release(&val);
	buf_release(&key);
}

/* The rows of both GPUs' results on benchmark b. */
static void pair_result_inputs(const struct page_ctx *p, size_t b, size_t ga, size_t gb,
			       struct buf *in)
{
	const struct data *d = &p->in->data;
	long ra = data_result_row(d, b, ga), rb = data_result_row(d, b, gb);
	if (ra >= 0)
		guide_ledger_input(p->in, in, TABLE_RESULTS, d->results[ra].row);
	if (rb >= 0)
		guide_ledger_input(p->in, in, TABLE_RESULTS, d->results[rb].row);
}

static struct pair_about pair_bench_about(const struct page_ctx *p, const char *kind,
					  size_t b, size_t ga, size_t gb)
{
	const struct benchmark *bm = &p->in->data.benchmarks[b];
	return (struct pair_about){ kind, bm->id, bm->name_en, bm->name_zh, ga, gb };
}

static struct pair_about pair_task_about(const struct page_ctx *p, const char *kind,
					 size_t t, size_t ga, size_t gb)
{
	const struct task *x = &p->in->data.tasks[t];
	return (struct pair_about){ kind, x->id, x->name_en, x->name_zh, ga, gb };
}

static struct value *side_row(const struct page_ctx *p, const char *label,
			      struct value *ca, struct value *cb)
{
	struct value *m = value_new_map(pg_arena(p));
	pg_set_text(p, m, "label", label);
	value_map_set(pg_arena(p), m, "a", ca);
	value_map_set(pg_arena(p), m, "b", cb);
	return m;
}

/* The winner of spec row r in the ledger, "better.<row>.<a>.<b>" (the row
 * named by its label's key: "better.bandwidth.…", "better.rent.…"). */
static void spec_winner_show(const struct page_ctx *p, enum pair_row r, size_t ga,
			     size_t gb, int w)
{
	const struct data *d = &p->in->data;
	const char *key = pair_row_label(r), *dot = strchr(key, '.');
	struct pair_about ab = { "better", dot ? dot + 1 : key,
				 i18n_get(&p->in->i18n, LANG_EN, key),
				 i18n_get(&p->in->i18n, LANG_ZH, key), ga, gb };
	struct buf in = BUF_INIT;
	for (int i = 0; i < 2; i++) {
		size_t g = i ? gb : ga;
		long q = p->in->metrics.prices[g].lowest_row;
		if (r != PAIR_RENT)
			guide_ledger_input(p->in, &in, TABLE_GPUS, d->gpus[g].row);
		else if (q >= 0)
			guide_ledger_input(p->in, &in, TABLE_PRICES, d->prices[q].row);
	}
	pair_show_winner(p, &ab, "fig.better", w, "same", NULL, in.ptr);
	buf_release(&in);
}

/* Row r's figure of g in the ledger: a specification's, the list price's
 * ends (the rent is price.<gpu>.lowest, shown by its cell). */
static void spec_row_shown(const struct page_ctx *p, enum pair_row r, size_t g)
{
	if (pair_row_field(r) >= 0)
		guide_ledger_show_spec(p, g, (enum gpu_column)pair_row_field(r));
	else if (r == PAIR_LIST_PRICE)
		guide_ledger_show_list_price(p, g);
}

/* The spec table's rows of ga and gb: a row neither has a figure in is
 * named in a line (*missing, "" when none is) instead of drawn as dashes. */
static struct value *pair_specs(const struct page_ctx *p, size_t ga, size_t gb,
				const char **missing)
{
	struct arena *a = pg_arena(p);
	const struct pair_lang *pl = pair_sides_of(p);
	struct value *rows = value_new_list(a);
	struct nodata_list m = NODATA_LIST_INIT;
	for (int i = 0; i < PAIR_ROWS; i++) {
		enum pair_row r = (enum pair_row)i;
		struct figure fa = { 0, NULL }, fb = { 0, NULL };
		int better = pair_row_figure(p, ga, r, &fa);
		pair_row_figure(p, gb, r, &fb);
		struct value *ca, *cb;
		int w = pair_pick(&pl->side[ga].spec[r], &pl->side[gb].spec[r], fa, fb,
				  better, &ca, &cb);
		if (better && figure_ok(fa) && figure_ok(fb))
			spec_winner_show(p, r, ga, gb, w);
		const char *label = pg_tr(p, pair_row_label(r));
		if (pg_map_flag(ca, "nodata") && pg_map_flag(cb, "nodata")) {
			nodata_list_add(p, &m, label);
			continue;
		}
		spec_row_shown(p, r, ga);
		spec_row_shown(p, r, gb);
		value_list_push(a, rows, side_row(p, label, ca, cb));
	}
	const struct data *d = &p->in->data;
	const char *list = nodata_list_text(p, &m);
	*missing = list ? pg_fill(p, "cmp.specs_missing", "a", d->gpus[ga].name, "b",
				  d->gpus[gb].name, "list", list, NULL) : "";
	return rows;
}

static struct value *verdict_line(const struct page_ctx *p, const char *text)
{
	struct value *m = value_new_map(pg_arena(p));
	value_map_set_str(pg_arena(p), m, "text", text);
	return m;
}

/* Add a sentence to the verdict unless the page says it already. */
static void verdict_add(const struct page_ctx *p, struct value *verdict, const char *text)
{
	for (size_t i = 0; i < value_list_len(verdict); i++) {
		const char *said = value_string(value_map_get(value_list_item(verdict, i),
							      "text"));
		if (said && !strcmp(said, text))
			return;
	}
	value_list_push(pg_arena(p), verdict, verdict_line(p, text));
}

/* The figures of one card only, which a comparison leaves out of its
 * tables (nothing to set them beside): their names, per side. */
struct pair_only {
	const char **names[2];
	size_t n[2];
};

static struct pair_only pair_only_new(const struct page_ctx *p, size_t cap)
{
	struct pair_only o = { { NULL, NULL }, { 0, 0 } };
	for (int i = 0; i < 2; i++)
		o.names[i] = arena_alloc(pg_arena(p), (cap ? cap : 1) * sizeof *o.names[i]);
	return o;
}

/* A line per card that has figures the other lacks ("Only RTX 4090 was
 * timed on “A” and “B”."): `key` with {a} the card, {list} the names. */
static void pair_only_lines(const struct page_ctx *p, const struct pair_only *o,
			    const char *key, size_t ga, size_t gb, struct value *lines)
{
	for (int i = 0; i < 2; i++) {
		if (!o->n[i])
			continue;
		const char *list = i18n_list_quoted(&p->in->i18n, p->l, pg_arena(p),
						    o->names[i], o->n[i]);
		verdict_add(p, lines, pg_fill(p, key, "a", p->in->data.gpus[i ? gb : ga].name,
					      "list", list, NULL));
	}
}

/* The notes of both GPUs' results on one benchmark ("A100 80GB: batch
 * size 4 · RTX 4090: batch size 1"), "" when neither has one. */
static const char *pair_result_notes(const struct page_ctx *p, size_t b, size_t ga,
				     size_t gb)
{
	const struct pair_lang *pl = pair_sides_of(p);
	const char *na = pl->side[ga].note[b], *nb = pl->side[gb].note[b];
	if (!*na || !*nb)
		return *na ? na : nb;
	return arena_printf(pg_arena(p), "%s · %s", na, nb);
}

/* What each card of a pair has of a table's kind (a result, a job's time,
 * a rental price): the table or column is drawn when both have, else a
 * line says which has not (pair_none_line), never a column of dashes. */
struct pair_has {
	bool result[2], time[2], rent[2];
	/* a benchmark with a result of both cards, a job with a time of both:
	 * without one, a table would set no figure beside another */
	bool result_shared, time_shared;
};

static struct pair_has pair_has_of(const struct page_ctx *p, size_t ga, size_t gb)
{
	struct pair_has h;
	for (int i = 0; i < 2; i++) {
		size_t g = i ? gb : ga;
		h.result[i] = metrics_gpu_has_result(&p->in->data, g);
		h.time[i] = metrics_gpu_has_time(&p->in->data, &p->in->metrics, g);
		h.rent[i] = figure_ok(pg_rent_figure(p, g));
	}
	const struct data *d = &p->in->data;
	h.result_shared = h.time_shared = false;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		h.result_shared |= figure_ok(metrics_result(d, b, ga)) &&
				   figure_ok(metrics_result(d, b, gb));
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(d, &p->in->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(d, &p->in->metrics, t, gb);
		h.time_shared |= ca && cb && figure_ok(ca->hours) && figure_ok(cb->hours);
	}
	return h;
}

/* The cell of a pair's difference as its sentence says it where that is
 * no multiple (phrase_comparison_cell: "34% lower", "19% less", "about the
 * same"), sorted by the percentage; NULL where the cell is the ratio. */
static struct value *pair_said_cell(const struct page_ctx *p, const struct cmp_pair *cp)
{
	struct buf said = BUF_INIT;
	phrase_comparison_cell(&said, &p->in->i18n, p->l, cp);
	struct value *cell = NULL;
	if (said.len) {
		cell = pg_cell_figure(p, (struct figure){ cmp_margin(cp, CMP_PERCENT), NULL },
				      FMT_RATIO, NULL);
		pg_cell_set_phrase(p, cell, arena_strndup(pg_arena(p), said.ptr, said.len));
	}
	buf_release(&said);
	return cell;
}

/* A row's difference (its "ratio" cell) and its figure in the ledger, of
 * benchmark b's results judged as `cp` (NULL: no pair to judge): none for
 * results measured unlike; a latency's or a step time's as its sentence
 * says it ("34% lower": phrase_comparison_cell, never "times as fast");
 * any other the ratio `r`, the better card's over the other's. */
static void pair_bench_difference(const struct page_ctx *p, size_t b, size_t ga, size_t gb,
				  struct figure r, const struct cmp_pair *cp, struct value *row)
{
	const struct benchmark *bm = &p->in->data.benchmarks[b];
	enum cmp_quantity q = cmp_quantity_of_kind(bm->kind, bm->higher_is_better);
	bool unlike = cp && !cp->same_conditions; /* both printed, no ratio drawn */
	struct value *cell = unlike ? pg_cell_not_computed(p, "cmp.no_ratio", "why.unlike") : NULL;
	struct pair_about ab = pair_bench_about(p, "speed", b, ga, gb);
	struct buf in = BUF_INIT;
	pair_result_inputs(p, b, ga, gb, &in);
	struct value *said = cp && !unlike ? pair_said_cell(p, cp) : NULL;
	if (said) {
		cell = said;
		struct buf v = BUF_INIT;
		ledger_number(&v, cmp_margin(cp, CMP_PERCENT));
		pair_show(p, &ab, q == CMP_LATENCY ? "fig.latency_less" : "fig.time_less", v.ptr,
			  "", "%", in.ptr);
		buf_release(&v);
	} else {
		/* an efficiency is no speed, a duration's ratio the inverse of
		 * its values: their labels say so */
		pair_show_ratio(p, &ab, !cmp_is_speed(q) ? "fig.efficiency"
					: bm->higher_is_better ? "fig.speed" : "fig.speed_inverse",
				unlike ? (struct figure){ 0, "why.unlike" } : r, 0, in.ptr);
	}
	value_map_set(pg_arena(p), row, "ratio", cell ? cell : pair_ratio_cell(p, r));
	buf_release(&in);
}

/* Speed per benchmark: a row per benchmark both GPUs have a result for
 * (none unless `both` cards have a result on one benchmark), each figure
 * marked in the ledger, each comparison a sentence; a benchmark of one
 * card only is named in a line of `only`. */
static size_t pair_benchmarks(const struct page_ctx *p, size_t ga, size_t gb, bool both,
			      struct value *rows, struct value *verdict, struct value *only)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	const struct pair_lang *pl = pair_sides_of(p);
	const char *na = d->gpus[ga].name, *nb = d->gpus[gb].name;
	size_t common = 0;
	struct pair_only one = pair_only_new(p, d->nbenchmarks);
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		struct figure fa = metrics_result(d, b, ga), fb = metrics_result(d, b, gb);
		if (figure_ok(fa) != figure_ok(fb)) {
			int side = figure_ok(fb);
			one.names[side][one.n[side]++] = pg_bench_name(p, bm);
		}
		if (!both || !figure_ok(fa) || !figure_ok(fb))
			continue;
		struct figure r = metrics_speed_ratio(d, b, ga, gb);
		bool ratio_ok = figure_ok(r) && r.value > 0;
		double no_range = 0;
		if (ratio_ok)
			cmp_ratio_upright(&r.value, &no_range);
		const struct result *xa = ratio_ok ? &d->results[data_result_row(d, b, ga)]
						   : NULL;
		const struct result *xb = ratio_ok ? &d->results[data_result_row(d, b, gb)]
						   : NULL;
		bool same = ratio_ok && metrics_same_conditions(d, xa, xb);
		/* results measured under different conditions have no winner,
		 * as the sentence says they have no ratio */
		struct value *ca, *cb;
		pair_pick(&pl->side[ga].result[b], &pl->side[gb].result[b], fa, fb,
			  ratio_ok && !same ? 0 : bm->higher_is_better ? 1 : -1, &ca, &cb);
		struct value *row = side_row(p, pg_bench_name(p, bm), ca, cb);
		guide_ledger_show_result(p, b, ga);
		guide_ledger_show_result(p, b, gb);
		for (int side = 0; side < 2; side++) { /* their conditions' counts */
			long at = data_result_row(d, b, side ? gb : ga);
			if (at >= 0)
				pg_show_result_cards(p, &d->results[at]);
		}
		struct cmp_pair cp;
		if (ratio_ok)
			cp = compare_bench_pair(p, bm, xa, xb, same);
		pair_bench_difference(p, b, ga, gb, r, ratio_ok ? &cp : NULL, row);
		pg_set_text(p, row, "better", pg_tr(p, bm->higher_is_better
					       ? "gpu.higher_better"
					       : "gpu.lower_better"));
		pg_set_text(p, row, "note", pair_result_notes(p, b, ga, gb));
		value_list_push(a, rows, row);
		if (!ratio_ok)
			continue;
		const char *line = pg_comparison(p, &cp);
		common++;
		verdict_add(p, verdict, line);
		/* how many cards hold the model, for results compared: the
		 * sentence of results measured unlike says each one's */
		const char *fit = same ? compare_fit_sentence(p, bm, ga, gb) : "";
		if (*fit)
			verdict_add(p, verdict, fit);
	}
	if (!common)
		verdict_add(p, verdict, pg_fill(p, "cmp.no_bench", "a", na, "b", nb, NULL));
	pair_only_lines(p, &one, "cmp.only_results", ga, gb, only);
	return common;
}

/* The winner of task t's costs (and its costs) in the ledger. */
static void cost_show(const struct page_ctx *p, size_t t, const struct task_cost *xa,
		      const struct task_cost *xb, int w, const struct cmp_pair *cp)
{
	guide_ledger_show_cost(p, t, xa->gpu);
	guide_ledger_show_cost(p, t, xb->gpu);
	struct pair_about ab = pair_task_about(p, "cheaper", t, xa->gpu, xb->gpu);
	struct buf in = BUF_INIT;
	guide_ledger_input_task_cost(p->in, &in, xa);
	guide_ledger_input_task_cost(p->in, &in, xb);
	pair_show_winner(p, &ab, "fig.cheaper", w,
			 metrics_ranges_cross(xa, xb, true) ? "neither" : "same", cp, in.ptr);
	buf_release(&in);
}

/* What a comparison's job table shows beside the times: costs (both cards
 * have a rental price), and their ratio (a job both have a cost for). */
enum { PAIR_COSTS = 1, PAIR_COST_RATIOS = 2 };

static unsigned pair_task_columns(const struct page_ctx *p, size_t ga, size_t gb,
				  const struct pair_has *h)
{
	if (!h->rent[0] || !h->rent[1])
		return 0;
	for (size_t t = 0; t < p->in->data.ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(&p->in->data, &p->in->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(&p->in->data, &p->in->metrics, t, gb);
		if (ca && cb && figure_ok(ca->cost) && figure_ok(cb->cost) && cb->cost.value > 0)
			return PAIR_COSTS | PAIR_COST_RATIOS;
	}
	return PAIR_COSTS;
}

/* Cost per task: a row per task both GPUs have a time for (none unless
 * `both` have one; a task of one card only named in a line of `only`, as
 * pair_benchmarks), its costs and their difference as `cols` says (a
 * column that would be all dashes is left out, and its figures out of the
 * ledger's list for the page). */
static void pair_tasks(const struct page_ctx *p, size_t ga, size_t gb, bool both,
		       unsigned cols, struct value *rows, struct value *verdict,
		       struct value *only)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	const struct pair_lang *pl = pair_sides_of(p);
	const struct pair_side *sa = &pl->side[ga], *sb = &pl->side[gb];
	const char *na = d->gpus[ga].name, *nb = d->gpus[gb].name;
	size_t both_times = 0;
	struct pair_only one = pair_only_new(p, d->ntasks);
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(d, &p->in->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(d, &p->in->metrics, t, gb);
		bool ha_ok = ca && figure_ok(ca->hours), hb_ok = cb && figure_ok(cb->hours);
		if (ha_ok != hb_ok)
			one.names[hb_ok][one.n[hb_ok]++] = pg_task_name(p, t);
		if (!both || !ha_ok || !hb_ok)
			continue;
		struct value *r = value_new_map(a);
		pg_set_text(p, r, "name", pg_task_name(p, t));
		pg_set_text(p, r, "href", pair_links_shared(p) ? pl->task_href[t]
			    : pg_href_to(p, pg_task_path(p, t)));
		struct value *ha, *hb, *xa, *xb;
		/* a job's times and costs by metrics' rule, as its page marks
		 * them (a range end to end) */
		int quicker = pair_mark(&sa->hours[t], &sb->hours[t], metrics_quicker(ca, cb),
					&ha, &hb);
		pair_mark(&sa->cost[t], &sb->cost[t], metrics_cheaper(ca, cb), &xa, &xb);
		value_map_set(a, r, "a_hours", ha);
		value_map_set(a, r, "b_hours", hb);
		value_map_set(a, r, "a_cost", xa);
		value_map_set(a, r, "b_cost", xb);
		double ratio_high;
		struct figure ratio = metrics_cost_ratio(ca, cb, &ratio_high);
		if (figure_ok(ratio))
			cmp_ratio_upright(&ratio.value, &ratio_high);
		/* the sentence first: where it says a percentage, so does the
		 * cell ("19% less" beside "about 19% less", never 1.24×) */
		int w = 0;
		bool judged = false;
		struct cmp_pair cp;
		const char *line = figure_ok(ratio)
			? compare_cost_sentence(p, t, ca, cb, &w, &judged, &cp) : NULL;
		struct value *said = judged ? pair_said_cell(p, &cp) : NULL, *cell = said;
		if (!said) {
			cell = pair_ratio_cell(p, ratio);
			if (figure_ok(ratio) && ratio_high > ratio.value)
				pg_cell_set_text(p, cell, pg_fmt_ratio_range(p, ratio.value,
									   ratio_high));
		}
		value_map_set(a, r, "ratio", cell);
		value_list_push(a, rows, r);
		{
			guide_ledger_show_time(p, t, ga);
			guide_ledger_show_time(p, t, gb);
			struct buf in = BUF_INIT;
			if (cols & PAIR_COSTS) {
				guide_ledger_show_cost(p, t, ga);
				guide_ledger_show_cost(p, t, gb);
				/* the quotes beside the costs (pair_sides) */
				for (int i = 0; i < 2; i++)
					if ((i ? cb : ca)->quote_row >= 0)
						guide_ledger_show_quote(p, (size_t)(i ? cb : ca)->quote_row);
			}
			if ((cols & PAIR_COST_RATIOS) && !said) { /* said: cheaper-by */
				struct pair_about ab = pair_task_about(p, "cost-ratio", t, ga, gb);
				guide_ledger_input_task_cost(p->in, &in, ca);
				guide_ledger_input_task_cost(p->in, &in, cb);
				pair_show_ratio(p, &ab, "fig.cost_ratio", ratio, ratio_high, in.ptr);
			}
			/* the hours cell marked the better */
			struct pair_about q = pair_task_about(p, "quicker", t, ga, gb);
			buf_reset(&in);
			for (int i = 0; i < 2; i++) {
				long tr = (i ? cb : ca)->time_row;
				if (tr >= 0)
					guide_ledger_input(p->in, &in, TABLE_TASK_TIMES,
						      d->task_times[tr].row);
			}
			pair_show_winner(p, &q, "fig.quicker", quicker,
					 metrics_ranges_cross(ca, cb, false) ? "neither"
									: "same", NULL, in.ptr);
			buf_release(&in);
		}
		both_times++;
		if (line) {
			cost_show(p, t, ca, cb, w, judged ? &cp : NULL);
			verdict_add(p, verdict, line);
		}
	}
	if (!both_times)
		verdict_add(p, verdict, pg_fill(p, "cmp.no_task", "a", na, "b", nb, NULL));
	pair_only_lines(p, &one, "cmp.only_times", ga, gb, only);
}

/* The line of a figure one card lacks (`key`, {a} that card), or both
 * ("<key>_both", one line naming the two). */
static void verdict_add_missing(const struct page_ctx *p, struct value *verdict,
				const char *key, bool miss_a, bool miss_b, size_t ga, size_t gb)
{
	const char *na = p->in->data.gpus[ga].name, *nb = p->in->data.gpus[gb].name;
	if (miss_a && miss_b)
		verdict_add(p, verdict, pg_fill(p, arena_printf(pg_arena(p), "%s_both", key), "a",
						na, "b", nb, NULL));
	else if (miss_a || miss_b)
		verdict_add(p, verdict, pg_fill(p, key, "a", miss_a ? na : nb, NULL));
}

/* Memory and hourly price, by the comparison model, or what is missing. */
static void pair_memory_and_price(const struct page_ctx *p, size_t ga, size_t gb,
				  struct value *verdict)
{
	const struct gpu *x = &p->in->data.gpus[ga], *y = &p->in->data.gpus[gb];
	struct figure va = pg_spec_figure(x, GPU_COL_VRAM), vb = pg_spec_figure(y, GPU_COL_VRAM);
	if (figure_ok(va) && figure_ok(vb)) {
		/* the winner by the rule of the sentence below */
		struct cmp_pair vram = {
			.q = CMP_MEMORY, .what = "", .same_conditions = true,
			.a = { x->name, va.value, pg_fmt_unit(p, va.value, "unit.gb"), NULL },
			.b = { y->name, vb.value, pg_fmt_unit(p, vb.value, "unit.gb"), NULL } };
		struct pair_about ab = { "more-vram", NULL, NULL, NULL, ga, gb };
		struct buf in = BUF_INIT;
		guide_ledger_input(p->in, &in, TABLE_GPUS, x->row);
		guide_ledger_input(p->in, &in, TABLE_GPUS, y->row);
		pair_show_winner(p, &ab, "fig.more_vram",
				 cmp_better_side(va.value, vram.a.shown, vb.value, vram.b.shown, 1),
				 "same", &vram, in.ptr);
		buf_release(&in);
		verdict_add(p, verdict, pg_comparison(p, &vram));
	}
	verdict_add_missing(p, verdict, "cmp.no_vram", !x->vram_gb.ok, !y->vram_gb.ok, ga, gb);
	struct figure pa = pg_rent_figure(p, ga), pb = pg_rent_figure(p, gb);
	verdict_add_missing(p, verdict, "cmp.no_price", !figure_ok(pa), !figure_ok(pb), ga, gb);
	if (!figure_ok(pa) || !figure_ok(pb))
		return;
	struct cmp_pair rent = {
		.q = CMP_PRICE, .what = "", .same_conditions = true,
		.a = { x->name, pa.value, pg_fmt_per_hour(p, pa.value), NULL },
		.b = { y->name, pb.value, pg_fmt_per_hour(p, pb.value), NULL } };
	int w = cmp_better_side(pa.value, rent.a.shown, pb.value, rent.b.shown, -1);
	if (w) {
		struct pair_about ab = { "cheaper-hour", NULL, NULL, NULL, ga, gb };
		struct buf in = BUF_INIT;
		const struct gpu_prices *lp = p->in->metrics.prices;
		if (lp[ga].lowest_row >= 0)
			guide_ledger_input(p->in, &in, TABLE_PRICES,
				      p->in->data.prices[lp[ga].lowest_row].row);
		if (lp[gb].lowest_row >= 0)
			guide_ledger_input(p->in, &in, TABLE_PRICES,
				      p->in->data.prices[lp[gb].lowest_row].row);
		pair_show_winner(p, &ab, "fig.cheaper_hour", w, "same", &rent, in.ptr);
		buf_release(&in);
	}
	verdict_add(p, verdict, pg_comparison(p, &rent));
}

/* The line a comparison shows for a table without rows: from the UI
 * string `key` when neither card has a figure of its kind, "<key>_one"
 * when one has none ({a}: that one; {b}: the card whose figures it has
 * nothing to set against), "<key>_apart" when both have figures, none of
 * the same benchmark or job. */
static const char *pair_none_line(const struct page_ctx *p, const char *key,
				  const bool has[2], const char *na, const char *nb)
{
	bool has_a = has[0], has_b = has[1];
	if (has_a == has_b)
		return pg_fill(p, has_a ? arena_printf(pg_arena(p), "%s_apart", key) : key,
			       "a", na, "b", nb, NULL);
	const char *one = arena_printf(pg_arena(p), "%s_one", key);
	return has_a ? pg_fill(p, one, "a", nb, "b", na, NULL)
		     : pg_fill(p, one, "a", na, "b", nb, NULL);
}

/* The context of the pair page of ga and gb (ga listed first), made for
 * the page at p->path. */
static struct value *pair_context(const struct page_ctx *p, size_t ga, size_t gb)
{
	struct arena *a = pg_arena(p);
	const struct pair_lang *pl = pair_sides_of(p);
	struct value *ctx = value_new_map(a);
	bool shared = pair_links_shared(p);
	value_map_set(a, ctx, "a", shared ? pl->side[ga].link : pg_gpu_link(p, ga));
	value_map_set(a, ctx, "b", shared ? pl->side[gb].link : pg_gpu_link(p, gb));
	{
		const char *missing;
		struct value *specs = pair_specs(p, ga, gb, &missing);
		value_map_set(a, ctx, "specs", specs);
		value_map_set_bool(a, ctx, "has_specs", value_list_len(specs) > 0);
		value_map_set_str(a, ctx, "specs_missing", missing);
		/* the specs show both hourly prices (cells shared by every
		 * pair page: each page marks what it shows) */
		guide_ledger_show_price(p, ga);
		guide_ledger_show_price(p, gb);
	}
	/* the evidence in groups: speed (and fit), cost per job, hardware */
	struct value *ev_speed = value_new_list(a), *ev_cost = value_new_list(a);
	struct value *ev_hw = value_new_list(a);
	struct value *bench = value_new_list(a), *tasks = value_new_list(a);
	struct value *bench_only = value_new_list(a), *tasks_only = value_new_list(a);
	struct pair_has has = pair_has_of(p, ga, gb);
	pair_benchmarks(p, ga, gb, has.result_shared, bench, ev_speed, bench_only);
	unsigned task_cols = pair_task_columns(p, ga, gb, &has);
	pair_tasks(p, ga, gb, has.time_shared, task_cols, tasks, ev_cost, tasks_only);
	pair_memory_and_price(p, ga, gb, ev_hw);
	value_map_set_str(a, ctx, "bottom_line", compare_bottom_line(p, ga, gb));
	struct value *verdict = value_new_list(a);
	static const char *const group_keys[] = { "cmp.ev_speed", "cmp.ev_cost", "cmp.ev_hw" };
	struct value *groups[] = { ev_speed, ev_cost, ev_hw };
	for (size_t i = 0; i < 3; i++) {
		if (!value_list_len(groups[i]))
			continue;
		struct value *g = value_new_map(a);
		pg_set_text(p, g, "title", pg_tr(p, group_keys[i]));
		value_map_set(a, g, "lines", groups[i]);
		value_list_push(a, verdict, g);
	}
	value_map_set(a, ctx, "verdict", verdict);
	/* a table without rows: a line saying which card has no figure */
	const char *na = p->in->data.gpus[ga].name, *nb = p->in->data.gpus[gb].name;
	bool has_bench = value_list_len(bench) > 0, has_tasks = value_list_len(tasks) > 0;
	value_map_set(a, ctx, "bench", bench);
	value_map_set_bool(a, ctx, "has_bench", has_bench);
	value_map_set_bool(a, ctx, "bench_notes", value_list_has_text(bench, "note"));
	value_map_set_str(a, ctx, "no_bench", has_bench ? ""
			  : pair_none_line(p, "cmp.no_results", has.result, na, nb));
	value_map_set(a, ctx, "bench_only", bench_only);
	value_map_set(a, ctx, "tasks", tasks);
	value_map_set_bool(a, ctx, "has_tasks", has_tasks);
	value_map_set(a, ctx, "tasks_only", tasks_only);
	value_map_set_bool(a, ctx, "tasks_costed", task_cols & PAIR_COSTS);
	/* a table of times alone is named for them */
	value_map_set_str(a, ctx, "cost_heading", pg_tr(p, has_tasks && !(task_cols & PAIR_COSTS)
							     ? "cmp.times" : "cmp.cost"));
	value_map_set_bool(a, ctx, "tasks_ratios", task_cols & PAIR_COST_RATIOS);
	value_map_set_str(a, ctx, "no_cost", task_cols & PAIR_COSTS ? ""
			  : pair_none_line(p, "cmp.no_cost", has.rent, na, nb));
	value_map_set_str(a, ctx, "no_tasks", has_tasks ? ""
			  : pair_none_line(p, "cmp.no_times", has.time, na, nb));
	static const char *const pair_cols[] = { "a", "b", NULL },
		*const bench_cols[] = { "a", "b", "ratio", NULL },
		*const task_cols_drawn[] = { "a_hours", "b_hours", "a_cost/tasks_costed",
					     "b_cost/tasks_costed", "ratio/tasks_ratios", NULL };
	static const struct nodata_table tables[] = {
		{ "specs", "specs_nodata", pair_cols }, { "bench", "bench_nodata", bench_cols },
		{ "tasks", "tasks_nodata", task_cols_drawn },
	};
	nodata_flag_tables(p, ctx, tables, sizeof tables / sizeof tables[0]);
	return ctx;
}

/* The chart of a comparison page. */
static struct chart_request pair_chart(const struct page_ctx *p, size_t ga, size_t gb)
{
	return (struct chart_request){ .name = "pair", .gpu = p->in->data.gpus[ga].id,
				       .other = p->in->data.gpus[gb].id, .page_path = p->path };
}

struct value *pages_compare_pair_context(const struct page_ctx *p, size_t ga, size_t gb)
{
	struct value *ctx = pair_context(p, ga, gb);
	struct chart_request rq = pair_chart(p, ga, gb);
	value_map_set_str(pg_arena(p), ctx, "id_prefix", ""); /* the report's differs */
	value_map_set(pg_arena(p), ctx, "chart", pg_chart(p, &rq));
	return ctx;
}

static struct value *build_pair_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	const struct gpu_pair *gp = pg_lazy_arg(spec);
	struct buf scratch = BUF_INIT;
	struct page_ctx pp = *pc;
	pp.scratch = &scratch;
	struct value *ctx = pages_compare_pair_context(&pp, gp->a, gp->b);
	/* a landmark's name: the page's own (in the report, a part's
	 * heading's id comes first: report.c) */
	value_map_set_str(pg_arena(pc), ctx, "part_label", "");
	buf_release(&scratch);
	return ctx;
}

/* All that a comparison page's context is made from but its language,
 * path and frame (page_spec.inputs): what of the inputs a page about its two
 * GPUs is made of (site_gpus_inputs) and their sides (made at planning). */
static int pair_page_inputs(const struct page_ctx *pc, const struct page_spec *spec,
			    struct digest_value *key)
{
	const struct gpu_pair *gp = pg_lazy_arg(spec);
	const struct pair_lang *pl = pair_sides_of(pc);
	size_t gpus[2] = { gp->a, gp->b };
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "comparison page");
	site_gpus_inputs(pc->in, gpus, 2, &d);
	digest_add_value(&d, pl->side[gp->a].digest);
	digest_add_value(&d, pl->side[gp->b].digest);
	*key = digest_end(&d);
	return 0;
}

/* A comparison page kept without being built still places its chart's
 * file (the chart module writes a chart's file once, for the first page
 * that shows it). */
static int complete_pair_page(const struct page_ctx *pc, const struct page_spec *spec,
			      struct value *ctx, bool render)
{
	(void)render;
	if (ctx)
		return 0; /* built: its chart placed its file */
	const struct gpu_pair *gp = pg_lazy_arg(spec);
	struct chart_request rq = pair_chart(pc, gp->a, gp->b);
	return guide_chart_place_kept(pc, &rq);
}

/* A comparison page's description names the tables it draws (pair_has):
 * speed only where the cards share a benchmark, a job's cost or its time
 * only where they share a job, as the page heads them. */
static const char *pair_page_desc(const struct page_ctx *p, size_t ga, size_t gb)
{
	struct pair_has h = pair_has_of(p, ga, gb);
	const char *parts[4];
	size_t n = 0;
	parts[n++] = pg_tr(p, "cmp.desc_specs");
	if (h.result_shared)
		parts[n++] = pg_tr(p, "cmp.desc_speed");
	if (h.time_shared)
		parts[n++] = pg_tr(p, pair_task_columns(p, ga, gb, &h) & PAIR_COSTS
					      ? "cmp.desc_costs" : "cmp.desc_times");
	/* a verdict only from figures set side by side (compare_bottom_line) */
	parts[n++] = pg_tr(p, h.result_shared || h.time_shared ? "cmp.desc_verdict"
							       : "cmp.desc_apart");
	const struct data *d = &p->in->data;
	return pg_fill(p, "cmp.page_desc", "a", d->gpus[ga].name, "b", d->gpus[gb].name,
		       "parts", i18n_list(&p->in->i18n, p->l, pg_arena(p), parts, n), NULL);
}

static void plan_pair_page(struct site *s, enum lang l, size_t ga, size_t gb,
			   struct buf *scratch)
{
	struct page_ctx pp = pg_planning(s, l, NULL, scratch), *p = &pp;
	pp.path = pg_pair_path(p, ga, gb);
	pg_add_lazy_page(s, p, "pages/compare", pg_pair_title(p, ga, gb),
		      pair_page_desc(p, ga, gb), "compare",
		      build_pair_page, ga, gb, pg_crumbs_for(p, "nav.compare", "compare/"));
	struct page_spec *spec = &s->plan.pages[s->plan.npages - 1];
	spec->inputs = pair_page_inputs;
	spec->complete = complete_pair_page;
}

/* ---- the comparison index and the headline pairs ---- */

/* How much two GPUs can be compared: benchmarks with both results plus
 * tasks with both costs. */
static size_t pair_richness(const struct site_inputs *in, size_t ga, size_t gb)
{
	const struct data *d = &in->data;
	size_t n = 0;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		n += figure_ok(metrics_result(d, b, ga)) && figure_ok(metrics_result(d, b, gb));
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(d, &in->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(d, &in->metrics, t, gb);
		n += ca && cb && figure_ok(ca->cost) && figure_ok(cb->cost);
	}
	return n;
}

/* A pair of GPUs, the lower index first. */
struct headline_pick {
	size_t a, b, richness;
	bool asked; /* named together by a use-case recommendation */
};

static bool pair_listed(const struct headline_pick *v, size_t n, size_t a, size_t b)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].a == a && v[i].b == b)
			return true;
	return false;
}

static void pair_push(const struct site_inputs *in, struct headline_pick *v, size_t *n, size_t cap,
		      long x, long y, bool asked)
{
	if (x < 0 || y < 0 || x == y || *n >= cap)
		return;
	size_t a = (size_t)(x < y ? x : y), b = (size_t)(x < y ? y : x);
	if (pair_listed(v, *n, a, b))
		return;
	v[(*n)++] = (struct headline_pick){ a, b, pair_richness(in, a, b), asked };
}

/* Pairs buyers ask about first: those a use-case recommendation names
 * together (its budget, recommended and fastest cards), richest in shared
 * figures first; then the richest other pairs; COMPARE_HEADLINES in all,
 * each with a figure in common. */
static size_t headline_picks(const struct site_inputs *in, struct arena *a,
			     struct headline_pick *out)
{
	const struct data *d = &in->data;
	size_t cap = d->nuse_cases * 3 + d->ngpus * d->ngpus + 1, n = 0;
	struct headline_pick *v = arena_alloc(a, cap * sizeof *v);
	for (size_t u = 0; u < d->nuse_cases; u++) {
		const struct use_case *uc = &d->use_cases[u];
		pair_push(in, v, &n, cap, uc->budget, uc->recommended, true);
		pair_push(in, v, &n, cap, uc->recommended, uc->fastest, true);
		pair_push(in, v, &n, cap, uc->budget, uc->fastest, true);
	}
	for (size_t x = 0; x < d->ngpus; x++)
		for (size_t y = x + 1; y < d->ngpus; y++)
			pair_push(in, v, &n, cap, (long)x, (long)y, false);
	/* asked first, then richer; stable, so data order among equals */
	for (size_t i = 1; i < n; i++) {
		struct headline_pick t = v[i];
		size_t j = i;
		while (j > 0 && (t.asked > v[j - 1].asked ||
				 (t.asked == v[j - 1].asked && t.richness > v[j - 1].richness))) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = t;
	}
	size_t k = 0;
	for (size_t i = 0; i < n && k < COMPARE_HEADLINES; i++)
		if (v[i].richness)
			out[k++] = v[i];
	return k;
}

size_t pages_compare_headline_pairs(const struct page_ctx *p, size_t pairs[][2])
{
	struct headline_pick best[COMPARE_HEADLINES];
	size_t n = headline_picks(p->in, p->arena, best);
	for (size_t i = 0; i < n; i++) {
		pairs[i][0] = best[i].a;
		pairs[i][1] = best[i].b;
	}
	return n;
}

/* The headline pairs (headline_picks), each {title, href, summary}: the
 * summary is the pair's bottom line. */
static struct value *headline_pairs(const struct page_ctx *p)
{
	struct arena *a = pg_arena(p);
	struct headline_pick best[COMPARE_HEADLINES];
	size_t n = headline_picks(p->in, p->arena, best);
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < n; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "title", pg_pair_title(p, best[i].a, best[i].b));
		value_map_set_str(a, m, "href", pg_href_to(p, pg_pair_path(p, best[i].a, best[i].b)));
		value_map_set_str(a, m, "summary", compare_bottom_line(p, best[i].a, best[i].b));
		value_list_push(a, list, m);
	}
	return list;
}

/* The comparison index of language l: every pair under its first card,
 * the pairs with figures in common marked, and the headline pairs. */
static void index_plan(struct site *s, enum lang l)
{
	struct page_ctx pp = pg_planning(s, l, "compare/", NULL), *p = &pp;
	struct arena *a = &s->arena;
	struct value *groups = value_new_list(a);
	for (size_t x = 0; x + 1 < s->in.data.ngpus; x++) {
		struct value *grp = pg_gpu_link(p, x), *pairs = value_new_list(a);
		for (size_t y = x + 1; y < s->in.data.ngpus; y++) {
			struct value *m = value_new_map(a);
			value_map_set_str(a, m, "title", pg_pair_title(p, x, y));
			value_map_set_str(a, m, "href", pg_href_to(p, pg_pair_path(p, x, y)));
			size_t rich = pair_richness(&s->in, x, y);
			value_map_set_num(a, m, "richness", (double)rich);
			value_map_set_bool(a, m, "shared", rich > 0);
			value_list_push(a, pairs, m);
		}
		value_map_set(a, grp, "pairs", pairs);
		value_list_push(a, groups, grp);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "groups", groups);
	/* how complete each card's data is: what a comparison can rest on */
	struct value *cards = value_new_list(a);
	for (size_t g = 0; g < s->in.data.ngpus; g++) {
		struct value *c = pg_gpu_link(p, g);
		value_map_set_str(a, c, "complete", gpu_specs_completeness(p, g));
		value_list_push(a, cards, c);
	}
	value_map_set(a, ctx, "cards", cards);
	struct value *heads = headline_pairs(p);
	value_map_set(a, ctx, "headlines", heads);
	value_map_set_bool(a, ctx, "has_headlines", value_list_len(heads) > 0);
	pg_add_page(s, p, "pages/compare-index", pg_tr(p, "cmp.index_title"),
		 pg_tr(p, "cmp.index_desc"), "compare", ctx, pg_crumbs_for(p, NULL, NULL));
}

struct value *pages_compare_headlines(const struct page_ctx *p)
{
	return headline_pairs(p);
}

void pages_compare_prepare(struct site *s)
{
	struct pages_kit *k = pg_kit(s);
	if (k->pairs_made)
		return;
	k->pairs_made = true;
	/* comparisons need two GPUs, and the metrics (absent when the build
	 * failed before planning) */
	if (s->in.data.ngpus >= 2 && s->in.metrics.prices)
		for (int l = 0; l < LANG_COUNT; l++)
			k->pairs[l] = pair_sides_make(s, (enum lang)l);
}

void pages_compare_plan(struct site *s, enum lang l, struct buf *scratch)
{
	index_plan(s, l);
	for (size_t x = 0; x < s->in.data.ngpus; x++)
		for (size_t y = x + 1; y < s->in.data.ngpus; y++)
			plan_pair_page(s, l, x, y, scratch);
}
