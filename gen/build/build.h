/* build: one build, from the inputs to the published folder.
 *
 *     load      data/ (csv, schema, data), metrics, templates, content/
 *     plan      articles, pages (GPU, compare, guide), datapages: specs
 *               added to the registry (site.h)
 *     render    every page on every core (render.h), into a staging
 *               folder beside the output folder (output.h)
 *     finish    the root index, assets, CSV downloads, charts, feeds and
 *               sitemap; then the staging folder is swapped in with one
 *               atomic rename (an unchanged file keeps its bytes and mtime)
 *
 * Any error before the swap removes the staging folder: the old site stays
 * exactly as it was. `gen check` runs load, plan and render without writing.
 */
#ifndef GPUGUIDE_BUILD_H
#define GPUGUIDE_BUILD_H

#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;

struct build_stats {
	size_t written, unchanged, removed;
	int warnings;
	double ms;
	/* where the time went: reading inputs, planning pages, rendering them
	 * (on every core), and the rest (site-wide files, publishing) */
	double load_ms, plan_ms, render_ms, finish_ms;
	/* and in these parts, summed over the threads that did them
	 * (site_timings): articles' Markdown, the search index, the page
	 * cache (loaded, consulted, written), the figure ledger */
	double markdown_ms, search_ms, cache_ms, ledger_ms;
	size_t rendered;  /* pages rendered */
	size_t search_again; /* of which indexed from their figures alone
				(search_pages_collect) */
	size_t spliced;      /* of which made from their published files
				(render.c: page_spec.splice) */
	size_t remade;       /* articles whose cmark HTML was made again from
				their published pages (markdown.h) */
	size_t kept;      /* pages kept from the published site unrendered
			     (their inputs had not changed: pagecache.h) */
	bool nothing_to_do; /* the inputs and the site were as the last
			       build left them: nothing was read or written */
	bool placeholder_url; /* the base URL is the placeholder (settings.h) */
	/* what the build changed in the figures the site shows (guide_ledger.h),
	 * against the published ledger; NULL when nothing changed. The
	 * caller's, to free() */
	char *report;
};
/* Run a whole build (or, with opt->write false, a check; with
 * opt->dry_run, a build that renders every page and reports what would
 * change but writes nothing). Returns 0 on success, 1 on input errors (all
 * reported to diag). */
int build_site(const struct site_options *opt, struct diag *diag,
	       struct build_stats *stats);

#endif
