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
 * ledger_diff compares two such files (the published one and the new one)
 * and ledger_report prints the changes for people: changed figures grouped
 * by the input row most of them share, then figures added and removed, each
 * list capped with "and N more".
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
 * `to` now (a definition copied): a page's sink takes the marks recorded
 * once for work that many pages share (cite.h's memo). Both are pages'
 * sinks (marks without keys). */
void ledger_sink_replay(struct ledger_sink *to, const struct ledger_sink *from);
/* Free the marks a sink holds (left empty, reusable). */
void ledger_sink_release(struct ledger_sink *k);

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

/* A number as the ledger writes it: the shortest form that reads back the
 * same to 10 significant digits ("0.39", "1.17", "544.32"). */
void ledger_number(struct buf *out, double v);

/* ---- changes between two ledgers ---- */

enum ledger_change_kind { LEDGER_CHANGED, LEDGER_ADDED, LEDGER_REMOVED };

struct ledger_change {
	enum ledger_change_kind kind;
	const char *id, *label, *unit, *inputs, *first_page;
	const char *old_inputs; /* changed: the inputs it had before */
	const char *old_value, *old_max, *new_value, *new_max;
	size_t pages;       /* pages showing it (the new ledger's; removed: old) */
	const char *page_list; /* those pages, space-separated */
	const char *cause;  /* changed: the input row it is grouped under, of
			     * its inputs before and after the one most of the
			     * changed figures share */
};

struct ledger_diff {
	struct ledger_change *v; size_t n, cap;
	size_t changed, added, removed;
	struct arena arena; /* the tables the changes point into */
	/* Ids of figures that are an input row's own value ("quote.": a price
	 * row as the GPU pages list it), set by the caller before
	 * ledger_report; NULL: none. Such a figure, when its only input is its
	 * group's row, leads the group. */
	const char *row_prefix;
};

/* Compare two ledgers' CSV texts (`old_text` NULL or "": no earlier
 * ledger, then nothing is reported as added). Changed figures come first,
 * grouped by cause (the groups with most figures first, then by input
 * order), then added, then removed figures, each in the new (or old)
 * ledger's order. Returns 0, or -1 when a text is not a ledger. */
int ledger_diff(struct ledger_diff *d, const char *old_text, const char *new_text);
void ledger_diff_free(struct ledger_diff *d);
/* How many of the changes (changed, added or removed) the page `url`
 * ("/en/report/") shows. */
size_t ledger_diff_on_page(const struct ledger_diff *d, const char *url);

/* The changes for people, one figure a line, e.g.
 *   RTX 4090 lowest on-demand price: $0.39/h → $0.50/h (data/prices.csv:3) · 95 pages, e.g. /en/tasks/lora-7b/
 * a group of changes under one input as a header line and the figures
 * indented beneath; the header is the row's own change when the group has
 * it (row_prefix):
 *   data/prices.csv:3 RTX 4090 quote of ...: $0.39/h → $0.50/h; it moved 8 figures:
 * at most `cap` lines of figures per group or list, then "and N more".
 * Amounts as the English pages print them ("$1,685/month"). Appends nothing
 * when nothing changed. */
void ledger_report(const struct ledger_diff *d, size_t cap, struct buf *out);

/* A ledger value with its unit, for people: "$0.39/h", "$1.76–$3.52",
 * "3 h", "no data". */
void ledger_format_value(struct buf *out, const char *value,
			 const char *value_max, const char *unit);

#endif
