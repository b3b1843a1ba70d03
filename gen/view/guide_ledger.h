/* guide_ledger: the guide's figure ledger (the generic ledger.h) for one build.
 *
 * guide_ledger_collect defines, from the data and its metrics, every figure the
 * guide's pages show: each GPU's lowest on-demand price, each job's time and
 * cost (with the quote it is priced at), each stated cost's check (the cost
 * computed from its inputs, and whether they agree), each serving cost
 * (a month, and per million tokens). Ids are stable: they are made of the
 * data's ids ("cost.lora-7b.rtx-4090"), never of row numbers.
 *
 * Pages say what they show with guide_ledger_show_* (present.c for the page
 * families, cite.c for articles' shortcodes, which can also define a figure
 * of their own) through their page context (struct page_ctx, site.h). The
 * marks go to its sink, pc->marks: the page's own while pages render (set
 * by the renderer for each page, written by that page's thread alone),
 * else the plan's, keyed by the page's language and path. With no ledger
 * (in->ledger NULL: tests that build a site by hand) every call here does
 * nothing.
 *
 * guide_ledger_finish merges the marks in page order and writes the ledger as
 * CSV (the site's data/figures.csv); guide_ledger_report compares it with the
 * published one and writes the change report.
 *
 * Memory: struct guide_ledger and its ledger are the heap's, freed by
 * guide_ledger_free; s->in.ledger is owned here.
 */
#ifndef GPUGUIDE_GUIDE_LEDGER_H
#define GPUGUIDE_GUIDE_LEDGER_H

#include "model/i18n.h"
#include "model/ledger.h"
#include "model/ledger_diff.h"
#include "model/metrics.h"

#include <stddef.h>

struct buf;
struct page_ctx;
struct site;
struct site_inputs;

/* The ids of figures that are one input row's own value (a price quote):
 * the change report leads that row's group with it. */
#define GUIDE_LEDGER_ROW_PREFIX "quote."

/* Where the site publishes its ledger, under the output folder. */
#define GUIDE_LEDGER_FILE "data/figures.csv"

struct guide_ledger {
	struct ledger lg;
	size_t ngpus, ntasks, nbench, nstated;
	size_t price0, time0, cost0, stated0, check0, source0, month0, mtok0, result0, rel0, mean0, tech0, spec0;
};

/* Define the data's figures (after metrics are computed). */
void guide_ledger_collect(struct site *s);
void guide_ledger_free(struct site *s);

/* Before pages render: one sink per planned page; the sink of page i. */
void guide_ledger_pages_begin(struct site *s);
struct ledger_sink *guide_ledger_page_sink(struct site *s, size_t page);
/* The plan's sink: marks made while pages are planned (NULL: no ledger). */
struct ledger_sink *guide_ledger_plan_sink(struct site *s);
/* The marks page `page`'s sink holds from the `from`th on as a record
 * (ledger_sink_encode; nothing without a ledger), appended to `out`; and
 * such a record marked again on that page: 0, or -1 (nothing marked) when
 * it cannot be (ledger_sink_decode). A page kept as published without
 * being built so shows the figures it showed. */
void guide_ledger_page_record(struct site *s, size_t page, size_t from, struct buf *out);
int guide_ledger_page_replay(struct site *s, size_t page, const char *rec, size_t len);

void guide_ledger_show_price(const struct page_ctx *pc, size_t gpu);
void guide_ledger_show_time(const struct page_ctx *pc, size_t task, size_t gpu);
void guide_ledger_show_cost(const struct page_ctx *pc, size_t task, size_t gpu);
void guide_ledger_show_stated(const struct page_ctx *pc, size_t stated);
void guide_ledger_show_serving(const struct page_ctx *pc, size_t benchmark, size_t gpu);
/* Only the cost per million tokens of serving (a tokens/s benchmark). */
void guide_ledger_show_mtok(const struct page_ctx *pc, size_t benchmark, size_t gpu);
/* A card's figure by a method of the methodology page (`name`:
 * "break_even", "tflops_per_watt", "tflops_per_kusd", "speed_per_dollar"),
 * worked out as every page prints it and shown: on benchmark `bench` (-1:
 * of the card alone; speed per dollar is then of its mean relative speed),
 * from its specifications and its lowest on-demand price; *high (when not
 * NULL) the upper end of a range a list price's range gives, else 0. Id
 * "metric.<name>.<gpu>[.<bench>]", in the English of its unit, from the
 * card's row, the quote (for what a price gives) and the results it reads.
 * A GPU page, a chart and an article's metric shortcode all show the one
 * figure by it. */
struct figure guide_ledger_metric(const struct page_ctx *pc, const char *name, size_t gpu,
				  long bench, double *high);
/* The unit key of a metric guide_ledger_metric knows ("unit.h"), NULL for
 * any other name. */
const char *guide_ledger_metric_unit(const char *name);
/* The marks `marks` holds (a page's own sink's, made once for a figure
 * many pages place: a chart), made on page pc. */
void guide_ledger_show_marks(const struct page_ctx *pc, const struct ledger_sink *marks);
/* A numeric gpus.csv column's name in language l, as a figure's label
 * says it: the specification's one name (i18n_spec_key), else its
 * fig.field.* string. */
