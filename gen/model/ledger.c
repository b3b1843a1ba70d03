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
	ledger_sink_truncate(k, 0);
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

void ledger_sink_replay(struct ledger_sink *to, const char *key, const struct ledger_sink *from)
{
	for (size_t i = 0; i < from->n; i++) {
		const struct ledger_mark *m = &from->v[i];
		const struct ledger_fig *f = m->def;
		if (f)
			ledger_sink_define(to, key, f->id, f->label, f->label_zh, f->value,
					   f->value_max, f->unit, f->inputs);
		else
			ledger_sink_mark(to, key, m->fig);
	}
}

void ledger_sink_release(struct ledger_sink *k)
{
	sink_clear(k);
}

void ledger_sink_truncate(struct ledger_sink *k, size_t n)
{
	for (; k->n > n; k->n--) {
		struct ledger_mark *m = &k->v[k->n - 1];
		if (m->def) {
			fig_release(m->def);
			free(m->def);
		}
		free(m->key);
	}
}

enum { MARK_FIG = 0, MARK_DEF = 1, MARK_STRINGS = 7 };

void ledger_sink_encode(const struct ledger *lg, const struct ledger_sink *k, size_t from,
			struct buf *out)
{
	for (size_t i = from; i < k->n; i++) {
		const struct ledger_fig *f = k->v[i].def;
		buf_addc(out, f ? MARK_DEF : MARK_FIG);
		if (!f) {
			const char *id = lg->figs[k->v[i].fig].id;
			buf_add_counted(out, id, strlen(id) + 1);
			continue;
		}
		const char *s[MARK_STRINGS] = { f->id, f->label, f->label_zh, f->value,
						f->value_max, f->unit, f->inputs };
		for (size_t j = 0; j < MARK_STRINGS; j++)
			buf_add_counted(out, s[j], strlen(s[j]) + 1);
	}
}

/* The next counted string of a record (its NUL counted), or NULL when the
 * record is damaged or the string is not one C string. */
static const char *read_string(struct buf_reader *r)
{
	size_t n;
	const char *p = buf_read_counted(r, &n);
	return p && n && !memchr(p, '\0', n - 1) && !p[n - 1] ? p : NULL;
}

/* One mark of a record at `r` onto `k`: 0, or -1. */
static int decode_mark(const struct ledger *lg, struct ledger_sink *k, struct buf_reader *r)
{
	unsigned kind = *r->p++;
	r->left--;
	size_t nstr = kind == MARK_FIG ? 1 : kind == MARK_DEF ? MARK_STRINGS : 0;
	const char *str[MARK_STRINGS];
	if (!nstr)
		return -1;
	for (size_t j = 0; j < nstr; j++)
		if (!(str[j] = read_string(r)))
			return -1;
	if (kind == MARK_DEF) {
		ledger_sink_define(k, NULL, str[0], str[1], str[2], str[3], str[4], str[5],
				   str[6]);
		return 0;
	}
	long fig = ledger_find(lg, str[0]);
	if (fig < 0)
		return -1;
	ledger_sink_mark(k, NULL, (size_t)fig);
	return 0;
}

int ledger_sink_decode(const struct ledger *lg, struct ledger_sink *k, const char *rec,
		       size_t len)
{
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	size_t n0 = k->n;
	int rc = 0;
	while (rc == 0 && r.left)
		rc = decode_mark(lg, k, &r);
	if (rc != 0)
		ledger_sink_truncate(k, n0);
	return rc;
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

/* Whether the pages are in order (a figure no plan mark names: the pages'
 * marks come page by page), so that thousands of lists need no sort. */
static bool pages_sorted(const size_t *p, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (p[i - 1] > p[i])
			return false;
	return true;
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
		if (!pages_sorted(f->pages, f->npages))
			qsort(f->pages, f->npages, sizeof *f->pages, cmp_size);
		size_t w = 0;
		for (size_t r = 0; r < f->npages; r++)
			if (!w || f->pages[w - 1] != f->pages[r])
				f->pages[w++] = f->pages[r];
		f->npages = w;
	}
}

/* ---- CSV ---- */

const char *const ledger_cols[LEDGER_NCOLS] = {
	"id", "label", "label_zh", "value", "value_max", "unit", "inputs", "pages", "page_list",
};

void ledger_write_csv(const struct ledger *lg, struct buf *out,
		      const char *(*page_url)(void *ctx, size_t page, struct buf *tmp),
		      void *ctx)
{
	size_t need = 256; /* made room for at once: the pages' URLs are most of it */
	for (size_t i = 0; i < lg->nfigs; i++)
		if (lg->figs[i].npages)
			need += 256 + lg->figs[i].npages * 48;
	buf_grow(out, need);
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
