/* pages_compare: the comparison index and a page per pair of GPUs (specs
 * side by side, speed per benchmark, cost per job, and a verdict composed
 * from the figures: results measured under different conditions are never
 * set side by side as they are).
 *
 * The headline pairs are the ones buyers ask about: two cards a use-case
 * recommendation (use_cases.csv) names together, richest in shared figures
 * first, then the richest other pairs; each must have a figure in common.
 * The home page, the comparison index and the report list them, each
 * summed up by its bottom line (compare_bottom.h). The index lists every
 * pair under its first card and marks the pairs with figures in common.
 *
 * What the G(G-1)/2 pages of a language share (each GPU's cells, links and
 * notes) is made once by pages_compare_prepare, while one thread plans, and
 * kept in the page kit (present.h, made by pair_sides); pair pages are
 * built when rendered.
 */
#ifndef GPUGUIDE_PAGES_COMPARE_H
#define GPUGUIDE_PAGES_COMPARE_H

#include "model/i18n.h"

#include <stddef.h>

struct buf;
struct page_ctx;
struct site;
struct value;

/* Make the comparison pages' shared parts (call once, before planning). */
void pages_compare_prepare(struct site *s);
/* Add the comparison index and every pair page of language l; `scratch`
 * is a buffer for the pages' short texts. */
void pages_compare_plan(struct site *s, enum lang l, struct buf *scratch);
/* A pair page's whole context (specs, speed, costs, the verdict, the
 * pair chart) for the page p: the comparison pages and the report build
 * it here, so both show the same verdict. */
struct value *pages_compare_pair_context(const struct page_ctx *p, size_t ga, size_t gb);

/* The most headline pairs there are. */
#define COMPARE_HEADLINES 4

/* The headline pairs as GPU indexes into `pairs`; returns how many. */
size_t pages_compare_headline_pairs(const struct page_ctx *p, size_t pairs[][2]);
/* The headline pairs, each {title, href, summary: its bottom line}, linked
 * from the page p (the page's arena). */
struct value *pages_compare_headlines(const struct page_ctx *p);

#endif
