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

static const char *date_text(const struct pg *p, const char *ymd)
{
	struct buf b = BUF_INIT;
	i18n_format_date(&b, ymd, p->l);
	const char *t = pg_keep(p, &b);
	buf_release(&b);
	return t;
}

const char *price_history_freshness(const struct pg *p, const char *today)
{
	const char *newest = price_history_newest(&p->s->data);
	if (!newest)
		return pg_tr(p, "price.fresh_none");
	long a, b;
	if (!today || !price_history_days(newest, &a) || !price_history_days(today, &b) || b < a)
		return pg_fill(p, "price.fresh_date", "date", date_text(p, newest), NULL);
	return pg_fill(p, "price.fresh_days", "date", date_text(p, newest),
		       "days", pg_fmt_number(p, (double)(b - a)), NULL);
}

/* ---- series ---- */

static int cmp_by_date(const void *x, const void *y, void *ctx)
{
	const struct data *d = ctx;
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	int c = strcmp(d->prices[a].as_of, d->prices[b].as_of);
	return c ? c : (a > b) - (a < b);
}

/* Insertion sort with a context (qsort_r is not C17): series are short. */
static void sort_rows(const struct data *d, size_t *rows, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		size_t v = rows[i], j = i;
		while (j > 0 && cmp_by_date(&rows[j - 1], &v, (void *)d) > 0) {
			rows[j] = rows[j - 1];
			j--;
		}
		rows[j] = v;
	}
}

/* The dated quotes of row `first`'s series, oldest first (into rows,
 * which has room for every quote). */
static size_t series_dated(const struct data *d, size_t first, size_t *rows)
{
	size_t n = 0;
	for (size_t i = 0; i < d->nprices; i++)
		if (dated(&d->prices[i]) && data_same_series(&d->prices[first], &d->prices[i]))
			rows[n++] = i;
	sort_rows(d, rows, n);
	return n;
}

/* Whether row i is the first of its series in file order (one chart each). */
static bool series_first(const struct data *d, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (data_same_series(&d->prices[j], &d->prices[i]))
			return false;
	return true;
}

static const char *kind_text(const struct pg *p, const char *kind)
{
	char *key = arena_printf(pg_arena(p), "price.%s", kind ? kind : "");
	for (char *c = key; *c; c++)
		if (*c == '-')
			*c = '_';
	return pg_tr(p, key);
}

/* "Lambda, on-demand" or "provider not named (Training Guide), on-demand". */
static const char *series_name(const struct pg *p, const struct price *q)
{
	const char *who = *q->provider ? q->provider
		: pg_fill(p, "price.series_unnamed", "provider", pg_tr(p, "quote.no_provider"),
			  "source", pg_source_titles(p, q->source), NULL);
	return pg_fill(p, "price.series", "provider", who, "kind", kind_text(p, q->kind),
		       NULL);
}

static void add_chart(const struct pg *p, size_t gpu, const size_t *rows, size_t n,
		      size_t nth, struct buf *out)
{
	const struct data *d = &p->s->data;
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
		.desc = pg_fill(p, "price.history_desc", "n", pg_fmt_number(p, (double)n),
				"list", list.ptr, NULL),
		.no_data = pg_tr(p, "no_data"),
		.list_sep = pg_tr(p, "list.sep"),
		.pair_sep = pg_tr(p, "punct.list_sep"),
		.label_sep = pg_tr(p, "list.colon"),
		.aside_open = pg_tr(p, "punct.paren_open"),
		.aside_close = pg_tr(p, "punct.paren_close"),
	};
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

const char *price_history_charts(const struct pg *p, size_t gpu)
{
	const struct data *d = &p->s->data;
	size_t *rows = xcalloc(d->nprices + 1, sizeof *rows);
	struct buf out = BUF_INIT;
	size_t nth = 0;
	for (size_t i = 0; i < d->nprices; i++) {
		if (d->prices[i].gpu != gpu || !series_first(d, i))
			continue;
		size_t n = series_dated(d, i, rows);
		if (n >= 2)
			add_chart(p, gpu, rows, n, nth++, &out);
	}
	free(rows);
	const char *html = pg_keep(p, &out);
	buf_release(&out);
	return html;
}

/* ---- changes ---- */

size_t price_history_changes(const struct data *d, struct price_change **out)
{
	size_t n = 0, cap = 0;
	struct price_change *v = NULL;
	size_t *rows = xcalloc(d->nprices + 1, sizeof *rows);
	for (size_t i = 0; i < d->nprices; i++) {
		if (!series_first(d, i))
			continue;
		/* the series in date order, undated quotes first (in file order) */
		size_t m = 0;
		for (size_t j = 0; j < d->nprices; j++)
			if (!dated(&d->prices[j]) && data_same_series(&d->prices[i], &d->prices[j]))
				rows[m++] = j;
		m += series_dated(d, i, rows + m);
		for (size_t k = 1; k < m; k++) {
			const struct price *q = &d->prices[rows[k]];
			if (!dated(q) || q->usd_per_hour == d->prices[rows[k - 1]].usd_per_hour)
				continue;
			ALLOC_GROW(v, n, cap);
			v[n++] = (struct price_change){ rows[k], rows[k - 1] };
		}
	}
	free(rows);
	/* newest first, then file order: a stable insertion sort */
	for (size_t i = 1; i < n; i++) {
		struct price_change c = v[i];
		size_t j = i;
		while (j > 0) {
			int cmp = strcmp(d->prices[v[j - 1].row].as_of, d->prices[c.row].as_of);
			if (cmp > 0 || (cmp == 0 && v[j - 1].row < c.row))
				break;
			v[j] = v[j - 1];
			j--;
		}
		v[j] = c;
	}
	*out = v;
	return n;
}

const char *price_history_change_text(const struct pg *p,
				      const struct price_change *c)
{
	const struct data *d = &p->s->data;
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
