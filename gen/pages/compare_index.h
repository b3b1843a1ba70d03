/* compare_index: the comparisons that lead, and the comparison index.
 *
 * The headline pairs are the ones buyers ask about: two cards a use-case
 * recommendation (use_cases.csv) names together, richest in shared figures
 * first, then the richest other pairs; each must have a figure in common.
 * The home page, the comparison index and the report list them, each
 * summed up by its bottom line (compare_bottom.h). The index lists every
 * pair under its first card and marks the pairs with figures in common.
 */
#ifndef GPUGUIDE_COMPARE_INDEX_H
#define GPUGUIDE_COMPARE_INDEX_H

#include "model/i18n.h"

#include <stddef.h>

struct page_ctx;
struct site;
struct value;

/* The most headline pairs there are. */
#define COMPARE_HEADLINES 4

/* The headline pairs as GPU indexes into `pairs`; returns how many. */
size_t compare_index_headline_pairs(const struct page_ctx *p, size_t pairs[][2]);
/* The headline pairs, each {title, href, summary: its bottom line}, linked
 * from the page p (the page's arena). */
struct value *compare_index_headlines(const struct page_ctx *p);
/* Plan the comparison index of language l. */
void compare_index_plan(struct site *s, enum lang l);

#endif
