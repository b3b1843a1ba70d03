#include "model/findings.h"

#include "base/csv.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Whether `actual` differs from `expected` by more than METRICS_TOLERANCE of
 * `expected`. */
static bool beyond_tolerance(double actual, double expected)
{
	return fabs(actual - expected) > METRICS_TOLERANCE * fabs(expected);
}

/* A growing list of findings on the heap, copied into the arena at the end
 * (an arena cannot grow a block in place). */
struct finding_list {
	struct finding *items;
	size_t n, cap;
};

static struct finding *finding_add(struct finding_list *l, enum finding_kind kind)
{
	ALLOC_GROW(l->items, l->n, l->cap);
	struct finding *f = &l->items[l->n++];
	*f = (struct finding){
		.kind = kind,
		.gpu = -1, .other_gpu = -1, .task = -1, .benchmark = -1,
		.claim = -1, .vram_row = -1, .stated_cost = -1, .price_row = -1,
	};
	return f;
}

static void find_price_spreads(const struct data *d, const struct metrics *m,
			       struct finding_list *l)
{
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct gpu_prices *p = &m->prices[g];
		if (p->count < 2 || p->low.value == p->high.value)
			continue;
		struct finding *f = finding_add(l, FINDING_PRICE_SPREAD);
		f->gpu = (long)g;
		f->stated = p->low.value;
		f->computed = p->high.value;
	}
}

static void find_claim_mismatches(const struct data *d, struct finding_list *l)
{
	for (size_t c = 0; c < d->nclaims; c++) {
		const struct claim *cl = &d->claims[c];
		double lo = cl->low * (1.0 - METRICS_TOLERANCE);
		double hi = cl->high * (1.0 + METRICS_TOLERANCE);
		for (size_t b = 0; b < d->nbenchmarks; b++) {
			if (!data_claim_about(d, cl, b))
				continue;
			struct figure r = metrics_speed_ratio(d, b, cl->gpu, cl->other);
			if (!figure_ok(r) || (r.value >= lo && r.value <= hi))
				continue;
			struct finding *f = finding_add(l, FINDING_CLAIM_MISMATCH);
			f->gpu = (long)cl->gpu;
			f->other_gpu = (long)cl->other;
			f->benchmark = (long)b;
			f->claim = (long)c;
			f->stated = cl->low;
			f->stated_high = cl->high;
			f->computed = r.value;
		}
	}
}

/* The relative speed a job's times on `gpu` are held against: the card's
 * result on the job's own model (the task's speed_benchmark: *benchmark),
 * else the mean of its relative speeds (*benchmark -1). */
static struct figure stated_speed(const struct data *d, const struct metrics *m, size_t task,
				  size_t gpu, long *benchmark)
{
	long b = d->tasks[task].speed_benchmark;
	struct figure f = b >= 0 ? metrics_speed_vs_baseline(d, m, (size_t)b, gpu)
				 : (struct figure){ 0, "why.no_result" };
	*benchmark = figure_ok(f) ? b : -1;
	return figure_ok(f) ? f : metrics_mean_relative_speed(d, m, gpu);
}

/* Task times imply a speed: base card-hours / GPU card-hours for one task
 * (with one card each, base hours / GPU hours). Held against the stated
 * relative speed (stated_speed). */
static void find_speed_mismatches(const struct data *d, const struct metrics *m,
				  struct finding_list *l)
{
	if (m->baseline_gpu < 0)
		return;
	size_t base = (size_t)m->baseline_gpu;
	for (size_t g = 0; g < d->ngpus; g++) {
		if (g == base)
			continue;
		for (size_t t = 0; t < d->ntasks; t++) {
			long bench;
			struct figure stated = stated_speed(d, m, t, g, &bench);
			if (!figure_ok(stated))
				continue;
			const struct task_cost *mine = metrics_task_cost(d, m, t, g);
			const struct task_cost *theirs = metrics_task_cost(d, m, t, base);
			if (!figure_ok(mine->hours) || !figure_ok(theirs->hours))
				continue;
			double mine_card_hours = mine->hours.value * mine->gpu_count;
			if (mine_card_hours == 0.0)
				continue;
			double implied = theirs->hours.value * theirs->gpu_count /
					 mine_card_hours;
			if (!isfinite(implied) || !beyond_tolerance(implied, stated.value))
				continue;
			struct finding *f = finding_add(l, FINDING_SPEED_MISMATCH);
			f->gpu = (long)g;
			f->other_gpu = (long)base;
			f->task = (long)t;
			f->benchmark = bench;
			f->stated = stated.value;
			f->computed = implied;
		}
	}
}

