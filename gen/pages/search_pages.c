#include "pages/search_pages.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/pool.h"
#include "markdown/markdown.h"
#include "publish/output.h"
#include "publish/pagecache.h"
#include "search/search.h"
#include "search/search_again.h"
#include "search/search_write.h"
#include "view/site.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <pthread.h>
#include <stdatomic.h>
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
	 * read at a time, taken and given back under idle_lock, so a term is
	 * looked up in an index once per thread, not once per page */
	struct search_terms **idle;
	size_t nidle, cap_idle;
	pthread_mutex_t idle_lock;
	/* a language's index, and its again[] and from_old[], while a page is
	 * put: each its own, so that taking a page's terms never waits for a
	 * page being put, nor a page of one language for one of the other */
	pthread_mutex_t lock[LANG_COUNT];
	/* what the last build kept of each language's index (its term shards'
	 * list, in the memo under a key made of its docs: each page's kind and
	 * path, in doc order), when it had these docs: a kept page's doc then
	 * only gets its strings (from_old, set by the rendering threads, each
	 * its own docs), a page rendered again marks the shards it changes,
	 * and only those are made again; `whole` when a page rendered again
	 * has no record of the last build to say what it changes. A page read
	 * again from its record is put by what it changed, its doc then
	 * marked from_old too, and its record kept (again[], by doc: when the
	 * index is made whole after all, it is put whole from it) */
	const struct markdown_memo *memo;
	struct digest_value key[LANG_COUNT];
	struct search_kept *kept[LANG_COUNT];
	bool *from_old[LANG_COUNT];
	/* a kept doc's record: the last kept_len bytes of its page's (render.h:
	 * what render_page_done keeps comes after render.c's own part) */
	size_t *kept_len[LANG_COUNT];
	struct buf *again[LANG_COUNT];
	size_t ndocs[LANG_COUNT]; /* how many again[] holds */
	atomic_bool whole[LANG_COUNT];
	/* GEN_CHECK_SEARCH (search_pages.h): each page read again from its
	 * record also read whole, and one that differs (its index + 1, the
	 * first a thread found); "whole": the index made whole at the end */
	bool check, check_whole;
	_Atomic size_t check_failed;
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

/* What the last build kept of the index of language l, when it had the
 * `ndocs` docs of this plan (its key says which). */
static void find_kept(struct search_pages *ss, enum lang l, size_t ndocs)
{
	struct buf rec = BUF_INIT;
	if (ss->memo && ss->memo->peek &&
	    ss->memo->peek(ss->memo->ctx, ss->key[l], &rec) == 0 &&
	    (ss->kept[l] = search_kept_decode(rec.ptr, rec.len)) != NULL) {
		ss->from_old[l] = xcalloc(ndocs + 1, sizeof *ss->from_old[l]);
		ss->kept_len[l] = xcalloc(ndocs + 1, sizeof *ss->kept_len[l]);
		ss->again[l] = xcalloc(ndocs + 1, sizeof *ss->again[l]);
		ss->ndocs[l] = ndocs;
		search_index_reserve(ss->ix[l], ndocs);
	}
	buf_release(&rec);
}

/* The first of the listed pages from *at on of kind k in language l
 * (nlisted: none left); *at moved past it. */
static size_t next_listed(const struct site *s, const int *kinds_of, size_t nlisted, int k,
			  enum lang l, size_t *at)
{
	size_t i = *at;
	while (i < nlisted && (kinds_of[i] != k || s->plan.pages[i].lang != l))
		i++;
	*at = i + 1;
	return i;
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
	/* the pages rendered in doc order, the others after them: each term's
	 * postings then come in doc order, or nearly (as the threads take
	 * pages), and sorting them costs a pass (sort_postings); the
	 * languages' pages of a kind taken in turn, so that the threads
	 * mostly put pages into different indexes (each index has its lock) */
	size_t *order = arena_alloc(&s->arena, (ss->npages + 1) * sizeof *order), norder = 0;
	for (size_t i = 0; i < s->plan.npages; i++)
		ss->doc[i] = -1;
	for (size_t k = 0; k < NKINDS; k++) {
		size_t at[LANG_COUNT] = { 0 };
		for (bool more = kinds[k].indexed; more;) {
			more = false;
			for (int l = 0; l < LANG_COUNT; l++) {
				size_t i = next_listed(s, kinds_of, nlisted, (int)k, (enum lang)l,
						       &at[l]);
				if (i >= nlisted)
					continue;
				more = true;
				ss->doc[i] = (long)next[l]++;
				digest_add_str(&docs[l], kinds[k].key);
				digest_add_str(&docs[l], s->plan.pages[i].path);
				order[norder++] = i;
			}
		}
	}
	for (size_t i = 0; i < ss->npages; i++)
		if (ss->doc[i] < 0)
			order[norder++] = i;
	s->plan.order = order;
	ss->kind = xreallocarray(kinds_of, ss->npages + 1, sizeof *kinds_of);
	for (size_t i = nlisted; i < ss->npages; i++)
		ss->kind[i] = -1; /* the search pages themselves */
	ss->memo = s->in.markdown_memo;
	for (int l = 0; l < LANG_COUNT; l++) {
		ss->ix[l] = search_index_new();
		digest_add_u64(&docs[l], next[l]);
		ss->key[l] = digest_end(&docs[l]);
		atomic_init(&ss->whole[l], false);
		find_kept(ss, (enum lang)l, next[l]);
		pthread_mutex_init(&ss->lock[l], NULL);
	}
	const char *check = getenv("GEN_CHECK_SEARCH");
	ss->check = check && *check && strcmp(check, "0");
	ss->check_whole = check && !strcmp(check, "whole");
	pthread_mutex_init(&ss->idle_lock, NULL);
	s->search = ss;
}

