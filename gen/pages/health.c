#include "pages/health.h"

#include "base/numfmt.h"

#include "base/buf.h"
#include "base/text.h"
#include "view/guide_ledger.h"
#include "view/phrase.h"
#include "view/site.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

const enum finding_kind health_kinds[HEALTH_KIND_COUNT] = {
	FINDING_PRICE_SPREAD, FINDING_CLAIM_MISMATCH, FINDING_SPEED_MISMATCH,
	FINDING_VRAM_RULE, FINDING_STATED_COST, FINDING_QUOTE_TOTAL, FINDING_MISSING,
};

const char *health_kind_stem(enum finding_kind kind)
{
	switch (kind) {
	case FINDING_PRICE_SPREAD: return "price_spread";
	case FINDING_CLAIM_MISMATCH: return "claim_mismatch";
	case FINDING_SPEED_MISMATCH: return "speed_mismatch";
	case FINDING_VRAM_RULE: return "vram_rule";
	case FINDING_MISSING: return "missing";
	case FINDING_STATED_COST: return "stated_cost";
	case FINDING_QUOTE_TOTAL: return "quote_total";
	}
	return "unknown";
}

/* ---- Filling sentence templates ---- */

struct slot {
	const char *name;
	const char *text;
};

/* The names and texts of {name, text} slots, as i18n_fill takes them. */
static size_t split_slots(const struct slot *slots, size_t nslots,
			  const char **names, const char **vals)
{
	size_t k = 0;
	for (; k < nslots && k < 16; k++) {
		names[k] = slots[k].name;
		vals[k] = slots[k].text;
	}
	return k;
}

/* i18n_fill over {name, text} slots. */
static void fill_template(struct buf *out, const char *tmpl,
			  const struct slot *slots, size_t nslots)
{
	const char *names[16], *vals[16];
	size_t k = split_slots(slots, nslots, names, vals);
	i18n_fill(out, tmpl, names, vals, k);
}

/* The UI string `key` filled from {name, text} slots (i18n_fill_key). */
static void fill_key(struct buf *out, const struct site_inputs *in, enum lang l,
		     const char *key, const struct slot *slots, size_t nslots)
{
	const char *names[16], *vals[16];
	size_t k = split_slots(slots, nslots, names, vals);
	i18n_fill_key(out, &in->i18n, l, key, names, vals, k);
}

void health_fill(struct buf *out, const char *tmpl, size_t n,
		 const char *const pairs[][2])
{
	struct slot slots[16];
	size_t k = 0;
	for (; k < n && k < 16; k++)
		slots[k] = (struct slot){ pairs[k][0], pairs[k][1] };
	fill_template(out, tmpl, slots, k);
}

/* ---- Names and figures in a language ---- */

static const char *gpu_name(const struct site_inputs *in, long g)
{
	if (g < 0 || (size_t)g >= in->data.ngpus)
		return "?";
	return in->data.gpus[g].name;
}

static const char *task_name(const struct site_inputs *in, long t, enum lang l)
{
	if (t < 0 || (size_t)t >= in->data.ntasks)
		return "?";
	return l == LANG_ZH ? in->data.tasks[t].name_zh : in->data.tasks[t].name_en;
}

static const char *benchmark_name(const struct site_inputs *in, long b, enum lang l)
{
	if (b < 0 || (size_t)b >= in->data.nbenchmarks)
		return "?";
	return l == LANG_ZH ? in->data.benchmarks[b].name_zh
			    : in->data.benchmarks[b].name_en;
}

/* A ratio as a multiple, "1.62×" / "1.62 倍" (a range "1.5–2×" / "1.5～2
 * 倍" when high > low), in the rounding of the tables (i18n_format_ratio),
 * as a comparison's table writes every ratio. */
static void format_multiple(const struct site_inputs *in, struct buf *out, double low,
			    double high, enum lang l)
{
	struct buf x = BUF_INIT;
	i18n_format_ratio_range(&x, low, high, l);
	struct slot slot = { "x", x.ptr };
	fill_key(out, in, l, "health.ratio", &slot, 1);
	buf_release(&x);
}

/* A relative speed as every page prints a result ("0.33×"), or with
 * `digits` decimals when `digits` is not negative. */
