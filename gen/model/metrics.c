#include "model/metrics.h"

#include "base/buf.h"
#include "base/csv.h"
#include "base/numfmt.h"
#include "model/compare.h"
#include "model/i18n.h"
#include "model/schema.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Single figures ---- */

static struct figure figure_missing(const char *why)
{
	struct figure f = { 0.0, why };
	return f;
}

/* A computed value, unless the arithmetic went out of the reals (a division
 * by zero or an overflow): then no figure, never NaN or inf on a page. */
static struct figure figure_value(double v)
{
	if (!isfinite(v))
		return figure_missing("why.zero");
	struct figure f = { v, NULL };
	return f;
}

struct figure figure_of(struct num n, const char *why_missing)
{
	if (!n.ok)
		return figure_missing(why_missing);
	return figure_value(n.v);
}

bool figure_ok(struct figure f)
{
	return f.missing == NULL;
}

/* a / b, or missing: the first missing input's reason, "why.zero" when b is 0. */
static struct figure figure_divide(struct figure a, struct figure b)
{
	if (!figure_ok(a))
		return a;
	if (!figure_ok(b))
		return b;
	if (b.value == 0.0)
		return figure_missing("why.zero");
	return figure_value(a.value / b.value);
}

struct figure metric_cost_per_job(struct figure hours, struct figure usd_per_hour,
				  int gpu_count)
{
	if (!figure_ok(hours))
		return hours;
	if (!figure_ok(usd_per_hour))
		return usd_per_hour;
	if (gpu_count < 1)
		gpu_count = 1; /* an unstated count is one card */
	return figure_value(hours.value * usd_per_hour.value * gpu_count);
}

struct figure metric_relative_speed(struct figure value, struct figure baseline,
				    bool higher_is_better)
{
	if (!figure_ok(value))
		return value;
	if (!figure_ok(baseline))
		return baseline;
	/* For a time (lower is better) the faster card has the smaller value. */
	return higher_is_better ? figure_divide(value, baseline)
				: figure_divide(baseline, value);
}

struct figure metric_speed_per_dollar(struct figure rel_speed,
				      struct figure usd_per_hour)
{
	return figure_divide(rel_speed, usd_per_hour);
}

struct figure metric_tflops_per_watt(struct figure tflops, struct figure watts)
{
	return figure_divide(tflops, watts);
}

struct figure metric_tflops_per_kusd(struct figure tflops, struct figure usd)
{
	struct figure f = figure_divide(tflops, usd);
	return figure_ok(f) ? figure_value(f.value * 1000.0) : f;
}

struct figure metric_break_even_hours(struct figure list_usd,
				      struct figure usd_per_hour)
{
	return figure_divide(list_usd, usd_per_hour);
}

/* The figure `f` of each end of g's list price: the smaller as the figure,
 * the larger in *high (see metrics_break_even). `inverse`: f falls as the
 * price rises. */
static struct figure list_price_ends(const struct gpu *g, struct figure other,
				     bool inverse, double *high)
{
	struct figure ends[2] = { figure_of(g->price_usd_min, "why.no_list_price"),
				  figure_of(g->price_usd_max, "why.no_list_price") };
	for (int i = 0; i < 2; i++)
		ends[i] = inverse ? metric_tflops_per_kusd(other, ends[i])
				  : metric_break_even_hours(ends[i], other);
	int lo = inverse && figure_ok(ends[1]);
	*high = figure_ok(ends[lo]) && figure_ok(ends[!lo]) ? ends[!lo].value : ends[lo].value;
	return ends[lo];
}

struct figure metrics_break_even(const struct gpu *g, struct figure usd_per_hour,
				 double *high)
{
	return list_price_ends(g, usd_per_hour, false, high);
}

struct figure metrics_tflops_per_kusd(const struct gpu *g, struct figure tflops,
				      double *high)
{
	return list_price_ends(g, tflops, true, high);
}

