/* build: one build, from the inputs to the published folder (see build.h). */
/* renameat2 and RENAME_EXCHANGE are GNU extensions of glibc */
#define _GNU_SOURCE

#include "build/build.h"
#include "build/content.h"

#include "pages/articles.h"
#include "publish/assets.h"
#include "base/arena.h"
#include "base/buf.h"
#include "pages/calculator.h"
#include "pages/datapages.h"
#include "base/diag.h"
#include "base/digest.h"
#include "pages/feeds.h"
#include "view/guide_ledger.h"
#include "model/ledger.h"
#include "model/findings.h"
#include "base/fs.h"
#include "base/pool.h"
#include "view/guide_charts.h"
#include "pages/health.h"
#include "markdown/markdown.h"
#include "template/mustache.h"
#include "publish/output.h"
#include "publish/pagecache.h"
#include "pages/pages_compare.h"
#include "pages/pages_gpu.h"
#include "pages/pages_guide.h"
#include "pages/pages_home.h"
#include "pages/report.h"
#include "view/phrase.h"
#include "pages/price_history.h"
#include "build/render.h"
#include "pages/search_pages.h"
#include "view/site.h"
#include "base/strmap.h"
#include "model/settings.h"
#include "base/text.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- loading ---- */

static char *join(struct site *s, const char *a, const char *b)
{
	return arena_printf(&s->arena, "%s/%s", a, b);
}

/* The build's date: SOURCE_DATE_EPOCH when set, else the newest date found
 * in the sources and articles (never the clock: builds must repeat). */
static void choose_date(struct site *s)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	if (epoch && *epoch) {
		time_t t = (time_t)strtoll(epoch, NULL, 10);
		struct tm tm;
		gmtime_r(&t, &tm);
		s->in.date = arena_printf(&s->arena, "%04d-%02d-%02d",
				       tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
		return;
	}
	const char *best = "2026-01-01";
	for (size_t i = 0; i < s->in.data.nsources; i++)
		if (s->in.data.sources[i].date && strcmp(s->in.data.sources[i].date, best) > 0)
			best = s->in.data.sources[i].date;
	for (size_t i = 0; i < s->in.narticles; i++)
		if (strcmp(s->in.articles[i].date, best) > 0)
			best = s->in.articles[i].date;
	s->in.date = arena_strdup(&s->arena, best);
}




/* Report every file or folder below `dir` that a symbolic link leads
 * outside the project, so nothing from elsewhere is read or published. */
static void refuse_escapes(struct site *s, const char *dir, const char *shown)
{
	if (!fs_exists(dir))
		return;
	if (fs_path_escapes(dir, s->in.opt.root)) {
		diag_error(s->diag, shown, 0, 0,
			   "symbolic link points outside the project; refused");
		return;
	}
	/* inside a folder that stays in the project only a link can lead out:
	 * resolve links alone (realpath costs a readlink per part), and know
	 * links and folders from the listing (no stat per file) */
	char **entries = fs_list_dir_of_kinds(dir, FS_KIND(FS_LINK) | FS_KIND(FS_DIR));
	for (char **e = entries; e && *e; e++) {
		enum fs_kind kind = (enum fs_kind)(*e)[0];
		const char *name = *e + 1;
		const char *full = join(s, dir, name);
		const char *child = join(s, shown, name);
		if (kind == FS_LINK && fs_path_escapes(full, s->in.opt.root))
			diag_error(s->diag, child, 0, 0,
				   "symbolic link points outside the project; refused");
		else if (fs_is_dir(full))
			refuse_escapes(s, full, child);
	}
	fs_free_list(entries);
}

/* Every {{t.key}} of the templates must be a row of data/i18n.csv. */
static void check_template_strings(struct site *s)
{
	const struct table *tab = s->in.i18n.table;
	const char **keys = arena_alloc(&s->arena, (tab->nrows + 1) * sizeof *keys);
	for (size_t r = 0; r < tab->nrows; r++)
		keys[r] = site_ui_key(s, tab->rows[r][s->in.i18n.key_col]);
	qsort(keys, tab->nrows, sizeof *keys, text_compare_strings);
	tmpl_set_check_names(s->in.templates, "t", keys, tab->nrows,
			     "UI string in data/i18n.csv", s->diag);
}

/* The data, the settings and the templates, and the checks of the
 * project's folders: beside the articles' files (content_load). */
struct load_beside {
	struct site *s;
	int rc;
};

