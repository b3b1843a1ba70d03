/* pages_guide: the guide pages that are about neither one GPU nor a pair:
 * training jobs (time, the quote used and the cost on each GPU, beside the
 * cost the source states), case studies, use cases, techniques, VRAM fit,
 * inference (the cards a model needs, monthly and per-token costs), and the
 * home page's guide block.
 */
#ifndef GPUGUIDE_PAGES_GUIDE_H
#define GPUGUIDE_PAGES_GUIDE_H

#include "model/i18n.h"

struct site;
struct value;

/* Add every guide page of language l to the plan (but the home page). */
void pages_guide_plan(struct site *s, enum lang l);
/* Add the home page of language l: the guide's block and the latest
 * articles (articles_latest, so after the articles' metadata is made). */
void pages_guide_plan_home(struct site *s, enum lang l);


#endif
