/* compare_bottom: the bottom line that opens a comparison page: two or
 * three sentences a buyer can act on, drawn from the same figures, model
 * (model/compare.h) and rounding as the evidence below them: the card for
 * speed (wins on the benchmarks both were measured on alike), the card for
 * cost per job (wins on the jobs priced on both), then memory or what the
 * sources recommend each card for; or, when the sources measured the two on
 * nothing in common, why the data cannot decide. Each sentence comes whole
 * from its cmp.bl.* template of the page's language.
 */
#ifndef GPUGUIDE_COMPARE_BOTTOM_H
#define GPUGUIDE_COMPARE_BOTTOM_H

#include <stddef.h>

struct page_ctx;

/* The bottom line of the pair page of GPUs ga and gb, in the page's arena. */
const char *compare_bottom_line(const struct page_ctx *p, size_t ga, size_t gb);

#endif
