/* compare: the comparison model. Every sentence the site composes about two
 * figures (two GPUs on a benchmark, a job's cost, an hourly price, memory)
 * is made from a typed pair, judged here once, by one rule:
 *
 *   - the quantity says which way is better (speed, efficiency, memory:
 *     higher; latency, time, cost, price: lower) and how a sentence names
 *     the difference ("faster", "lower", "shorter", "cheaper", "more");
 *   - results measured under different conditions (batch size, cards,
 *     precision) get no ratio at all: both values with their conditions
 *     (CMP_UNLIKE), never one scaled "per sample";
 *   - equal printed values, or a difference that rounds to 0%, are "about
 *     the same" (CMP_SAME);
 *   - a ratio is rounded as the table beside the sentence rounds it
 *     (i18n_format_ratio's digits); up to CMP_TIMES_ABOVE it is a
 *     percentage (CMP_PERCENT), above it a multiple (CMP_TIMES),
 *     content/STYLE.md's threshold; the multiple is always >= 1: the better side is named
 *     first, or for a cost or a price the worse side is "N times as much";
 *   - a duration (latency, a step's time) is lower or shorter by a
 *     percentage of the longer one however large the difference ("38% less
 *     time", not "1.62 times as long": content/STYLE.md), never a multiple.
 *
 * The words are not here: view/phrase writes each verdict of each quantity
 * from its own sentence template per language (cmp.s.* in data/i18n.csv).
 * Pure functions; nothing is allocated.
 */
#ifndef GPUGUIDE_COMPARE_H
#define GPUGUIDE_COMPARE_H

#include <stdbool.h>

/* Up to this ratio a difference is a percentage, above it a multiple. */
#define CMP_TIMES_ABOVE 1.5

enum cmp_quantity {
	CMP_SPEED,      /* throughput, relative speed: higher is better */
	CMP_EFFICIENCY, /* work per watt or per dollar: higher */
	CMP_MEMORY,     /* VRAM: higher */
	CMP_LATENCY,    /* time to answer: lower */
	CMP_TIME,       /* a step's or a job's duration: lower */
	CMP_COST,       /* what a job costs: lower */
	CMP_PRICE,      /* an hourly rent: lower */
};
#define CMP_QUANTITY_COUNT 7

enum cmp_verdict {
	CMP_SAME,    /* the same printed values, or under 0.5% apart */
	CMP_PERCENT, /* "about 13% lower" */
	CMP_TIMES,   /* "3.3 times as fast" */
	CMP_UNLIKE,  /* measured differently: no ratio */
};
#define CMP_VERDICT_COUNT 4

/* One side: the GPU's name, its value, the value as its table cell prints
 * it (with its unit), and the conditions it was measured under ("batch
 * size 4"; "" or NULL when the source states none). */
struct cmp_side {
	const char *name;
	double value;
	const char *shown;
	const char *conditions;
};

struct cmp_pair {
	enum cmp_quantity q;
	const char *what;     /* the measure in the page's language, or "" */
	struct cmp_side a, b;
	bool same_conditions; /* false: CMP_UNLIKE */
};

struct cmp_judgement {
	enum cmp_verdict verdict;
	/* the better side first (a and b as given for CMP_UNLIKE, and for
	 * CMP_SAME) */
	const struct cmp_side *first, *second;
	double ratio;   /* CMP_TIMES: larger value / smaller, as rounded */
	double percent; /* CMP_PERCENT: how much better, rounded, > 0 */
};

/* The side a table marks better in a row of two figures, `a` and `b` as
 * they print `shown_a`, `shown_b` (NULL: by value): 1 for a, -1 for b, 0
 * for none, by cmp_judge's rule: none when they are about the same (equal
 * as printed, or under 0.5% apart); `direction` > 0 when higher is better,
 * < 0 when lower is, 0 for no winner. A zero (no ratio) still loses. */
int cmp_better_side(double a, const char *shown_a, double b, const char *shown_b,
		    int direction);
/* Whether `v` (printing `shown`) is a best of a set of figures whose best
 * value is `top` (printing `shown_top`; NULL: by value), as a table marks
 * the best of a row or a column: cmp_better_side finds neither better, so
 * a figure about the same as the best is marked with it. */
bool cmp_ties_best(double v, const char *shown, double top, const char *shown_top,
		   int direction);
/* Whether a higher value of `q` is better. */
bool cmp_higher_is_better(enum cmp_quantity q);
/* Whether `q` is a duration (latency, a step's or a job's time): lower is
 * better, and a difference is a percentage however large. */
bool cmp_is_duration(enum cmp_quantity q);
/* Whether `q` says how fast a card is (a throughput, a relative speed, a
 * latency, a step's or a job's time): the benchmarks a verdict on speed
 * counts. Efficiency (work per watt) is not speed. */
bool cmp_is_speed(enum cmp_quantity q);
/* The quantity a benchmark of `kind` (benchmarks.csv) measures. */
enum cmp_quantity cmp_quantity_of_kind(const char *kind, bool higher_is_better);
/* The name of a quantity and of a verdict as sentence keys use them:
 * "speed", "latency", ...; "same", "percent", "times", "unlike". */
const char *cmp_quantity_name(enum cmp_quantity q);
const char *cmp_verdict_name(enum cmp_verdict v);

/* A ratio of two figures, `*lo` (up to `*hi` for a range; 0: none), as a
 * table prints it beside the sentences: the multiple >= 1, as cmp_judge's
 * ratio, the better side's over the other (for a cost or a price the
 * dearer's over the cheaper's, whichever the pair names first), so that
 * the table and the sentence print one number. A range is turned whole;
 * one that spans 1 (each side better at one end) stays as given. */
void cmp_ratio_upright(double *lo, double *hi);

/* Judge a pair by the rules above. The sides it points to are `p`'s. */
struct cmp_judgement cmp_judge(const struct cmp_pair *p);
/* How much the better side of `p` wins by, unrounded, in the form its
 * verdict says it: CMP_PERCENT a percentage ("13% lower": 13.04), CMP_TIMES
 * a multiple >= 1 ("3.3 times as fast": 3.297); 0 for any other verdict.
 * What a figure ledger keeps of the sentence. */
double cmp_margin(const struct cmp_pair *p, enum cmp_verdict v);

#endif