static int load_data_and_templates(struct site *s)
{
	const char *data_dir = join(s, s->in.opt.root, "data");
	if (data_load(&s->in.data, data_dir, "data", s->diag) != 0)
		return -1;
	struct settings conf;
	if (settings_load(&conf, join(s, data_dir, SETTINGS_FILE), "data/" SETTINGS_FILE,
			  &s->arena, s->diag) != 0)
		return -1;
	settings_apply_names(&conf, &s->in.data.tables[TABLE_I18N]);
	s->in.default_lang = conf.default_lang;
	if (!s->in.opt.base_url) /* --base-url wins over data/site.csv */
		s->in.opt.base_url = conf.base_url;
	if (!s->in.opt.base_url)
		s->in.opt.base_url = SETTINGS_PLACEHOLDER_URL;
	s->in.placeholder_url = !strcmp(site_base_url(&s->in, &s->arena), SETTINGS_PLACEHOLDER_URL);
	if (i18n_load(&s->in.i18n, &s->in.data.tables[TABLE_I18N], s->diag) != 0)
		return -1;
	phrase_compose_techniques(&s->in.data, &s->in.i18n, &s->arena);
	metrics_compute(&s->in.data, NULL, &s->in.metrics);
	findings_compute(&s->in.data, &s->in.metrics);
	s->in.nprice_changes = price_history_changes(&s->in.data, &s->in.price_changes);
	data_digests_make(&s->in.data, &s->arena, &s->in.digests);
	guide_ledger_collect(s);
	refuse_escapes(s, join(s, s->in.opt.root, "templates"), "templates");
	refuse_escapes(s, join(s, s->in.opt.root, "content"), "content");
	s->in.templates = tmpl_set_new();
	if (tmpl_set_load_dir(s->in.templates, join(s, s->in.opt.root, "templates"),
			      "templates", s->diag) == 0) {
		tmpl_set_check_refs(s->in.templates, s->diag);
		check_template_strings(s);
	}
	tmpl_set_strict(s->in.templates, true);
	content_check_folders(s);
	return 0;
}

static void load_beside(void *ctx)
{
	struct load_beside *b = ctx;
	b->rc = load_data_and_templates(b->s);
}

static int load_inputs(struct site *s)
{
	/* the articles' files are read on all cores, the rest beside them:
	 * neither needs the other (an article's problems are reported even
	 * when the data has some) */
	struct load_beside b = { s, 0 };
	content_load(s, load_beside, &b);
	if (b.rc != 0)
		return -1;
	s->in.assets = xcalloc(1, sizeof *s->in.assets);
	assets_load(s->in.assets, join(s, s->in.opt.root, "templates/assets"),
		    "templates/assets", s->diag);
	if (diag_failed(s->diag))
		return -1;
	choose_date(s);
	return 0;
}

/* Report once each template the planned pages (and the root index, 404)
 * name that does not exist, rather than once per page. */
static void check_page_templates(struct site *s)
{
	struct strmap seen = STRMAP_INIT;
	static const char *const fixed[] = { "pages/root", "pages/404" };
	for (size_t i = 0; i < s->plan.npages + 2; i++) {
		const char *name = i < s->plan.npages ? s->plan.pages[i].template_name
						 : fixed[i - s->plan.npages];
		if (strmap_get(&seen, name))
			continue;
		strmap_slot(&seen, name, NULL);
		if (!tmpl_set_get(s->in.templates, name))
			diag_error(s->diag, arena_printf(&s->arena, "templates/%s.mustache", name),
				   0, 0, "missing template (the site needs it)");
	}
	strmap_free(&seen);
}

/* The guide's pages built from data, family by family, in both languages
 * (none when the build failed before its metrics). */
static void plan_guide_pages(struct site *s)
{
	if (!s->in.metrics.prices && s->in.data.ngpus)
		return;
	struct buf scratch = BUF_INIT; /* for the G^2 comparison pages' texts */
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		pages_gpu_plan(s, l);
		pages_compare_plan(s, l, &scratch);
		pages_guide_plan(s, l);
	}
	buf_release(&scratch);
}

