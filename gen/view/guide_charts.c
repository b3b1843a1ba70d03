/* guide_charts: the guide's data mapped onto the generic charts of chart.h.
 *
 * A render goes: check the request (name, arguments, ids) -> pick the chart's
 * ids (standalone and inline) -> build (the chart's family: texts from i18n,
 * chart inputs, the data table, the SVG drawn once per id; guide_charts_speed,
 * guide_charts_cost, guide_charts_hardware over guide_charts_common) -> append
 * the <figure> and keep the standalone SVG for guide_charts_write. Scratch
 * strings of one render live in a local arena freed at its end; what the
 * module keeps is malloc'd and freed by guide_charts_free. */
#include "view/guide_charts.h"

#include "view/guide_charts_cost.h"
#include "view/guide_charts_hardware.h"
#include "view/guide_charts_common.h"
#include "view/guide_charts_speed.h"
#include "view/guide_ledger.h"

#include "base/arena.h"
#include "base/buf.h"
#include "chart/chart.h"
#include "model/data.h"
#include "model/ledger.h"
#include "base/diag.h"
#include "publish/output.h"
#include "view/site.h"
#include "base/strmap.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <pthread.h>

#include <stdlib.h>
#include <string.h>

/* ---- what the module keeps in s->charts ---- */

struct chart_file {
	enum lang lang;
	char *id;
	char *svg; /* a whole standalone document */
	size_t len;
};

/* A figure's digest (figure_key), when its drawings have a key. */
struct figure_digest {
	struct digest_value key;
	bool known;
};

/* A figure drawn once (while planning or rendering), up to its caption's link. */
struct drawn_figure {
	struct buf html;
	struct figure_digest digest;
	bool no_figure; /* its chart has none (struct gc) */
	struct ledger_sink marks; /* the ledger figures it prints */
};

/* What the module keeps: the standalone files (in the order first drawn),
 * which ids have one, and how often each chart id is placed on each page (to
 * make inline ids unique on a page). Pages render on several threads at
 * once: `lock` guards all of it. */
struct guide_charts {
	pthread_mutex_t lock;
	struct chart_file *files;
	size_t nfiles, cap_files;
	struct strmap file_ids; /* "lang/id" -> index into claims */
	struct strmap uses;     /* "lang/page/id" -> times placed */
	struct output *out;     /* while pages render: where files go */
	/* what each standalone file shows, so that two different charts whose
	 * ids come out the same (gpu=aa-bb other=cc and gpu=aa other=bb-cc)
	 * are an error rather than one file for both */
	char **claims;
	size_t nclaims, cap_claims;
	/* Figures drawn before, to place again without drawing: the report
	 * shows the charts of the guide's pages and its headline pairs, which
	 * the home page and the comparison pages show too. Each is kept up to
	 * its caption's link, the one part that depends on the page; by
	 * drawn_key; by whichever page draws it first (drawn_keep), while
	 * planning always, while rendering up to DRAWN_KEPT_MAX bytes in all
	 * (comparison charts grow as G^2: past it, a figure shown again is
	 * drawn again). */
	struct strmap drawn;       /* drawn_key -> index + 1 into figures */
	struct drawn_figure *figures;
	size_t nfigures, cap_figures;
	size_t kept_bytes;
	/* the build's arena: a page context over it is planning (present.h,
	 * pg_planning), one over another renders */
	const struct arena *plan_arena;
};

void guide_charts_init(struct site *s)
{
	if (s->charts)
		return;
	struct guide_charts *g = xcalloc(1, sizeof *g);
	pthread_mutex_init(&g->lock, NULL);
	g->plan_arena = &s->arena;
	s->charts = g;
}

/* The start of a standalone file: a render draws its first SVG after it
 * (struct gc), so the file is written from the drawing without a copy. */
static const char xml_decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
#define XML_DECL_LEN (sizeof xml_decl - 1)

/* True the first time a chart (language and id) is seen. `what` says
 * which chart it is (chart_claim); a chart seen before under the same id
 * but showing something else sets *other to what that one showed (a copy
 * to free), and is not a first sight. */
