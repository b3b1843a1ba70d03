/* chart_scale: the numbers of a chart's axes: "nice" linear ticks, powers
 * of ten on a log scale, their labels, and the mapping of data values to
 * positions (a linear or logarithmic scale).
 *
 * Pure: no allocation, no state; it knows nothing of drawing. Results go to
 * the caller's structs and buffers. Tick labels are printed with numfmt
 * (the same bytes as printf's "%.*f").
 */
#ifndef GPUGUIDE_CHART_SCALE_H
#define GPUGUIDE_CHART_SCALE_H

#include <stdbool.h>
#include <stddef.h>

#define CHART_MAX_TICKS 16

struct chart_ticks {
	size_t n;                     /* number of ticks, 2..CHART_MAX_TICKS */
	double v[CHART_MAX_TICKS];    /* ascending tick values */
	double step;                  /* linear: distance between ticks */
	int decimals;                 /* linear: decimals the step needs */
	bool log;                     /* true: powers of 10 (log ticks) */
};

/* "Nice" linear ticks: the smallest step of 1, 2, 2.5 or 5 x 10^k whose
 * ticks cover [min, max] (first <= min, last >= max) with at most
 * `max_ticks` ticks (clamped to 2..CHART_MAX_TICKS). With max_ticks 8 this
 * gives 4 to 8 ticks. min == max widens the range to include 0 ([0, 1] for
 * 0); non-finite input counts as [0, 1]. Returns out->n. */
size_t chart_scale_nice_ticks(double min, double max, size_t max_ticks,
			      struct chart_ticks *out);
/* Log ticks for 0 < min <= max: powers of 10 from the one strictly below
 * `min` to the first >= `max`, every k-th decade so at most `max_ticks`.
 * Returns out->n (0 when min <= 0). */
size_t chart_scale_log_ticks(double min, double max, size_t max_ticks,
			     struct chart_ticks *out);
/* Print tick i into `dst` (size `cap`): "%.*f" with the step's decimals;
 * on a log scale each power with its own decimals ("0.1", "1", "1,000"),
 * and 1e5 and above as "1e5"; thousands grouped with commas as every
 * figure is ("1,500", numfmt_group). */
void chart_scale_tick_label(const struct chart_ticks *t, size_t i, char *dst,
			    size_t cap);

/* True when a log scale should be used: every value > 0 and the largest is
 * more than 100 times the smallest. n == 0 gives false. */
bool chart_scale_wants_log(const double *values, size_t n);

/* A mapping from a data domain [d0, d1] to a range [r0, r1] (r0 > r1 is
 * fine, e.g. a y axis that grows upward). */
struct chart_scale {
	double d0, d1, r0, r1;
	bool log; /* map log10(v); then d0 and d1 must be > 0 */
};
/* Fill `s` with the given domain and range. */
void chart_scale_init(struct chart_scale *s, double d0, double d1, double r0,
		      double r1, bool log);
/* Map v into the range, clamped to it; an empty domain maps to r0, and on a
 * log scale v <= 0 maps to r0. */
double chart_scale_map(const struct chart_scale *s, double v);

#endif