static void plan_pages(struct site *s)
{
	/* the comparisons' shared parts, before any page asks for them (the
	 * home page's headlines come first); pages only read them */
	pages_compare_prepare(s);
	/* each language's home after its article lists */
	articles_plan(s, pages_home_plan);
	plan_guide_pages(s);
	/* after the guide pages: data tables link ids to pages that exist */
	datapages_plan(s);
	/* after every page it draws from: it asks the same families */
	if (s->in.metrics.prices || !s->in.data.ngpus)
		for (int l = 0; l < LANG_COUNT; l++)
			report_plan(s, (enum lang)l);
	calculator_plan(s);
	search_pages_plan(s); /* last: it lists every page */
	check_page_templates(s);
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* The ledger of the figures the pages showed, and the change report
 * against the one published in the output folder. */
static void finish_figures(struct site *s, struct buf *csv,
			   struct build_stats *stats)
{
	guide_ledger_finish(s, csv);
	struct buf old = BUF_INIT, report = BUF_INIT;
	const char *path = join(s, s->in.opt.out, GUIDE_LEDGER_FILE);
	bool had = fs_exists(path) && fs_read_file(path, &old) == 0;
	struct ledger_diff d;
	if (guide_ledger_report(had ? old.ptr : NULL, csv->ptr, &d, &report) == 0 && had)
		report_note_changes(s, &d, &report);
	ledger_diff_free(&d);
	stats->report = report.len ? buf_detach(&report, NULL) : NULL;
	buf_release(&report);
	buf_release(&old);
}

static int publish_figures(struct site *s, struct output *out,
			   struct build_stats *stats)
{
	struct buf csv = BUF_INIT;
	uint64_t t0 = site_clock_ns();
	finish_figures(s, &csv, stats);
	site_timing_add(&s->timings->ledger_ns, t0);
	int rc = output_add(out, GUIDE_LEDGER_FILE, csv.ptr, csv.len);
	buf_release(&csv);
	return rc;
}

/* The feeds and the sitemap, and the ledger of figures: on a thread of
 * their own while the search index is written (search_pages_write). */
struct finish_beside {
	struct site *s;
	struct output *out;
	struct build_stats *stats;
	struct render_cache *cache;
	int rc;
};

static void finish_beside(void *ctx)
{
	struct finish_beside *b = ctx;
	b->rc = feeds_write(b->s, b->out, b->cache->old);
	if (b->rc == 0)
		b->rc = publish_figures(b->s, b->out, b->stats);
}

static int render_all(struct site *s, struct output *out,
		      struct build_stats *stats, struct render_cache *cache)
{
	double start = now_ms();
	int rc = render_pages(s, out, search_pages_collect, cache);
	stats->render_ms = now_ms() - start;
	stats->rendered = cache->rendered;
	stats->kept = cache->kept;
	struct buf html = BUF_INIT;
	if (rc == 0)
		rc = render_root_index(s, out, &html);
	buf_release(&html);
	if (rc == 0)
		rc = assets_write(s->in.assets, out);
	if (rc == 0)
		rc = pages_home_write_404(s, out);
	if (rc == 0)
		rc = datapages_write_downloads(s, out);
	if (rc == 0)
		rc = report_keep_pdfs(s, out);
	if (rc == 0)
		rc = guide_charts_write(s, out);
	if (rc == 0)
		rc = calculator_write(s, out);
	if (rc == 0) {
		struct finish_beside b = { s, out, stats, cache, 0 };
		rc = search_pages_write(s, out, cache->old, finish_beside, &b);
		if (b.rc != 0)
			rc = -1;
	}
	return rc;
}

/* ---- the page cache (pagecache.h) ---- */

/* The walk's threads, one for each folder of the one walked (content/'s
 * languages), add what they find to a part of its own, picked by the
 * folder's name (WALK_PARTS of them: two names seldom share one): each
 * part's lock is then its thread's alone, where one lock for the walk
 * made them wait for each other at every file (at N=10,000 the walk of
 * content/ took 33-37 ms with one lock, 23-29 in parts). */
#define WALK_PARTS 8

/* The part of the path `rel` (relative to the folder walked): its first
 * name's. */
static size_t walk_part(const char *rel)
{
	return strmap_hash_bytes(rel, strcspn(rel, "/")) % WALK_PARTS;
}

/* The ids the walk of content/ took of its files, by path ("content/en/
 * x.md"), in walk_part's parts: the article loader keys a file's parse by
 * the id the build's fingerprint knows it by, taken before any read,
 * without a stat of its own (a system call an article, every build). */
struct walked_ids {
	const char *name; /* the folder walked ("content"), the paths' first */
	struct walked_part {
		struct strmap by_path; /* the path's index in ids, + 1 */
		struct arena paths;    /* by_path's keys, freed at once */
		struct fs_file_id *ids;
		size_t n, cap;
	} part[WALK_PARTS];
};

static void walked_init(struct walked_ids *r)
{
	r->name = NULL;
	for (size_t k = 0; k < WALK_PARTS; k++)
		r->part[k] = (struct walked_part){ .by_path = STRMAP_INIT_BORROWED,
						   .paths = ARENA_INIT };
}

static void walked_free(struct walked_ids *r)
{
	for (size_t k = 0; k < WALK_PARTS; k++) {
		strmap_free(&r->part[k].by_path);
		arena_free(&r->part[k].paths);
		free(r->part[k].ids);
	}
}

/* The id walked of `path` (content/en/x.md), or NULL. */
static const struct fs_file_id *walked_id(const struct walked_ids *r, const char *path)
{
	size_t n = r->name ? strlen(r->name) : 0;
	if (!n || strncmp(path, r->name, n) || path[n] != '/')
		return NULL;
	const struct walked_part *p = &r->part[walk_part(path + n + 1)];
	const size_t *at = strmap_get(&p->by_path, path);
	return at ? &p->ids[*at - 1] : NULL;
}

/* What files of a walk gave: a part's, or (added up) all of them. */
struct walk_sums {
	struct digest_value sum;  /* of each file's path and content or id */
	struct digest_value ids;  /* of each file's path and id */
	size_t files;
	int64_t newest_ns; /* the latest change time seen */
	bool unreadable;
};

struct input_walk {
	struct walk_sums all; /* the parts' added up (walk_inputs) */
	const char *dir;   /* the folder, to read a file by its content */
	const char *name;  /* its name in the project ("content") */
	bool by_content;
	struct walked_ids *record; /* where each file's id goes, or NULL */
	struct {
		struct walk_sums sums;
		pthread_mutex_t lock; /* the part's threads add here one at a time */
	} part[WALK_PARTS];
};

static void record_id(struct walked_part *r, const char *name, const char *rel,
		      const struct fs_file_id *id)
{
	/* the path the loader asks by: "<name>/<rel>", made in the arena */
	size_t nn = strlen(name), nr = strlen(rel);
	const char *key = arena_join(&r->paths, name, nn, '/', rel, nr);
	ALLOC_GROW(r->ids, r->n, r->cap);
	r->ids[r->n++] = *id;
	/* a walk meets each path once */
	*strmap_slot_n(&r->by_path, key, nn + 1 + nr, NULL) = r->n;
}

/* A file's digest in the inputs' sums: its path and content or id. */
static struct digest_value input_digest(const char *rel, const struct fs_file_id *id,
					const struct digest_value *content)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, rel);
	if (content)
		digest_add_value(&d, *content);
	else
		fs_file_id_digest(&d, id);
	return digest_end(&d);
}

