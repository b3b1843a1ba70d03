/* findings: the data-health findings, where the sources disagree with one
 * another or with the figures derived from them (a card's prices across
 * sources, a stated speed ratio against the results, a rule of thumb against
 * params x bytes, a source's own cost against the one computed, a quote's
 * total against its cards), and the figures no source gives. Pure, from the
 * data and its metrics (metrics_compute first); the health page and the data
 * pages say them.
 *
 * Ownership: the findings live in the data's arena, as the metrics do;
 * struct metrics holds them (findings, nfindings) so that a page that has
 * the metrics has them too. */
#ifndef GPUGUIDE_FINDINGS_H
#define GPUGUIDE_FINDINGS_H

#include "model/metrics.h"

/* Relative tolerance when a stated figure is held against one implied by
 * other figures (a claim, a rule of thumb): 15 %. */
#define METRICS_TOLERANCE 0.15

enum finding_kind {
	FINDING_PRICE_SPREAD,  /* one GPU, prices that differ across sources */
	FINDING_CLAIM_MISMATCH, /* a stated ratio the results do not give */
	FINDING_SPEED_MISMATCH, /* task-time speed vs stated relative speed */
	FINDING_VRAM_RULE,      /* rule-of-thumb row vs params x bytes */
	FINDING_MISSING,        /* a figure no source gives */
	FINDING_STATED_COST,    /* a source's own cost vs the one computed */
	FINDING_QUOTE_TOTAL,    /* a quote's total vs cards x per-card price */
};

/* One data-health finding. Indexes are -1 where they do not apply. */
struct finding {
	enum finding_kind kind;
	long gpu, other_gpu, task, benchmark, claim, vram_row;
	long stated_cost, price_row; /* data.stated_costs, data.prices */
	double stated, computed;     /* the two figures held against each other */
	double stated_high;          /* upper end when a range was stated */
	double computed_high;        /* upper end of a computed range */
	const char *field;           /* FINDING_MISSING: the empty column */
};

/* The GPU columns an empty cell of which is a finding (FINDING_MISSING):
 * the figures most of the guide's pages work from. */
#define FINDINGS_MISSING_COLUMNS 4
extern const enum gpu_column findings_missing_columns[FINDINGS_MISSING_COLUMNS];

/* Find every finding of `d` whose figures `m` holds (metrics_compute's),
 * by kind in the order above, then by table row: into m->findings and
 * m->nfindings, from `d->arena`. */
void findings_compute(const struct data *d, struct metrics *m);

/* Whether data health questions the time of job `task` on GPU `gpu` (its
 * speed against the card's results: FINDING_SPEED_MISMATCH): every page
 * that prints that time says so beside it. */
bool findings_time_questioned(const struct metrics *m, size_t task, size_t gpu);

#endif
