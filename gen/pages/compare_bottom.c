/* compare_bottom: the bottom line of a comparison page (see
 * compare_bottom.h). */
#include "pages/compare_bottom.h"

#include "base/buf.h"
#include "model/compare.h"
#include "model/data.h"
#include "model/findings.h"
#include "model/metrics.h"
#include "view/guide_tables.h"
#include "view/guide_ledger.h"
#include "view/present.h"
#include "view/site.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* How often each of two GPUs wins a kind of comparison: a and b the wins
 * of ga and gb, n how many pairs were judged (about the same counts in n
 * only). */
struct tally {
	size_t a, b, n;
	size_t questioned; /* jobs of n whose time data health questions */
	size_t unlike;     /* pairs measured unlike: not judged, not in n */
};

static void tally_add(struct tally *t, const struct cmp_pair *cp)
{
	struct cmp_judgement j = cmp_judge(cp);
	if (j.verdict == CMP_UNLIKE) {
		t->unlike++;
		return;
	}
	t->n++;
	if (j.verdict != CMP_SAME)
		*(j.first == &cp->a ? &t->a : &t->b) += 1;
}

/* Wins on the benchmarks of speed (cmp_is_speed: an efficiency is not)
 * both GPUs were measured on alike, their results as the table and the
 * sentence print them (two that print alike: about the same). */
static struct tally speed_tally(const struct page_ctx *p, size_t ga, size_t gb)
{
	const struct data *d = &p->in->data;
	struct tally t = { 0 };
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		long ra = data_result_row(d, b, ga), rb = data_result_row(d, b, gb);
		if (ra < 0 || rb < 0)
			continue;
		const struct result *xa = &d->results[ra], *xb = &d->results[rb];
		const struct benchmark *bm = &d->benchmarks[b];
		enum cmp_quantity q = cmp_quantity_of_kind(bm->kind, bm->higher_is_better);
		if (!cmp_is_speed(q))
			continue;
		const char *unit = pg_bench_unit_key(p, bm);
		tally_add(&t, &(struct cmp_pair){
			.q = q,
			.same_conditions = metrics_same_conditions(d, xa, xb),
			.a = { "", xa->value, pg_fmt_unit(p, xa->value, unit), NULL },
			.b = { "", xb->value, pg_fmt_unit(p, xb->value, unit), NULL } });
	}
	return t;
}

/* Whether data health questions the time of job k on GPU ga or gb. */
static bool time_questioned(const struct metrics *m, size_t k, size_t ga, size_t gb)
{
	return findings_time_questioned(m, k, ga) || findings_time_questioned(m, k, gb);
}

/* Wins on the jobs priced on both GPUs (`costs`), their costs compared as
 * the job table marks the cheaper and the ledger's "cheaper" takes it
 * (metrics_cheaper: as they print; a range end to end), or on the jobs
 * timed on both, their times as it marks the quicker (metrics_quicker). */
static struct tally job_tally(const struct page_ctx *p, size_t ga, size_t gb, bool costs)
{
	const struct data *d = &p->in->data;
	struct tally t = { 0 };
	for (size_t k = 0; k < d->ntasks; k++) {
		const struct task_cost *ca = metrics_task_cost(d, &p->in->metrics, k, ga);
		const struct task_cost *cb = metrics_task_cost(d, &p->in->metrics, k, gb);
		if (!ca || !cb || !figure_ok(costs ? ca->cost : ca->hours) ||
		    !figure_ok(costs ? cb->cost : cb->hours))
			continue;
		int w = costs ? metrics_cheaper(ca, cb) : metrics_quicker(ca, cb);
		t.n++;
		t.questioned += time_questioned(&p->in->metrics, k, ga, gb);
		t.a += w > 0;
		t.b += w < 0;
	}
	return t;
}

/* "For speed, pick H100 80GB: it is faster on 7 of the 8 benchmarks both
 * were measured on alike." (`what` "speed" or "cost"), "" when nothing was
 * judged. */