struct figure metric_cost_per_million_tokens(struct figure usd_per_hour,
					     struct figure tokens_per_s)
{
	if (!figure_ok(usd_per_hour))
		return usd_per_hour;
	if (!figure_ok(tokens_per_s))
		return tokens_per_s;
	struct figure per_hour = figure_value(tokens_per_s.value * 3600.0);
	struct figure f = figure_divide(usd_per_hour, per_hour);
	return figure_ok(f) ? figure_value(f.value * 1e6) : f;
}

struct figure metric_monthly_cost(struct figure usd_per_hour, int cards)
{
	if (!figure_ok(usd_per_hour))
		return usd_per_hour;
	return figure_value(usd_per_hour.value * (cards < 1 ? 1 : cards) *
			    METRICS_HOURS_PER_MONTH);
}

bool metric_agrees(const char *written, bool approx, double computed)
{
	double stated;
	if (!written || !schema_parse_number(written, &stated))
		return false;
	double slack = numfmt_rounding(written, approx);
	/* 1e-9: the products of decimal prices are not exact in binary */
	return fabs(stated - computed) <= slack + 1e-9 * fmax(1.0, fabs(computed));
}

double metric_bytes_per_param(const char *precision)
{
	if (!precision)
		return -1.0;
	if (!strcmp(precision, "fp32"))
		return 4.0;
	if (!strcmp(precision, "fp16") || !strcmp(precision, "bf16"))
		return 2.0;
	if (!strcmp(precision, "int8"))
		return 1.0;
	if (!strcmp(precision, "int4"))
		return 0.5;
	return -1.0;
}

struct figure metric_vram_needed_gb(double params_b, const char *precision)
{
	double bytes = metric_bytes_per_param(precision);
	if (bytes < 0)
		return figure_missing("why.unknown_precision");
	return figure_value(params_b * bytes);
}

struct figure metric_gpus_needed(struct figure need_gb, struct figure vram_gb)
{
	struct figure f = figure_divide(need_gb, vram_gb);
	if (!figure_ok(f))
		return f;
	/* 160 GB on 80 GB cards is 2 even if the division lands a hair above. */
	return figure_value(ceil(f.value - 1e-9));
}

/* ---- Lookups ---- */

/* Two computed figures that differ only by rounding count as equal (ties). */
static bool same_value(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

bool metrics_is_relative_speed(const struct benchmark *b)
{
	return b->kind && !strcmp(b->kind, "relative-speed");
}

bool metrics_is_inference(const struct benchmark *b)
{
	return b->kind && !strncmp(b->kind, "inference-", 10);
}

/* The first result row (file order) of one GPU on one benchmark, or -1. */
struct figure metrics_result(const struct data *d, size_t benchmark, size_t gpu)
{
	long r = data_result_row(d, benchmark, gpu);
	if (r < 0)
		return figure_missing("why.no_result");
	return figure_value(d->results[r].value);
}

bool metrics_gpu_has_result(const struct data *d, size_t gpu)
{
	for (size_t b = 0; b < d->nbenchmarks; b++)
		if (figure_ok(metrics_result(d, b, gpu)))
			return true;
	return false;
}

bool metrics_gpu_has_time(const struct data *d, const struct metrics *m, size_t gpu)
{
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *c = metrics_task_cost(d, m, t, gpu);
		if (c && figure_ok(c->hours))
			return true;
	}
	return false;
}

/* The speed of `gpu` against `base` on one benchmark; when one of the two
 * results is missing, the figure says why in the words given for each. */
static struct figure speed_ratio(const struct data *d, size_t benchmark, size_t gpu,
				 size_t base, const char *why_no_value,
				 const char *why_no_base)
{
	if (benchmark >= d->nbenchmarks)
		return figure_missing("why.no_result");
	struct figure value = metrics_result(d, benchmark, gpu);
	struct figure baseline = metrics_result(d, benchmark, base);
	if (!figure_ok(value))
		value.missing = why_no_value;
	else if (!figure_ok(baseline))
		baseline.missing = why_no_base;
	return metric_relative_speed(value, baseline,
				     d->benchmarks[benchmark].higher_is_better);
}

struct figure metrics_speed_ratio(const struct data *d, size_t benchmark,
				  size_t gpu, size_t base)
{
	return speed_ratio(d, benchmark, gpu, base, "why.no_pair_result",
			   "why.no_pair_result");
}