/* A search_terms no other thread is reading with. */
static struct search_terms *terms_take(struct search_pages *ss)
{
	pthread_mutex_lock(&ss->idle_lock);
	struct search_terms *st = ss->nidle ? ss->idle[--ss->nidle] : NULL;
	pthread_mutex_unlock(&ss->idle_lock);
	return st ? st : search_terms_new();
}

/* Put page `i`, read with `st`, into its index (by what it changed when
 * it was read `again` from its record, while the index is not made
 * whole: its new record, `rec` (its `len` bytes, search_page_encode's,
 * or NULL: encoded here), kept for a whole index), and give `st` back. */
static void put_page(struct site *s, size_t i, struct search_terms *st,
		     struct search_page *pg, bool again, const char *rec, size_t len)
{
	struct search_pages *ss = s->search;
	enum lang l = s->plan.pages[i].lang;
	size_t doc = (size_t)ss->doc[i];
	pthread_mutex_lock(&ss->lock[l]);
	if (pg && again && ss->kept[l] && !atomic_load(&ss->whole[l])) {
		if (rec)
			buf_add(&ss->again[l][doc], rec, len);
		else
			search_page_encode(pg, &ss->again[l][doc]);
		ss->from_old[l][doc] = true;
		search_index_put_changes(ss->ix[l], doc, pg);
	} else if (pg) {
		search_index_put(ss->ix[l], doc, pg);
	}
	pthread_mutex_unlock(&ss->lock[l]);
	pthread_mutex_lock(&ss->idle_lock);
	ALLOC_GROW(ss->idle, ss->nidle, ss->cap_idle);
	ss->idle[ss->nidle++] = st;
	pthread_mutex_unlock(&ss->idle_lock);
}

/* GEN_CHECK_SEARCH: whether the page `pg` read again from its record is
 * the page read whole from `html`. */
static bool same_read_whole(const struct search_page *pg, const struct search_doc *d,
			    const char *html, size_t len)
{
	struct buf again = BUF_INIT, whole = BUF_INIT;
	search_page_encode(pg, &again);
	struct search_terms *own = search_terms_new();
	struct search_page *read = search_page_from_html(own, d, html, len);
	search_page_encode(read, &whole);
	search_page_free(read);
	search_terms_free(own);
	bool same = search_records_same(again.ptr, again.len, whole.ptr, whole.len);
	buf_release(&again);
	buf_release(&whole);
	return same;
}

void search_pages_collect(struct site *s, size_t i, const char *html, size_t len,
			  const struct buf *was, const struct buf *old, struct buf *kept)
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
	struct search_terms *st = terms_take(ss);
	/* outside the lock: from the last build's record when only the
	 * page's figures changed, else read whole */
	size_t n = indexed_len(p, html, len);
	struct search_page *pg = was && old
		? search_page_from_last(st, &d, html, n, old->ptr,
					indexed_len(p, old->ptr, old->len), was->ptr, was->len)
		: NULL;
	if (pg && ss->check && !same_read_whole(pg, &d, html, n)) {
		size_t none = 0;
		atomic_compare_exchange_strong(&ss->check_failed, &none, i + 1);
	}
	bool again = pg != NULL;
	if (!pg)
		pg = search_page_from_html(st, &d, html, n);
	else if (s->timings)
		atomic_fetch_add(&s->timings->search_again, 1);
	size_t rec_at = kept ? kept->len : 0; /* the page's search record, when kept */
	if (kept)
		search_page_encode(pg, kept);
	enum lang l = p->lang;
	if (ss->kept[l] && !atomic_load(&ss->whole[l]) &&
	    (!was || search_kept_note(ss->kept[l], pg, was->ptr, was->len,
				      kept ? kept->ptr + rec_at : NULL,
				      kept ? kept->len - rec_at : 0) != 0))
		atomic_store(&ss->whole[l], true);
	put_page(s, i, st, pg, again, kept ? kept->ptr + rec_at : NULL,
		 kept ? kept->len - rec_at : 0);
}