static void sum_add(struct digest_value *sum, struct digest_value v)
{
	sum->hi += v.hi;
	sum->lo += v.lo;
}

/* `b` added to `a`: the sums, the count, the newest change, whether a
 * file could not be read. */
static void sums_add(struct walk_sums *a, const struct walk_sums *b)
{
	sum_add(&a->sum, b->sum);
	sum_add(&a->ids, b->ids);
	a->files += b->files;
	if (b->newest_ns > a->newest_ns)
		a->newest_ns = b->newest_ns;
	a->unreadable |= b->unreadable;
}

/* Each input file by its path and id (or content), summed: the folders'
 * listing order does not matter. A file known by its id adds the same
 * digest to both sums. */
static void add_input(void *ctx, const char *rel, const struct fs_file_id *id)
{
	struct input_walk *w = ctx;
	struct digest_value by_id = input_digest(rel, id, NULL), by_content = by_id;
	bool unreadable = false;
	if (w->by_content) {
		struct buf full = BUF_INIT, bytes = BUF_INIT;
		buf_addf(&full, "%s/%s", w->dir, rel);
		struct digest_value content = { 0, 0 };
		if (fs_read_file_nofollow(full.ptr, &bytes) == 0)
			content = digest_bytes(bytes.ptr, bytes.len);
		else
			unreadable = true;
		by_content = input_digest(rel, id, &content);
		buf_release(&full);
		buf_release(&bytes);
	}
	/* the sums add up in any order: a part's threads take turns */
	size_t k = walk_part(rel);
	struct walk_sums *p = &w->part[k].sums;
	pthread_mutex_lock(&w->part[k].lock);
	struct walk_sums one = { by_content, by_id, 1, id->ctime_ns, unreadable };
	sums_add(p, &one);
	if (w->record)
		record_id(&w->record->part[k], w->name, rel, id);
	pthread_mutex_unlock(&w->part[k].lock);
}

/* The folders a build reads, and whether a file stands in the fingerprint
 * by its content (data and templates: a few hundred kilobytes, so a file
 * saved unchanged, or changed and changed back, is no change) or by its id
 * (the articles: thousands of files, known without being read, as git's
 * index knows them). */
static const struct { const char *dir; bool by_content; } input_dirs[] = {
	{ "data", true }, { "templates", true }, { "content", false },
};
enum { NINPUT_DIRS = sizeof input_dirs / sizeof input_dirs[0] };

