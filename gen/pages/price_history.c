/* price_history: quotes over time (see price_history.h). */
#include "pages/price_history.h"

#include "base/buf.h"
#include "chart/chart_spark.h"
#include "base/csv.h"
#include "base/diag.h"
#include "model/i18n.h"
#include "view/present.h"
#include "model/schema.h"
#include "view/site.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- dates ---- */

bool price_history_days(const char *ymd, long *days)
{
	int y, m, dd;
	char tail;
	if (!ymd || sscanf(ymd, "%4d-%2d-%2d%c", &y, &m, &dd, &tail) != 3 ||
	    m < 1 || m > 12 || dd < 1 || dd > 31)
		return false;
	/* days from civil (H. Hinnant's algorithm) */
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + dd - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	*days = era * 146097 + doe - 719468;
	return true;
}

static bool dated(const struct price *p)
{
	return p->as_of && *p->as_of;
}

const char *price_history_newest(const struct data *d)
{
	const char *best = NULL;
	for (size_t i = 0; i < d->nprices; i++)
		if (dated(&d->prices[i]) && (!best || strcmp(d->prices[i].as_of, best) > 0))
			best = d->prices[i].as_of;
	return best;
}

static const char *date_text(const struct page_ctx *p, const char *ymd)
{
	return i18n_date_text(pg_arena(p), ymd, p->l);
}

const char *price_history_freshness(const struct page_ctx *p, const char *today)
{
	const char *newest = price_history_newest(&p->in->data);
	if (!newest)
		return pg_tr(p, "price.fresh_none");
	long a, b;
	if (!today || !price_history_days(newest, &a) || !price_history_days(today, &b) || b < a)
		return pg_fill(p, "price.fresh_date", "date", date_text(p, newest), NULL);
	if (b == a)
		return pg_fill(p, "price.fresh_today", "date", date_text(p, newest), NULL);
	return pg_fill(p, i18n_count_key(pg_arena(p), "price.fresh_days", (size_t)(b - a)),
		       "date", date_text(p, newest), "days", pg_fmt_number(p, (double)(b - a)), NULL);
}

/* ---- series ---- */

/* A quote to sort by date: its date, then its row (file order), so the
 * order is one whatever the sort. */
struct dated_row {
	const char *as_of;
	size_t row;
};

static int cmp_dated_rows(const void *x, const void *y)
{
	const struct dated_row *a = x, *b = y;
	int c = strcmp(a->as_of, b->as_of);
	return c ? c : (a->row > b->row) - (a->row < b->row);
}

/* The dated quotes of series `k`, oldest first (into rows, which has room
 * for every quote of the series): O(n log n) in the series' quotes. */
static size_t series_dated(const struct data *d, size_t k, size_t *rows)
{
	size_t from = d->series_at[k], to = d->series_at[k + 1], n = 0;
	struct dated_row *v = xcalloc(to - from + 1, sizeof *v);
	for (size_t r = from; r < to; r++) {
		const struct price *q = &d->prices[d->series_rows[r]];
		if (dated(q))
			v[n++] = (struct dated_row){ q->as_of, d->series_rows[r] };
	}
	qsort(v, n, sizeof *v, cmp_dated_rows);
	for (size_t i = 0; i < n; i++)
		rows[i] = v[i].row;
	free(v);
	return n;
}

/* Whether row i is the first of its series in file order (one chart each). */
static bool series_first(const struct data *d, size_t i)
{
	return d->series_rows[d->series_at[d->prices[i].series]] == i;
}

static const char *kind_text(const struct page_ctx *p, const char *kind)
{
	char *key = arena_printf(pg_arena(p), "price.%s", kind ? kind : "");
	for (char *c = key; *c; c++)
		if (*c == '-')
			*c = '_';
	return pg_tr(p, key);
}

/* "Lambda, on-demand" or "provider not named (Training Guide), on-demand". */
static const char *series_name(const struct page_ctx *p, const struct price *q)
{
	const char *who = *q->provider ? q->provider
		: pg_fill(p, "price.series_unnamed", "provider", pg_tr(p, "quote.no_provider"),
			  "source", pg_source_titles(p, q->source), NULL);
	return pg_fill(p, "price.series", "provider", who, "kind", kind_text(p, q->kind),
		       NULL);
}

/* The chart of a series' `n` latest dated quotes (`rows`, oldest first) of
 * its `total`. */