static bool first_sight(struct guide_charts *g, enum lang l, const char *id,
			const char *what, char **other)
{
	struct buf key = BUF_INIT;
	buf_addf(&key, "%s/%s", lang_code(l), id);
	bool created;
	*other = NULL;
	pthread_mutex_lock(&g->lock);
	size_t *slot = strmap_slot(&g->file_ids, key.ptr, &created);
	if (created) {
		*slot = g->nclaims;
		ALLOC_GROW(g->claims, g->nclaims, g->cap_claims);
		g->claims[g->nclaims++] = xstrdup(what);
	} else if (strcmp(g->claims[*slot], what)) {
		*other = xstrdup(g->claims[*slot]);
	}
	pthread_mutex_unlock(&g->lock);
	buf_release(&key);
	return created;
}

/* Keep a standalone file for guide_charts_write (charts drawn while the
 * pages are planned, before there is an output to write to). */
static void keep_file(struct guide_charts *g, enum lang l, const char *id,
		      const struct buf *doc)
{
	char *copy = xmalloc(doc->len + 1);
	memcpy(copy, doc->ptr, doc->len + 1);
	pthread_mutex_lock(&g->lock);
	ALLOC_GROW(g->files, g->nfiles, g->cap_files);
	struct chart_file *f = &g->files[g->nfiles++];
	f->lang = l;
	f->id = xstrdup(id);
	f->svg = copy;
	f->len = doc->len;
	pthread_mutex_unlock(&g->lock);
}

/* Whether the chart `id` of language l is seen here for the first time
 * (its file is then this page's to place), under `what` (chart_claim): 1,
 * 0, or -1 when another chart had that id first (reported). */
static int claim_file(const struct page_ctx *pc, struct guide_charts *g, enum lang l,
		      const char *id, const char *what)
{
	char *other;
	bool first = first_sight(g, l, id, what, &other);
	if (other) {
		/* in a fixed order: which one rendered first depends on threads */
		bool swap = strcmp(other, what) > 0;
		diag_error(pc->diag, NULL, 0, 0,
			   "two charts would be the same file charts/%s/%s.svg: %s, and %s; rename one of the ids",
			   lang_code(l), id, swap ? what : other, swap ? other : what);
		free(other);
		return -1;
	}
	return first;
}

/* Write or keep the standalone file of a chart: while pages render it
 * goes straight to the output (thousands of comparison charts need not
 * wait in memory). `doc` is the XML declaration and the SVG (svg[0] of a
 * render): the file is that and a newline, added here and taken off
 * again. */
static int write_file(const struct page_ctx *pc, struct guide_charts *g, enum lang l,
		      const char *id, struct buf *doc)
{
	int rc = 0;
	buf_addc(doc, '\n');
	if (!g->out) {
		keep_file(g, l, id, doc);
	} else {
		struct buf rel = BUF_INIT;
		buf_addf(&rel, "charts/%s/%s.svg", lang_code(l), id);
		rc = output_add_to(g->out, rel.ptr, doc->ptr, doc->len, pc->diag);
		buf_release(&rel);
	}
	buf_truncate(doc, doc->len - 1);
	return rc;
}

/* The standalone file of a chart drawn: written when it is seen for the
 * first time (a check writes nothing). */
static int place_file(const struct page_ctx *pc, struct guide_charts *g, enum lang l,
		      const char *id, const char *what, struct buf *doc)
{
	int first = claim_file(pc, g, l, id, what);
	if (first < 0)
		return -1;
	return pc->in->opt.write && first ? write_file(pc, g, l, id, doc) : 0;
}

/* How many times the chart `id` is already on the page, then count this one. */
static size_t count_use(struct guide_charts *g, enum lang l, const char *page,
			const char *id)
{
	struct buf key = BUF_INIT;
	buf_addf(&key, "%s/%s/%s", lang_code(l), page, id);
	size_t *n = strmap_slot(&g->uses, key.ptr, NULL);
	buf_release(&key);
	return (*n)++;
}

/* ---- the charts and their arguments ---- */

enum chart_kind {
	KIND_RELATIVE_SPEED,
	KIND_TASK_COST,
	KIND_TASK_HOURS,
	KIND_PRICE_SPEED,
	KIND_VRAM_FIT,
	KIND_SPEC,
	KIND_GPU,
	KIND_PAIR,
};

enum { ARG_TASK = 1, ARG_FIELD = 2, ARG_GPU = 4, ARG_OTHER = 8 };

