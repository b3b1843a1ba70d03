/* pages: the guide's pages built from data (see pages.h), family by family. */
#include "pages/pages.h"

#include "base/buf.h"
#include "pages/pages_compare.h"
#include "pages/pages_gpu.h"
#include "pages/pages_guide.h"
#include "view/present.h"
#include "view/site.h"

void pages_plan_home(struct site *s, enum lang l)
{
	pages_guide_plan_home(s, l);
}

void pages_plan(struct site *s)
{
	if (!s->metrics.prices && s->data.ngpus)
		return; /* no metrics: the build failed before */
	/* now, while one thread runs: rendering threads read the kit */
	pages_compare_prepare(s);
	struct buf scratch = BUF_INIT; /* for the G^2 comparison pages' texts */
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		pages_gpu_plan(s, l);
		pages_compare_plan(s, l, &scratch);
		pages_guide_plan(s, l);
	}
	buf_release(&scratch);
}
