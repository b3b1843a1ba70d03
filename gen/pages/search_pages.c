#include "pages/search_pages.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "markdown/markdown.h"
#include "publish/output.h"
#include "search/search.h"
#include "view/site.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The kinds of pages, in the order results of equal rank and the no-JS
 * listing show them; `indexed` false: listed, not searched. */
static const struct kind {
	const char *key; /* search.kind.<key> names it */
	const char *templates[6];
	bool indexed;
} kinds[] = {
	/* the guide: found before the data it is made from */
	{ "gpu", { "pages/gpu", "pages/gpus", NULL }, true },
	{ "compare", { "pages/compare", "pages/compare-index", "pages/pairs", NULL }, true },
	{ "task", { "pages/task", "pages/tasks", NULL }, true },
	{ "case", { "pages/case", "pages/cases", NULL }, true },
	{ "usecase", { "pages/use-cases", NULL }, true },
	{ "technique", { "pages/techniques", NULL }, true },
	{ "benchmark", { "pages/inference", "pages/vram", "pages/calculator", NULL }, true },
	{ "article", { "pages/article", "pages/articles", NULL }, true },
	/* the data and how it is used: after every guide page (DATA_KIND) */
	{ "data", { "pages/data", "pages/data-table", "pages/sources", "pages/health",
		    "pages/methodology", NULL }, true },
	{ "tag", { "pages/tag", "pages/home", NULL }, false },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])
#define DATA_KIND "data"

/* A data table's page is found by what the table is (its title, caption
 * and headings), not by every cell: its cells would fill the results with
 * snippets of column names. */
static bool indexed_by_caption(const struct page_spec *p)
{
	return !strcmp(p->template_name, "pages/data-table");
}

/* How much of a page's HTML the index reads: a data table's page is found
 * by its title, headings and caption, not by its column names and cells,
 * so its text ends where the table's head begins. */
static size_t indexed_len(const struct page_spec *p, const char *html, size_t len)
{
	if (!indexed_by_caption(p))
		return len;
	static const char head[] = "<thead";
	for (size_t i = 0; i + sizeof head - 1 <= len; i++)
		if (html[i] == '<' && !memcmp(html + i, head, sizeof head - 1))
			return i;
	return len;
}

/* The kind of a page, or -1 (the search pages themselves). */
static int kind_of(const struct page_spec *p)
{
	for (size_t k = 0; k < NKINDS; k++)
		for (size_t t = 0; kinds[k].templates[t]; t++)
			if (!strcmp(p->template_name, kinds[k].templates[t]))
				return (int)k;
	return -1;
}

/* Pages go into their language's index as they are rendered, under a
 * lock, each as the doc number the plan gave it (kind order, then plan
 * order), so the index does not depend on the threads' timing and no page
 * text is kept beyond what the doc files show. */
struct search_pages {
	size_t npages;        /* pages planned when the numbers were given */
	long *doc;            /* [npages]: doc number in its language, or -1 */
	int *kind;            /* [npages]: its kind (kinds[]), or -1 */
	struct search_index *ix[LANG_COUNT];
	/* the terms each rendering thread reads pages with: one per page being
	 * read at a time, taken and given back under the lock, so a term is
	 * looked up in an index once per thread, not once per page */
	struct search_terms **idle;
	size_t nidle, cap_idle;
	pthread_mutex_t lock;
	/* the index of each language in the memo, under a key made of its
	 * docs (each page's kind and path, in doc order): the last build's,
	 * when it had these docs, gives the docs of the pages kept unchanged
	 * (from_old, set by the rendering threads, each its own docs), so a
	 * kept page's record is not decoded */
	const struct markdown_memo *memo;
	struct digest_value key[LANG_COUNT];
	struct search_index *old[LANG_COUNT];
	bool *from_old[LANG_COUNT];
};

/* ---- the search page ---- */

/* What a search page lists, given it by the plan (the page's arg): every
 * page of its language that has a kind, by kind, in plan order. The page
 * builder reads this, never the plan. */
