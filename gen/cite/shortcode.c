/* shortcode: see shortcode.h. */
#include "cite/shortcode.h"

#include "base/buf.h"
#include "model/data.h"
#include "base/diag.h"
#include "model/i18n.h"
#include "markdown/markdown.h"
#include "markdown/shortcode_text.h"
#include "model/metrics.h"
#include "view/present.h"
#include "view/site.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* ---- messages ---- */

int sc_error(struct cite *c, const char *fmt, ...)
{
	struct buf msg = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	diag_error(c->diag, c->sc->path, c->sc->line, c->sc->col, "%s", msg.ptr);
	buf_release(&msg);
	return -1;
}

/* ---- arguments ---- */

/* Every argument is one of `allowed` (NULL-terminated) and given once. */
int sc_check_args(struct cite *c, const char *what,
		  const char *const *allowed)
{
	const struct shortcode *sc = c->sc;
	for (size_t i = 0; i < sc->nargs; i++) {
		bool ok = false;
		for (size_t k = 0; allowed[k] && !ok; k++)
			ok = !strcmp(allowed[k], sc->args[i].key);
		if (!ok)
			return sc_error(c, "unknown argument \"%s\" for %s",
					sc->args[i].key, what);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(sc->args[j].key, sc->args[i].key))
				return sc_error(c, "argument \"%s\" given twice",
						sc->args[i].key);
	}
	return 0;
}

/* Each of `required` is given, not empty; the message names them all. */
static int need_args(struct cite *c, const char *what,
		     const char *const *required)
{
	size_t n = 0;
	bool missing = false;
	for (; required[n]; n++) {
		const char *v = shortcode_arg(c->sc, required[n]);
		missing |= !v || !*v;
	}
	if (!missing)
		return 0;
	struct buf list = BUF_INIT;
	for (size_t k = 0; k < n; k++) {
		if (k)
			buf_adds(&list, k == n - 1 ? " and " : ", ");
		buf_addf(&list, "%s=", required[k]);
	}
	sc_error(c, "%s needs %s", what, list.ptr);
	buf_release(&list);
	return -1;
}

int sc_check_and_need(struct cite *c, const char *const *allowed,
		      const char *const *required)
{
	if (sc_check_args(c, c->what.ptr, allowed))
		return -1;
	return need_args(c, c->what.ptr, required);
}

const char *sc_arg(const struct cite *c, const char *key)
{
	return shortcode_arg(c->sc, key);
}

/* ---- lookups (an unknown id is an error) ---- */

long sc_find_gpu(struct cite *c, const char *id)
{
	long g = data_gpu_index(c->d, id);
	if (g < 0)
		sc_error(c, "unknown gpu \"%s\"", id);
	return g;
}

long sc_find_task(struct cite *c, const char *id)
{
	const struct task *t = data_find_task(c->d, id);
	if (!t) {
		sc_error(c, "unknown task \"%s\"", id);
		return -1;
	}
	return (long)(t - c->d->tasks);
}

long sc_find_benchmark(struct cite *c, const char *id)
{
	const struct benchmark *b = data_find_benchmark(c->d, id);
	if (!b) {
		sc_error(c, "unknown benchmark \"%s\"", id);
		return -1;
	}
	return (long)(b - c->d->benchmarks);
}

const struct technique *sc_find_technique(struct cite *c, const char *id)
{
	for (size_t i = 0; i < c->d->ntechniques; i++)
		if (!strcmp(c->d->techniques[i].id, id))
			return &c->d->techniques[i];
	sc_error(c, "unknown technique \"%s\"", id);
	return NULL;
}

/* A cell of a raw table (extra columns included), NULL when absent. */
static const char *raw_cell(const struct data *d, const char *table,
			    size_t row, const char *col)
{
	const struct table *t = data_table(d, table);
	if (!t || row >= t->nrows)
		return NULL;
	for (size_t k = 0; k < t->ncols; k++)
		if (!strcmp(t->cols[k], col))
			return t->rows[row][k];
	return NULL;
}

/* The cell of column "<base>_<lang>" (e.g. notes_zh), NULL when absent.
 * Not pg_raw_cell_lang: that one falls back to English and reads an absent
 * column as "", where a shortcode naming no column is an error. */
const char *sc_raw_cell_lang(const struct cite *c, const char *table,
			     size_t row, const char *base)
{
	struct buf col = BUF_INIT;
	buf_addf(&col, "%s_%s", base, lang_code(c->l));
	const char *v = raw_cell(c->d, table, row, col.ptr);
	buf_release(&col);
	return v;
}

const char *sc_gpu_href(const struct cite *c, size_t g)
{
	return pg_href_to(&c->pg, pg_gpu_path(&c->pg, g));
}

/* ---- formatting ---- */

void sc_fmt_unit(const struct cite *c, struct buf *o, double v,
		 const char *unit_key)
{
	i18n_format_unit(o, &c->pg.in->i18n, v, unit_key, c->l);
}

