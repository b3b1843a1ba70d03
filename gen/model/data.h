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

#include "base/arena.h"
#include "base/csv.h"
#include "base/digest.h"
#include "model/schema.h"
#include "base/strmap.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;

/* An optional figure from a CSV cell: ok=false when the cell is empty. */
/* The file of data/ that holds the publisher's settings (settings.h), not
 * a table. */
#define DATA_SETTINGS_FILE "site.csv"

struct num {
	double v;
	bool ok;
};


struct source {
	const char *id, *title, *publisher, *date, *lang, *url;
	/* the title in each language ("" when not given): `title` is the
	 * original, in the source's own language */
	const char *title_en, *title_zh;
	/* what kind of document, what the site takes from it, its interest
	 * in what it recommends, in each language ("" when not given) */
	const char *kind_en, *kind_zh, *takes_en, *takes_zh;
	const char *interest_en, *interest_zh;
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

/* The numeric columns of gpus.csv, listed once: loading fills them, pages
 * print them in their spec tables, the gpu shortcode cites them, the
 * typed-figure check looks for them in prose, the figure ledger defines
 * them and the charts plot some of them. Each names its struct num in
 * struct gpu, its unit and which way is better when two cards are set side
 * by side. In the order the spec tables list them. */
enum gpu_column {
	GPU_COL_VRAM,
	GPU_COL_BANDWIDTH,
	GPU_COL_FP16,
	GPU_COL_FP32,
	GPU_COL_NVLINK, /* 0: the source says the card has none */
	GPU_COL_PCIE,
	GPU_COL_TDP,
	GPU_COL_PRICE_MIN, /* the list price, or its lower end */
	GPU_COL_PRICE_MAX, /* the list price's upper end, when a range */
	GPU_COL_COUNT
};

/* The columns before it are the card's specifications (what a GPU page's
 * and a comparison's spec tables compare); the list price follows. */
#define GPU_COL_SPECS GPU_COL_PRICE_MIN

struct gpu_column_info {
	const char *name;   /* gpus.csv's column */
	size_t offset;      /* of its struct num in struct gpu */
	const char *unit;   /* its unit's i18n key; NULL: US dollars */
	const char *ledger_unit; /* the unit data/figures.csv names */
	int better;         /* +1 higher is better, -1 lower */
};

extern const struct gpu_column_info gpu_columns[GPU_COL_COUNT];

/* The column called `name`, -1 when no numeric column is. */
int gpu_column_named(const char *name);
/* GPU g's figure in column `col`. */
struct num gpu_column_num(const struct gpu *g, enum gpu_column col);
/* Where that figure is kept, for loading to fill. */
struct num *gpu_column_slot(struct gpu *g, enum gpu_column col);

/* One price quote: a GPU at so much per card and hour, for `cards` cards
 * together (1 unless the source quotes several), with the total the source
 * states for them when it gives one. `provider` is "" when the source names
 * none. */
struct price {
	const char *gpu_id, *provider, *kind, *as_of, *source;
	double usd_per_hour; /* per card */
	int cards;
	struct num total;    /* the stated total $/h for `cards` cards */
	size_t gpu; /* index into data.gpus */
	size_t row;
	size_t series; /* its series (data_same_series), an index into
			* data.series_at */
	/* a later dated quote of the same series exists (data_same_series):
	 * kept as price history, not used as the current price */
	bool superseded;
};

/* A quote's cards × its per-card price (one card when none is given). */
double data_quote_cards_total(const struct price *q);
/* The total per hour of a quote for its cards: the source's own when it
 * states one, else data_quote_cards_total. */
double data_quote_total(const struct price *q);

struct benchmark {
	const char *id, *name_en, *name_zh, *kind, *unit, *source;
	bool higher_is_better;
	struct num params_b; /* the model's size in billions, when known */
	size_t row;
};

/* A benchmark result, with the conditions it was measured under where the
 * source gives them (0: not stated): two results measured differently are
 * not set against each other as they are. */
struct result {
	const char *benchmark_id, *gpu_id, *source;
	double value;
	int batch_size, gpu_count;
	size_t benchmark, gpu; /* indexes into data.benchmarks, data.gpus */
	size_t row;
};

struct task {
	const char *id, *name_en, *name_zh, *source;
	struct num params_b; /* the model's size in billions, when stated */
	const char *job;     /* "inference", "lora", "training", or "" */
	const char *precision; /* of the weights ("int4" for QLoRA), or "" */
	/* the relative-speed benchmark of the same model (speed_benchmark),
	 * an index into benchmarks, or -1 */
	long speed_benchmark;
	size_t row;
};

struct task_time {
	const char *task_id, *gpu_id, *source;
	double hours;
	struct num hours_max; /* the upper end when the source gives a range */
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
	/* each role's cell: the card the source picks, then any it names as
	 * alternatives ("rtx-4090;l40s": RTX 4090, or L40S), or "" */
	const char *budget_gpu, *recommended_gpu, *fastest_gpu;
	long budget, recommended, fastest; /* the first: index into gpus, or -1 */
	const long *alternatives[3];       /* the others, by role (budget, */
	size_t nalternatives[3];           /* recommended, fastest) */
	const char *reason_en, *reason_zh, *source;
	size_t row;
};

/* A claim a source makes about one GPU against another ("H100 trains about
 * 3x faster than A100"), checked against the results of the benchmarks
 * `benchmark_ids` lists (";"-separated, each of the claim's `kind`: data_load
 * checks it): those that measure what it claims. A claim that lists none is
 * shown and not checked: no result in the data speaks to it (a claim about
 * generating images is not tested by training speeds). */
struct claim {
	const char *id, *gpu_id, *other_gpu_id, *kind, *benchmark_ids;
	double low, high; /* the claimed ratio range (low == high for one value) */
	const char *text_en, *text_zh, *source;
	size_t gpu, other;
	size_t row;
};

/* A cost a source states itself ("about $545"), with the inputs it came
 * from: a job (task on gpu, the time from task_times) or a month of
 * serving on `cards` cards. Checked against the cost computed from them. */
struct stated_cost {
	const char *id, *task_id, *gpu_id, *period, *source;
	long task;          /* index into data.tasks, -1 for none (serving) */
	size_t gpu;
	int cards;
	bool monthly;       /* period "month"; else one job */
	double usd;
	struct num usd_max; /* the upper end of a stated range */
	const char *usd_text, *usd_max_text; /* as written: their rounding */
	bool approx;        /* the source says "about" */
	size_t row;
};

/* A worked example of a source (goal, cards, method, stated cost). */
struct case_study {
	const char *id, *name_en, *name_zh, *goal_en, *goal_zh;
	const char *method_en, *method_zh, *stated_cost_id, *benchmark_id;
	const char *source;
	size_t stated;   /* index into data.stated_costs */
	long benchmark;  /* index into data.benchmarks, -1 for none */
	size_t row;
};


struct data {
	struct arena arena;
	struct table tables[TABLE_COUNT];

