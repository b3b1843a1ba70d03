#include "model/schema.h"

#include "base/text.h"
#include "base/text_suggest.h"

#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "base/strmap.h"
#include "base/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The guide's tables (README.md, "The data", says what each column holds) ---- */

static const char *const lang_values[] = { "en", "zh", NULL };
static const char *const segment_values[] = { "datacenter", "workstation",
					      "consumer", NULL };
static const char *const price_kind_values[] = { "on-demand", "spot",
						 "reserved", NULL };
/* the job a task is, as the calculator asks it (tasks.csv job) */
const char *const schema_jobs[] = { "inference", "lora", "training", NULL };
static const char *const bench_kind_values[] = {
	"relative-speed", "inference-throughput", "inference-latency",
	"training-step", "training-efficiency", NULL
};
const char *const schema_precisions[] = { "fp32", "fp16", "bf16", "int8",
					 "int4", NULL };
static const char *const vram_cut_values[] = { "factor", "percent", NULL };
static const char *const difficulty_values[] = { "easy", "medium", "hard",
						 NULL };
static const char *const period_values[] = { "job", "month", NULL };

#define ID { .name = "id", .type = COL_ID, .required = true, .unique = true }
#define TEXT(n) { .name = n, .type = COL_TEXT }
#define TEXT_REQ(n) { .name = n, .type = COL_TEXT, .required = true }
#define POSITIVE(n) { .name = n, .type = COL_NUMBER, .has_min = true, .min_exclusive = true }
#define POSITIVE_REQ(n) { .name = n, .type = COL_NUMBER, .required = true, .has_min = true, \
			  .min_exclusive = true }
/* A number above 0 and at most `hi`: bounds that catch a slipped unit or
 * digit (README, "The data", states them per column). */
#define POSITIVE_UPTO(n, hi) { .name = n, .type = COL_NUMBER, .has_min = true, \
			       .min_exclusive = true, .has_max = true, .max = hi }
#define POSITIVE_REQ_UPTO(n, hi) { .name = n, .type = COL_NUMBER, .required = true, \
				   .has_min = true, .min_exclusive = true, \
				   .has_max = true, .max = hi }
#define REF(n, t) { .name = n, .type = COL_REF, .required = true, .ref = t }
#define COUNT(n) { .name = n, .type = COL_INTEGER, .has_min = true, .min = 1, .if_empty = "data.empty.one_card" }
/* Columns added after the first tables were written: a header may leave
 * them out. */
#define OPT_TEXT(n) { .name = n, .type = COL_TEXT, .optional = true }
#define OPT_COUNT(n) { .name = n, .type = COL_INTEGER, .has_min = true, .min = 1, \
		       .optional = true, .if_empty = "data.empty.not_stated" }
#define OPT_POSITIVE(n) { .name = n, .type = COL_NUMBER, .has_min = true, \
			  .min_exclusive = true, .optional = true }
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const struct col_spec sources_cols[] = {
	ID,
	TEXT_REQ("title"),
	OPT_TEXT("title_en"),
	OPT_TEXT("title_zh"),
	{ .name = "publisher", .type = COL_TEXT, .if_empty = "data.empty.no_publisher" },
	{ .name = "date", .type = COL_DATE, .if_empty = "why.no_date" },
	{ .name = "lang", .type = COL_ENUM, .required = true, .values = lang_values },
	{ .name = "url", .type = COL_URL },
	/* what a reader needs to judge it, in both languages: what kind of
	 * document it is, what the site takes from it, and its interest in
	 * what it recommends (whether it is dated is `date`) */
	OPT_TEXT("kind_en"),
	OPT_TEXT("kind_zh"),
	OPT_TEXT("takes_en"),
	OPT_TEXT("takes_zh"),
	OPT_TEXT("interest_en"),
	OPT_TEXT("interest_zh"),
};

static const struct col_spec gpus_cols[] = {
	ID,
	TEXT_REQ("name"),
	{ .name = "segment", .type = COL_ENUM, .required = true, .values = segment_values },
	POSITIVE_UPTO("vram_gb", 4096),
	{ .name = "memory_type", .type = COL_TEXT, .nodata = true },
	POSITIVE_UPTO("bandwidth_gbs", 100000),
	POSITIVE_UPTO("fp16_tflops", 100000),
	POSITIVE_UPTO("fp32_tflops", 100000),
	{ .name = "tensor_core_gen", .type = COL_INTEGER, .has_min = true, .min = 1,
	  .has_max = true, .max = 9 },
	{ .name = "fp8", .type = COL_BOOL, .nodata = true },
	{ .name = "nvlink_gbs", .type = COL_NUMBER, .has_min = true, .min = 0,
	  .has_max = true, .max = 100000, .if_zero = "gpu.nvlink_none" },
	POSITIVE_UPTO("pcie_gbs", 10000),
	POSITIVE_UPTO("tdp_w", 10000),
	POSITIVE_UPTO("price_usd_min", 10000000),
	{ .name = "price_usd_max", .type = COL_NUMBER, .has_min = true, .min_exclusive = true,
	  .has_max = true, .max = 10000000, .at_least = "price_usd_min" },
	{ .name = "source", .type = COL_REFS, .required = true, .ref = "sources" },
};