bool search_pages_wants_last(const struct site *s, size_t i)
{
	const struct search_pages *ss = s->search;
	if (!ss || i >= ss->npages || ss->doc[i] < 0)
		return false;
	enum lang l = s->plan.pages[i].lang;
	return ss->kept[l] && !atomic_load(&ss->whole[l]);
}

int search_pages_reuse(struct site *s, size_t i, const char *kept, size_t len)
{
	struct search_pages *ss = s->search;
	if (!ss || i >= ss->npages || ss->doc[i] < 0)
		return 0; /* not indexed: nothing was kept */
	enum lang l = s->plan.pages[i].lang;
	if (ss->kept[l]) { /* its terms as the last build's shards have them */
		if (search_index_put_doc(ss->ix[l], (size_t)ss->doc[i], kept, len) != 0)
			return -1;
		ss->from_old[l][ss->doc[i]] = true;
		ss->kept_len[l][ss->doc[i]] = len;
		return 0;
	}
	struct search_terms *st = terms_take(ss);
	struct search_page *pg = search_page_decode(st, kept, len);
	put_page(s, i, st, pg, false, NULL, 0);
	return pg ? 0 : -1;
}

/* ---- the index files ---- */

/* Where a language's index goes: its files into <lang>/search/, the
 * records of its term shards into the memo, by the docs' key, the shard
 * count and the file's name; a file kept as published is checked against
 * the last build's cache. The languages are written at once, each on a
 * thread with its own messages and memory (the site's are not shared
 * between threads); the output, the caches and the index of the other
 * language are safe to share. */
struct writing {
	struct site *site;
	struct output *out;
	const struct pagecache *last;
	enum lang l;
	const char *dir; /* "en/search/" */
	struct buf name;
	struct diag diag;   /* kept, passed on in the languages' order */
	struct arena arena; /* what its paths need */
	int rc;
};

static const char *file_of(struct writing *w, const char *name)
{
	buf_reset(&w->name);
	buf_adds(&w->name, w->dir);
	buf_adds(&w->name, name);
	return w->name.ptr;
}

static int write_file(void *ctx, const char *name, const struct buf *data)
{
	struct writing *w = ctx;
	return output_add_to(w->out, file_of(w, name), data->ptr, data->len, &w->diag);
}

/* The last build's record of the file `name` (w->name then its path in
 * the site), or NULL. */
static const struct pagecache_file *published(struct writing *w, const char *name)
{
	const char *rel = file_of(w, name);
	return w->last ? pagecache_file(w->last, rel) : NULL;
}

static bool file_intact(void *ctx, const char *name)
{
	struct writing *w = ctx;
	const struct pagecache_file *f = published(w, name);
	return f && output_intact(w->out, w->name.ptr, &f->id);
}

static int keep_file(void *ctx, const char *name)
{
	struct writing *w = ctx;
	const struct pagecache_file *f = published(w, name);
	int rc = f ? output_keep(w->out, w->name.ptr, &f->id, &w->diag) : 0;
	if (rc == 0)
		diag_error(&w->diag, w->name.ptr, 0, 0,
			   "changed while the site was built; build again");
	return rc;
}

static struct digest_value shard_key(struct writing *w, const char *name,
				     const struct search_shards *shards)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "search shard");
	digest_add_value(&d, w->site->search->key[w->l]);
	digest_add_u64(&d, shards->all);
	digest_add_u64(&d, shards->numbers);
	digest_add_str(&d, name);
	return digest_end(&d);
}

static int find_shard(void *ctx, const char *name, const struct search_shards *shards,
		      struct buf *rec)
{
	struct writing *w = ctx;
	const struct markdown_memo *m = w->site->search->memo;
	return m->peek(m->ctx, shard_key(w, name, shards), rec);
}

static void keep_shard(void *ctx, const char *name, const struct search_shards *shards,
		       const char *rec, size_t len)
{
	struct writing *w = ctx;
	const struct markdown_memo *m = w->site->search->memo;
	m->keep(m->ctx, shard_key(w, name, shards), rec, len);
}

