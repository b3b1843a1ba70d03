#include "base/csv.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/fs.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* libcsv 3.0.3: its header has the same name as this module's; the build
 * puts gen/ on the quote path only (-iquote), so <csv.h> is libcsv's. */
#include <csv.h>

/* A growable array of pointers (malloc'd while reading, copied to the arena
 * at the end so the arena holds no abandoned halves). */
struct ptrvec {
	void **v;
	size_t n, cap;
};

static void ptrvec_push(struct ptrvec *pv, void *p)
{
	ALLOC_GROW(pv->v, pv->n, pv->cap);
	pv->v[pv->n++] = p;
}

struct intvec {
	int *v;
	size_t n, cap;
};

static void intvec_push(struct intvec *iv, int x)
{
	ALLOC_GROW(iv->v, iv->n, iv->cap);
	iv->v[iv->n++] = x;
}

/* The reading state shared with libcsv's callbacks. */
struct reader {
	struct table *t;
	struct arena *a;
	struct diag *diag;
	const char *path;
	int errors;
	bool have_header;
	struct ptrvec fields; /* of the record being read (arena strings) */
	struct ptrvec rows;
	struct intvec lines;
	int rec_line;   /* line of the current record's first byte, 0 = none yet */
	bool field_start; /* the next byte begins a field */
	int quote_line, quote_col; /* where the current quoted field opened */
};

/* libcsv trims spaces and tabs around unquoted fields; keep them so that the
 * schema sees " 0.39" as written and can say so. */
static int csv_no_space(unsigned char c)
{
	(void)c;
	return 0;
}

static void reader_on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;
	ptrvec_push(&r->fields, arena_strndup(r->a, s ? s : "", len));
	r->field_start = true;
}

static void reader_on_record(int c, void *data)
{
	struct reader *r = data;
	(void)c;
	size_t n = r->fields.n;
	r->fields.n = 0;
	r->field_start = true;
	int line = r->rec_line;
	r->rec_line = 0;
	if (!r->have_header) {
		r->have_header = true;
		r->t->ncols = n;
		r->t->cols = arena_alloc(r->a, (n ? n : 1) * sizeof(char *));
		memcpy(r->t->cols, r->fields.v, n * sizeof(char *));
		return;
	}
	if (n != r->t->ncols) {
		diag_error(r->diag, r->path, line, 0,
			   "row has %zu field%s, header has %zu", n,
			   n == 1 ? "" : "s", r->t->ncols);
		r->errors++;
		return;
	}
	const char **row = arena_alloc(r->a, (n ? n : 1) * sizeof *row);
	memcpy(row, r->fields.v, n * sizeof *row);
	ptrvec_push(&r->rows, row);
	intvec_push(&r->lines, line);
}


/* Report bad UTF-8, once per line (the first bad byte of each), so a file
 * saved in another encoding gives a readable list, not thousands of lines. */
