/* gpu_specs: a card's specifications as every page lists and counts
 * them. One list (gpu_specs_each): the GPU page's spec table shows its rows
 * (naming in a line those no source gives), and the completeness line of
 * the GPU page, the GPU index and the comparison index counts the same
 * rows, so "11 of 13 specifications" always agrees with the table beside
 * it. Rents are prices, counted apart.
 *
 * Memory: labels and cells are the page's (its arena), as present.h's.
 */
#ifndef GPUGUIDE_GPU_SPECS_H
#define GPUGUIDE_GPU_SPECS_H

#include <stdbool.h>
#include <stddef.h>

struct page_ctx;
struct value;

/* A card's specifications, in the order its page's table lists them and
 * its completeness counts them: the segment, the columns of gpus.csv
 * beyond the schema that have words for readers ("gpu.col_<name>"), VRAM,
 * memory type, bandwidth, FP16, FP32, Tensor Core generation, FP8,
 * NVLink, PCIe, TDP and list price. `each` is called with each one's label
 * and cell (a "nodata" cell when no source gives it). */
typedef void gpu_specs_each_fn(const struct page_ctx *p, const char *label,
			       struct value *cell, void *ctx);
void gpu_specs_each(const struct page_ctx *p, size_t g, gpu_specs_each_fn *each, void *ctx);
/* Whether `col` is a column of gpus.csv's schema (model/schema), not one
 * beyond it. */
bool gpu_specs_column_is_schema(const char *col);
/* The columns of gpus.csv beyond the schema, of GPU g: `each` is called
 * with each one's name ("x" for a column "x_en" or "x_zh" of the page's
 * language; the other language's left out) and text. */
typedef void gpu_specs_column_fn(const struct page_ctx *p, const char *name,
				 const char *text, void *ctx);
void gpu_specs_extra_columns(const struct page_ctx *p, size_t g, gpu_specs_column_fn *each,
			     void *ctx);
/* How many of a card's specifications (gpu_specs_each) a source gives. */
struct gpu_specs_count {
	size_t given, total;
};
/* One specification's cell, as gpu_specs_each gives it, counted into `n`. */
void gpu_specs_count_cell(struct gpu_specs_count *n, const struct value *cell);
/* What the sources give of a card: its specifications, every rental
 * price quoted (its page lists them all), and a result per benchmark and
 * a time per job (as its tables show them). The completeness line counts
 * these, and the GPU page's title and description name what they hold. */
struct gpu_specs_held {
	struct gpu_specs_count specs;
	size_t figures; /* of specs.given, those beyond the segment (a class,
			 * not a figure of the card) */
	size_t prices, results, times;
};
/* What the sources give of GPU g; `n`, its specifications' count when
 * the caller has listed them already, else NULL. */
struct gpu_specs_held gpu_specs_held(const struct page_ctx *p, size_t g,
				     const struct gpu_specs_count *n);
/* How complete a card's data is, in words: "11 of 13 specifications, 5
 * prices, 12 results, 4 job times" (a count of 0 reads "no ..."), its
 * specifications counted by gpu_specs_each; _counted for a page that has
 * listed them already, with their count. */
const char *gpu_specs_completeness(const struct page_ctx *p, size_t g);
const char *gpu_specs_completeness_counted(const struct page_ctx *p, size_t g,
					   const struct gpu_specs_count *n);

#endif
