#include "pages/calculator.h"

#include "base/buf.h"
#include "base/csv.h"
#include "model/data.h"
#include "model/metrics.h"
#include "model/schema.h"
#include "base/numfmt.h"
#include "publish/output.h"
#include "view/present.h"
#include "view/site.h"
#include "base/text.h"
#include "template/value.h"

#include <stdlib.h>
#include <string.h>


/* The page kit (present.h) for a text of the calculator in language l. */
static struct page_ctx kit(struct site *s, enum lang l)
{
	return pg_planning(s, l, "", NULL);
}

static const char *tr(struct site *s, enum lang l, const char *key)
{
	struct page_ctx p = kit(s, l);
	return pg_tr(&p, key);
}

static const char *fill1(struct site *s, enum lang l, const char *key,
			 const char *name, const char *val)
{
	struct page_ctx p = kit(s, l);
	return pg_fill(&p, key, name, val, NULL);
}

static const char *number(struct site *s, enum lang l, double v)
{
	struct page_ctx p = kit(s, l);
	return pg_fmt_number(&p, v);
}

static const char *unit(struct site *s, enum lang l, double v, const char *key)
{
	struct page_ctx p = kit(s, l);
	return pg_fmt_unit(&p, v, key);
}

/* A precision as the site's tables write it ("FP16"; the id, "fp16", stays
 * the option's value and the query's). */
static const char *precision_label(struct site *s, enum lang l, const char *id)
{
	struct page_ctx p = kit(s, l);
	return pg_upper(&p, id);
}

static const char *source_title(struct site *s, enum lang l, const char *id)
{
	const struct source *src = data_find_source(&s->in.data, id);
	return src ? site_source_title(src, l) : id;
}

/* A vram.csv row's note in language l ("" when none). */
static const char *rule_note(struct site *s, enum lang l, size_t row)
{
	const struct table *t = data_table(&s->in.data, "vram");
	long c = t ? csv_table_column(t, l == LANG_ZH ? "note_zh" : "note_en") : -1;
	return c < 0 ? "" : t->rows[row][c];
}

/* ---- the page ---- */

static struct value *option_list(struct site *s, enum lang l,
				 const char *const *ids, const char *prefix)
{
	struct arena *a = &s->arena;
	struct value *list = value_new_list(a);
	for (size_t i = 0; ids[i]; i++) {
		if (!strcmp(ids[i], "bf16"))
			continue; /* one option: fp16/bf16 */
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "id", ids[i]);
		value_map_set_str(a, m, "label",
				  tr(s, l, arena_printf(a, "%s%s", prefix, ids[i])));
		value_list_push(a, list, m);
	}
	return list;
}

static struct value *bytes_rows(struct site *s, enum lang l)
{
	struct arena *a = &s->arena;
	struct value *list = value_new_list(a);
	for (size_t i = 0; schema_precisions[i]; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "precision", precision_label(s, l, schema_precisions[i]));
		value_map_set_str(a, m, "bytes",
				  number(s, l, metric_bytes_per_param(schema_precisions[i])));
		value_list_push(a, list, m);
	}
	return list;
}

static struct value *rule_rows(struct site *s, enum lang l)
{
	struct arena *a = &s->arena;
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < s->in.data.nvram; i++) {
		const struct vram_rule *v = &s->in.data.vram[i];
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "model", fill1(s, l, "vram.model", "n",
						       number(s, l, v->params_b)));
		value_map_set_str(a, m, "precision", precision_label(s, l, v->precision));
		value_map_set_str(a, m, "gb", unit(s, l, v->gb, "unit.gb"));
		value_map_set_str(a, m, "source", site_title_marked(a, &s->in.i18n, l,
								   source_title(s, l, v->source)));
		value_map_set_str(a, m, "note", rule_note(s, l, v->row));
		value_list_push(a, list, m);
	}
	return list;
}