static void reader_check_utf8(struct reader *r, const unsigned char *s,
			      size_t len)
{
	int line = 1, col = 1, bad_line = 0;
	size_t i = 0;
	while (i < len) {
		if (s[i] != 0 && s[i] < 0x80 && s[i] != '\n' && s[i] != '\r') {
			i++; /* most bytes: one of ASCII, without a call */
			col++;
			continue;
		}
		size_t n = text_utf8_sequence(s + i, len - i);
		if (!n) {
			if (bad_line != line) {
				diag_error(r->diag, r->path, line, col,
					   "invalid UTF-8 (byte 0x%02X); save the file as UTF-8",
					   s[i]);
				r->errors++;
				bad_line = line;
			}
			n = 1;
		} else if (s[i] == '\n' ||
			   (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n'))) {
			line++; /* counted as reader_parse counts them */
			col = 0;
		}
		i += n;
		col++;
	}
}

static void reader_init_parser(struct csv_parser *p)
{
	if (csv_init(p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		xfatal("out of memory");
	csv_set_space_func(p, csv_no_space);
}

/* libcsv grows a field's buffer by a fixed block (128 bytes): linear growth
 * makes a megabyte field quadratic. Keep the block as large as the buffer,
 * which makes the growth geometric, and as the `n` bytes about to be
 * parsed, which then grow it once at most. */
static void reader_grow_geometric(struct csv_parser *p, size_t n)
{
	size_t size = csv_get_buffer_size(p);
	if (size < n)
		size = n;
	if (size > p->blk_size)
		csv_set_blk_size(p, size);
}

/* The bytes at which a field or a record may end or an error begin. */
static bool csv_special(unsigned char c)
{
	return c == ',' || c == '"' || c == '\n' || c == '\r';
}

/* How many bytes from s[i] libcsv may take in one call: a run inside a
 * field (not its first byte, not the byte after a quote) of bytes none of
 * which is special, since no field or record ends and no error starts
 * there (what a byte at a time would report is the same); else one. */
static size_t reader_run(const struct reader *r, const unsigned char *s, size_t len,
			 size_t i)
{
	if (r->field_start || csv_special(s[i]) || (i > 0 && s[i - 1] == '"'))
		return 1;
	size_t j = i + 1;
	while (j < len && !csv_special(s[j]))
		j++;
	return j - i;
}

/* Report the parse error libcsv found at byte `c` (line, col). */
static void reader_parse_error(struct reader *r, struct csv_parser *p,
			       unsigned char c, int line, int col)
{
	int err = csv_error(p);
	if (err != CSV_EPARSE)
		diag_error(r->diag, r->path, line, col, "%s", csv_strerror(err));
	else if (c == '"')
		diag_error(r->diag, r->path, line, col,
			   "stray quote in an unquoted field (quote the whole field and write \"\" for a quote)");
	else
		/* libcsv stops at the byte after the quote that ended the field */
		diag_error(r->diag, r->path, line, col > 1 ? col - 1 : col,
			   "stray quote in a quoted field (write \"\" for a quote inside quotes)");
	r->errors++;
}

/* The end of the field at f (before `end`, a line's end) on a line
 * reader_simple_line reads: its text to *text and *len, and where it
 * stops (at its ',' or `end`); NULL for a field it leaves to libcsv (a
 * quote in an unquoted field, a quoted one with a quote inside or not
 * closed on the line). */
static const unsigned char *simple_field(const unsigned char *f, const unsigned char *end,
					 const unsigned char **text, size_t *len)
{
	if (f < end && *f == '"') {
		const unsigned char *q = memchr(f + 1, '"', (size_t)(end - f - 1));
		if (!q || (q + 1 < end && q[1] != ','))
			return NULL;
		*text = f + 1;
		*len = (size_t)(q - f - 1);
		return q + 1;
	}
	const unsigned char *comma = memchr(f, ',', (size_t)(end - f));
	const unsigned char *to = comma ? comma : end;
	if (memchr(f, '"', (size_t)(to - f)))
		return NULL;
	*text = f;
	*len = (size_t)(to - f);
	return to;
}

/* A record on a line of its own (`n` bytes at s, its '\n' not counted)
 * with no CR, its fields plain or quoted without a quote inside (most of
 * data/'s lines): read here as libcsv would read it, field by field,
 * without its byte-at-a-time state machine. False, nothing read, for any
 * other line (libcsv reads it, and tells what is wrong with it). */
static bool reader_simple_line(struct reader *r, const unsigned char *s, size_t n, int line)
{
	if (memchr(s, '\r', n))
		return false;
	if (!n)
		return true; /* an empty line is no record (libcsv's way) */
	const unsigned char *end = s + n, *text;
	size_t len;
	for (const unsigned char *f = s;; f++) { /* every field first checked */
		if (!(f = simple_field(f, end, &text, &len)))
			return false;
		if (f == end)
			break;
	}
	for (const unsigned char *f = s;; f++) {
		f = simple_field(f, end, &text, &len);
		reader_on_field((void *)text, len, r);
		if (f == end)
			break;
	}
	r->rec_line = line;
	reader_on_record(0, r);
	return true;
}

static void reader_parse(struct reader *r, const unsigned char *s, size_t len)
{
	struct csv_parser p;
	reader_init_parser(&p);
	int line = 1, col = 1;
	r->field_start = true;
	r->rec_line = 0;
	for (size_t i = 0; i < len; i++) {
		if (r->field_start && r->rec_line == 0 && (i == 0 || s[i - 1] == '\n')) {
			/* a record starts this line: simple, it is read here */
			const unsigned char *nl = memchr(s + i, '\n', len - i);
			size_t n = nl ? (size_t)(nl - (s + i)) : len - i;
			if (reader_simple_line(r, s + i, n, line)) {
				i += n; /* at the '\n' (the loop passes it) */
				line++;
				col = 1;
				continue;
			}
		}
		unsigned char c = s[i];
		size_t n = reader_run(r, s, len, i);
		bool newline = c == '\n' || (c == '\r' && (i + 1 == len || s[i + 1] != '\n'));
		if (r->field_start && c != '\r' && c != '\n') {
			r->field_start = false;
			if (r->rec_line == 0)
				r->rec_line = line;
			if (c == '"') {
				r->quote_line = line;
				r->quote_col = col;
			}
		}
		reader_grow_geometric(&p, n);
		if (csv_parse(&p, &s[i], n, reader_on_field, reader_on_record, r) != n) {
			reader_parse_error(r, &p, c, line, col);
			/* Drop the broken record and go on at the next line. */
			csv_free(&p);
			reader_init_parser(&p);
			r->fields.n = 0;
			r->field_start = true;
			r->rec_line = 0;
			while (i < len && s[i] != '\n' && s[i] != '\r')
				i++;
			if (i + 1 < len && s[i] == '\r' && s[i + 1] == '\n')
				i++;
			line++;
			col = 1;
			continue;
		}
		if (newline) {
			line++;
			col = 1;
			continue;
		}
		for (size_t k = i; k < i + n; k++) /* a run has no line break */
			col += (s[k] & 0xC0) != 0x80; /* a column is a character, not a byte */
		i += n - 1;
	}
	if (csv_fini(&p, reader_on_field, reader_on_record, r) != 0) {
		diag_error(r->diag, r->path, r->quote_line, r->quote_col,
			   "quoted field is never closed (the quote opened here runs to the end of the file)");
		r->errors++;
	}
	csv_free(&p);
}

/* Base name of `path` without a ".csv" ending, in the arena. */
static const char *table_name_from_path(struct arena *a, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".csv") == 0)
		n -= 4;
	return arena_strndup(a, base, n);
}

/* csv_table_parse's work on `text`, which t->text is set to by the
 * caller. */
static int parse_table(struct table *t, struct arena *a, const char *text,
		       size_t len, const char *path, struct diag *diag)
{
	memset(t, 0, sizeof *t);
	t->path = arena_strdup(a, path);
	t->name = table_name_from_path(a, path);
	struct reader r = { .t = t, .a = a, .diag = diag, .path = t->path };
	const unsigned char *s = (const unsigned char *)text;
	if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
		/* The line/col count starts after the mark: it is not text. */
		s += 3;
		len -= 3;
	}
	reader_check_utf8(&r, s, len);
	reader_parse(&r, s, len);
	if (!r.have_header) {
		if (r.errors == 0) {
			diag_error(diag, t->path, 0, 0,
				   "empty file, expected a header row");
			r.errors++;
		}
		t->cols = arena_alloc(a, sizeof(char *));
	}
	t->nrows = r.rows.n;
	t->rows = arena_alloc(a, (r.rows.n ? r.rows.n : 1) * sizeof *t->rows);
	t->lines = arena_alloc(a, (r.rows.n ? r.rows.n : 1) * sizeof *t->lines);
	if (r.rows.n) {
		memcpy(t->rows, r.rows.v, r.rows.n * sizeof *t->rows);
		memcpy(t->lines, r.lines.v, r.rows.n * sizeof *t->lines);
	}
	free(r.fields.v);
	free(r.rows.v);
	free(r.lines.v);
	return r.errors ? -1 : 0;
}