static void format_speed(const struct site_inputs *in, struct buf *out, double v, int digits,
			 enum lang l)
{
	if (digits < 0) {
		format_multiple(in, out, v, v, l);
		return;
	}
	struct buf x = BUF_INIT;
	i18n_format_fixed(&x, v, digits, l);
	struct slot slot = { "x", x.ptr };
	fill_key(out, in, l, "health.ratio", &slot, 1);
	buf_release(&x);
}

/* Two relative speeds, the result (as every page prints it) and what the
 * job times imply ("0.33×" against "0.42×"), the latter with a decimal
 * more ("0.08×" against "0.094×") where they would print closer than the
 * tolerance the finding broke: its figures never seem to agree. */
static void format_speeds(const struct site_inputs *in, struct buf *stated,
			  struct buf *computed, double s, double c, enum lang l)
{
	int ds = i18n_ratio_decimals(s), dc = i18n_ratio_decimals(c);
	double ps = numfmt_round(s, ds), pc = numfmt_round(c, dc);
	bool close = ps > 0 && fabs(pc / ps - 1) <= METRICS_TOLERANCE;
	format_speed(in, stated, s, -1, l);
	format_speed(in, computed, c, close ? dc + 1 : -1, l);
}

static void format_gb(const struct site_inputs *in, struct buf *out, double gb,
		      enum lang l)
{
	i18n_format_unit(out, &in->i18n, gb, "GB", l);
}

/* "15%": the tolerance of METRICS_TOLERANCE. */
static void format_tolerance(struct buf *out, enum lang l)
{
	i18n_format_number(out, METRICS_TOLERANCE * 100.0, l);
	buf_addc(out, '%');
}

void health_figures(const struct site_inputs *in, const struct finding *f,
		    enum lang l, struct buf *stated, struct buf *computed)
{
	switch (f->kind) {
	case FINDING_PRICE_SPREAD:
		i18n_format_usd(stated, f->stated, l);
		i18n_format_usd(computed, f->computed, l);
		break;
	case FINDING_CLAIM_MISMATCH:
		/* both multiples, as a comparison's table has them: a claim of
		 * "38% faster" is 1.38×, never "138%" beside it */
		format_multiple(in, stated, f->stated, f->stated_high, l);
		format_multiple(in, computed, f->computed, f->computed, l);
		break;
	case FINDING_SPEED_MISMATCH:
		/* relative speeds, as the benchmark's results print */
		format_speeds(in, stated, computed, f->stated, f->computed, l);
		break;
	case FINDING_VRAM_RULE:
		format_gb(in, stated, f->stated, l);
		format_gb(in, computed, f->computed, l);
		break;
	case FINDING_STATED_COST:
	case FINDING_QUOTE_TOTAL:
		i18n_format_usd_range(stated, f->stated, f->stated_high, l);
		i18n_format_usd_range(computed, f->computed, f->computed_high, l);
		break;
	case FINDING_MISSING:
		break;
	}
}

void health_show_figures(const struct page_ctx *p, const struct finding *f)
{
	const struct data *d = &p->in->data;
	switch (f->kind) {
	case FINDING_PRICE_SPREAD: /* the price shortcode's low and high */
		guide_ledger_show_price_pick(p, (size_t)f->gpu, "low", NULL);
		guide_ledger_show_price_pick(p, (size_t)f->gpu, "high", NULL);
		break;
	case FINDING_VRAM_RULE: {
		const struct vram_rule *v = &d->vram[f->vram_row];
		guide_ledger_show_vram(p, v->params_b, v->precision, f->vram_row);
		guide_ledger_show_vram(p, v->params_b, v->precision, -1);
		break;
	}
	case FINDING_STATED_COST:
		guide_ledger_show_stated(p, (size_t)f->stated_cost);
		break;
	default: /* figures of the check alone (claim and speed held against
		  * the results, a quote's total against its cards) */
		break;
	}
}

/* "data/prices.csv:8": where a row of table t is. */
static void add_row_place(const struct site_inputs *in, struct buf *out,
			  enum data_table_id t, size_t row)
{
	const struct table *tab = &in->data.tables[t];
	if (row < tab->nrows)
		buf_addf(out, "%s:%d", tab->path, tab->lines[row]);
}

