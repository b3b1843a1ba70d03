/* datapages: the pages about the data itself, in both languages, and the
 * data's downloads.
 *
 * Pages (under each language root, section "data"):
 *   data/          every table with its row count and a CSV download
 *   data/<table>/  one table as HTML: every column (extra ones too), "no data"
 *                  in empty numeric cells, the column types, a download; at
 *                  most DATAPAGES_MAX_ROWS rows (the first ones), with a note
 *                  saying so: the CSV download has every row
 *   sources/       the sources, and which tables cite each
 *   health/        the data-health report: figures that disagree (with the
 *                  sources behind them) and figures no source gives
 *   methodology/   how each derived figure is computed
 * Downloads: data/<table>.csv at the site root (the bytes of
 * data/<table>.csv, or the table with formula-like cells made text).
 *
 * Every context is built in C from the build arena, with figures already
 * formatted for the page's language.
 */
#ifndef GPUGUIDE_DATAPAGES_H
#define GPUGUIDE_DATAPAGES_H

#include "model/i18n.h"

struct output;
struct page_ctx;
struct site;
struct value;

#define DATAPAGES_MAX_ROWS 1000

/* Add the data, sources, health and methodology pages of both languages to
 * the site's plan (site_add_page). */
void datapages_plan(struct site *s);

/* What the health and methodology pages show, as their contexts, for the
 * page `p` (the report, while it renders): in p's language, links relative
 * to p's path. Memory: p's arena. */
struct value *datapages_health_context(const struct page_ctx *p);
struct value *datapages_methodology_context(const struct page_ctx *p);

/* Add the CSV downloads site/data/<table>.csv. Returns 0, or -1 after
 * reporting a problem. */
int datapages_write_downloads(struct site *s, struct output *o);

#endif