long metrics_baseline(const struct data *d, const struct metrics *m)
{
	long b = m->baseline_gpu;
	return b >= 0 && (size_t)b < d->ngpus ? b : -1;
}

struct figure metrics_speed_vs_baseline(const struct data *d, const struct metrics *m,
				     size_t benchmark, size_t gpu)
{
	long base = metrics_baseline(d, m);
	if (base < 0)
		return metrics_result(d, benchmark, gpu);
	return speed_ratio(d, benchmark, gpu, (size_t)base, "why.no_result", "why.no_baseline");
}

struct figure metrics_mean_relative_speed(const struct data *d, const struct metrics *m,
					  size_t gpu)
{
	double sum = 0;
	size_t n = 0;
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		if (!metrics_is_relative_speed(&d->benchmarks[b]))
			continue;
		struct figure f = metrics_speed_vs_baseline(d, m, b, gpu);
		if (figure_ok(f)) {
			sum += f.value;
			n++;
		}
	}
	return n ? figure_value(sum / (double)n) : figure_missing("why.no_result");
}

/* The cards the weights of `benchmark`'s model need on `gpu` at
 * METRICS_DEFAULT_PRECISION (metric_fit); one when the benchmark names no
 * model size; missing "why.no_vram" when the card's memory is unknown. */
static struct card_fit model_cards(const struct data *d, size_t benchmark, size_t gpu)
{
	const struct benchmark *bm = &d->benchmarks[benchmark];
	if (!bm->params_b.ok)
		return (struct card_fit){ .cards = figure_value(1) };
	long rule;
	struct figure need = metrics_model_vram(d, bm->params_b.v, METRICS_DEFAULT_PRECISION,
						&rule);
	return metric_fit(need, figure_of(d->gpus[gpu].vram_gb, "why.no_vram"));
}

struct result_cards metrics_result_cards(const struct data *d, const struct result *x)
{
	if (x->gpu_count)
		return (struct result_cards){ .n = x->gpu_count, .stated = true };
	const struct benchmark *bm = &d->benchmarks[x->benchmark];
	if (metrics_is_inference(bm)) {
		struct card_fit fit = model_cards(d, x->benchmark, x->gpu);
		return (struct result_cards){ .n = figure_ok(fit.cards) ? (int)fit.cards.value : 0,
					      .tight = fit.tight,
					      .counted = bm->params_b.ok && figure_ok(fit.cards) };
	}
	const struct gpu *g = &d->gpus[x->gpu];
	if (bm->params_b.ok && g->vram_gb.ok &&
	    metric_vram_needed_gb(bm->params_b.v, METRICS_LEAST_PRECISION).value > g->vram_gb.v)
		return (struct result_cards){ .several = true };
	return (struct result_cards){ .n = 1 };
}

bool metrics_same_conditions(const struct data *d, const struct result *a,
			     const struct result *b)
{
	struct result_cards ca = metrics_result_cards(d, a), cb = metrics_result_cards(d, b);
	return a->batch_size == b->batch_size && ca.stated == cb.stated && ca.n > 0 &&
	       ca.n == cb.n;
}

bool metrics_results_alike(const struct data *d, size_t benchmark)
{
	long first = -1;
	for (size_t g = 0; g < d->ngpus; g++) {
		long r = data_result_row(d, benchmark, g);
		if (r < 0)
			continue;
		if (first < 0)
			first = r;
		else if (!metrics_same_conditions(d, &d->results[first], &d->results[r]))
			return false;
	}
	return true;
}

struct figure metrics_model_vram(const struct data *d, double params_b,
				 const char *precision, long *rule)
{
	*rule = -1;
	for (size_t i = 0; i < d->nvram && *rule < 0; i++)
		if (same_value(d->vram[i].params_b, params_b) && precision &&
		    !strcmp(d->vram[i].precision, precision))
			*rule = (long)i;
	return metric_vram_needed_gb(params_b, precision);
}

