/* site: one build's inputs, its plan, and the context of a page.
 *
 * A build is three things, kept apart by their types:
 * - struct site_inputs: what every page is made from (options, data,
 *   metrics, UI strings, templates, articles, and what the modules derive
 *   from them while planning). Read-only once pages render.
 * - struct site_plan: the pages, each a spec (language, path, template,
 *   context or the function that builds it), indexed by language and path.
 *   Page modules add pages with site_add_page while planning (they have
 *   the whole struct site); the renderer (render.h) turns the specs into
 *   HTML.
 * - struct page_ctx: what a page's own code gets while the page is made:
 *   the inputs through a const pointer, its arena, its messages, its
 *   figure marks, its language and path. A page builder receives this and
 *   its spec, nothing else: it cannot reach the plan or another page's
 *   state, nor write the inputs (tests/page_ctx.sh shows the compiler
 *   refusing each). That is what lets the page cache (pagecache.h) trust a
 *   page's digest: what a page shows comes from its context alone.
 *
 * Links are made with site_href and friends. Nothing here calls the page
 * modules: this is the floor they stand on.
 */
#ifndef GPUGUIDE_SITE_H
#define GPUGUIDE_SITE_H

#include "base/arena.h"
#include "model/data.h"
#include "model/i18n.h"
#include "markdown/markdown.h"
#include "model/metrics.h"
#include "base/strmap.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct article_meta;
struct cite_memo;
struct diag;
struct guide_ledger;
struct assets;
struct ledger_sink;
struct markdown_memo;
struct guide_charts;
struct output;
struct pages_kit;
struct site;
struct search_pages;
struct tmpl_set;
struct value;

struct site_options {
	const char *root;     /* project folder (content/, data/, templates/) */
	const char *out;      /* output folder, default <root>/site */
	const char *base_url; /* for canonical links, feeds, sitemap */
	bool write;           /* false for `gen check`: validate only */
	int jobs;             /* rendering threads; 0: one per core */
	bool verbose;
	bool dry_run;         /* build and report, write nothing */
	long max_age_days;    /* check: warn about quotes older (0: no limit) */
};


/* A page's context while it is built (struct page_ctx, below). */
struct page_ctx;
struct price_change;

/* A page to render. Strings and the context are borrowed (build arena). */
struct page_spec {
	enum lang lang;
	const char *path;     /* under the language root: "" or "gpus/rtx-4090/" */
	const char *alt_path; /* the same page in the other language; NULL: none */
	const char *template_name; /* e.g. "pages/gpu" */
	const char *title;
	const char *description; /* NULL: the site's description */
	const char *section;  /* nav key of the current section, e.g. "gpus" */
	struct value *ctx;    /* page data, a map (its keys join the layout's) */
	/* Or, instead of ctx: build the page data when the page is rendered,
	 * from the page's context alone (struct page_ctx: the inputs, read
	 * only, and the page's own arena, messages and figure marks; not the
	 * plan, not another page). The arena is emptied after the page, so
	 * memory stays flat however many pages there are. NULL on error
	 * (reported to pc->diag). */
	struct value *(*build)(const struct page_ctx *pc, const struct page_spec *p);
	/* Called once the page's context is digested, when `build` set it:
	 * `render` when the page is to be written (what the digest stands for
	 * but the context left out goes in: an article's HTML), not when it is
	 * kept as published; frees what build left for it either way. 0, or
	 * -1 (reported). NULL: nothing to complete. */
	int (*complete)(const struct page_ctx *pc, const struct page_spec *p,
			struct value *ctx, bool render);
	/* May be NULL. For a `build` whose context is made of inputs known
	 * before it is built (a data table's page; an article's, once its
	 * shortcodes are resolved; a GPU's or a comparison's, from the data
	 * about its GPUs): the digest of all the context is made from but the
	 * page's language, path, template and frame, into *key, taken instead
	 * of the context's, so that a page kept as published is not built at
	 * all (`complete` is then called with no context and `render` false:
	 * it places what the page shows besides itself, a chart's file).
	 * Messages come from here, not from `build`: a kept page makes them
	 * too; the figure marks `build` makes are kept in the page's record
	 * and made again when it is kept (render.c). 0, or -1 (reported;
	 * `complete` is called as for a kept page). */
	int (*inputs)(const struct page_ctx *pc, const struct page_spec *p,
		      struct digest_value *key);
	/* May be NULL (both). A key of the page's context holding a string
	 * its template writes once, as it is ({{{key}}}: an article's body),
	 * and `shell`: all the context (`ctx`, complete) is made from but
	 * that string, and but the page's language, path, template and frame
	 * (as for inputs), added to `d`. A page rendered again whose shell is
	 * the one its published file was rendered from is that file with the
	 * string's bytes replaced, not rendered again (render.c). */
	const char *splice;
	void (*shell)(const struct page_ctx *pc, const struct page_spec *p,
		      const struct value *ctx, struct digest *d);
	/* for build: the page's own, read and written by its build alone (an
	 * article page keeps what rendering its article found) */
	void *arg;
	struct value *crumbs; /* list of {title, href} above this page, or NULL */
};