/* The rows a stated cost is held against: its own, its time's, its quote's
 * (a list in language l: "data/task_times.csv:23、data/prices.csv:9"). */
static void stated_cost_rows(const struct site_inputs *in, const struct finding *f,
			     enum lang l, struct buf *rows, struct buf *stated_row)
{
	const struct stated_cost *sc = &in->data.stated_costs[f->stated_cost];
	const struct stated_check *k = &in->metrics.checks[f->stated_cost];
	add_row_place(in, stated_row, TABLE_STATED_COSTS, sc->row);
	if (k->time_row >= 0)
		add_row_place(in, rows, TABLE_TASK_TIMES,
			      in->data.task_times[k->time_row].row);
	if (k->quote_row >= 0) {
		if (rows->len)
			buf_adds(rows, i18n_get(&in->i18n, l, "list.sep"));
		add_row_place(in, rows, TABLE_PRICES, in->data.prices[k->quote_row].row);
	}
}

/* The readable name of a gpus.csv column ("health.field.vram_gb"), or the
 * column name itself when there is no such key. */
static const char *field_name(const struct site_inputs *in, const char *field,
			      enum lang l, struct buf *key)
{
	buf_reset(key);
	buf_addf(key, "health.field.%s", field ? field : "");
	if (!field || !i18n_has(&in->i18n, key->ptr))
		return field ? field : "?";
	return i18n_get(&in->i18n, l, key->ptr);
}

/* What the results give against a claim: where from (*basis: a benchmark
 * of times turned into speed says so, content/STYLE.md) and, as the
 * comparison model words a speed, how fast the claim's card is against the
 * other ("H100 80GB is 1.62 times as fast as A100 80GB", "… is 20% faster
 * than …"). */
static void claim_measured(const struct site_inputs *in, const struct finding *f,
			   enum lang l, struct buf *measured, struct buf *basis)
{
	const struct benchmark *b = f->benchmark >= 0 &&
		(size_t)f->benchmark < in->data.nbenchmarks ? &in->data.benchmarks[f->benchmark] : NULL;
	struct slot slot = { "benchmark", benchmark_name(in, f->benchmark, l) };
	fill_key(basis, in, l, b && !b->higher_is_better ? "health.claim_basis_time"
							: "health.claim_basis", &slot, 1);
	phrase_speed_range(measured, &in->i18n, l, gpu_name(in, f->gpu),
			   gpu_name(in, f->other_gpu), f->computed, f->computed, true);
}

void health_intro(const struct site_inputs *in, enum finding_kind kind, enum lang l,
		  struct buf *out)
{
	struct buf key = BUF_INIT, figures = BUF_INIT;
	const char *names[FINDINGS_MISSING_COLUMNS];
	for (size_t i = 0; i < FINDINGS_MISSING_COLUMNS; i++)
		names[i] = field_name(in, gpu_columns[findings_missing_columns[i]].name, l, &key);
	i18n_add_joined(&in->i18n, l, &figures, names, FINDINGS_MISSING_COLUMNS, "list.sep",
			"list.last", "list.last_many");
	const char *const pairs[][2] = { { "figures", figures.ptr } };
	buf_reset(&key);
	buf_addf(&key, "health.intro.%s", health_kind_stem(kind));
	health_fill(out, i18n_get(&in->i18n, l, key.ptr), 1, pairs); /* the others name none */
	buf_release(&key);
	buf_release(&figures);
}