struct job_memory metrics_job_memory(const struct data *d, double params_b,
				     const char *precision, const char *job)
{
	struct job_memory m;
	m.weights = metrics_model_vram(d, params_b, precision, &m.rule);
	struct figure none = figure_value(0);
	m.gradients = none;
	m.optimizer = none;
	m.total = m.weights;
	m.at_precision = true;
	if (job && !strcmp(job, "inference")) {
		m.not_counted = "calc.not_counted.inference";
	} else if (job && !strcmp(job, "lora")) {
		m.not_counted = "calc.not_counted.lora";
	} else if (job && !strcmp(job, "training")) {
		m.not_counted = "calc.not_counted.training";
		m.at_precision = false;
		m.rule = -1; /* the rules of thumb are of weights at a precision */
		if (figure_ok(m.weights)) {
			/* the accounting's own precisions, whatever was chosen */
			m.weights = figure_value(params_b * METRICS_ADAM_WEIGHT_BYTES);
			m.gradients = figure_value(params_b * METRICS_ADAM_GRADIENT_BYTES);
			m.optimizer = figure_value(params_b * METRICS_ADAM_OPTIMIZER_BYTES);
			m.total = figure_value(m.weights.value + m.gradients.value +
					       m.optimizer.value);
		}
	} else {
		m.not_counted = NULL;
		m.total = m.weights = figure_missing("why.unknown_job");
	}
	return m;
}

struct card_fit metric_fit(struct figure need_gb, struct figure vram_gb)
{
	struct card_fit f;
	f.cards = metric_gpus_needed(need_gb, vram_gb);
	f.roomy = figure_ok(f.cards)
		? metric_gpus_needed(figure_value(need_gb.value * (1 + METRICS_FIT_HEADROOM)),
				     vram_gb)
		: f.cards;
	f.tight = figure_ok(f.cards) && figure_ok(f.roomy) &&
		  f.roomy.value > f.cards.value;
	return f;
}

static struct figure quote_price(const struct data *d, long row);

struct serving_cost metrics_serving_cost(const struct data *d, size_t benchmark,
					 size_t gpu)
{
	struct serving_cost sv = { .quote_row = -1 };
	const struct benchmark *bm = &d->benchmarks[benchmark];
	long row = data_result_row(d, benchmark, gpu);
	if (row >= 0 && d->results[row].gpu_count) { /* the cards it ran on */
		sv.cards = figure_value(d->results[row].gpu_count);
	} else {
		struct card_fit fit = model_cards(d, benchmark, gpu);
		sv.cards = fit.cards;
		sv.tight = fit.tight;
	}
	int n = figure_ok(sv.cards) ? (int)sv.cards.value : 1;
	sv.quote_row = metrics_pick_quote(d, gpu, row >= 0 ? d->results[row].source
							   : NULL, n, &sv.choice);
	sv.usd_per_hour = quote_price(d, sv.quote_row);
	sv.monthly = figure_ok(sv.cards) ? metric_monthly_cost(sv.usd_per_hour, n)
					 : sv.cards;
	struct figure hourly = !figure_ok(sv.cards) ? sv.cards
		: figure_ok(sv.usd_per_hour) ? figure_value(sv.usd_per_hour.value * n)
					     : sv.usd_per_hour;
	sv.per_mtok = bm->unit && !strcmp(bm->unit, "tokens/s")
		? metric_cost_per_million_tokens(hourly, metrics_result(d, benchmark, gpu))
		: figure_missing("why.no_result");
	return sv;
}

bool metrics_task_priced(const struct data *d, const struct metrics *m, size_t task)
{
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, m, task, g);
		if (c && c->time_row >= 0 && figure_ok(c->usd_per_hour))
			return true;
	}
	return false;
}

const struct task_cost *metrics_task_cost(const struct data *d,
					  const struct metrics *m,
					  size_t task, size_t gpu)
{
	if (!m->costs || task >= d->ntasks || gpu >= d->ngpus)
		return NULL;
	return &m->costs[task * d->ngpus + gpu];
}

/* ---- Prices ---- */

