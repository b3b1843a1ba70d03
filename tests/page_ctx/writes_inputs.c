/* expect: assignment of member 'date' in read-only object
 * A page builder that changes what every page is made from. */
#include "view/site.h"

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec);

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	(void)spec;
	pc->in->date = "2000-01-01";
	return NULL;
}
