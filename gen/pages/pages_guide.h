/* pages_guide: the guide's reference pages, about neither one GPU nor a
 * pair: use cases (recommendations by use), techniques, VRAM fit, inference
 * (the cards a model needs, monthly and per-token costs), and the indexes
 * of the jobs and case studies (whose pages are pages_tasks').
 */
#ifndef GPUGUIDE_PAGES_GUIDE_H
#define GPUGUIDE_PAGES_GUIDE_H

#include "model/i18n.h"

#include <stdbool.h>
#include <stddef.h>

struct page_ctx;
struct site;
struct value;

/* The guide's pages whose context pages_guide_context builds. */
enum guide_part {
	GUIDE_TASKS,      /* the jobs: each with its count, cheapest, fastest */
	GUIDE_USE_CASES,  /* recommendations by use */
	GUIDE_TECHNIQUES, /* training techniques */
	GUIDE_VRAM,       /* memory and fit */
	GUIDE_INFERENCE,  /* inference and serving */
	GUIDE_CASES,      /* the case studies' list */
};

/* Add every guide page of language l to the plan, with the jobs' and case
 * studies' own pages (pages_tasks) after their indexes. */
void pages_guide_plan(struct site *s, enum lang l);

/* The contexts of the guide's pages, for the page p (its links relative
 * to p->path, its figures marked in the ledger for p): the pages planned
 * here and the report (pages/report.c) build them with these, so both
 * show the same. Memory: p's arena. */
struct value *pages_guide_context(const struct page_ctx *p, enum guide_part part);
/* A guide part's page, under the language root ("vram/"). */
const char *pages_guide_path(enum guide_part part);


#endif
