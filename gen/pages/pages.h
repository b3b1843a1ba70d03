/* pages: the guide's pages built from data, in both languages, family by
 * family: pages_gpu (GPUs), pages_compare (pairs), pages_guide (jobs, case
 * studies, use cases, techniques, VRAM fit, inference, the home block), all
 * made with the kit of present.h (the data tables, data health and
 * methodology pages are datapages.c's). Each page's context is assembled in
 * C, with every figure already formatted, so templates never compute.
 */
#ifndef GPUGUIDE_PAGES_H
#define GPUGUIDE_PAGES_H

#include "model/i18n.h"

struct site;
struct value;

/* Add every guide page of both languages to the site's plan. */
void pages_plan(struct site *s);
/* Add the home page of language l (see pages_guide_plan_home). */
void pages_plan_home(struct site *s, enum lang l);


#endif
