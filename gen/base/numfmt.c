/* numfmt: printf's "%.*f" and "%.*g" without printf (see numfmt.h). */
#include "base/numfmt.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* 10^0 .. 10^22: each is exactly a double. */
static const double pow10_exact[23] = {
	1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static const uint64_t pow10_int[17] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
};

/* The fast paths' limits: decimals of "%.*f", significant digits of
 * "%.*g" (10^15 < 2^50, the bound of nearest_scaled). */
#define FIXED_MAX_DECIMALS 6
#define G_MAX_PRECISION 15

/* The integer nearest to the exact product a * scale (a >= 0, scale a power
 * of ten that is exactly a double), an exact tie going to the even one as
 * printf rounds. False when the product is 2^50 or more.
 * t = a * scale is off the exact product by at most half its ulp, 1/8 below
 * 2^50; so when t's fraction is more than 1/4 from a half, the integer
 * nearest to t is the answer. Otherwise fma gives the sign of the exact
 * a * scale - (whole + 1/2) (it rounds once, and rounding keeps the sign;
 * whole + 1/2 is exact), which decides, a zero being an exact tie. */
static bool nearest_scaled(double a, double scale, uint64_t *out)
{
	double t = a * scale;
	if (!(t < 0x1p50))
		return false;
	double whole = floor(t);
	double frac = t - whole; /* exact: whole is t without its fraction */
	uint64_t w = (uint64_t)whole;
	if (fabs(frac - 0.5) > 0.25) {
		*out = w + (frac > 0.5);
		return true;
	}
	double above_half = fma(a, scale, -(whole + 0.5));
	*out = w + (above_half > 0 || (above_half == 0 && (w & 1)));
	return true;
}

/* Write the decimal digits of u, at least `width` of them (zeros in front),
 * so that they end just before `end`; return where they start. */
static char *digits_before(char *end, uint64_t u, int width)
{
	char *p = end;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
		width--;
	} while (u || width > 0);
	return p;
}

size_t numfmt_uint(char *dst, uint64_t u)
{
	char tmp[NUMFMT_UINT_MAX];
	char *p = digits_before(tmp + sizeof tmp, u, 1);
	size_t n = (size_t)(tmp + sizeof tmp - p);
	memcpy(dst, p, n);
	return n;
}

/* Copy the fast path's result to dst when it fits; 0 when it does not. */
static size_t deliver(char *dst, size_t cap, const char *s, size_t n)
{
	if (n == 0 || n >= cap)
		return 0;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return n;
}

/* "%.*f" of v into tmp (NUMFMT_MAX bytes); 0 when not covered. */
static size_t fixed_fast(char *tmp, double v, int decimals)
{
	uint64_t n;
	if (!isfinite(v) || decimals < 0 || decimals > FIXED_MAX_DECIMALS ||
	    !nearest_scaled(fabs(v), pow10_exact[decimals], &n))
		return 0;
	char digits[NUMFMT_MAX];
	char *end = digits + sizeof digits;
	char *start = end;
	if (decimals) {
		start = digits_before(end, n % pow10_int[decimals], decimals);
		*--start = '.';
	}
	start = digits_before(start, n / pow10_int[decimals], 1);
	if (signbit(v))
		*--start = '-'; /* printf keeps the sign of -0.001 as "-0.00" */
	size_t len = (size_t)(end - start);
	memcpy(tmp, start, len);
	tmp[len] = '\0';
	return len;
}

double numfmt_round(double v, int decimals)
{
	if (!isfinite(v))
		return v;
	static const double scale[] = { 1, 10, 100, 1000, 10000 };
	double k = decimals >= 0 && decimals < 5 ? scale[decimals] : pow(10, decimals);
	double a = fabs(v) * k;
	/* the binary value of a decimal half may lie just below it */
	double r = floor(a + 0.5 + 1e-9 * fmax(1.0, a));
	return copysign(r / k, v);
}

size_t numfmt_fixed(char *dst, size_t cap, double v, int decimals)
{
	char tmp[NUMFMT_MAX];
	size_t n = deliver(dst, cap, tmp, fixed_fast(tmp, v, decimals));
	if (n || !cap)
		return n;
	snprintf(dst, cap, "%.*f", decimals, v);
	return strlen(dst);
}

size_t numfmt_group(char *dst, size_t cap)
{
	size_t len = strlen(dst);
	char *p = dst + (*dst == '-');
	size_t digits = strspn(p, "0123456789");
	const char *rest = p + digits;
	if (digits < 4 || (*rest && (*rest != '.' || !rest[1] ||
				     strspn(rest + 1, "0123456789") != strlen(rest + 1))))
		return len;
	size_t commas = (digits - 1) / 3;
	if (len + commas + 1 > cap)
		return len;
	/* the fraction and the NUL move right; then the digits, from the
	 * last, each written at or right of where it is read */
	memmove(p + digits + commas, rest, strlen(rest) + 1);
	char *w = p + digits + commas;
	for (size_t i = 0; i < digits; i++) {
		if (i && i % 3 == 0)
			*--w = ',';
		*--w = p[digits - 1 - i];
	}
	return len + commas;
}

/* 10^k for -4 <= k <= 22 as the nearest double (above 10^k for k < 0). */
static double pow10_near(int k)
{
	static const double negative[5] = { 1e0, 1e-1, 1e-2, 1e-3, 1e-4 };
	return k >= 0 ? pow10_exact[k] : negative[-k];
}

/* "%.*g" of v into tmp (NUMFMT_MAX bytes); 0 when not covered: zero, NaN,
 * infinities, and the values printf writes with an exponent (below 1e-4
 * or from 10^precision on) or that come near those. */
