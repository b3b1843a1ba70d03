#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "base/digest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Parse `text` as data/x.csv; messages go to `log`. */
struct parsed {
	struct arena arena;
	struct table t;
	struct buf log;
	struct diag diag;
	int rc;
};

static void parse_n(struct parsed *p, const char *text, size_t len)
{
	p->arena = (struct arena)ARENA_INIT;
	buf_init(&p->log);
	diag_init(&p->diag, NULL, &p->log);
	p->rc = csv_table_parse(&p->t, &p->arena, text, len, "data/x.csv",
				&p->diag);
}

static void parse(struct parsed *p, const char *text)
{
	parse_n(p, text, strlen(text));
}

static void parsed_free(struct parsed *p)
{
	arena_free(&p->arena);
	buf_release(&p->log);
}

static void test_simple_table_has_header_rows_and_lines(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name\na,Alpha\nb,Beta\n");
	assert_int_equal(p.rc, 0);
	assert_string_equal(p.log.ptr, "");
	assert_string_equal(p.t.name, "x");
	assert_string_equal(p.t.path, "data/x.csv");
	assert_int_equal(p.t.ncols, 2);
	assert_string_equal(p.t.cols[0], "id");
	assert_string_equal(p.t.cols[1], "name");
	assert_int_equal(p.t.nrows, 2);
	assert_string_equal(p.t.rows[0][0], "a");
	assert_string_equal(p.t.rows[1][1], "Beta");
	assert_int_equal(p.t.lines[0], 2);
	assert_int_equal(p.t.lines[1], 3);
	assert_int_equal(csv_table_column(&p.t, "name"), 1);
	assert_int_equal(csv_table_column(&p.t, "nope"), -1);
	parsed_free(&p);
}

static void test_quoted_field_with_comma_quote_and_newline(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,text\n"
		  "a,\"one, \"\"two\"\"\nthree\"\n"
		  "b,plain\n"
		  "c,d,e\n");
	assert_int_equal(p.rc, -1);
	assert_int_equal(p.t.nrows, 2);
	assert_string_equal(p.t.rows[0][1], "one, \"two\"\nthree");
	assert_int_equal(p.t.lines[0], 2);
	/* the newline inside the quotes counts: b is on line 4, c on 5 */
	assert_int_equal(p.t.lines[1], 4);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:5: error: row has 3 fields, header has 2\n");
	parsed_free(&p);
}

static void test_crlf_line_ends(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name\r\na,Alpha\r\nb,\"B\r\nx\"\r\nc,C\r\n");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.t.nrows, 3);
	assert_string_equal(p.t.cols[1], "name");
	assert_string_equal(p.t.rows[0][1], "Alpha");
	assert_string_equal(p.t.rows[1][1], "B\r\nx");
	assert_int_equal(p.t.lines[2], 5);
	parsed_free(&p);
}

static void test_old_mac_line_ends_count_as_lines(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name\ra,ok\rb,\xFF\r");
	assert_int_equal(p.rc, -1);
	assert_int_equal(p.t.nrows, 2);
	assert_int_equal(p.t.lines[1], 3);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:3:3: error: invalid UTF-8 (byte 0xFF); save the file as UTF-8\n");
	parsed_free(&p);
}

static void test_byte_order_mark_is_stripped(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "\xEF\xBB\xBFid,name\na,\"x\"y\n");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.t.cols[0], "id");
	/* the bytes parsed are kept as they were, the mark too (a download
	 * publishes them) */
	assert_int_equal(p.t.text_len, 18);
	assert_memory_equal(p.t.text, "\xEF\xBB\xBFid,name\na,\"x\"y\n", 18);
	/* columns count from after the mark */
	assert_string_equal(p.log.ptr,
			    "data/x.csv:2:5: error: stray quote in a quoted field (write \"\" for a quote inside quotes)\n");
	parsed_free(&p);
}

static void test_invalid_utf8_is_reported_at_the_byte(void **state)
{
	(void)state;
	struct parsed p;
	/* line 2: "é" is one column, the Latin-1 byte 0xE9 is at column 5;
	 * line 3: an overlong encoding; line 4: fine */
	parse(&p, "id,name\na,\xC3\xA9t\xE9\xE9\nb,\xC0\xAF\nc,ok\n");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:2:5: error: invalid UTF-8 (byte 0xE9); save the file as UTF-8\n"
			    "data/x.csv:3:3: error: invalid UTF-8 (byte 0xC0); save the file as UTF-8\n");
	assert_int_equal(p.t.nrows, 3);
	parsed_free(&p);
}