struct search_listing {
	size_t n;
	struct listed {
		int kind;
		const char *title, *path;
	} *pages;
};

static struct value *group_of(const struct page_ctx *pc, size_t k, struct value *pages)
{
	struct arena *a = pc->arena;
	struct value *g = value_new_map(a);
	value_map_set_str(a, g, "kind", kinds[k].key);
	value_map_set_str(a, g, "label", i18n_get(&pc->in->i18n, pc->l,
		arena_printf(a, "search.kind.%s", kinds[k].key)));
	value_map_set(a, g, "pages", pages);
	return g;
}

/* Every page of the search page's language, grouped by kind. */
static struct value *build_search(const struct page_ctx *pc, const struct page_spec *self)
{
	const struct search_listing *ls = self->arg;
	struct arena *a = pc->arena;
	struct value *groups = value_new_list(a);
	for (size_t k = 0; k < NKINDS; k++) {
		struct value *pages = value_new_list(a);
		for (size_t i = 0; i < ls->n; i++) {
			const struct listed *p = &ls->pages[i];
			if (p->kind != (int)k)
				continue;
			struct value *m = value_new_map(a);
			value_map_set_str(a, m, "title", p->title);
			value_map_set_str(a, m, "href",
					  site_href(a, pc->l, pc->path, pc->l, p->path));
			value_list_push(a, pages, m);
		}
		if (value_list_len(pages))
			value_list_push(a, groups, group_of(pc, k, pages));
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "groups", groups);
	value_map_set_str(a, ctx, "script", site_root_href(a, pc->path, "search.js"));
	return ctx;
}

/* Each planned page's kind (kind_of) into a new array, told once per run
 * of pages of one template (the plan adds a family's pages together). */
static int *page_kinds(const struct site *s)
{
	int *kinds_of = xmalloc((s->plan.npages + 1) * sizeof *kinds_of);
	const char *last = NULL;
	int kind = -1;
	for (size_t i = 0; i < s->plan.npages; i++) {
		const struct page_spec *p = &s->plan.pages[i];
		if (p->template_name != last) {
			last = p->template_name;
			kind = kind_of(p);
		}
		kinds_of[i] = kind;
	}
	return kinds_of;
}

/* The pages of language l a search page lists (the build arena), their
 * kinds in `kinds_of`. */
static struct search_listing *listing_of(struct site *s, enum lang l, const int *kinds_of)
{
	struct search_listing *ls = arena_alloc(&s->arena, sizeof *ls);
	ls->n = 0;
	ls->pages = arena_alloc(&s->arena, (s->plan.npages + 1) * sizeof *ls->pages);
	for (size_t i = 0; i < s->plan.npages; i++) {
		const struct page_spec *p = &s->plan.pages[i];
		int k = kinds_of[i];
		if (p->lang == l && k >= 0)
			ls->pages[ls->n++] = (struct listed){ k, p->title, p->path };
	}
	return ls;
}

/* The last build's index of language l, when it has the `ndocs` docs of
 * this plan (its key says which). */
static void take_old_index(struct search_pages *ss, enum lang l, size_t ndocs)
{
	struct buf rec = BUF_INIT;
	if (ss->memo && ss->memo->peek &&
	    ss->memo->peek(ss->memo->ctx, ss->key[l], &rec) == 0) {
		struct search_index *old = search_index_decode(rec.ptr, rec.len);
		if (old && search_index_docs(old) == ndocs) {
			ss->old[l] = old;
			ss->from_old[l] = xcalloc(ndocs + 1, sizeof *ss->from_old[l]);
			search_index_reserve(ss->ix[l], ndocs);
		} else {
			search_index_free(old);
		}
	}
	buf_release(&rec);
}

