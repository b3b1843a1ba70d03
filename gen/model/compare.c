/* compare: a typed pair judged by one rule (see compare.h). */
#include "model/compare.h"

#include "base/numfmt.h"

#include <math.h>
#include <string.h>

static const char *const quantity_names[CMP_QUANTITY_COUNT] = {
	"speed", "efficiency", "memory", "latency", "time", "cost", "price",
};

static const char *const verdict_names[CMP_VERDICT_COUNT] = {
	"same", "percent", "times", "unlike",
};

bool cmp_higher_is_better(enum cmp_quantity q)
{
	return q == CMP_SPEED || q == CMP_EFFICIENCY || q == CMP_MEMORY;
}

bool cmp_is_duration(enum cmp_quantity q)
{
	return q == CMP_LATENCY || q == CMP_TIME;
}

bool cmp_is_speed(enum cmp_quantity q)
{
	return q == CMP_SPEED || q == CMP_LATENCY || q == CMP_TIME;
}

enum cmp_quantity cmp_quantity_of_kind(const char *kind, bool higher_is_better)
{
	if (kind && !strcmp(kind, "inference-latency"))
		return CMP_LATENCY;
	if (kind && !strcmp(kind, "training-step"))
		return CMP_TIME;
	if (kind && !strcmp(kind, "training-efficiency"))
		return CMP_EFFICIENCY;
	/* relative speed, throughput; an unknown kind by its direction */
	return higher_is_better ? CMP_SPEED : CMP_TIME;
}

const char *cmp_quantity_name(enum cmp_quantity q)
{
	return (unsigned)q < CMP_QUANTITY_COUNT ? quantity_names[q] : "speed";
}

const char *cmp_verdict_name(enum cmp_verdict v)
{
	return (unsigned)v < CMP_VERDICT_COUNT ? verdict_names[v] : "same";
}

/* A ratio rounded as a table prints it (i18n_format_ratio): no decimals
 * from 10, one from 2, else two. */
static double ratio_as_printed(double r)
{
	return numfmt_round(r, r >= 10 ? 0 : r >= 2 ? 1 : 2);
}

static bool printed_alike(const struct cmp_pair *p)
{
	if (p->a.shown && p->b.shown)
		return !strcmp(p->a.shown, p->b.shown);
	return p->a.value == p->b.value;
}

double cmp_margin(const struct cmp_pair *p, enum cmp_verdict v)
{
	double lo = fmin(p->a.value, p->b.value), hi = fmax(p->a.value, p->b.value);
	if (!(lo > 0) || !isfinite(hi))
		return 0;
	if (v == CMP_TIMES)
		return hi / lo;
	if (v != CMP_PERCENT)
		return 0;
	/* "about 16% faster" (of the lower), "about 13% lower" (of the higher) */
	return cmp_higher_is_better(p->q) ? (hi / lo - 1.0) * 100.0 : (1.0 - lo / hi) * 100.0;
}

void cmp_ratio_upright(double *lo, double *hi)
{
	double top = *hi > *lo ? *hi : *lo;
	if (!(*lo > 0) || top >= 1) /* upright already, or spanning 1 */
		return;
	double turned = 1.0 / *lo;
	*lo = 1.0 / top;
	*hi = *hi > 0 ? turned : 0;
}

struct cmp_judgement cmp_judge(const struct cmp_pair *p)
{
	struct cmp_judgement j = { CMP_SAME, &p->a, &p->b, 1.0, 0.0 };
	double lo = fmin(p->a.value, p->b.value), hi = fmax(p->a.value, p->b.value);
	if (!p->same_conditions || !(lo > 0) || !isfinite(hi)) {
		/* no ratio between unlike results (nor of a zero or a gap) */
		j.verdict = p->same_conditions && printed_alike(p) ? CMP_SAME : CMP_UNLIKE;
		return j;
	}
	if (printed_alike(p))
		return j;
	bool a_better = cmp_higher_is_better(p->q) ? p->a.value > p->b.value
						   : p->a.value < p->b.value;
	j.first = a_better ? &p->a : &p->b;
	j.second = a_better ? &p->b : &p->a;
	double r = ratio_as_printed(hi / lo);
	/* a time is lower by a share of the longer one, however large:
	 * "38% less time", never "1.62 times as long" (content/STYLE.md) */
	if (r > CMP_TIMES_ABOVE && !cmp_is_duration(p->q)) {
		j.verdict = CMP_TIMES;
		j.ratio = r;
		return j;
	}
	j.percent = numfmt_round(cmp_margin(p, CMP_PERCENT), 0);
	if (j.percent > 0) {
		j.verdict = CMP_PERCENT;
	} else {
		j.first = &p->a;
		j.second = &p->b;
	}
	return j;
}

int cmp_better_side(double a, const char *shown_a, double b, const char *shown_b,
		    int direction)
{
	if (!direction || a == b)
		return 0;
	/* a quantity of the row's direction: the judgement only asks which
	 * way is better */
	struct cmp_pair p = { .q = direction > 0 ? CMP_SPEED : CMP_COST, .same_conditions = true,
			      .a = { "", a, shown_a, NULL }, .b = { "", b, shown_b, NULL } };
	struct cmp_judgement j = cmp_judge(&p);
	if (j.verdict == CMP_SAME)
		return 0;
	if (j.verdict == CMP_UNLIKE) /* a zero against a figure: no ratio */
		return (a > b) == (direction > 0) ? 1 : -1;
	return j.first == &p.a ? 1 : -1;
}

bool cmp_ties_best(double v, const char *shown, double top, const char *shown_top,
		   int direction)
{
	return direction && cmp_better_side(v, shown, top, shown_top, direction) == 0;
}