static void test_nul_byte_is_rejected(void **state)
{
	(void)state;
	struct parsed p;
	parse_n(&p, "id\na\0b\n", 7);
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:2:2: error: invalid UTF-8 (byte 0x00); save the file as UTF-8\n");
	parsed_free(&p);
}

static void test_chinese_text_is_valid(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "key,zh\nhome,首页\n");
	assert_int_equal(p.rc, 0);
	assert_string_equal(p.t.rows[0][1], "首页");
	parsed_free(&p);
}

static void test_unterminated_quote_at_end_of_file(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name\na,ok\nb,\"never closed\nc,more\n");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:3:3: error: quoted field is never closed (the quote opened here runs to the end of the file)\n");
	assert_int_equal(p.t.nrows, 1);
	parsed_free(&p);
}

static void test_stray_quote_in_unquoted_field(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name\na,b\"c\nb,ok\nc,d\"\"e\n");
	assert_int_equal(p.rc, -1);
	/* every stray quote is reported, and the rows after them still load */
	assert_string_equal(p.log.ptr,
			    "data/x.csv:2:4: error: stray quote in an unquoted field (quote the whole field and write \"\" for a quote)\n"
			    "data/x.csv:4:4: error: stray quote in an unquoted field (quote the whole field and write \"\" for a quote)\n");
	assert_int_equal(p.t.nrows, 1);
	assert_string_equal(p.t.rows[0][0], "b");
	assert_int_equal(p.t.lines[0], 3);
	parsed_free(&p);
}

/* Plain runs inside fields go to libcsv at once: the fields, the lines and
 * the columns of the errors after them are what a byte at a time gives
 * (a column is a character: 显 is one). */
static void test_long_fields_keep_their_bytes_and_positions(void **state)
{
	(void)state;
	struct buf text = BUF_INIT, big = BUF_INIT;
	for (int i = 0; i < 3000; i++)
		buf_adds(&big, i % 7 ? "ab" : "显 ");
	buf_adds(&text, "id,name,note\n");
	buf_addf(&text, "a,%s,\"q, %s\"\n", big.ptr, big.ptr);
	buf_adds(&text, "b,显存x\"y,z\n");        /* stray quote: line 3, column 6 */
	buf_adds(&text, "c,\"显存\"x,z\n");      /* after a closing quote: the quote, column 6 */
	buf_adds(&text, "d,\"\"\"显\"\"\",z\r\n"); /* escaped quotes only */
	struct parsed p;
	parse_n(&p, text.ptr, text.len);
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:3:6: error: stray quote in an unquoted field (quote the whole field and write \"\" for a quote)\n"
			    "data/x.csv:4:6: error: stray quote in a quoted field (write \"\" for a quote inside quotes)\n");
	assert_int_equal(p.t.nrows, 2);
	assert_string_equal(p.t.rows[0][1], big.ptr);
	assert_int_equal(strncmp(p.t.rows[0][2], "q, ", 3), 0);
	assert_string_equal(p.t.rows[0][2] + 3, big.ptr);
	assert_string_equal(p.t.rows[1][1], "\"显\"");
	assert_int_equal(p.t.lines[1], 5);
	parsed_free(&p);
	buf_release(&text);
	buf_release(&big);
}

static void test_stray_quote_in_quoted_field(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name\r\na,\"say \"hi\" now\"\r\nb,ok\r\n");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:2:8: error: stray quote in a quoted field (write \"\" for a quote inside quotes)\n");
	assert_int_equal(p.t.nrows, 1);
	assert_int_equal(p.t.lines[0], 3);
	parsed_free(&p);
}

static void test_empty_file_is_an_error(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv: error: empty file, expected a header row\n");
	assert_int_equal(p.t.ncols, 0);
	assert_int_equal(p.t.nrows, 0);
	parsed_free(&p);
	/* blank lines and a lone byte-order mark are just as empty */
	parse(&p, "\xEF\xBB\xBF\n\r\n");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv: error: empty file, expected a header row\n");
	parsed_free(&p);
}