static const struct col_spec prices_cols[] = {
	REF("gpu_id", "gpus"),
	{ .name = "provider", .type = COL_TEXT, .if_empty = "quote.no_provider" },
	/* per card and hour: a cent to a thousand dollars */
	{ .name = "usd_per_hour", .type = COL_NUMBER, .required = true, .has_min = true,
	  .min = 0.01, .has_max = true, .max = 1000 },
	{ .name = "cards", .type = COL_INTEGER, .has_min = true, .min = 1,
	  .has_max = true, .max = 1000000, .optional = true, .if_empty = "data.empty.one_card" },
	{ .name = "total_usd_per_hour", .type = COL_NUMBER, .has_min = true,
	  .min_exclusive = true, .has_max = true, .max = 1000000000, .optional = true,
	  .if_empty = "data.empty.not_stated" },
	{ .name = "kind", .type = COL_ENUM, .required = true, .values = price_kind_values },
	{ .name = "as_of", .type = COL_DATE, .if_empty = "why.no_date" },
	REF("source", "sources"),
	OPT_TEXT("note_en"),
	OPT_TEXT("note_zh"),
};
static const struct key_spec prices_keys[] = {
	{ { "gpu_id", "provider", "cards", "kind", "as_of", "source", NULL } },
};

static const struct col_spec benchmarks_cols[] = {
	ID,
	TEXT_REQ("name_en"),
	TEXT_REQ("name_zh"),
	{ .name = "kind", .type = COL_ENUM, .required = true, .values = bench_kind_values },
	TEXT_REQ("unit"),
	{ .name = "higher_is_better", .type = COL_BOOL, .required = true },
	OPT_POSITIVE("params_b"),
	{ .name = "source", .type = COL_REFS, .required = true, .ref = "sources" },
};

static const struct col_spec results_cols[] = {
	REF("benchmark_id", "benchmarks"),
	REF("gpu_id", "gpus"),
	{ .name = "value", .type = COL_NUMBER, .required = true, .has_min = true, .min = 0,
	  .has_max = true, .max = 1e9 },
	OPT_COUNT("batch_size"),
	OPT_COUNT("gpu_count"),
	REF("source", "sources"),
	OPT_TEXT("conditions_en"),
	OPT_TEXT("conditions_zh"),
};
static const struct key_spec results_keys[] = {
	{ { "benchmark_id", "gpu_id", "source", NULL } },
};

static const struct col_spec tasks_cols[] = {
	ID,
	TEXT_REQ("name_en"),
	TEXT_REQ("name_zh"),
	{ .name = "source", .type = COL_REFS, .required = true, .ref = "sources" },
	OPT_POSITIVE("params_b"),
	{ .name = "job", .type = COL_ENUM, .values = schema_jobs, .optional = true },
	{ .name = "precision", .type = COL_ENUM, .values = schema_precisions, .optional = true },
	{ .name = "speed_benchmark", .type = COL_REF, .ref = "benchmarks", .optional = true },
};

static const struct col_spec task_times_cols[] = {
	REF("task_id", "tasks"),
	REF("gpu_id", "gpus"),
	POSITIVE_REQ_UPTO("hours", 1000000),
	{ .name = "hours_max", .type = COL_NUMBER, .has_min = true, .min_exclusive = true,
	  .has_max = true, .max = 1000000, .at_least = "hours", .optional = true },
	{ .name = "gpu_count", .type = COL_INTEGER, .has_min = true, .min = 1,
	  .has_max = true, .max = 1000000, .if_empty = "data.empty.one_card" },
	REF("source", "sources"),
	OPT_TEXT("note_en"),
	OPT_TEXT("note_zh"),
};
static const struct key_spec task_times_keys[] = {
	{ { "task_id", "gpu_id", "source", NULL } },
};

static const struct col_spec vram_cols[] = {
	POSITIVE_REQ_UPTO("params_b", 100000),
	{ .name = "precision", .type = COL_ENUM, .required = true, .values = schema_precisions },
	POSITIVE_REQ_UPTO("gb", 1000000),
	REF("source", "sources"),
};
static const struct key_spec vram_keys[] = {
	{ { "params_b", "precision", "source", NULL } },
};

