/* ledger_diff: the changes between two ledgers, and their report (see
 * ledger_diff.h). */
#include "model/ledger_diff.h"
#include "model/ledger.h"

#include "model/i18n.h"

#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "base/numfmt.h"
#include "base/strmap.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- changes ---- */

enum { C_ID, C_LABEL, C_LABEL_ZH, C_VALUE, C_MAX, C_UNIT, C_INPUTS, C_PAGES, C_LIST };

/* A ledger text as a table with its columns found; -1 when it is none. A
 * ledger written before figures had Chinese labels has no label_zh: it is
 * read all the same (the diff compares no labels). */
struct ledger_view {
	struct table t;
	long col[LEDGER_NCOLS];
	struct strmap index; /* id -> row + 1 */
};

/* One field of a record at *p (in the arena's copy of the text) made a
 * NUL-terminated cell, quotes taken off; *p moves past the comma or the
 * newline after it, *end_of_record set when a newline. NULL when the field
 * is not as ledger_write_csv writes it: a quote inside an unquoted field,
 * anything but a comma or a newline after a closing quote, no newline at
 * the end of the text. */
static char *split_field(char **p, char *end, bool *end_of_record)
{
	char *f = *p, *stop;
	if (*f != '"') {
		char *eol = memchr(f, '\n', (size_t)(end - f));
		if (!eol)
			return NULL;
		stop = memchr(f, ',', (size_t)(eol - f));
		if (!stop)
			stop = eol;
		if (memchr(f, '"', (size_t)(stop - f)))
			return NULL;
	} else {
		/* quoted: "" is a quote; the content moves left over them */
		char *w = f, *r = f + 1;
		for (;;) {
			char *q = memchr(r, '"', (size_t)(end - r));
			if (!q)
				return NULL;
			memmove(w, r, (size_t)(q - r));
			w += q - r;
			if (q + 1 < end && q[1] == '"') {
				*w++ = '"';
				r = q + 2;
				continue;
			}
			stop = q + 1;
			if (stop == end || (*stop != ',' && *stop != '\n'))
				return NULL;
			*w = '\0';
			break;
		}
	}
	*end_of_record = *stop == '\n';
	*stop = '\0';
	*p = stop + 1;
	return f;
}

/* Read a ledger as ledger_write_csv writes it, without the general CSV
 * reader (which goes a byte at a time, for its positioned messages: most of
 * the cost of a diff): valid UTF-8 without CR, a newline after every record,
 * no blank line, every record as many fields as the header. The table is
 * the one csv_table_parse makes of such a text (less its lines); -1 when
 * the text is not of that form (csv_table_parse then reads it, or says it
 * is no CSV). */
static int view_split(struct table *t, struct arena *a, const char *text, size_t len)
{
	if (text_utf8_check(text, len) != len || memchr(text, '\r', len) ||
	    (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)))
		return -1;
	char *p = arena_strndup(a, text, len), *end = p + len;
	const char **fields = NULL, ***rows = NULL;
	size_t nfields = 0, cap_fields = 0, nrows = 0, cap_rows = 0;
	int rc = 0;
	while (rc == 0 && p < end) {
		bool eor = false;
		nfields = 0;
		if (*p == '\n')
			rc = -1; /* a blank line: csv_table_parse skips it */
		while (rc == 0 && !eor) {
			char *f = split_field(&p, end, &eor);
			if (!f) {
				rc = -1;
				break;
			}
			ALLOC_GROW(fields, nfields, cap_fields);
			fields[nfields++] = f;
		}
		if (rc != 0)
			break;
		if (!t->cols) {
			t->ncols = nfields;
		} else if (nfields != t->ncols) {
			rc = -1;
			break;
		}
		const char **row = arena_alloc(a, nfields * sizeof *row);
		memcpy(row, fields, nfields * sizeof *row);
		if (!t->cols) {
			t->cols = row;
			continue;
		}
		ALLOC_GROW(rows, nrows, cap_rows);
		rows[nrows++] = row;
	}
	if (rc == 0 && t->cols) {
		t->nrows = nrows;
		t->rows = arena_alloc(a, (nrows ? nrows : 1) * sizeof *t->rows);
		if (nrows)
			memcpy(t->rows, rows, nrows * sizeof *rows);
	} else {
		rc = -1;
	}
	free(fields);
	free(rows);
	return rc;
}

