/* pages_tasks: the training jobs and the case studies. A job's page shows
 * its time, the quote it is priced at and its cost on every GPU, beside
 * the cost a source states, with its chart and a link to the calculator; a
 * case study's page shows the stated cost checked against its inputs.
 * The indexes of both (tasks/, cases/) are guide pages (pages_guide.h
 * plans them with these contexts); the home page lists the case studies.
 *
 * Memory: every context lives in the page's arena (struct page_ctx).
 */
#ifndef GPUGUIDE_PAGES_TASKS_H
#define GPUGUIDE_PAGES_TASKS_H

#include "model/i18n.h"

#include <stddef.h>

struct page_ctx;
struct site;
struct value;

/* Add a page per job (tasks/<id>/), a page per case study (cases/<id>/)
 * of language l to the plan, in data order. */
void pages_tasks_plan_jobs(struct site *s, enum lang l);
void pages_tasks_plan_cases(struct site *s, enum lang l);

/* The contexts, for the page p (its links relative to p->path, its
 * figures marked for p): the pages and the report build them here, so
 * both show the same. */
/* tasks/: every job with its count of GPUs, cheapest and fastest. */
struct value *pages_tasks_index_context(const struct page_ctx *p);
/* A job's page: the time, quote and cost on every GPU, and its chart. */
struct value *pages_tasks_task_context(const struct page_ctx *p, size_t t);
/* A case study's page, under the language root ("cases/<id>/"). */
const char *pages_tasks_case_path(const struct page_ctx *p, size_t c);
/* cases/: every case study. */
struct value *pages_tasks_cases_context(const struct page_ctx *p);
/* A case study's page (the case's summary and its details). */
struct value *pages_tasks_case_context(const struct page_ctx *p, size_t c);

/* Lists of case summaries: every case study, and those about serving. */
struct value *pages_tasks_case_list(const struct page_ctx *p);
struct value *pages_tasks_serving_cases(const struct page_ctx *p);

#endif