int csv_table_parse(struct table *t, struct arena *a, const char *text,
		    size_t len, const char *path, struct diag *diag)
{
	int rc = parse_table(t, a, text, len, path, diag);
	char *copy = arena_alloc_uninit(a, len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	t->text = copy;
	t->text_len = len;
	return rc;
}

int csv_table_load(struct table *t, struct arena *a, const char *fs_path,
		   const char *path, struct diag *diag)
{
	struct buf text = BUF_INIT;
	int read_errno = fs_read_file(fs_path, &text) != 0 ? errno : 0;
	if (read_errno) {
		diag_error(diag, path, 0, 0, "cannot read: %s",
			   fs_strerror(read_errno));
		/* Still leave a consistent (empty) table behind. */
		struct diag quiet;
		diag_init(&quiet, NULL, NULL);
		parse_table(t, a, "", 0, path, &quiet);
		buf_release(&text);
		return -1;
	}
	int rc = parse_table(t, a, text.ptr, text.len, path, diag);
	t->text_len = text.len;
	t->text = buf_detach(&text, NULL);
	arena_own(a, (void *)t->text);
	return rc;
}

bool csv_table_missing(const struct table *t)
{
	return !t->text && !t->ncols;
}

long csv_table_column(const struct table *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (strcmp(t->cols[i], name) == 0)
			return (long)i;
	return -1;
}

/* "-12.5", "+3", "1e9": a number a spreadsheet reads as one, not a formula. */
static bool is_plain_number(const char *field)
{
	const char *p = field;
	if (*p == '+' || *p == '-')
		p++;
	bool digits = false;
	while (*p >= '0' && *p <= '9')
		p++, digits = true;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits = true;
	if (digits && (*p == 'e' || *p == 'E')) {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return digits && !*p;
}

bool csv_field_is_formula(const char *field)
{
	return field[0] && strchr("=+-@\t\r", field[0]) && !is_plain_number(field);
}

void csv_field_write_safe(struct buf *out, const char *field)
{
	if (!csv_field_is_formula(field)) {
		csv_field_write(out, field);
		return;
	}
	buf_adds(out, "\"'");
	for (const char *p = field; *p; p++) {
		if (*p == '"')
			buf_addc(out, '"');
		buf_addc(out, *p);
	}
	buf_addc(out, '"');
}

bool csv_table_has_formula(const struct table *t)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (csv_field_is_formula(t->cols[c]))
			return true;
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++)
			if (csv_field_is_formula(t->rows[r][c]))
				return true;
	return false;
}