static int view_parse(struct ledger_view *v, struct arena *a, const char *text)
{
	memset(v, 0, sizeof *v);
	if (!text || !*text)
		return 0;
	if (view_split(&v->t, a, text, strlen(text)) != 0) {
		struct diag quiet;
		diag_init(&quiet, NULL, NULL);
		if (csv_table_parse(&v->t, a, text, strlen(text), "figures.csv", &quiet) != 0)
			return -1;
	}
	for (size_t c = 0; c < LEDGER_NCOLS; c++)
		if ((v->col[c] = csv_table_column(&v->t, ledger_cols[c])) < 0 &&
		    c != C_LABEL_ZH)
			return -1;
	for (size_t r = 0; r < v->t.nrows; r++)
		*strmap_slot(&v->index, v->t.rows[r][v->col[0]], NULL) = r + 1;
	return 0;
}


static const char *cell(const struct ledger_view *v, size_t r, int c)
{
	return v->t.rows[r][v->col[c]];
}

static long view_row(const struct ledger_view *v, const char *id)
{
	const size_t *slot = strmap_get(&v->index, id);
	return slot ? (long)*slot - 1 : -1;
}

static const char *first_page(struct arena *a, const char *list)
{
	const char *sp = strchr(list, ' ');
	return sp ? arena_strndup(a, list, (size_t)(sp - list)) : list;
}

static void change_from(struct ledger_diff *d, enum ledger_change_kind kind,
			const struct ledger_view *v, size_t r)
{
	ALLOC_GROW(d->v, d->n, d->cap);
	struct ledger_change *c = &d->v[d->n++];
	memset(c, 0, sizeof *c);
	c->kind = kind;
	c->id = cell(v, r, C_ID);
	c->label = cell(v, r, C_LABEL);
	c->unit = cell(v, r, C_UNIT);
	c->inputs = cell(v, r, C_INPUTS);
	c->pages = strtoul(cell(v, r, C_PAGES), NULL, 10);
	c->page_list = cell(v, r, C_LIST);
	c->first_page = first_page(&d->arena, c->page_list);
	c->old_value = c->old_max = c->new_value = c->new_max = "";
	c->old_inputs = c->inputs;
	if (kind == LEDGER_REMOVED) {
		c->old_value = cell(v, r, C_VALUE);
		c->old_max = cell(v, r, C_MAX);
	} else {
		c->new_value = cell(v, r, C_VALUE);
		c->new_max = cell(v, r, C_MAX);
	}
}

/* The input rows of a figure, one at a time: "data/prices.csv:3". */
static const char *next_input(struct arena *a, const char **p)
{
	while (**p == ' ')
		(*p)++;
	if (!**p)
		return NULL;
	const char *start = *p;
	while (**p && **p != ' ')
		(*p)++;
	return arena_strndup(a, start, (size_t)(*p - start));
}

#define MAX_INPUTS 32

/* A changed figure's inputs, after then before, each once. */
static size_t change_inputs(struct ledger_diff *d, const struct ledger_change *c,
			    const char **v)
{
	size_t n = 0;
	const char *lists[2] = { c->inputs, c->old_inputs };
	for (int l = 0; l < 2; l++) {
		const char *p = lists[l], *in;
		while (n < MAX_INPUTS && (in = next_input(&d->arena, &p))) {
			size_t k = 0;
			while (k < n && strcmp(v[k], in))
				k++;
			if (k == n)
				v[n++] = in;
		}
	}
	return n;
}

/* Each changed figure's cause: of its inputs (before or after), the one
 * most changed figures share (the first of them on a tie). */
static void choose_causes(struct ledger_diff *d, size_t nchanged)
{
	struct strmap count = STRMAP_INIT;
	const char *in[MAX_INPUTS];
	for (size_t i = 0; i < nchanged; i++) {
		size_t n = change_inputs(d, &d->v[i], in);
		for (size_t k = 0; k < n; k++)
			(*strmap_slot(&count, in[k], NULL))++;
	}
	for (size_t i = 0; i < nchanged; i++) {
		const char *best = "";
		size_t best_n = 0, nin = change_inputs(d, &d->v[i], in);
		for (size_t k = 0; k < nin; k++) {
			size_t n = *strmap_get(&count, in[k]);
			if (n > best_n) {
				best = in[k];
				best_n = n;
			}
		}
		d->v[i].cause = best;
	}
	strmap_free(&count);
}

