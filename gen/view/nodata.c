/* What no source gives, said in a line (nodata.h). */
#include "view/nodata.h"

#include "base/arena.h"
#include "template/value.h"
#include "view/present.h"

#include <stdint.h>
#include <string.h>

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

/* Whether cell `v` (a map of present's) or a list of such cells is marked. */
static bool cells_marked(const struct value *v)
{
	if (v->type == VALUE_MAP)
		return pg_map_flag(v, "nodata");
	for (size_t i = 0; v->type == VALUE_LIST && i < value_list_len(v); i++)
		if (pg_map_flag(value_list_item(v, i), "nodata"))
			return true;
	return false;
}

static bool row_marked(const struct value *row)
{
	for (uint32_t e = 0; row->type == VALUE_MAP && e < row->u.map.len; e++)
		if (cells_marked(row->u.map.entries[e].val))
			return true;
	return false;
}

/* Whether column `col` ("key/flag/flag") is drawn: every flag of it set in
 * `table`. */
static bool column_drawn(const struct value *table, const char *col)
{
	char flag[64];
	for (const char *f = strchr(col, '/'); f; f = strchr(f + 1, '/')) {
		size_t n = strcspn(f + 1, "/");
		if (n >= sizeof flag)
			return false;
		memcpy(flag, f + 1, n);
		flag[n] = 0;
		if (!pg_map_flag(table, flag))
			return false;
	}
	return true;
}

bool nodata_table_has_gap(const struct value *rows, const struct value *table,
			  const char *const *cols)
{
	for (size_t i = 0; !cols && i < value_list_len(rows); i++)
		if (row_marked(value_list_item(rows, i)))
			return true;
	for (; cols && *cols; cols++) {
		char key[64]; /* the program's own names, short */
		size_t n = strcspn(*cols, "/");
		if (n >= sizeof key || !column_drawn(table, *cols))
			continue;
		memcpy(key, *cols, n);
		key[n] = 0;
		if (nodata_column_has_gap(rows, key))
			return true;
	}
	return false;
}

void nodata_flag_tables(const struct page_ctx *p, struct value *ctx,
			const struct nodata_table *tables, size_t n)
{
	for (size_t i = 0; i < n; i++)
		value_map_set_bool(pg_arena(p), ctx, tables[i].flag,
				   nodata_table_has_gap(value_map_get(ctx, tables[i].rows), ctx,
							tables[i].cols));
}
