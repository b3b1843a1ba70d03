/* pair_sides: what a comparison page shows of one GPU (see pair_sides.h). */
#include "pages/pair_sides.h"
#include "model/findings.h"
#include "view/present.h"

#include "base/arena.h"
#include "base/buf.h"
#include "model/compare.h"
#include "model/data.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "template/value.h"
#include "view/site.h"

#include <string.h>

int pair_row_field(enum pair_row r)
{
	static const int fields[PAIR_ROWS] = {
		[PAIR_SEGMENT] = -1, [PAIR_VRAM] = GPU_COL_VRAM, [PAIR_MEMORY] = -1,
		[PAIR_BANDWIDTH] = GPU_COL_BANDWIDTH, [PAIR_FP16] = GPU_COL_FP16,
		[PAIR_FP32] = GPU_COL_FP32, [PAIR_TENSOR] = -1, [PAIR_FP8] = -1,
		[PAIR_NVLINK] = GPU_COL_NVLINK, [PAIR_PCIE] = GPU_COL_PCIE,
		[PAIR_TDP] = GPU_COL_TDP, [PAIR_LIST_PRICE] = -1, [PAIR_RENT] = -1,
	};
	return fields[r];
}

const char *pair_row_label(enum pair_row r)
{
	static const char *const labels[PAIR_ROWS] = {
		[PAIR_SEGMENT] = "gpu.segment", [PAIR_MEMORY] = "gpu.memory",
		[PAIR_TENSOR] = "gpu.tensor_gen", [PAIR_FP8] = "gpu.fp8",
		[PAIR_LIST_PRICE] = "gpu.list_price", [PAIR_RENT] = "gpu.rent",
	};
	int f = pair_row_field(r);
	return f >= 0 ? i18n_spec_key(gpu_columns[f].name) : labels[r];
}

/* The cell of GPU g in a row. */
static struct value *pair_row_cell(const struct page_ctx *p, size_t g, enum pair_row r)
{
	const struct gpu *x = &p->in->data.gpus[g];
	int f = pair_row_field(r);
	if (f >= 0)
		return pg_spec_cell(p, x, f);
	switch (r) {
	case PAIR_SEGMENT: return pg_cell_text(p, pg_segment_text(p, x), "why.not_stated");
	case PAIR_MEMORY: return pg_cell_text(p, x->memory_type, "why.not_stated");
	case PAIR_TENSOR: return pg_cell_text(p, x->tensor_core_gen, "why.not_stated");
	case PAIR_FP8: return pg_cell_text(p, pg_fp8_text(p, x), "why.not_stated");
	case PAIR_LIST_PRICE: return pg_list_price_cell(p, x);
	default: break;
	}
	return pg_cell_figure(p, pg_rent_figure(p, g), FMT_PER_HOUR, NULL);
}

int pair_row_figure(const struct page_ctx *p, size_t g, enum pair_row r,
			   struct figure *f)
{
	const struct gpu *x = &p->in->data.gpus[g];
	int field = pair_row_field(r);
	if (field >= 0) {
		*f = pg_spec_figure(x, field);
		return gpu_columns[field].better;
	}
	if (r == PAIR_LIST_PRICE) {
		*f = pg_list_price_figure(x);
		return -1;
	}
	if (r == PAIR_RENT) {
		*f = pg_rent_figure(p, g);
		return -1;
	}
	return 0;
}

/* Why a comparison's ratio may be missing: those cells are shared too. */
static const char *const pair_ratio_whys[PAIR_RATIO_WHYS] = {
	"why.no_pair_result", "why.zero", "why.no_price", "why.no_pair_hours",
};

/* True when marking `c` the winner gives it the keys of any other such
 * cell marked (won_keys): a figure, no mark yet. */
static bool cell_wins_plainly(const struct value *c)
{
	return pg_map_flag(c, "num") && !pg_map_flag(c, "nodata") && !pg_map_flag(c, "best") &&
	       !pg_map_flag(c, "has_marks");
}

/* `cell` marked as the winner, sharing the values of the keys that adds
 * with `won_keys` (a cell so marked, see cell_won) when it can. */
static struct value *pair_won(const struct page_ctx *p, const struct value *cell,
			      const struct value *won_keys)
{
	if (!cell_wins_plainly(cell))
		return pg_cell_won(p, cell);
	struct value *won = pg_cell_on_top(p, cell);
	for (size_t i = 0; i < won_keys->u.map.len; i++)
		value_map_set(pg_arena(p), won, won_keys->u.map.entries[i].key,
			      won_keys->u.map.entries[i].val);
	return won;
}