static void test_header_only_is_an_empty_table(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id,name,price\n");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.t.ncols, 3);
	assert_int_equal(p.t.nrows, 0);
	parsed_free(&p);
	parse(&p, "id,name,price"); /* no newline at all */
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.t.ncols, 3);
	assert_int_equal(p.t.nrows, 0);
	parsed_free(&p);
}

static void test_every_wrong_field_count_is_reported(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "a,b,c\n1,2\n1,2,3\n1,2,3,4\n\n1\n");
	assert_int_equal(p.rc, -1);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:2: error: row has 2 fields, header has 3\n"
			    "data/x.csv:4: error: row has 4 fields, header has 3\n"
			    "data/x.csv:6: error: row has 1 field, header has 3\n");
	assert_int_equal(p.t.nrows, 1);
	assert_int_equal(p.t.lines[0], 3);
	parsed_free(&p);
}

static void test_blank_lines_are_skipped_and_counted(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "id\n\na\n\n\nb");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.t.nrows, 2);
	assert_int_equal(p.t.lines[0], 3);
	assert_int_equal(p.t.lines[1], 6);
	assert_string_equal(p.t.rows[1][0], "b");
	parsed_free(&p);
}

/* A line with no CR whose cells are plain or quoted with no quote inside
 * is read without libcsv: its fields, rows, lines and messages are what
 * libcsv gives for the same line ended by CR LF (which it reads). Lines
 * of every kind of cell (empty, spaces, Chinese, a comma in quotes, a
 * quote in quotes, a stray quote, a quoted cell running on to the next
 * line), a wrong count, blank lines and a last line with no line break,
 * in a fixed pseudo-random order. */
static void test_simple_lines_read_as_libcsv_reads_them(void **state)
{
	(void)state;
	static const char *const cells[] = {
		"", " ", "a", "0.39", " x y ", "显卡", "\"é, b\"", "\" q \"", "\"\"",
		"\"say \"\"hi\"\"\"", "x\"y", "\"open", "1e3",
	};
	enum { NCELLS = sizeof cells / sizeof cells[0] };
	uint32_t seed = 99;
	for (int round = 0; round < 600; round++) {
		struct buf lf = BUF_INIT, crlf = BUF_INIT;
		buf_adds(&lf, "a,b,c\n");
		buf_adds(&crlf, "a,b,c\r\n");
		int nlines = 1 + round % 6;
		for (int l = 0; l < nlines; l++) {
			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 7) {
				int ncells = (seed >> 8) % 9 ? 3 : 2 + (int)(seed >> 20) % 3;
				for (int k = 0; k < ncells; k++) {
					seed = seed * 1103515245u + 12345u;
					const char *cell = cells[(seed >> 16) % NCELLS];
					if (k) {
						buf_addc(&lf, ',');
						buf_addc(&crlf, ',');
					}
					buf_adds(&lf, cell);
					buf_adds(&crlf, cell);
				}
			}
			if (l + 1 < nlines || round % 2) {
				buf_addc(&lf, '\n');
				buf_adds(&crlf, "\r\n");
			}
		}
		struct parsed a, b;
		parse_n(&a, lf.ptr, lf.len);
		parse_n(&b, crlf.ptr, crlf.len);
		if (a.rc != b.rc || strcmp(a.log.ptr ? a.log.ptr : "", b.log.ptr ? b.log.ptr : ""))
			fail_msg("round %d: \"%s\": %s, not %s", round, lf.ptr,
				 a.log.ptr ? a.log.ptr : "", b.log.ptr ? b.log.ptr : "");
		assert_int_equal(a.t.nrows, b.t.nrows);
		for (size_t r = 0; r < a.t.nrows; r++) {
			assert_int_equal(a.t.lines[r], b.t.lines[r]);
			for (size_t c = 0; c < a.t.ncols; c++)
				assert_string_equal(a.t.rows[r][c], b.t.rows[r][c]);
		}
		parsed_free(&a);
		parsed_free(&b);
		buf_release(&lf);
		buf_release(&crlf);
	}
}

