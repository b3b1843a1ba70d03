/* pages_compare: the comparison index and a page per pair of GPUs (specs
 * side by side, speed per benchmark, cost per job, and a verdict composed
 * from the figures: results measured under different conditions are never
 * set side by side as they are).
 *
 * What the G(G-1)/2 pages of a language share (each GPU's cells, links and
 * notes) is made once by pages_compare_prepare, while one thread plans, and
 * kept in the page kit (present.h); pair pages are built when rendered.
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

#endif
