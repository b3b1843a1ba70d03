/* schema: what each CSV table must hold, said once, checked by one validator.
 *
 * A table spec lists its columns (name, type, required, range, enum values,
 * the table a reference points at) and its unique keys. schema_check_table
 * checks a loaded table against its spec and reports every problem as
 *
 *     data/prices.csv:14:3: error: usd_per_hour "0,39" is not a number
 *
 * where 14 is the row's line and 3 the column's position in the file.
 * Columns the spec does not name are allowed (they reach templates as text);
 * a missing column or a header naming a column twice is an error.
 * schema_check_refs then checks references between two loaded tables.
 *
 * The specs of the guide's own tables are schema_tables[], in the order of
 * enum data_table_id (below); README.md ("The data") is their prose twin.
 * Specs are static data: nothing here allocates memory that outlives a call.
 */
#ifndef GPUGUIDE_SCHEMA_H
#define GPUGUIDE_SCHEMA_H

#include "base/csv.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;

/* The guide's tables, in the order they are loaded (a table refers only to
 * tables before it). */
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
	TABLE_STATED_COSTS,
	TABLE_CASE_STUDIES,
	TABLE_I18N,
	TABLE_COUNT
};

enum col_type {
	COL_TEXT,    /* anything (UTF-8) */
	COL_ID,      /* a slug: [a-z0-9]+(-[a-z0-9]+)* */
	COL_NUMBER,  /* a plain decimal: -?[0-9]+(.[0-9]+)? (no $ , % e NaN inf) */
	COL_INTEGER, /* -?[0-9]+ */
	COL_BOOL,    /* yes or no */
	COL_DATE,    /* YYYY-MM-DD, a real day */
	COL_ENUM,    /* one of col_spec.values */
	COL_URL,     /* http:// or https:// followed by a host, no spaces */
	COL_REF,     /* the id of a row of table col_spec.ref */
	COL_REFS     /* ids of rows of col_spec.ref, separated by ";" */
};

struct col_spec {
	const char *name;
	enum col_type type;
	bool required; /* the cell must not be empty */
	bool optional; /* the header may leave the column out (all empty) */
	bool unique;   /* no two rows share a (non-empty) value */
	/* Range for COL_NUMBER and COL_INTEGER. */
	bool has_min, min_exclusive;
	double min;
	bool has_max, max_exclusive;
	double max;
	const char *const *values; /* COL_ENUM: the allowed values, NULL-ended */
	const char *ref;           /* COL_REF(S): the table referred to ("gpus") */
	const char *at_least;      /* numeric column this one must not be below */
	const char *if_empty;      /* the UI string saying what an empty cell
				    * stands for ("1 (not stated)": one card;
				    * "unnamed provider"), as the data pages
				    * print it; NULL: a number's is no figure
				    * (an upper end's: none, see datapages) */
	bool nodata;               /* a text cell that, empty, is a fact no
				    * source gives ("no data", as a number's):
				    * a GPU's memory type, not its notes */
	const char *if_zero;       /* the UI string a 0 is printed as ("not
				    * supported": NVLink), on every page */
};

enum { SCHEMA_KEY_MAX = 6 };

/* The longest id (COL_ID): ids name pages and files, two of them joined
 * for comparison pages and charts, and a file name has at most 255 bytes. */
#define SCHEMA_ID_MAX 100

/* Columns whose values together must be unique across rows. */
struct key_spec {
	const char *cols[SCHEMA_KEY_MAX + 1]; /* NULL-ended */
};

struct table_spec {
	const char *name; /* "gpus": read from gpus.csv */
	const char *item; /* one row in messages: "unknown gpu ..." */
	const struct col_spec *cols;
	size_t ncols;
	const struct key_spec *keys;
	size_t nkeys;
	bool optional; /* the file may be missing: an empty table */
};

/* The guide's tables, indexed by enum data_table_id. */
extern const struct table_spec schema_tables[TABLE_COUNT];

/* The precisions the site knows, widest first (fp32, fp16, bf16, int8,
 * int4), and the jobs the calculator asks about (inference, lora,
 * training); each ends with NULL. Every list of precisions or jobs (the
 * allowed values of the columns, tables, charts, the calculator) is one of
 * these. */
extern const char *const schema_precisions[];
extern const char *const schema_jobs[];

/* The spec of the guide's table `name` ("prices"), or NULL. */
const struct table_spec *schema_table_spec(const char *name);

/* The spec of column `name` of `spec` (which may be NULL), or NULL. */
const struct col_spec *schema_column_spec(const struct table_spec *spec, const char *name);

/* Check `t` (as loaded by csv) against `spec`: header, every cell, unique
 * keys, at_least comparisons. Reports every problem to `diag` with t->path;
 * returns the number of errors. References to other tables are not checked
 * here (see schema_check_refs). */
int schema_check_table(const struct table_spec *spec, const struct table *t,
		       struct diag *diag);

/* The table called `name` ("gpus") to check references against, or NULL when
 * it is not to be checked (e.g. it did not load cleanly). */
typedef const struct table *(*schema_table_lookup)(const char *name,
						   void *ctx);

/* Check that every COL_REF/COL_REFS value of `t` names a row of the table
 * its spec refers to, as found by `lookup` (matched on that table's first
 * COL_ID column, by its spec in schema_tables):
 *     data/prices.csv:3:1: error: unknown gpu "rtx-9999" (not in data/gpus.csv)
 * Messages come in file order. Values that are not ids were reported by
 * schema_check_table and are skipped. Returns the number of errors. */
int schema_check_refs(const struct table_spec *spec, const struct table *t,
		      schema_table_lookup lookup, void *ctx,
		      struct diag *diag);

/* The checks of single cells, for readers of typed values. */
/* Parse a plain decimal (COL_NUMBER) into *out; false when it is not one. */
bool schema_parse_number(const char *s, double *out);
/* Parse an integer (COL_INTEGER) that fits a long; false when it is not. */
bool schema_parse_integer(const char *s, long *out);
/* True for a slug like "rtx-4090". */
bool schema_is_id(const char *s);
/* True for a real date written YYYY-MM-DD. */
bool schema_is_date(const char *s);
/* True for an http(s) URL with a host and no spaces or control bytes. */
bool schema_is_url(const char *s);

#endif