/* What every page is made from: the options, the data and its derived
 * figures, the UI strings, the templates, the articles, and what the
 * modules derive from them while the pages are planned (on one thread).
 * A page builder sees it through `const struct site_inputs *`: it may
 * read, never assign. (C's const is shallow: what the arrays point to is
 * kept by convention, and the pages' own results go through their arg.) */
struct site_inputs {
	struct site_options opt;
	struct data data;
	struct metrics metrics;
	struct i18n i18n;
	struct tmpl_set *templates;
	struct article *articles; size_t narticles, cap_articles;
	long *translation_of;     /* [narticles]: index of the translation, or -1 */
	char *date;               /* the build's date, from data or SOURCE_DATE_EPOCH */
	enum lang default_lang;   /* x-default links (data/site.csv) */
	bool placeholder_url;     /* the base URL is SETTINGS_PLACEHOLDER_URL */
	/* every price change, newest first (price_history_changes, made
	 * once: the price feed's entries), owned by the build; every page
	 * links the feed only when there is one */
	struct price_change *price_changes;
	size_t nprice_changes;
	struct assets *assets;    /* templates/assets/, owned by the build */
	/* the last build's records of work by its input (markdown.h's
	 * interface): what cmark made of articles, the charts' drawings; or
	 * NULL */
	const struct markdown_memo *markdown_memo;
	struct data_digests digests; /* of the data, for site_gpus_inputs (build arena) */
	struct guide_ledger *ledger; /* the figures pages show, owned by guide_ledger.c */
	/* while pages render against a published site (render.c), or NULL */
	const struct published_files *published;
	struct article_meta *article_meta; /* owned by articles.c (build arena) */
	struct pages_kit *pages_kit;  /* owned by present.c (build arena) */
};

/* The files the published site holds as the last build left them: keep
 * the one at `rel` (under the output folder) as it is when it still is
 * (output_keep): 1 kept, 0 not (the caller writes it), -1 error (reported
 * to `diag`). Thread-safe. For what a page kept as published without being
 * built would have written besides itself (a chart's file). */
struct published_files {
	int (*keep)(void *ctx, const char *rel, struct diag *diag);
	void *ctx;
};

/* The plan: every page, by language and path, and the keys every page of
 * a language shares. Filled while planning; the renderer reads it. */
struct site_plan {
	struct page_spec *pages;  size_t npages, cap_pages;
	/* [npages] the pages in the order the renderer hands them out (in the
	 * site's arena; NULL: plan order), set by the plan's last step. Any
	 * order gives the same site; this one suits what is collected as
	 * pages are rendered (search_pages.h) */
	const size_t *order;
	struct strmap page_paths; /* "<lang>/<path>" of every page, for site_has_page */
	struct value *lang_ctx[LANG_COUNT]; /* shared keys of every page */
};

/* One build: its inputs, its plan, and what the build itself holds: its
 * arena, its messages, the chart files every page shares (they know the
 * output while pages render, guide_charts.h), the search index. Planning
 * and finishing use all of it; a page builder gets a struct page_ctx. */
