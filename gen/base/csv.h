/* csv: one CSV file (RFC 4180, UTF-8) read into a `struct table`.
 *
 * The reader is libcsv in strict mode, fed one byte at a time so that every
 * record and every problem has a line and a column (libcsv reports neither).
 * Lines count every newline, including those inside quoted fields; columns
 * count characters (UTF-8 code points) from 1. Spaces are kept as they are
 * (libcsv would trim them), so " 0.39" reaches the schema as written.
 *
 * Problems are reported to the diag and reading goes on where it can: invalid
 * UTF-8 (one message per line), a stray quote (the rest of that line is
 * skipped), a row whose field count differs from the header's (the row is
 * dropped), an unterminated quote at the end of the file, an empty file.
 * A UTF-8 byte-order mark is stripped. Blank lines are skipped.
 *
 * Memory: every string and array of the table lives in the arena given.
 */
#ifndef GPUGUIDE_CSV_H
#define GPUGUIDE_CSV_H

#include <stdbool.h>
#include <stddef.h>

struct arena;
struct buf;
struct diag;
struct digest;

/* A whole table as read: header and rows of NUL-terminated cells. */
struct table {
	const char *name;  /* "prices" */
	const char *path;  /* "data/prices.csv" (as given to diagnostics) */
	size_t ncols;
	const char **cols; /* header names */
	size_t nrows;
	const char ***rows; /* rows[r][c], "" for an empty cell */
	int *lines;         /* line of each row's first byte (1-based) */
	/* The bytes the table was read from, as they were (a byte-order mark
	 * and all), the arena's: what the site publishes as the table's file,
	 * so that the file and the pages made from the table cannot differ
	 * (a file read again could have changed meanwhile). NULL for a table
	 * read from no file (one that cannot be read, or a struct made by
	 * hand). */
	const char *text;
	size_t text_len;
};

/* Parse `len` bytes of `text` into `t` (which is overwritten; t->text a
 * copy of them). `path` is the
 * name shown in messages and stored in t->path; t->name is the path's base
 * name without ".csv". Returns 0, or -1 when any error was reported (t is then
 * still a consistent table of the rows that could be read). */
int csv_table_parse(struct table *t, struct arena *a, const char *text,
		    size_t len, const char *path, struct diag *diag);

/* Read the file `fs_path` and parse it as csv_table_parse does (t->text
 * the bytes read, kept without a copy); messages name
 * `path` (e.g. "data/prices.csv" for "/repo/data/prices.csv"). A file that
 * cannot be read is an error (t->text NULL). Returns 0 or -1. */
int csv_table_load(struct table *t, struct arena *a, const char *fs_path,
		   const char *path, struct diag *diag);

/* True for a table read from no file (an optional one whose file is
 * missing: data.h): neither bytes nor a header. A file read, even an
 * empty one, is not missing. */
bool csv_table_missing(const struct table *t);

/* Index of the header column called `name`, or -1. */
long csv_table_column(const struct table *t, const char *name);

/* Write one field to `out` as RFC 4180 wants it: quoted (inner quotes doubled)
 * when it holds a comma, a quote, CR or LF, or leading/trailing spaces. */
void csv_field_write(struct buf *out, const char *field);
/* The same for a file readers download and may open in a spreadsheet: a
 * field beginning with = + - @, a tab or a carriage return that is not a
 * plain number is written as text, as OWASP recommends against formula
 * injection: a single quote before it, the whole quoted
 * (`=HYPERLINK("x")` becomes `"'=HYPERLINK(""x"")"`). */
void csv_field_write_safe(struct buf *out, const char *field);
/* True when csv_field_write_safe writes `field` as text. */
bool csv_field_is_formula(const char *field);
/* A table as a downloadable CSV file: its header and rows, every field
 * through csv_field_write_safe, lines ending in LF. */
void csv_table_write_safe(const struct table *t, struct buf *out);
/* True when a field of the table (its header too) is a formula
 * (csv_field_is_formula). */
bool csv_table_has_formula(const struct table *t);
/* A table's name, file, columns and rows (csv_row_digest) into `d` (NULL:
 * a table that is not there, told apart from an empty one). */
void csv_table_digest(struct digest *d, const struct table *t);
/* Its name, file and columns alone. */
void csv_table_digest_head(struct digest *d, const struct table *t);
/* Row r: its line (what figures name it by) and its cells. */
void csv_row_digest(struct digest *d, const struct table *t, size_t r);

#endif
