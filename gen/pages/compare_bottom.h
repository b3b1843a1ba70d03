/* compare_bottom: a comparison page's sentences. First the bottom line that
 * opens it: two or three sentences a buyer can act on, drawn from the same
 * figures, model (model/compare.h) and rounding as the evidence below them
 * (whose sentences about results and costs are made here too): the card for
 * speed (wins on the benchmarks both were measured on alike), the card for
 * cost per job (wins on the jobs priced on both), then memory or what the
 * sources recommend each card for; or, when the sources measured the two on
 * nothing in common, why the data cannot decide. Each sentence comes whole
 * from its cmp.bl.* template of the page's language.
 */
#ifndef GPUGUIDE_COMPARE_BOTTOM_H
#define GPUGUIDE_COMPARE_BOTTOM_H

#include <stdbool.h>
#include <stddef.h>

struct benchmark;
struct cmp_pair;
struct figure;
struct page_ctx;
struct result;
struct task_cost;

/* The bottom line of the pair page of GPUs ga and gb, in the page's arena. */
const char *compare_bottom_line(const struct page_ctx *p, size_t ga, size_t gb);

/* The sentences of the evidence under it about the two GPUs' results, by
 * the same model from the figures the page's tables print (pages_compare
 * puts them in the verdict, the figures they name in the ledger). */
/* One benchmark's results of two GPUs (xa, xb) as the comparison model's
 * pair, whose sentence (pg_comparison) and table cell say one thing: its
 * quantity (speed, latency, time, efficiency), the values as the table
 * prints them with what each was measured under, and no ratio between
 * unlike conditions (`same` false). */
struct cmp_pair compare_bench_pair(const struct page_ctx *p, const struct benchmark *bm,
				   const struct result *xa, const struct result *xb, bool same);
/* For a benchmark of a model too big for one card: how many cards each of
 * GPUs ga and gb needs to hold its weights (those figures shown in the
 * ledger); "" when both hold it on one. */
const char *compare_fit_sentence(const struct page_ctx *p, const struct benchmark *bm,
				 size_t ga, size_t gb);
/* Its template: "cmp.fit_one_card" when one card of either GPU holds the
 * weights (na, nb: the cards each needs), the one that does named first
 * (*swap: b's first), read as "1 A100 80GB holds them, while it takes 2
 * RTX 4090"; "cmp.fit_cards" when neither does. */
const char *compare_fit_key(struct figure na, struct figure nb, bool *swap);
/* Job t's costs on two GPUs (xa, xb) in one sentence, by the comparison
 * model: equal printed costs are about the same; costs with a range (a
 * time range) stated side by side, the cheaper first as the job table
 * marks it (metrics_cheaper: end to end, none between ranges that cross),
 * without a percentage one range cannot give. *winner (metrics_cheaper,
 * the winner the ledger and the job table take): 1 for xa's GPU,
 * -1 for xb's, 0 for neither; *judged whether the sentence is the
 * comparison model's judgement of *pair (one cost each: not for ranges). */
const char *compare_cost_sentence(const struct page_ctx *p, size_t t,
				  const struct task_cost *xa, const struct task_cost *xb,
				  int *winner, bool *judged, struct cmp_pair *pair);


#endif