struct site {
	struct site_inputs in;
	struct site_plan plan;
	struct diag *diag;
	struct arena arena;       /* lives the whole build */
	struct guide_charts *charts;   /* owned by guide_charts.c */
	struct search_pages *search;    /* owned by search_pages.c */
	struct site_timings *timings; /* the build's (NULL: not measured) */
};

/* A page's splice string (page_spec.splice) as its published file has it,
 * where the last build that wrote the file put it (render.c, which reads
 * the file): get() gives 0 with *s and *len set (valid until the page is
 * done), or -1 when there is none. */
struct page_published {
	int (*get)(void *ctx, const char **s, size_t *len);
	void *ctx;
};

/* A page being made: all that a page builder (page_spec.build) and the
 * functions it calls may use. The inputs are read-only; the arena, the
 * messages and the figure marks are the page's own; the chart files are
 * shared with every page (locked, see guide_charts.h). Planning makes one
 * of these over the build's own arena and messages (present.h,
 * pg_planning). */
struct page_ctx {
	const struct site_inputs *in;
	struct arena *arena;      /* the page's (emptied after it) or the build's */
	struct diag *diag;
	/* where the page's figure marks go: its own sink while it renders, the
	 * plan's while it is planned (then keyed by language and path) */
	struct ledger_sink *marks;
	struct guide_charts *charts; /* the standalone chart files */
	/* the keys every page of the page's language shares (the plan's
	 * lang_ctx[l], read only: a partial rendered inside the page sees
	 * them as the page does), or NULL while planning */
	struct value *lang_keys;
	struct site_timings *timings; /* NULL: not measured */
	enum lang l;
	const char *path;         /* the page's, for relative links; or NULL */
	struct buf *scratch;      /* short texts are built here; or NULL */
	/* the shortcodes the rendering thread has resolved (cite_memo.h), or NULL */
	struct cite_memo *cites;
	/* the page's splice string as the published site has it, or NULL:
	 * none asked (a build without a published site) */
	const struct page_published *published;
	/* a document that holds other pages (the report): a map from such a
	 * page's path to the "#id" of its part, where pg_href_to leads a link
	 * to it; or NULL */
	const struct value *anchors;
};


/* Where a build's time goes besides its phases: wall time spent in each
 * part, summed over the threads that did it (nanoseconds). Owned by the
 * build; every thread's view of the site points to the one record. */
struct site_timings {
	_Atomic uint64_t markdown_ns; /* articles rendered (cmark, shortcodes) */
	_Atomic uint64_t search_ns;   /* pages indexed, index files written */
	_Atomic uint64_t cache_ns;    /* the page cache: loaded, consulted, kept */
	_Atomic uint64_t ledger_ns;   /* the figure ledger finished and diffed */
	_Atomic size_t search_again;  /* pages indexed from their figures alone */
	_Atomic size_t spliced;       /* pages made from their published files
					 (page_spec.splice) */
	_Atomic size_t remade;        /* articles whose cmark HTML was made
					 again from their published pages
					 (markdown_pending_remade) */
};

/* A monotonic clock in nanoseconds, and the time since `start` added to
 * `*sum` (nothing when `sum` is NULL). */
uint64_t site_clock_ns(void);
void site_timing_add(_Atomic uint64_t *sum, uint64_t start);

/* Queue a page (planning phase). The spec is copied; what it points to must
 * live as long as the build arena. */
void site_add_page(struct site *s, const struct page_spec *spec);

/* True when a page of language `l` at `path` is planned. */
bool site_has_page(const struct site *s, enum lang l, const char *path);

/* How many folders up from the page at `path` lead to the site's root:
 * the language folder and each of the path's ("" 1, "gpus/" 2, "gpus/a/"
 * 3), the ups every link of site_href from that page begins with. */
int site_path_depth(const char *path);
/* A path relative to the page at `from` (e.g. "gpus/a/") leading to the
 * language-root path `to` in language `to_lang`: "../../zh/gpus/a/". The
 * result lives in `a`. */
const char *site_href(struct arena *a, enum lang from_lang, const char *from,
		      enum lang to_lang, const char *to);