/* Walk the input folder `i` into `w`: false when it cannot stand for its
 * files (a link in it, a folder or file that cannot be read). */
static bool walk_inputs(const struct site_options *opt, size_t i, bool by_content,
			struct walked_ids *record, struct input_walk *w)
{
	struct buf path = BUF_INIT;
	buf_addf(&path, "%s/%s", opt->root, input_dirs[i].dir);
	*w = (struct input_walk){ .dir = path.ptr, .name = input_dirs[i].dir,
				  .by_content = by_content, .record = record };
	if (record)
		record->name = w->name;
	for (size_t k = 0; k < WALK_PARTS; k++)
		pthread_mutex_init(&w->part[k].lock, NULL);
	bool ok = fs_walk_files_jobs(path.ptr, pool_size(opt->jobs), add_input, w) == 0 ||
		  !fs_exists(path.ptr);
	for (size_t k = 0; k < WALK_PARTS; k++) {
		pthread_mutex_destroy(&w->part[k].lock);
		sums_add(&w->all, &w->part[k].sums);
	}
	buf_release(&path);
	w->dir = NULL;
	return ok && !w->all.unreadable;
}

/* The fingerprint of what a build reads: every file of data/, templates/
 * and content/ (input_dirs: by content or by id), the options that change
 * the site and the build's date; (*ids) the ids of the files read by
 * content, to tell after the build whether one changed while it ran; and
 * into `walked` the id of each file known by its id. False when it cannot
 * stand for the inputs: a folder holds a link (whose target's changes its
 * id would not show) or cannot be read, or a file changed a moment ago. */
static bool inputs_digest(const struct site_options *opt, struct digest_value tool,
			  struct digest_value *out, struct digest_value *ids,
			  struct walked_ids *walked)
{
	struct digest d, id_d;
	digest_init(&d);
	digest_init(&id_d);
	digest_add_value(&d, tool);
	digest_add_str(&d, opt->root);
	digest_add_str(&d, opt->base_url);
	digest_add_str(&d, getenv("SOURCE_DATE_EPOCH"));
	bool usable = true;
	for (size_t i = 0; i < NINPUT_DIRS; i++) {
		struct input_walk w;
		if (!walk_inputs(opt, i, input_dirs[i].by_content,
				 input_dirs[i].by_content ? NULL : walked, &w) ||
		    fs_time_is_recent(w.all.newest_ns))
			usable = false;
		digest_add_str(&d, input_dirs[i].dir);
		digest_add_value(&d, w.all.sum);
		digest_add_u64(&d, w.all.files);
		if (input_dirs[i].by_content) {
			digest_add_value(&id_d, w.all.ids);
			digest_add_u64(&id_d, w.all.files);
		}
	}
	*out = digest_end(&d);
	*ids = digest_end(&id_d);
	return usable;
}

/* The ids of the files inputs_digest read by content, as they are now. */
static struct digest_value content_input_ids(const struct site_options *opt)
{
	struct digest id_d;
	digest_init(&id_d);
	for (size_t i = 0; i < NINPUT_DIRS; i++) {
		struct input_walk w;
		if (!input_dirs[i].by_content)
			continue;
		if (!walk_inputs(opt, i, false, NULL, &w))
			digest_add_str(&id_d, "unreadable");
		digest_add_value(&id_d, w.all.ids);
		digest_add_u64(&id_d, w.all.files);
	}
	return digest_end(&id_d);
}

/* What the last build left: its cache, when this gen wrote it. */
struct cache_state {
	/* what the build prints to people: `said` from `said_from` on (the
	 * diag's log, or the build's own) */
	const struct buf *said;
	size_t said_from;
	int warnings_from; /* the diag's warnings before the build's own */
	char *path;
	struct digest_value tool, inputs;
	struct digest_value input_ids; /* of the files read by content */
	bool inputs_usable, have_old, started;
	int start_errno;
	struct pagecache old, next;
	struct walked_ids walked; /* content/'s files' ids (inputs_digest) */
};

/* Read the last build's cache (holding the output's lock): its secret
 * becomes the key of every digest this build makes (a new secret without
 * one), so the next cache's digests are comparable with its own. A cache
 * that cannot be trusted is a warning and a full build, never a failure. */
