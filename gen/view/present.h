/* present: what the guide's pages share, for the page families
 * (pages_gpu, pages_compare, pages_guide): given the page being made (its
 * struct page_ctx, site.h), its language's strings and sentence filling, money, units and
 * ratios, names, paths and links, source titles, crumbs, adding a page, and
 * table cells.
 *
 * Every figure is formatted for the page's language, with its unit, and
 * every missing one is the text "no data" plus the reason where it is known.
 * Table cells are maps built by pg_cell_* (keys: text, cls, has_sort, sort,
 * nodata, has_why, why, marks, has_marks) and rendered by
 * templates/partials/guide-cell.mustache; every key is always set (most by
 * the cell's parent map, see struct pages_kit), because a Mustache lookup
 * that misses a key falls through to the enclosing context.
 *
 * Memory: every string and value returned lives in the page's arena (the
 * build arena, or for pages built while rendering the thread's page arena);
 * nothing is to be freed by the caller.
 */
#ifndef GPUGUIDE_PRESENT_H
#define GPUGUIDE_PRESENT_H

#include "model/data.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>

struct arena;
struct buf;
struct page_spec;
struct site;
struct value;
struct pair_lang;

#define FILL_MAX 12

/* What the build keeps in its inputs (in->pages_kit): made by the first
 * pg_planning, while the pages are planned (one thread), in the build
 * arena; only read afterwards, also by the threads that render. */
struct pages_kit {
	/* [numeric][missing]: every key of such a cell (text "") */
	struct value *proto[2][2];
	/* the comparison pages' shared parts per language (NULL when there
	 * are no such pages) */
	struct pair_lang *pairs[LANG_COUNT];
	bool pairs_made; /* pages_compare_prepare has run */
};


enum fmt { FMT_NUMBER, FMT_USD, FMT_PER_HOUR, FMT_RATIO, FMT_UNIT };

/* What a lazily built page is about (pg_add_lazy_page): the two GPUs of a
 * comparison; a GPU, a job, a case study or a guide part in `a` (b unused)
 * for the others; nothing for the report (both 0). */
struct gpu_pair {
	size_t a, b;
};



struct arena *pg_arena(const struct page_ctx *p);
const char *pg_tr(const struct page_ctx *p, const char *key);
const char *pg_keep(const struct page_ctx *p, struct buf *b);
const char *pg_pick_lang(const struct page_ctx *p, const char *en, const char *zh);
const char *pg_fill(const struct page_ctx *p, const char *key, ...)
	__attribute__((sentinel));
const char *pg_paren_text(const struct page_ctx *p, const char *text);
const char *pg_fmt_number(const struct page_ctx *p, double v);
const char *pg_fmt_usd(const struct page_ctx *p, double v);
const char *pg_fmt_unit(const struct page_ctx *p, double v, const char *unit_key);
/* A range with its unit once (i18n_format_unit_range). */
const char *pg_fmt_unit_range(const struct page_ctx *p, double lo, double hi,
			      const char *unit_key);
/* A duration: hours, minutes below an hour (i18n_format_duration). */
const char *pg_fmt_duration(const struct page_ctx *p, double hours);
const char *pg_fmt_per_hour(const struct page_ctx *p, double v);
struct cmp_pair;
/* The sentence of a comparison (phrase_comparison), in the page's arena. */
const char *pg_comparison(const struct page_ctx *p, const struct cmp_pair *cp);
/* Hours from `lo` to `hi` ("4–8 h"), or one duration when hi <= lo ("3 h",
 * "40 min"). */
const char *pg_fmt_hours(const struct page_ctx *p, double lo, double hi);
const char *pg_fmt_usd_range(const struct page_ctx *p, double lo, double hi,
				 const char *suffix_key);
const char *pg_fmt_ratio_short(const struct page_ctx *p, double v);
/* Ratios from `lo` to `hi` with their sign: "1.5–2×"; one ratio when both
 * print alike (i18n_format_ratio_range). */
const char *pg_fmt_ratio_range(const struct page_ctx *p, double lo, double hi);
const char *pg_fmt_percent(const struct page_ctx *p, double v);
const char *pg_bench_unit_key(const struct page_ctx *p, const struct benchmark *b);
const char *pg_sort_key(const struct page_ctx *p, double v);
const char *pg_raw_cell(const struct page_ctx *p, enum data_table_id t,
			    size_t row, const char *col);
const char *pg_raw_cell_lang(const struct page_ctx *p, enum data_table_id t,
				 size_t row, const char *base);