/* A pair_cell of `cell`, which wins when its figure f does in a row where
 * `direction` is better (0: no winner). */
static struct pair_cell pair_cell_of(const struct page_ctx *p, struct value *cell,
				     struct figure f, int direction,
				     const struct value *won_keys)
{
	struct pair_cell pc = { cell, NULL };
	if (direction && figure_ok(f))
		pc.won = pair_won(p, cell, won_keys);
	return pc;
}

int pair_mark(const struct pair_cell *a, const struct pair_cell *b, int w,
		     struct value **ca, struct value **cb)
{
	*ca = w > 0 ? a->won : a->cell;
	*cb = w < 0 ? b->won : b->cell;
	return w;
}

int pair_pick(const struct pair_cell *a, const struct pair_cell *b,
		     struct figure fa, struct figure fb, int direction,
		     struct value **ca, struct value **cb)
{
	int w = figure_ok(fa) && figure_ok(fb)
		? cmp_better_side(fa.value, value_string(value_map_get(a->cell, "text")),
				  fb.value, value_string(value_map_get(b->cell, "text")), direction)
		: 0;
	return pair_mark(a, b, w, ca, cb);
}

/* "A100 80GB: batch size 4": GPU g's note on its result of benchmark b,
 * as a comparison lists it, or "" when there is none. */
static const char *pair_note(const struct page_ctx *p, size_t b, size_t g)
{
	const struct data *d = &p->in->data;
	long row = data_result_row(d, b, g);
	const char *note = row >= 0 ? pg_result_conditions(p, &d->results[row])
				    : "";
	if (!*note)
		return "";
	return arena_printf(pg_arena(p), "%s%s%s", d->gpus[g].name,
			    pg_tr(p, "list.colon"), note);
}

/* The quote a job's cost is priced at, beside the cost ("at $1.89/h",
 * "at $1.89/h × 4 cards", "at $0.39/h, the lowest seen"): a comparison sets costs beside the hourly prices
 * of its specifications, which may be other quotes (DESIGN.md: a time is
 * priced by its own source's quote first). */
static const char *pair_cost_quote(const struct page_ctx *p, const struct task_cost *c)
{
	const char *price = pg_fmt_per_hour(p, c->usd_per_hour.value);
	const char *at = c->gpu_count > 1
		? pg_fill(p, "cmp.cost_at_cards", "price", price, "cards",
			  arena_printf(pg_arena(p), "%d", c->gpu_count), NULL)
		: pg_fill(p, "cmp.cost_at", "price", price, NULL);
	return c->choice == QUOTE_LOWEST ? pg_fill(p, "cmp.cost_at_lowest", "at", at, NULL) : at;
}

/* The task hours and costs of GPU g, as a comparison shows them. */
static void pair_side_tasks(const struct page_ctx *p, size_t g,
			    const struct value *won_keys, struct pair_side *sd)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	if (!metrics_task_cost(d, &p->in->metrics, 0, g))
		return;
	sd->hours = arena_alloc(a, d->ntasks * sizeof *sd->hours);
	sd->cost = arena_alloc(a, d->ntasks * sizeof *sd->cost);
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *c = metrics_task_cost(d, &p->in->metrics, t, g);
		/* shared by every page: each page marks the figures it shows
		 * (pair_tasks) */
		struct value *hours = pg_cell_figure(p, c->hours, FMT_UNIT, "unit.h");
		if (figure_ok(c->hours))
			pg_cell_set_text(p, hours, pg_hours_range_words(p, c));
		if (figure_ok(c->hours) && findings_time_questioned(&p->in->metrics, t, g))
			pg_cell_set_why(p, hours, "task.questioned"); /* as pg_hours_cell */
		sd->hours[t] = pair_cell_of(p, hours, c->hours, -1, won_keys);
		struct value *cost = pg_cell_figure(p, c->cost, FMT_USD, NULL);
		if (figure_ok(c->cost)) {
			pg_cell_set_text(p, cost, pg_cost_words(p, c));
			pg_cell_set_why_text(p, cost, pair_cost_quote(p, c));
		}
		sd->cost[t] = pair_cell_of(p, cost, c->cost, -1, won_keys);
	}
}

static void cell_digest(struct digest *d, const struct pair_cell *c)
{
	value_digest(c->cell, d);
	digest_add_byte(d, c->won != NULL);
	if (c->won)
		value_digest(c->won, d);
}

