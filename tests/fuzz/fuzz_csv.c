/* libFuzzer target: csv_table_parse on arbitrary bytes, then every table
 * spec's schema check and reference check against the parsed table.
 *
 * Oracles besides the sanitizers: every message is one line that starts
 * with the file's path; a table read without errors survives a round trip
 * through csv_field_write with the same cells. */
#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "model/data.h"
#include "base/diag.h"
#include "model/schema.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PATH "data/prices.csv"

static const struct table *lookup_self(const char *name, void *ctx)
{
	(void)name;
	return ctx; /* every reference is checked against the table itself */
}

/* Each line of the log is "data/prices.csv:..." or "data/prices.csv: ...". */
static void check_log(const struct buf *log)
{
	const char *p = log->ptr ? log->ptr : "";
	while (*p) {
		if (strncmp(p, PATH ":", strlen(PATH ":")) != 0) {
			fprintf(stderr, "message does not start with the path: %.200s\n", p);
			abort();
		}
		const char *nl = strchr(p, '\n');
		if (!nl) {
			fprintf(stderr, "message without a newline: %.200s\n", p);
			abort();
		}
		p = nl + 1;
	}
}

static void check_round_trip(const struct table *t)
{
	if (t->ncols < 2)
		return; /* a row of one empty cell is a blank line: skipped */
	struct buf out = BUF_INIT;
	for (size_t c = 0; c < t->ncols; c++) {
		if (c)
			buf_addc(&out, ',');
		csv_field_write(&out, t->cols[c]);
	}
	buf_addc(&out, '\n');
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				buf_addc(&out, ',');
			csv_field_write(&out, t->rows[r][c]);
		}
		buf_addc(&out, '\n');
	}
	struct arena a = ARENA_INIT;
	struct diag d;
	struct buf log = BUF_INIT;
	diag_init(&d, NULL, &log);
	struct table u;
	int rc = csv_table_parse(&u, &a, out.ptr, out.len, PATH, &d);
	if (rc != 0 || u.ncols != t->ncols || u.nrows != t->nrows) {
		fprintf(stderr, "round trip changed the table (rc %d, %zu/%zu cols, %zu/%zu rows): %s\n",
			rc, u.ncols, t->ncols, u.nrows, t->nrows, log.ptr ? log.ptr : "");
		abort();
	}
	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(u.cols[c], t->cols[c]) != 0) {
			fprintf(stderr, "round trip changed header %zu\n", c);
			abort();
		}
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++)
			if (strcmp(u.rows[r][c], t->rows[r][c]) != 0) {
				fprintf(stderr, "round trip changed cell %zu,%zu: \"%s\" -> \"%s\"\n",
					r, c, t->rows[r][c], u.rows[r][c]);
				abort();
			}
	arena_free(&a);
	buf_release(&log);
	buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = ARENA_INIT;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct table t;
	int rc = csv_table_parse(&t, &a, (const char *)data, size, PATH, &d);
	if (rc == 0 && t.ncols > 0) {
		check_round_trip(&t);
		for (size_t i = 0; i < TABLE_COUNT; i++) {
			schema_check_table(&schema_tables[i], &t, &d);
			schema_check_refs(&schema_tables[i], &t, lookup_self, &t, &d);
		}
	}
	check_log(&log);
	buf_release(&log);
	arena_free(&a);
	return 0;
}