static const struct {
	const char *name;
	enum chart_kind kind;
	unsigned args; /* ARG_* the chart needs (and the only ones it takes) */
} kinds[] = {
	{ "relative-speed", KIND_RELATIVE_SPEED, 0 },
	{ "task-cost", KIND_TASK_COST, ARG_TASK },
	{ "task-hours", KIND_TASK_HOURS, ARG_TASK },
	{ "price-vs-speed", KIND_PRICE_SPEED, 0 },
	{ "vram-fit", KIND_VRAM_FIT, 0 },
	{ "spec", KIND_SPEC, ARG_FIELD },
	{ "gpu", KIND_GPU, ARG_GPU },
	{ "pair", KIND_PAIR, ARG_GPU | ARG_OTHER },
};

/* ---- the request ---- */

static const char *const arg_names[] = { "task", "field", "gpu", "other" };

static const char *arg_value(const struct chart_request *rq, size_t i)
{
	const char *v[] = { rq->task, rq->field, rq->gpu, rq->other };
	return v[i];
}

/* Check the request, set *kind and resolve its ids into `c`; report every
 * problem. */
static int check_request(struct gc *c, enum chart_kind *kind,
			 const struct chart_request *rq, const char *path,
			 int line, int col)
{
	struct diag *dg = c->pc->diag;
	size_t k = 0;
	while (k < sizeof kinds / sizeof kinds[0] &&
	       (!rq->name || strcmp(kinds[k].name, rq->name)))
		k++;
	if (k == sizeof kinds / sizeof kinds[0]) {
		diag_error(dg, path, line, col, "unknown chart \"%s\"",
			   rq->name ? rq->name : "");
		return -1;
	}
	*kind = kinds[k].kind;
	int rc = 0;
	for (size_t i = 0; i < 4; i++) {
		bool wanted = kinds[k].args & (1u << i), given = arg_value(rq, i) != NULL;
		if (wanted && !given) {
			diag_error(dg, path, line, col, "chart \"%s\" needs %s=",
				   rq->name, arg_names[i]);
			rc = -1;
		} else if (!wanted && given) {
			diag_error(dg, path, line, col, "chart \"%s\" takes no %s=",
				   rq->name, arg_names[i]);
			rc = -1;
		}
	}
	if (rc)
		return rc;
	if (rq->task) {
		const struct task *t = data_find_task(c->d, rq->task);
		if (!t) {
			diag_error(dg, path, line, col, "unknown task \"%s\"", rq->task);
			rc = -1;
		} else {
			c->task = (size_t)(t - c->d->tasks);
		}
	}
	if (rq->field) {
		int f = gc_spec_find(rq->field);
		if (f < 0) {
			diag_error(dg, path, line, col, "unknown field \"%s\" for chart "
				   "\"spec\" (bandwidth_gbs, fp16_tflops, tdp_w or "
				   "tflops_per_watt)", rq->field);
			rc = -1;
		} else {
			c->field = (enum gc_spec)f;
		}
	}
	const char *ids[2] = { rq->gpu, rq->other };
	size_t *at[2] = { &c->gpu, &c->other };
	for (size_t i = 0; i < 2; i++) {
		if (!ids[i])
			continue;
		long g = data_gpu_index(c->d, ids[i]);
		if (g < 0) {
			diag_error(dg, path, line, col, "unknown gpu \"%s\"", ids[i]);
			rc = -1;
		} else {
			*at[i] = (size_t)g;
		}
	}
	if (!rc && *kind == KIND_PAIR && c->gpu == c->other) {
		diag_error(dg, path, line, col, "chart \"pair\" needs two different "
			   "gpus, not \"%s\" twice", rq->gpu);
		rc = -1;
	}
	return rc;
}

/* "chart-<name>[-<task>][-<field>][-<gpu>][-<other>]": every part is a
 * checked id, so the result is a valid XML id and file name. */
static const char *chart_id(struct gc *c, const struct chart_request *rq)
{
	struct buf b = BUF_INIT;
	buf_addf(&b, "chart-%s", rq->name);
	for (size_t i = 0; i < 4; i++)
		if (arg_value(rq, i))
			buf_addf(&b, "-%s", arg_value(rq, i));
	return gc_keep(c, &b);
}