void csv_table_write_safe(const struct table *t, struct buf *out)
{
	for (size_t c = 0; c < t->ncols; c++) {
		if (c)
			buf_addc(out, ',');
		csv_field_write_safe(out, t->cols[c]);
	}
	buf_addc(out, '\n');
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				buf_addc(out, ',');
			csv_field_write_safe(out, t->rows[r][c]);
		}
		buf_addc(out, '\n');
	}
}

void csv_field_write(struct buf *out, const char *field)
{
	size_t n = strlen(field);
	/* a separator, quote or line end anywhere (strcspn: a vector scan,
	 * the page lists of figures.csv are long), or a space at an end */
	bool quote = (n && (field[0] == ' ' || field[n - 1] == ' ')) ||
		     field[strcspn(field, ",\"\r\n")] != '\0';
	if (!quote) {
		buf_add(out, field, n);
		return;
	}
	buf_addc(out, '"');
	for (const char *p = field; *p; p++) {
		if (*p == '"')
			buf_addc(out, '"');
		buf_addc(out, *p);
	}
	buf_addc(out, '"');
}

void csv_table_digest_head(struct digest *d, const struct table *t)
{
	digest_add_str(d, t->name ? t->name : "");
	digest_add_str(d, t->path ? t->path : "");
	digest_add_u64(d, t->ncols);
	for (size_t c = 0; c < t->ncols; c++)
		digest_add_str(d, t->cols[c]);
}

void csv_row_digest(struct digest *d, const struct table *t, size_t r)
{
	digest_add_u64(d, t->lines ? (uint64_t)t->lines[r] : r);
	for (size_t c = 0; c < t->ncols; c++)
		digest_add_str(d, t->rows[r][c]);
}

void csv_table_digest(struct digest *d, const struct table *t)
{
	digest_add_byte(d, t != NULL);
	if (!t)
		return;
	csv_table_digest_head(d, t);
	digest_add_u64(d, t->nrows);
	for (size_t r = 0; r < t->nrows; r++)
		csv_row_digest(d, t, r);
}