static struct gpu_prices prices_of_gpu(const struct data *d, size_t gpu)
{
	struct gpu_prices p = {
		.lowest = figure_missing("why.no_price"),
		.low = figure_missing("why.no_price"),
		.high = figure_missing("why.no_price"),
		.lowest_row = -1,
		.count = 0,
	};
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *row = &d->prices[i];
		if (row->gpu != gpu || row->superseded)
			continue;
		double v = row->usd_per_hour;
		if (!p.count || v < p.low.value)
			p.low = figure_value(v);
		if (!p.count || v > p.high.value)
			p.high = figure_value(v);
		p.count++;
		/* Only on-demand prices make the default: spot and reserved
		 * prices come with conditions. Ties keep the first row. */
		if (row->kind && !strcmp(row->kind, "on-demand") &&
		    (p.lowest_row < 0 || v < p.lowest.value)) {
			p.lowest = figure_value(v);
			p.lowest_row = (long)i;
		}
	}
	return p;
}

/* ---- Quotes ---- */

static bool is_on_demand(const struct price *p)
{
	return p->kind && !strcmp(p->kind, "on-demand");
}

long metrics_price_row(const struct data *d, size_t gpu, const char *source,
		       const char *which)
{
	bool high = which && !strcmp(which, "high");
	long best = -1;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *p = &d->prices[i];
		if (p->gpu != gpu || p->superseded ||
		    (source && (!p->source || strcmp(p->source, source))))
			continue;
		if (!which && !is_on_demand(p))
			continue;
		double bv = best < 0 ? 0 : d->prices[best].usd_per_hour;
		if (best < 0 || (high ? p->usd_per_hour > bv : p->usd_per_hour < bv))
			best = (long)i;
	}
	return best;
}

/* How well a quote of the time's source fits a job on `cards` cards:
 * 3 for exactly that many cards, 2 for one card, 1 for any other. */
static int quote_fit(const struct price *p, int cards)
{
	int covers = p->cards < 1 ? 1 : p->cards;
	return covers == cards ? 3 : covers == 1 ? 2 : 1;
}

long metrics_pick_quote(const struct data *d, size_t gpu, const char *source,
			int cards, enum quote_choice *why)
{
	long best = -1, lowest = -1;
	int best_fit = 0;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *p = &d->prices[i];
		if (p->gpu != gpu || !is_on_demand(p) || p->superseded)
			continue;
		if (lowest < 0 || p->usd_per_hour < d->prices[lowest].usd_per_hour)
			lowest = (long)i;
		if (!source || !p->source || strcmp(p->source, source))
			continue;
		int fit = quote_fit(p, cards < 1 ? 1 : cards);
		if (fit > best_fit || (fit == best_fit &&
				       p->usd_per_hour < d->prices[best].usd_per_hour)) {
			best = (long)i;
			best_fit = fit;
		}
	}
	*why = best >= 0 ? QUOTE_SAME_SOURCE : lowest >= 0 ? QUOTE_LOWEST : QUOTE_NONE;
	return best >= 0 ? best : lowest;
}

static struct figure quote_price(const struct data *d, long row)
{
	return row < 0 ? figure_missing("why.no_price")
		       : figure_value(d->prices[row].usd_per_hour);
}

/* ---- Task costs ---- */

/* The first task_times row (file order) of one task on one GPU, or -1. */
static long time_row(const struct data *d, size_t task, size_t gpu)
{
	for (size_t i = 0; i < d->ntask_times; i++)
		if (d->task_times[i].task == task && d->task_times[i].gpu == gpu)
			return (long)i;
	return -1;
}

/* The stated cost of the job on that time row, or -1. */
static long stated_of_time(const struct data *d, long row)
{
	if (row < 0)
		return -1;
	for (size_t i = 0; i < d->nstated_costs; i++)
		if (!d->stated_costs[i].monthly &&
		    data_stated_time_row(d, &d->stated_costs[i]) == row)
			return (long)i;
	return -1;
}