static void cache_begin(struct cache_state *c, const struct site_options *opt,
			struct diag *diag)
{
	pagecache_init(&c->old);
	pagecache_init(&c->next);
	c->path = pagecache_path(opt->out);
	pagecache_remove_leftovers(c->path);
	const char *why = NULL;
	bool loaded = pagecache_load(&c->old, c->path, &why) == 0;
	if (why)
		diag_warning(diag, c->path, 0, 0,
			     "the cache is not used (%s): every page is rendered", why);
	if (loaded)
		memcpy(c->next.secret, c->old.secret, sizeof c->next.secret);
	else
		pagecache_new_secret(c->next.secret);
	digest_set_key(c->next.secret);
	c->tool = pagecache_tool();
	walked_init(&c->walked);
	c->inputs_usable = inputs_digest(opt, c->tool, &c->inputs, &c->input_ids, &c->walked);
	c->have_old = loaded && digest_equal(c->old.tool, c->tool);
	if (!c->have_old)
		pagecache_free(&c->old);
}

/* True when nothing changed since the last build: the same gen, inputs and
 * options, a clean build (its warnings kept), and a published folder
 * holding exactly the files it left, unchanged. */
static bool cache_says_nothing_to_do(const struct cache_state *c, const char *out,
				     int jobs)
{
	return c->have_old && c->inputs_usable && c->old.clean &&
	       digest_equal(c->old.inputs, c->inputs) &&
	       pagecache_tree_intact(&c->old, out, pool_size(jobs));
}

static void cache_report_unchanged(const struct cache_state *c,
				   struct build_stats *stats)
{
	stats->nothing_to_do = true;
	stats->unchanged = c->old.nfiles - (pagecache_file(&c->old, OUTPUT_MARKER) != NULL);
	stats->placeholder_url = c->old.placeholder_url;
}

/* After the site is published (by `out`): the cache of what it was made
 * from. A cache that cannot be written only costs the next build its
 * speed. It reads the options, the output's list and the diag, never the
 * site (freed meanwhile: publish_and_free). */
static void cache_publish(struct cache_state *c, const struct site_options *opt,
			  struct diag *diag, bool placeholder_url, const struct output *out)
{
	c->next.tool = c->tool;
	c->next.inputs = c->inputs;
	/* its warnings kept, a build without changes prints them again; a data
	 * file or template changed while the site was built (its content read
	 * before) leaves a cache that cannot say "nothing changed" */
	c->next.clean = c->inputs_usable &&
			digest_equal(content_input_ids(opt), c->input_ids);
	pagecache_keep_warnings(&c->next, diag->warnings - c->warnings_from,
				c->said->ptr + c->said_from, c->said->len - c->said_from);
	c->next.placeholder_url = placeholder_url;
	if (c->started && pagecache_add_published(&c->next, out) == 0 &&
	    pagecache_finish(&c->next) == 0)
		return;
	diag_warning(diag, c->path, 0, 0,
		     "cannot keep what the site was made from (%s): the next "
		     "build renders every page",
		     strerror(c->started ? errno : c->start_errno));
}

/* What cmark made of the articles (markdown.h): read from the last build's
 * cache, kept in the next. */
static int memo_find(void *ctx, struct digest_value key, struct buf *rec)
{
	struct cache_state *c = ctx;
	return c->have_old ? pagecache_carry_memo(&c->next, &c->old, key, rec) : -1;
}

static void memo_keep(void *ctx, struct digest_value key, const char *rec, size_t len)
{
	struct cache_state *c = ctx;
	pagecache_add_memo(&c->next, key, rec, len);
}

static int memo_peek(void *ctx, struct digest_value key, struct buf *rec)
{
	struct cache_state *c = ctx;
	return c->have_old ? pagecache_memo(&c->old, key, rec) : -1;
}

static void memo_carry(void *ctx, struct digest_value key)
{
	struct cache_state *c = ctx;
	if (c->have_old)
		pagecache_carry_memo_unread(&c->next, &c->old, key);
}

/* The id content/'s walk took of the file `path` (markdown_memo.file_id). */
static int memo_file_id(void *ctx, const char *path, struct fs_file_id *id)
{
	const struct cache_state *c = ctx;
	const struct fs_file_id *walked = walked_id(&c->walked, path);
	if (!walked)
		return -1;
	*id = *walked;
	return 0;
}

static void cache_end(struct cache_state *c)
{
	walked_free(&c->walked);
	pagecache_free(&c->old);
	pagecache_free(&c->next);
	free(c->path);
	digest_set_key(NULL); /* the next build (gen serve) reads its own */
}

static void site_free(struct site *s)
{
	guide_ledger_free(s);
	if (s->in.assets)
		assets_free(s->in.assets);
	free(s->in.assets);
	guide_charts_free(s);
	search_pages_free(s);
	for (size_t i = 0; i < s->in.narticles; i++)
		markdown_article_free(&s->in.articles[i]);
	free(s->in.articles);
	free(s->in.translation_of);
	free(s->plan.pages);
	strmap_free(&s->plan.page_paths);
	if (s->in.templates)
		tmpl_set_free(s->in.templates);
	i18n_free(&s->in.i18n);
	free(s->in.price_changes);
	data_free(&s->in.data);
	arena_free(&s->arena);
}


