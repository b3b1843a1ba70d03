/* price_history: one provider's quotes over time (data.h: a quote's key
 * includes its as_of date; data_same_series says which quotes are one
 * series, and a quote a later dated one of its series supersedes is
 * history, not the current price).
 *
 * What the guide makes of it: the price-history chart of a GPU page (a
 * labelled sparkline, chart_spark.h, per series with two or more dated
 * quotes), how recent the newest price is (home page), the price changes
 * (a dated quote whose price differs from its series' previous quote: the
 * entries of each language's price feed, feeds.h), and the check of stale
 * and undated quotes (`gen check`).
 *
 * Memory: texts go to the page's arena (struct page_ctx), lists are the caller's
 * to free().
 */
#ifndef GPUGUIDE_PRICE_HISTORY_H
#define GPUGUIDE_PRICE_HISTORY_H

#include "model/data.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct diag;
struct page_ctx;

/* Days since 1970-01-01 of a YYYY-MM-DD date; false when it is none. */
bool price_history_days(const char *ymd, long *days);

/* The newest as_of of any quote, or NULL when none is dated. */
const char *price_history_newest(const struct data *d);

/* The home page's sentence: how recent the newest price is, against the
 * build date `today` (YYYY-MM-DD). */
const char *price_history_freshness(const struct page_ctx *p, const char *today);

/* A price-history chart shows at most this many of a series' quotes, its
 * latest, saying how many there are. */
#define PRICE_HISTORY_POINTS 100

/* The GPU page's price-history charts (HTML, "" when no series has two
 * dated quotes). */
const char *price_history_charts(const struct page_ctx *p, size_t gpu);

/* A dated quote whose price differs from the previous quote of its series. */
struct price_change {
	size_t row;      /* index into data.prices */
	size_t previous; /* the quote before it */
};
/* Every price change, newest first (then in file order); *out is the
 * caller's to free(). Returns the count. */
size_t price_history_changes(const struct data *d, struct price_change **out);

/* A price change in words: "RTX 4090, Lambda, on-demand: $0.50/h → $0.39/h". */
const char *price_history_change_text(const struct page_ctx *p,
				      const struct price_change *c);

/* Today as YYYY-MM-DD: SOURCE_DATE_EPOCH's day when it is set, else the
 * clock's (UTC), appended to `out`. */
void price_history_today(struct buf *out);

/* Warn (at each quote's row) about undated quotes and, with max_age_days
 * > 0, about quotes older than that many days before `today` (one dated
 * after it: data_check_dates). */
void price_history_check(const struct data *d, const char *today,
			 long max_age_days, struct diag *diag);

#endif
