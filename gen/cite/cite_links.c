#include "cite/cite_links.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/text.h"
#include "cite/shortcode.h"
#include "model/metrics.h"
#include "view/guide_charts.h"
#include "view/present.h"
#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The guide's pages a link may name (page=), with their names. */
static const struct {
	const char *page, *key;
} pages[] = {
	{ "gpus", "nav.gpus" },
	{ "tasks", "nav.tasks" },
	{ "compare", "nav.compare" },
	{ "vram", "nav.vram" },
	{ "inference", "nav.inference" },
	{ "techniques", "cite.page.techniques" },
	{ "use-cases", "cite.page.use_cases" },
	{ "data", "nav.data" },
	{ "health", "cite.page.health" },
	{ "methodology", "nav.methodology" },
	{ "articles", "nav.articles" },
	{ "cases", "nav.cases" },
	{ "calculator", "cite.page.calculator" },
};

/* page=calculator with a preset: params=, precision=, job= (checked as the
 * calculator checks them) become the link's query. */
static const char *calculator_path(struct cite *c)
{
	static const char *const keys[] = { "params", "precision", "job", NULL };
	struct buf why = BUF_INIT;
	if (!metric_preset_ok(sc_arg(c, "params"), sc_arg(c, "precision"),
				  sc_arg(c, "job"), &why)) {
		sc_error(c, "%s", why.ptr);
		buf_release(&why);
		return NULL;
	}
	buf_release(&why);
	struct buf b = BUF_INIT;
	buf_adds(&b, "calculator/");
	char sep = '?';
	for (size_t i = 0; keys[i]; i++) {
		const char *v = sc_arg(c, keys[i]);
		if (!v)
			continue;
		buf_addc(&b, sep);
		buf_adds(&b, keys[i]);
		buf_addc(&b, '=');
		buf_adds(&b, v); /* checked above: digits, dots and letters only */
		sep = '&';
	}
	char *r = arena_strndup(c->pg.arena, b.ptr, b.len);
	buf_release(&b);
	return r;
}

static void emit_link(struct cite *c, const char *href, const char *text)
{
	const char *own = sc_arg(c, "text");
	buf_adds(c->out, "<a href=\"");
	text_escape_htmls(c->out, href);
	buf_adds(c->out, "\">");
	text_escape_htmls(c->out, own ? own : text);
	buf_adds(c->out, "</a>");
}

/* compare=a,b: the compare page of the two, in gpus.csv order. */
static int link_compare(struct cite *c, const char *pair)
{
	const char *comma = strchr(pair, ',');
	if (!comma || strchr(comma + 1, ','))
		return sc_error(c, "compare \"%s\" needs two gpus, like compare=h100-80gb,a100-80gb",
				pair);
	char *first = arena_strndup(c->pg.arena, pair, (size_t)(comma - pair));
	long a = sc_find_gpu(c, first);
	long b = a < 0 ? -1 : sc_find_gpu(c, comma + 1);
	if (b < 0)
		return -1;
	if (a == b)
		return sc_error(c, "compare \"%s\" needs two different gpus", pair);
	if (a > b) {
		long t = a;
		a = b;
		b = t;
	}
	const struct gpu *ga = &c->d->gpus[a], *gb = &c->d->gpus[b];
	const char *path = pg_pair_path(&c->pg, (size_t)a, (size_t)b);
	const char *text = arena_printf(c->pg.arena, "%s %s %s", ga->name,
					pg_tr(&c->pg, "cite.vs"), gb->name);
	emit_link(c, pg_href_to(&c->pg, path), text);
	return 0;
}

int cite_links_write_link(struct cite *c)
{
	static const char *const args[] = { "gpu", "task", "compare", "page", "text",
					     "params", "precision", "job", NULL };
	if (sc_check_args(c, c->what.ptr, args))
		return -1;
	bool preset = sc_arg(c, "params") || sc_arg(c, "precision") || sc_arg(c, "job");
	const char *page_arg = sc_arg(c, "page");
	if (preset && (!page_arg || strcmp(page_arg, "calculator")))
		return sc_error(c, "params=, precision= and job= go only with page=calculator");
	const char *gpu = sc_arg(c, "gpu"), *task = sc_arg(c, "task");
	const char *compare = sc_arg(c, "compare"), *page = sc_arg(c, "page");
	int given = !!gpu + !!task + !!compare + !!page;
	if (given != 1)
		return sc_error(c, given ? "%s takes only one of gpu=, task=, compare= or page="
					 : "%s needs one of gpu=, task=, compare= or page=",
				c->what.ptr);
	if (gpu) {
		long g = sc_find_gpu(c, gpu);
		if (g < 0)
			return -1;
		emit_link(c, sc_gpu_href(c, (size_t)g), c->d->gpus[g].name);
	} else if (task) {
		long t = sc_find_task(c, task);
		if (t < 0)
			return -1;
		emit_link(c, pg_href_to(&c->pg, pg_task_path(&c->pg, (size_t)t)),
			  pg_task_name(&c->pg, (size_t)t));
	} else if (compare) {
		return link_compare(c, compare);
	} else {
		size_t i = 0, n = sizeof pages / sizeof pages[0];
		while (i < n && strcmp(pages[i].page, page))
			i++;
		if (i == n)
			return sc_error(c, "unknown page \"%s\"", page);
		const char *path = strcmp(page, "calculator")
			? arena_printf(c->pg.arena, "%s/", page) : calculator_path(c);
		if (!path)
			return -1;
		emit_link(c, pg_href_to(&c->pg, path),
			  pg_tr(&c->pg, pages[i].key));
	}
	return 0;
}

int cite_links_write_chart(struct cite *c)
{
	static const char *const args[] = { "name", "task", "field", "gpu", "other", NULL };
	static const char *const need[] = { "name", NULL };
	if (sc_check_and_need(c, args, need))
		return -1;
	struct chart_request rq = {
		.name = sc_arg(c, "name"),
		.task = sc_arg(c, "task"),
		.field = sc_arg(c, "field"),
		.gpu = sc_arg(c, "gpu"),
		.other = sc_arg(c, "other"),
		.page_path = c->from,
	};
	return guide_chart_render(&c->pg, &rq, c->out, c->sc->path,
				  c->sc->line, c->sc->col);
}
