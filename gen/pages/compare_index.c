/* compare_index: which comparisons lead, and the comparison index (see
 * compare_index.h). */
#include "pages/compare_index.h"

#include "base/arena.h"
#include "base/buf.h"
#include "model/data.h"
#include "model/metrics.h"
#include "pages/compare_bottom.h"
#include "template/value.h"
#include "view/gpu_specs.h"
#include "view/present.h"
#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* How much two GPUs can be compared: benchmarks with both results plus
 * tasks with both costs. */
static size_t pair_richness(const struct site_inputs *in, size_t ga, size_t gb)
{
	const struct data *d = &in->data;
	size_t n = 0;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		n += figure_ok(metrics_result(d, b, ga)) && figure_ok(metrics_result(d, b, gb));
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(d, &in->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(d, &in->metrics, t, gb);
		n += ca && cb && figure_ok(ca->cost) && figure_ok(cb->cost);
	}
	return n;
}

/* A pair of GPUs, the lower index first. */
struct pair_pick {
	size_t a, b, richness;
	bool asked; /* named together by a use-case recommendation */
};

static bool pair_listed(const struct pair_pick *v, size_t n, size_t a, size_t b)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].a == a && v[i].b == b)
			return true;
	return false;
}

static void pair_push(const struct site_inputs *in, struct pair_pick *v, size_t *n, size_t cap,
		      long x, long y, bool asked)
{
	if (x < 0 || y < 0 || x == y || *n >= cap)
		return;
	size_t a = (size_t)(x < y ? x : y), b = (size_t)(x < y ? y : x);
	if (pair_listed(v, *n, a, b))
		return;
	v[(*n)++] = (struct pair_pick){ a, b, pair_richness(in, a, b), asked };
}

/* Pairs buyers ask about first: those a use-case recommendation names
 * together (its budget, recommended and fastest cards), richest in shared
 * figures first; then the richest other pairs; COMPARE_HEADLINES in all,
 * each with a figure in common. */
static size_t headline_picks(const struct site_inputs *in, struct arena *a,
			     struct pair_pick *out)
{
	const struct data *d = &in->data;
	size_t cap = d->nuse_cases * 3 + d->ngpus * d->ngpus + 1, n = 0;
	struct pair_pick *v = arena_alloc(a, cap * sizeof *v);
	for (size_t u = 0; u < d->nuse_cases; u++) {
		const struct use_case *uc = &d->use_cases[u];
		pair_push(in, v, &n, cap, uc->budget, uc->recommended, true);
		pair_push(in, v, &n, cap, uc->recommended, uc->fastest, true);
		pair_push(in, v, &n, cap, uc->budget, uc->fastest, true);
	}
	for (size_t x = 0; x < d->ngpus; x++)
		for (size_t y = x + 1; y < d->ngpus; y++)
			pair_push(in, v, &n, cap, (long)x, (long)y, false);
	/* asked first, then richer; stable, so data order among equals */
	for (size_t i = 1; i < n; i++) {
		struct pair_pick t = v[i];
		size_t j = i;
		while (j > 0 && (t.asked > v[j - 1].asked ||
				 (t.asked == v[j - 1].asked && t.richness > v[j - 1].richness))) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = t;
	}
	size_t k = 0;
	for (size_t i = 0; i < n && k < COMPARE_HEADLINES; i++)
		if (v[i].richness)
			out[k++] = v[i];
	return k;
}

size_t compare_index_headline_pairs(const struct page_ctx *p, size_t pairs[][2])
{
	struct pair_pick best[COMPARE_HEADLINES];
	size_t n = headline_picks(p->in, p->arena, best);
	for (size_t i = 0; i < n; i++) {
		pairs[i][0] = best[i].a;
		pairs[i][1] = best[i].b;
	}
	return n;
}

/* The headline pairs (headline_picks), each {title, href, summary}: the
 * summary is the pair's bottom line. */
static struct value *headline_pairs(const struct page_ctx *p)
{
	struct arena *a = pg_arena(p);
	struct pair_pick best[COMPARE_HEADLINES];
	size_t n = headline_picks(p->in, p->arena, best);
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < n; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "title", pg_pair_title(p, best[i].a, best[i].b));
		value_map_set_str(a, m, "href", pg_href_to(p, pg_pair_path(p, best[i].a, best[i].b)));
		value_map_set_str(a, m, "summary", compare_bottom_line(p, best[i].a, best[i].b));
		value_list_push(a, list, m);
	}
	return list;
}

void compare_index_plan(struct site *s, enum lang l)
{
	struct page_ctx pp = pg_planning(s, l, "compare/", NULL), *p = &pp;
	struct arena *a = &s->arena;
	struct value *groups = value_new_list(a);
	for (size_t x = 0; x + 1 < s->in.data.ngpus; x++) {
		struct value *grp = pg_gpu_link(p, x), *pairs = value_new_list(a);
		for (size_t y = x + 1; y < s->in.data.ngpus; y++) {
			struct value *m = value_new_map(a);
			value_map_set_str(a, m, "title", pg_pair_title(p, x, y));
			value_map_set_str(a, m, "href", pg_href_to(p, pg_pair_path(p, x, y)));
			size_t rich = pair_richness(&s->in, x, y);
			value_map_set_num(a, m, "richness", (double)rich);
			value_map_set_bool(a, m, "shared", rich > 0);
			value_list_push(a, pairs, m);
		}
		value_map_set(a, grp, "pairs", pairs);
		value_list_push(a, groups, grp);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "groups", groups);
	/* how complete each card's data is: what a comparison can rest on */
	struct value *cards = value_new_list(a);
	for (size_t g = 0; g < s->in.data.ngpus; g++) {
		struct value *c = pg_gpu_link(p, g);
		value_map_set_str(a, c, "complete", gpu_specs_completeness(p, g));
		value_list_push(a, cards, c);
	}
	value_map_set(a, ctx, "cards", cards);
	struct value *heads = headline_pairs(p);
	value_map_set(a, ctx, "headlines", heads);
	value_map_set_bool(a, ctx, "has_headlines", value_list_len(heads) > 0);
	pg_add_page(s, p, "pages/compare-index", pg_tr(p, "cmp.index_title"),
		 pg_tr(p, "cmp.index_desc"), "compare", ctx, pg_crumbs_for(p, NULL, NULL));
}

struct value *compare_index_headlines(const struct page_ctx *p)
{
	return headline_pairs(p);
}