static const struct col_spec techniques_cols[] = {
	ID,
	TEXT_REQ("name_en"),
	TEXT_REQ("name_zh"),
	/* speed multiplied (0.9 = 10% slower); memory cut by a factor or by a
	 * percentage; scope: what is affected; text: an effect with no figure */
	POSITIVE("speed_low"),
	{ .name = "speed_high", .type = COL_NUMBER, .has_min = true,
	  .min_exclusive = true, .at_least = "speed_low" },
	TEXT("speed_scope_en"), TEXT("speed_scope_zh"),
	TEXT("speed_text_en"), TEXT("speed_text_zh"),
	{ .name = "vram_cut", .type = COL_ENUM, .values = vram_cut_values },
	POSITIVE("vram_low"),
	{ .name = "vram_high", .type = COL_NUMBER, .has_min = true,
	  .min_exclusive = true, .at_least = "vram_low" },
	TEXT("vram_scope_en"), TEXT("vram_scope_zh"),
	TEXT("vram_text_en"), TEXT("vram_text_zh"),
	{ .name = "difficulty", .type = COL_ENUM, .required = true, .values = difficulty_values },
	TEXT("notes_en"),
	TEXT("notes_zh"),
	REF("source", "sources"),
};

static const struct col_spec use_cases_cols[] = {
	ID,
	TEXT_REQ("name_en"),
	TEXT_REQ("name_zh"),
	{ .name = "budget_gpu", .type = COL_REFS, .ref = "gpus", .if_empty = "uc.none" },
	{ .name = "recommended_gpu", .type = COL_REFS, .ref = "gpus", .if_empty = "uc.none" },
	{ .name = "fastest_gpu", .type = COL_REFS, .ref = "gpus", .if_empty = "uc.none" },
	TEXT("reason_en"),
	TEXT("reason_zh"),
	REF("source", "sources"),
};

static const struct col_spec claims_cols[] = {
	ID,
	REF("gpu_id", "gpus"),
	REF("other_gpu_id", "gpus"),
	{ .name = "kind", .type = COL_ENUM, .required = true, .values = bench_kind_values },
	{ .name = "benchmark_ids", .type = COL_REFS, .ref = "benchmarks" },
	POSITIVE_REQ_UPTO("low", 1000),
	{ .name = "high", .type = COL_NUMBER, .required = true, .has_min = true,
	  .min_exclusive = true, .has_max = true, .max = 1000, .at_least = "low" },
	TEXT_REQ("text_en"),
	TEXT_REQ("text_zh"),
	REF("source", "sources"),
};

static const struct col_spec stated_costs_cols[] = {
	ID,
	{ .name = "task_id", .type = COL_REF, .ref = "tasks", .if_empty = "data.empty.serving" },
	REF("gpu_id", "gpus"),
	COUNT("cards"),
	{ .name = "period", .type = COL_ENUM, .required = true, .values = period_values },
	POSITIVE_REQ("usd"),
	{ .name = "usd_max", .type = COL_NUMBER, .has_min = true, .min_exclusive = true,
	  .at_least = "usd" },
	{ .name = "approx", .type = COL_BOOL },
	REF("source", "sources"),
	OPT_TEXT("note_en"),
	OPT_TEXT("note_zh"),
};

static const struct col_spec case_studies_cols[] = {
	ID,
	TEXT_REQ("name_en"),
	TEXT_REQ("name_zh"),
	TEXT_REQ("goal_en"),
	TEXT_REQ("goal_zh"),
	TEXT_REQ("method_en"),
	TEXT_REQ("method_zh"),
	REF("stated_cost", "stated_costs"),
	{ .name = "benchmark_id", .type = COL_REF, .ref = "benchmarks" },
	REF("source", "sources"),
};

static const struct col_spec i18n_cols[] = {
	{ .name = "key", .type = COL_TEXT, .required = true, .unique = true },
	/* i18n_load requires both texts, but lets a unit be none in a language */
	TEXT("en"),
	TEXT("zh"),
};

#define TABLE(n, it, cols) { n, it, cols, COUNT_OF(cols), NULL, 0, false }
#define TABLE_OPTIONAL(n, it, cols) { n, it, cols, COUNT_OF(cols), NULL, 0, true }
#define TABLE_KEYS(n, it, cols, keys) \
	{ n, it, cols, COUNT_OF(cols), keys, COUNT_OF(keys), false }