static void add_chart(const struct page_ctx *p, size_t gpu, const size_t *rows, size_t n,
		      size_t total, size_t nth, struct buf *out)
{
	const struct data *d = &p->in->data;
	struct chart_spark_point *pts = xcalloc(n, sizeof *pts);
	struct buf list = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		const struct price *q = &d->prices[rows[i]];
		long days = 0;
		price_history_days(q->as_of, &days);
		pts[i].x = (double)days;
		pts[i].y = q->usd_per_hour;
		pts[i].label = date_text(p, q->as_of);
		pts[i].value_text = pg_fmt_per_hour(p, q->usd_per_hour);
		if (i)
			buf_adds(&list, pg_tr(p, "price.history_sep"));
		buf_addf(&list, "%s %s", pts[i].label, pts[i].value_text);
	}
	const char *name = series_name(p, &d->prices[rows[0]]);
	struct chart_text t = {
		.title = pg_fill(p, "price.history_title", "series", name, NULL),
		.desc = n == total
			? pg_fill(p, "price.history_desc", "n", pg_fmt_number(p, (double)n),
				  "list", list.ptr, NULL)
			: pg_fill(p, "price.history_desc_latest", "n",
				  pg_fmt_number(p, (double)n), "total",
				  pg_fmt_number(p, (double)total), "list", list.ptr, NULL),
	};
	site_chart_words(p->in, p->l, &t);
	char id[96];
	snprintf(id, sizeof id, "price-history-%s-%zu", d->gpus[gpu].id, nth);
	for (char *c = id; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))
			*c = '-';
	buf_adds(out, "<figure class=\"chart price-history\">");
	chart_spark(out, id, &t, pts, n);
	buf_adds(out, "</figure>\n");
	buf_release(&list);
	free(pts);
}

const char *price_history_charts(const struct page_ctx *p, size_t gpu)
{
	const struct data *d = &p->in->data;
	size_t *rows = xcalloc(d->nprices + 1, sizeof *rows);
	struct buf out = BUF_INIT;
	size_t nth = 0;
	for (size_t i = 0; i < d->nprices; i++) {
		if (d->prices[i].gpu != gpu || !series_first(d, i))
			continue;
		size_t n = series_dated(d, d->prices[i].series, rows);
		/* a page shows a bounded history however many quotes a series
		 * has: its latest (the CSV download keeps every one) */
		size_t shown = n > PRICE_HISTORY_POINTS ? PRICE_HISTORY_POINTS : n;
		if (n >= 2)
			add_chart(p, gpu, rows + n - shown, shown, n, nth++, &out);
	}
	free(rows);
	const char *html = pg_keep(p, &out);
	buf_release(&out);
	return html;
}

/* ---- changes ---- */

/* A change with its date beside it, for qsort (no context in C17):
 * newest first, then file order. */
struct change_key {
	struct price_change c;
	const char *as_of;
};

static int cmp_change_keys(const void *x, const void *y)
{
	const struct change_key *a = x, *b = y;
	int c = strcmp(b->as_of, a->as_of);
	return c ? c : (a->c.row > b->c.row) - (a->c.row < b->c.row);
}

size_t price_history_changes(const struct data *d, struct price_change **out)
{
	size_t n = 0, cap = 0;
	struct price_change *v = NULL;
	size_t *rows = xcalloc(d->nprices + 1, sizeof *rows);
	for (size_t k = 0; k < d->nseries; k++) {
		/* the series in date order, undated quotes first (in file order) */
		size_t m = 0;
		for (size_t r = d->series_at[k]; r < d->series_at[k + 1]; r++)
			if (!dated(&d->prices[d->series_rows[r]]))
				rows[m++] = d->series_rows[r];
		m += series_dated(d, k, rows + m);
		for (size_t i = 1; i < m; i++) {
			const struct price *q = &d->prices[rows[i]];
			if (!dated(q) || q->usd_per_hour == d->prices[rows[i - 1]].usd_per_hour)
				continue;
			ALLOC_GROW(v, n, cap);
			v[n++] = (struct price_change){ rows[i], rows[i - 1] };
		}
	}
	free(rows);
	struct change_key *keys = xcalloc(n + 1, sizeof *keys);
	for (size_t i = 0; i < n; i++)
		keys[i] = (struct change_key){ v[i], d->prices[v[i].row].as_of };
	qsort(keys, n, sizeof *keys, cmp_change_keys);
	for (size_t i = 0; i < n; i++)
		v[i] = keys[i].c;
	free(keys);
	*out = v;
	return n;
}

const char *price_history_change_text(const struct page_ctx *p,
				      const struct price_change *c)
{
	const struct data *d = &p->in->data;
	const struct price *q = &d->prices[c->row];
	return pg_fill(p, "price.change", "gpu", d->gpus[q->gpu].name,
		       "series", series_name(p, q),
		       "old", pg_fmt_per_hour(p, d->prices[c->previous].usd_per_hour),
		       "new", pg_fmt_per_hour(p, q->usd_per_hour), NULL);
}

/* ---- checks ---- */

void price_history_today(struct buf *out)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	buf_addf(out, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

void price_history_check(const struct data *d, const char *today,
			 long max_age_days, struct diag *diag)
{
	const struct table *t = &d->tables[TABLE_PRICES];
	long now = 0;
	bool have_today = price_history_days(today, &now);
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *q = &d->prices[i];
		int line = t->lines ? t->lines[q->row] : 0;
		if (!dated(q)) {
			diag_warning(diag, t->path, line, 0,
				     "quote of %s has no as_of date: readers cannot tell how old it is",
				     q->gpu_id);
			continue;
		}
		long days;
		if (max_age_days > 0 && have_today && price_history_days(q->as_of, &days) &&
		    now - days > max_age_days && !q->superseded)
			diag_warning(diag, t->path, line, 0,
				     "quote of %s is %ld days old (as_of %s; --max-age %ld)",
				     q->gpu_id, now - days, q->as_of, max_age_days);
	}
}