/* The cache published (cache_publish) on one thread while the site's
 * memory is freed on another: neither reads what the other touches, and
 * at N=10,000 each is some 20 ms that the build's last moments spent one
 * after the other. The site is freed when this returns. */
struct cache_publish_job {
	struct cache_state *cache;
	const struct site_options *opt;
	struct diag *diag;
	bool placeholder_url;
	const struct output *out;
	_Atomic uint64_t *cache_ns;
};

static void cache_publish_job(void *ctx, size_t i, int worker)
{
	(void)i;
	(void)worker;
	struct cache_publish_job *j = ctx;
	uint64_t t0 = site_clock_ns();
	cache_publish(j->cache, j->opt, j->diag, j->placeholder_url, j->out);
	site_timing_add(j->cache_ns, t0);
}

static void site_free_beside(void *ctx)
{
	site_free(ctx);
}

static void publish_and_free(struct site *s, const struct site_options *opt,
			     struct cache_state *cache, const struct output *out)
{
	struct cache_publish_job j = { cache, opt, s->diag, s->in.placeholder_url, out,
				       &s->timings->cache_ns };
	pool_run_beside(pool_size(opt->jobs), 1, cache_publish_job, &j, site_free_beside, s);
}

/* One build; a writing one publishes through `out`, whose lock is held. */
static int build_with_cache(const struct site_options *opt, struct diag *diag,
			    struct build_stats *stats, struct cache_state *cache,
			    struct output *out)
{
	double start = now_ms();
	struct site s;
	memset(&s, 0, sizeof s);
	s.in.opt = *opt;
	s.diag = diag;
	double cache_begin_ms = stats->cache_ms; /* cache_begin's, before this */
	memset(stats, 0, sizeof *stats);
	struct site_timings timings = { 0 };
	s.timings = &timings;
	/* a build that publishes keeps what it made for the next one: the
	 * articles' front matter as they are loaded, then cmark's output;
	 * records go to the next cache's file as they are made (when it
	 * cannot be created, the build goes on without) */
	struct markdown_memo memo = { memo_find, memo_keep, cache, memo_peek, memo_carry,
				      memo_file_id };
	if (cache && out) {
		cache->started = pagecache_start_after(&cache->next,
						       cache->have_old ? &cache->old : NULL,
						       cache->path) == 0;
		if (!cache->started)
			cache->start_errno = errno;
		s.in.markdown_memo = &memo;
	}
	bool freed = false; /* the site's memory (publish_and_free) */
	int rc = load_inputs(&s);
	double mark = now_ms();
	stats->load_ms = mark - start;
	if (rc == 0) {
		guide_charts_init(&s);
		site_lang_contexts(&s);
		for (int l = 0; l < LANG_COUNT; l++)
			calculator_lang_keys(&s, (enum lang)l, s.plan.lang_ctx[l]);
		/* {{asset.style_css}}: the assets' content-hashed URLs */
		for (int l = 0; l < LANG_COUNT; l++)
			value_map_set(&s.arena, s.plan.lang_ctx[l], "asset",
				      assets_context(s.in.assets, &s.arena));
		plan_pages(&s);
		if (diag_failed(diag))
			rc = -1;
	}
	stats->plan_ms = now_ms() - mark;
	if (rc == 0 && opt->dry_run) {
		/* every page rendered, the report made, nothing written */
		double r0 = now_ms();
		if (render_pages(&s, NULL, NULL, NULL) != 0 ||
		    i18n_report_uses(&s.in.i18n, diag) != 0 || diag_failed(diag)) {
			rc = -1;
		} else {
			struct buf csv = BUF_INIT;
			finish_figures(&s, &csv, stats);
			buf_release(&csv);
		}
		stats->render_ms = now_ms() - r0;
		stats->rendered = s.plan.npages;
	} else if (rc == 0 && !opt->write) {
		/* check: every page rendered (shortcodes, templates), nothing written */
		struct buf today = BUF_INIT;
		price_history_today(&today);
		price_history_check(&s.in.data, today.ptr, opt->max_age_days, diag);
		data_check_dates(&s.in.data, today.ptr, diag);
		articles_check_dates(&s, today.ptr, diag);
		buf_release(&today);
		if (render_pages(&s, NULL, NULL, NULL) != 0 ||
		    i18n_report_uses(&s.in.i18n, diag) != 0 || diag_failed(diag))
			rc = -1;
		else
			health_report(&s, stdout);
	}
	if (rc == 0 && out) {
		if (output_begin_locked(out, diag) != 0) {
			output_free(out);
			rc = -1;
		} else {
			out->jobs = pool_size(s.in.opt.jobs);
			struct render_cache rc_cache = {
				.old = cache->have_old ? &cache->old : NULL,
				.next = &cache->next,
				.reuse = search_pages_reuse,
				.wants_last = search_pages_wants_last,
			};
			rc = render_all(&s, out, stats, &rc_cache);
			if (i18n_report_uses(&s.in.i18n, diag) != 0)
				rc = -1;
			if (rc == 0 && !diag_failed(diag))
				rc = diag_check_stdout(diag);
			if (rc == 0 && !diag_failed(diag))
				rc = output_commit(out);
			else
				output_abort(out);
			if (rc == 0) {
				diag_flush_capped(diag); /* its "... and N more" kept too */
				publish_and_free(&s, opt, cache, out);
				freed = true;
			}
			stats->written = out->written;
			stats->unchanged = out->unchanged;
			stats->removed = out->removed;
			output_free(out);
		}
	}
	bool placeholder_url = s.in.placeholder_url;
	if (!freed)
		site_free(&s);
	diag_flush_capped(diag);
	stats->placeholder_url = placeholder_url;
	stats->warnings = diag->warnings;
	stats->ms = now_ms() - start;
	stats->finish_ms = stats->ms - stats->load_ms - stats->plan_ms - stats->render_ms;
	stats->markdown_ms = atomic_load(&timings.markdown_ns) / 1e6;
	stats->search_ms = atomic_load(&timings.search_ns) / 1e6;
	stats->cache_ms = cache_begin_ms + atomic_load(&timings.cache_ns) / 1e6;
	stats->ledger_ms = atomic_load(&timings.ledger_ns) / 1e6;
	stats->search_again = atomic_load(&timings.search_again);
	stats->spliced = atomic_load(&timings.spliced);
	stats->remade = atomic_load(&timings.remade);
	return rc == 0 && !diag_failed(diag) ? 0 : 1;
}

