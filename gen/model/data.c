#include "model/data.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/numfmt.h"
#include "model/data_files.h"
#include "model/schema.h"
#include "base/strmap.h"
#include "base/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "<display_dir>/<file>", or just the file when there is no display dir. */
static char *display_path(struct arena *a, const char *display_dir,
			  const char *file)
{
	if (!display_dir || !*display_dir)
		return arena_strdup(a, file);
	return arena_printf(a, "%s/%s", display_dir, file);
}

/* ---- Typed rows ---- */

/* The cell of row r in column `name`, "" when the column is missing. */
static const char *cell(const struct table *t, size_t r, const char *name)
{
	long c = csv_table_column(t, name);
	return c < 0 ? "" : t->rows[r][c];
}

static struct num cell_num(const struct table *t, size_t r, const char *name)
{
	struct num n = { 0, false };
	n.ok = schema_parse_number(cell(t, r, name), &n.v);
	if (!n.ok)
		n.v = 0;
	return n;
}

static double cell_double(const struct table *t, size_t r, const char *name)
{
	return cell_num(t, r, name).v;
}

/* A whole number >= 1 from a cell, 0 when empty or not one (reported). */
static int cell_int(const struct table *t, size_t r, const char *name)
{
	long v = 0;
	if (!schema_parse_integer(cell(t, r, name), &v) || v < 1 || v > INT_MAX)
		return 0;
	return (int)v;
}

/* A count of cards: 1 when the cell is empty. */
static int cell_count(const struct table *t, size_t r, const char *name)
{
	int n = cell_int(t, r, name);
	return n ? n : 1;
}

static bool cell_yes(const struct table *t, size_t r, const char *name)
{
	return strcmp(cell(t, r, name), "yes") == 0;
}

static long task_index(const struct data *d, const char *id)
{
	for (size_t i = 0; i < d->ntasks; i++)
		if (strcmp(d->tasks[i].id, id) == 0)
			return (long)i;
	return -1;
}

static long benchmark_index(const struct data *d, const char *id)
{
	for (size_t i = 0; i < d->nbenchmarks; i++)
		if (strcmp(d->benchmarks[i].id, id) == 0)
			return (long)i;
	return -1;
}

/* An index for a typed row's reference: SIZE_MAX when the id is unknown
 * (which was reported; the data is then not used). */
static size_t ref_index(long i)
{
	return i < 0 ? SIZE_MAX : (size_t)i;
}

#define TYPED_ALLOC(d, field, count, t)                                      \
	do {                                                                 \
		(count) = (t)->nrows;                                        \
		(field) = arena_alloc(&(d)->arena,                           \
				      ((t)->nrows ? (t)->nrows : 1) *        \
					      sizeof *(field));              \
	} while (0)

static void fill_sources(struct data *d)
{
	const struct table *t = &d->tables[TABLE_SOURCES];
	TYPED_ALLOC(d, d->sources, d->nsources, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct source *s = &d->sources[r];
		s->id = cell(t, r, "id");
		s->title = cell(t, r, "title");
		s->title_en = cell(t, r, "title_en");
		s->title_zh = cell(t, r, "title_zh");
		s->publisher = cell(t, r, "publisher");
		s->date = cell(t, r, "date");
		s->lang = cell(t, r, "lang");
		s->url = cell(t, r, "url");
		s->kind_en = cell(t, r, "kind_en");
		s->kind_zh = cell(t, r, "kind_zh");
		s->takes_en = cell(t, r, "takes_en");
		s->takes_zh = cell(t, r, "takes_zh");
		s->interest_en = cell(t, r, "interest_en");
		s->interest_zh = cell(t, r, "interest_zh");
		s->line = t->lines[r];
	}
}

/* ---- gpus.csv's numeric columns ---- */