/* Changed figures by group: bigger groups first, then by the first
 * figure's place; the figures of a group in ledger order. */
static void sort_by_cause(struct ledger_diff *d, size_t nchanged)
{
	struct strmap size = STRMAP_INIT, first = STRMAP_INIT;
	for (size_t i = 0; i < nchanged; i++) {
		bool created;
		size_t *f = strmap_slot(&first, d->v[i].cause, &created);
		if (created)
			*f = i;
		(*strmap_slot(&size, d->v[i].cause, NULL))++;
	}
	/* a stable insertion sort: changes are few, and the key is cheap */
	for (size_t i = 1; i < nchanged; i++) {
		struct ledger_change c = d->v[i];
		size_t cs = *strmap_get(&size, c.cause), cf = *strmap_get(&first, c.cause);
		size_t j = i;
		while (j > 0) {
			const struct ledger_change *p = &d->v[j - 1];
			size_t ps = *strmap_get(&size, p->cause), pf = *strmap_get(&first, p->cause);
			if (ps > cs || (ps == cs && pf <= cf))
				break;
			d->v[j] = d->v[j - 1];
			j--;
		}
		d->v[j] = c;
	}
	strmap_free(&size);
	strmap_free(&first);
}

/* The length of the line at p (up to its newline or `end`) into *len and
 * of its id (the first field: ids need no quotes) into *idlen: false when
 * it has no id, or holds an odd number of quotes (a quoted field goes on
 * past it). */
static bool line_at(const char *p, const char *end, size_t *len, size_t *idlen)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
	const char *comma = memchr(p, ',', (size_t)(e - p));
	bool odd = false;
	for (const char *q = p; (q = memchr(q, '"', (size_t)(e - q))) != NULL; q++)
		odd = !odd;
	*len = (size_t)(e - p);
	*idlen = comma ? (size_t)(comma - p) : 0;
	return !odd && comma && *p != '"';
}

struct line {
	const char *p;
	size_t len, idlen;
	bool shared;
};

/* The lines of `text` after its header (each with its id into `ids`,
 * borrowed, when `ids`); false when a line is not a whole figure with an
 * id (a quoted field spans lines). */
static bool lines_of(const char *text, struct line **v, size_t *n, struct strmap *ids)
{
	const char *p = text, *end = text + strlen(text);
	size_t cap = 0, len, idlen;
	*v = NULL;
	*n = 0;
	for (bool header = true; p < end; header = false, p += len + (p + len < end)) {
		if (!line_at(p, end, &len, &idlen))
			return false;
		if (header)
			continue;
		ALLOC_GROW(*v, *n, cap);
		(*v)[(*n)++] = (struct line){ p, len, idlen, false };
		if (ids)
			*strmap_slot_n(ids, p, idlen, NULL) = *n;
	}
	return true;
}

/* `text`'s header and the lines of `v` that are not shared, into `out`. */
static void unshared_lines(const char *text, const struct line *v, size_t n, struct buf *out)
{
	const char *nl = strchr(text, '\n');
	buf_add(out, text, nl ? (size_t)(nl - text) + 1 : strlen(text));
	for (size_t i = 0; i < n; i++)
		if (!v[i].shared) {
			buf_add(out, v[i].p, v[i].len);
			buf_addc(out, '\n');
		}
}

/* Most figures read the same in both ledgers: a figure whose line is the
 * same in both (every field: id, value, pages) is left out of both, the
 * headers kept, so that only the figures that differ are parsed (into
 * `ko` and `kn`, which *old_text and *new_text then point at). The texts
 * are left whole when a quoted field spans lines, or when most lines
 * differ (the copies would cost more than they save). */
