/* data: the guide's CSV tables, loaded, validated and cross-checked.
 *
 * data_load reads every table of data/ through csv + schema, reports every
 * problem to the diag (file:line:col), and fills `struct data` with both the
 * raw tables (for the data pages and CSV downloads, extra columns included)
 * and typed rows (for metrics and pages). All memory belongs to the data's
 * arena and is freed by data_free.
 *
 * Missing figures: a numeric cell left empty is a `struct num` with ok=false;
 * it is never read as 0.
 */
#ifndef GPUGUIDE_DATA_H
#define GPUGUIDE_DATA_H

#include "arena.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;

/* An optional figure from a CSV cell: ok=false when the cell is empty. */
struct num {
	double v;
	bool ok;
};

/* A whole table as read: header and rows of NUL-terminated cells. */
struct table {
	const char *name;  /* "prices" */
	const char *path;  /* "data/prices.csv" (as given to diagnostics) */
	size_t ncols;
	const char **cols; /* header names */
	size_t nrows;
	const char ***rows; /* rows[r][c], "" for an empty cell */
	int *lines;         /* line of each row's first byte (1-based) */
};

struct source {
	const char *id, *title, *publisher, *date, *lang, *url;
	int line;
};

struct gpu {
	const char *id, *name, *segment, *memory_type, *tensor_core_gen;
	const char *source;
	struct num vram_gb, bandwidth_gbs, fp16_tflops, fp32_tflops;
	struct num nvlink_gbs, pcie_gbs, tdp_w, price_usd_min, price_usd_max;
	int fp8; /* 1 yes, 0 no, -1 not stated */
	size_t row; /* index into the gpus table */
};

struct price {
	const char *gpu_id, *provider, *kind, *as_of, *source;
	double usd_per_hour;
	size_t gpu; /* index into data.gpus */
	size_t row;
};

struct benchmark {
	const char *id, *name_en, *name_zh, *kind, *unit, *source;
	bool higher_is_better;
	size_t row;
};

struct result {
	const char *benchmark_id, *gpu_id, *source;
	double value;
	size_t benchmark, gpu; /* indexes into data.benchmarks, data.gpus */
	size_t row;
};

struct task {
	const char *id, *name_en, *name_zh, *source;
	size_t row;
};

struct task_time {
	const char *task_id, *gpu_id, *source;
	double hours;
	int gpu_count; /* cards used together (1 unless the source says more) */
	size_t task, gpu;
	size_t row;
};

struct vram_rule {
	double params_b;
	const char *precision; /* fp32, fp16, bf16, int8, int4 */
	double gb;
	const char *source;
	size_t row;
};

struct technique {
	const char *id, *name_en, *name_zh;
	/* the effects as data: speed multiplied by speed_low..speed_high;
	 * memory cut by a factor ("factor") or a percentage ("percent") of
	 * vram_low..vram_high; scopes and texts per language */
	struct num speed_low, speed_high, vram_low, vram_high;
	const char *vram_cut; /* "factor", "percent" or "" */
	const char *speed_scope[2], *speed_text[2], *vram_scope[2], *vram_text[2];
	/* the effects as sentences, composed once the UI strings are loaded
	 * (phrase_compose_techniques); NULL before */
	const char *speed_en, *speed_zh, *vram_saving_en, *vram_saving_zh;
	const char *difficulty;
	const char *notes_en, *notes_zh, *source;
	size_t row;
};

struct use_case {
	const char *id, *name_en, *name_zh;
	const char *budget_gpu, *recommended_gpu, *fastest_gpu; /* ids or "" */
	long budget, recommended, fastest; /* indexes into gpus, -1 if none */
	const char *reason_en, *reason_zh, *source;
	size_t row;
};

/* A claim a source makes about one GPU against another ("H100 trains about
 * 3x faster than A100"), checked against the benchmark results of `kind`. */
struct claim {
	const char *id, *gpu_id, *other_gpu_id, *kind;
	double low, high; /* the claimed ratio range (low == high for one value) */
	const char *text_en, *text_zh, *source;
	size_t gpu, other;
	size_t row;
};

enum data_table_id {
	TABLE_SOURCES,
	TABLE_GPUS,
	TABLE_PRICES,
	TABLE_BENCHMARKS,
	TABLE_RESULTS,
	TABLE_TASKS,
	TABLE_TASK_TIMES,
	TABLE_VRAM,
	TABLE_TECHNIQUES,
	TABLE_USE_CASES,
	TABLE_CLAIMS,
	TABLE_I18N,
	TABLE_COUNT
};

struct data {
	struct arena arena;
	struct table tables[TABLE_COUNT];

	struct source *sources;       size_t nsources;
	struct gpu *gpus;             size_t ngpus;
	struct price *prices;         size_t nprices;
	struct benchmark *benchmarks; size_t nbenchmarks;
	struct result *results;       size_t nresults;
	struct task *tasks;           size_t ntasks;
	struct task_time *task_times; size_t ntask_times;
	struct vram_rule *vram;       size_t nvram;
	struct technique *techniques; size_t ntechniques;
	struct use_case *use_cases;   size_t nuse_cases;
	struct claim *claims;         size_t nclaims;
	/* [nbenchmarks * ngpus]: the first results row of (benchmark, gpu), or
	 * -1; NULL in data built by hand (lookups then scan the rows) */
	long *result_at;
	/* [gpu_nslots] (a power of two): a hash index of the GPUs by id, the
	 * GPU's index + 1 per slot, 0 for none; NULL in data built by hand
	 * (lookups then scan the rows) */
	size_t *gpu_slots, gpu_nslots;
};

/* Load and validate every table under `data_dir` (e.g. "<root>/data").
 * `display_dir` prefixes paths in messages (e.g. "data"). Returns 0 when all
 * is well, -1 when any error was reported (the data is then still freeable
 * but not to be used). */
int data_load(struct data *d, const char *data_dir, const char *display_dir,
	      struct diag *diag);
void data_free(struct data *d);

/* Lookups by id; NULL (or -1) when unknown. GPUs are found through a hash
 * index (pages look them up for every chart), the others by a scan. */
const struct gpu *data_find_gpu(const struct data *d, const char *id);
long data_gpu_index(const struct data *d, const char *id);
const struct task *data_find_task(const struct data *d, const char *id);
const struct benchmark *data_find_benchmark(const struct data *d,
					    const char *id);
const struct source *data_find_source(const struct data *d, const char *id);
/* The first results row of (benchmark, gpu), or -1: O(1) through
 * result_at, a scan of the rows in data built by hand. */
long data_result_row(const struct data *d, size_t benchmark, size_t gpu);
/* The raw table by name ("gpus"), or NULL. */
const struct table *data_table(const struct data *d, const char *name);

#endif