static void carry_shard(void *ctx, const char *name, const struct search_shards *shards)
{
	struct writing *w = ctx;
	const struct markdown_memo *m = w->site->search->memo;
	m->carry(m->ctx, shard_key(w, name, shards));
}

/* The kept pages of language l put whole (their terms too) from their
 * records in the last build's cache, and those read again from their
 * records from their new ones. 0, or -1 (reported). */
static int put_kept_pages(struct writing *w)
{
	struct site *s = w->site;
	const struct pagecache *last = w->last;
	enum lang l = w->l;
	struct search_pages *ss = s->search;
	struct search_terms *st = search_terms_new();
	struct buf rec = BUF_INIT;
	int rc = 0;
	for (size_t i = 0; i < ss->npages && rc == 0; i++) {
		const struct page_spec *p = &s->plan.pages[i];
		if (p->lang != l || ss->doc[i] < 0 || !ss->from_old[l][ss->doc[i]])
			continue;
		const char *rel = site_page_file(&w->arena, l, p->path);
		const struct pagecache_page *old = last ? pagecache_page(last, rel) : NULL;
		const struct buf *again = &ss->again[l][ss->doc[i]];
		size_t n = ss->kept_len[l][ss->doc[i]];
		struct search_page *pg = NULL;
		buf_reset(&rec);
		if (again->len)
			pg = search_page_decode(st, again->ptr, again->len);
		else if (old && pagecache_read(last, &old->rec, &rec) == 0 && rec.len >= n)
			pg = search_page_decode(st, rec.ptr + rec.len - n, n);
		if (pg) {
			search_index_put(ss->ix[l], (size_t)ss->doc[i], pg);
		} else {
			diag_error(&w->diag, rel, 0, 0, "the page cache changed while the "
				   "site was built; build again");
			rc = -1;
		}
	}
	buf_release(&rec);
	search_terms_free(st);
	return rc;
}

/* tiers.json: where each kind's doc numbers start (doc numbers follow the
 * kinds' order) and the first of the data pages, which the script ranks
 * after every guide page: {"kind_from":[0,12,...],"data_from":79}. */
static int write_tiers(struct writing *w)
{
	const struct site *s = w->site;
	enum lang l = w->l;
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
	int rc = output_add_to(w->out, file_of(w, "tiers.json"), b.ptr, b.len, &w->diag);
	buf_release(&b);
	return rc;
}

/* The store language `l`'s index is written through (`w` its writing). */
static struct search_store store_of(struct writing *w)
{
	const struct markdown_memo *m = w->site->search->memo;
	struct search_store st = { .write = write_file, .ctx = w };
	if (m && m->keep && m->peek && m->carry) {
		st.intact = file_intact;
		st.keep_file = keep_file;
		st.find = find_shard;
		st.keep = keep_shard;
		st.carry = carry_shard;
	}
	return st;
}

/* After language `l`'s index (rc: how its writing went): the list of its
 * shards kept for the next build, and its tiers. */
static void finish_lang(struct writing *w, int rc, const struct buf *list)
{
	const struct markdown_memo *m = w->site->search->memo;
	if (rc == 0 && m) /* for the next build */
		m->keep(m->ctx, w->site->search->key[w->l], list->ptr, list->len);
	if (rc == 0)
		rc = write_tiers(w);
	w->rc = rc;
}

/* Language `l`'s index when the last build kept its shards: from them,
 * or whole when they cannot give it (or a page asked for it whole). */
static void write_lang_kept(struct writing *w)
{
	struct search_pages *ss = w->site->search;
	enum lang l = w->l;
	struct search_store st = store_of(w);
	struct buf list = BUF_INIT;
	if (ss->check_whole)
		atomic_store(&ss->whole[l], true);
	/* 1: the index is to be written whole */
	int rc = atomic_load(&ss->whole[l])
			 ? 1
			 : search_index_publish(ss->ix[l], ss->kept[l], ss->from_old[l], &st, &list);
	if (rc == 1) /* the kept pages gave only their docs' strings */
		rc = put_kept_pages(w) == 0 ? 1 : -1;
	if (rc == 1)
		rc = search_index_publish(ss->ix[l], NULL, NULL, &st, &list);
	finish_lang(w, rc, &list);
	buf_release(&list);
}

/* The search index's files: a job for each language's term shards (or its
 * whole index, when the last build kept its shards), one for each
 * language's doc shards when written whole (the largest jobs cut in two,
 * so that the cores end nearer together), each with a writing of its own. */