static void drop_shared_lines(const char **old_text, const char **new_text, struct buf *ko,
			      struct buf *kn)
{
	struct strmap ids = STRMAP_INIT_BORROWED;
	struct line *ol = NULL, *nl = NULL;
	size_t on = 0, nn = 0, shared = 0;
	if (lines_of(*old_text, &ol, &on, &ids) && lines_of(*new_text, &nl, &nn, NULL)) {
		for (size_t i = 0; i < nn; i++) {
			const size_t *at = strmap_get_n(&ids, nl[i].p, nl[i].idlen);
			struct line *o = at ? &ol[*at - 1] : NULL;
			if (o && !o->shared && o->len == nl[i].len && !memcmp(o->p, nl[i].p, o->len)) {
				o->shared = nl[i].shared = true;
				shared++;
			}
		}
		if (2 * shared > nn) {
			unshared_lines(*old_text, ol, on, ko);
			unshared_lines(*new_text, nl, nn, kn);
			*old_text = ko->ptr;
			*new_text = kn->ptr;
		}
	}
	free(ol);
	free(nl);
	strmap_free(&ids);
}

int ledger_diff(struct ledger_diff *d, const char *old_text, const char *new_text)
{
	memset(d, 0, sizeof *d);
	/* the same text has no changes: most rebuilds (a template, an
	 * article's prose, a touched file) leave every figure as it was, and
	 * the two ledgers need not be parsed (a tenth of a rebuild) */
	if (old_text && new_text && *new_text && !strcmp(old_text, new_text) &&
	    !strncmp(new_text, "id,", 3))
		return 0;
	/* nor has a first build (no earlier ledger) any: the new one, which
	 * gen wrote, need not be parsed only to be compared with nothing */
	if ((!old_text || !*old_text) && new_text && !strncmp(new_text, "id,", 3))
		return 0;
	struct ledger_view o, n;
	memset(&o, 0, sizeof o);
	memset(&n, 0, sizeof n);
	int rc = 0;
	bool had_old = old_text && *old_text;
	struct buf ko = BUF_INIT, kn = BUF_INIT;
	if (had_old && new_text)
		drop_shared_lines(&old_text, &new_text, &ko, &kn);
	if (view_parse(&o, &d->arena, old_text) != 0 ||
	    view_parse(&n, &d->arena, new_text) != 0)
		rc = -1;
	buf_release(&ko); /* the views hold copies */
	buf_release(&kn);
	had_old = had_old && rc == 0;
	for (size_t r = 0; rc == 0 && had_old && r < n.t.nrows; r++) {
		long orow = view_row(&o, cell(&n, r, C_ID));
		if (orow < 0)
			continue;
		if (!strcmp(cell(&o, (size_t)orow, C_VALUE), cell(&n, r, C_VALUE)) &&
		    !strcmp(cell(&o, (size_t)orow, C_MAX), cell(&n, r, C_MAX)) &&
		    !strcmp(cell(&o, (size_t)orow, C_UNIT), cell(&n, r, C_UNIT)))
			continue;
		change_from(d, LEDGER_CHANGED, &n, r);
		d->v[d->n - 1].old_value = cell(&o, (size_t)orow, C_VALUE);
		d->v[d->n - 1].old_max = cell(&o, (size_t)orow, C_MAX);
		d->v[d->n - 1].old_inputs = cell(&o, (size_t)orow, C_INPUTS);
		d->changed++;
	}
	choose_causes(d, d->changed);
	sort_by_cause(d, d->changed);
	for (size_t r = 0; rc == 0 && had_old && r < n.t.nrows; r++)
		if (view_row(&o, cell(&n, r, C_ID)) < 0) {
			change_from(d, LEDGER_ADDED, &n, r);
			d->added++;
		}
	for (size_t r = 0; rc == 0 && had_old && r < o.t.nrows; r++)
		if (view_row(&n, cell(&o, r, C_ID)) < 0) {
			change_from(d, LEDGER_REMOVED, &o, r);
			d->removed++;
		}
	strmap_free(&o.index);
	strmap_free(&n.index);
	return rc;
}

void ledger_diff_free(struct ledger_diff *d)
{
	free(d->v);
	arena_free(&d->arena);
	memset(d, 0, sizeof *d);
}

/* ---- the report ---- */

/* Dollars as the English pages print them (i18n_format_usd: "$0.39",
 * "$545", "$1,685"); below a cent, where a page would print "$0.00", four
 * digits, so that a change shows. */
static void add_usd(struct buf *out, double x)
{
	if (x > 0 && x < 0.01)
		buf_addf(out, "$%.4g", x);
	else
		i18n_format_usd(out, x, LANG_EN);
}

/* `v` read as a whole number, or false for a text ("agrees", a GPU id). */
static bool read_number(const char *v, double *x)
{
	char *end;
	*x = strtod(v, &end);
	return *v && !*end;
}