	struct source *sources;       size_t nsources;
	struct gpu *gpus;             size_t ngpus;
	struct price *prices;         size_t nprices;
	/* the quotes of each series, in file order: series k is
	 * series_rows[series_at[k] .. series_at[k + 1]) (indexed once, so no
	 * page compares every quote with every other) */
	size_t *series_rows, *series_at; size_t nseries;
	struct benchmark *benchmarks; size_t nbenchmarks;
	struct result *results;       size_t nresults;
	struct task *tasks;           size_t ntasks;
	struct task_time *task_times; size_t ntask_times;
	struct vram_rule *vram;       size_t nvram;
	struct technique *techniques; size_t ntechniques;
	struct use_case *use_cases;   size_t nuse_cases;
	struct claim *claims;         size_t nclaims;
	struct stated_cost *stated_costs; size_t nstated_costs;
	struct case_study *case_studies;  size_t ncase_studies;
	/* [nbenchmarks * ngpus]: the first results row of (benchmark, gpu), or
	 * -1; NULL in data built by hand (lookups then scan the rows) */
	long *result_at;
	/* the GPUs by id (borrowed: the rows' ids), each the GPU's index + 1;
	 * empty in data built by hand (lookups then scan the rows) */
	struct strmap gpu_ids;
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
/* Whether benchmark b's results test claim `c`: the claim lists it (and
 * it is of the claim's kind). */
bool data_claim_about(const struct data *d, const struct claim *c, size_t b);
const struct source *data_find_source(const struct data *d, const char *id);
/* Set used[i] (d->nsources of them, false from the caller) for every
 * source of a row about GPU g: its own row's, its prices', its results'
 * and its job times': the sources its page draws on. */
void data_gpu_sources(const struct data *d, size_t g, bool *used);
/* The cell of column `col` in row `row` of table t as read (extra columns
 * too), "" when the table has no such column or row. */
const char *data_cell(const struct data *d, enum data_table_id t, size_t row, const char *col);

/* Whether the date `ymd` (YYYY-MM-DD, as schema.c checks data's dates and
 * frontmatter.c articles') is after `today`: a typo (2062 for 2026) more
 * often than a date to come. */
bool data_date_after(const char *ymd, const char *today);
/* Warn (`gen check`), at the cell, about every price quote's as_of and
 * every source's date after `today`: the home page would give it as the
 * newest price's date, or it would make the build's date (site.h) one to
 * come. */
void data_check_dates(const struct data *d, const char *today, struct diag *diag);

/* Whether two quotes are one series over time: the same GPU, provider (or,
 * when neither names one, the same source), kind and number of cards. */
bool data_same_series(const struct price *a, const struct price *b);

/* The first results row of (benchmark, gpu), or -1: O(1) through
 * result_at, a scan of the rows in data built by hand. */
long data_result_row(const struct data *d, size_t benchmark, size_t gpu);
/* The task_times row (task, GPU and source) a stated job cost rests on,
 * or -1. */
long data_stated_time_row(const struct data *d, const struct stated_cost *c);
/* The raw table by name ("gpus"), or NULL. */
const struct table *data_table(const struct data *d, const char *name);

/* The data's digests for pages about some GPUs (site_gpus_inputs):
 * `shared`, of every table whose rows are not each about a GPU (no gpu_id
 * column) and the other tables' columns; gpu[g], of GPU g's rows of those
 * tables (their gpu_id or other_gpu_id names it). Rows with their lines:
 * figures name their rows by line. Made once, in `a`, after the data is
 * loaded. */
struct data_digests {
	struct digest_value shared;
	struct digest_value *gpu; /* [ngpus] */
};
void data_digests_make(const struct data *d, struct arena *a, struct data_digests *out);

#endif