const char *guide_ledger_spec_name(const struct site_inputs *si, const char *column, enum lang l);
/* One GPU's value of a numeric gpus.csv column ("gpu.<gpu>.<column>" in
 * the column's unit, empty when no source gives it), as a GPU page's
 * specifications, a comparison's spec table and an article's gpu
 * shortcode show it. */
void guide_ledger_show_spec(const struct page_ctx *pc, size_t gpu, enum gpu_column col);
/* The quote of GPU gpu that the price shortcode's which= (low, high) or
 * source= picks (metrics_price_row): "price.<gpu>.low", ".high" or
 * ".<source>", as an article and the data health page print it. */
void guide_ledger_show_price_pick(const struct page_ctx *pc, size_t gpu, const char *which,
				  const char *source);
/* A training technique's speed-up ("technique.<id>.speed") or memory
 * saving ("technique.<id>.memory"), as its sentence says it. */
void guide_ledger_show_technique(const struct page_ctx *pc, size_t technique, bool memory);
/* A GPU's mean relative speed over the relative-speed benchmarks
 * (metrics_mean_relative_speed: "metric.mean_relative_speed.<gpu>"). */
void guide_ledger_show_mean_speed(const struct page_ctx *pc, size_t gpu);
/* A GPU's relative speed on a relative-speed benchmark, against the
 * baseline card ("metric.relative_speed.<gpu>.<bench>"). */
void guide_ledger_show_relative_speed(const struct page_ctx *pc, size_t benchmark, size_t gpu);
/* A GPU's list price as a page prints it: its lower end, and its upper
 * end when the data gives one (guide_ledger_show_spec). */
void guide_ledger_show_list_price(const struct page_ctx *pc, size_t gpu);
/* One GPU's result on a benchmark (metrics_result, "result.<bench>.<gpu>",
 * in the benchmark's unit), as an article's result shortcode, a GPU page,
 * a comparison and the inference page show it. */
void guide_ledger_show_result(const struct page_ctx *pc, size_t benchmark, size_t gpu);
/* One price quote (data.prices[row]) as a GPU page lists it: its id is the
 * quote's key (GPU, provider or source, kind, cards, date). */
void guide_ledger_show_quote(const struct page_ctx *pc, size_t row);
/* A quote for several cards: its total per hour for them as its text
 * gives it (data_quote_total: "<quote id>.total"). */
void guide_ledger_show_quote_total(const struct page_ctx *pc, size_t row);
/* The memory a model of `params_b` billion parameters at `precision`
 * needs: by its bytes per parameter (vram_row -1: "vram.70.fp16", the VRAM
 * page's and the vram shortcode's), or as the vram.csv row `vram_row`
 * gives it, a source's rule of thumb ("vram-stated.70.fp16"). */
void guide_ledger_show_vram(const struct page_ctx *pc, double params_b, const char *precision,
			    long vram_row);
/* Whether a model of `params_b` billion parameters at `precision` fits on
 * GPU `gpu`: the cards its weights need (metric_fit of metrics_model_vram:
 * 1 when it fits; missing: no data), with the vram.csv row of a rule of
 * thumb for that size among its inputs. Id "fit.70b.fp16.rtx-4090". */
void guide_ledger_show_fit(const struct page_ctx *pc, double params_b, const char *precision,
			   size_t gpu);
/* A figure the page defines itself (see ledger_sink_define). */
void guide_ledger_show_new(const struct page_ctx *pc, const char *id, const char *label, const char *label_zh,
		      const char *value, const char *value_max, const char *unit,
		      const char *inputs);
/* A figure's labels, English into `en` and Chinese into `zh` (appended):
 * the UI string `key` of data/i18n.csv ("fig.*", both languages) with
 * each {name} filled, given as triples (name, English value, Chinese
 * value; a NULL Chinese value is the English one: GPU names, ids) ended
 * by NULL. */
void guide_ledger_labels(const struct site_inputs *si, struct buf *en, struct buf *zh,
		    const char *key, ...);
/* The UI string `prefix` + `word` (dashes as underscores: "price." and
 * "on-demand" look up price.on_demand) in language l, or `word` itself
 * when there is no such string. `tmp` holds the key. */
const char *guide_ledger_word(const struct site_inputs *si, enum lang l, const char *prefix,
			 const char *word, struct buf *tmp);
/* "data/prices.csv:3": the place of row `row` of table `table`. */
void guide_ledger_input(const struct site_inputs *si, struct buf *out, int table, size_t row);
/* The rows a job's cost comes from: its time and the quote it is priced
 * at (those it has). */
void guide_ledger_input_task_cost(const struct site_inputs *si, struct buf *out,
			     const struct task_cost *c);

/* Merge the marks (after every page is rendered) and write the ledger. */
void guide_ledger_finish(struct site *s, struct buf *csv);

/* Compare the published ledger (`old_csv`, NULL when there is none) with
 * `new_csv` into `d` and append the change report (ledger_report) to
 * `out`. 0, or -1 when the published file is no ledger (said in `out`).
 * `d` is the caller's to free (ledger_diff_free) either way, and to read
 * on 0: the change report's other lines use it rather than parse again. */
int guide_ledger_report(const char *old_csv, const char *new_csv, struct ledger_diff *d,
			struct buf *out);

#endif
