/* site: the page registry of one build.
 *
 * struct site holds what every page is made from (options, data, metrics,
 * UI strings, templates, articles) and the plan: the pages, each a spec
 * (language, path, template, context), indexed by language and path. Page
 * modules (pages, articles, datapages) add pages with site_add_page while
 * planning, and make links with site_href and friends; the renderer
 * (render.h) turns the specs into HTML; the build (build.h) runs it all.
 * Nothing here calls those modules: this is the floor they stand on.
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
struct diag;
struct figures;
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
	/* Or, instead of ctx: build the page data when the page is rendered.
	 * `s` is then a per-thread view of the site whose arena is emptied
	 * after the page, so memory stays flat however many pages there are;
	 * diagnostics go to s->diag. NULL on error (reported). */
	struct value *(*build)(struct site *s, const struct page_spec *p);
	const void *arg;      /* for build */
	struct value *crumbs; /* list of {title, href} above this page, or NULL */
};

struct site {
	struct site_options opt;
	struct diag *diag;
	struct arena arena;       /* lives the whole build */
	struct data data;
	struct metrics metrics;
	struct i18n i18n;
	struct tmpl_set *templates;
	struct article *articles; size_t narticles, cap_articles;
	long *translation_of;     /* [narticles]: index of the translation, or -1 */
	struct value *lang_ctx[LANG_COUNT]; /* shared keys of every page */
	struct page_spec *pages;  size_t npages, cap_pages;
	struct strmap page_paths; /* "<lang>/<path>" of every page, for site_has_page */
	char *date;               /* the build's date, from data or SOURCE_DATE_EPOCH */
	struct guide_charts *charts;   /* owned by guide_charts.c */
	struct article_meta *article_meta; /* owned by articles.c (build arena) */
	struct pages_kit *pages_kit;  /* owned by present.c (build arena) */
	struct search_pages *search;    /* owned by search_pages.c */
	struct output *out;       /* while pages render: where files go */
	struct figures *figures;  /* the figure ledger, owned by figures.c */
	struct assets *assets;    /* templates/assets/, owned by the build */
	enum lang default_lang;   /* x-default links (data/site.csv) */
	bool placeholder_url;     /* the base URL is SETTINGS_PLACEHOLDER_URL */
	struct ledger_sink *figures_sink; /* the page's own while it renders */
	/* what cmark made of articles in the last build (markdown.h), or NULL */
	const struct markdown_memo *markdown_memo;
	struct site_timings *timings; /* the build's (NULL: not measured) */
};

/* Where a build's time goes besides its phases: wall time spent in each
 * part, summed over the threads that did it (nanoseconds). Owned by the
 * build; every thread's view of the site points to the one record. */
struct site_timings {
	_Atomic uint64_t markdown_ns; /* articles rendered (cmark, shortcodes) */
	_Atomic uint64_t search_ns;   /* pages indexed, index files written */
	_Atomic uint64_t cache_ns;    /* the page cache: loaded, consulted, kept */
	_Atomic uint64_t ledger_ns;   /* the figure ledger finished and diffed */
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

/* A path relative to the page at `from` (e.g. "gpus/a/") leading to the
 * language-root path `to` in language `to_lang`: "../../zh/gpus/a/". The
 * result lives in the build arena. */
const char *site_href(struct site *s, enum lang from_lang, const char *from,
		      enum lang to_lang, const char *to);
/* Breadcrumbs for a page at `from`: Home, then (when section_key is not
 * NULL) the section, named by that UI string key, at `section_path`. */
struct value *site_crumbs(struct site *s, enum lang l, const char *from,
			  const char *section_key, const char *section_path);

/* The base URL without trailing slashes ("" when none is set), and the
 * absolute URL of a page: base/lang/path. Memory: the site's arena. */
const char *site_base_url(struct site *s);
const char *site_page_url(struct site *s, enum lang l, const char *path);

/* A source's title in language l: its own when it is written in l, else
 * its title_<l> when given (the original then goes beside it). */
const char *site_source_title(const struct source *src, enum lang l);

/* A link to a file at the site root (e.g. "style.css", "data/gpus.csv"). */
const char *site_root_href(struct site *s, enum lang from_lang, const char *from,
			   const char *file);

/* "No data" in a table cell, as every table of the site shows it (the
 * templates' partials/guide-cell too): a compact mark (UI string
 * nodata.mark) hidden from screen readers, then `text` ("no data (no
 * rental price seen)") for screen readers only. Appended to `out`, which
 * holds the opened <td ...; this adds the cell's title (`text`, for the
 * pointer), closes the tag and writes the contents, not </td>. The legend
 * under the table (site_nodata_legend) explains the mark. */
void site_nodata_cell(const struct site *s, enum lang l, const char *text,
		      struct buf *out);
/* The legend under a table holding such a mark (partials/nodata-legend). */
void site_nodata_legend(const struct site *s, enum lang l, struct buf *out);

#endif