/* Breadcrumbs for a page at `from`: Home, then (when section_key is not
 * NULL) the section, named by that UI string key, at `section_path`. */
struct value *site_crumbs(const struct site_inputs *in, struct arena *a, enum lang l,
			  const char *from, const char *section_key,
			  const char *section_path);

/* The base URL without trailing slashes ("" when none is set), and the
 * absolute URL of a page: base/lang/path. Memory: `a`. */
const char *site_base_url(const struct site_inputs *in, struct arena *a);
/* What a page about the GPUs `gpus` (n of them) is made of, of the build's
 * inputs, into `d`: the data but the rows about other GPUs than those and
 * the relative-speed baseline (a figure of a GPU is made of its own rows
 * and the baseline's: metrics.h; data_digests), which of them is the
 * cheapest and the fastest at each task (of all GPUs), the base URL and
 * the build's date. A page's `inputs` (page_spec) adds what else it reads. */
struct digest;
void site_gpus_inputs(const struct site_inputs *in, const size_t *gpus, size_t n,
		      struct digest *d);
const char *site_page_url(const struct site_inputs *in, struct arena *a, enum lang l,
			  const char *path);

/* A UI string key as templates name it under "t": "nav.gpus" is
 * t.nav_gpus, because a dot in a Mustache name walks into a map (the
 * site's arena). */
char *site_ui_key(struct site *s, const char *key);
/* Make the keys every page of a language shares, s->plan.lang_ctx (before
 * planning): the language, its UI strings ("t"), the sources, the build's
 * date. */
void site_lang_contexts(struct site *s);
/* `text` as the inside of a CSS string (the page margins of print, in
 * the layout's <style>): quotes and backslashes escaped, and <, >, & as
 * hex escapes, so nothing closes the string or the element. Memory: `a`. */
const char *site_css_string(struct arena *a, const char *text);

/* A source's title in language l: its own when it is written in l, else
 * its title_<l> when given (the original then goes beside it). */
const char *site_source_title(const struct source *src, enum lang l);
/* "original title: 如何为AI训练选择合适的GPU" (data.original_title) when
 * site_source_title is a translation, else "", in `a`: the footer and the
 * report's references name a source alike. */
const char *site_source_original(struct arena *a, const struct i18n *t,
				 const struct source *src, enum lang l);
/* What kind of document a source is, in language l ("" when not said). */
const char *site_source_kind(const struct source *src, enum lang l);
/* A title as running text and tables name it in language l: in its title
 * marks (punct.title_open/close: 《训练指南》; none in English), in `a`. */
const char *site_title_marked(struct arena *a, const struct i18n *t, enum lang l,
			      const char *title);

/* The file of the page at `path` in language l, relative to the site's
 * folder ("en/gpus/rtx-4090/index.html"). Memory: `a`. */
const char *site_page_file(struct arena *a, enum lang l, const char *path);

/* A link to a file at the site root (e.g. "style.css", "data/gpus.csv"). */
const char *site_root_href(struct arena *a, const char *from, const char *file);

/* "No data" in a table cell, as every table of the site shows it (the
 * templates' partials/guide-cell too): a compact mark (UI string
 * nodata.mark) hidden from screen readers, then `text` ("no data (no
 * rental price seen)") for screen readers only. Appended to `out`, which
 * holds the opened <td ...; this adds the cell's title (`text`, for the
 * pointer), closes the tag and writes the contents, not </td>. The legend
 * under the table (site_nodata_legend) explains the mark. */
void site_nodata_cell(const struct site_inputs *in, enum lang l, const char *text,
		      struct buf *out);
/* The words every chart of the site takes from the UI strings of language
 * l, set in `t`: "no data" and the punctuation a chart composes with
 * (list, pair and label separators, an aside's brackets). chart/ knows no
 * language; the guide's charts and the price histories both ask here. */
struct chart_text;
void site_chart_words(const struct site_inputs *in, enum lang l, struct chart_text *t);

/* The legend under a table holding such a mark (partials/nodata-legend). */
void site_nodata_legend(const struct site_inputs *in, enum lang l, struct buf *out);

#endif