const char *pg_gpu_path(const struct page_ctx *p, size_t g);
const char *pg_task_path(const struct page_ctx *p, size_t t);
const char *pg_pair_path(const struct page_ctx *p, size_t a, size_t b);
/* A link from p's page to the page `to` (a path under the language
 * root): relative, or the "#id" of its part in a document that holds it
 * (page_ctx.anchors: the report). */
const char *pg_href_to(const struct page_ctx *p, const char *to);
const char *pg_task_name(const struct page_ctx *p, size_t t);
const char *pg_bench_name(const struct page_ctx *p, const struct benchmark *b);
const char *pg_source_titles(const struct page_ctx *p, const char *ids);
struct value *pg_gpu_link(const struct page_ctx *p, size_t g);
struct value *pg_crumbs_for(const struct page_ctx *p, const char *section_key,
				const char *section_path);
/* Planning only: a page added to the plan of `s`, made for page ctx `p`
 * (its language and path). A page builder has no struct site, so it
 * cannot add pages. */
void pg_add_page(struct site *s, const struct page_ctx *p, const char *tmpl,
		 const char *title, const char *description, const char *section,
		 struct value *ctx, struct value *crumbs);
void pg_add_lazy_page(struct site *s, const struct page_ctx *p, const char *tmpl,
		      const char *title, const char *description, const char *section,
		      struct value *(*build)(const struct page_ctx *, const struct page_spec *),
		      size_t a, size_t b, struct value *crumbs);
/* The `a` and `b` pg_add_lazy_page gave the page `spec`. */
const struct gpu_pair *pg_lazy_arg(const struct page_spec *spec);
struct value *pg_chart(const struct page_ctx *p, const struct chart_request *rq);
bool pg_map_flag(const struct value *m, const char *key);
/* Give every row of `rows` the flags `keys` (NULL-ended) of `table`, the
 * context that decided them from all its rows (a column shown or left
 * out): DESIGN.md, every key a list item needs is set on the item, so no
 * row reads a flag from around it. */
void pg_rows_take_flags(const struct page_ctx *p, struct value *rows,
			const struct value *table, const char *const *keys);
void pg_set_text(const struct page_ctx *p, struct value *m, const char *key,
		     const char *s);
struct value *pg_cell_of_kind(const struct page_ctx *p, bool numeric, bool missing);
struct value *pg_cell_on_top(const struct page_ctx *p, const struct value *under);
struct value *pg_cell_missing(const struct page_ctx *p, bool numeric, const char *why);
/* Say beside the cell's value, in parentheses and small, what the UI
 * string `why` says ("2 (tight)"; a no-data mark's reason). */
void pg_cell_set_why(const struct page_ctx *p, struct value *c, const char *why);
/* The same with `text` itself ("$3.78 (at $1.89/h)"). */
void pg_cell_set_why_text(const struct page_ctx *p, struct value *c, const char *text);
/* A figure left uncomputed on purpose, whose inputs the page prints (a
 * ratio of results measured unlike): the words `what` ("no ratio") and
 * why, keys both; never the no-data mark, which says no source gives it. */
struct value *pg_cell_not_computed(const struct page_ctx *p, const char *what, const char *why);
const char *pg_nodata_text(const struct page_ctx *p, const char *why);

struct value *pg_cell_figure(const struct page_ctx *p, struct figure f, enum fmt k,
				 const char *unit);
struct value *pg_cell_text(const struct page_ctx *p, const char *text,
			       const char *why_key);
void pg_cell_set_text(const struct page_ctx *p, struct value *c, const char *text);
/* A cell's text as a phrase ("needs 2 cards", "cuts memory by 40–70%"):
 * it may wrap, where a value with its unit ("28 GB") never breaks. */
struct value *pg_cell_phrase(const struct page_ctx *p, const char *text,
			     const char *why_key);
void pg_cell_set_phrase(const struct page_ctx *p, struct value *c, const char *text);
void pg_cell_mark(const struct page_ctx *p, struct value *c, const char *label_key,
		      bool fast);
void pg_cell_set_best(const struct page_ctx *p, struct value *c);
/* Whether `f` is a best of a row or a column of figures whose best is
 * `top`, both as cells of format `k` print them: about the same as it by
 * the comparison model (cmp_ties_best); false when either is missing. */
bool pg_ties_best(const struct page_ctx *p, struct figure f, struct figure top, enum fmt k,
		  const char *unit, int direction);
struct value *pg_cell_won(const struct page_ctx *p, const struct value *c);
/* GPU g's figure in a numeric gpus.csv column (data.h's gpu_columns), "not
 * stated" when the source gives none; its cell; and its text: NVLink 0 as
 * "not supported", money in dollars, the others with their unit (the gpu
 * shortcode's and every spec table's). */
