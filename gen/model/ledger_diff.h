/* ledger_diff: what changed between two ledgers (ledger.h): the published
 * figures.csv and the one a build makes, read back as CSV (a ledger read
 * as published, whoever wrote it), and the report of the changes for
 * people.
 *
 * Memory: a ledger_diff owns its changes and the tables they point into
 * (its arena); ledger_diff_free frees them.
 */
#ifndef GPUGUIDE_LEDGER_DIFF_H
#define GPUGUIDE_LEDGER_DIFF_H

#include "base/arena.h"

#include <stddef.h>

struct buf;

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
 *   Lowest price per card-hour of RTX 4090: $0.39/h → $0.50/h (data/prices.csv:3) · 95 pages, e.g. /en/tasks/lora-7b/
 * a group of changes under one input as a header line and the figures
 * indented beneath; the header is the row's own change when the group has
 * it (row_prefix):
 *   data/prices.csv:3 RTX 4090 quote from ...: $0.39/h → $0.50/h; it moved 8 figures:
 * at most `cap` lines of figures per group or list, then "and N more".
 * Amounts as the English pages print them ("$1,685/month"). Appends nothing
 * when nothing changed. */
void ledger_report(const struct ledger_diff *d, size_t cap, struct buf *out);

/* A ledger value with its unit, for people: "$0.39/h", "$1.76–$3.52",
 * "3 h", "no data". */
void ledger_format_value(struct buf *out, const char *value,
			 const char *value_max, const char *unit);

#endif
