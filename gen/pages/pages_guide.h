/* pages_guide: the guide pages that are about neither one GPU nor a pair:
 * training jobs (time, the quote used and the cost on each GPU, beside the
 * cost the source states), case studies, use cases, techniques, VRAM fit,
 * inference (the cards a model needs, monthly and per-token costs), and the
 * home page's guide block.
 */
#ifndef GPUGUIDE_PAGES_GUIDE_H
#define GPUGUIDE_PAGES_GUIDE_H

#include "model/i18n.h"

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

/* Add every guide page of language l to the plan (but the home page). */
void pages_guide_plan(struct site *s, enum lang l);
/* Add the home page of language l: the guide's block and the latest
 * articles (articles_latest, so after the articles' metadata is made). */
void pages_guide_plan_home(struct site *s, enum lang l);

/* The contexts of the guide's pages, for the page p (its links relative
 * to p->path, its figures marked in the ledger for p): the pages planned
 * here and the report (pages/report.c) build them with these, so both
 * show the same. Memory: p's arena. */
struct value *pages_guide_context(const struct page_ctx *p, enum guide_part part);
/* A job's page: the time, quote and cost on every GPU, and its chart. */
struct value *pages_guide_task_context(const struct page_ctx *p, size_t t);
/* A case study's page (case_item's keys and the case's details). */
struct value *pages_guide_case_context(const struct page_ctx *p, size_t c);


#endif
