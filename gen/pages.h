/* pages: the guide's pages built from data (GPUs, comparisons, tasks, use
 * cases, techniques, VRAM fit, inference), in both languages (the data
 * tables, data health and methodology pages are datapages.c's). Each page's context is assembled here, in
 * C, with every figure already formatted, so templates never compute.
 */
#ifndef GPUGUIDE_PAGES_H
#define GPUGUIDE_PAGES_H

/* The most prices a GPU page lists (the prices table and its CSV hold
 * every one). */
#define PAGES_MAX_PRICES 100

#include "i18n.h"

struct site;
struct value;

/* Add every guide page of both languages to the site's plan. */
void pages_plan(struct site *s);

/* The home page's guide block for language `l`: a map with one key, "guide"
 * (use cases with their picks and current price per hour, headline
 * comparisons, links to every section), for templates/partials/guide-home.
 * Links are relative to the home page. Memory: the build arena. */
struct value *pages_home_context(struct site *s, enum lang l);

#endif
