/* health: the data-health report. Turns the findings of metrics (struct
 * finding: two figures that disagree, a figure no source gives) into
 * sentences for people in either language, names the sources behind each,
 * and prints the report of `gen check` (rows per table, findings by kind,
 * articles whose translations are missing or cite different figures).
 *
 * Sentences come from i18n templates (data/i18n.csv keys "health.<kind>")
 * whose {placeholders} are filled with names and figures already formatted
 * for the language, e.g. "{gpu}: hourly prices run from {low} to {high}".
 */
#ifndef GPUGUIDE_HEALTH_H
#define GPUGUIDE_HEALTH_H

#include "model/i18n.h"
#include "model/findings.h"

#include <stddef.h>
#include <stdio.h>

struct page_ctx;

struct buf;
struct site;
struct site_inputs;

/* The finding kinds in the order the report and the page show them. */
#define HEALTH_KIND_COUNT 7
extern const enum finding_kind health_kinds[HEALTH_KIND_COUNT];

/* Append `tmpl` with each "{name}" replaced by its text: `pairs` holds
 * `n` {name, text} pairs. A brace naming no pair is copied as it is. */
void health_fill(struct buf *out, const char *tmpl, size_t n,
		 const char *const pairs[][2]);

/* The i18n key stem of a kind: "price_spread", "claim_mismatch", ...
 * (keys "health.<stem>", "health.kind.<stem>", ...). Static string. */
const char *health_kind_stem(enum finding_kind kind);

/* Append the intro of a kind's group (health.intro.<stem>); the missing
 * figures' names the columns findings looks at ({figures}). */
void health_intro(const struct site_inputs *in, enum finding_kind kind, enum lang l,
		  struct buf *out);

/* Append one sentence (plain text, not HTML) saying what `f` found, with the
 * figures held against each other, in language `l`; for a claim, the note
 * claims.csv gives it after it. */
void health_describe(const struct site_inputs *in, const struct finding *f,
		     enum lang l, struct buf *out);

/* The figures of `f` formatted for `l`, appended to `stated` and `computed`
 * (the first and second figure held against each other: lowest and highest
 * price, claimed and measured ratio, ...). Both stay empty for a missing
 * figure. */
void health_figures(const struct site_inputs *in, const struct finding *f,
		    enum lang l, struct buf *stated, struct buf *computed);

/* The figures of `f` that are ledger figures, shown on page p: a spread's
 * lowest and highest price, a rule of thumb and the memory by bytes per
 * parameter, a stated cost and its computed one. */
void health_show_figures(const struct page_ctx *p, const struct finding *f);

/* The ids of the sources behind `f` (distinct, in table order), at most
 * `max` of them written to `ids` (borrowed from the data tables). Returns
 * how many were written. */
size_t health_sources(const struct site_inputs *in, const struct finding *f,
		      const char **ids, size_t max);

/* The report of `gen check`, in English: "data/gpus.csv: 10 rows" per table,
 * the findings grouped by kind, then the translations report (articles in
 * one language only; translation pairs whose cited figures differ). */
void health_report(struct site *s, FILE *out);

/* Only the translations part of the report. Returns the number of problems
 * found (0: every article has its pair and pairs cite the same figures). */
int health_report_translations(const struct site *s, FILE *out);

#endif