static const char *tally_sentence(const struct page_ctx *p, const char *what,
				  const struct tally *t, const char *na, const char *nb)
{
	if (!t->n)
		return "";
	const char *w = t->a > t->b ? na : nb;
	size_t wins = t->a > t->b ? t->a : t->b;
	const char *how = t->a == t->b ? (t->a ? "tie" : "same")
				       : wins == t->n ? "all" : "pick";
	const char *key = arena_printf(pg_arena(p), "cmp.bl.%s_%s", what, how);
	/* "all" and "same" may speak of one benchmark or job: a count's form */
	if (!strcmp(how, "all") || !strcmp(how, "same"))
		key = i18n_count_key(pg_arena(p), key, t->n);
	/* the benchmarks measured unlike, left out: counted in a clause */
	const char *left = !t->unlike ? ""
		: pg_fill(p, i18n_count_key(pg_arena(p), "cmp.bl.unlike_left", t->unlike),
			  "n", pg_fmt_number(p, (double)t->unlike), NULL);
	return pg_fill(p, key, "w", w, "a", na, "b", nb,
		       "n", pg_fmt_number(p, (double)wins),
		       "m", pg_fmt_number(p, (double)t->n), "left", left, NULL);
}

/* The use cases (use_cases.csv) that name GPU g, by the role they name it
 * in ("the budget pick for Fine-tuning and Research, and the recommended
 * card for Inference": a budget or fastest pick is not a recommendation),
 * or "". */
static const char *picked_for(const struct page_ctx *p, size_t g)
{
	static const char *const clause[3] = { "cmp.bl.role.budget", "cmp.bl.role.recommended",
					       "cmp.bl.role.fastest" };
	const struct data *d = &p->in->data;
	const char **uses = arena_alloc(pg_arena(p), (d->nuse_cases + 1) * sizeof *uses);
	const char *roles[3];
	size_t nroles = 0;
	for (int role = 0; role < 3; role++) {
		size_t n = 0;
		for (size_t u = 0; u < d->nuse_cases; u++)
			if (guide_use_case_names(&d->use_cases[u], role, g)) /* as the data
									  * writes them */
				uses[n++] = pg_pick_lang(p, d->use_cases[u].name_en,
							 d->use_cases[u].name_zh);
		if (!n)
			continue;
		roles[nroles++] = pg_fill(p, clause[role], "uses",
					  i18n_list(&p->in->i18n, p->l, pg_arena(p), uses, n), NULL);
	}
	/* one 把 sentence in Chinese: "……的预算之选、……的推荐之选，以及……" */
	struct buf b = BUF_INIT;
	i18n_add_joined(&p->in->i18n, p->l, &b, roles, nroles, "cmp.bl.role_sep",
			"cmp.bl.role_last", NULL);
	return pg_keep(p, &b);
}

