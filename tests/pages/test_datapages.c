/* Tests for datapages: the pages about the data (an index, a page per
 * table, sources, health, methodology) planned in both languages, a long
 * table's page capped with a note, and the files at the site root
 * (robots.txt, the CSV downloads byte for byte, 404.html's template). The
 * site is the shared hand-built fixture; its one table is made here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "pages/datapages.h"
#include "view/guide_charts.h"
#include "view/present.h"
#include "pages/feeds.h"
#include "pages/pages_home.h"
#include "base/fs.h"
#include "template/mustache.h"
#include "publish/output.h"
#include "view/site.h"
#include "site_fixture.h"
#include "template/value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NROWS (DATAPAGES_MAX_ROWS + 1)

struct fixture {
	struct site_fixture base;
	char root[64];
	const char *cols[3];
	const char **rows[NROWS];
	const char *cells[NROWS][3];
	char ids[NROWS][16];
	int lines[NROWS];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	site_fixture_init(&f->base);
	strcpy(f->root, "/tmp/test_datapages_XXXXXX");
	assert_non_null(mkdtemp(f->root));
	struct site *s = &f->base.s;
	s->in.opt.root = f->root;
	s->in.opt.base_url = "https://example.org/guide";
	f->cols[0] = "id", f->cols[1] = "name", f->cols[2] = "vram_gb";
	for (size_t r = 0; r < NROWS; r++) {
		snprintf(f->ids[r], sizeof f->ids[r], "gpu-%zu", r);
		f->cells[r][0] = f->ids[r];
		f->cells[r][1] = "G";
		f->cells[r][2] = r == 0 ? "" : "24"; /* the first one: no data */
		f->rows[r] = f->cells[r];
		f->lines[r] = (int)r + 2;
	}
	/* read from a file (its bytes: what its download publishes) */
	static const char bytes[] = "id,name,vram_gb\r\ngpu-0,G,\r\n";
	s->in.data.tables[TABLE_GPUS] = (struct table){
		.name = "gpus", .path = "data/gpus.csv", .ncols = 3, .cols = f->cols,
		.nrows = NROWS, .rows = f->rows, .lines = f->lines,
		.text = bytes, .text_len = sizeof bytes - 1 };
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	guide_charts_free(&f->base.s); /* made by pg_planning */
	free(f->base.s.plan.pages);
	strmap_free(&f->base.s.plan.page_paths);
	site_fixture_free(&f->base);
	int rc = fs_remove_tree(f->root);
	free(f);
	return rc;
}

static const struct page_spec *page_at(const struct site *s, enum lang l, const char *path)
{
	for (size_t i = 0; i < s->plan.npages; i++)
		if (s->plan.pages[i].lang == l && !strcmp(s->plan.pages[i].path, path))
			return &s->plan.pages[i];
	return NULL;
}

/* A planned page's context: given at planning, or built as when it is
 * rendered (a table's page), in the build's arena. */
static const struct value *context_of(struct site *s, const struct page_spec *p)
{
	if (p->ctx || !p->build)
		return p->ctx;
	struct page_ctx pc = pg_planning(s, p->lang, p->path, NULL);
	return p->build(&pc, p);
}

static void test_every_data_page_is_planned_in_both_languages(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	datapages_plan(s);
	assert_int_equal(f->base.diag.errors, 0);
	const char *paths[] = { "data/", "data/gpus/", "sources/", "health/", "methodology/" };
	for (int l = 0; l < LANG_COUNT; l++)
		for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
			assert_true(site_has_page(s, (enum lang)l, paths[i]));
	assert_int_equal(s->plan.npages, 2 * 5); /* no page for a table not loaded */
	assert_false(site_has_page(s, LANG_EN, "data/prices/"));
}

/* An optional table whose file is missing (data.c: an empty table, named,
 * read from no file) has neither a page nor a place in the data index. */
static void test_a_table_read_from_no_file_has_no_page(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	struct table *t = &s->in.data.tables[TABLE_GPUS];
	*t = (struct table){ .name = "gpus", .path = "data/gpus.csv" }; /* as data.c leaves it */
	datapages_plan(s);
	assert_int_equal(f->base.diag.errors, 0);
	assert_false(site_has_page(s, LANG_EN, "data/gpus/"));
	assert_false(site_has_page(s, LANG_ZH, "data/gpus/"));
	const struct value *tables = value_map_get(context_of(s, page_at(s, LANG_EN, "data/")),
						   "tables");
	assert_non_null(tables);
	assert_int_equal(value_list_len(tables), 0);
}