static void test_spaces_and_empty_cells_are_kept(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "a,b,c\n 0.39 ,,\"\"\n");
	assert_int_equal(p.rc, 0);
	assert_string_equal(p.t.rows[0][0], " 0.39 ");
	assert_string_equal(p.t.rows[0][1], "");
	assert_string_equal(p.t.rows[0][2], "");
	parsed_free(&p);
}

static void test_very_long_field_and_line(void **state)
{
	(void)state;
	size_t big = 4 * 1024 * 1024;
	struct buf text = BUF_INIT;
	buf_adds(&text, "id,text\na,\"");
	buf_grow(&text, big);
	memset(text.ptr + text.len, 'x', big);
	text.len += big;
	buf_adds(&text, "\"\nb,");
	buf_grow(&text, big);
	memset(text.ptr + text.len, 'y', big);
	text.len += big;
	buf_adds(&text, ",z\n");
	struct parsed p;
	parse_n(&p, text.ptr, text.len);
	assert_int_equal(p.rc, -1);
	assert_int_equal(p.t.nrows, 1);
	assert_int_equal(strlen(p.t.rows[0][1]), big);
	assert_string_equal(p.log.ptr,
			    "data/x.csv:3: error: row has 3 fields, header has 2\n");
	parsed_free(&p);
	buf_release(&text);
}

static void test_load_reads_a_file_and_names_the_display_path(void **state)
{
	(void)state;
	char dir[] = "/tmp/gpuguide-csv-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/prices.csv", dir);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs("gpu_id,usd\nh100,\"2\n", f);
	fclose(f);

	struct arena a = ARENA_INIT;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct table t;
	assert_int_equal(csv_table_load(&t, &a, path, "data/prices.csv", &d), -1);
	assert_string_equal(t.name, "prices");
	assert_string_equal(log.ptr,
			    "data/prices.csv:2:6: error: quoted field is never closed (the quote opened here runs to the end of the file)\n");
	/* the file's bytes as read, whatever it holds afterwards */
	assert_int_equal(t.text_len, 19);
	assert_memory_equal(t.text, "gpu_id,usd\nh100,\"2\n", 19);
	buf_reset(&log);

	unlink(path);
	assert_int_equal(csv_table_load(&t, &a, path, "data/prices.csv", &d), -1);
	assert_string_equal(log.ptr,
			    "data/prices.csv: error: cannot read: No such file or directory\n");
	assert_int_equal(t.nrows, 0);
	assert_int_equal(t.ncols, 0);
	assert_null(t.text); /* read from no file */
	rmdir(dir);
	arena_free(&a);
	buf_release(&log);
}

static void test_field_write_quotes_only_when_needed(void **state)
{
	(void)state;
	struct buf out = BUF_INIT;
	csv_field_write(&out, "plain");
	buf_addc(&out, '|');
	csv_field_write(&out, "a,b");
	buf_addc(&out, '|');
	csv_field_write(&out, "say \"hi\"");
	buf_addc(&out, '|');
	csv_field_write(&out, "two\nlines");
	buf_addc(&out, '|');
	csv_field_write(&out, " pad");
	buf_addc(&out, '|');
	csv_field_write(&out, "");
	assert_string_equal(out.ptr,
			    "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"|\" pad\"|");
	buf_release(&out);
}

static void test_a_formula_is_written_as_text_in_a_download(void **state)
{
	(void)state;
	struct buf out = BUF_INIT;
	static const char *const cells[] = {
		"=HYPERLINK(\"http://x\",\"RTX\")", "+1+cmd", "-2+3", "@SUM(A1)",
		"\tx", "\rx", "-12.5", "+3", "1e9", "-", "RTX 4090", "", "a=b",
	};
	for (size_t i = 0; i < sizeof cells / sizeof *cells; i++) {
		if (i)
			buf_addc(&out, '|');
		csv_field_write_safe(&out, cells[i]);
	}
	assert_string_equal(out.ptr,
			    "\"'=HYPERLINK(\"\"http://x\"\",\"\"RTX\"\")\"|\"'+1+cmd\"|\"'-2+3\"|"
			    "\"'@SUM(A1)\"|\"'\tx\"|\"'\rx\"|-12.5|+3|1e9|\"'-\"|RTX 4090||a=b");
	assert_true(csv_field_is_formula("=1"));
	assert_false(csv_field_is_formula("-0.39"));
	buf_release(&out);

	/* a whole table: header and rows, each field so */
	struct arena a = ARENA_INIT;
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct table t;
	static const char csv[] = "id,name\nx,\"=1+2\"\ny,\"a,b\"\n";
	assert_int_equal(csv_table_parse(&t, &a, csv, sizeof csv - 1, "data/t.csv", &d), 0);
	assert_true(csv_table_has_formula(&t));
	struct buf table = BUF_INIT;
	csv_table_write_safe(&t, &table);
	assert_string_equal(table.ptr, "id,name\nx,\"'=1+2\"\ny,\"a,b\"\n");
	static const char plain[] = "id,price\nx,-0.39\n";
	assert_int_equal(csv_table_parse(&t, &a, plain, sizeof plain - 1, "data/t.csv", &d), 0);
	assert_false(csv_table_has_formula(&t)); /* a negative number is none */
	buf_release(&table);
	arena_free(&a);
}

