/* chart_scale: ticks and scales (see chart_scale.h). */
#include "chart/chart_scale.h"

#include "base/numfmt.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

size_t chart_scale_nice_ticks(double min, double max, size_t max_ticks,
			      struct chart_ticks *out)
{
	static const double mant[] = { 1, 2, 2.5, 5 };

	memset(out, 0, sizeof *out);
	if (!isfinite(min) || !isfinite(max)) {
		min = 0;
		max = 1;
	}
	if (min > max) {
		double tmp = min;
		min = max;
		max = tmp;
	}
	if (min == max) {
		if (min == 0)
			max = 1;
		else if (min > 0)
			min = 0;
		else
			max = 0;
	}
	if (max_ticks < 2)
		max_ticks = 2;
	if (max_ticks > CHART_MAX_TICKS)
		max_ticks = CHART_MAX_TICKS;

	/* Try steps in increasing order from well below the naive step. */
	int e0 = (int)floor(log10((max - min) / (double)(max_ticks - 1))) - 1;
	for (int e = e0; e < e0 + 6; e++) {
		for (size_t m = 0; m < sizeof mant / sizeof mant[0]; m++) {
			double step = mant[m] * pow(10, e);
			double k0 = floor(min / step + 1e-9);
			double k1 = ceil(max / step - 1e-9);
			double count = k1 - k0 + 1;
			if (count > (double)max_ticks)
				continue;
			out->n = (size_t)count;
			for (size_t i = 0; i < out->n; i++)
				out->v[i] = (k0 + (double)i) * step;
			out->step = step;
			out->decimals = -e + (mant[m] == 2.5 ? 1 : 0);
			if (out->decimals < 0)
				out->decimals = 0;
			return out->n;
		}
	}
	/* Not reached for finite input; keep a sane answer anyway. */
	out->n = 2;
	out->v[0] = min;
	out->v[1] = max;
	out->step = max - min;
	return out->n;
}

size_t chart_scale_log_ticks(double min, double max, size_t max_ticks,
			     struct chart_ticks *out)
{
	memset(out, 0, sizeof *out);
	if (!(min > 0) || !isfinite(min) || !isfinite(max))
		return 0;
	if (max < min)
		max = min;
	if (max_ticks < 2)
		max_ticks = 2;
	if (max_ticks > CHART_MAX_TICKS)
		max_ticks = CHART_MAX_TICKS;
	/* Strictly below min, so the smallest bar still has a length. */
	int lo = (int)ceil(log10(min) - 1e-9) - 1;
	int hi = (int)ceil(log10(max) - 1e-9);
	if (hi <= lo)
		hi = lo + 1;
	int every = 1;
	while ((hi - lo + every - 1) / every + 1 > (int)max_ticks)
		every++;
	if ((hi - lo) % every)
		hi += every - (hi - lo) % every;
	out->log = true;
	out->step = every;
	out->decimals = lo < 0 ? -lo : 0;
	for (int e = lo; e <= hi; e += every)
		out->v[out->n++] = pow(10, e);
	return out->n;
}

void chart_scale_tick_label(const struct chart_ticks *t, size_t i, char *dst,
			    size_t cap)
{
	double v = t->v[i];
	if (t->log) {
		int e = (int)lround(log10(v));
		if (e >= 5)
			snprintf(dst, cap, "1e%d", e);
		else {
			numfmt_fixed(dst, cap, v, e < 0 ? -e : 0);
			numfmt_group(dst, cap);
		}
		return;
	}
	if (fabs(v) < t->step * 1e-6)
		v = 0; /* no "-0" */
	numfmt_fixed(dst, cap, v, t->decimals);
	numfmt_group(dst, cap);
}

bool chart_scale_wants_log(const double *values, size_t n)
{
	if (n == 0)
		return false;
	double lo = DBL_MAX, hi = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(values[i] > 0) || !isfinite(values[i]))
			return false;
		if (values[i] < lo)
			lo = values[i];
		if (values[i] > hi)
			hi = values[i];
	}
	return hi > 100 * lo;
}

void chart_scale_init(struct chart_scale *s, double d0, double d1, double r0,
		      double r1, bool log)
{
	s->d0 = d0;
	s->d1 = d1;
	s->r0 = r0;
	s->r1 = r1;
	s->log = log;
}

double chart_scale_map(const struct chart_scale *s, double v)
{
	double t;
	if (s->log) {
		if (!(v > 0) || !(s->d0 > 0) || !(s->d1 > 0) || s->d0 == s->d1)
			return s->r0;
		t = (log10(v) - log10(s->d0)) / (log10(s->d1) - log10(s->d0));
	} else {
		if (s->d0 == s->d1 || !isfinite(v))
			return s->r0;
		t = (v - s->d0) / (s->d1 - s->d0);
	}
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	return s->r0 + t * (s->r1 - s->r0);
}