void search_pages_plan(struct site *s)
{
	/* the pages planned so far: every one but the search pages */
	size_t nlisted = s->plan.npages;
	int *kinds_of = page_kinds(s);
	struct search_listing *listed[LANG_COUNT];
	for (int i = 0; i < LANG_COUNT; i++)
		listed[i] = listing_of(s, (enum lang)i, kinds_of);
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		struct page_spec spec = {
			.lang = l,
			.path = "search/",
			.alt_path = "search/",
			.template_name = "pages/search",
			.title = i18n_get(&s->in.i18n, l, "search.title"),
			.description = i18n_get(&s->in.i18n, l, "search.desc"),
			.build = build_search,
			.arg = listed[i],
			.crumbs = site_crumbs(&s->in, &s->arena, l, "search/", NULL, NULL),
		};
		site_add_page(s, &spec);
	}
	struct search_pages *ss = xcalloc(1, sizeof *ss);
	ss->npages = s->plan.npages;
	ss->doc = xmalloc((s->plan.npages + 1) * sizeof *ss->doc);
	size_t next[LANG_COUNT] = { 0 };
	struct digest docs[LANG_COUNT];
	for (int l = 0; l < LANG_COUNT; l++) {
		digest_init(&docs[l]);
		digest_add_str(&docs[l], "search index");
		digest_add_str(&docs[l], lang_code((enum lang)l));
	}
	for (size_t i = 0; i < s->plan.npages; i++)
		ss->doc[i] = -1;
	for (size_t k = 0; k < NKINDS; k++)
		for (size_t i = 0; i < nlisted; i++)
			if (kinds[k].indexed && kinds_of[i] == (int)k) {
				const struct page_spec *p = &s->plan.pages[i];
				ss->doc[i] = (long)next[p->lang]++;
				digest_add_str(&docs[p->lang], kinds[k].key);
				digest_add_str(&docs[p->lang], p->path);
			}
	ss->kind = xreallocarray(kinds_of, ss->npages + 1, sizeof *kinds_of);
	for (size_t i = nlisted; i < ss->npages; i++)
		ss->kind[i] = -1; /* the search pages themselves */
	ss->memo = s->in.markdown_memo;
	for (int l = 0; l < LANG_COUNT; l++) {
		ss->ix[l] = search_index_new();
		digest_add_u64(&docs[l], next[l]);
		ss->key[l] = digest_end(&docs[l]);
		take_old_index(ss, (enum lang)l, next[l]);
	}
	pthread_mutex_init(&ss->lock, NULL);
	s->search = ss;
}

/* A search_terms no other thread is reading with (the lock held). */
static struct search_terms *terms_take(struct search_pages *ss)
{
	return ss->nidle ? ss->idle[--ss->nidle] : search_terms_new();
}

/* Put page `i`, read with `st`, into its index, and give `st` back. */
static void put_page(struct site *s, size_t i, struct search_terms *st,
		     struct search_page *pg)
{
	struct search_pages *ss = s->search;
	pthread_mutex_lock(&ss->lock);
	if (pg)
		search_index_put(ss->ix[s->plan.pages[i].lang], (size_t)ss->doc[i], pg);
	ALLOC_GROW(ss->idle, ss->nidle, ss->cap_idle);
	ss->idle[ss->nidle++] = st;
	pthread_mutex_unlock(&ss->lock);
}

void search_pages_collect(struct site *s, size_t i, const char *html, size_t len,
			struct buf *kept)
{
	struct search_pages *ss = s->search;
	if (!ss || i >= ss->npages || ss->doc[i] < 0)
		return;
	const struct page_spec *p = &s->plan.pages[i];
	struct search_doc d = {
		.title = p->title,
		.path = p->path,
		.kind = kinds[ss->kind[i]].key,
		.description = p->description,
	};
	pthread_mutex_lock(&ss->lock);
	struct search_terms *st = terms_take(ss);
	pthread_mutex_unlock(&ss->lock);
	/* outside the lock */
	struct search_page *pg = search_page_from_html(st, &d, html,
						       indexed_len(p, html, len));
	if (kept)
		search_page_encode(pg, kept);
	put_page(s, i, st, pg);
}

