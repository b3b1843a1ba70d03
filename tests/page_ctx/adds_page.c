/* expect: incompatible pointer type
 * A page builder that adds a page to the plan while pages render: adding
 * takes the build's struct site, which a builder does not have. */
#include "view/present.h"
#include "view/site.h"

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec);

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	pg_add_page(pc->in, pc, "pages/gpu", spec->title, NULL, NULL, NULL, NULL);
	return NULL;
}
