/* ledger: figures, the pages that show them, and changes (see ledger.h). */
#include "model/ledger.h"

#include "model/i18n.h"

#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "base/numfmt.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- figures ---- */

void ledger_init(struct ledger *lg)
{
	memset(lg, 0, sizeof *lg);
}

static void fig_release(struct ledger_fig *f)
{
	free(f->id); /* the block of its strings (fig_set) */
	free(f->pages);
}

static void sink_clear(struct ledger_sink *k)
{
	for (size_t i = 0; i < k->n; i++) {
		if (k->v[i].def) {
			fig_release(k->v[i].def);
			free(k->v[i].def);
		}
		free(k->v[i].key);
	}
	free(k->v);
	memset(k, 0, sizeof *k);
}

void ledger_free(struct ledger *lg)
{
	for (size_t i = 0; i < lg->nfigs; i++)
		fig_release(&lg->figs[i]);
	free(lg->figs);
	strmap_free(&lg->index);
	for (size_t i = 0; i < lg->nconflicts; i++) {
		free(lg->conflicts[i].value);
		free(lg->conflicts[i].value_max);
	}
	free(lg->conflicts);
	sink_clear(&lg->plan);
	for (size_t i = 0; i < lg->npages; i++)
		sink_clear(&lg->pages[i]);
	free(lg->pages);
	memset(lg, 0, sizeof *lg);
}

static void fig_set(struct ledger_fig *f, const char *id, const char *label,
		    const char *label_zh, const char *value, const char *value_max,
		    const char *unit, const char *inputs)
{
	memset(f, 0, sizeof *f);
	/* the seven strings in one block, `id` first: a page's figure is made
	 * (and a memo's replayed) by one allocation, not seven */
	const char *from[] = { id, label, label_zh ? label_zh : "", value ? value : "",
			       value_max ? value_max : "", unit ? unit : "", inputs ? inputs : "" };
	char **to[] = { &f->id, &f->label, &f->label_zh, &f->value, &f->value_max, &f->unit,
			&f->inputs };
	enum { NSTRINGS = sizeof from / sizeof from[0] };
	size_t len[NSTRINGS], total = 0;
	for (size_t i = 0; i < NSTRINGS; i++)
		total += len[i] = strlen(from[i]) + 1;
	char *p = xmalloc(total);
	for (size_t i = 0; i < NSTRINGS; i++) {
		memcpy(p, from[i], len[i]);
		*to[i] = p;
		p += len[i];
	}
}

size_t ledger_add(struct ledger *lg, const char *id, const char *label,
		  const char *label_zh, const char *value, const char *value_max,
		  const char *unit, const char *inputs)
{
	bool created;
	size_t *slot = strmap_slot(&lg->index, id, &created);
	if (!created)
		return *slot - 1;
	*slot = lg->nfigs + 1;
	ALLOC_GROW(lg->figs, lg->nfigs, lg->cap_figs);
	fig_set(&lg->figs[lg->nfigs], id, label, label_zh, value, value_max, unit,
		inputs);
	return lg->nfigs++;
}

long ledger_find(const struct ledger *lg, const char *id)
{
	const size_t *slot = strmap_get(&lg->index, id);
	return slot ? (long)*slot - 1 : -1;
}

/* ---- sinks ---- */

void ledger_pages_begin(struct ledger *lg, size_t npages)
{
	for (size_t i = 0; i < lg->npages; i++)
		sink_clear(&lg->pages[i]);
	free(lg->pages);
	lg->pages = xcalloc(npages + 1, sizeof *lg->pages);
	lg->npages = npages;
}

struct ledger_sink *ledger_page_sink(struct ledger *lg, size_t page)
{
	return page < lg->npages ? &lg->pages[page] : NULL;
}

static struct ledger_mark *sink_push(struct ledger_sink *k, const char *key)
{
	ALLOC_GROW(k->v, k->n, k->cap);
	struct ledger_mark *m = &k->v[k->n++];
	memset(m, 0, sizeof *m);
	m->key = key ? xstrdup(key) : NULL;
	return m;
}

void ledger_sink_mark(struct ledger_sink *k, const char *key, size_t fig)
{
	/* a page often shows a figure twice (a table and a sentence) */
	if (k->n && !k->v[k->n - 1].def && k->v[k->n - 1].fig == fig &&
	    !key == !k->v[k->n - 1].key &&
	    (!key || !strcmp(key, k->v[k->n - 1].key)))
		return;
	sink_push(k, key)->fig = fig;
}

void ledger_sink_define(struct ledger_sink *k, const char *key, const char *id,
			const char *label, const char *label_zh,
			const char *value, const char *value_max,
			const char *unit, const char *inputs)
{
	struct ledger_mark *m = sink_push(k, key);
	m->def = xmalloc(sizeof *m->def);
	fig_set(m->def, id, label, label_zh, value, value_max, unit, inputs);
}

void ledger_sink_replay(struct ledger_sink *to, const struct ledger_sink *from)
{
	for (size_t i = 0; i < from->n; i++) {
		const struct ledger_mark *m = &from->v[i];
		const struct ledger_fig *f = m->def;
		if (f)
			ledger_sink_define(to, NULL, f->id, f->label, f->label_zh, f->value,
					   f->value_max, f->unit, f->inputs);
		else
			ledger_sink_mark(to, NULL, m->fig);
	}
}

void ledger_sink_release(struct ledger_sink *k)
{
	sink_clear(k);
}

/* ---- merging ---- */

/* Add `page` to the figure's pages. Marks come page by page, so a page
 * showing a figure twice is the last one added; the other repeats (plan
 * marks out of page order) go when ledger_merge sorts the pages. */