const char *compare_bottom_line(const struct page_ctx *p, size_t ga, size_t gb)
{
	const struct gpu *x = &p->in->data.gpus[ga], *y = &p->in->data.gpus[gb];
	struct tally sp = speed_tally(p, ga, gb), co = job_tally(p, ga, gb, true);
	/* jobs timed on both but priced on one at most: their times, as the
	 * page's table of times sets them side by side */
	bool times = !co.n;
	if (times)
		co = job_tally(p, ga, gb, false);
	const char *parts[4];
	size_t n = 0;
	if (!sp.n && !co.n)
		parts[n++] = pg_fill(p, "cmp.bl.undecided", "a", x->name, "b", y->name, NULL);
	const char *s = tally_sentence(p, "speed", &sp, x->name, y->name);
	if (*s)
		parts[n++] = s;
	s = tally_sentence(p, times ? "time" : "cost", &co, x->name, y->name);
	if (*s)
		parts[n++] = s;
	/* a verdict on cost or time that rests on times the data-health
	 * page questions says so, before anything else is added */
	if (*s && co.questioned && n < 3)
		parts[n++] = pg_fill(p, co.questioned == co.n && co.n > 1
				     ? "cmp.bl.cost_questioned_all" /* "all 5" */
				     : i18n_count_key(pg_arena(p), "cmp.bl.cost_questioned",
						      co.questioned),
				     "n", pg_fmt_number(p, (double)co.questioned), NULL);
	struct figure va = pg_spec_figure(x, GPU_COL_VRAM), vb = pg_spec_figure(y, GPU_COL_VRAM);
	if (n < 3 && figure_ok(va) && figure_ok(vb) && va.value != vb.value) {
		bool ab = va.value > vb.value;
		guide_ledger_show_spec(p, ga, GPU_COL_VRAM);
		guide_ledger_show_spec(p, gb, GPU_COL_VRAM);
		parts[n++] = pg_fill(p, "cmp.bl.memory", "w", ab ? x->name : y->name,
				     "va", pg_fmt_spec(p, GPU_COL_VRAM, ab ? va.value : vb.value),
				     "vb", pg_fmt_spec(p, GPU_COL_VRAM, ab ? vb.value : va.value), NULL);
	}
	/* what the sources recommend each card for: for both cards or for
	 * neither, never one alone (a reader would take the other for one
	 * no source recommends) */
	const char *roles[2] = { picked_for(p, ga), picked_for(p, gb) };
	size_t nroles = (*roles[0] != '\0') + (*roles[1] != '\0');
	bool room = n + nroles <= 3; /* decided once: both sentences or none */
	for (int i = 0; i < 2 && room; i++)
		if (*roles[i])
			parts[n++] = pg_fill(p, "cmp.bl.picked", "g", (i ? y : x)->name,
					     "roles", roles[i], NULL);
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		/* sentences follow one another with a space in English only */
		if (i && p->l != LANG_ZH)
			buf_addc(&b, ' ');
		buf_adds(&b, parts[i]);
	}
	return pg_keep(p, &b);
}

/* ---- the evidence's sentences ---- */

/* What a result was measured under: its stated conditions, else its batch
 * size ("batch size 4"), "" when the source states neither. */
static const char *result_conditions(const struct page_ctx *p, const struct result *x)
{
	const char *cond = pg_result_conditions(p, x);
	if (*cond || !x->batch_size)
		return cond;
	return pg_fill(p, "cmp.batch", "n", pg_fmt_number(p, x->batch_size), NULL);
}

struct cmp_pair compare_bench_pair(const struct page_ctx *p, const struct benchmark *bm,
				   const struct result *xa, const struct result *xb, bool same)
{
	const struct data *d = &p->in->data;
	const char *unit = pg_bench_unit_key(p, bm);
	struct cmp_pair cp = {
		.q = cmp_quantity_of_kind(bm->kind, bm->higher_is_better),
		.what = pg_bench_name(p, bm),
		.a = { d->gpus[xa->gpu].name, xa->value, pg_fmt_unit(p, xa->value, unit),
		       result_conditions(p, xa) },
		.b = { d->gpus[xb->gpu].name, xb->value, pg_fmt_unit(p, xb->value, unit),
		       result_conditions(p, xb) },
		.same_conditions = same,
	};
	return cp;
}

static bool on_one_card(struct figure n)
{
	return figure_ok(n) && n.value <= 1;
}

const char *compare_fit_key(struct figure na, struct figure nb, bool *swap)
{
	*swap = on_one_card(nb) && !on_one_card(na);
	return on_one_card(na) || on_one_card(nb) ? "cmp.fit_one_card" : "cmp.fit_cards";
}

