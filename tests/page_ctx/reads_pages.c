/* expect: has no member named 'pages'
 * A page builder that looks for the list of pages among its inputs. */
#include "view/site.h"

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec);

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	(void)spec;
	return pc->in->pages[0].ctx;
}