#define COLUMN(col, field, unit, ledger_unit, better) \
	[col] = { #field, offsetof(struct gpu, field), unit, ledger_unit, better }

const struct gpu_column_info gpu_columns[GPU_COL_COUNT] = {
	COLUMN(GPU_COL_VRAM, vram_gb, "unit.gb", "GB", 1),
	COLUMN(GPU_COL_BANDWIDTH, bandwidth_gbs, "unit.gbs", "GB/s", 1),
	COLUMN(GPU_COL_FP16, fp16_tflops, "unit.tflops", "TFLOPS", 1),
	COLUMN(GPU_COL_FP32, fp32_tflops, "unit.tflops", "TFLOPS", 1),
	COLUMN(GPU_COL_NVLINK, nvlink_gbs, "unit.gbs", "GB/s", 1),
	COLUMN(GPU_COL_PCIE, pcie_gbs, "unit.gbs", "GB/s", 1),
	/* the same work for less power */
	COLUMN(GPU_COL_TDP, tdp_w, "unit.w", "W", -1),
	COLUMN(GPU_COL_PRICE_MIN, price_usd_min, NULL, "USD", -1),
	COLUMN(GPU_COL_PRICE_MAX, price_usd_max, NULL, "USD", -1),
};

int gpu_column_named(const char *name)
{
	for (int c = 0; c < GPU_COL_COUNT; c++)
		if (!strcmp(gpu_columns[c].name, name))
			return c;
	return -1;
}

struct num *gpu_column_slot(struct gpu *g, enum gpu_column col)
{
	return (struct num *)(void *)((char *)g + gpu_columns[col].offset);
}

struct num gpu_column_num(const struct gpu *g, enum gpu_column col)
{
	struct num n;
	memcpy(&n, (const char *)g + gpu_columns[col].offset, sizeof n);
	return n;
}

static void fill_gpus(struct data *d)
{
	const struct table *t = &d->tables[TABLE_GPUS];
	TYPED_ALLOC(d, d->gpus, d->ngpus, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct gpu *g = &d->gpus[r];
		g->id = cell(t, r, "id");
		g->name = cell(t, r, "name");
		g->segment = cell(t, r, "segment");
		g->memory_type = cell(t, r, "memory_type");
		g->tensor_core_gen = cell(t, r, "tensor_core_gen");
		g->source = cell(t, r, "source");
		for (int c = 0; c < GPU_COL_COUNT; c++)
			*gpu_column_slot(g, (enum gpu_column)c) = cell_num(t, r, gpu_columns[c].name);
		const char *fp8 = cell(t, r, "fp8");
		g->fp8 = strcmp(fp8, "yes") == 0 ? 1 : strcmp(fp8, "no") == 0 ? 0 : -1;
		g->row = r;
	}
}

double data_quote_cards_total(const struct price *q)
{
	return (q->cards < 1 ? 1 : q->cards) * q->usd_per_hour;
}

double data_quote_total(const struct price *q)
{
	return q->total.ok ? q->total.v : data_quote_cards_total(q);
}

static void fill_prices(struct data *d)
{
	const struct table *t = &d->tables[TABLE_PRICES];
	TYPED_ALLOC(d, d->prices, d->nprices, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct price *p = &d->prices[r];
		p->gpu_id = cell(t, r, "gpu_id");
		p->provider = cell(t, r, "provider");
		p->kind = cell(t, r, "kind");
		p->as_of = cell(t, r, "as_of");
		p->source = cell(t, r, "source");
		p->usd_per_hour = cell_double(t, r, "usd_per_hour");
		p->cards = cell_count(t, r, "cards");
		p->total = cell_num(t, r, "total_usd_per_hour");
		p->gpu = ref_index(data_gpu_index(d, p->gpu_id));
		p->row = r;
	}
}

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

/* The rule of a series, as a key: one GPU, number of cards and kind of
 * price from one provider, or, where no provider is named, from one source. */
static void series_key(const struct price *p, struct buf *key)
{
	buf_addf(key, "%zu\x1f%d\x1f%s\x1f%s", p->gpu, p->cards, or_empty(p->kind),
		 or_empty(p->provider));
	if (!*or_empty(p->provider))
		buf_addf(key, "\x1f%s", or_empty(p->source));
}

bool data_same_series(const struct price *a, const struct price *b)
{
	struct buf ka = BUF_INIT, kb = BUF_INIT;
	series_key(a, &ka);
	series_key(b, &kb);
	bool same = ka.len == kb.len && !memcmp(ka.ptr, kb.ptr, ka.len);
	buf_release(&ka);
	buf_release(&kb);
	return same;
}

/* Number each quote's series (by its key, through a map: linear in the
 * quotes) and list each series' quotes in file order. */
static void index_series(struct data *d)
{
	struct strmap seen = STRMAP_INIT;
	struct buf key = BUF_INIT;
	size_t *count = xcalloc(d->nprices + 1, sizeof *count);
	d->nseries = 0;
	for (size_t i = 0; i < d->nprices; i++) {
		buf_reset(&key);
		series_key(&d->prices[i], &key);
		bool created;
		size_t *slot = strmap_slot_n(&seen, key.ptr, key.len, &created);
		if (created)
			*slot = d->nseries++;
		d->prices[i].series = *slot;
		count[*slot]++;
	}
	d->series_at = arena_alloc(&d->arena, (d->nseries + 1) * sizeof *d->series_at);
	d->series_rows = arena_alloc(&d->arena, (d->nprices + 1) * sizeof *d->series_rows);
	size_t at = 0;
	for (size_t k = 0; k < d->nseries; k++) {
		d->series_at[k] = at;
		at += count[k];
		count[k] = d->series_at[k]; /* now: where its next row goes */
	}
	d->series_at[d->nseries] = at;
	for (size_t i = 0; i < d->nprices; i++)
		d->series_rows[count[d->prices[i].series]++] = i;
	free(count);
	buf_release(&key);
	strmap_free(&seen);
}

/* A quote is superseded by a later dated quote of its series (an undated
 * one by any dated one): one provider's quotes over time are its history,
 * the newest its price. */
static void mark_superseded(struct data *d)
{
	for (size_t k = 0; k < d->nseries; k++) {
		const char *newest = NULL; /* the series' latest date */
		for (size_t r = d->series_at[k]; r < d->series_at[k + 1]; r++) {
			const char *as_of = or_empty(d->prices[d->series_rows[r]].as_of);
			if (*as_of && (!newest || strcmp(as_of, newest) > 0))
				newest = as_of;
		}
		for (size_t r = d->series_at[k]; r < d->series_at[k + 1]; r++) {
			struct price *p = &d->prices[d->series_rows[r]];
			p->superseded = newest && strcmp(newest, or_empty(p->as_of)) > 0;
		}
	}
}

static void fill_benchmarks(struct data *d)
{
	const struct table *t = &d->tables[TABLE_BENCHMARKS];
	TYPED_ALLOC(d, d->benchmarks, d->nbenchmarks, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct benchmark *b = &d->benchmarks[r];
		b->id = cell(t, r, "id");
		b->name_en = cell(t, r, "name_en");
		b->name_zh = cell(t, r, "name_zh");
		b->kind = cell(t, r, "kind");
		b->unit = cell(t, r, "unit");
		b->source = cell(t, r, "source");
		b->higher_is_better = cell_yes(t, r, "higher_is_better");
		b->params_b = cell_num(t, r, "params_b");
		b->row = r;
	}
}

static void fill_results(struct data *d)
{
	const struct table *t = &d->tables[TABLE_RESULTS];
	TYPED_ALLOC(d, d->results, d->nresults, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct result *x = &d->results[r];
		x->benchmark_id = cell(t, r, "benchmark_id");
		x->gpu_id = cell(t, r, "gpu_id");
		x->source = cell(t, r, "source");
		x->value = cell_double(t, r, "value");
		x->batch_size = cell_int(t, r, "batch_size");
		x->gpu_count = cell_int(t, r, "gpu_count");
		x->benchmark = ref_index(benchmark_index(d, x->benchmark_id));
		x->gpu = ref_index(data_gpu_index(d, x->gpu_id));
		x->row = r;
	}
}

static void fill_tasks(struct data *d)
{
	const struct table *t = &d->tables[TABLE_TASKS];
	TYPED_ALLOC(d, d->tasks, d->ntasks, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct task *k = &d->tasks[r];
		k->id = cell(t, r, "id");
		k->name_en = cell(t, r, "name_en");
		k->name_zh = cell(t, r, "name_zh");
		k->source = cell(t, r, "source");
		k->params_b = cell_num(t, r, "params_b");
		k->job = cell(t, r, "job");
		k->precision = cell(t, r, "precision");
		k->speed_benchmark = benchmark_index(d, cell(t, r, "speed_benchmark"));
		k->row = r;
	}
}

static void fill_task_times(struct data *d)
{
	const struct table *t = &d->tables[TABLE_TASK_TIMES];
	TYPED_ALLOC(d, d->task_times, d->ntask_times, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct task_time *x = &d->task_times[r];
		x->task_id = cell(t, r, "task_id");
		x->gpu_id = cell(t, r, "gpu_id");
		x->source = cell(t, r, "source");
		x->hours = cell_double(t, r, "hours");
		x->hours_max = cell_num(t, r, "hours_max");
		x->gpu_count = cell_count(t, r, "gpu_count");
		x->task = ref_index(task_index(d, x->task_id));
		x->gpu = ref_index(data_gpu_index(d, x->gpu_id));
		x->row = r;
	}
}

static void fill_vram(struct data *d)
{
	const struct table *t = &d->tables[TABLE_VRAM];
	TYPED_ALLOC(d, d->vram, d->nvram, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct vram_rule *v = &d->vram[r];
		v->params_b = cell_double(t, r, "params_b");
		v->precision = cell(t, r, "precision");
		v->gb = cell_double(t, r, "gb");
		v->source = cell(t, r, "source");
		v->row = r;
	}
}

static void fill_techniques(struct data *d)
{
	const struct table *t = &d->tables[TABLE_TECHNIQUES];
	TYPED_ALLOC(d, d->techniques, d->ntechniques, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct technique *x = &d->techniques[r];
		x->id = cell(t, r, "id");
		x->name_en = cell(t, r, "name_en");
		x->name_zh = cell(t, r, "name_zh");
		x->speed_low = cell_num(t, r, "speed_low");
		x->speed_high = cell_num(t, r, "speed_high");
		x->vram_cut = cell(t, r, "vram_cut");
		x->vram_low = cell_num(t, r, "vram_low");
		x->vram_high = cell_num(t, r, "vram_high");
		static const char *const sfx[2] = { "_en", "_zh" };
		for (int l = 0; l < 2; l++) {
			char name[32];
			snprintf(name, sizeof name, "speed_scope%s", sfx[l]);
			x->speed_scope[l] = cell(t, r, name);
			snprintf(name, sizeof name, "speed_text%s", sfx[l]);
			x->speed_text[l] = cell(t, r, name);
			snprintf(name, sizeof name, "vram_scope%s", sfx[l]);
			x->vram_scope[l] = cell(t, r, name);
			snprintf(name, sizeof name, "vram_text%s", sfx[l]);
			x->vram_text[l] = cell(t, r, name);
		}
		x->difficulty = cell(t, r, "difficulty");
		x->notes_en = cell(t, r, "notes_en");
		x->notes_zh = cell(t, r, "notes_zh");
		x->source = cell(t, r, "source");
		x->row = r;
	}
}

/* The cards of a use case's role cell ("rtx-4090;l40s", ids checked by the
 * schema): the first's index (-1 when none), the others' in *others. */
static long use_case_picks(struct data *d, const char *cell, const long **others,
			   size_t *n)
{
	size_t count = 0;
	for (const char *s = cell; *s; s++)
		count += *s == ';';
	long *alt = arena_alloc(&d->arena, (count ? count : 1) * sizeof *alt);
	long first = -1;
	*n = 0;
	for (const char *s = cell; *s;) {
		size_t len = strcspn(s, ";");
		long g = data_gpu_index(d, arena_strndup(&d->arena, s, len));
		if (s == cell)
			first = g;
		else if (g >= 0)
			alt[(*n)++] = g;
		s += len + (s[len] == ';');
	}
	*others = alt;
	return first;
}

static void fill_use_cases(struct data *d)
{
	const struct table *t = &d->tables[TABLE_USE_CASES];
	TYPED_ALLOC(d, d->use_cases, d->nuse_cases, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct use_case *u = &d->use_cases[r];
		u->id = cell(t, r, "id");
		u->name_en = cell(t, r, "name_en");
		u->name_zh = cell(t, r, "name_zh");
		u->budget_gpu = cell(t, r, "budget_gpu");
		u->recommended_gpu = cell(t, r, "recommended_gpu");
		u->fastest_gpu = cell(t, r, "fastest_gpu");
		const char *cells[3] = { u->budget_gpu, u->recommended_gpu, u->fastest_gpu };
		long *first[3] = { &u->budget, &u->recommended, &u->fastest };
		for (int role = 0; role < 3; role++)
			*first[role] = use_case_picks(d, cells[role], &u->alternatives[role],
						      &u->nalternatives[role]);
		u->reason_en = cell(t, r, "reason_en");
		u->reason_zh = cell(t, r, "reason_zh");
		u->source = cell(t, r, "source");
		u->row = r;
	}
}

static void fill_claims(struct data *d)
{
	const struct table *t = &d->tables[TABLE_CLAIMS];
	TYPED_ALLOC(d, d->claims, d->nclaims, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct claim *c = &d->claims[r];
		c->id = cell(t, r, "id");
		c->gpu_id = cell(t, r, "gpu_id");
		c->other_gpu_id = cell(t, r, "other_gpu_id");
		c->kind = cell(t, r, "kind");
		c->benchmark_ids = cell(t, r, "benchmark_ids");
		c->low = cell_double(t, r, "low");
		c->high = cell_double(t, r, "high");
		c->text_en = cell(t, r, "text_en");
		c->text_zh = cell(t, r, "text_zh");
		c->source = cell(t, r, "source");
		c->gpu = ref_index(data_gpu_index(d, c->gpu_id));
		c->other = ref_index(data_gpu_index(d, c->other_gpu_id));
		c->row = r;
	}
}

static void fill_stated_costs(struct data *d)
{
	const struct table *t = &d->tables[TABLE_STATED_COSTS];
	TYPED_ALLOC(d, d->stated_costs, d->nstated_costs, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct stated_cost *c = &d->stated_costs[r];
		c->id = cell(t, r, "id");
		c->task_id = cell(t, r, "task_id");
		c->gpu_id = cell(t, r, "gpu_id");
		c->period = cell(t, r, "period");
		c->source = cell(t, r, "source");
		c->task = *c->task_id ? task_index(d, c->task_id) : -1;
		c->gpu = ref_index(data_gpu_index(d, c->gpu_id));
		c->cards = cell_count(t, r, "cards");
		c->monthly = strcmp(c->period, "month") == 0;
		c->usd = cell_double(t, r, "usd");
		c->usd_max = cell_num(t, r, "usd_max");
		c->usd_text = cell(t, r, "usd");
		c->usd_max_text = cell(t, r, "usd_max");
		c->approx = cell_yes(t, r, "approx");
		c->row = r;
	}
}

static long stated_cost_index(const struct data *d, const char *id)
{
	for (size_t i = 0; i < d->nstated_costs; i++)
		if (strcmp(d->stated_costs[i].id, id) == 0)
			return (long)i;
	return -1;
}

static void fill_case_studies(struct data *d)
{
	const struct table *t = &d->tables[TABLE_CASE_STUDIES];
	TYPED_ALLOC(d, d->case_studies, d->ncase_studies, t);
	for (size_t r = 0; r < t->nrows; r++) {
		struct case_study *c = &d->case_studies[r];
		c->id = cell(t, r, "id");
		c->name_en = cell(t, r, "name_en");
		c->name_zh = cell(t, r, "name_zh");
		c->goal_en = cell(t, r, "goal_en");
		c->goal_zh = cell(t, r, "goal_zh");
		c->method_en = cell(t, r, "method_en");
		c->method_zh = cell(t, r, "method_zh");
		c->stated_cost_id = cell(t, r, "stated_cost");
		c->benchmark_id = cell(t, r, "benchmark_id");
		c->source = cell(t, r, "source");
		c->stated = ref_index(stated_cost_index(d, c->stated_cost_id));
		c->benchmark = *c->benchmark_id ? benchmark_index(d, c->benchmark_id) : -1;
		c->row = r;
	}
}

/* Index the GPUs by id; of two with one id the first is found, as a scan
 * finds it. */
static void index_gpus(struct data *d)
{
	d->gpu_ids = (struct strmap)STRMAP_INIT_BORROWED;
	for (size_t g = 0; g < d->ngpus; g++) {
		bool created;
		size_t *slot = strmap_slot(&d->gpu_ids, d->gpus[g].id, &created);
		if (created)
			*slot = g + 1;
	}
}

/* Fill every typed array from the raw tables (referenced tables first). */
static void data_fill_typed(struct data *d)
{
	fill_sources(d);
	fill_gpus(d);
	index_gpus(d); /* the tables after gpus refer to GPUs by id */
	fill_prices(d);
	index_series(d);
	mark_superseded(d);
	fill_benchmarks(d);
	fill_results(d);
	fill_tasks(d);
	fill_task_times(d);
	fill_vram(d);
	fill_techniques(d);
	fill_use_cases(d);
	fill_claims(d);
	fill_stated_costs(d);
	fill_case_studies(d);
}

/* ---- Checks across cells and tables ---- */

/* The 1-based column of `name` in t, 0 when it has none. */
static int column_no(const struct table *t, const char *name)
{
	return (int)(csv_table_column(t, name) + 1);
}

/* A quote's total is for `cards` cards: it needs the count, and it should
 * be cards x the per-card price, up to the total's own rounding. */
static void check_quotes(const struct data *d, struct diag *diag)
{
	const struct table *t = &d->tables[TABLE_PRICES];
	for (size_t r = 0; r < d->nprices && r < t->nrows; r++) {
		const struct price *p = &d->prices[r];
		if (!p->total.ok)
			continue;
		const char *total = cell(t, r, "total_usd_per_hour");
		int col = column_no(t, "total_usd_per_hour");
		if (!*cell(t, r, "cards")) {
			diag_error(diag, t->path, t->lines[r], col,
				   "total_usd_per_hour %s is given but cards is empty: say how many cards the total is for",
				   total);
			continue;
		}
		double computed = data_quote_cards_total(p);
		if (fabs(computed - p->total.v) > numfmt_rounding(total, false) + 1e-9)
			diag_warning(diag, t->path, t->lines[r], col,
				     "total_usd_per_hour %s for %d cards disagrees with cards × usd_per_hour = %d × %s = %g",
				     total, p->cards, p->cards,
				     cell(t, r, "usd_per_hour"), computed);
	}
}

/* The task_times row a stated job cost was computed from, or -1. */
long data_stated_time_row(const struct data *d, const struct stated_cost *c)
{
	for (size_t i = 0; i < d->ntask_times; i++) {
		const struct task_time *tt = &d->task_times[i];
		if ((long)tt->task == c->task && tt->gpu == c->gpu &&
		    strcmp(tt->source, c->source) == 0)
			return (long)i;
	}
	return -1;
}

/* A stated job cost needs its time, on as many cards as it says. */
static void check_stated_costs(const struct data *d, struct diag *diag)
{
	const struct table *t = &d->tables[TABLE_STATED_COSTS];
	for (size_t r = 0; r < d->nstated_costs && r < t->nrows; r++) {
		const struct stated_cost *c = &d->stated_costs[r];
		int line = t->lines[r];
		if (c->monthly) {
			if (c->task >= 0)
				diag_error(diag, t->path, line, column_no(t, "task_id"),
					   "stated cost \"%s\" is for a month of serving: leave task_id empty",
					   c->id);
			continue;
		}
		if (!*c->task_id) {
			diag_error(diag, t->path, line, column_no(t, "task_id"),
				   "stated cost \"%s\" is for one job but names no task_id",
				   c->id);
			continue;
		}
		long tr = data_stated_time_row(d, c);
		if (tr < 0) {
			diag_error(diag, t->path, line, column_no(t, "usd"),
				   "stated cost \"%s\" has no time: %s has no row for %s on %s from source %s",
				   c->id, d->tables[TABLE_TASK_TIMES].path, c->task_id,
				   c->gpu_id, c->source);
			continue;
		}
		const struct task_time *tt = &d->task_times[tr];
		if (tt->gpu_count != c->cards)
			diag_error(diag, t->path, line, column_no(t, "cards"),
				   "stated cost \"%s\" is for %d cards, but its time (%s:%d) is for %d",
				   c->id, c->cards, d->tables[TABLE_TASK_TIMES].path,
				   d->tables[TABLE_TASK_TIMES].lines[tt->row], tt->gpu_count);
	}
}

/* Whether the ";"-separated `list` names `id`. */
static bool list_names(const char *list, const char *id)
{
	size_t n = strlen(id);
	for (const char *s = list; *s;) {
		size_t len = strcspn(s, ";");
		if (len == n && !strncmp(s, id, n))
			return true;
		s += len + (s[len] == ';');
	}
	return false;
}

bool data_claim_about(const struct data *d, const struct claim *c, size_t b)
{
	const struct benchmark *bm = &d->benchmarks[b];
	return c->kind && bm->kind && !strcmp(bm->kind, c->kind) &&
	       list_names(c->benchmark_ids, bm->id);
}

/* A claim is checked against the benchmarks it lists: each must be of its
 * kind, or the check would hold a ratio against results of another kind. */
static void check_claims(const struct data *d, struct diag *diag)
{
	const struct table *t = &d->tables[TABLE_CLAIMS];
	for (size_t r = 0; r < d->nclaims && r < t->nrows; r++) {
		const struct claim *c = &d->claims[r];
		for (size_t b = 0; b < d->nbenchmarks; b++) {
			const struct benchmark *bm = &d->benchmarks[b];
			if (list_names(c->benchmark_ids, bm->id) && strcmp(bm->kind, c->kind))
				diag_error(diag, t->path, t->lines[r], column_no(t, "benchmark_ids"),
					   "claim \"%s\" is of kind %s, but benchmark %s is of kind %s: list only benchmarks of the claim's kind",
					   c->id, c->kind, bm->id, bm->kind);
		}
	}
}

/* ---- Loading ---- */

/* A table with no columns and no rows, for a file that could not be read:
 * it keeps its name and path, so lookups and loops need no special case. */
static void table_init_empty(struct table *t, struct arena *a,
			     const char *name, const char *path)
{
	memset(t, 0, sizeof *t);
	t->name = name;
	t->path = path;
	t->cols = arena_alloc(a, sizeof *t->cols);
	t->rows = arena_alloc(a, sizeof *t->rows);
	t->lines = arena_alloc(a, sizeof *t->lines);
}

/* What schema_check_refs checks against: a table that loaded cleanly. Every
 * table refers only to tables before it in enum data_table_id, so those are
 * read by the time it is checked. */
struct ref_targets {
	const struct data *d;
	const bool *loaded;
};

static const struct table *ref_target_lookup(const char *name, void *ctx)
{
	const struct ref_targets *rt = ctx;
	for (size_t i = 0; i < TABLE_COUNT; i++)
		if (strcmp(schema_tables[i].name, name) == 0)
			return rt->loaded[i] ? &rt->d->tables[i] : NULL;
	return NULL;
}

/* A direct index of results by (benchmark, gpu): pages look results up
 * for every pair of GPUs, O(G^2) times. */
static void index_results(struct data *d)
{
	size_t n = d->nbenchmarks * d->ngpus;
	d->result_at = arena_alloc(&d->arena, (n ? n : 1) * sizeof *d->result_at);
	for (size_t i = 0; i < n; i++)
		d->result_at[i] = -1;
	for (size_t r = d->nresults; r-- > 0;) {
		const struct result *res = &d->results[r];
		if (res->benchmark < d->nbenchmarks && res->gpu < d->ngpus)
			d->result_at[res->benchmark * d->ngpus + res->gpu] = (long)r;
	}
}

long data_result_row(const struct data *d, size_t benchmark, size_t gpu)
{
	if (d->result_at)
		return benchmark < d->nbenchmarks && gpu < d->ngpus
			       ? d->result_at[benchmark * d->ngpus + gpu] : -1;
	for (size_t i = 0; i < d->nresults; i++)
		if (d->results[i].benchmark == benchmark && d->results[i].gpu == gpu)
			return (long)i;
	return -1;
}

int data_load(struct data *d, const char *data_dir, const char *display_dir,
	      struct diag *diag)
{
	memset(d, 0, sizeof *d);
	d->arena = (struct arena)ARENA_INIT;
	int errors_before = diag->errors;
	bool loaded[TABLE_COUNT] = { false };
	char *real_dir = realpath(data_dir, NULL);
	if (!real_dir)
		diag_error(diag, display_dir && *display_dir ? display_dir
							      : data_dir,
			   0, 0, "cannot open the data folder: %s",
			   strerror(errno));

	for (size_t i = 0; i < TABLE_COUNT; i++) {
		const struct table_spec *spec = &schema_tables[i];
		struct table *t = &d->tables[i];
		char *file = arena_printf(&d->arena, "%s.csv", spec->name);
		char *fs_path = arena_printf(&d->arena, "%s/%s", data_dir, file);
		char *shown = display_path(&d->arena, display_dir, file);
		if (spec->optional && real_dir && access(fs_path, F_OK) != 0 &&
		    errno == ENOENT) {
			table_init_empty(t, &d->arena, spec->name, shown);
			loaded[i] = true;
			continue;
		}
		if (!real_dir ||
		    !data_files_table_ok(fs_path, shown, real_dir, spec->name, diag)) {
			table_init_empty(t, &d->arena, spec->name, shown);
			continue;
		}
		loaded[i] = csv_table_load(t, &d->arena, fs_path, shown,
					   diag) == 0;
		t->name = spec->name;
		schema_check_table(spec, t, diag);
		struct ref_targets rt = { d, loaded };
		schema_check_refs(spec, t, ref_target_lookup, &rt, diag);
	}
	if (real_dir)
		data_files_warn_unknown(data_dir, display_dir, DATA_SETTINGS_FILE, diag);
	free(real_dir);
	data_fill_typed(d);
	index_results(d);
	if (diag->errors == errors_before) {
		check_quotes(d, diag);
		check_stated_costs(d, diag);
		check_claims(d, diag);
	}
	return diag->errors > errors_before ? -1 : 0;
}

void data_free(struct data *d)
{
	strmap_free(&d->gpu_ids);
	arena_free(&d->arena);
	memset(d, 0, sizeof *d);
}

const struct gpu *data_find_gpu(const struct data *d, const char *id)
{
	long i = data_gpu_index(d, id);
	return i < 0 ? NULL : &d->gpus[i];
}

long data_gpu_index(const struct data *d, const char *id)
{
	if (!id || !*id)
		return -1;
	if (d->gpu_ids.cap) {
		const size_t *slot = strmap_get(&d->gpu_ids, id);
		return slot ? (long)*slot - 1 : -1;
	}
	for (size_t i = 0; i < d->ngpus; i++)
		if (strcmp(d->gpus[i].id, id) == 0)
			return (long)i;
	return -1;
}

const struct task *data_find_task(const struct data *d, const char *id)
{
	long i = id ? task_index(d, id) : -1;
	return i < 0 ? NULL : &d->tasks[i];
}

const struct benchmark *data_find_benchmark(const struct data *d,
					    const char *id)
{
	long i = id ? benchmark_index(d, id) : -1;
	return i < 0 ? NULL : &d->benchmarks[i];
}

bool data_date_after(const char *ymd, const char *today)
{
	return ymd && *ymd && strcmp(ymd, today) > 0; /* YYYY-MM-DD: ordered as bytes */
}

/* Warn when column `col` of row r of t holds a date after `today`. */
static void warn_date_to_come(const struct table *t, size_t r, const char *col,
			      const char *today, struct diag *diag)
{
	long c = csv_table_column(t, col);
	if (c >= 0 && r < t->nrows && data_date_after(t->rows[r][c], today))
		diag_warning(diag, t->path, t->lines[r], (int)c + 1, "%s %s is after today (%s)",
			     col, t->rows[r][c], today);
}

void data_check_dates(const struct data *d, const char *today, struct diag *diag)
{
	for (size_t i = 0; i < d->nprices; i++)
		warn_date_to_come(&d->tables[TABLE_PRICES], d->prices[i].row, "as_of", today, diag);
	for (size_t r = 0; r < d->tables[TABLE_SOURCES].nrows; r++)
		warn_date_to_come(&d->tables[TABLE_SOURCES], r, "date", today, diag);
}

const struct source *data_find_source(const struct data *d, const char *id)
{
	if (!id)
		return NULL;
	for (size_t i = 0; i < d->nsources; i++)
		if (strcmp(d->sources[i].id, id) == 0)
			return &d->sources[i];
	return NULL;
}

/* Mark the sources a row's `ids` name ("a;b": a list, or one id). */
static void mark_sources(const struct data *d, const char *ids, bool *used)
{
	for (size_t i = 0; ids && i < d->nsources; i++)
		used[i] |= list_names(ids, d->sources[i].id);
}

void data_gpu_sources(const struct data *d, size_t g, bool *used)
{
	if (g >= d->ngpus)
		return;
	mark_sources(d, d->gpus[g].source, used);
	for (size_t i = 0; i < d->nprices; i++)
		if (d->prices[i].gpu == g)
			mark_sources(d, d->prices[i].source, used);
	for (size_t i = 0; i < d->nresults; i++)
		if (d->results[i].gpu == g)
			mark_sources(d, d->results[i].source, used);
	for (size_t i = 0; i < d->ntask_times; i++)
		if (d->task_times[i].gpu == g)
			mark_sources(d, d->task_times[i].source, used);
}

const struct table *data_table(const struct data *d, const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < TABLE_COUNT; i++)
		if (d->tables[i].name && strcmp(d->tables[i].name, name) == 0)
			return &d->tables[i];
	return NULL;
}