static struct task_cost cost_of_task(const struct data *d, size_t task, size_t gpu)
{
	struct task_cost c = {
		.task = task,
		.gpu = gpu,
		.time_row = time_row(d, task, gpu),
		.hours = figure_missing("why.no_hours"),
		.hours_max = figure_missing("why.no_hours"),
		.quote_row = -1,
		.choice = QUOTE_NONE,
		.usd_per_hour = figure_missing("why.no_price"),
		.gpu_count = 1,
		.stated = -1,
	};
	if (c.time_row < 0) {
		c.cost = c.cost_max = c.hours;
		return c;
	}
	const struct task_time *t = &d->task_times[c.time_row];
	c.hours = figure_value(t->hours);
	if (t->hours_max.ok && t->hours_max.v != t->hours)
		c.hours_max = figure_value(t->hours_max.v);
	if (t->gpu_count > 1)
		c.gpu_count = t->gpu_count;
	c.quote_row = metrics_pick_quote(d, gpu, t->source, c.gpu_count, &c.choice);
	c.usd_per_hour = quote_price(d, c.quote_row);
	c.cost = metric_cost_per_job(c.hours, c.usd_per_hour, c.gpu_count);
	c.cost_max = figure_ok(c.hours_max)
		? metric_cost_per_job(c.hours_max, c.usd_per_hour, c.gpu_count)
		: c.hours_max;
	c.stated = stated_of_time(d, c.time_row);
	return c;
}

/* A job's figure as it prints, for telling ties: money, or a duration. */
static void print_figure(struct buf *out, double v, bool cost)
{
	if (cost)
		i18n_format_usd(out, v, LANG_EN);
	else
		i18n_format_duration_plain(out, v);
}

/* Which of two ends is the lower, as they print (`shown_*`, or printed
 * here when NULL): cmp_better_side's 1 for a, -1 for b, 0 for neither. */
static int lower_end(double a, const char *shown_a, double b, const char *shown_b,
		     bool cost)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	if (!shown_a || !shown_b) {
		print_figure(&x, a, cost);
		print_figure(&y, b, cost);
		shown_a = x.ptr;
		shown_b = y.ptr;
	}
	int w = cmp_better_side(a, shown_a, b, shown_b, -1);
	buf_release(&x);
	buf_release(&y);
	return w;
}

/* A job's figures in task_cost.shown's order: cost, cost_max, hours,
 * hours_max. */
static const struct figure *job_figure(const struct task_cost *c, int i)
{
	return i == 0 ? &c->cost : i == 1 ? &c->cost_max : i == 2 ? &c->hours : &c->hours_max;
}

/* End `i` (0: lower, 1: upper) of a job's cost (`cost`) or time, and its
 * print in *shown: a figure without a range is both its ends. */
static double job_end(const struct task_cost *c, bool cost, int i, const char **shown)
{
	int at = (cost ? 0 : 2) + (i && figure_ok(*job_figure(c, cost ? 1 : 3)));
	*shown = c->shown[at];
	return job_figure(c, at)->value;
}

/* The lower of two jobs' costs (`cost`) or times at each end, w[0] at the
 * lower and w[1] at the upper (lower_end's 1, -1 or 0; w[1] 0 when neither
 * is a range). */
static void lower_ends(const struct task_cost *a, const struct task_cost *b, bool cost,
		       int w[2])
{
	int at = cost ? 0 : 2;
	w[0] = w[1] = 0;
	if (!figure_ok(*job_figure(a, at)) || !figure_ok(*job_figure(b, at)))
		return;
	/* one end, or both when either is a range */
	int ends = 1 + (figure_ok(*job_figure(a, at + 1)) || figure_ok(*job_figure(b, at + 1)));
	for (int i = 0; i < ends; i++) {
		const char *sa, *sb;
		double va = job_end(a, cost, i, &sa), vb = job_end(b, cost, i, &sb);
		w[i] = lower_end(va, sa, vb, sb, cost);
	}
}

/* Ranges that cross: each the lower at one end (lower_ends' w). */
static bool ends_cross(const int w[2])
{
	return w[0] && w[1] && w[0] != w[1];
}

/* The lower of two jobs' costs (`cost`) or times, end to end (see
 * metrics_cheaper). */
static int lower_of(const struct task_cost *a, const struct task_cost *b, bool cost)
{
	int w[2];
	lower_ends(a, b, cost, w);
	return ends_cross(w) ? 0 : w[0] ? w[0] : w[1];
}

