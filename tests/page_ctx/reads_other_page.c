/* expect: has no member named 'plan'
 * A page builder that reads another page's context through the plan. */
#include "view/site.h"

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec);

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	(void)spec;
	return pc->in->plan.pages[0].ctx;
}
