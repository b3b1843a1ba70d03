/* expect: incompatible pointer type
 * A page builder that marks figures in another page's sink. */
#include "view/guide_ledger.h"
#include "view/site.h"

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec);

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	(void)spec;
	struct ledger_sink *other = guide_ledger_page_sink(pc->in, 1);
	(void)other;
	return NULL;
}