int build_site(const struct site_options *opt, struct diag *diag,
	       struct build_stats *stats)
{
	stats->cache_ms = 0;
	if (!opt->write || opt->dry_run)
		return build_with_cache(opt, diag, stats, NULL, NULL);
	double start = now_ms();
	/* the lock first: the cache beside the output is read by the build
	 * that publishes, never while another one replaces it */
	struct output out;
	memset(&out, 0, sizeof out);
	if (output_check_target(opt->out, opt->root, diag) != 0 ||
	    output_lock(&out, opt->out, diag) != 0) {
		memset(stats, 0, sizeof *stats);
		diag_flush_capped(diag);
		stats->warnings = diag->warnings;
		return 1;
	}
	struct cache_state cache;
	cache_begin(&cache, opt, diag);
	/* what the build says, to keep its warnings: the diag's log when it
	 * has one (serve's), else one of the build's own */
	struct buf said = BUF_INIT;
	struct buf *log_was = diag->log;
	if (!log_was)
		diag->log = &said;
	cache.said = diag->log;
	cache.said_from = diag->log->len;
	/* what the cache itself said (not used, say) is not the inputs': a
	 * build with nothing to do neither says it again nor counts it */
	cache.warnings_from = diag->warnings;
	struct buf warnings = BUF_INIT;
	int nwarnings = 0;
	int rc;
	if (cache_says_nothing_to_do(&cache, opt->out, opt->jobs) &&
	    pagecache_warnings(&cache.old, &nwarnings, &warnings) == 0) {
		memset(stats, 0, sizeof *stats);
		cache_report_unchanged(&cache, stats);
		diag_replay(diag, warnings.ptr, warnings.len, nwarnings);
		stats->warnings = diag->warnings;
		stats->ms = stats->load_ms = stats->cache_ms = now_ms() - start;
		rc = 0;
	} else {
		stats->cache_ms = now_ms() - start;
		/* the last build's files listed: the site the swap takes out is
		 * kept as the next build's staging folder (output.h) */
		if (cache.have_old) {
			output_keep_spare(&out, &cache.old.file_index);
			pagecache_index_memos(&cache.old); /* before the threads look */
		}
		rc = build_with_cache(opt, diag, stats, &cache, &out);
	}
	if (out.dir) /* locked, never begun: the build stopped before */
		output_unlock(&out);
	diag->log = log_was;
	buf_release(&said);
	buf_release(&warnings);
	cache_end(&cache);
	return rc;
}