bool metrics_ranges_cross(const struct task_cost *a, const struct task_cost *b, bool cost)
{
	int w[2];
	lower_ends(a, b, cost, w);
	return ends_cross(w);
}

int metrics_cheaper(const struct task_cost *a, const struct task_cost *b)
{
	return lower_of(a, b, true);
}

int metrics_quicker(const struct task_cost *a, const struct task_cost *b)
{
	return lower_of(a, b, false);
}

/* The prints of c's figures (task_cost.shown), in `a`. */
static void print_job(struct arena *a, struct task_cost *c)
{
	for (int i = 0; i < 4; i++) {
		const struct figure *f = job_figure(c, i);
		if (!figure_ok(*f))
			continue;
		struct buf b = BUF_INIT;
		print_figure(&b, f->value, i < 2);
		c->shown[i] = arena_strdup(a, b.ptr);
		buf_release(&b);
	}
}

/* Mark the cheapest and the fastest of one task's row of GPUs, among those
 * that have the figure: every one no other is cheaper (or quicker) than
 * (metrics_cheaper, metrics_quicker: ties marked alike); a mark needs two
 * or more GPUs to choose from. */
static void mark_best(struct task_cost *row, size_t ngpus)
{
	size_t have_cost = 0, have_hours = 0;
	for (size_t g = 0; g < ngpus; g++) {
		have_cost += figure_ok(row[g].cost);
		have_hours += figure_ok(row[g].hours);
	}
	for (size_t g = 0; g < ngpus; g++) {
		bool cheapest = have_cost > 1 && figure_ok(row[g].cost);
		bool fastest = have_hours > 1 && figure_ok(row[g].hours);
		for (size_t h = 0; h < ngpus && (cheapest || fastest); h++) {
			cheapest = cheapest && metrics_cheaper(&row[h], &row[g]) <= 0;
			fastest = fastest && metrics_quicker(&row[h], &row[g]) <= 0;
		}
		row[g].cheapest = cheapest;
		row[g].fastest = fastest;
	}
}

struct figure metrics_cost_ratio(const struct task_cost *a, const struct task_cost *b,
				 double *high)
{
	const char *shown;
	*high = 0;
	if (!figure_ok(a->cost) || !figure_ok(b->cost) || !(b->cost.value > 0) ||
	    !(job_end(b, true, 1, &shown) > 0))
		return figure_missing(figure_ok(a->hours) && figure_ok(b->hours)
				      ? "why.no_price" : "why.no_pair_hours");
	double low_ends = a->cost.value / b->cost.value;
	double high_ends = job_end(a, true, 1, &shown) / job_end(b, true, 1, &shown);
	*high = fmax(low_ends, high_ends);
	return (struct figure){ fmin(low_ends, high_ends), NULL };
}

/* ---- Costs the sources state ---- */

static struct stated_check check_stated(const struct data *d,
					const struct stated_cost *sc)
{
	struct stated_check k = {
		.time_row = -1,
		.quote_row = -1,
		.hours = figure_missing("why.no_hours"),
		.hours_max = figure_missing("why.no_hours"),
	};
	if (sc->gpu >= d->ngpus)
		return k;
	k.quote_row = metrics_pick_quote(d, sc->gpu, sc->source, sc->cards, &k.choice);
	struct figure price = quote_price(d, k.quote_row);
	if (sc->monthly) {
		k.hours = figure_value(METRICS_HOURS_PER_MONTH);
		k.computed = metric_monthly_cost(price, sc->cards);
		k.computed_max = figure_missing("why.no_hours");
	} else {
		k.time_row = data_stated_time_row(d, sc);
		if (k.time_row >= 0) {
			const struct task_time *t = &d->task_times[k.time_row];
			k.hours = figure_value(t->hours);
			if (t->hours_max.ok && t->hours_max.v != t->hours)
				k.hours_max = figure_value(t->hours_max.v);
		}
		k.computed = metric_cost_per_job(k.hours, price, sc->cards);
		k.computed_max = figure_ok(k.hours_max)
			? metric_cost_per_job(k.hours_max, price, sc->cards)
			: k.hours_max;
	}
	if (!figure_ok(k.computed))
		return k;
	/* low against low, high against high (a single figure is both) */
	double high = figure_ok(k.computed_max) ? k.computed_max.value : k.computed.value;
	const char *stated_high = sc->usd_max.ok ? sc->usd_max_text : sc->usd_text;
	k.agrees = metric_agrees(sc->usd_text, sc->approx, k.computed.value) &&
		   metric_agrees(stated_high, sc->approx, high);
	return k;
}