static struct value *calculator_context(struct site *s, enum lang l)
{
	struct arena *a = &s->arena;
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "precisions", option_list(s, l, schema_precisions, "calc.precision."));
	value_map_set(a, ctx, "jobs", option_list(s, l, schema_jobs, "calc.job."));
	value_map_set(a, ctx, "bytes_rows", bytes_rows(s, l));
	struct value *rules = rule_rows(s, l);
	value_map_set(a, ctx, "rule_rows", rules);
	/* a column of notes nobody wrote is left out */
	value_map_set_bool(a, ctx, "rule_notes", value_list_has_text(rules, "note"));
	value_map_set_str(a, ctx, "months", fill1(s, l, "calc.serving_how", "hours",
						  unit(s, l, METRICS_HOURS_PER_MONTH, "unit.h")));
	struct page_ctx p = kit(s, l);
	const char *pct = pg_fmt_percent(&p, METRICS_FIT_HEADROOM * 100);
	value_map_set_str(a, ctx, "headroom_how", fill1(s, l, "calc.headroom_how", "pct", pct));
	value_map_set_str(a, ctx, "headroom_pct", pct);
	value_map_set_str(a, ctx, "no_vram", pg_nodata_text(&p, "why.no_vram"));
	value_map_set_str(a, ctx, "training_how",
			  fill1(s, l, "calc.training_how", "source",
				source_title(s, l, METRICS_ACCOUNTING_SOURCE)));
	value_map_set_str(a, ctx, "accounting_source",
			  source_title(s, l, METRICS_ACCOUNTING_SOURCE));
	value_map_set_str(a, ctx, "accounting_href",
			  site_href(&s->arena, l, "calculator/", l,
				    "sources/#" METRICS_ACCOUNTING_SOURCE));
	value_map_set_str(a, ctx, "script",
			  site_root_href(&s->arena, "calculator/", "calculator.js"));
	value_map_set_str(a, ctx, "methodology",
			  site_href(&s->arena, l, "calculator/", l, "methodology/"));
	value_map_set_str(a, ctx, "inference_href",
			  site_href(&s->arena, l, "calculator/", l, "inference/"));
	return ctx;
}

void calculator_plan(struct site *s)
{
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		struct page_spec spec = {
			.lang = l,
			.path = "calculator/",
			.alt_path = "calculator/",
			.template_name = "pages/calculator",
			.title = tr(s, l, "calc.title"),
			.description = tr(s, l, "calc.desc"),
			.section = "calculator",
			.ctx = calculator_context(s, l),
			.crumbs = site_crumbs(&s->in, &s->arena, l, "calculator/", NULL, NULL),
		};
		site_add_page(s, &spec);
	}
}

void calculator_lang_keys(struct site *s, enum lang l, struct value *m)
{
	(void)l;
	struct arena *a = &s->arena;
	struct value *list = value_new_list(a);
	for (size_t g = 0; g < s->in.data.ngpus; g++) {
		struct value *o = value_new_map(a);
		value_map_set_str(a, o, "id", s->in.data.gpus[g].id);
		value_map_set_str(a, o, "name", s->in.data.gpus[g].name);
		value_list_push(a, list, o);
	}
	value_map_set(a, m, "picker_gpus", list);
}

const char *calculator_task_href(const struct page_ctx *p, size_t t)
{
	const struct task *k = &p->in->data.tasks[t];
	if (!k->params_b.ok || !*k->job)
		return NULL;
	char num[40];
	num[numfmt_g(num, sizeof num, k->params_b.v, 15)] = '\0';
	return site_href(p->arena, p->l, p->path, p->l,
			 arena_printf(p->arena, "calculator/?params=%s%s%s&job=%s", num,
				      *k->precision ? "&precision=" : "", k->precision, k->job));
}

/* ---- the data ---- */

static void json_key(struct buf *b, const char *key)
{
	text_escape_jsons(b, key);
	buf_addc(b, ':');
}

static void json_num(struct buf *b, double v)
{
	char tmp[40];
	size_t n = numfmt_g(tmp, sizeof tmp, v, 15);
	buf_add(b, tmp, n);
}

static void json_str_member(struct buf *b, const char *key, const char *val, bool comma)
{
	json_key(b, key);
	text_escape_jsons(b, val ? val : "");
	if (comma)
		buf_addc(b, ',');
}

static const char *quote_label(struct site *s, enum lang l, const struct price *p)
{
	const char *kind = tr(s, l, !strcmp(p->kind, "spot") ? "price.spot"
				     : !strcmp(p->kind, "reserved") ? "price.reserved"
				     : "price.on_demand");
	const char *provider = *p->provider ? p->provider : tr(s, l, "quote.no_provider");
	struct page_ctx k = kit(s, l);
	return pg_fill(&k, "calc.quote_label", "kind", kind, "provider", provider,
		       "source", site_title_marked(&s->arena, &s->in.i18n, l,
						   source_title(s, l, p->source)), NULL);
}

/* Whether the calculator lists quote i of GPU g: a current one (not
 * superseded by a later dated quote), and not the same per-card price of
 * the same kind, provider and source as an earlier one (a quote for four
 * cards at $1.89 each is the one-card quote's row again: the calculator
 * prices the cards the model needs at the per-card price). */