/* The rows of a table whose rows are each about a GPU (its gpu_id column,
 * `cols[0]`, and other_gpu_id, `cols[1]`, when it has one), each into the
 * digest of every GPU it names (`dg`, one per GPU), after the table's
 * index `t`. */
static void gpu_rows_digest(const struct data *d, size_t t, const long cols[2],
			    struct digest *dg)
{
	const struct table *tb = &d->tables[t];
	for (size_t r = 0; r < tb->nrows; r++) {
		long g[2] = { -1, -1 };
		for (size_t k = 0; k < 2; k++)
			if (cols[k] >= 0)
				g[k] = data_gpu_index(d, tb->rows[r][cols[k]]);
		for (size_t k = 0; k < 2; k++) {
			if (g[k] < 0 || (k == 1 && g[1] == g[0]))
				continue;
			digest_add_u64(&dg[g[k]], t);
			csv_row_digest(&dg[g[k]], tb, r);
		}
	}
}

void data_digests_make(const struct data *d, struct arena *a, struct data_digests *out)
{
	struct digest shared, *dg = xcalloc(d->ngpus + 1, sizeof *dg);
	digest_init(&shared);
	for (size_t g = 0; g < d->ngpus; g++)
		digest_init(&dg[g]);
	for (size_t t = 0; t < TABLE_COUNT; t++) {
		const struct table *tb = &d->tables[t];
		long cols[2] = { csv_table_column(tb, "gpu_id"),
				 csv_table_column(tb, "other_gpu_id") };
		digest_add_byte(&shared, cols[0] >= 0);
		if (cols[0] < 0) {
			csv_table_digest(&shared, tb);
			continue;
		}
		csv_table_digest_head(&shared, tb);
		gpu_rows_digest(d, t, cols, dg);
	}
	out->shared = digest_end(&shared);
	out->gpu = arena_alloc(a, (d->ngpus + 1) * sizeof *out->gpu);
	for (size_t g = 0; g < d->ngpus; g++)
		out->gpu[g] = digest_end(&dg[g]);
	free(dg);
}

const char *data_cell(const struct data *d, enum data_table_id t, size_t row, const char *col)
{
	const struct table *tab = &d->tables[t];
	long c = csv_table_column(tab, col);
	return c < 0 || row >= tab->nrows ? "" : tab->rows[row][c];
}