/* Which chart a request is, for people: its name and arguments, each id
 * with the row it comes from ("pair gpu=aa-bb (data/gpus.csv:22) other=cc
 * (data/gpus.csv:23)"). Lives in the render's arena. */
static const char *chart_claim(struct gc *c, const struct chart_request *rq)
{
	static const char *const names[] = { "task", "field", "gpu", "other" };
	const struct data *d = c->d;
	struct buf b = BUF_INIT;
	buf_adds(&b, rq->name);
	for (size_t i = 0; i < 4; i++) {
		if (!arg_value(rq, i))
			continue;
		buf_addf(&b, " %s=%s", names[i], arg_value(rq, i));
		const struct table *t = NULL;
		size_t row = 0;
		if (i == 0) {
			t = &d->tables[TABLE_TASKS];
			row = d->tasks[c->task].row;
		} else if (i >= 2) {
			t = &d->tables[TABLE_GPUS];
			row = d->gpus[i == 2 ? c->gpu : c->other].row;
		}
		if (t && row < t->nrows)
			buf_addf(&b, " (%s:%d)", t->path, t->lines[row]);
	}
	return gc_keep(c, &b);
}

static void build(struct gc *c, enum chart_kind kind)
{
	switch (kind) {
	case KIND_RELATIVE_SPEED:
		guide_charts_speed_build_relative(c);
		break;
	case KIND_TASK_COST:
		guide_charts_cost_build_task(c, true);
		break;
	case KIND_TASK_HOURS:
		guide_charts_cost_build_task(c, false);
		break;
	case KIND_PRICE_SPEED:
		guide_charts_cost_build_price_speed(c);
		break;
	case KIND_VRAM_FIT:
		guide_charts_hardware_build_vram_fit(c);
		break;
	case KIND_SPEC:
		guide_charts_hardware_build_spec(c);
		break;
	case KIND_GPU:
		guide_charts_speed_build_gpu(c);
		break;
	case KIND_PAIR:
		guide_charts_speed_build_pair(c);
		break;
	}
}

/* The figure's class: the narrowest column its wide variant fits, one of
 * the tiers style.css knows (below it the compact variant shows). */
static const char *figure_tier(double wide_w)
{
	return wide_w <= CHART_WIDTH ? "chart-w480" : "chart-w768";
}

/* Where a figure's two drawings lie in the buffer it was appended to: the
 * inline one at [at[0], at[1]), the compact one at [at[2], at[3]). */
struct drawn_spans {
	size_t at[4];
};

/* The compact drawing's box, as append_figure writes it: an SVG holds no
 * <div>, so the first "</div>" after its start closes it. */
#define COMPACT_OPEN "<div class=\"chart-compact\">"
#define COMPACT_CLOSE "</div>"

void guide_charts_one_drawing(const char *html, struct buf *out)
{
	const char *p = html, *at;
	while ((at = strstr(p, COMPACT_OPEN))) {
		const char *close = strstr(at, COMPACT_CLOSE);
		if (!close)
			break;
		buf_add(out, p, (size_t)(at - p));
		p = close + strlen(COMPACT_CLOSE);
	}
	buf_adds(out, p);
}

/* The figure up to its caption's text: the drawing and its data table,
 * the same on every page; where its drawings lie into *sp. */
static void append_figure(struct gc *c, struct buf *out, struct drawn_spans *sp)
{
	const struct buf *svg = &c->svg[c->nids - 1];
	size_t skip = c->nids == 1 ? XML_DECL_LEN : 0; /* inline: no declaration */
	/* room for all of it at once: a figure is tens of kilobytes */
	buf_grow(out, svg->len + c->table.len * 6 / 5 + c->desc.len * 6 / 5 + 1024);
	buf_addf(out, "<figure class=\"chart %s\"><div class=\"chart-wide\">",
		 figure_tier(c->wide_w));
	sp->at[0] = out->len;
	buf_add(out, svg->ptr + skip, svg->len - skip);
	sp->at[1] = out->len;
	buf_adds(out, "</div>" COMPACT_OPEN);
	sp->at[2] = out->len;
	buf_addbuf(out, &c->compact);
	sp->at[3] = out->len;
	buf_adds(out, "</div>");
	/* a figcaption must be the first or last child of its figure; a chart
	 * without a figure has no table of its figures either (its caption
	 * names what is missing, gc_say_no_figure) */
	if (c->table.len && !c->no_figure) {
		buf_adds(out, "<details><summary>");
		text_escape_htmls(out, gc_tr(c, "chart.data_table"));
		buf_adds(out, "</summary><div class=\"table-wrap\" tabindex=\"0\">");
		buf_addbuf(out, &c->table);
		buf_adds(out, "</div>");
		if (c->table_nodata)
			site_nodata_legend(c->pc->in, c->l, out);
		buf_adds(out, "</details>");
	}
	buf_adds(out, "<figcaption>");
	text_escape_htmls(out, c->desc.ptr);
}