static bool quote_listed(const struct data *d, size_t i)
{
	const struct price *p = &d->prices[i];
	if (p->superseded)
		return false;
	for (size_t j = 0; j < i; j++) {
		const struct price *q = &d->prices[j];
		if (q->gpu == p->gpu && !q->superseded && q->usd_per_hour == p->usd_per_hour &&
		    !strcmp(q->kind, p->kind) && !strcmp(q->provider, p->provider) &&
		    !strcmp(q->source, p->source))
			return false;
	}
	return true;
}

static void json_gpus(struct site *s, enum lang l, struct buf *b)
{
	const struct data *d = &s->in.data;
	struct page_ctx k = pg_planning(s, l, "calculator/", NULL);
	buf_adds(b, "\"gpus\":[");
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct gpu *gp = &d->gpus[g];
		buf_adds(b, g ? ",{" : "{");
		json_str_member(b, "id", gp->id, true);
		json_str_member(b, "name", gp->name, true);
		json_str_member(b, "href", pg_href_to(&k, pg_gpu_path(&k, g)), true);
		json_key(b, "vram");
		if (gp->vram_gb.ok)
			json_num(b, gp->vram_gb.v);
		else
			buf_adds(b, "null");
		buf_adds(b, ",\"quotes\":[");
		bool first = true;
		for (size_t i = 0; i < d->nprices; i++) {
			const struct price *p = &d->prices[i];
			if (p->gpu != g || !quote_listed(d, i))
				continue;
			buf_adds(b, first ? "{" : ",{");
			first = false;
			json_key(b, "usd");
			json_num(b, p->usd_per_hour);
			buf_addc(b, ',');
			json_str_member(b, "label", quote_label(s, l, p), false);
			buf_addc(b, '}');
		}
		buf_adds(b, "]}");
	}
	buf_addc(b, ']');
}

static const char *hours_text(struct site *s, enum lang l, const struct task_cost *c)
{
	struct page_ctx p = kit(s, l);
	return pg_hours_range_words(&p, c);
}

static const char *cost_text(struct site *s, enum lang l, const struct task_cost *c)
{
	struct page_ctx p = kit(s, l);
	if (!figure_ok(c->cost)) /* as the job's page words it: "no data (…)" */
		return pg_nodata_text(&p, c->cost.missing ? c->cost.missing : "why.no_price");
	return pg_cost_words(&p, c);
}

static void json_task_rows(struct site *s, enum lang l, size_t t, struct buf *b)
{
	const struct data *d = &s->in.data;
	buf_adds(b, "\"rows\":[");
	bool first = true;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, &s->in.metrics, t, g);
		if (!c || c->time_row < 0)
			continue;
		buf_adds(b, first ? "{" : ",{");
		first = false;
		json_key(b, "gpu");
		json_num(b, (double)g);
		buf_adds(b, ",\"cards\":");
		json_num(b, c->gpu_count);
		buf_addc(b, ',');
		json_str_member(b, "time", hours_text(s, l, c), true);
		json_str_member(b, "cost", cost_text(s, l, c), true);
		/* a missing cost is a no-data cell, as the job's page draws it */
		buf_adds(b, figure_ok(c->cost) ? "\"nodata\":false," : "\"nodata\":true,");
		/* the quote as the job's page words it: its price first (a
		 * script's data, no page's figures: no ledger marks) */
		struct page_ctx k = kit(s, l);
		k.marks = NULL;
		json_str_member(b, "quote", c->quote_row >= 0
				? pg_quote_text(&k, c->quote_row, c->choice, QUOTE_FOR_TIME) : "",
				true);
		/* the time's note, as the job's page gives it ("The source says
		 * only “A100”") */
		json_str_member(b, "note", pg_row_note(&k, TABLE_TASK_TIMES,
						       d->task_times[c->time_row].row), false);
		buf_addc(b, '}');
	}
	buf_addc(b, ']');
}

