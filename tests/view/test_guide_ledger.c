/* figures: the build's ledger of the figures pages show; one figure that
 * two pages would print with two values fails the build, naming both. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "site_fixture.h"

#include "base/buf.h"
#include "base/diag.h"
#include "model/ledger.h"
#include "view/guide_ledger.h"
#include "view/site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void plan(struct site *s, enum lang l, const char *path)
{
	struct page_spec p = { .lang = l, .path = path, .template_name = "pages/x",
			       .title = path };
	site_add_page(s, &p);
}

/* Two pages define the cost of serving a model with two rules (as an
 * article table once priced it at the lowest quote anywhere and the
 * inference page at the source's own quote): the build's ledger reports
 * an error that names the figure, both values, both pages and the inputs. */
static void test_one_figure_two_values_names_both_pages(void **state)
{
	(void)state;
	struct site_fixture f;
	site_fixture_init(&f);
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	f.s.diag = &d;
	struct guide_ledger figs = { 0 };
	ledger_init(&figs.lg);
	f.s.in.ledger = &figs;
	plan(&f.s, LANG_EN, "inference/");
	plan(&f.s, LANG_EN, "articles/review/");
	plan(&f.s, LANG_ZH, "inference/");
	guide_ledger_pages_begin(&f.s);
	for (size_t page = 0; page < 3; page++) {
		const struct page_ctx pc = {
			.in = &f.s.in, .arena = &f.s.arena, .diag = &d,
			.marks = guide_ledger_page_sink(&f.s, page),
			.l = f.s.plan.pages[page].lang, .path = f.s.plan.pages[page].path,
		};
		guide_ledger_show_new(&pc, "mtok.llama2-13b.rtx-4090", "Llama 2 13B on RTX 4090",
				 "", page == 1 ? "1.81" : "4.07", "", "USD/1M tokens",
				 page == 1 ? "data/prices.csv:3" : "data/prices.csv:8");
	}
	struct buf csv = BUF_INIT;
	guide_ledger_finish(&f.s, &csv);
	assert_int_equal(d.errors, 1);
	assert_non_null(strstr(log.ptr,
		"error: figure \"mtok.llama2-13b.rtx-4090\" (Llama 2 13B on RTX 4090) would "
		"print two values: $4.07 per 1M tokens on /en/inference/, $1.81 per 1M tokens on "
		"/en/articles/review/; inputs: data/prices.csv:8"));
	/* the same value on every page: no error */
	buf_release(&csv);
	ledger_free(&figs.lg);
	buf_release(&log);
	f.s.in.ledger = NULL;
	free(f.s.plan.pages);
	strmap_free(&f.s.plan.page_paths);
	site_fixture_free(&f);
}

/* A figure's inputs: each row as path:line, its file's line when the
 * table keeps them, else the row's (after the header), space-separated. */
static void test_inputs_name_the_rows_path_and_line(void **state)
{
	(void)state;
	struct site_inputs in;
	memset(&in, 0, sizeof in);
	int lines[] = { 2, 3, 17 };
	in.data.tables[TABLE_GPUS] = (struct table){ .name = "gpus", .path = "data/gpus.csv",
						      .lines = lines, .nrows = 3 };
	in.data.tables[TABLE_VRAM] = (struct table){ .name = "vram", .path = "data/vram.csv" };
	struct buf out = BUF_INIT;
	guide_ledger_input(&in, &out, TABLE_GPUS, 2);
	guide_ledger_input(&in, &out, TABLE_VRAM, 40);
	assert_string_equal(out.ptr, "data/gpus.csv:17 data/vram.csv:42");
	buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_figure_two_values_names_both_pages),
		cmocka_unit_test(test_inputs_name_the_rows_path_and_line),
	};
	return cmocka_run_group_tests_name("figures", tests, NULL, NULL);
}