/* A number without its unit, as the English pages print a figure of
 * `unit`: money as dollars, a ratio "1.59", a share "19" (rounded, as the
 * sentences say "about 19%"), anything else by size (i18n_format_number).
 * With `decimals` >= 0, that many at most instead: for two values that
 * would otherwise print alike. */
static void add_digits(struct buf *out, double x, const char *unit, int decimals)
{
	if (decimals >= 0)
		i18n_format_trimmed(out, x, decimals, LANG_EN);
	else if (!strncmp(unit, "USD", 3))
		add_usd(out, x);
	else if (!strcmp(unit, "×"))
		i18n_format_ratio(out, x, LANG_EN);
	else if (!strcmp(unit, "%"))
		i18n_format_trimmed(out, x, 0, LANG_EN);
	else
		i18n_format_number(out, x, LANG_EN);
}

static void add_unit(struct buf *out, const char *unit)
{
	if (!strcmp(unit, "USD/h"))
		buf_adds(out, "/h");
	else if (!strcmp(unit, "USD/month"))
		buf_adds(out, "/month");
	else if (!strcmp(unit, "USD/1M tokens"))
		buf_adds(out, " per 1M tokens");
	else if (strncmp(unit, "USD", 3))
		i18n_append_unit(out, unit);
}

static void add_one(struct buf *out, const char *v, const char *unit, int decimals)
{
	double x;
	if (!read_number(v, &x)) {
		buf_adds(out, v);
		i18n_append_unit(out, unit);
	} else if (!strcmp(unit, "cards") && x == 1 && decimals < 0) {
		buf_adds(out, "1 card"); /* the one unit that is a counted noun */
	} else {
		if (decimals >= 0 && !strncmp(unit, "USD", 3))
			buf_addc(out, '$');
		add_digits(out, x, unit, decimals);
		add_unit(out, unit);
	}
}

/* ledger_format_value with at most `decimals` decimals (-1: as the pages
 * print the figure). */
static void format_value(struct buf *out, const char *value,
			 const char *value_max, const char *unit, int decimals)
{
	double x;
	if (!value || !*value) {
		buf_adds(out, "no data");
		return;
	}
	if (!value_max || !*value_max) {
		add_one(out, value, unit, decimals);
		return;
	}
	/* a range: "$1.76–$3.52", "4–8 h", "1.5–2×" */
	if (!read_number(value, &x))
		buf_adds(out, value);
	else if (!strncmp(unit, "USD", 3))
		add_one(out, value, unit, decimals);
	else
		add_digits(out, x, unit, decimals);
	buf_adds(out, "–");
	add_one(out, value_max, unit, decimals);
}

void ledger_format_value(struct buf *out, const char *value,
			 const char *value_max, const char *unit)
{
	format_value(out, value, value_max, unit, -1);
}

/* "old → new" as the pages print them; when the two print alike although
 * the values differ (19.2% and 19.4% both print "19%"), with as many more
 * decimals as it takes to show the change. */
static void add_old_to_new(struct buf *out, const struct ledger_change *c)
{
	/* as printed, then two decimals and more */
	static const int tries[] = { -1, 2, 3, 4, 5, 6, 7, 8 };
	size_t at = out->len;
	for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
		int decimals = tries[i];
		buf_truncate(out, at);
		format_value(out, c->old_value, c->old_max, c->unit, decimals);
		size_t mid = out->len;
		buf_adds(out, " → ");
		format_value(out, c->new_value, c->new_max, c->unit, decimals);
		size_t old_len = mid - at, new_at = mid + strlen(" → ");
		if (out->len - new_at != old_len ||
		    memcmp(out->ptr + at, out->ptr + new_at, old_len))
			return;
	}
}

static void add_pages(struct buf *out, const struct ledger_change *c)
{
	if (!c->pages)
		return;
	buf_addf(out, " · %zu page%s", c->pages, c->pages == 1 ? "" : "s");
	if (*c->first_page)
		buf_addf(out, ", e.g. %s", c->first_page);
}