const char *compare_fit_sentence(const struct page_ctx *p, const struct benchmark *bm,
				 size_t ga, size_t gb)
{
	const struct data *d = &p->in->data;
	if (!bm->params_b.ok || !metrics_is_inference(bm))
		return "";
	long rule;
	struct figure need = metrics_model_vram(d, bm->params_b.v,
						METRICS_DEFAULT_PRECISION, &rule);
	struct card_fit fa = metric_fit(need, pg_spec_figure(&d->gpus[ga], GPU_COL_VRAM));
	struct card_fit fb = metric_fit(need, pg_spec_figure(&d->gpus[gb], GPU_COL_VRAM));
	struct figure na = fa.cards, nb = fb.cards;
	if ((!figure_ok(na) || na.value <= 1) && (!figure_ok(nb) || nb.value <= 1))
		return "";
	guide_ledger_show_fit(p, bm->params_b.v, METRICS_DEFAULT_PRECISION, ga);
	guide_ledger_show_fit(p, bm->params_b.v, METRICS_DEFAULT_PRECISION, gb);
	const char *cards_a = figure_ok(na) ? pg_fmt_number(p, na.value) : pg_tr(p, "no_data");
	const char *cards_b = figure_ok(nb) ? pg_fmt_number(p, nb.value) : pg_tr(p, "no_data");
	const char *name_a = d->gpus[ga].name, *name_b = d->gpus[gb].name;
	bool swap;
	const char *key = compare_fit_key(na, nb, &swap);
	const char *fit = pg_fill(p, key, "params", pg_fmt_number(p, bm->params_b.v),
				  "need", pg_fmt_unit(p, need.value, "unit.gb"),
				  "precision", pg_upper(p, METRICS_DEFAULT_PRECISION),
				  "a", swap ? name_b : name_a, "na", swap ? cards_b : cards_a,
				  "b", swap ? name_a : name_b, "nb", swap ? cards_a : cards_b, NULL);
	/* cards that hold the weights with less than the headroom left, as
	 * the inference table marks them "tight" */
	const char *tight[2];
	size_t nt = 0;
	if (figure_ok(na) && fa.tight)
		tight[nt++] = name_a;
	if (figure_ok(nb) && fb.tight)
		tight[nt++] = name_b;
	if (!nt)
		return fit;
	return arena_printf(pg_arena(p), "%s%s%s", fit, pg_tr(p, "punct.gap"),
			    pg_fill(p, "cmp.fit_tight", "gpus",
				    i18n_list(&p->in->i18n, p->l, pg_arena(p), tight, nt),
				    "headroom", pg_fmt_percent(p, METRICS_FIT_HEADROOM * 100), NULL));
}

const char *compare_cost_sentence(const struct page_ctx *p, size_t t,
				  const struct task_cost *xa, const struct task_cost *xb,
				  int *winner, bool *judged, struct cmp_pair *pair)
{
	const char *task = pg_task_name(p, t);
	const char *na = p->in->data.gpus[xa->gpu].name, *nb = p->in->data.gpus[xb->gpu].name;
	int w = *winner = metrics_cheaper(xa, xb); /* as the job table marks it */
	*judged = false;
	if (figure_ok(xa->cost_max) || figure_ok(xb->cost_max)) {
		if (!w)
			return pg_fill(p, "cmp.cost_ranges", "a", na, "b", nb, "task", task,
				       "ca", pg_cost_text(p, xa), "cb", pg_cost_text(p, xb), NULL);
		const struct task_cost *less = w > 0 ? xa : xb, *more = w > 0 ? xb : xa;
		return pg_fill(p, "cmp.cost_ranges_less", "task", task,
			       "w", w > 0 ? na : nb, "cw", pg_cost_text(p, less),
			       "l", w > 0 ? nb : na, "cl", pg_cost_text(p, more), NULL);
	}
	*pair = (struct cmp_pair){
		.q = CMP_COST, .what = task, .same_conditions = true,
		.a = { na, xa->cost.value, pg_cost_words(p, xa), NULL },
		.b = { nb, xb->cost.value, pg_cost_words(p, xb), NULL },
	};
	*judged = true;
	return pg_comparison(p, pair);
}