/* A side's link, cells and notes, digested: what its pages take of it. */
static struct digest_value side_digest(const struct pair_side *sd, size_t nb, size_t nt)
{
	struct digest d;
	digest_init(&d);
	value_digest(sd->link, &d);
	for (size_t r = 0; r < PAIR_ROWS; r++)
		cell_digest(&d, &sd->spec[r]);
	for (size_t b = 0; b < nb; b++) {
		cell_digest(&d, &sd->result[b]);
		digest_add_str(&d, sd->note[b]);
	}
	digest_add_u64(&d, nt);
	for (size_t t = 0; t < nt; t++) {
		cell_digest(&d, &sd->hours[t]);
		cell_digest(&d, &sd->cost[t]);
	}
	return digest_end(&d);
}

/* Everything of GPU g that its comparison pages share; `units` are the
 * benchmarks' unit keys, `won_keys` what a winner's cell adds. */
static void pair_side_make(const struct page_ctx *p, size_t g, const char *const *units,
			   const struct value *won_keys, struct pair_side *sd)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	sd->link = pg_gpu_link(p, g);
	for (int i = 0; i < PAIR_ROWS; i++) {
		enum pair_row r = (enum pair_row)i;
		struct figure f = { 0, NULL };
		int better = pair_row_figure(p, g, r, &f);
		sd->spec[r] = pair_cell_of(p, pair_row_cell(p, g, r), f, better, won_keys);
	}
	size_t nb = d->nbenchmarks;
	sd->result = arena_alloc(a, (nb ? nb : 1) * sizeof *sd->result);
	sd->note = arena_alloc(a, (nb ? nb : 1) * sizeof *sd->note);
	for (size_t b = 0; b < nb; b++) {
		struct figure f = metrics_result(d, b, g);
		sd->result[b] = pair_cell_of(p, pg_cell_figure(p, f, FMT_UNIT, units[b]), f,
					     d->benchmarks[b].higher_is_better ? 1 : -1,
					     won_keys);
		sd->note[b] = pair_note(p, b, g);
	}
	pair_side_tasks(p, g, won_keys, sd);
	sd->digest = side_digest(sd, nb, sd->hours ? d->ntasks : 0);
}

struct pair_lang *pair_sides_make(struct site *s, enum lang l)
{
	struct buf scratch = BUF_INIT;
	struct page_ctx pp = pg_planning(s, l, NULL, &scratch), *p = &pp;
	struct arena *a = &s->arena;
	const struct data *d = &s->in.data;
	pp.path = pg_pair_path(p, 0, 1);
	struct pair_lang *pl = arena_alloc(a, sizeof *pl);
	const char **units = arena_alloc(a, (d->nbenchmarks + 1) * sizeof *units);
	for (size_t b = 0; b < d->nbenchmarks; b++)
		units[b] = pg_bench_unit_key(p, &d->benchmarks[b]);
	/* the keys marking a winner adds, made once: every winner's cell
	 * shares their values (their own map only points at them) */
	const struct value *won_keys = pg_cell_won(p, pg_cell_of_kind(p, true, false));
	pl->side = arena_alloc(a, d->ngpus * sizeof *pl->side);
	for (size_t g = 0; g < d->ngpus; g++)
		pair_side_make(p, g, units, won_keys, &pl->side[g]);
	pl->task_href = arena_alloc(a, (d->ntasks + 1) * sizeof *pl->task_href);
	for (size_t t = 0; t < d->ntasks; t++)
		pl->task_href[t] = pg_href_to(p, pg_task_path(p, t));
	for (size_t i = 0; i < PAIR_RATIO_WHYS; i++)
		pl->no_ratio[i] = pg_cell_missing(p, true, pair_ratio_whys[i]);
	buf_release(&scratch);
	return pl;
}

const struct pair_lang *pair_sides_of(const struct page_ctx *p)
{
	/* made before any page is planned (pages_compare_prepare); only
	 * read afterwards */
	return p->in->pages_kit->pairs[p->l];
}

struct value *pair_sides_no_ratio(const struct page_ctx *p, const char *why)
{
	const struct pair_lang *pl = pair_sides_of(p);
	for (size_t i = 0; i < PAIR_RATIO_WHYS; i++)
		if (!strcmp(why, pair_ratio_whys[i]))
			return pl->no_ratio[i];
	return NULL;
}