static void test_a_long_table_shows_its_first_rows_and_says_so(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	datapages_plan(s);
	const struct page_spec *p = page_at(s, LANG_EN, "data/gpus/");
	assert_non_null(p);
	assert_null(p->ctx); /* built when it is rendered */
	const struct value *ctx = context_of(s, p);
	const struct value *rows = value_map_get(ctx, "body_rows");
	assert_non_null(rows);
	assert_int_equal(value_list_len(rows), DATAPAGES_MAX_ROWS);
	const struct value *note = value_map_get(ctx, "rows_capped");
	assert_non_null(note);
	assert_non_null(strstr(note->u.str.ptr, "1,000"));
	assert_non_null(strstr(note->u.str.ptr, "1,001"));
}

/* Cell `c` of the first row of a table page's context. */
static const struct value *first_row_cell(const struct value *ctx, size_t c)
{
	const struct value *rows = value_map_get(ctx, "body_rows");
	assert_non_null(rows);
	const struct value *cells = value_map_get(value_list_item(rows, 0), "cells");
	assert_non_null(cells);
	return value_list_item(cells, c);
}

/* Every key partials/data-cell reads is the cell's own or its kit's, so
 * none falls through to the page: each is checked here. */
static void assert_cell(const struct value *cell, const char *text, const char *raw,
			bool code, bool num, bool nodata, const char *lang)
{
	assert_string_equal(value_map_get(cell, "text")->u.str.ptr, text);
	assert_string_equal(value_map_get(cell, "raw")->u.str.ptr, raw);
	assert_int_equal(value_is_truthy(value_map_get(cell, "code")), code);
	assert_int_equal(value_is_truthy(value_map_get(cell, "num")), num);
	assert_int_equal(value_is_truthy(value_map_get(cell, "nodata")), nodata);
	assert_string_equal(value_map_get(cell, "lang")->u.str.ptr, lang);
	assert_false(value_is_truthy(value_map_get(cell, "has_links")));
	const struct value *links = value_map_get(cell, "links");
	assert_non_null(links);
	assert_int_equal(value_list_len(links), 0);
}

static void test_a_cell_has_every_key_of_its_partial(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	datapages_plan(s);
	const struct page_spec *p = page_at(s, LANG_EN, "data/gpus/");
	assert_non_null(p);
	/* an id (no page of its own here: no link), a name, a missing number */
	const struct value *ctx = context_of(s, p);
	assert_cell(first_row_cell(ctx, 0), "gpu-0", "gpu-0", true, false, false, "");
	assert_cell(first_row_cell(ctx, 1), "G", "G", false, false, false, "");
	assert_cell(first_row_cell(ctx, 2), "", "", false, true, true, "");
}

/* A table's page is built when it is rendered, seeing no plan: the GPU
 * pages it may link its ids to are those planned before it, in each
 * language. */
static void test_a_cell_links_to_a_page_planned_before_the_table(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	struct page_spec gpu = { .lang = LANG_EN, .path = "gpus/gpu-0/", .alt_path = "gpus/gpu-0/",
				 .template_name = "pages/gpu", .title = "G" };
	site_add_page(s, &gpu);
	datapages_plan(s);
	const struct value *en = first_row_cell(context_of(s, page_at(s, LANG_EN, "data/gpus/")), 0);
	const struct value *zh = first_row_cell(context_of(s, page_at(s, LANG_ZH, "data/gpus/")), 0);
	assert_true(value_is_truthy(value_map_get(en, "has_links")));
	const struct value *link = value_list_item(value_map_get(en, "links"), 0);
	assert_string_equal(value_map_get(link, "href")->u.str.ptr, "../../../en/gpus/gpu-0/");
	assert_false(value_is_truthy(value_map_get(zh, "has_links"))); /* no page in Chinese */
	const struct value *second = first_row_cell(context_of(s, page_at(s, LANG_EN, "data/gpus/")), 1);
	assert_false(value_is_truthy(value_map_get(second, "has_links")));
}

