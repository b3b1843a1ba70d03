/* pages_home: where a reader arrives. Each language's home page (the
 * guide's block: use cases with their picks and prices, the headline
 * comparisons, case studies, a link to every section and to the report;
 * then the latest articles), and the 404 page, one file for both
 * languages at the site root.
 */
#ifndef GPUGUIDE_PAGES_HOME_H
#define GPUGUIDE_PAGES_HOME_H

#include "model/i18n.h"

struct output;
struct site;

/* Add the home page of language l to the plan (after the articles' lists:
 * it shows the latest ones, articles_latest). */
void pages_home_plan(struct site *s, enum lang l);

/* Render and add site/404.html (templates/pages/404). Returns 0, or -1
 * after reporting a problem. */
int pages_home_write_404(struct site *s, struct output *o);

#endif
