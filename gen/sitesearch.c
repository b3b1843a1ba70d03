#include "sitesearch.h"

#include "buf.h"
#include "diag.h"
#include "output.h"
#include "search.h"
#include "site.h"
#include "value.h"

#include <stdlib.h>
#include <string.h>

/* The kinds of pages, in the order results of equal rank and the no-JS
 * listing show them; `indexed` false: listed, not searched. */
static const struct kind {
	const char *key; /* search.kind.<key> names it */
	const char *templates[6];
	bool indexed;
} kinds[] = {
	{ "gpu", { "pages/gpu", "pages/gpus", NULL }, true },
	{ "task", { "pages/task", "pages/tasks", NULL }, true },
	{ "case", { "pages/case", "pages/cases", NULL }, true },
	{ "usecase", { "pages/use-cases", NULL }, true },
	{ "technique", { "pages/techniques", NULL }, true },
	{ "benchmark", { "pages/inference", "pages/vram", "pages/calculator", NULL }, true },
	{ "article", { "pages/article", "pages/articles", NULL }, true },
	{ "data", { "pages/data", "pages/data-table", "pages/sources", "pages/health",
		    "pages/methodology", NULL }, true },
	{ "compare", { "pages/compare-index", "pages/pairs", "pages/compare", NULL }, false },
	{ "tag", { "pages/tag", "pages/home", NULL }, false },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

/* The kind of a page, or -1 (the search pages themselves). */
static int kind_of(const struct page_spec *p)
{
	for (size_t k = 0; k < NKINDS; k++)
		for (size_t t = 0; kinds[k].templates[t]; t++)
			if (!strcmp(p->template_name, kinds[k].templates[t]))
				return (int)k;
	return -1;
}

/* What is kept of a page while it renders (malloc'd). */
struct page_text {
	char *headings, *body;
};

struct sitesearch {
	size_t npages;           /* pages planned when the slots were made */
	struct page_text *texts; /* [npages] */
};

/* ---- the search page ---- */

static struct value *group_of(struct site *s, const struct page_spec *self,
			      size_t k, struct value *pages)
{
	struct arena *a = &s->arena;
	struct value *g = value_new_map(a);
	value_map_set_str(a, g, "kind", kinds[k].key);
	value_map_set_str(a, g, "label", i18n_get(&s->i18n, self->lang,
		arena_printf(a, "search.kind.%s", kinds[k].key)));
	value_map_set(a, g, "pages", pages);
	return g;
}

/* Every page of the search page's language, grouped by kind. */
static struct value *build_search(struct site *s, const struct page_spec *self)
{
	struct arena *a = &s->arena;
	struct value *groups = value_new_list(a);
	for (size_t k = 0; k < NKINDS; k++) {
		struct value *pages = value_new_list(a);
		for (size_t i = 0; i < s->npages; i++) {
			const struct page_spec *p = &s->pages[i];
			if (p->lang != self->lang || kind_of(p) != (int)k)
				continue;
			struct value *m = value_new_map(a);
			value_map_set_str(a, m, "title", p->title);
			value_map_set_str(a, m, "href",
					  site_href(s, self->lang, self->path, p->lang, p->path));
			value_list_push(a, pages, m);
		}
		if (value_list_len(pages))
			value_list_push(a, groups, group_of(s, self, k, pages));
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "groups", groups);
	value_map_set_str(a, ctx, "script", site_root_href(s, self->lang, self->path,
							   "search.js"));
	return ctx;
}

void sitesearch_plan(struct site *s)
{
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		struct page_spec spec = {
			.lang = l,
			.path = "search/",
			.alt_path = "search/",
			.template_name = "pages/search",
			.title = i18n_get(&s->i18n, l, "search.title"),
			.description = i18n_get(&s->i18n, l, "search.desc"),
			.build = build_search,
			.crumbs = site_crumbs(s, l, "search/", NULL, NULL),
		};
		site_add_page(s, &spec);
	}
	struct sitesearch *ss = calloc(1, sizeof *ss);
	if (!ss)
		abort();
	ss->npages = s->npages;
	ss->texts = calloc(s->npages + 1, sizeof *ss->texts);
	if (!ss->texts)
		abort();
	s->search = ss;
}

void sitesearch_collect(struct site *s, size_t i, const char *html, size_t len)
{
	struct sitesearch *ss = s->search;
	if (!ss || i >= ss->npages)
		return;
	int k = kind_of(&s->pages[i]);
	if (k < 0 || !kinds[k].indexed)
		return;
	struct buf h = BUF_INIT, b = BUF_INIT;
	search_text_from_html(html, len, &h, &b);
	ss->texts[i].headings = buf_detach(&h, NULL);
	ss->texts[i].body = buf_detach(&b, NULL);
}

/* ---- the index files ---- */

struct writing {
	struct output *out;
	const char *dir; /* "en/search/" */
	struct buf name;
};

static int write_file(void *ctx, const char *name, const struct buf *data)
{
	struct writing *w = ctx;
	buf_reset(&w->name);
	buf_adds(&w->name, w->dir);
	buf_adds(&w->name, name);
	return output_add(w->out, w->name.ptr, data->ptr, data->len);
}

static int write_lang(struct site *s, struct output *out, enum lang l)
{
	struct sitesearch *ss = s->search;
	struct search_index *ix = search_index_new();
	for (size_t k = 0; k < NKINDS; k++)
		for (size_t i = 0; i < ss->npages; i++) {
			const struct page_spec *p = &s->pages[i];
			if (p->lang != l || kind_of(p) != (int)k || !ss->texts[i].body)
				continue;
			struct search_doc d = {
				.title = p->title,
				.path = p->path,
				.kind = kinds[k].key,
				.description = p->description,
				.headings = ss->texts[i].headings,
				.body = ss->texts[i].body,
			};
			search_index_add(ix, &d);
		}
	struct writing w = { out, arena_printf(&s->arena, "%s/search/", lang_code(l)),
			     BUF_INIT };
	int rc = search_index_write(ix, write_file, &w);
	buf_release(&w.name);
	search_index_free(ix);
	return rc;
}

int sitesearch_write(struct site *s, struct output *out)
{
	if (!s->search)
		return 0;
	for (int i = 0; i < LANG_COUNT; i++)
		if (write_lang(s, out, (enum lang)i) != 0)
			return -1;
	return 0;
}

void sitesearch_free(struct site *s)
{
	struct sitesearch *ss = s->search;
	if (!ss)
		return;
	for (size_t i = 0; i < ss->npages; i++) {
		free(ss->texts[i].headings);
		free(ss->texts[i].body);
	}
	free(ss->texts);
	free(ss);
	s->search = NULL;
}