/* A table's digest: of its name, file, columns and rows (each its line and
 * cells), cell by cell (a comma moved between two cells is another table);
 * no table is not an empty one. */
static struct digest_value table_digest_of(const char *csv, const char *path)
{
	struct arena a = ARENA_INIT;
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct table t;
	assert_int_equal(csv_table_parse(&t, &a, csv, strlen(csv), path, &d), 0);
	struct digest g;
	digest_init(&g);
	csv_table_digest(&g, &t);
	arena_free(&a);
	return digest_end(&g);
}

static void test_a_table_digest_is_its_cells(void **state)
{
	(void)state;
	struct digest_value base = table_digest_of("id,name\nx,ab\n", "data/t.csv");
	assert_true(digest_equal(base, table_digest_of("id,name\nx,ab\n", "data/t.csv")));
	assert_false(digest_equal(base, table_digest_of("id,name\nx,ac\n", "data/t.csv")));
	assert_false(digest_equal(base, table_digest_of("id,name\nxa,b\n", "data/t.csv")));
	assert_false(digest_equal(base, table_digest_of("id,name\nx,ab\n", "data/u.csv")));
	assert_false(digest_equal(base, table_digest_of("id,nam\nx,ab\n", "data/t.csv")));
	struct digest none, empty;
	digest_init(&none);
	csv_table_digest(&none, NULL);
	digest_init(&empty);
	struct table t = { 0 };
	t.name = t.path = "";
	csv_table_digest(&empty, &t);
	assert_false(digest_equal(digest_end(&none), digest_end(&empty)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_simple_table_has_header_rows_and_lines),
		cmocka_unit_test(test_a_table_digest_is_its_cells),
		cmocka_unit_test(test_quoted_field_with_comma_quote_and_newline),
		cmocka_unit_test(test_crlf_line_ends),
		cmocka_unit_test(test_old_mac_line_ends_count_as_lines),
		cmocka_unit_test(test_byte_order_mark_is_stripped),
		cmocka_unit_test(test_invalid_utf8_is_reported_at_the_byte),
		cmocka_unit_test(test_nul_byte_is_rejected),
		cmocka_unit_test(test_chinese_text_is_valid),
		cmocka_unit_test(test_unterminated_quote_at_end_of_file),
		cmocka_unit_test(test_stray_quote_in_unquoted_field),
		cmocka_unit_test(test_stray_quote_in_quoted_field),
		cmocka_unit_test(test_long_fields_keep_their_bytes_and_positions),
		cmocka_unit_test(test_empty_file_is_an_error),
		cmocka_unit_test(test_header_only_is_an_empty_table),
		cmocka_unit_test(test_every_wrong_field_count_is_reported),
		cmocka_unit_test(test_blank_lines_are_skipped_and_counted),
		cmocka_unit_test(test_simple_lines_read_as_libcsv_reads_them),
		cmocka_unit_test(test_spaces_and_empty_cells_are_kept),
		cmocka_unit_test(test_very_long_field_and_line),
		cmocka_unit_test(test_load_reads_a_file_and_names_the_display_path),
		cmocka_unit_test(test_field_write_quotes_only_when_needed),
		cmocka_unit_test(test_a_formula_is_written_as_text_in_a_download),
	};
	return cmocka_run_group_tests_name("csv", tests, NULL, NULL);
}
