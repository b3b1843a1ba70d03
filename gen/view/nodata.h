/* nodata: how a page says what no source gives, in a line rather than in
 * dashes (view/present draws the "no data" mark of one missing figure).
 * A section names the rows it leaves out for want of a figure in one line
 * (struct nodata_list: "Not given by any source for this card: FP8, PCIe.");
 * a table leaves out a column without a figure in any row
 * (nodata_column_has_figure), and its page says why beside it; the legend
 * of the mark follows a table that draws the mark, and no other
 * (nodata_table_has_gap, nodata_flag_tables).
 *
 * Memory: a list owns its names until nodata_list_text or _line, which
 * leave the joined text in the page's arena and free the rest.
 */
#ifndef GPUGUIDE_NODATA_H
#define GPUGUIDE_NODATA_H

#include "base/buf.h"

#include <stdbool.h>
#include <stddef.h>

struct page_ctx;
struct value;

/* The names of the rows a section leaves out; start it NODATA_LIST_INIT. */
struct nodata_list {
	struct buf names;
	size_t n;
};
#define NODATA_LIST_INIT { BUF_INIT, 0 }

/* Add a row's name (joined by the language's list separator). */
void nodata_list_add(const struct page_ctx *p, struct nodata_list *m, const char *name);
/* The names added, joined (an arena string), or NULL when none was; ends
 * `m`. */
const char *nodata_list_text(const struct page_ctx *p, struct nodata_list *m);
/* The line saying what is missing, from the UI string `key` ("Not given by
 * any source: {list}."), or "" when nothing is; ends `m`. */
const char *nodata_list_line(const struct page_ctx *p, struct nodata_list *m, const char *key);

/* Whether some row of `rows` has a figure in its cell `key` (a cell of
 * present's, not marked "nodata"): a column without one is left out. */
bool nodata_column_has_figure(const struct value *rows, const char *key);
/* Whether some row of `rows` has its cell `key` marked "nodata": a table
 * with one is followed by the legend of the mark. */
bool nodata_column_has_gap(const struct value *rows, const char *key);
/* Whether a table of `rows` draws the "no data" mark, and so is followed
 * by its legend (partials/nodata-legend; only then: a legend under a table
 * without the mark explains nothing the reader sees). Some row's cell of a
 * column of `cols` (NULL-ended) is marked "nodata"; a column is "key", or
 * "key/flag" when the table draws it only under the flag `flag` of `table`
 * (the map holding its flags: "cost/tasks_costed"; "key/f1/f2": under
 * both). Every column of every row when `cols` is NULL (a table that
 * leaves none out). */
bool nodata_table_has_gap(const struct value *rows, const struct value *table,
			  const char *const *cols);
/* A table of a page's context `ctx`: the key of its rows, the flag set
 * when it draws the mark ("prices_nodata": its template draws the legend
 * under it), and its columns as above (their flags are ctx's). */
struct nodata_table {
	const char *rows, *flag;
	const char *const *cols;
};
/* Set the flag of each of the `n` tables in `ctx`. */
void nodata_flag_tables(const struct page_ctx *p, struct value *ctx,
			const struct nodata_table *tables, size_t n);

#endif