void health_describe(const struct site_inputs *in, const struct finding *f,
		     enum lang l, struct buf *out)
{
	struct buf stated = BUF_INIT, computed = BUF_INIT, extra = BUF_INIT;
	struct buf tol = BUF_INIT, key = BUF_INIT, place = BUF_INIT, cards = BUF_INIT;
	struct buf basis = BUF_INIT, upper = BUF_INIT;
	health_figures(in, f, l, &stated, &computed);
	format_tolerance(&tol, l);
	struct slot slots[10];
	size_t n = 0;
	const char *gpu = gpu_name(in, f->gpu);
	if (f->kind == FINDING_STATED_COST && f->stated_cost >= 0 &&
	    (size_t)f->stated_cost < in->data.nstated_costs) {
		/* a stated cost is of its cards: "4 × A100 80GB" */
		i18n_gpu_cards(&cards, &in->i18n, l,
			       in->data.stated_costs[f->stated_cost].cards, gpu);
		gpu = cards.ptr;
	}
	slots[n++] = (struct slot){ "gpu", gpu };
	slots[n++] = (struct slot){ "other", gpu_name(in, f->other_gpu) };
	slots[n++] = (struct slot){ "stated", stated.ptr };
	slots[n++] = (struct slot){ "computed", computed.ptr };
	slots[n++] = (struct slot){ "tolerance", tol.ptr };
	switch (f->kind) {
	case FINDING_PRICE_SPREAD:
		if (f->gpu >= 0 && in->metrics.prices)
			buf_addf(&extra, "%zu", in->metrics.prices[f->gpu].count);
		slots[n++] = (struct slot){ "count", extra.ptr };
		break;
	case FINDING_CLAIM_MISMATCH:
		if (f->claim >= 0 && (size_t)f->claim < in->data.nclaims) {
			const struct claim *c = &in->data.claims[f->claim];
			slots[n++] = (struct slot){
				"claim", l == LANG_ZH ? c->text_zh : c->text_en };
		}
		claim_measured(in, f, l, &extra, &basis);
		slots[n++] = (struct slot){ "basis", basis.ptr };
		slots[n++] = (struct slot){ "measured", extra.ptr };
		break;
	case FINDING_SPEED_MISMATCH:
		slots[n++] = (struct slot){ "task", task_name(in, f->task, l) };
		slots[n++] = (struct slot){ "benchmark", benchmark_name(in, f->benchmark, l) };
		break;
	case FINDING_VRAM_RULE:
		if (f->vram_row >= 0 && (size_t)f->vram_row < in->data.nvram) {
			const struct vram_rule *v = &in->data.vram[f->vram_row];
			i18n_format_number(&extra, v->params_b, l);
			slots[n++] = (struct slot){ "params", extra.ptr };
			text_add_upper(&upper, v->precision); /* "INT4", as every page names it */
			slots[n++] = (struct slot){ "precision", upper.ptr };
		}
		break;
	case FINDING_MISSING:
		slots[n++] = (struct slot){ "field", field_name(in, f->field, l, &key) };
		break;
	case FINDING_STATED_COST:
		if (f->stated_cost >= 0 && in->metrics.checks)
			stated_cost_rows(in, f, l, &extra, &place);
		slots[n++] = (struct slot){ "rows", extra.ptr };
		slots[n++] = (struct slot){ "row", place.ptr };
		slots[n++] = (struct slot){ "task", task_name(in, f->task, l) };
		break;
	case FINDING_QUOTE_TOTAL:
		if (f->price_row >= 0)
			add_row_place(in, &place, TABLE_PRICES, in->data.prices[f->price_row].row);
		slots[n++] = (struct slot){ "row", place.ptr };
		if (f->price_row >= 0)
			buf_addf(&extra, "%d", in->data.prices[f->price_row].cards);
		slots[n++] = (struct slot){ "cards", extra.ptr };
		break;
	}
	buf_reset(&key);
	buf_addf(&key, "health.%s", health_kind_stem(f->kind));
	/* a measured ratio falls short of a claim or goes beyond it */
	if (f->kind == FINDING_CLAIM_MISMATCH)
		buf_adds(&key, f->computed < f->stated ? "_below" : "_above");
	/* a job's times against its own model's relative speed, or the mean */
	if (f->kind == FINDING_SPEED_MISMATCH && f->benchmark >= 0)
		buf_adds(&key, "_on");
	/* a stated cost of a month of serving is of no task */
	if (f->kind == FINDING_STATED_COST && f->task < 0)
		buf_adds(&key, "_month");
	fill_key(out, in, l, key.ptr, slots, n);
	/* a claim's note says how the figures were read (a time saving
	 * called "faster"): the reader sees it beside the finding */
	if (f->kind == FINDING_CLAIM_MISMATCH && f->claim >= 0 &&
	    (size_t)f->claim < in->data.nclaims) {
		struct slot note = { "note", i18n_row_note(&in->data, TABLE_CLAIMS,
							   in->data.claims[f->claim].row, l) };
		if (*note.text) {
			buf_adds(out, i18n_get(&in->i18n, l, "punct.gap"));
			fill_key(out, in, l, "health.claim_note", &note, 1);
		}
	}
	buf_release(&stated);
	buf_release(&computed);
	buf_release(&extra);
	buf_release(&tol);
	buf_release(&key);
	buf_release(&place);
	buf_release(&cards);
	buf_release(&basis);
	buf_release(&upper);
}

