/* ledger: the figures a site shows, where they came from and which pages
 * show them; and what changed between two ledgers.
 *
 * A figure has a stable id ("cost.lora-7b.rtx-4090"), an English label and
 * a Chinese one (the file is also a download for the Chinese site's
 * readers; the change report is English), a
 * value (and an upper end when it is a range; "" when the page shows "no
 * data"), a unit ("USD", "USD/h", "h", ...) and its inputs: the CSV rows it
 * was computed from, "data/prices.csv:3 data/task_times.csv:7".
 *
 * Figures are defined up front (ledger_add, one thread) or by the page that
 * shows them (ledger_sink_define). Pages say which figures they show
 * through a sink: the build's plan sink while pages are planned (one
 * thread; each mark names its page by key "<lang>/<path>"), and one sink per
 * page while pages render (each sink is written by the one thread rendering
 * that page, so no lock is needed). ledger_merge then takes the sinks in
 * page order: the figures, their page lists and the order of the figures
 * defined by pages never depend on the threads' timing.
 *
 * The ledger is written as CSV (ledger_write_csv), the file the site
 * publishes as data/figures.csv:
 *     id,label,label_zh,value,value_max,unit,inputs,pages,page_list
 * where page_list holds the pages' URLs ("/en/tasks/lora-7b/") separated by
 * spaces. Only figures some page shows are written.
 *
 * ledger_diff (ledger_diff.h) compares two such files (the published one
 * and the new one) and ledger_report prints the changes for people:
 * changed figures grouped by the input row most of them share, then
 * figures added and removed, each list capped with "and N more".
 *
 * Memory: the ledger owns everything in it (heap); ledger_free frees it.
 */
#ifndef GPUGUIDE_LEDGER_H
#define GPUGUIDE_LEDGER_H

#include "base/arena.h"
#include "base/strmap.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;

struct ledger_fig {
	/* one block, `id` its start: set together, freed together */
	char *id, *label, *label_zh, *value, *value_max, *unit, *inputs;
	size_t *pages; size_t npages, cap_pages; /* page indexes, after merge */
};

/* One "this page shows that figure": a figure of the ledger (`fig`), or one
 * the page defines (`def`, owned by the sink). `key` names the page in
 * the plan sink ("<lang>/<path>"), NULL in a page's own sink. */
struct ledger_mark {
	size_t fig;
	struct ledger_fig *def;
	char *key;
};

struct ledger_sink {
	struct ledger_mark *v; size_t n, cap;
};

/* One figure that a page would print with another value than the ledger
 * has for it (its first definition): found by ledger_merge. */
struct ledger_conflict {
	size_t fig;         /* the figure, with its first value */
	size_t page;        /* the page that printed another value */
	char *value, *value_max; /* that value (owned) */
};

struct ledger {
	struct ledger_fig *figs; size_t nfigs, cap_figs;
	struct ledger_conflict *conflicts; size_t nconflicts, cap_conflicts;
	struct strmap index;       /* id -> figure index + 1 */
	struct ledger_sink plan;   /* marks made while planning */
	struct ledger_sink *pages; size_t npages; /* one per page, while rendering */
};

void ledger_init(struct ledger *lg);
void ledger_free(struct ledger *lg);

/* Define a figure (copied); an id defined before keeps its first
 * definition. `value_max` and `value` may be "" (no upper end; no data).
 * Returns the figure's index. */
size_t ledger_add(struct ledger *lg, const char *id, const char *label,
		  const char *label_zh, const char *value, const char *value_max,
		  const char *unit, const char *inputs);
/* The index of a figure, or -1. */
long ledger_find(const struct ledger *lg, const char *id);

/* Make one empty sink per page (before pages render). */
void ledger_pages_begin(struct ledger *lg, size_t npages);
struct ledger_sink *ledger_page_sink(struct ledger *lg, size_t page);

/* Mark figure `fig` as shown by the page `key` (plan sink) or by the
 * sink's page (key NULL). */
void ledger_sink_mark(struct ledger_sink *k, const char *key, size_t fig);
/* Define a figure and mark it shown (see ledger_add). */
void ledger_sink_define(struct ledger_sink *k, const char *key, const char *id,
			const char *label, const char *label_zh,
			const char *value, const char *value_max,
			const char *unit, const char *inputs);
/* Mark in `to` what `from` holds, as if each of its marks were made in
 * `to` now (a definition copied), by the page `key` (NULL: `to` is a
 * page's own sink): a page takes the marks recorded once for work that
 * many pages share (cite.h's memo, a chart drawn once). `from` is a sink
 * of marks without keys. */
void ledger_sink_replay(struct ledger_sink *to, const char *key, const struct ledger_sink *from);
/* Free the marks a sink holds (left empty, reusable). */
void ledger_sink_release(struct ledger_sink *k);
/* Drop the marks after the first `n` (a page's marks made since then). */
void ledger_sink_truncate(struct ledger_sink *k, size_t n);

/* The marks of a page's sink from the `from`th on as a record (a page
 * kept as published marks them again from it: ledger_sink_decode): each a
 * byte, 0 for a figure of the ledger (its id: indexes differ from build to
 * build) or 1 for a definition (its seven strings), each string as
 * buf.h's counted bytes with its NUL (read back where it lies). Appended
 * to `out`. */
void ledger_sink_encode(const struct ledger *lg, const struct ledger_sink *k, size_t from,
			struct buf *out);
/* The marks of such a record appended to `k` (a page's sink): 0, or -1
 * (`k` as it was) when the record is damaged or names a figure this
 * ledger does not have (the page is then built again). */
int ledger_sink_decode(const struct ledger *lg, struct ledger_sink *k, const char *rec,
		       size_t len);

/* Take every sink into the ledger, in page order: plan marks go to the page
 * `page_of(ctx, key)` returns (-1: no such page, dropped). Empties the
 * sinks. A figure a page defines with an id the ledger has, but another
 * value (or upper end), is a conflict: one figure, two printed values.
 * Each is kept in lg->conflicts (in page order) for the build to report;
 * the ledger keeps the first value. */
void ledger_merge(struct ledger *lg, long (*page_of)(void *ctx, const char *key),
		  void *ctx);

/* The ledger as CSV (see above); `page_url(ctx, page)` names a page. */
void ledger_write_csv(const struct ledger *lg, struct buf *out,
		      const char *(*page_url)(void *ctx, size_t page, struct buf *tmp),
		      void *ctx);

/* The columns of the ledger's CSV, in order: ledger_write_csv writes them,
 * ledger_diff (ledger_diff.h) reads them. */
#define LEDGER_NCOLS 9
extern const char *const ledger_cols[LEDGER_NCOLS];

/* A number as the ledger writes it: the shortest form that reads back the
 * same to 10 significant digits ("0.39", "1.17", "544.32"). */
void ledger_number(struct buf *out, double v);


#endif