/* Money: "$1.17", "$30,000", "$0.0042" (i18n_format_usd). */
void sc_fmt_usd(const struct cite *c, struct buf *o, double v)
{
	i18n_format_usd(o, v, c->l);
}

/* An hourly price: "$0.39/h" / "$0.39/小时". */
void sc_fmt_price(const struct cite *c, struct buf *o, double v)
{
	sc_fmt_usd(c, o, v);
	buf_adds(o, pg_tr(&c->pg, "unit.per_hour"));
}

/* A duration: "3 h", "1.5 h"; below an hour in minutes: "40 min". */
void sc_fmt_hours(const struct cite *c, struct buf *o, double h)
{
	i18n_format_duration(o, &c->pg.in->i18n, h, c->l);
}

/* "how many times": "3.3×" / "3.3 倍", "1.05×" (more decimals near 1),
 * "19×": the page kit's ratio, as in sentences and the guide's tables. */
void sc_fmt_ratio(const struct cite *c, struct buf *o, double v)
{
	buf_adds(o, pg_fmt_ratio_short(&c->pg, v));
}

/* A benchmark value with its unit: the unit's i18n key "unit.<unit>" (with
 * "/" read as "_per_": unit.tokens_per_s) when there is one, else as is.
 * pg_bench_unit_key keeps other characters where this key has "_". */
void sc_fmt_bench(const struct cite *c, struct buf *o, double v,
		  const struct benchmark *b)
{
	struct buf key = BUF_INIT;
	buf_adds(&key, "unit.");
	for (const char *p = b->unit; *p; p++) {
		if (*p == '/')
			buf_adds(&key, "_per_");
		else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			buf_addc(&key, *p);
		else if (*p >= 'A' && *p <= 'Z')
			buf_addc(&key, (char)(*p - 'A' + 'a'));
		else
			buf_addc(&key, '_');
	}
	sc_fmt_unit(c, o, v, i18n_has(&c->pg.in->i18n, key.ptr) ? key.ptr : b->unit);
	buf_release(&key);
}

/* ---- gpus.csv columns ---- */

void sc_fmt_gpu_num(const struct cite *c, struct buf *o, enum gpu_column col, double v)
{
	buf_adds(o, pg_fmt_spec(&c->pg, col, v));
}

/* A text column of a GPU in the page's language; "" when empty, NULL when
 * there is no such column. */
const char *sc_gpu_text(const struct cite *c, const struct gpu *g,
			const char *field)
{
	if (!strcmp(field, "name"))
		return g->name;
	if (!strcmp(field, "memory_type"))
		return g->memory_type ? g->memory_type : "";
	if (!strcmp(field, "tensor_core_gen"))
		return g->tensor_core_gen ? g->tensor_core_gen : "";
	/* the words every page gives them */
	if (!strcmp(field, "fp8"))
		return pg_fp8_text(&c->pg, g);
	if (!strcmp(field, "segment"))
		return pg_segment_text(&c->pg, g);
	if (!strcmp(field, "id") || !strcmp(field, "source"))
		return NULL;
	const char *v = sc_raw_cell_lang(c, "gpus", g->row, field);
	return v ? v : raw_cell(c->d, "gpus", g->row, field);
}

/* ---- jobs, prices, techniques ---- */

/* A job's time or cost, a range when the source gives a time range:
 * "4–8 h", "$1.76–$3.52". */
void sc_fmt_task_figure(const struct cite *c, struct buf *o,
			const struct task_cost *tc, bool cost)
{
	struct figure lo = cost ? tc->cost : tc->hours;
	struct figure hi = cost ? tc->cost_max : tc->hours_max;
	double top = figure_ok(hi) ? hi.value : lo.value;
	if (cost)
		i18n_format_usd_range(o, lo.value, top, c->l);
	else
		i18n_format_hours_range(o, &c->pg.in->i18n, lo.value, top, c->l);
}

struct figure sc_lowest_price(const struct cite *c, size_t g)
{
	if (c->m->prices)
		return c->m->prices[g].lowest;
	struct figure f = { 0, "why.no_price" };
	return f;
}

/* A text column of a technique in the page's language ("" when empty);
 * NULL when there is no such field. */
const char *sc_technique_text(const struct cite *c,
			      const struct technique *t, const char *field)
{
	bool zh = c->l == LANG_ZH;
	const char *v;
	if (!strcmp(field, "name"))
		v = zh ? t->name_zh : t->name_en;
	else if (!strcmp(field, "speed"))
		v = zh ? t->speed_zh : t->speed_en;
	else if (!strcmp(field, "vram_saving"))
		v = zh ? t->vram_saving_zh : t->vram_saving_en;
	else if (!strcmp(field, "notes"))
		v = zh ? t->notes_zh : t->notes_en;
	else if (!strcmp(field, "difficulty"))
		return pg_technique_difficulty(&c->pg, t);
	else
		return NULL;
	return v ? v : "";
}