/* ---- Sources behind a finding ---- */

/* Mark every source named in `refs` ("a" or "a;b"). */
static void mark_refs(const struct data *d, bool *mark, const char *refs)
{
	if (!refs)
		return;
	for (size_t i = 0; i < d->nsources; i++) {
		size_t len = strlen(d->sources[i].id);
		for (const char *p = refs; *p;) {
			const char *end = strchr(p, ';');
			size_t n = end ? (size_t)(end - p) : strlen(p);
			if (n == len && !memcmp(p, d->sources[i].id, len))
				mark[i] = true;
			p += n;
			if (*p == ';')
				p++;
		}
	}
}

static bool is_pair(long g, long a, long b)
{
	return g == a || g == b;
}

static void mark_results(const struct data *d, bool *mark, long benchmark,
			 const char *kind, long gpu, long other)
{
	for (size_t i = 0; i < d->nresults; i++) {
		const struct result *r = &d->results[i];
		if (!is_pair((long)r->gpu, gpu, other))
			continue;
		if (benchmark >= 0 && (long)r->benchmark != benchmark)
			continue;
		if (kind && (r->benchmark >= d->nbenchmarks ||
			     !d->benchmarks[r->benchmark].kind ||
			     strcmp(d->benchmarks[r->benchmark].kind, kind)))
			continue;
		mark_refs(d, mark, r->source);
	}
}

size_t health_sources(const struct site_inputs *in, const struct finding *f,
		      const char **ids, size_t max)
{
	const struct data *d = &in->data;
	if (!d->nsources)
		return 0;
	bool *mark = xcalloc(d->nsources, sizeof *mark);
	switch (f->kind) {
	case FINDING_PRICE_SPREAD:
		for (size_t i = 0; i < d->nprices; i++)
			if ((long)d->prices[i].gpu == f->gpu)
				mark_refs(d, mark, d->prices[i].source);
		break;
	case FINDING_CLAIM_MISMATCH:
		if (f->claim >= 0 && (size_t)f->claim < d->nclaims)
			mark_refs(d, mark, d->claims[f->claim].source);
		mark_results(d, mark, f->benchmark, NULL, f->gpu, f->other_gpu);
		break;
	case FINDING_SPEED_MISMATCH:
		for (size_t i = 0; i < d->ntask_times; i++) {
			const struct task_time *t = &d->task_times[i];
			if ((long)t->task == f->task &&
			    is_pair((long)t->gpu, f->gpu, f->other_gpu))
				mark_refs(d, mark, t->source);
		}
		mark_results(d, mark, f->benchmark, f->benchmark < 0 ? "relative-speed" : NULL,
			     f->gpu, f->other_gpu);
		break;
	case FINDING_VRAM_RULE:
		if (f->vram_row >= 0 && (size_t)f->vram_row < d->nvram)
			mark_refs(d, mark, d->vram[f->vram_row].source);
		break;
	case FINDING_MISSING:
		if (f->gpu >= 0 && (size_t)f->gpu < d->ngpus)
			mark_refs(d, mark, d->gpus[f->gpu].source);
		break;
	case FINDING_STATED_COST:
		if (f->stated_cost >= 0) {
			mark_refs(d, mark, d->stated_costs[f->stated_cost].source);
			long q = in->metrics.checks[f->stated_cost].quote_row;
			if (q >= 0)
				mark_refs(d, mark, d->prices[q].source);
		}
		break;
	case FINDING_QUOTE_TOTAL:
		if (f->price_row >= 0)
			mark_refs(d, mark, d->prices[f->price_row].source);
		break;
	}
	size_t n = 0;
	for (size_t i = 0; i < d->nsources && n < max; i++)
		if (mark[i])
			ids[n++] = d->sources[i].id;
	free(mark);
	return n;
}

/* ---- The report of `gen check` ---- */

/* The article's translation, as content_load linked them. */
static const struct article *translation_of(const struct site *s, size_t i)
{
	long t = s->in.translation_of ? s->in.translation_of[i] : -1;
	return t >= 0 ? &s->in.articles[t] : NULL;
}