struct search_writes {
	struct writing w[LANG_COUNT], docs[LANG_COUNT];
	struct search_whole whole[LANG_COUNT];
	struct search_store st[LANG_COUNT];
	bool split[LANG_COUNT];
	int rc_terms[LANG_COUNT], rc_docs[LANG_COUNT];
};

/* Job i: language i's term shards (or index), then each language's docs;
 * its time the search index's. */
static void write_job(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct search_writes *sw = ctx;
	size_t l = i % LANG_COUNT;
	struct site_timings *t = sw->w[l].site->timings;
	uint64_t t0 = site_clock_ns();
	if (i >= LANG_COUNT) {
		if (sw->split[l])
			sw->rc_docs[l] = search_whole_docs(&sw->whole[l], write_file, &sw->docs[l]);
	} else if (sw->split[l]) {
		sw->rc_terms[l] = search_whole_terms(&sw->whole[l]);
	} else {
		write_lang_kept(&sw->w[l]);
	}
	site_timing_add(t ? &t->search_ns : NULL, t0);
}

static void writing_init(struct writing *w, struct site *s, struct output *out,
			 const struct pagecache *last, enum lang l)
{
	*w = (struct writing){ s, out, last, l, NULL, BUF_INIT, .arena = ARENA_INIT };
	w->dir = arena_printf(&w->arena, "%s/search/", lang_code(l));
	diag_init_kept(&w->diag);
}

int search_pages_write(struct site *s, struct output *out, const struct pagecache *last,
		       void (*beside)(void *ctx), void *ctx)
{
	if (!s->search) {
		if (beside)
			beside(ctx);
		return 0;
	}
	struct search_writes *sw = xcalloc(1, sizeof *sw);
	for (int l = 0; l < LANG_COUNT; l++) {
		writing_init(&sw->w[l], s, out, last, (enum lang)l);
		writing_init(&sw->docs[l], s, out, last, (enum lang)l);
		/* nothing kept of the last build's index: written whole */
		sw->split[l] = !s->search->kept[l];
		sw->st[l] = store_of(&sw->w[l]);
		if (sw->split[l])
			search_whole_begin(&sw->whole[l], s->search->ix[l], &sw->st[l]);
	}
	pool_run_beside(pool_size(s->in.opt.jobs), 2 * LANG_COUNT, write_job, sw, beside, ctx);
	for (int l = 0; l < LANG_COUNT; l++) {
		if (!sw->split[l])
			continue;
		struct buf list = BUF_INIT;
		int rc = sw->rc_terms[l] ? sw->rc_terms[l] : sw->rc_docs[l];
		finish_lang(&sw->w[l], search_whole_end(&sw->whole[l], rc, &list), &list);
		buf_release(&list);
	}
	int rc = 0;
	size_t failed = atomic_load(&s->search->check_failed);
	if (failed) {
		const struct page_spec *p = &s->plan.pages[failed - 1];
		diag_error(s->diag, NULL, 0, 0,
			   "/%s/%s was read again for the search index from its last record, "
			   "and not as it reads whole (GEN_CHECK_SEARCH)",
			   lang_code(p->lang), p->path);
		rc = -1;
	}
	for (int l = 0; l < LANG_COUNT; l++) {
		struct writing *both[] = { &sw->w[l], &sw->docs[l] };
		for (size_t k = 0; k < 2; k++) {
			diag_pass_on(s->diag, &both[k]->diag);
			if (both[k]->rc != 0)
				rc = -1;
			buf_release(&both[k]->name);
			arena_free(&both[k]->arena);
		}
	}
	free(sw);
	return rc;
}

void search_pages_free(struct site *s)
{
	struct search_pages *ss = s->search;
	if (!ss)
		return;
	for (int l = 0; l < LANG_COUNT; l++) {
		search_index_free(ss->ix[l]);
		search_kept_free(ss->kept[l]);
		free(ss->from_old[l]);
		free(ss->kept_len[l]);
		for (size_t d = 0; ss->again[l] && d < ss->ndocs[l]; d++)
			buf_release(&ss->again[l][d]);
		free(ss->again[l]);
	}
	for (size_t k = 0; k < ss->nidle; k++)
		search_terms_free(ss->idle[k]);
	free(ss->idle);
	pthread_mutex_destroy(&ss->idle_lock);
	for (int l = 0; l < LANG_COUNT; l++)
		pthread_mutex_destroy(&ss->lock[l]);
	free(ss->doc);
	free(ss->kind);
	free(ss);
	s->search = NULL;
}
