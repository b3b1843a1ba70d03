/* numfmt: printf's "%.*f" and "%.*g" for doubles, without printf, the
 * "%.1f" coordinates of charts, and whole numbers ("%llu").
 *
 * snprintf spends about a thousand instructions on a number (glibc converts
 * through multi-precision arithmetic); pages and charts format hundreds of
 * thousands of figures. These give the same bytes as snprintf in the C
 * locale, ties rounded to even as glibc does, by exact integer arithmetic on
 * the scaled value; what they do not cover quickly (huge or tiny values,
 * exponent notation, NaN, infinities, a too small dst) goes to snprintf.
 */
#ifndef GPUGUIDE_NUMFMT_H
#define GPUGUIDE_NUMFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The decimal digits of `u` written at `dst` (room for NUMFMT_UINT_MAX
 * bytes; no NUL); returns how many. */
#define NUMFMT_UINT_MAX 20
size_t numfmt_uint(char *dst, uint64_t u);

/* Room for any number the fast paths write, with its NUL. */
#define NUMFMT_MAX 40

/* Write what snprintf(dst, cap, "%.*f", decimals, v) writes; return the
 * length written (at most cap - 1). */
size_t numfmt_fixed(char *dst, size_t cap, double v, int decimals);

/* Group the thousands of the plain decimal at dst (an optional "-", digits,
 * an optional fraction: what numfmt_fixed writes) with commas, in place, as
 * every figure is written in both languages (content/STYLE.md: 1,600,
 * 3,350): "1000" becomes "1,000", "-12345.25" "-12,345.25"; the fraction is
 * not grouped. Text of any other form ("1e5", "inf"), or that would not fit
 * in `cap` bytes with its NUL, is left as it is. Returns the length. */
size_t numfmt_group(char *dst, size_t cap);

/* Write what snprintf(dst, cap, "%.*g", precision, v) writes; return the
 * length written (at most cap - 1). */
size_t numfmt_g(char *dst, size_t cap, double v, int precision);

/* `v` rounded to `decimals` decimals as its decimal value would be, halves
 * away from zero: the product 0.75 x 0.30 is 0.22499999999999998 in binary
 * but 0.225 in decimal, so it rounds to 0.23. A value within a billionth
 * (relative) of a half counts as the half. Every figure the site prints is
 * rounded by this before its digits are written. */
double numfmt_round(double v, int decimals);

/* How far a figure written as `written` (a plain decimal: "545", "0.88")
 * may lie from the value it was rounded from: half a unit of its last digit
 * ("0.88": 0.005). Trailing zeros of a whole number count as rounding, but
 * never to more than its second digit ("100": 5). A figure the source calls
 * approximate whose last significant digit is 5 was rounded to a multiple of
 * 5 ("about 545": 2.5). 0 for text that is not a plain decimal. */
double numfmt_rounding(const char *written, bool approx);

/* Room for any coordinate numfmt_coord prints ("%.1f" of -DBL_MAX). */
#define NUMFMT_COORD_MAX 320
/* Print a coordinate of a picture (an SVG chart) into dst (NUMFMT_COORD_MAX
 * bytes): |v| < 0.05 counts as 0 (no "-0.0"), then exactly what snprintf
 * "%.1f" prints, only faster. Returns the length. */
size_t numfmt_coord(double v, char *dst);

#endif
