/* shortcode: what cite's shortcode kinds share (cite's inline figures and
 * links, cite_tables' tables): the shortcode being resolved (struct cite),
 * its messages and arguments, the ids it names, the columns of gpus.csv and
 * techniques.csv it shows, and its figures formatted in the article's
 * language. Functions are prefixed sc_ ("shortcode").
 *
 * What every page shares (strings of a language, paths and links, names,
 * source titles, ratios) is not here: the page kit (present.h) gives it,
 * through c->pg, which is the article's page.
 *
 * Errors are reported at the shortcode's position (sc_error); the checks and
 * lookups that return a number return -1 after reporting one, those that
 * return a pointer NULL. Formatters append to the caller's buffer; strings
 * returned live in the site's arena or in the data; nothing is to be freed
 * by the caller.
 */
#ifndef GPUGUIDE_SHORTCODE_H
#define GPUGUIDE_SHORTCODE_H

#include "base/buf.h"
#include "model/data.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "view/present.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;
struct shortcode;
struct site;

/* One shortcode being resolved. */
struct cite {
	const struct data *d;
	const struct metrics *m;
	enum lang l;
	const char *from; /* the article's page path, for relative links */
	const struct shortcode *sc;
	struct buf *out;
	struct diag *diag;
	struct buf what; /* `shortcode "name"`, for messages */
	bool table_nodata; /* the table being written has a "no data" mark
			      (cite_tables) */
	size_t table_at;   /* where it began in out, and its caption: a table
			    * without rows is a line instead (cite_tables) */
	const char *table_caption;
	struct page_ctx pg; /* the article's page: inputs, arena, marks (site.h) */
};

/* ---- messages and arguments ---- */

int sc_error(struct cite *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* `what` names the shortcode in the messages (c->what). */
int sc_check_args(struct cite *c, const char *what,
		  const char *const *allowed);
int sc_check_and_need(struct cite *c, const char *const *allowed,
		      const char *const *required);
/* The value of argument `key`, NULL when it is not given. */
const char *sc_arg(const struct cite *c, const char *key);

/* ---- lookups ---- */

long sc_find_gpu(struct cite *c, const char *id);
long sc_find_task(struct cite *c, const char *id);
long sc_find_benchmark(struct cite *c, const char *id);
const struct technique *sc_find_technique(struct cite *c, const char *id);
const char *sc_raw_cell_lang(const struct cite *c, const char *table,
			     size_t row, const char *base);
/* The link from the article to a GPU's page. */
const char *sc_gpu_href(const struct cite *c, size_t g);

/* ---- figures formatted for the article's language ---- */

void sc_fmt_unit(const struct cite *c, struct buf *o, double v,
		 const char *unit_key);
void sc_fmt_usd(const struct cite *c, struct buf *o, double v);
void sc_fmt_price(const struct cite *c, struct buf *o, double v);
void sc_fmt_hours(const struct cite *c, struct buf *o, double h);
void sc_fmt_ratio(const struct cite *c, struct buf *o, double v);
void sc_fmt_bench(const struct cite *c, struct buf *o, double v,
		  const struct benchmark *b);
void sc_fmt_task_figure(const struct cite *c, struct buf *o,
			const struct task_cost *tc, bool cost);

/* ---- gpus.csv and techniques.csv ---- */

/* A numeric gpus.csv column's figure as every spec table prints it
 * (pg_fmt_spec). */
void sc_fmt_gpu_num(const struct cite *c, struct buf *o, enum gpu_column col, double v);
const char *sc_gpu_text(const struct cite *c, const struct gpu *g,
			const char *field);
const char *sc_technique_text(const struct cite *c,
			      const struct technique *t, const char *field);
/* The GPU's lowest on-demand price ("why.no_price" when there is none). */
struct figure sc_lowest_price(const struct cite *c, size_t g);

#endif