const struct table_spec schema_tables[TABLE_COUNT] = {
	[TABLE_SOURCES] = TABLE("sources", "source", sources_cols),
	[TABLE_GPUS] = TABLE("gpus", "gpu", gpus_cols),
	[TABLE_PRICES] = TABLE_KEYS("prices", "price", prices_cols, prices_keys),
	[TABLE_BENCHMARKS] = TABLE("benchmarks", "benchmark", benchmarks_cols),
	[TABLE_RESULTS] = TABLE_KEYS("results", "result", results_cols,
				     results_keys),
	[TABLE_TASKS] = TABLE("tasks", "task", tasks_cols),
	[TABLE_TASK_TIMES] = TABLE_KEYS("task_times", "task time",
					task_times_cols, task_times_keys),
	[TABLE_VRAM] = TABLE_KEYS("vram", "VRAM rule", vram_cols, vram_keys),
	[TABLE_TECHNIQUES] = TABLE("techniques", "technique", techniques_cols),
	[TABLE_USE_CASES] = TABLE("use_cases", "use case", use_cases_cols),
	[TABLE_CLAIMS] = TABLE("claims", "claim", claims_cols),
	[TABLE_STATED_COSTS] = TABLE_OPTIONAL("stated_costs", "stated cost",
					      stated_costs_cols),
	[TABLE_CASE_STUDIES] = TABLE_OPTIONAL("case_studies", "case study",
					      case_studies_cols),
	[TABLE_I18N] = TABLE("i18n", "UI string", i18n_cols),
};

const struct table_spec *schema_table_spec(const char *name)
{
	for (size_t i = 0; i < TABLE_COUNT; i++)
		if (strcmp(schema_tables[i].name, name) == 0)
			return &schema_tables[i];
	return NULL;
}

const struct col_spec *schema_column_spec(const struct table_spec *spec, const char *name)
{
	for (size_t i = 0; spec && i < spec->ncols; i++)
		if (!strcmp(spec->cols[i].name, name))
			return &spec->cols[i];
	return NULL;
}

/* ---- Single cells ---- */

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

bool schema_parse_number(const char *s, double *out)
{
	const char *p = s;
	if (*p == '-')
		p++;
	if (!is_digit(*p))
		return false;
	while (is_digit(*p))
		p++;
	if (*p == '.') {
		p++;
		if (!is_digit(*p))
			return false;
		while (is_digit(*p))
			p++;
	}
	if (*p)
		return false;
	/* The grammar above is a subset of strtod's, so strtod reads it all. */
	double v = strtod(s, NULL);
	if (v != v || v > 1e300 || v < -1e300)
		return false;
	if (out)
		*out = v;
	return true;
}

bool schema_parse_integer(const char *s, long *out)
{
	const char *p = s;
	if (*p == '-')
		p++;
	if (!is_digit(*p))
		return false;
	while (is_digit(*p))
		p++;
	if (*p)
		return false;
	errno = 0;
	long v = strtol(s, NULL, 10);
	if (errno == ERANGE)
		return false;
	if (out)
		*out = v;
	return true;
}

bool schema_is_id(const char *s)
{
	/* [a-z0-9]+(-[a-z0-9]+)* */
	bool after_sep = true;
	for (const char *p = s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || is_digit(*p))
			after_sep = false;
		else if (*p == '-' && !after_sep)
			after_sep = true;
		else
			return false;
	}
	return !after_sep;
}

bool schema_is_date(const char *s)
{
	for (int i = 0; i < 10; i++) {
		if (i == 4 || i == 7) {
			if (s[i] != '-')
				return false;
		} else if (!is_digit(s[i])) {
			return false;
		}
	}
	if (s[10])
		return false;
	int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
	static const int days[] = { 31, 28, 31, 30, 31, 30,
				    31, 31, 30, 31, 30, 31 };
	if (y < 1 || m < 1 || m > 12 || d < 1)
		return false;
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	int max = days[m - 1] + (m == 2 && leap);
	return d <= max;
}

bool schema_is_url(const char *s)
{
	const char *host;
	if (strncmp(s, "https://", 8) == 0)
		host = s + 8;
	else if (strncmp(s, "http://", 7) == 0)
		host = s + 7;
	else
		return false;
	if (!*host || *host == '/' || *host == '?' || *host == '#')
		return false;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == 0x7F || *p == '"' || *p == '<' ||
		    *p == '>' || *p == '\\')
			return false;
	return true;
}

/* True when s is one or more ids separated by ";" (no spaces). */
static bool is_id_list(const char *s)
{
	struct buf part = BUF_INIT;
	bool ok = true;
	const char *p = s;
	for (;;) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		buf_reset(&part);
		buf_add(&part, p, n);
		if (!schema_is_id(part.ptr)) {
			ok = false;
			break;
		}
		if (!end)
			break;
		p = end + 1;
	}
	buf_release(&part);
	return ok;
}

/* A bound printed as people write it: 0, 1, 0.5. */
static void bound_format(char *out, size_t size, double v)
{
	snprintf(out, size, "%g", v);
}