/* The rest of the figure after append_figure: the link from the page to
 * the standalone file, when the request names the page. */
static void append_figure_end(struct gc *c, const struct chart_request *rq,
			      struct buf *out)
{
	if (rq->page_path) {
		const char *file = arena_printf(&c->a, "charts/%s/%s.svg",
						lang_code(c->l), c->ids[0]);
		/* the language's gap after a sentence: none after "。" */
		buf_adds(out, gc_tr(c, "punct.gap"));
		buf_adds(out, "<a href=\"");
		text_escape_htmls(out, site_root_href(c->pc->arena, rq->page_path, file));
		buf_adds(out, "\">");
		text_escape_htmls(out, gc_tr(c, "chart.open_svg"));
		buf_adds(out, "</a>");
	}
	buf_adds(out, "</figcaption>");
	buf_adds(out, "</figure>\n");
}

/* ---- figures drawn before ---- */

/* What a figure's drawing depends on: the language, the chart (its claim:
 * name and arguments) and the id it has inline (a second copy on one page
 * draws with another). The rest of the request is the caption's link. */
static const char *drawn_key(struct gc *c, const char *claim)
{
	return arena_printf(&c->a, "%s/%s/%s", lang_code(c->l), c->ids[c->nids - 1],
			    claim);
}

/* The digest of a figure appended at [from, out->len), made of drawings
 * whose key is c->drawing (they lie at the spans `sp`): that key and every
 * other byte of it. */
static struct digest_value figure_key(const struct gc *c, const struct buf *out, size_t from,
				      const struct drawn_spans *sp)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "chart figure");
	digest_add_value(&d, c->drawing);
	digest_add_field(&d, out->ptr + from, sp->at[0] - from);
	digest_add_field(&d, out->ptr + sp->at[1], sp->at[2] - sp->at[1]);
	digest_add_field(&d, out->ptr + sp->at[3], out->len - sp->at[3]);
	return digest_end(&d);
}

/* Append the figure drawn before under `key`, if one was: true then, with
 * its digest (figure_key) when it has one and the ledger figures it prints
 * added to `marks`. Its file was placed when it was drawn, under the same
 * claim: placing it again would do nothing. */
static bool drawn_find(struct guide_charts *g, const char *key, struct buf *out,
		       struct figure_digest *fd, bool *no_figure, struct ledger_sink *marks)
{
	pthread_mutex_lock(&g->lock);
	const size_t *at = strmap_get(&g->drawn, key);
	if (at) {
		buf_addbuf(out, &g->figures[*at - 1].html);
		*fd = g->figures[*at - 1].digest;
		*no_figure = g->figures[*at - 1].no_figure;
		ledger_sink_replay(marks, NULL, &g->figures[*at - 1].marks);
	}
	pthread_mutex_unlock(&g->lock);
	return at != NULL;
}

/* What figures drawn while pages render may take in all (struct
 * guide_charts: drawn): a comparison's figure is about 32 KB. */
#define DRAWN_KEPT_MAX ((size_t)8 << 20)

/* Keep a figure under `key` (any thread: a second page drawing the same
 * figure at the same time keeps the first's, the same bytes); while
 * rendering (`planning` false) only as long as DRAWN_KEPT_MAX allows. */