struct figure pg_spec_figure(const struct gpu *g, enum gpu_column col);
struct value *pg_spec_cell(const struct page_ctx *p, const struct gpu *g, enum gpu_column col);
const char *pg_fmt_spec(const struct page_ctx *p, enum gpu_column col, double v);
struct figure pg_list_price_figure(const struct gpu *g);
struct value *pg_list_price_cell(const struct page_ctx *p, const struct gpu *g);
/* A GPU's lowest current on-demand price (its rent). pg_rent_figure only
 * reads it; pg_rent_shown also marks it in the ledger as shown by the page:
 * a mark is an explicit call by the page that prints the figure, never a
 * side effect of making a cell that pages share. */
struct figure pg_rent_figure(const struct page_ctx *p, size_t g);
struct figure pg_rent_shown(const struct page_ctx *p, size_t g);
const char *pg_segment_text(const struct page_ctx *p, const struct gpu *g);
const char *pg_fp8_text(const struct page_ctx *p, const struct gpu *g);
/* A technique's difficulty in the page's language ("" when none is given). */
const char *pg_technique_difficulty(const struct page_ctx *p, const struct technique *t);
struct figure pg_relative_speed(const struct page_ctx *p, size_t b, size_t g);
const char *pg_row_note(const struct page_ctx *p, enum data_table_id t, size_t row);
/* What result x was measured under, as its source says it
 * (results.csv's conditions in the page's language), then, where its
 * source leaves out the cards and the guide counts them from the model
 * (metrics_result_cards), how many it counts, or that there were several;
 * "". */
const char *pg_result_conditions(const struct page_ctx *p, const struct result *x);
/* The count of cards pg_result_conditions prints for x, marked in the
 * figure ledger as a figure of page p (the VRAM page's fit): each page
 * that shows x's conditions calls it, parts pages share do not. */
void pg_show_result_cards(const struct page_ctx *p, const struct result *x);
/* A job's time ("3 h", "4–8 h", "90 min") and cost ("$1.17", "$1.76–$3.52"),
 * recorded in the figure ledger as shown on the page; the _words forms
 * give the same text without recording it (for files that are not pages). */
const char *pg_hours_range_text(const struct page_ctx *p, const struct task_cost *c);
const char *pg_hours_range_words(const struct page_ctx *p, const struct task_cost *c);
struct value *pg_hours_cell(const struct page_ctx *p, const struct task_cost *c);
const char *pg_cost_text(const struct page_ctx *p, const struct task_cost *c);
const char *pg_cost_words(const struct page_ctx *p, const struct task_cost *c);
struct value *pg_cost_cell(const struct page_ctx *p, const struct task_cost *c);
/* What a quote prices, named when the quote is the lowest one seen because
 * the source of that figure quotes no price for the card. */
enum quote_for { QUOTE_FOR_TIME, QUOTE_FOR_RESULT, QUOTE_FOR_STATED };
const char *pg_quote_text(const struct page_ctx *p, long row, enum quote_choice why,
			  enum quote_for what);
const char *pg_stated_text(const struct page_ctx *p, long stated);
/* How the cards a model needs are counted, and that a serving cost counts
 * every one of them (inf.cards_how): under the inference page's tables and
 * an article's inference table alike; with `tight`, what a table's "tight"
 * beside a count means (inf.tight_how: a table that prints the counts). */
const char *pg_cards_needed_how(const struct page_ctx *p, bool tight);
struct value *pg_stated_cell(const struct page_ctx *p, long stated);
const char *pg_pair_title(const struct page_ctx *p, size_t x, size_t y);
const char *pg_upper(const struct page_ctx *p, const char *s);
/* The link from page p to its language's report.pdf (PG_REPORT_PDF under
 * the language root), when the published site holds one (`make report`
 * prints it; the build keeps it, pages/report.h), else NULL. */
#define PG_REPORT_PDF "report.pdf"
const char *pg_report_pdf_href(const struct page_ctx *p);

/* The page kit of the build (cell parents, the comparisons' shared parts),
 * made on first use while one thread plans; only read afterwards. */
struct pages_kit *pg_kit(struct site *s);
/* The context of a page being planned, at `path` in language `l`: the
 * build's arena and messages, marks to the plan's sink; the kit and the
 * chart store made if they are not yet. `scratch` may be NULL. */
struct page_ctx pg_planning(struct site *s, enum lang l, const char *path,
			    struct buf *scratch);


#endif