/* The range message for a value outside col's range, or NULL. */
static const char *range_problem(const struct col_spec *col, double v,
				 char *bound, size_t size)
{
	if (col->has_min && (col->min_exclusive ? !(v > col->min)
						: !(v >= col->min))) {
		bound_format(bound, size, col->min);
		return col->min_exclusive ? "greater than" : "at least";
	}
	if (col->has_max && (col->max_exclusive ? !(v < col->max)
						: !(v <= col->max))) {
		bound_format(bound, size, col->max);
		return col->max_exclusive ? "less than" : "at most";
	}
	return NULL;
}

static void enum_list(struct buf *out, const char *const *values)
{
	for (size_t i = 0; values[i]; i++) {
		if (i)
			buf_adds(out, ", ");
		buf_adds(out, values[i]);
	}
}

static bool enum_has(const char *const *values, const char *s)
{
	for (size_t i = 0; values[i]; i++)
		if (strcmp(values[i], s) == 0)
			return true;
	return false;
}

/* The cell as shown in a message: a long one is cut (on a character
 * boundary) and ends with an ellipsis, so one bad 1 MB cell does not print
 * 1 MB. */
static const char *cell_shown(const char *s, char *tmp, size_t size)
{
	size_t n = strlen(s);
	if (n < size - 4)
		return s;
	n = size - 4;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	memcpy(tmp, s, n);
	memcpy(tmp + n, "\xE2\x80\xA6", 4); /* "…" and the NUL */
	return tmp;
}

/* Check one non-empty cell; report and return 1 when it is wrong. */
static int cell_check(const struct col_spec *col, const char *s,
		      const char *path, int line, int colno, struct diag *diag)
{
	double v;
	long iv;
	char bound[64];
	const char *problem;
	char short_form[80];
	const char *shown = cell_shown(s, short_form, sizeof short_form);
	switch (col->type) {
	case COL_TEXT:
		return 0;
	case COL_ID:
	case COL_REF:
		if (col->type == COL_ID && schema_is_id(s) && strlen(s) > SCHEMA_ID_MAX) {
			/* an id names folders and files of the site (a pair of
			 * them, for comparisons): far below 255 bytes */
			diag_error(diag, path, line, colno,
				   "%s \"%s\" is %zu characters long; at most %d",
				   col->name, shown, strlen(s), SCHEMA_ID_MAX);
			return 1;
		}
		if (schema_is_id(s))
			return 0;
		diag_error(diag, path, line, colno,
			   "%s \"%s\" is not an id (lowercase letters, digits and single hyphens, like \"rtx-4090\")",
			   col->name, shown);
		return 1;
	case COL_REFS:
		if (is_id_list(s))
			return 0;
		diag_error(diag, path, line, colno,
			   "%s \"%s\" is not a list of ids separated by \";\" (no spaces)",
			   col->name, shown);
		return 1;
	case COL_NUMBER:
		if (!schema_parse_number(s, &v)) {
			diag_error(diag, path, line, colno,
				   "%s \"%s\" is not a number", col->name, shown);
			return 1;
		}
		break;
	case COL_INTEGER:
		if (!schema_parse_integer(s, &iv)) {
			diag_error(diag, path, line, colno,
				   "%s \"%s\" is not an integer", col->name, shown);
			return 1;
		}
		v = (double)iv;
		break;
	case COL_BOOL:
		if (strcmp(s, "yes") == 0 || strcmp(s, "no") == 0)
			return 0;
		diag_error(diag, path, line, colno,
			   "%s \"%s\" must be yes or no", col->name, shown);
		return 1;
	case COL_DATE:
		if (schema_is_date(s))
			return 0;
		diag_error(diag, path, line, colno,
			   "%s \"%s\" is not a date (YYYY-MM-DD)", col->name, shown);
		return 1;
	case COL_ENUM:
		if (enum_has(col->values, s))
			return 0;
		{
			struct buf list = BUF_INIT;
			enum_list(&list, col->values);
			diag_error(diag, path, line, colno,
				   "%s \"%s\" must be one of %s", col->name, shown,
				   list.ptr);
			buf_release(&list);
		}
		return 1;
	case COL_URL:
		if (schema_is_url(s))
			return 0;
		diag_error(diag, path, line, colno,
			   "%s \"%s\" is not an http(s) URL", col->name, shown);
		return 1;
	default:
		return 0;
	}
	problem = range_problem(col, v, bound, sizeof bound);
	if (!problem)
		return 0;
	diag_error(diag, path, line, colno, "%s \"%s\" must be %s %s",
		   col->name, shown, problem, bound);
	return 1;
}

/* ---- First rows of keys, for unique keys and references ---- */

/* The row first stored under `key` (borrowed: it outlives the map);
 * stores `row` when the key is new. */