static void add_change(struct buf *out, const struct ledger_change *c,
		       bool with_inputs)
{
	buf_addf(out, "%s: ", c->label);
	if (c->kind == LEDGER_CHANGED)
		add_old_to_new(out, c);
	else if (c->kind == LEDGER_ADDED)
		ledger_format_value(out, c->new_value, c->new_max, c->unit);
	else
		ledger_format_value(out, c->old_value, c->old_max, c->unit);
	if (with_inputs && *c->inputs)
		buf_addf(out, " (%s)", c->inputs);
	add_pages(out, c);
	buf_addc(out, '\n');
}

/* In the group [from, end) of `cause`: the change of the input row's own
 * value (a figure of d->row_prefix whose only input is the cause), or -1. */
static long group_row(const struct ledger_diff *d, size_t from, size_t end)
{
	if (!d->row_prefix || !*d->row_prefix)
		return -1;
	size_t n = strlen(d->row_prefix);
	for (size_t k = from; k < end; k++)
		if (!strncmp(d->v[k].id, d->row_prefix, n) &&
		    !strcmp(d->v[k].inputs, d->v[k].cause))
			return (long)k;
	return -1;
}

/* A group led by its row's own change: "data/prices.csv:3 label: old →
 * new", then the figures it moved, indented. */
static void report_row_group(const struct ledger_diff *d, size_t from, size_t end,
			     size_t row, size_t cap, struct buf *out)
{
	const struct ledger_change *r = &d->v[row];
	buf_addf(out, "%s %s: ", r->cause, r->label);
	add_old_to_new(out, r);
	size_t moved = end - from - 1, shown = 0;
	if (!moved) {
		buf_addc(out, '\n');
		return;
	}
	buf_addf(out, "; it moved %zu figure%s:\n", moved, moved == 1 ? "" : "s");
	for (size_t k = from; k < end && shown < cap; k++) {
		if (k == row)
			continue;
		buf_adds(out, "  ");
		add_change(out, &d->v[k], false);
		shown++;
	}
	if (moved > shown)
		buf_addf(out, "  and %zu more\n", moved - shown);
}

static size_t report_changed(const struct ledger_diff *d, size_t cap,
			     struct buf *out)
{
	size_t i = 0, groups = 0;
	while (i < d->changed) {
		if (groups++ == cap) {
			buf_addf(out, "and %zu more changed figure%s\n", d->changed - i,
				 d->changed - i == 1 ? "" : "s");
			return d->changed;
		}
		size_t end = i + 1;
		while (end < d->changed && !strcmp(d->v[end].cause, d->v[i].cause))
			end++;
		long row = group_row(d, i, end);
		if (row >= 0) {
			report_row_group(d, i, end, (size_t)row, cap, out);
		} else if (end - i == 1) {
			add_change(out, &d->v[i], true);
		} else {
			buf_addf(out, "%s changed %zu figures:\n", d->v[i].cause, end - i);
			for (size_t k = i; k < end && k < i + cap; k++) {
				buf_adds(out, "  ");
				add_change(out, &d->v[k], false);
			}
			if (end - i > cap)
				buf_addf(out, "  and %zu more\n", end - i - cap);
		}
		i = end;
	}
	return d->changed;
}

static void report_list(const struct ledger_diff *d, size_t from, size_t n,
			const char *what, size_t cap, struct buf *out)
{
	if (!n)
		return;
	buf_addf(out, "%zu figure%s %s:\n", n, n == 1 ? "" : "s", what);
	for (size_t k = from; k < from + n && k < from + cap; k++) {
		buf_adds(out, "  ");
		add_change(out, &d->v[k], false);
	}
	if (n > cap)
		buf_addf(out, "  and %zu more\n", n - cap);
}

void ledger_report(const struct ledger_diff *d, size_t cap, struct buf *out)
{
	if (!d->n)
		return;
	if (!cap)
		cap = 1;
	size_t i = report_changed(d, cap, out);
	report_list(d, i, d->added, "added", cap, out);
	report_list(d, i + d->added, d->removed, "removed", cap, out);
}

size_t ledger_diff_on_page(const struct ledger_diff *d, const char *url)
{
	size_t n = 0, len = strlen(url);
	for (size_t i = 0; i < d->n; i++) {
		const char *list = d->v[i].page_list;
		for (const char *at = list; (at = strstr(at, url)) != NULL; at += len)
			if ((at == list || at[-1] == ' ') && (at[len] == ' ' || !at[len])) {
				n++;
				break;
			}
	}
	return n;
}