static void find_vram_rule_misses(const struct data *d, struct finding_list *l)
{
	for (size_t r = 0; r < d->nvram; r++) {
		const struct vram_rule *v = &d->vram[r];
		struct figure need = metric_vram_needed_gb(v->params_b, v->precision);
		if (!figure_ok(need) || !beyond_tolerance(v->gb, need.value))
			continue;
		struct finding *f = finding_add(l, FINDING_VRAM_RULE);
		f->vram_row = (long)r;
		f->stated = v->gb;
		f->computed = need.value;
	}
}

static void find_stated_cost_misses(const struct data *d, const struct metrics *m,
				    struct finding_list *l)
{
	for (size_t i = 0; i < d->nstated_costs; i++) {
		const struct stated_check *k = &m->checks[i];
		if (!figure_ok(k->computed) || k->agrees)
			continue;
		const struct stated_cost *sc = &d->stated_costs[i];
		struct finding *f = finding_add(l, FINDING_STATED_COST);
		f->stated_cost = (long)i;
		f->gpu = (long)sc->gpu;
		f->task = sc->task;
		f->stated = sc->usd;
		f->stated_high = sc->usd_max.ok ? sc->usd_max.v : sc->usd;
		f->computed = k->computed.value;
		f->computed_high = figure_ok(k->computed_max) ? k->computed_max.value
							      : k->computed.value;
	}
}

/* Quotes whose stated total is not cards x the per-card price (data_load
 * warns about them too; the health page lists them). */
static void find_quote_total_misses(const struct data *d, struct finding_list *l)
{
	const struct table *t = &d->tables[TABLE_PRICES];
	long col = csv_table_column(t, "total_usd_per_hour");
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *p = &d->prices[i];
		if (!p->total.ok || col < 0 || p->row >= t->nrows)
			continue;
		double computed = data_quote_cards_total(p);
		if (metric_agrees(t->rows[p->row][col], false, computed))
			continue;
		struct finding *f = finding_add(l, FINDING_QUOTE_TOTAL);
		f->price_row = (long)i;
		f->gpu = (long)p->gpu;
		f->stated = f->stated_high = p->total.v;
		f->computed = f->computed_high = computed;
	}
}

const enum gpu_column findings_missing_columns[FINDINGS_MISSING_COLUMNS] = {
	GPU_COL_VRAM, GPU_COL_BANDWIDTH, GPU_COL_FP16, GPU_COL_TDP,
};

/* The figures of a card no source gives, among those most pages work from. */
static void find_missing_figures(const struct data *d, struct finding_list *l)
{
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct gpu *gpu = &d->gpus[g];
		for (size_t i = 0; i < FINDINGS_MISSING_COLUMNS; i++) {
			enum gpu_column col = findings_missing_columns[i];
			if (gpu_column_num(gpu, col).ok)
				continue;
			struct finding *f = finding_add(l, FINDING_MISSING);
			f->gpu = (long)g;
			f->field = gpu_columns[col].name;
		}
	}
}

void findings_compute(const struct data *d, struct metrics *m)
{
	/* Only the arena is written to; the tables stay untouched. */
	struct arena *a = &((struct data *)d)->arena;
	struct finding_list l = { NULL, 0, 0 };
	find_price_spreads(d, m, &l);
	find_claim_mismatches(d, &l);
	find_speed_mismatches(d, m, &l);
	find_vram_rule_misses(d, &l);
	find_stated_cost_misses(d, m, &l);
	find_quote_total_misses(d, &l);
	find_missing_figures(d, &l);
	m->findings = arena_alloc(a, l.n * sizeof *m->findings);
	if (l.n)
		memcpy(m->findings, l.items, l.n * sizeof *l.items);
	m->nfindings = l.n;
	free(l.items);
}

bool findings_time_questioned(const struct metrics *m, size_t task, size_t gpu)
{
	for (size_t i = 0; i < m->nfindings; i++) {
		const struct finding *f = &m->findings[i];
		if (f->kind == FINDING_SPEED_MISMATCH && f->task == (long)task &&
		    f->gpu == (long)gpu)
			return true;
	}
	return false;
}