static size_t first_row(struct strmap *m, const char *key, size_t row)
{
	bool created;
	size_t *first = strmap_slot(m, key, &created);
	if (created)
		*first = row;
	return *first;
}

/* ---- Tables ---- */

/* Report a header that names a column twice; returns the error count. */
static int header_check_duplicates(const struct table *t, struct diag *diag)
{
	int errors = 0;
	for (size_t i = 0; i < t->ncols; i++) {
		for (size_t j = 0; j < i; j++) {
			if (strcmp(t->cols[i], t->cols[j]) == 0) {
				diag_error(diag, t->path, 1, (int)i + 1,
					   "duplicate column \"%s\" (also column %zu)",
					   t->cols[i], j + 1);
				errors++;
				break;
			}
		}
	}
	return errors;
}

/* The line of the header: row lines start after it, but blank lines may come
 * first; 1 is right for every file the editors write. */
enum { HEADER_LINE = 1 };

static int column_check_unique(const struct col_spec *col, long c,
			       const struct table *t, struct diag *diag)
{
	int errors = 0;
	struct strmap seen = STRMAP_INIT_BORROWED;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *v = t->rows[r][c];
		if (!*v)
			continue;
		size_t first = first_row(&seen, v, r);
		if (first != r) {
			diag_error(diag, t->path, t->lines[r], (int)c + 1,
				   "duplicate %s \"%s\" (first on line %d)",
				   col->name, v, t->lines[first]);
			errors++;
		}
	}
	strmap_free(&seen);
	return errors;
}

/* A key column an optional column left out of the header: empty. */
#define KEY_ABSENT (-2)

static bool column_is_optional(const struct table_spec *spec, const char *name)
{
	const struct col_spec *col = schema_column_spec(spec, name);
	return col && col->optional;
}

static int key_check_unique(const struct key_spec *key, const long *idx,
			    const struct table *t, struct diag *diag)
{
	size_t n = 0;
	while (n < SCHEMA_KEY_MAX && key->cols[n])
		n++;
	for (size_t k = 0; k < n; k++)
		if (idx[k] < 0 && idx[k] != KEY_ABSENT)
			return 0; /* a missing column was reported already */
	int errors = 0;
	char **joined = xcalloc(t->nrows ? t->nrows : 1, sizeof *joined);
	struct strmap seen = STRMAP_INIT_BORROWED;
	for (size_t r = 0; r < t->nrows; r++) {
		struct buf b = BUF_INIT;
		for (size_t k = 0; k < n; k++) {
			if (k)
				buf_addc(&b, '\x1f'); /* a byte no cell holds */
			if (idx[k] >= 0)
				buf_adds(&b, t->rows[r][idx[k]]);
		}
		joined[r] = buf_detach(&b, NULL);
		size_t first = first_row(&seen, joined[r], r);
		if (first == r)
			continue;
		struct buf names = BUF_INIT;
		for (size_t k = 0; k < n; k++) {
			if (k)
				buf_adds(&names, k + 1 == n ? " and " : ", ");
			buf_adds(&names, key->cols[k]);
		}
		diag_error(diag, t->path, t->lines[r], (int)(idx[0] < 0 ? 0 : idx[0]) + 1,
			   "duplicate row: same %s as line %d", names.ptr,
			   t->lines[first]);
		buf_release(&names);
		errors++;
	}
	strmap_free(&seen);
	for (size_t r = 0; r < t->nrows; r++)
		free(joined[r]);
	free(joined);
	return errors;
}

/* Compare col with its at_least column, row by row, where both are numbers. */
static int column_check_at_least(const struct col_spec *col, long c, long lo,
				 const struct table *t, struct diag *diag)
{
	int errors = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		double hi_v, lo_v;
		const char *hi_s = t->rows[r][c], *lo_s = t->rows[r][lo];
		if (!schema_parse_number(hi_s, &hi_v) ||
		    !schema_parse_number(lo_s, &lo_v) || hi_v >= lo_v)
			continue;
		diag_error(diag, t->path, t->lines[r], (int)c + 1,
			   "%s \"%s\" is less than %s \"%s\"", col->name, hi_s,
			   col->at_least, lo_s);
		errors++;
	}
	return errors;
}

/* A column of the spec the header lacks, with the header's column that was
 * most likely meant ("gpu_id ", "GPU_ID", "gpuid") when there is one. */
static void report_missing_column(const struct table_spec *spec,
				  const struct col_spec *col,
				  const struct table *t, struct diag *diag)
{
	const char **unknown = xmalloc((t->ncols + 1) * sizeof *unknown);
	for (size_t c = 0; c < t->ncols; c++)
		unknown[c] = schema_column_spec(spec, t->cols[c]) ? NULL : t->cols[c];
	const char *near = text_did_you_mean(col->name, unknown, t->ncols);
	if (!near) {
		diag_error(diag, t->path, HEADER_LINE, 0, "missing column \"%s\"",
			   col->name);
	} else {
		long c = csv_table_column(t, near);
		diag_error(diag, t->path, HEADER_LINE, (int)c + 1,
			   "missing column \"%s\" (column %ld is \"%s\": did you mean \"%s\"?)",
			   col->name, c + 1, near, col->name);
	}
	free(unknown);
}