static bool has_cite(const struct article *a, const char *cite)
{
	for (size_t i = 0; i < a->ncites; i++)
		if (!strcmp(a->cites[i], cite))
			return true;
	return false;
}

/* Print the cites of `a` that `b` lacks; returns how many. */
static size_t print_cites_missing(FILE *out, const struct article *a,
				  const struct article *b)
{
	size_t n = 0;
	for (size_t i = 0; i < a->ncites; i++) {
		if (has_cite(b, a->cites[i]) ||
		    (i && !strcmp(a->cites[i - 1], a->cites[i])))
			continue;
		fprintf(out, "    only in %s: %s\n", a->path, a->cites[i]);
		n++;
	}
	return n;
}

static const char *language_name(int l)
{
	return l == LANG_ZH ? "Chinese" : "English";
}

int health_report_translations(const struct site *s, FILE *out)
{
	int problems = 0;
	fprintf(out, "translations:\n");
	for (size_t i = 0; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[i];
		const struct article *b = translation_of(s, i);
		if (!a->translation) {
			fprintf(out, "  %s: only in %s (no translation key)\n",
				a->path, language_name(a->lang));
			problems++;
		} else if (!b) {
			fprintf(out, "  %s: only in %s (translation \"%s\")\n",
				a->path, language_name(a->lang), a->translation);
			problems++;
		}
	}
	/* each pair once: from its English side */
	for (size_t i = 0; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[i];
		const struct article *b = translation_of(s, i);
		if (!b || a->lang != LANG_EN)
			continue;
		/* as sets: an article may cite one figure twice */
		bool differ = false;
		for (size_t k = 0; k < a->ncites && !differ; k++)
			differ = !has_cite(b, a->cites[k]);
		for (size_t k = 0; k < b->ncites && !differ; k++)
			differ = !has_cite(a, b->cites[k]);
		if (!differ)
			continue;
		fprintf(out, "  %s and %s cite different figures:\n", a->path,
			b->path);
		print_cites_missing(out, a, b);
		print_cites_missing(out, b, a);
		problems++;
	}
	if (!problems)
		fprintf(out, "  every article has both languages and its pair "
			     "cites the same figures\n");
	return problems;
}

static void print_finding(struct site *s, const struct finding *f, FILE *out)
{
	struct buf b = BUF_INIT;
	health_describe(&s->in, f, LANG_EN, &b);
	const char *ids[16];
	size_t n = health_sources(&s->in, f, ids, sizeof ids / sizeof ids[0]);
	fprintf(out, "  - %s", b.ptr);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? ", " : " [sources: ", ids[i]);
	fprintf(out, "%s\n", n ? "]" : "");
	buf_release(&b);
}

void health_report(struct site *s, FILE *out)
{
	for (size_t t = 0; t < TABLE_COUNT; t++) {
		const struct table *tab = &s->in.data.tables[t];
		if (!tab->path)
			continue;
		if (csv_table_missing(tab))
			fprintf(out, "%s: no file (it may be left out)\n", tab->path);
		else
			fprintf(out, "%s: %zu row%s\n", tab->path, tab->nrows,
				tab->nrows == 1 ? "" : "s");
	}
	fprintf(out, "\nfindings: %zu\n", s->in.metrics.nfindings);
	struct buf key = BUF_INIT;
	for (size_t k = 0; k < HEALTH_KIND_COUNT; k++) {
		size_t n = 0;
		for (size_t i = 0; i < s->in.metrics.nfindings; i++)
			n += s->in.metrics.findings[i].kind == health_kinds[k];
		if (!n)
			continue;
		buf_reset(&key);
		buf_addf(&key, "health.kind.%s", health_kind_stem(health_kinds[k]));
		fprintf(out, "%s (%zu):\n", i18n_get(&s->in.i18n, LANG_EN, key.ptr), n);
		for (size_t i = 0; i < s->in.metrics.nfindings; i++)
			if (s->in.metrics.findings[i].kind == health_kinds[k])
				print_finding(s, &s->in.metrics.findings[i], out);
	}
	buf_release(&key);
	fprintf(out, "\n");
	health_report_translations(s, out);
}
