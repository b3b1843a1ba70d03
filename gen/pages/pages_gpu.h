/* pages_gpu: the GPU index (/<lang>/gpus/) and a page per GPU (specs, every
 * quote, results, the cost of each job, use cases, comparisons). GPU pages
 * grow with the data, so their contexts are built when they are rendered
 * (see present.h: pg_add_lazy_page).
 */
#ifndef GPUGUIDE_PAGES_GPU_H
#define GPUGUIDE_PAGES_GPU_H

#include "model/i18n.h"

struct page_ctx;
struct site;
struct value;

/* The most prices a GPU page lists (the prices table and its CSV hold
 * every one). */
#define PAGES_MAX_PRICES 100

/* Add the GPU index and every GPU page of language l to the plan. */
void pages_gpu_plan(struct site *s, enum lang l);
/* The GPU index's context (every card's specs and prices, the relative-
 * speed chart) for the page p: the index and the report build it here.
 * Memory: p's arena. */
struct value *pages_gpu_index_context(const struct page_ctx *p);

#endif