/* Text cells (the spec's text columns and the columns it does not name)
 * must not hold control characters or noncharacters: they would reach
 * every page (text_find_unpublishable). */
static int check_control_chars(const struct table_spec *spec,
			       const struct table *t, struct diag *diag)
{
	int errors = 0;
	bool *text = xmalloc((t->ncols + 1) * sizeof *text);
	for (size_t c = 0; c < t->ncols; c++) {
		const struct col_spec *col = schema_column_spec(spec, t->cols[c]);
		text[c] = !col || col->type == COL_TEXT;
	}
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			unsigned cp;
			const char *cell = t->rows[r][c];
			if (!text[c] || !text_find_unpublishable(cell, strlen(cell), &cp))
				continue;
			diag_error(diag, t->path, t->lines[r], (int)c + 1,
				   "%s holds the %s U+%04X; remove it", t->cols[c],
				   text_unpublishable_kind(cp), cp);
			errors++;
		}
	free(text);
	return errors;
}

/* The column of the other language of column c ("note_en" <-> "note_zh"),
 * -1 when c is not a language column or translates a column in the
 * source's own words ("title_en" beside "title"), -2 when its twin is
 * missing. */
static long column_twin(const struct table *t, size_t c)
{
	static const char *const suffix[2] = { "_en", "_zh" };
	const char *name = t->cols[c];
	size_t n = strlen(name);
	for (int l = 0; l < 2; l++) {
		if (n < 4 || strcmp(name + n - 3, suffix[l]))
			continue;
		struct buf twin = BUF_INIT;
		buf_add(&twin, name, n - 3);
		buf_adds(&twin, suffix[1 - l]);
		long tc = csv_table_column(t, twin.ptr);
		buf_truncate(&twin, n - 3);
		long original = csv_table_column(t, twin.ptr);
		buf_release(&twin);
		return tc >= 0 ? tc : original >= 0 ? -1 : -2;
	}
	return -1;
}

/* Every text in two languages: a column "x_en" needs its twin "x_zh" (and
 * the other way round), and a row that fills one fills both. The error
 * points at the empty cell. */
static int columns_check_twins(const struct table *t, struct diag *diag)
{
	int errors = 0;
	long *twin = xmalloc((t->ncols ? t->ncols : 1) * sizeof *twin);
	for (size_t c = 0; c < t->ncols; c++) {
		twin[c] = column_twin(t, c);
		if (twin[c] != -2)
			continue;
		size_t n = strlen(t->cols[c]);
		diag_error(diag, t->path, HEADER_LINE, (int)c + 1,
			   "column \"%s\" has no twin \"%.*s_%s\" (every text needs both languages)",
			   t->cols[c], (int)(n - 3), t->cols[c],
			   strcmp(t->cols[c] + n - 3, "_en") ? "en" : "zh");
		errors++;
	}
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			long tc = twin[c];
			if (tc < 0 || t->rows[r][c][0] || !t->rows[r][tc][0])
				continue;
			diag_error(diag, t->path, t->lines[r], (int)c + 1,
				   "%s is empty but %s is not (every text needs both languages)",
				   t->cols[c], t->cols[tc]);
			errors++;
		}
	}
	free(twin);
	return errors;
}