static void drawn_keep(struct guide_charts *g, const char *key, const char *fig,
		       size_t len, struct figure_digest fd, bool no_figure,
		       const struct ledger_sink *marks, bool planning)
{
	pthread_mutex_lock(&g->lock);
	if (!planning && g->kept_bytes + len > DRAWN_KEPT_MAX) {
		pthread_mutex_unlock(&g->lock);
		return;
	}
	bool created;
	size_t *at = strmap_slot(&g->drawn, key, &created);
	if (created) {
		g->kept_bytes += len;
		ALLOC_GROW(g->figures, g->nfigures, g->cap_figures);
		struct drawn_figure *f = &g->figures[g->nfigures++];
		buf_init(&f->html);
		buf_add(&f->html, fig, len);
		f->digest = fd;
		f->no_figure = no_figure;
		f->marks = (struct ledger_sink){ 0 };
		ledger_sink_replay(&f->marks, NULL, marks);
		*at = g->nfigures;
	}
	pthread_mutex_unlock(&g->lock);
}

/* A render's state for `rq`, checked: 0, or -1 (reported; *c freed). */
static int render_begin(struct gc *c, enum chart_kind *kind, const struct page_ctx *pc,
			const struct chart_request *rq, const char *path, int line, int col)
{
	*c = (struct gc){
		.pc = pc, .d = &pc->in->data, .m = &pc->in->metrics, .l = pc->l, .a = ARENA_INIT,
		.svg = { BUF_INIT, BUF_INIT }, .compact = BUF_INIT,
		.title = BUF_INIT, .desc = BUF_INIT, .axis = BUF_INIT,
		.axis2 = BUF_INIT, .table = BUF_INIT,
	};
	if (check_request(c, kind, rq, path, line, col)) {
		arena_free(&c->a);
		return -1;
	}
	c->ids[0] = chart_id(c, rq);
	c->nids = 1;
	return 0;
}

static void render_end(struct gc *c)
{
	for (size_t i = 0; i < 2; i++)
		buf_release(&c->svg[i]);
	buf_release(&c->compact);
	buf_release(&c->title);
	buf_release(&c->desc);
	buf_release(&c->axis);
	buf_release(&c->axis2);
	buf_release(&c->table);
	arena_free(&c->a);
}

/* Whether the chart of a request checked by render_begin has a figure,
 * told without drawing it for the charts of pages kept unbuilt (a GPU's,
 * a pair's), else drawn into `c` to know (*drawn set). */
static bool chart_has_figure(struct gc *c, enum chart_kind kind, bool *drawn)
{
	if (kind == KIND_GPU)
		return guide_charts_speed_gpu_has_figure(c);
	if (kind == KIND_PAIR)
		return guide_charts_speed_pair_has_figure(c);
	buf_add(&c->svg[0], xml_decl, XML_DECL_LEN);
	build(c, kind);
	*drawn = true;
	return !c->no_figure;
}

int guide_chart_place_kept(const struct page_ctx *pc, const struct chart_request *rq)
{
	struct gc c;
	enum chart_kind kind;
	/* the page's ledger figures are its record's, the chart's among them */
	struct page_ctx own = *pc;
	own.marks = NULL;
	if (render_begin(&c, &kind, &own, rq, "gen/pages/pages.c", 0, 0) != 0)
		return -1;
	struct guide_charts *g = pc->charts;
	bool drawn = false;
	if (!chart_has_figure(&c, kind, &drawn)) {
		render_end(&c); /* a page's own chart, left out: no file */
		return 0;
	}
	int rc = claim_file(pc, g, c.l, c.ids[0], chart_claim(&c, rq));
	if (rc == 1 && pc->in->opt.write) {
		const char *rel = arena_printf(&c.a, "charts/%s/%s.svg", lang_code(c.l), c.ids[0]);
		const struct published_files *pub = pc->in->published;
		rc = pub ? pub->keep(pub->ctx, rel, pc->diag) : 0;
		if (rc == 0) { /* not as it was published: drawn to be written */
			if (!drawn) {
				buf_add(&c.svg[0], xml_decl, XML_DECL_LEN);
				build(&c, kind);
			}
			rc = write_file(pc, g, c.l, c.ids[0], &c.svg[0]);
		}
	}
	render_end(&c);
	return rc < 0 ? -1 : 0;
}

int guide_chart_render(const struct page_ctx *pc, const struct chart_request *rq,
		       struct buf *out, const char *path, int line, int col)
{
	return guide_chart_render_keyed(pc, rq, out, path, line, col, NULL);
}