static int write_extra(struct fixture *f, const char *out)
{
	struct output o;
	assert_int_equal(output_begin(&o, out, &f->base.diag), 0);
	/* the files at the site root that are not pages: the 404 page
	 * (pages_home), robots.txt (feeds), the CSV downloads (datapages) */
	struct buf robots = BUF_INIT;
	int rc = pages_home_write_404(&f->base.s, &o);
	if (rc == 0)
		rc = feeds_robots(&f->base.s, &robots);
	if (rc == 0)
		rc = output_add(&o, "robots.txt", robots.ptr, robots.len);
	if (rc == 0)
		rc = datapages_write_downloads(&f->base.s, &o);
	buf_release(&robots);
	if (rc == 0)
		assert_int_equal(output_commit(&o), 0);
	output_free(&o);
	return rc;
}

static void read_back(const char *dir, const char *name, struct buf *b)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	buf_reset(b);
	assert_int_equal(fs_read_file(path, b), 0);
}

/* robots.txt, 404.html and the tables' downloads: each the bytes its
 * table was read from (t->text), not the file as it is now (here made
 * different on purpose: a file edited while the site was built) */
static void test_root_files_robots_404_and_csv_copies(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	const struct table *t = &s->in.data.tables[TABLE_GPUS];
	const char now[] = "id,name,vram_gb\ngpu-9,H,80\n"; /* edited since it was read */
	char path[128], out[128];
	snprintf(path, sizeof path, "%s/data/gpus.csv", f->root);
	assert_int_equal(fs_write_file(path, now, sizeof now - 1), 0);
	s->in.templates = tmpl_set_new();
	const char t404[] = "<p>{{root_path}}</p>";
	assert_int_equal(tmpl_set_add(s->in.templates, "pages/404", "templates/pages/404.mustache",
				      t404, sizeof t404 - 1, &f->base.diag), 0);
	snprintf(out, sizeof out, "%s/site", f->root);
	assert_int_equal(write_extra(f, out), 0);
	struct buf b = BUF_INIT;
	read_back(out, "robots.txt", &b);
	assert_string_equal(b.ptr, "User-agent: *\nAllow: /\n\n"
				   "Sitemap: https://example.org/guide/sitemap.xml\n");
	read_back(out, "data/gpus.csv", &b);
	assert_int_equal(b.len, t->text_len);
	assert_memory_equal(b.ptr, t->text, b.len); /* CR LF and all, as read */
	read_back(out, "404.html", &b);
	assert_string_equal(b.ptr, "<p>/guide/</p>"); /* links from the base URL's path */
	buf_release(&b);
	tmpl_set_free(s->in.templates);
	s->in.templates = NULL;
}

/* A table read from no file publishes no download, and that is no error
 * (the file of an optional table may be missing: data.h). */
static void test_a_table_read_from_no_file_has_no_download(void **state)
{
	struct fixture *f = *state;
	struct site *s = &f->base.s;
	s->in.data.tables[TABLE_GPUS] = (struct table){ .name = "gpus", .path = "data/gpus.csv" };
	s->in.templates = tmpl_set_new();
	const char t404[] = "404";
	assert_int_equal(tmpl_set_add(s->in.templates, "pages/404", "templates/pages/404.mustache",
				      t404, sizeof t404 - 1, &f->base.diag), 0);
	char out[128];
	snprintf(out, sizeof out, "%s/site", f->root);
	assert_int_equal(write_extra(f, out), 0);
	assert_int_equal(f->base.diag.errors, 0);
	char csv[160];
	snprintf(csv, sizeof csv, "%s/data/gpus.csv", out);
	assert_false(fs_exists(csv));
	assert_true(fs_exists(out)); /* the rest is published */
	tmpl_set_free(s->in.templates);
	s->in.templates = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_every_data_page_is_planned_in_both_languages,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_table_read_from_no_file_has_no_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_long_table_shows_its_first_rows_and_says_so,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_cell_has_every_key_of_its_partial, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_cell_links_to_a_page_planned_before_the_table,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_root_files_robots_404_and_csv_copies,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_table_read_from_no_file_has_no_download,
						setup, teardown),
	};
	return cmocka_run_group_tests_name("datapages", tests, NULL, NULL);
}
