/* What no source gives, said in a line (nodata.h). */
#include "view/nodata.h"

#include "base/arena.h"
#include "template/value.h"
#include "view/present.h"

void nodata_list_add(const struct page_ctx *p, struct nodata_list *m, const char *name)
{
	if (m->n++)
		buf_adds(&m->names, pg_tr(p, "list.sep"));
	buf_adds(&m->names, name);
}

const char *nodata_list_text(const struct page_ctx *p, struct nodata_list *m)
{
	const char *list = m->n ? arena_strndup(pg_arena(p), m->names.ptr, m->names.len) : NULL;
	buf_release(&m->names);
	return list;
}

const char *nodata_list_line(const struct page_ctx *p, struct nodata_list *m, const char *key)
{
	const char *list = nodata_list_text(p, m);
	return list ? pg_fill(p, key, "list", list, NULL) : "";
}

bool nodata_column_has_figure(const struct value *rows, const char *key)
{
	for (size_t i = 0; i < value_list_len(rows); i++)
		if (!pg_map_flag(value_map_get(value_list_item(rows, i), key), "nodata"))
			return true;
	return false;
}

bool nodata_column_has_gap(const struct value *rows, const char *key)
{
	for (size_t i = 0; i < value_list_len(rows); i++)
		if (pg_map_flag(value_map_get(value_list_item(rows, i), key), "nodata"))
			return true;
	return false;
}