static void json_tasks(struct site *s, enum lang l, struct buf *b)
{
	const struct data *d = &s->in.data;
	struct page_ctx pk = pg_planning(s, l, "calculator/", NULL);
	buf_adds(b, "\"tasks\":[");
	bool first = true;
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task *k = &d->tasks[t];
		if (!k->params_b.ok || !*k->job)
			continue;
		buf_adds(b, first ? "{" : ",{");
		first = false;
		json_str_member(b, "name", l == LANG_ZH ? k->name_zh : k->name_en, true);
		json_str_member(b, "href", pg_href_to(&pk, pg_task_path(&pk, t)), true);
		json_key(b, "params");
		json_num(b, k->params_b.v);
		buf_addc(b, ',');
		json_str_member(b, "job", k->job, true);
		/* "" where the source gives none: the job matches every precision */
		json_str_member(b, "precision", k->precision, true);
		json_task_rows(s, l, t, b);
		buf_addc(b, '}');
	}
	buf_addc(b, ']');
}

/* Each job's memory per billion parameters at each precision, part by
 * part (metrics_job_memory at 1B: the parts are linear in parameters, so
 * the script multiplies), and what it leaves out. */
static void json_jobs(struct site *s, enum lang l, struct buf *b)
{
	const struct data *d = &s->in.data;
	for (size_t j = 0; schema_jobs[j]; j++) {
		buf_adds(b, j ? ",{" : "{");
		json_str_member(b, "id", schema_jobs[j], true);
		struct job_memory any = metrics_job_memory(d, 1, "fp16", schema_jobs[j]);
		json_str_member(b, "not_counted", any.not_counted ? tr(s, l, any.not_counted) : "",
				true);
		buf_adds(b, any.at_precision ? "\"at_precision\":true," : "\"at_precision\":false,");
		buf_adds(b, "\"bytes\":{");
		for (size_t i = 0; schema_precisions[i]; i++) {
			struct job_memory m = metrics_job_memory(d, 1, schema_precisions[i],
								 schema_jobs[j]);
			if (i)
				buf_addc(b, ',');
			json_key(b, schema_precisions[i]);
			buf_adds(b, "{\"weights\":");
			json_num(b, m.weights.value);
			buf_adds(b, ",\"gradients\":");
			json_num(b, m.gradients.value);
			buf_adds(b, ",\"optimizer\":");
			json_num(b, m.optimizer.value);
			buf_addc(b, '}');
		}
		buf_adds(b, "}}");
	}
}

void calculator_json(struct site *s, enum lang l, struct buf *b)
{
	const struct data *d = &s->in.data;
	buf_adds(b, "{\"hours_per_month\":");
	json_num(b, METRICS_HOURS_PER_MONTH);
	buf_adds(b, ",\"params_min\":");
	json_num(b, CALC_PARAMS_MIN);
	buf_adds(b, ",\"params_max\":");
	json_num(b, CALC_PARAMS_MAX);
	buf_adds(b, ",\"precisions\":[");
	for (size_t i = 0; schema_precisions[i]; i++) {
		buf_adds(b, i ? ",{" : "{");
		json_str_member(b, "id", schema_precisions[i], true);
		json_str_member(b, "label", precision_label(s, l, schema_precisions[i]), true);
		json_key(b, "bytes");
		json_num(b, metric_bytes_per_param(schema_precisions[i]));
		buf_addc(b, '}');
	}
	buf_adds(b, "],\"headroom\":");
	json_num(b, METRICS_FIT_HEADROOM);
	buf_adds(b, ",\"jobs\":[");
	json_jobs(s, l, b);
	buf_adds(b, "],\"rules\":[");
	for (size_t i = 0; i < d->nvram; i++) {
		const struct vram_rule *v = &d->vram[i];
		buf_adds(b, i ? ",{" : "{");
		json_key(b, "params");
		json_num(b, v->params_b);
		buf_addc(b, ',');
		json_str_member(b, "precision", v->precision, true);
		json_str_member(b, "label", precision_label(s, l, v->precision), true);
		json_key(b, "gb");
		json_num(b, v->gb);
		buf_addc(b, ',');
		json_str_member(b, "source", source_title(s, l, v->source), true);
		json_str_member(b, "note", rule_note(s, l, v->row), false);
		buf_addc(b, '}');
	}
	buf_adds(b, "],");
	json_gpus(s, l, b);
	buf_addc(b, ',');
	json_tasks(s, l, b);
	buf_adds(b, "}\n");
}

int calculator_write(struct site *s, struct output *out)
{
	struct buf b = BUF_INIT;
	int rc = 0;
	for (int i = 0; i < LANG_COUNT && rc == 0; i++) {
		enum lang l = (enum lang)i;
		buf_reset(&b);
		calculator_json(s, l, &b);
		rc = output_add(out, arena_printf(&s->arena, "%s/calculator/data.json",
						  lang_code(l)), b.ptr, b.len);
	}
	buf_release(&b);
	return rc;
}