static void fig_add_page(struct ledger_fig *f, size_t page)
{
	if (f->npages && f->pages[f->npages - 1] == page)
		return;
	ALLOC_GROW(f->pages, f->npages, f->cap_pages);
	f->pages[f->npages++] = page;
}

static void note_conflict(struct ledger *lg, size_t fig, size_t page,
			  const struct ledger_fig *def)
{
	ALLOC_GROW(lg->conflicts, lg->nconflicts, lg->cap_conflicts);
	struct ledger_conflict *c = &lg->conflicts[lg->nconflicts++];
	c->fig = fig;
	c->page = page;
	c->value = xstrdup(def->value);
	c->value_max = xstrdup(def->value_max);
}

/* A figure a page defines: the ledger's own by its id, a conflict noted
 * when the ledger had it with another value. A new one takes the mark's
 * definition as it is (the mark is cleared after the merge). */
static size_t merge_def(struct ledger *lg, struct ledger_mark *m, size_t page)
{
	bool created;
	size_t *slot = strmap_slot(&lg->index, m->def->id, &created);
	if (!created) {
		const struct ledger_fig *had = &lg->figs[*slot - 1];
		if (strcmp(had->value, m->def->value) ||
		    strcmp(had->value_max, m->def->value_max))
			note_conflict(lg, *slot - 1, page, m->def);
		return *slot - 1;
	}
	*slot = lg->nfigs + 1;
	ALLOC_GROW(lg->figs, lg->nfigs, lg->cap_figs);
	lg->figs[lg->nfigs] = *m->def;
	memset(m->def, 0, sizeof *m->def); /* its strings are the figure's now */
	return lg->nfigs++;
}

static void merge_mark(struct ledger *lg, struct ledger_mark *m, size_t page)
{
	size_t fig = m->def ? merge_def(lg, m, page) : m->fig;
	if (fig < lg->nfigs)
		fig_add_page(&lg->figs[fig], page);
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

void ledger_merge(struct ledger *lg, long (*page_of)(void *ctx, const char *key),
		  void *ctx)
{
	/* the plan's marks, by the page each names, before the pages' own:
	 * a figure defined by a page then has the first page's definition */
	long *plan_page = xcalloc(lg->plan.n + 1, sizeof *plan_page);
	for (size_t i = 0; i < lg->plan.n; i++)
		plan_page[i] = lg->plan.v[i].key ? page_of(ctx, lg->plan.v[i].key) : -1;
	for (size_t i = 0; i < lg->plan.n; i++)
		if (plan_page[i] >= 0)
			merge_mark(lg, &lg->plan.v[i], (size_t)plan_page[i]);
	free(plan_page);
	sink_clear(&lg->plan);
	for (size_t p = 0; p < lg->npages; p++) {
		for (size_t i = 0; i < lg->pages[p].n; i++)
			merge_mark(lg, &lg->pages[p].v[i], p);
		sink_clear(&lg->pages[p]);
	}
	for (size_t i = 0; i < lg->nfigs; i++) {
		struct ledger_fig *f = &lg->figs[i];
		if (f->npages > 1)
			qsort(f->pages, f->npages, sizeof *f->pages, cmp_size);
		size_t w = 0;
		for (size_t r = 0; r < f->npages; r++)
			if (!w || f->pages[w - 1] != f->pages[r])
				f->pages[w++] = f->pages[r];
		f->npages = w;
	}
}

/* ---- CSV ---- */

static const char *const ledger_cols[] = {
	"id", "label", "label_zh", "value", "value_max", "unit", "inputs", "pages", "page_list",
};
#define LEDGER_NCOLS (sizeof ledger_cols / sizeof *ledger_cols)

void ledger_write_csv(const struct ledger *lg, struct buf *out,
		      const char *(*page_url)(void *ctx, size_t page, struct buf *tmp),
		      void *ctx)
{
	for (size_t c = 0; c < LEDGER_NCOLS; c++) {
		if (c)
			buf_addc(out, ',');
		buf_adds(out, ledger_cols[c]);
	}
	buf_addc(out, '\n');
	struct buf list = BUF_INIT, tmp = BUF_INIT;
	for (size_t i = 0; i < lg->nfigs; i++) {
		const struct ledger_fig *f = &lg->figs[i];
		if (!f->npages)
			continue;
		const char *cells[] = { f->id, f->label, f->label_zh, f->value,
					f->value_max, f->unit, f->inputs };
		for (size_t c = 0; c < sizeof cells / sizeof *cells; c++) {
			csv_field_write_safe(out, cells[c]); /* a GPU's name too */
			buf_addc(out, ',');
		}
		char n[NUMFMT_UINT_MAX];
		buf_add(out, n, numfmt_uint(n, f->npages));
		buf_addc(out, ',');
		buf_reset(&list);
		for (size_t p = 0; p < f->npages; p++) {
			if (p)
				buf_addc(&list, ' ');
			buf_reset(&tmp);
			buf_adds(&list, page_url(ctx, f->pages[p], &tmp));
		}
		csv_field_write_safe(out, list.ptr);
		buf_addc(out, '\n');
	}
	buf_release(&list);
	buf_release(&tmp);
}

void ledger_number(struct buf *out, double v)
{
	char tmp[NUMFMT_MAX];
	buf_add(out, tmp, numfmt_g(tmp, sizeof tmp, v, 10)); /* "%.10g" */
}

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
	if (view_parse(&o, &d->arena, old_text) != 0 ||
	    view_parse(&n, &d->arena, new_text) != 0)
		rc = -1;
	bool had_old = rc == 0 && old_text && *old_text;
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
