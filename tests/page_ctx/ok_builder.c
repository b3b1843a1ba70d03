/* expect: compiles
 * A page builder as the page families write one: it reads the inputs and
 * writes its own arena, messages and figure marks through its context. */
#include "view/guide_ledger.h"
#include "view/present.h"
#include "view/site.h"
#include "template/value.h"

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec);

struct value *build_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	struct value *ctx = value_new_map(pc->arena);
	value_map_set_str(pc->arena, ctx, "title", spec->title);
	if (pc->in->data.ngpus) {
		value_map_set_str(pc->arena, ctx, "rent",
				  pg_fmt_per_hour(pc, pg_rent_shown(pc, 0).value));
		guide_ledger_show_price(pc, 0);
	}
	return ctx;
}