static size_t g_fast(char *tmp, double v, int precision)
{
	double a = fabs(v);
	if (!isfinite(v) || v == 0 || precision < 1 || precision > G_MAX_PRECISION ||
	    a < pow10_near(-4) || a >= pow10_exact[precision])
		return 0;
	/* the exponent x: 10^x <= a < 10^(x+1) (the doubles of 10^-k lie
	 * above 10^-k, so a >= pow10_near(x) holds exactly too) */
	int x = -4;
	while (x < precision - 1 && a >= pow10_near(x + 1))
		x++;
	uint64_t n; /* the precision significant digits */
	if (!nearest_scaled(a, pow10_exact[precision - 1 - x], &n))
		return 0;
	if (n == pow10_int[precision]) { /* 9.99.. rounded up to 10.0.. */
		n = pow10_int[precision - 1];
		if (++x > precision - 1)
			return 0;
	}
	char digits[G_MAX_PRECISION + 1];
	digits_before(digits + precision, n, precision);
	size_t nd = (size_t)precision;
	size_t int_digits = x >= 0 ? (size_t)x + 1 : 0;
	while (nd > int_digits && digits[nd - 1] == '0')
		nd--; /* %g drops trailing zeros of the fraction */
	char *p = tmp;
	if (signbit(v))
		*p++ = '-';
	if (x >= 0) {
		memcpy(p, digits, int_digits);
		p += int_digits;
	} else {
		*p++ = '0';
	}
	if (nd > int_digits) {
		*p++ = '.';
		for (int z = x + 1; z < 0; z++)
			*p++ = '0';
		memcpy(p, digits + int_digits, nd - int_digits);
		p += nd - int_digits;
	}
	*p = '\0';
	return (size_t)(p - tmp);
}

size_t numfmt_g(char *dst, size_t cap, double v, int precision)
{
	char tmp[NUMFMT_MAX];
	size_t n = deliver(dst, cap, tmp, g_fast(tmp, v, precision));
	if (n || !cap)
		return n;
	snprintf(dst, cap, "%.*g", precision, v);
	return strlen(dst);
}

double numfmt_rounding(const char *written, bool approx)
{
	const char *p = written ? written : "";
	if (*p == '-')
		p++;
	const char *dot = NULL, *last_sig = NULL, *first_sig = NULL;
	size_t int_digits = 0;
	for (const char *c = p; *c; c++) {
		if (*c == '.' && !dot) {
			dot = c;
			continue;
		}
		if (*c < '0' || *c > '9')
			return 0;
		if (!dot)
			int_digits++;
		if (*c != '0') {
			last_sig = c;
			if (!first_sig)
				first_sig = c;
		}
	}
	if (!int_digits && !dot)
		return 0;
	double step = 1;
	if (dot) {
		for (const char *c = dot + 1; *c; c++)
			step /= 10;
	} else if (last_sig) {
		/* "100": zeros after the last significant digit, but at
		 * most up to the second digit */
		size_t zeros = (size_t)(p + int_digits - 1 - last_sig);
		size_t cap = int_digits >= 2 ? int_digits - 2 : 0;
		for (size_t i = 0; i < zeros && i < cap; i++)
			step *= 10;
	}
	if (approx && last_sig && *last_sig == '5' && first_sig != last_sig)
		step *= 5;
	return step / 2;
}

/* ---- Coordinates ---- */

/* The number of tenths nearest to a (0 <= a < 1e6), as printf rounds:
 * the exact binary value of a to the nearest tenth, a tie to the even one.
 * t = a * 10 < 2^24 is off the exact product by less than 2^-29, so when
 * t is not within 1e-6 of a half, the integer nearest to t is the answer.
 * Otherwise fma gives the sign of the exact a * 10 - (whole + 1/2) (it
 * rounds once, and rounding keeps the sign), which decides. Exact ties are
 * odd multiples of 0.25 (8.25 prints as 8.2, 8.75 as 8.8). */
static unsigned long coord_tenths(double a)
{
	double t = a * 10.0;
	double whole = (double)(unsigned long)t; /* floor: 0 <= t < 1e7 */
	double frac = t - whole; /* exact: whole is t without its fraction */
	if (fabs(frac - 0.5) > 1e-6)
		return (unsigned long)whole + (frac > 0.5);
	double above_half = fma(a, 10.0, -(whole + 0.5));
	if (above_half > 0)
		return (unsigned long)whole + 1;
	if (above_half < 0)
		return (unsigned long)whole;
	return (unsigned long)whole + ((unsigned long)whole & 1);
}

/* Write tenths as "units.tenth" with an optional sign; return the length. */
static size_t coord_write(unsigned long tenths, bool negative, char *dst)
{
	char tmp[24];
	char *end = tmp + sizeof tmp, *p = end;
	*--p = (char)('0' + tenths % 10);
	*--p = '.';
	unsigned long units = tenths / 10;
	do {
		*--p = (char)('0' + units % 10);
		units /= 10;
	} while (units);
	if (negative)
		*--p = '-';
	size_t n = (size_t)(end - p);
	for (size_t i = 0; i < n; i++) /* a few bytes: no call to memcpy */
		dst[i] = p[i];
	dst[n] = '\0';
	return n;
}

/* printf would cost about a thousand instructions per coordinate, the
 * most frequent thing a chart writes; huge values, NaN and infinities
 * still go to it. */
size_t numfmt_coord(double v, char *dst)
{
	if (fabs(v) < 0.05)
		v = 0;
	/* |v| >= 0.05 rounds to 0.1 or more (0.05 itself is just above the
	 * half), so a negative v never prints as "-0.0" */
	if (fabs(v) < 1e6)
		return coord_write(coord_tenths(fabs(v)), v < 0, dst);
	int n = snprintf(dst, NUMFMT_COORD_MAX, "%.1f", v);
	return n > 0 ? (size_t)n : 0;
}