/* ---- Baseline ---- */

static long gpu_index(const struct data *d, const char *id)
{
	for (size_t g = 0; g < d->ngpus; g++)
		if (d->gpus[g].id && !strcmp(d->gpus[g].id, id))
			return (long)g;
	return -1;
}

/* The first GPU (table order) that has relative-speed results, all of them 1. */
static long find_baseline(const struct data *d)
{
	for (size_t g = 0; g < d->ngpus; g++) {
		size_t n = 0;
		bool all_one = true;
		for (size_t i = 0; i < d->nresults && all_one; i++) {
			const struct result *r = &d->results[i];
			if (r->gpu != g || r->benchmark >= d->nbenchmarks ||
			    !metrics_is_relative_speed(&d->benchmarks[r->benchmark]))
				continue;
			n++;
			all_one = same_value(r->value, 1.0);
		}
		if (n && all_one)
			return (long)g;
	}
	return -1;
}

/* ---- The whole data set ---- */

void metrics_compute(const struct data *d, const char *baseline_id,
		     struct metrics *m)
{
	/* Only the arena is written to; the tables stay untouched. */
	struct arena *a = &((struct data *)d)->arena;
	size_t ng = d->ngpus, nt = d->ntasks;

	memset(m, 0, sizeof *m);
	m->prices = arena_alloc(a, ng * sizeof *m->prices);
	for (size_t g = 0; g < ng; g++)
		m->prices[g] = prices_of_gpu(d, g);

	m->costs = arena_alloc(a, nt * ng * sizeof *m->costs);
	for (size_t t = 0; t < nt; t++) {
		struct task_cost *row = &m->costs[t * ng];
		for (size_t g = 0; g < ng; g++) {
			row[g] = cost_of_task(d, t, g);
			print_job(a, &row[g]);
		}
		mark_best(row, ng);
	}
	m->checks = arena_alloc(a, (d->nstated_costs ? d->nstated_costs : 1) *
				       sizeof *m->checks);
	for (size_t i = 0; i < d->nstated_costs; i++)
		m->checks[i] = check_stated(d, &d->stated_costs[i]);

	m->baseline_gpu = baseline_id ? gpu_index(d, baseline_id) : find_baseline(d);

}

/* ---- calculator presets ---- */

static bool is_plain_number(const char *s)
{
	const char *p = s;
	while (*p >= '0' && *p <= '9')
		p++;
	if (p == s)
		return false;
	if (*p == '.') {
		const char *q = ++p;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p == q)
			return false;
	}
	return *p == '\0';
}

static bool one_of(const char *v, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(v, *list))
			return true;
	return false;
}

bool metric_preset_ok(const char *params, const char *precision,
		      const char *job, struct buf *why)
{
	if (params && !is_plain_number(params)) {
		buf_addf(why, "params \"%s\" is not a plain number of billions, like 13", params);
		return false;
	}
	if (params && (strtod(params, NULL) < CALC_PARAMS_MIN ||
		       strtod(params, NULL) > CALC_PARAMS_MAX)) {
		buf_addf(why, "params \"%s\" is outside %g to %g billion", params,
			 CALC_PARAMS_MIN, (double)CALC_PARAMS_MAX);
		return false;
	}
	if (precision && !one_of(precision, schema_precisions)) {
		buf_addf(why, "unknown precision \"%s\" (fp32, fp16, bf16, int8 or int4)",
			 precision);
		return false;
	}
	if (job && !one_of(job, schema_jobs)) {
		buf_addf(why, "unknown job \"%s\" (inference, lora or training)", job);
		return false;
	}
	return true;
}