int schema_check_table(const struct table_spec *spec, const struct table *t,
		       struct diag *diag)
{
	int errors = header_check_duplicates(t, diag) + columns_check_twins(t, diag);
	long *idx = xmalloc((spec->ncols ? spec->ncols : 1) * sizeof *idx);
	for (size_t i = 0; i < spec->ncols; i++) {
		idx[i] = csv_table_column(t, spec->cols[i].name);
		if (idx[i] < 0 && t->ncols > 0 && !spec->cols[i].optional) {
			report_missing_column(spec, &spec->cols[i], t, diag);
			errors++;
		}
	}
	errors += check_control_chars(spec, t, diag);
	/* Row by row, so the messages come in file order. */
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t i = 0; i < spec->ncols; i++) {
			const struct col_spec *col = &spec->cols[i];
			if (idx[i] < 0)
				continue;
			const char *s = t->rows[r][idx[i]];
			int colno = (int)idx[i] + 1;
			if (!*s) {
				if (col->required) {
					diag_error(diag, t->path, t->lines[r],
						   colno, "%s is required",
						   col->name);
					errors++;
				}
				continue;
			}
			errors += cell_check(col, s, t->path, t->lines[r],
					     colno, diag);
		}
	}
	for (size_t i = 0; i < spec->ncols; i++) {
		const struct col_spec *col = &spec->cols[i];
		if (idx[i] < 0)
			continue;
		if (col->at_least) {
			long lo = csv_table_column(t, col->at_least);
			if (lo >= 0)
				errors += column_check_at_least(col, idx[i], lo,
								t, diag);
		}
		if (col->unique)
			errors += column_check_unique(col, idx[i], t, diag);
	}
	for (size_t k = 0; k < spec->nkeys; k++) {
		long kidx[SCHEMA_KEY_MAX];
		for (size_t j = 0; j < SCHEMA_KEY_MAX && spec->keys[k].cols[j]; j++) {
			kidx[j] = csv_table_column(t, spec->keys[k].cols[j]);
			if (kidx[j] < 0 && column_is_optional(spec, spec->keys[k].cols[j]))
				kidx[j] = KEY_ABSENT;
		}
		errors += key_check_unique(&spec->keys[k], kidx, t, diag);
	}
	free(idx);
	return errors;
}

/* The first COL_ID column of a spec (the one references point at). */
static const char *spec_id_column(const struct table_spec *spec)
{
	for (size_t i = 0; i < spec->ncols; i++)
		if (spec->cols[i].type == COL_ID)
			return spec->cols[i].name;
	return NULL;
}

/* Report each id of `value` (one id, or ids separated by ";") not in `ids`. */
static int refs_report_unknown(const char *value, const struct strmap *ids,
			       const struct table_spec *target_spec,
			       const struct table *target, const char *path,
			       int line, int colno, struct diag *diag)
{
	int errors = 0;
	struct buf part = BUF_INIT;
	const char *p = value;
	for (;;) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		buf_reset(&part);
		buf_add(&part, p, n);
		if (!strmap_get(ids, part.ptr)) {
			diag_error(diag, path, line, colno,
				   csv_table_missing(target) ? "unknown %s \"%s\" (there is no %s)"
							     : "unknown %s \"%s\" (not in %s)",
				   target_spec->item, part.ptr, target->path);
			errors++;
		}
		if (!end)
			break;
		p = end + 1;
	}
	buf_release(&part);
	return errors;
}

int schema_check_refs(const struct table_spec *spec, const struct table *t,
		      schema_table_lookup lookup, void *ctx,
		      struct diag *diag)
{
	/* For each column of the file (in file order): the id map of the table
	 * it refers to, when that table can be checked against. */
	struct strmap *maps = xcalloc(t->ncols ? t->ncols : 1, sizeof *maps);
	const struct table **targets = xcalloc(t->ncols ? t->ncols : 1,
					      sizeof *targets);
	const struct table_spec **target_specs =
		xcalloc(t->ncols ? t->ncols : 1, sizeof *target_specs);
	const struct col_spec **cols = xcalloc(t->ncols ? t->ncols : 1,
					      sizeof *cols);
	for (size_t i = 0; i < spec->ncols; i++) {
		const struct col_spec *col = &spec->cols[i];
		if ((col->type != COL_REF && col->type != COL_REFS) || !col->ref)
			continue;
		long c = csv_table_column(t, col->name);
		const struct table_spec *tspec = schema_table_spec(col->ref);
		const struct table *target = lookup(col->ref, ctx);
		const char *id_name = tspec ? spec_id_column(tspec) : NULL;
		long id_col = target && id_name
				      ? csv_table_column(target, id_name) : -1;
		/* an optional table whose file is missing is checked
		 * against: no id is in it */
		bool absent = target && csv_table_missing(target);
		if (c < 0 || (id_col < 0 && !absent) || targets[c])
			continue;
		maps[c] = (struct strmap)STRMAP_INIT_BORROWED;
		for (size_t r = 0; r < target->nrows; r++)
			first_row(&maps[c], target->rows[r][id_col], r);
		targets[c] = target;
		target_specs[c] = tspec;
		cols[c] = col;
	}
	int errors = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (!targets[c])
				continue;
			const char *v = t->rows[r][c];
			bool well_formed = cols[c]->type == COL_REF
						   ? schema_is_id(v)
						   : is_id_list(v);
			if (!*v || !well_formed)
				continue;
			errors += refs_report_unknown(v, &maps[c],
						      target_specs[c],
						      targets[c], t->path,
						      t->lines[r], (int)c + 1,
						      diag);
		}
	}
	for (size_t c = 0; c < t->ncols; c++)
		if (targets[c])
			strmap_free(&maps[c]);
	free(maps);
	free(targets);
	free(target_specs);
	free(cols);
	return errors;
}
