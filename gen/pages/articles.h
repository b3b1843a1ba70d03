/* articles: the Markdown articles of both languages as pages (as
 * content.h loaded them): the article pages (rendered when their page is, so a
 * large site never holds every body at once), the article index, tag pages
 * and the list of the latest articles that the home page shows.
 */
#ifndef GPUGUIDE_ARTICLES_H
#define GPUGUIDE_ARTICLES_H

#include "model/i18n.h"

#include <stddef.h>

struct article;
struct site;
struct value;

/* How many of a language's newest articles the Atom feed carries; their
 * HTML is kept after their page is rendered. */
#define ARTICLES_IN_FEED 20

/* Plan the article pages, the article index and tag pages of both
 * languages. `after_lists` (may be NULL) is called once a language's index
 * and tag pages are planned, so the caller can plan the pages it wants
 * next in the plan's order (the home page), which articles knows nothing
 * of. */
void articles_plan(struct site *s, void (*after_lists)(struct site *s, enum lang l));

/* The path of article a's page below its language's root,
 * "articles/<slug>/" (in `ar`). */
struct arena;
const char *articles_page_path(struct arena *ar, const struct article *a);

/* Warn (`gen check`) about every article dated after `today` (YYYY-MM-DD):
 * a typo (2062 for 2026) that would put it first in every list and make
 * its date the build's. */
struct diag;
void articles_check_dates(const struct site *s, const char *today, struct diag *diag);

/* The articles of language l in load order (the build arena's: `n` set). */
const struct article **articles_in(struct site *s, enum lang l, size_t *n);

/* The `max` newest articles of language l, as the home page lists them
 * (summaries with links relative to the home page); after articles_plan.
 * Memory: the build arena. */
struct value *articles_latest(struct site *s, enum lang l, size_t max);

#endif