int guide_chart_render_keyed(const struct page_ctx *pc, const struct chart_request *rq,
			     struct buf *out, const char *path, int line, int col,
			     struct digest_value *key_out)
{
	size_t from = out->len;
	enum lang l = pc->l;
	struct gc c;
	enum chart_kind kind;
	/* the ledger figures the chart prints are the page's: drawn with a sink
	 * of its own, kept with the figure, added to the page's when placed */
	struct ledger_sink marks = { 0 };
	struct page_ctx own = *pc;
	own.marks = pc->marks ? &marks : NULL;
	if (render_begin(&c, &kind, &own, rq, path, line, col) != 0)
		return -1;
	struct guide_charts *g = pc->charts;
	pthread_mutex_lock(&g->lock);
	size_t before = rq->page_path ? count_use(g, l, rq->page_path, c.ids[0]) : 0;
	pthread_mutex_unlock(&g->lock);
	if (before)
		c.ids[c.nids++] = arena_printf(&c.a, "%s-%zu", c.ids[0], before + 1);
	const char *claim = chart_claim(&c, rq);
	const char *key = drawn_key(&c, claim);
	int rc = 0;
	struct figure_digest fd = { { 0, 0 }, false };
	bool no_figure = false;
	if (!drawn_find(g, key, out, &fd, &no_figure, &marks)) {
		buf_add(&c.svg[0], xml_decl, XML_DECL_LEN);
		build(&c, kind);
		no_figure = c.no_figure;
		/* a figure left out is neither placed nor kept: a render
		 * that shows it places its file */
		if (!(no_figure && rq->omit_if_no_figure)) {
			rc = place_file(pc, g, l, c.ids[0], claim, &c.svg[0]);
			size_t start = out->len;
			struct drawn_spans sp;
			append_figure(&c, out, &sp);
			if (c.drawn)
				fd = (struct figure_digest){ figure_key(&c, out, start, &sp),
							     true };
			/* a figure whose file failed is drawn again, and told again */
			if (rc == 0)
				drawn_keep(g, key, out->ptr + start, out->len - start, fd,
					   no_figure, &marks, pc->arena == g->plan_arena);
		}
	}
	if (no_figure && rq->omit_if_no_figure) {
		buf_truncate(out, from);
		ledger_sink_release(&marks);
		render_end(&c);
		return 1;
	}
	guide_ledger_show_marks(pc, &marks);
	ledger_sink_release(&marks);
	size_t end = out->len;
	append_figure_end(&c, rq, out);
	if (key_out) { /* the figure's digest and its caption's link */
		struct digest d;
		digest_init(&d);
		digest_add_byte(&d, fd.known);
		if (fd.known)
			digest_add_value(&d, fd.key);
		else
			digest_add_field(&d, out->ptr + from, end - from);
		digest_add_field(&d, out->ptr + end, out->len - end);
		*key_out = digest_end(&d);
	}
	render_end(&c);
	return rc;
}

void guide_charts_set_output(struct guide_charts *g, struct output *out)
{
	if (g)
		g->out = out;
}

int guide_charts_write(struct site *s, struct output *o)
{
	const struct guide_charts *g = s->charts;
	if (!g)
		return 0;
	int rc = 0;
	struct buf rel = BUF_INIT;
	for (size_t i = 0; i < g->nfiles && rc == 0; i++) {
		const struct chart_file *f = &g->files[i];
		buf_reset(&rel);
		buf_addf(&rel, "charts/%s/%s.svg", lang_code(f->lang), f->id);
		rc = output_add(o, rel.ptr, f->svg, f->len);
	}
	buf_release(&rel);
	return rc;
}

void guide_charts_free(struct site *s)
{
	struct guide_charts *g = s->charts;
	if (g) {
		for (size_t i = 0; i < g->nfiles; i++) {
			free(g->files[i].id);
			free(g->files[i].svg);
		}
		free(g->files);
		for (size_t i = 0; i < g->nclaims; i++)
			free(g->claims[i]);
		free(g->claims);
		for (size_t i = 0; i < g->nfigures; i++) {
			buf_release(&g->figures[i].html);
			ledger_sink_release(&g->figures[i].marks);
		}
		free(g->figures);
		strmap_free(&g->drawn);
		strmap_free(&g->file_ids);
		strmap_free(&g->uses);
		pthread_mutex_destroy(&g->lock);
		free(g);
	}
	s->charts = NULL;
}
