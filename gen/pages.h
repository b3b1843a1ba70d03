/* pages: the guide's pages built from data (GPUs, comparisons, tasks, use
 * cases, techniques, VRAM fit, inference, data tables, data health,
 * methodology), in both languages. Each page's context is assembled here, in
 * C, with every figure already formatted, so templates never compute.
 */
#ifndef GPUGUIDE_PAGES_H
#define GPUGUIDE_PAGES_H

struct site;

/* Add every guide page of both languages to the site's plan. */
void pages_plan(struct site *s);

#endif