int search_pages_reuse(struct site *s, size_t i, const char *kept, size_t len)
{
	struct search_pages *ss = s->search;
	if (!ss || i >= ss->npages || ss->doc[i] < 0)
		return 0; /* not indexed: nothing was kept */
	enum lang l = s->plan.pages[i].lang;
	if (ss->old[l]) { /* its terms as the last build's index has them */
		if (search_index_put_doc(ss->ix[l], (size_t)ss->doc[i], kept, len) != 0)
			return -1;
		ss->from_old[l][ss->doc[i]] = true;
		return 0;
	}
	pthread_mutex_lock(&ss->lock);
	struct search_terms *st = terms_take(ss);
	pthread_mutex_unlock(&ss->lock);
	struct search_page *pg = search_page_decode(st, kept, len);
	put_page(s, i, st, pg);
	return pg ? 0 : -1;
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

/* tiers.json: where each kind's doc numbers start (doc numbers follow the
 * kinds' order) and the first of the data pages, which the script ranks
 * after every guide page: {"kind_from":[0,12,...],"data_from":79}. */
static int write_tiers(struct site *s, struct output *out, enum lang l)
{
	struct search_pages *ss = s->search;
	long from[NKINDS], last = -1;
	for (size_t k = 0; k < NKINDS; k++)
		from[k] = -1;
	for (size_t i = 0; i < ss->npages; i++) {
		const struct page_spec *p = &s->plan.pages[i];
		if (p->lang != l || ss->doc[i] < 0)
			continue;
		int k = ss->kind[i];
		if (ss->doc[i] > last)
			last = ss->doc[i];
		if (from[k] < 0 || ss->doc[i] < from[k])
			from[k] = ss->doc[i];
	}
	struct buf b = BUF_INIT;
	buf_adds(&b, "{\"kind_from\":[");
	long data_from = -1;
	bool first = true;
	for (size_t k = 0; k < NKINDS; k++) {
		if (from[k] < 0)
			continue;
		buf_addf(&b, first ? "%ld" : ",%ld", from[k]);
		first = false;
		if (!strcmp(kinds[k].key, DATA_KIND))
			data_from = from[k];
	}
	buf_addf(&b, "],\"data_from\":%ld}\n", data_from < 0 ? last + 1 : data_from);
	int rc = output_add(out, arena_printf(&s->arena, "%s/search/tiers.json", lang_code(l)),
			    b.ptr, b.len);
	buf_release(&b);
	return rc;
}

static int write_lang(struct site *s, struct output *out, enum lang l)
{
	struct search_pages *ss = s->search;
	struct writing w = { out, arena_printf(&s->arena, "%s/search/", lang_code(l)),
			     BUF_INIT };
	if (ss->old[l]) {
		search_index_take(ss->ix[l], ss->old[l], ss->from_old[l]);
		search_index_free(ss->old[l]);
		ss->old[l] = NULL;
	}
	int rc = search_index_write(ss->ix[l], write_file, &w);
	buf_release(&w.name);
	if (rc == 0 && ss->memo) { /* for the next build */
		struct buf rec = BUF_INIT;
		search_index_encode(ss->ix[l], &rec);
		ss->memo->keep(ss->memo->ctx, ss->key[l], rec.ptr, rec.len);
		buf_release(&rec);
	}
	if (rc == 0)
		rc = write_tiers(s, out, l);
	return rc;
}

int search_pages_write(struct site *s, struct output *out)
{
	if (!s->search)
		return 0;
	for (int i = 0; i < LANG_COUNT; i++)
		if (write_lang(s, out, (enum lang)i) != 0)
			return -1;
	return 0;
}

void search_pages_free(struct site *s)
{
	struct search_pages *ss = s->search;
	if (!ss)
		return;
	for (int l = 0; l < LANG_COUNT; l++) {
		search_index_free(ss->ix[l]);
		search_index_free(ss->old[l]);
		free(ss->from_old[l]);
	}
	for (size_t k = 0; k < ss->nidle; k++)
		search_terms_free(ss->idle[k]);
	free(ss->idle);
	pthread_mutex_destroy(&ss->lock);
	free(ss->doc);
	free(ss->kind);
	free(ss);
	s->search = NULL;
}
