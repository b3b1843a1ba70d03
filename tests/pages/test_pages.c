/* Tests of the guide pages: the real site is built once into a temporary
 * folder through site_build, and its HTML is read back with libxml2. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "model/data.h"
#include "base/diag.h"
#include "base/fs.h"
#include "model/i18n.h"
#include "model/findings.h"
#include "model/metrics.h"
#include "pages/compare_bottom.h"
#include "build/build.h"
#include "view/site.h"

#include <ctype.h>
#include <math.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>

static char tmp_dir[] = "/tmp/test_pages_XXXXXX";
static char out_dir[sizeof tmp_dir + 8];
static char proj_dir[sizeof tmp_dir + 8];
static char data_dir[sizeof tmp_dir + 16];
static int built = -1; /* -1 not yet, 0 built, 1 failed */
static struct data data;
static struct i18n strings;

/* Build the site (once) and load the data the tests compare it with. */
static int site_ready(void)
{
	if (built >= 0)
		return built == 0;
	built = 1;
	if (!mkdtemp(tmp_dir))
		return 0;
	snprintf(out_dir, sizeof out_dir, "%s/site", tmp_dir);
	snprintf(proj_dir, sizeof proj_dir, "%s/proj", tmp_dir);
	/* the tests' own project (tests/fixtures/project: frozen data and
	 * articles) with the program's templates and UI strings */
	char cmd[512];
	snprintf(cmd, sizeof cmd,
		 "mkdir -p '%s' && cp -R tests/fixtures/project/data tests/fixtures/project/content "
		 "templates '%s/' && cp data/i18n.csv '%s/data/'", proj_dir, proj_dir, proj_dir);
	if (system(cmd) != 0)
		return 0;
	snprintf(data_dir, sizeof data_dir, "%s/data", proj_dir);
	struct diag d;
	diag_init(&d, stderr, NULL);
	struct site_options opt = {
		.root = proj_dir, .out = out_dir, .base_url = "https://example.test",
		.write = true,
	};
	struct build_stats stats;
	if (build_site(&opt, &d, &stats) != 0)
		return 0;
	if (data_load(&data, data_dir, "data", &d) != 0)
		return 0;
	if (i18n_load(&strings, &data.tables[TABLE_I18N], &d) != 0)
		return 0;
	built = 0;
	return 1;
}

static int remove_entry(const char *path, const struct stat *sb, int flag,
			struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void site_cleanup(void)
{
	if (built < 0)
		return;
	nftw(tmp_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	i18n_free(&strings);
	data_free(&data);
	xmlCleanupParser();
}

/* The page at `path` (under the language root) parsed, or NULL. */
static htmlDocPtr page_load(enum lang l, const char *path)
{
	char file[1024];
	snprintf(file, sizeof file, "%s/%s/%sindex.html", out_dir, lang_code(l), path);
	struct buf b = BUF_INIT;
	if (fs_read_file(file, &b) != 0) {
		buf_release(&b);
		return NULL;
	}
	htmlDocPtr doc = htmlReadMemory(b.ptr, (int)b.len, file, "UTF-8",
					HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
					HTML_PARSE_NONET);
	buf_release(&b);
	return doc;
}

/* The nodes matching an XPath expression (caller frees with
 * xmlXPathFreeObject), or NULL. */
static xmlXPathObjectPtr nodes_of(htmlDocPtr doc, const char *expr)
{
	xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr r = xmlXPathEvalExpression((const xmlChar *)expr, ctx);
	xmlXPathFreeContext(ctx);
	return r;
}

/* The text of a node with white space runs folded to one space and trimmed
 * (malloc'd). */
static char *node_text(xmlNodePtr n)
{
	xmlChar *raw = xmlNodeGetContent(n);
	const char *s = raw ? (const char *)raw : "";
	char *out = malloc(strlen(s) + 1);
	size_t k = 0;
	for (const char *c = s; *c; c++) {
		if (isspace((unsigned char)*c)) {
			if (k && out[k - 1] != ' ')
				out[k++] = ' ';
			continue;
		}
		out[k++] = *c;
	}
	while (k && out[k - 1] == ' ')
		k--;
	out[k] = 0;
	xmlFree(raw);
	return out;
}

/* The text of the first node matching `expr`, or NULL (malloc'd). */
static char *text_of(htmlDocPtr doc, const char *expr)
{
	xmlXPathObjectPtr r = nodes_of(doc, expr);
	char *t = NULL;
	if (r && r->nodesetval && r->nodesetval->nodeNr > 0)
		t = node_text(r->nodesetval->nodeTab[0]);
	xmlXPathFreeObject(r);
	return t;
}

/* 1-based position of the column whose heading reads `label`, or 0. */
static int column_of(htmlDocPtr doc, const char *table_xpath, const char *label)
{
	char expr[512];
	snprintf(expr, sizeof expr, "%s/thead/tr/th", table_xpath);
	xmlXPathObjectPtr r = nodes_of(doc, expr);
	int col = 0;
	for (int i = 0; r && r->nodesetval && i < r->nodesetval->nodeNr && !col; i++) {
		char *t = node_text(r->nodesetval->nodeTab[i]);
		if (!strcmp(t, label))
			col = i + 1;
		free(t);
	}
	xmlXPathFreeObject(r);
	return col;
}

static bool starts_with_figure(const char *text, const char *figure)
{
	size_t n = strlen(figure);
	return !strncmp(text, figure, n) && (text[n] == 0 || text[n] == ' ');
}

static void test_every_gpu_has_a_page_in_both_languages(void **state)
{
	(void)state;
	assert_true(site_ready());
	assert_true(data.ngpus > 0);
	for (int l = 0; l < LANG_COUNT; l++) {
		for (size_t g = 0; g < data.ngpus; g++) {
			char path[256];
			snprintf(path, sizeof path, "gpus/%s/", data.gpus[g].id);
			htmlDocPtr doc = page_load((enum lang)l, path);
			assert_non_null(doc);
			char *h1 = text_of(doc, "//h1");
			assert_non_null(h1);
			assert_non_null(strstr(h1, data.gpus[g].name));
			free(h1);
			/* the language switch leads to the same GPU */
			char *alt = text_of(doc, "//link[@rel='alternate' and @hreflang='x-default']/@href");
			assert_non_null(alt);
			assert_non_null(strstr(alt, path));
			free(alt);
			xmlFreeDoc(doc);
		}
	}
}

/* The price a task time is costed at, worked out here from the rows: an
 * on-demand quote of the time's own source (for the same number of cards
 * before one card before any other), else the lowest on-demand quote. */
static bool quote_for_time(const struct task_time *tt, double *price)
{
	int want = tt->gpu_count > 1 ? tt->gpu_count : 1;
	int best_fit = 0;
	bool lowest_found = false;
	double lowest = 0;
	for (size_t i = 0; i < data.nprices; i++) {
		const struct price *p = &data.prices[i];
		if (p->gpu != tt->gpu || strcmp(p->kind, "on-demand"))
			continue;
		if (!lowest_found || p->usd_per_hour < lowest)
			lowest = p->usd_per_hour;
		lowest_found = true;
		if (strcmp(p->source, tt->source))
			continue;
		int fit = p->cards == want ? 3 : p->cards == 1 ? 2 : 1;
		if (fit > best_fit || (fit == best_fit && p->usd_per_hour < *price)) {
			*price = p->usd_per_hour;
			best_fit = fit;
		}
	}
	if (!best_fit && lowest_found)
		*price = lowest;
	return lowest_found;
}

static void test_task_page_cost_is_hours_times_the_quote(void **state)
{
	(void)state;
	assert_true(site_ready());
	const char *table = "//table[contains(@class,'task-costs')]";
	size_t checked = 0;
	for (int l = 0; l < LANG_COUNT; l++) {
		for (size_t i = 0; i < data.ntask_times; i++) {
			const struct task_time *tt = &data.task_times[i];
			char path[256], expr[512];
			snprintf(path, sizeof path, "tasks/%s/", tt->task_id);
			htmlDocPtr doc = page_load((enum lang)l, path);
			assert_non_null(doc);
			int col = column_of(doc, table,
					    i18n_get(&strings, (enum lang)l, "task.cost"));
			assert_true(col > 0);
			snprintf(expr, sizeof expr, "%s/tbody/tr[@data-gpu='%s']/*[%d]",
				 table, tt->gpu_id, col);
			char *cell = text_of(doc, expr);
			assert_non_null(cell);
			double price = 0;
			struct buf want = BUF_INIT;
			bool ok;
			if (quote_for_time(tt, &price)) {
				double cards = tt->gpu_count > 1 ? tt->gpu_count : 1;
				/* a time range: a cost range */
				i18n_format_usd_range(&want, tt->hours * price * cards,
						      tt->hours_max.ok ? tt->hours_max.v * price * cards
								       : 0, (enum lang)l);
				ok = starts_with_figure(cell, want.ptr);
			} else {
				/* the mark, then "no data" and the reason
				 * (for screen readers) */
				buf_adds(&want, i18n_get(&strings, (enum lang)l, "nodata.mark"));
				buf_adds(&want, i18n_get(&strings, (enum lang)l, "no_data"));
				ok = !strncmp(cell, want.ptr, want.len);
			}
			char msg[512];
			snprintf(msg, sizeof msg, "%s %s: cost cell \"%s\", expected \"%s\"",
				 lang_code((enum lang)l), tt->gpu_id, cell, want.ptr);
			checked++;
			buf_release(&want);
			free(cell);
			xmlFreeDoc(doc);
			if (!ok)
				fail_msg("%s", msg);
		}
	}
	assert_true(checked > 0);
}

static void test_task_page_marks_the_cheapest_gpu(void **state)
{
	(void)state;
	assert_true(site_ready());
	/* LoRA 7B on the Training Guide's cards: the data make A100 40GB the
	 * cheapest (1.5 h x $0.63 = $0.945 against 3 h x $0.39 = $1.17) */
	htmlDocPtr doc = page_load(LANG_EN, "tasks/lora-7b/");
	assert_non_null(doc);
	char *cell = text_of(doc, "//table[contains(@class,'task-costs')]/tbody/"
			     "tr[@data-gpu='a100-40gb']/td[contains(@class,'num')]"
			     "[span[contains(@class,'badge')]='cheapest']");
	assert_non_null(cell);
	assert_string_equal(cell, "$0.945 cheapest");
	free(cell);
	xmlFreeDoc(doc);
}

/* Whether the `col`-th GPU cell (1 or 2) of the compare table's row `label`
 * is marked the better one ("best" in its class). */
static bool compare_cell_marked(htmlDocPtr doc, const char *label, int col)
{
	char expr[512];
	snprintf(expr, sizeof expr,
		 "(//table[contains(@class,'compare')])[1]/tbody/tr[th='%s']/td[%d]/@class",
		 label, col);
	char *cls = text_of(doc, expr);
	bool marked = cls && strstr(cls, "best");
	free(cls);
	return marked;
}

/* The pair's winners are worked out from the data the site was built from
 * (more VRAM wins, a lower lowest on-demand price wins), so an editor's
 * price change moves the mark and the test with it. */
static void test_compare_page_marks_the_winner(void **state)
{
	(void)state;
	assert_true(site_ready());
	const struct gpu *x = data_find_gpu(&data, "a100-80gb");
	const struct gpu *y = data_find_gpu(&data, "rtx-4090");
	assert_non_null(x);
	assert_non_null(y);
	assert_true(x->vram_gb.ok && y->vram_gb.ok && x->vram_gb.v != y->vram_gb.v);
	struct metrics m;
	metrics_compute(&data, NULL, &m);
	struct figure px = m.prices[x - data.gpus].lowest, py = m.prices[y - data.gpus].lowest;
	assert_true(figure_ok(px) && figure_ok(py) && px.value != py.value);
	int vram_winner = x->vram_gb.v > y->vram_gb.v ? 1 : 2;
	int rent_winner = px.value < py.value ? 1 : 2;
	for (int l = 0; l < LANG_COUNT; l++) {
		enum lang lg = (enum lang)l;
		htmlDocPtr doc = page_load(lg, "compare/a100-80gb-vs-rtx-4090/");
		assert_non_null(doc);
		const char *vram = i18n_get(&strings, lg, "gpu.vram");
		assert_true(compare_cell_marked(doc, vram, vram_winner));
		assert_false(compare_cell_marked(doc, vram, 3 - vram_winner));
		char expr[512];
		snprintf(expr, sizeof expr,
			 "(//table[contains(@class,'compare')])[1]/tbody/tr[th='%s']/td[%d]",
			 i18n_get(&strings, lg, "gpu.rent"), rent_winner);
		char *rent = text_of(doc, expr);
		assert_non_null(rent);
		assert_non_null(strstr(rent, i18n_get(&strings, lg, "cmp.better")));
		free(rent);
		xmlFreeDoc(doc);
	}
}

/* The n-th (1-based) <td> of a table row, or NULL. */
static xmlNodePtr row_cell(xmlNodePtr tr, int n)
{
	for (xmlNodePtr c = tr->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !xmlStrcmp(c->name, (const xmlChar *)"td") &&
		    --n == 0)
			return c;
	return NULL;
}

/* A cell's figure for sorting (false when it has none) and whether it is
 * marked the better one. */
static bool cell_figure_of(xmlNodePtr td, double *v, bool *best)
{
	xmlChar *cls = xmlGetProp(td, (const xmlChar *)"class");
	xmlChar *sort = xmlGetProp(td, (const xmlChar *)"data-sort");
	*best = cls && strstr((const char *)cls, "best");
	bool has = sort && *sort;
	if (has)
		*v = strtod((const char *)sort, NULL);
	xmlFree(cls);
	xmlFree(sort);
	return has;
}

#define MAX_ROW_KINDS 64

/* Which way is better in each kind of row seen so far (by table and
 * label): +1 higher, -1 lower, 0 not seen yet. */
struct row_directions {
	char key[MAX_ROW_KINDS][160];
	int dir[MAX_ROW_KINDS];
	int n;
};

static int *direction_of(struct row_directions *rd, int table, const char *label,
			 int pair)
{
	char key[160];
	snprintf(key, sizeof key, "%d/%d/%s", table, pair, label);
	for (int i = 0; i < rd->n; i++)
		if (!strcmp(rd->key[i], key))
			return &rd->dir[i];
	assert_true(rd->n < MAX_ROW_KINDS);
	snprintf(rd->key[rd->n], sizeof rd->key[rd->n], "%s", key);
	rd->dir[rd->n] = 0;
	return &rd->dir[rd->n++];
}

/* The text a cell prints for its figure (its first element's: the value,
 * before any mark), malloc'd. */
static char *cell_shown(xmlNodePtr td)
{
	xmlNodePtr v = xmlFirstElementChild(td);
	return node_text(v ? v : td);
}

/* Check a row's two cells: the better figure is marked, and only it, the
 * same way on every page; two figures about the same (printed alike, or
 * under 0.5% apart: the comparison model's rule) have no mark, nor have two
 * results measured under different conditions (their ratio's cell says
 * so). */
static void check_row_winner(struct row_directions *rd, int table, xmlNodePtr tr,
			     int ca, int cb, int pair)
{
	xmlNodePtr a = row_cell(tr, ca), b = row_cell(tr, cb);
	assert_non_null(a);
	assert_non_null(b);
	double va = 0, vb = 0;
	bool best_a, best_b;
	bool has_a = cell_figure_of(a, &va, &best_a), has_b = cell_figure_of(b, &vb, &best_b);
	char *sa = cell_shown(a), *sb = cell_shown(b);
	double lo = fmin(va, vb), hi = fmax(va, vb);
	bool alike = !strcmp(sa, sb) || (lo > 0 && hi / lo < 1.005);
	char *row = node_text(tr);
	bool unlike = strstr(row, "measured under different conditions") != NULL;
	free(row);
	free(sa);
	free(sb);
	if (!has_a || !has_b || alike || unlike) {
		assert_false(best_a || best_b);
		return;
	}
	assert_true(best_a != best_b);
	char *label = node_text(xmlFirstElementChild(tr));
	int *dir = direction_of(rd, table, label, pair);
	int now = (best_a == (va > vb)) ? 1 : -1;
	bool flips = *dir && *dir != now;
	*dir = now;
	if (flips)
		fail_msg("row \"%s\" of table %d: the better one flips", label, table);
	free(label);
}

/* Every comparison marks its own winners: the cells a GPU shows are the
 * same on all its pages, but the mark of a winner on one page never shows
 * on another. */
static void test_compare_pages_mark_each_pairs_own_winner(void **state)
{
	(void)state;
	assert_true(site_ready());
	struct row_directions rd = { .n = 0 };
	int marked = 0;
	for (size_t x = 0; x < data.ngpus; x++)
		for (size_t y = x + 1; y < data.ngpus; y++) {
			char path[256];
			snprintf(path, sizeof path, "compare/%s-vs-%s/", data.gpus[x].id,
				 data.gpus[y].id);
			htmlDocPtr doc = page_load(LANG_EN, path);
			assert_non_null(doc);
			xmlXPathObjectPtr tables =
				nodes_of(doc, "//table[contains(@class,'compare')]");
			assert_non_null(tables);
			for (int t = 0; t < tables->nodesetval->nodeNr; t++) {
				char expr[128];
				snprintf(expr, sizeof expr,
					 "(//table[contains(@class,'compare')])[%d]/tbody/tr", t + 1);
				xmlXPathObjectPtr rows = nodes_of(doc, expr);
				for (int i = 0; rows && i < rows->nodesetval->nodeNr; i++) {
					xmlNodePtr tr = rows->nodesetval->nodeTab[i];
					/* a task's row: its name links to the task;
					 * cells hours, cost of a, then of b */
					xmlNodePtr th = xmlFirstElementChild(tr);
					bool tasks = th && xmlFirstElementChild(th);
					/* with costs (neither card without a price):
					 * hours and cost of a, then of b */
					int cells = 0;
					for (xmlNodePtr c = xmlFirstElementChild(tr); c;
					     c = xmlNextElementSibling(c))
						cells += !strcmp((const char *)c->name, "td");
					bool costs = tasks && cells >= 4;
					check_row_winner(&rd, t, tr, 1, costs ? 3 : 2, 0);
					if (costs)
						check_row_winner(&rd, t, tr, 2, 4, 1);
				}
				xmlXPathFreeObject(rows);
			}
			xmlXPathFreeObject(tables);
			xmlXPathObjectPtr b = nodes_of(doc, "//td[contains(@class,'best')]");
			marked += b && b->nodesetval ? b->nodesetval->nodeNr : 0;
			xmlXPathFreeObject(b);
			xmlFreeDoc(doc);
		}
	assert_true(marked > 0);
	assert_true(rd.n > 5);
}

static void test_compare_page_gives_no_winner_without_data(void **state)
{
	(void)state;
	assert_true(site_ready());
	/* the sources give no bandwidth for the B100 */
	htmlDocPtr doc = page_load(LANG_EN, "compare/h100-80gb-vs-b100/");
	assert_non_null(doc);
	const char *row = "(//table[contains(@class,'compare')])[1]/tbody/"
			  "tr[th='Memory bandwidth']";
	char expr[256];
	snprintf(expr, sizeof expr, "%s/td[1]", row);
	char *a = text_of(doc, expr);
	snprintf(expr, sizeof expr, "%s/td[2]", row);
	char *b = text_of(doc, expr);
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a, "3,350 GB/s");
	/* a compact mark; the reason in its title and for screen readers */
	assert_string_equal(b, "—no data (no source gives this figure)");
	free(a);
	free(b);
	snprintf(expr, sizeof expr, "%s/td[contains(@class,'best')]", row);
	char *best = text_of(doc, expr);
	assert_null(best);
	xmlFreeDoc(doc);
}

/* A GPU page's title and a comparison's description name only what the
 * page holds: "L40S: no data yet" for a card no source gives a figure of
 * (its segment is a class, not a figure), "H200: specifications" for one
 * with specs alone, prices in the title exactly when the card has a quote;
 * a pair's speed and cost only where the cards share a benchmark and a
 * job, and a verdict only then. */
static void test_titles_name_only_what_the_page_holds(void **state)
{
	(void)state;
	assert_true(site_ready());
	static const struct {
		enum lang l;
		const char *path, *h1, *desc;
	} pages[] = {
		{ LANG_EN, "gpus/l40s/", "L40S: no data yet",
		  "L40S: no source gives a figure for this card yet." },
		{ LANG_ZH, "gpus/l40s/", "L40S：暂无数据", "L40S：目前还没有来源给出这款显卡的任何数据。" },
		{ LANG_EN, "gpus/h200/", "H200: specifications", "H200: specifications, from cited sources." },
		{ LANG_ZH, "gpus/h200/", "H200：规格参数", "H200：规格参数，数字均注明出处。" },
		{ LANG_EN, "gpus/rtx-4090/", "RTX 4090: specifications, prices and speed",
		  "RTX 4090: specifications, every rental price seen, benchmark results, the "
		  "cost of each job it has a time for, and how it compares, from cited sources." },
		{ LANG_ZH, "gpus/rtx-4090/", "RTX 4090：规格参数、价格和速度", NULL },
		{ LANG_EN, "compare/rtx-4090-vs-l40s/", "RTX 4090 vs L40S",
		  "RTX 4090 vs L40S: specs side by side and what the sources give of each." },
		{ LANG_EN, "compare/rtx-4090-vs-rtx-3090/", "RTX 4090 vs RTX 3090",
		  "RTX 4090 vs RTX 3090: specs side by side, speed on each benchmark they share, "
		  "the cost of each training job they share, and a verdict from the data." },
	};
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		htmlDocPtr doc = page_load(pages[i].l, pages[i].path);
		assert_non_null(doc);
		char *h1 = text_of(doc, "//h1");
		char *desc = text_of(doc, "//meta[@name='description']/@content");
		assert_string_equal(h1, pages[i].h1);
		if (pages[i].desc)
			assert_string_equal(desc, pages[i].desc);
		free(h1);
		free(desc);
		xmlFreeDoc(doc);
	}
	for (size_t g = 0; g < data.ngpus; g++) {
		bool priced = false;
		for (size_t i = 0; i < data.nprices; i++)
			priced |= data.prices[i].gpu == g;
		char path[128];
		snprintf(path, sizeof path, "gpus/%s/", data.gpus[g].id);
		htmlDocPtr doc = page_load(LANG_EN, path);
		assert_non_null(doc);
		char *h1 = text_of(doc, "//h1");
		assert_int_equal(strstr(h1, "prices") != NULL, priced);
		free(h1);
		xmlFreeDoc(doc);
	}
}

/* A column a table names apart has its own head: prices' kind is its
 * billing (as on the GPU pages), a benchmark's kind stays a kind. */
static void test_a_data_column_is_headed_as_its_table_means_it(void **state)
{
	(void)state;
	assert_true(site_ready());
	static const struct {
		enum lang l;
		const char *path, *head;
	} heads[] = {
		{ LANG_EN, "data/prices/", "Billing" }, { LANG_ZH, "data/prices/", "计费方式" },
		{ LANG_EN, "data/benchmarks/", "Kind" }, { LANG_ZH, "data/benchmarks/", "类型" },
	};
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
		htmlDocPtr doc = page_load(heads[i].l, heads[i].path);
		assert_non_null(doc);
		char expr[160];
		snprintf(expr, sizeof expr, "count(//table//th[normalize-space()='%s'])",
			 heads[i].head);
		xmlXPathObjectPtr c = nodes_of(doc, expr);
		assert_non_null(c);
		assert_true(c->floatval >= 1.0);
		xmlXPathFreeObject(c);
		xmlFreeDoc(doc);
	}
}

/* The number of nodes matching `expr` (0 when none). */
static int count_of(htmlDocPtr doc, const char *expr)
{
	xmlXPathObjectPtr r = nodes_of(doc, expr);
	int n = r && r->nodesetval ? r->nodesetval->nodeNr : 0;
	xmlXPathFreeObject(r);
	return n;
}

/* A spec neither card of a comparison has is named in one line under the
 * table, not drawn as a row of dashes: each spec is a row or in the line,
 * never both, and no row is all dashes; a speed or cost table is there
 * when both cards have a figure of its kind, else a line says which has
 * none. */
static void test_compare_specs_neither_card_has_are_a_line(void **state)
{
	(void)state;
	assert_true(site_ready());
	const char *rows = "//h2[@id='specs']/following-sibling::*[1][self::div]//tbody/tr";
	const char *line = "//p[@class='nodata'][preceding-sibling::h2[1][@id='specs']]";
	int lines = 0, spec_rows = -1;
	for (size_t x = 0; x < data.ngpus; x++)
		for (size_t y = x + 1; y < data.ngpus; y++) {
			char path[256], expr[512];
			snprintf(path, sizeof path, "compare/%s-vs-%s/", data.gpus[x].id,
				 data.gpus[y].id);
			htmlDocPtr doc = page_load(LANG_EN, path);
			assert_non_null(doc);
			snprintf(expr, sizeof expr, "%s[not(td[not(contains(@class,'nodata'))])]", rows);
			assert_int_equal(count_of(doc, expr), 0);
			int n = count_of(doc, rows), named = 0;
			char *text = text_of(doc, line);
			if (text) {
				char want[256];
				snprintf(want, sizeof want, "No source gives these figures for %s or %s: ",
					 data.gpus[x].name, data.gpus[y].name);
				assert_true(!strncmp(text, want, strlen(want)));
				named = 1;
				for (const char *c = text + strlen(want); *c; c++)
					named += !strncmp(c, ", ", 2);
				/* no name both a row and in the line */
				snprintf(expr, sizeof expr, "%s/th", rows);
				xmlXPathObjectPtr th = nodes_of(doc, expr);
				for (int i = 0; th && th->nodesetval && i < th->nodesetval->nodeNr; i++) {
					char *label = node_text(th->nodesetval->nodeTab[i]), key[128];
					snprintf(key, sizeof key, " %s,", label);
					assert_null(strstr(text + strlen(want) - 1, key));
					free(label);
				}
				xmlXPathFreeObject(th);
				free(text);
				lines++;
			}
			/* a speed or cost table without a row, with a card
			 * that has no figure of its kind, or with figures of
			 * both on no one benchmark or job: a line naming both
			 * cards, or the one without */
			static const char *const sections[][4] = {
				{ "speed", "No source gives a benchmark result for %s or %s.",
				  "No source gives a benchmark result for %s, so there is none "
				  "to set beside %s's.",
				  "%s and %s both have benchmark results, but none on the same "
				  "benchmark." },
				{ "cost", "No source gives a time on %s or %s for any training job, "
					  "so there is no cost to compare.",
				  "No source gives a time on %s for any training job, so there is "
				  "no cost to set beside %s's.",
				  "%s and %s both have times for training jobs, but none for the "
				  "same job, so there is no cost to compare." },
			};
			bool has[2][2] = { { false, false }, { false, false } }; /* [kind][card] */
			for (size_t i = 0; i < data.nresults; i++)
				for (int c = 0; c < 2; c++)
					has[0][c] |= data.results[i].gpu == (c ? y : x);
			for (size_t i = 0; i < data.ntask_times; i++)
				for (int c = 0; c < 2; c++)
					has[1][c] |= data.task_times[i].gpu == (c ? y : x);
			bool shared[2] = { false, false }; /* [kind]: a figure of both */
			for (size_t i = 0; i < data.nresults; i++)
				for (size_t j = 0; j < data.nresults; j++)
					shared[0] |= data.results[i].gpu == x &&
						     data.results[j].gpu == y &&
						     data.results[i].benchmark == data.results[j].benchmark;
			for (size_t i = 0; i < data.ntask_times; i++)
				for (size_t j = 0; j < data.ntask_times; j++)
					shared[1] |= data.task_times[i].gpu == x &&
						     data.task_times[j].gpu == y &&
						     data.task_times[i].task == data.task_times[j].task;
			for (size_t k = 0; k < 2; k++) {
				char want[256];
				snprintf(expr, sizeof expr, "//h2[@id='%s']/following-sibling::*[1]",
					 sections[k][0]);
				char *after = text_of(doc, expr);
				snprintf(expr, sizeof expr,
					 "//h2[@id='%s']/following-sibling::*[1][self::div]//tbody/tr",
					 sections[k][0]);
				bool table = count_of(doc, expr) > 0;
				assert_int_equal(table, shared[k]);
				if (has[k][0] && has[k][1])
					snprintf(want, sizeof want, sections[k][3], data.gpus[x].name,
						 data.gpus[y].name);
				else if (!has[k][0] && !has[k][1])
					snprintf(want, sizeof want, sections[k][1], data.gpus[x].name,
						 data.gpus[y].name);
				else if (!has[k][0] || !has[k][1])
					snprintf(want, sizeof want, sections[k][2],
						 data.gpus[has[k][0] ? y : x].name,
						 data.gpus[has[k][0] ? x : y].name);
				if (!table) {
					assert_non_null(after);
					assert_string_equal(after, want);
					lines++;
				}
				free(after);
			}
			if (spec_rows < 0)
				spec_rows = n + named;
			assert_int_equal(n + named, spec_rows); /* every spec, once */
			xmlFreeDoc(doc);
		}
	assert_true(lines > 0);
	assert_true(spec_rows > 10);
}

/* A GPU page's table leaves out a column it has nothing for (a date, a
 * provider, speed per dollar or a cost without a rental price), and says so
 * in a line under the table: each column is there, or its line. */
static void test_gpu_page_says_what_a_left_out_column_lacks(void **state)
{
	(void)state;
	assert_true(site_ready());
	static const char *const cols[][3] = { /* section, heading, line */
		{ "prices", "Quoted on", "The sources give no date for these quotes." },
		{ "prices", "Provider", "The sources name no provider for these quotes." },
		{ "speed", "Speed per dollar",
		  "No speed per dollar: no rental price is known for this card." },
		{ "tasks", "Cost", "No cost per job: no rental price is known for this card." },
	};
	int left_out = 0;
	for (size_t g = 0; g < data.ngpus; g++) {
		char path[128], expr[512];
		snprintf(path, sizeof path, "gpus/%s/", data.gpus[g].id);
		htmlDocPtr doc = page_load(LANG_EN, path);
		assert_non_null(doc);
		for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++) {
			const char *table = "//h2[@id='%s']/following-sibling::*[1][self::div]//table";
			snprintf(expr, sizeof expr, table, cols[k][0]);
			if (!count_of(doc, expr))
				continue; /* no table: said otherwise */
			snprintf(expr, sizeof expr, "%s/thead/tr/th[normalize-space()='%s']",
				 table, cols[k][1]);
			char sect[512];
			snprintf(sect, sizeof sect, expr, cols[k][0]);
			bool column = count_of(doc, sect) > 0;
			snprintf(expr, sizeof expr,
				 "//p[@class='meta'][preceding-sibling::h2[1][@id='%s']]"
				 "[normalize-space()=\"%s\"]", cols[k][0], cols[k][2]);
			bool line = count_of(doc, expr) > 0;
			assert_true(column != line);
			left_out += line;
		}
		xmlFreeDoc(doc);
	}
	assert_true(left_out > 0);
}

/* A serving cost priced at the card's lowest quote says it is because the
 * source of the result (not of a job's time) quotes none for the card. */
static void test_inference_quote_names_the_results_source(void **state)
{
	(void)state;
	assert_true(site_ready());
	static const char *const said[][2] = { /* in each language: the words it holds, not */
		{ "since the source of the result gives none for this card",
		  "source of the time" },
		{ "给出测试结果的来源没有这款显卡的价格", "给出耗时的来源" },
	};
	for (int l = 0; l < 2; l++) {
		htmlDocPtr doc = page_load((enum lang)l, "inference/");
		assert_non_null(doc);
		char *main_text = text_of(doc, "//main");
		assert_non_null(main_text);
		bool right = strstr(main_text, said[l][0]) != NULL;
		bool wrong = strstr(main_text, said[l][1]) != NULL;
		free(main_text);
		xmlFreeDoc(doc);
		assert_true(right);
		assert_false(wrong);
	}
}

static void test_compare_verdict_is_built_from_the_data(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_EN, "compare/a100-80gb-vs-rtx-4090/");
	assert_non_null(doc);
	char *v = text_of(doc, "//section[contains(@class,'verdict')]");
	assert_non_null(v);
	assert_non_null(strstr(v, "A100 80GB has 3.3 times as much memory as RTX 4090 (80 GB vs 24 GB)."));
	assert_non_null(strstr(v, "A100 80GB rents for 3.6 times as much per hour as RTX 4090 "
			       "($1.39/h vs $0.39/h)."));
	assert_non_null(strstr(v, "A100 80GB is 1.67 times as fast as RTX 4090 on "
			       "GPT-2 training speed (relative to H100) (0.3× vs 0.18×)."));
	/* unlike batch sizes give no ratio, nor results its sources leave out
	 * the cards of, counted on as many as the model needs at FP16: 2 and
	 * 6 for 70B, 1 and 2 for 13B */
	assert_non_null(strstr(v, "On 30B GPT-style model training step time, A100 80GB measured "
			       "0.68 s/step"));
	assert_non_null(strstr(v, "RTX 4090 52 ms (Cards not stated: counted as the 6 that hold "
			       "a 70B model at FP16): under different conditions, so no ratio."));
	assert_non_null(strstr(v, "RTX 4090 60 tokens/s (Cards not stated: counted as the 2 that "
			       "hold a 13B model at FP16): under different conditions, so no ratio."));
	char *bl = text_of(doc, "//section[contains(@class,'bottom-line')]/p");
	assert_non_null(bl);
	/* seven benchmarks of speed: the efficiency one (samples/s/kW) is not
	 * counted as speed, nor the four measured unlike */
	assert_non_null(strstr(bl, "For speed, pick A100 80GB: it is the faster of the two on "
			       "all 4 speed benchmarks both were measured on alike; another 4 were "
			       "measured under different conditions and are not counted."));
	/* the one job priced on both is a range on each (a time range): the
	 * bottom line picks by the rule the job table marks it by */
	assert_non_null(strstr(bl, "For the lowest cost per job at rental prices, pick RTX 4090: it is the "
			       "cheaper on the one job priced on both."));
	free(bl);
	free(v);
	xmlFreeDoc(doc);
	/* latency is lower, never "as fast", and a time is lower by a share of
	 * the longer one however large the difference, never a multiple */
	doc = page_load(LANG_EN, "compare/h100-80gb-vs-a100-80gb/");
	assert_non_null(doc);
	v = text_of(doc, "//section[contains(@class,'verdict')]");
	assert_non_null(v);
	assert_non_null(strstr(v, "H100 80GB's 70B model inference latency is about 34% lower "
			       "than A100 80GB's (45 ms vs 68 ms)."));
	assert_non_null(strstr(v, "H100 80GB's 30B GPT-style model training step time is about "
			       "38% shorter than A100 80GB's (0.42 s/step vs 0.68 s/step)."));
	/* two cards that hold a 70B model's weights with less than the
	 * headroom left: tight, as the inference table marks them */
	assert_non_null(strstr(v, "On H100 80GB and A100 80GB that is tight: less than 20% of "
				  "what the weights take stays free."));
	free(v);
	/* and the table beside the sentences says the same, not "1.51×" */
	char *row = text_of(doc, "//table[contains(@class,'compare')]//tr[th='70B model "
			    "inference latency']");
	assert_non_null(strstr(row, "34% lower"));
	assert_null(strstr(row, "×"));
	free(row);
	row = text_of(doc, "//table[contains(@class,'compare')]//tr[th='30B GPT-style model "
		      "training step time']");
	assert_non_null(strstr(row, "38% shorter"));
	free(row);
	xmlFreeDoc(doc);
	doc = page_load(LANG_ZH, "compare/rtx-a5000-vs-b100/");
	assert_non_null(doc);
	v = text_of(doc, "//section[contains(@class,'verdict')]");
	assert_non_null(v);
	assert_non_null(strstr(v, "没有任何基准测试同时给出 RTX A5000 和 B100 的结果。"));
	bl = text_of(doc, "//section[contains(@class,'bottom-line')]/p");
	assert_non_null(bl);
	assert_non_null(strstr(bl, "因此无法据此判断哪款更合适"));
	free(bl);
	free(v);
	xmlFreeDoc(doc);
}

/* A model one card of either GPU holds is said so, that card first ("一张
 * A100 80GB 就放得下，RTX 4090 则需要 2 张"), never "需 1 张 A100 80GB 或 2
 * 张 RTX 4090"; two counts above one are alternatives. Said of results
 * compared; results measured unlike say each one's count instead. */
static void test_compare_fit_names_the_card_that_holds_it_alone(void **state)
{
	(void)state;
	struct figure one = { 1, NULL }, two = { 2, NULL }, six = { 6, NULL };
	struct figure none = { 0, "no data" };
	bool swap = true;
	assert_string_equal(compare_fit_key(one, two, &swap), "cmp.fit_one_card");
	assert_false(swap);
	assert_string_equal(compare_fit_key(two, one, &swap), "cmp.fit_one_card");
	assert_true(swap);
	assert_string_equal(compare_fit_key(two, six, &swap), "cmp.fit_cards");
	assert_false(swap);
	assert_string_equal(compare_fit_key(none, two, &swap), "cmp.fit_cards");
	assert_false(swap);
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_ZH, "compare/h100-80gb-vs-a100-80gb/");
	assert_non_null(doc);
	char *v = text_of(doc, "//section[contains(@class,'verdict')]");
	assert_non_null(v);
	assert_non_null(strstr(v, "需 2 张 H100 80GB 或 2 张 A100 80GB 才放得下。"));
	assert_null(strstr(v, "需 1 张"));
	free(v);
	xmlFreeDoc(doc);
	doc = page_load(LANG_ZH, "compare/a100-80gb-vs-rtx-4090/");
	assert_non_null(doc);
	v = text_of(doc, "//section[contains(@class,'verdict')]");
	assert_non_null(v);
	assert_null(strstr(v, "才放得下"));
	assert_non_null(strstr(v, "按 FP16 精度下放得下 13B 参数模型所需的 2 张计"));
	free(v);
	xmlFreeDoc(doc);
}

/* The GPU index's lead names the mark its table draws for no data
 * (nodata.mark: "——" in Chinese, not "—"). */
static void test_gpu_index_lead_names_the_no_data_mark(void **state)
{
	(void)state;
	assert_true(site_ready());
	for (int l = 0; l < LANG_COUNT; l++) {
		htmlDocPtr doc = page_load((enum lang)l, "gpus/");
		assert_non_null(doc);
		char *lead = text_of(doc, "//p[@class='lead']");
		assert_non_null(lead);
		struct buf want = BUF_INIT;
		buf_addf(&want, l == LANG_ZH ? "“%s”表示" : "A %s marks",
			 i18n_get(&strings, (enum lang)l, "nodata.mark"));
		assert_non_null(strstr(lead, want.ptr));
		assert_null(strstr(lead, "{mark}"));
		buf_release(&want);
		free(lead);
		xmlFreeDoc(doc);
	}
}

/* The texts of the nodes matching `expr`, joined by "\n" (malloc'd). */
static char *texts_of(htmlDocPtr doc, const char *expr)
{
	xmlXPathObjectPtr r = nodes_of(doc, expr);
	struct buf b = BUF_INIT;
	buf_adds(&b, "");
	for (int i = 0; r && r->nodesetval && i < r->nodesetval->nodeNr; i++) {
		char *t = node_text(r->nodesetval->nodeTab[i]);
		buf_addf(&b, "%s\n", t);
		free(t);
	}
	xmlXPathFreeObject(r);
	return buf_detach(&b, NULL);
}

/* A comparison sets figures side by side: a row for what both cards
 * have, a line naming what one card has alone (not a row of dashes); a
 * ratio the table prints is the sentences' (never below 1: "costs 1.54
 * times as much" beside 1.54×, where it printed 0.65×); a cost names the
 * hourly price it is worked out at, which may differ from the card's
 * lowest in the specifications; jobs timed on both but priced on one are
 * judged by their times. */
static void test_compare_sets_figures_side_by_side(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc2, doc = page_load(LANG_EN, "compare/rtx-4090-vs-rtx-3090/");
	assert_non_null(doc);
	char *lines = texts_of(doc, "//p[@class='nodata']");
	assert_non_null(strstr(lines, "Only RTX 4090 was timed on “Llama 2 7B LoRA fine-tune” and "
				      "“Mistral 7B QLoRA fine-tune (4-bit, customer service)”.\n"));
	assert_non_null(strstr(lines, "Only RTX 4090 was measured on “Llama 2 13B inference "
				      "throughput”, “70B model inference latency”, "));
	free(lines);
	assert_int_equal(count_of(doc, "//table[contains(@class,'compare')]//tr[th='Llama 2 7B "
				       "LoRA fine-tune' or th='Llama 2 13B inference throughput']"), 0);
	char *row = text_of(doc, "//table[contains(@class,'compare')]//tr[th='ResNet-50 (ImageNet)']");
	assert_non_null(row);
	assert_non_null(strstr(row, "$4.68 (at $0.39/h)"));
	assert_non_null(strstr(row, "$7.20 (at $0.30/h)"));
	assert_non_null(strstr(row, "1.54×"));
	free(row);
	char *v = text_of(doc, "//section[contains(@class,'verdict')]");
	assert_non_null(strstr(v, "RTX 3090 costs 1.54 times as much as RTX 4090 for ResNet-50 "
				  "(ImageNet) ($7.20 vs $4.68)."));
	free(v);
	xmlFreeDoc(doc);
	/* jobs timed on both cards but priced on one (no H100 quote): the
	 * bottom line judges their times, and says which the data-health
	 * check questions, as it does for costs */
	doc2 = page_load(LANG_EN, "compare/h100-80gb-vs-a100-40gb/");
	assert_non_null(doc2);
	char *bl = text_of(doc2, "//section[contains(@class,'bottom-line')]/p");
	assert_non_null(strstr(bl, "For the shortest job times, pick H100 80GB: it is the quicker "
				   "on all 5 jobs timed on both. The data-health check questions the "
				   "times of 4 of these jobs"));
	free(bl);
	xmlFreeDoc(doc2);
	/* no job timed on both: no table, and still each card's jobs named */
	doc2 = page_load(LANG_EN, "compare/h100-80gb-vs-a100-80gb/");
	assert_non_null(doc2);
	lines = texts_of(doc2, "//p[@class='nodata']");
	assert_non_null(strstr(lines, "Only A100 80GB was timed on “Llama 2 7B LoRA fine-tune” and "
				      "“13B model trained from scratch (FSDP)”.\n"));
	free(lines);
	xmlFreeDoc(doc2);
	/* a cost that differs by up to 1.5 times is a percentage less, in the
	 * sentence and in its cell alike (never 1.24× beside "19% less") */
	doc2 = page_load(LANG_EN, "compare/a100-40gb-vs-rtx-4090/");
	assert_non_null(doc2);
	row = text_of(doc2, "//table[contains(@class,'compare')]//tr[th='ResNet-50 (ImageNet)']");
	assert_non_null(strstr(row, "19% less"));
	assert_null(strstr(row, "×"));
	free(row);
	v = text_of(doc2, "//section[contains(@class,'verdict')]");
	assert_non_null(strstr(v, "A100 40GB runs ResNet-50 (ImageNet) for about 19% less than "
				  "RTX 4090 ($3.78 vs $4.68)."));
	free(v);
	xmlFreeDoc(doc2);
	/* the better card second: the ratio is still its over the other */
	doc = page_load(LANG_EN, "compare/rtx-3090-vs-rtx-a5000/");
	assert_non_null(doc);
	row = text_of(doc, "//table[contains(@class,'compare')]//tr[th='ResNet-50 training speed "
			   "(relative to H100)']");
	assert_non_null(row);
	assert_non_null(strstr(row, "1.25×"));
	free(row);
	xmlFreeDoc(doc);
	doc = page_load(LANG_ZH, "compare/a100-80gb-vs-rtx-4090/");
	assert_non_null(doc);
	lines = texts_of(doc, "//p[@class='nodata']");
	/* quoted names stand side by side, no 顿号 between them (GB/T 15834) */
	assert_non_null(strstr(lines, "仅 RTX 4090 有“ResNet-50（ImageNet）”“BERT-base 微调”"));
	assert_non_null(strstr(lines, "仅 A100 80GB 有“从头训练 130 亿参数模型（FSDP）”的耗时。"));
	free(lines);
	xmlFreeDoc(doc);
}

/* A figure both cards of a comparison lack is one line naming both, not
 * the same sentence twice. */
static void test_compare_names_a_figure_both_lack_once(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_EN, "compare/l40s-vs-b100/");
	assert_non_null(doc);
	char *all = texts_of(doc, "//main//li | //main//p");
	assert_non_null(strstr(all, "No source gives the memory size of L40S or B100.\n"));
	assert_non_null(strstr(all, "No rental price has been seen for L40S or B100, so their "
				    "job costs are unknown.\n"));
	assert_null(strstr(all, "No source gives the memory size of L40S."));
	assert_null(strstr(all, "No rental price has been seen for B100,"));
	free(all);
	xmlFreeDoc(doc);
}


/* The report shows what the pages show: each headline comparison's
 * verdict as its compare page words it, each job's costs as its task page
 * lists them; its sections, tables and figures are numbered in order, and
 * every link inside it has a target, and a link to a page it holds leads
 * to that page's part. */
static void test_report_shows_what_its_pages_show(void **state)
{
	(void)state;
	assert_true(site_ready());
	for (int l = 0; l < LANG_COUNT; l++) {
		htmlDocPtr doc = page_load((enum lang)l, "report/");
		assert_non_null(doc);
		/* the comparisons: the pair from the links of its table's head */
		xmlXPathObjectPtr parts = nodes_of(doc, "//section[@id='s2']/section");
		assert_true(parts && parts->nodesetval && parts->nodesetval->nodeNr > 0);
		for (int i = 0; i < parts->nodesetval->nodeNr; i++) {
			char expr[256], path[300];
			/* the pair from the names its table's head links (to the
			 * cards' part: their pages are not in the report) */
			snprintf(expr, sizeof expr, "(//section[@id='s2']/section)[%d]//table[contains(@class,'compare')][1]/thead//a", i + 1);
			char *names = texts_of(doc, expr);
			const char *ids[2] = { NULL, NULL };
			for (size_t g = 0, k = 0; g < data.ngpus && k < 2; g++) {
				char line[160];
				snprintf(line, sizeof line, "%s\n", data.gpus[g].name);
				const char *at = strstr(names, line);
				if (at && (at == names || at[-1] == '\n')) {
					ids[at == names ? 0 : 1] = data.gpus[g].id;
					k++;
				}
			}
			free(names);
			assert_non_null(ids[0]);
			assert_non_null(ids[1]);
			snprintf(path, sizeof path, "compare/%s-vs-%s/", ids[0], ids[1]);
			htmlDocPtr cmp = page_load((enum lang)l, path);
			assert_non_null(cmp);
			snprintf(expr, sizeof expr, "(//section[@id='s2']/section)[%d]//section[contains(@class,'verdict')]/ul", i + 1);
			char *in_report = text_of(doc, expr);
			char *on_page = text_of(cmp, "//section[contains(@class,'verdict')]/ul");
			assert_non_null(in_report);
			assert_non_null(on_page);
			assert_string_equal(in_report, on_page);
			free(in_report);
			free(on_page);
			xmlFreeDoc(cmp);
		}
		xmlXPathFreeObject(parts);
		/* the jobs: every task page's rows among the report's */
		char *report_rows = texts_of(doc, "//table[contains(@class,'task-costs')]/tbody/tr");
		size_t checked = 0;
		for (size_t t = 0; t < data.ntasks; t++) {
			char path[256];
			snprintf(path, sizeof path, "tasks/%s/", data.tasks[t].id);
			htmlDocPtr task = page_load((enum lang)l, path);
			assert_non_null(task);
			char *rows = texts_of(task, "//table[contains(@class,'task-costs')]/tbody/tr");
			assert_non_null(strstr(report_rows, rows));
			checked += strlen(rows) > 0;
			free(rows);
			xmlFreeDoc(task);
		}
		assert_true(checked > 0);
		free(report_rows);
		/* numbers in order: sections 1..n, tables and figures 1..n */
		char *nos = texts_of(doc, "//section[contains(@class,'report-section')]/h2/span[@class='report-no']");
		int expect = 1, n;
		for (const char *at = nos; sscanf(at, "%d", &n) == 1; at = strchr(at, '\n') + 1)
			assert_int_equal(n, expect++);
		assert_true(expect > 10);
		free(nos);
		char *list = texts_of(doc, "//ul[@class='report-exhibits']/li");
		char *shown = texts_of(doc, "//p[@class='report-exhibit']");
		assert_true(strlen(shown) > 0);
		/* each listed table or figure ("Table 9: ...") numbered in the
		 * report ("Table 9 and Figure 8: ...") */
		size_t nlisted = 0;
		for (const char *line = list; *line; line = strchr(line, '\n') + 1) {
			const char *colon = strstr(line, ": "), *wide = strstr(line, "：");
			const char *end = wide && (!colon || wide < colon) ? wide : colon;
			assert_non_null(end);
			char label[64];
			snprintf(label, sizeof label, "%.*s", (int)(end - line), line);
			assert_non_null(strstr(shown, label));
			nlisted++;
		}
		assert_true(nlisted > 10);
		free(list);
		free(shown);
		/* every part that holds a table of the data is numbered: a job's
		 * costs as a comparison's (its table in the costs' context) */
		assert_int_equal(count_of(doc, "//section[contains(@class,'report-section')]/section"
				   "[.//table[contains(@class,'task-costs')] and "
				   "not(p[@class='report-exhibit'])]"), 0);
		assert_true(count_of(doc, "//section[contains(@class,'report-section')]/section"
				 "[.//table[contains(@class,'task-costs')]]") > 1);
		/* every #link has its target */
		xmlXPathObjectPtr links = nodes_of(doc, "//a[starts-with(@href,'#')]/@href");
		assert_true(links && links->nodesetval && links->nodesetval->nodeNr > 10);
		for (int i = 0; i < links->nodesetval->nodeNr; i++) {
			char *h = node_text(links->nodesetval->nodeTab[i]);
			char expr[256];
			snprintf(expr, sizeof expr, "count(//*[@id='%s'])", h + 1);
			xmlXPathObjectPtr c = nodes_of(doc, expr);
			assert_true(c && c->floatval == 1.0);
			xmlXPathFreeObject(c);
			free(h);
		}
		xmlXPathFreeObject(links);
		/* a reference names what identifies its source on paper (the
		 * footer that says it is not printed): a translated title's
		 * original, and what kind of document it is */
		if (l == LANG_EN) {
			char *ref = text_of(doc, "//li[@id='ref-choosing-guide-zh']");
			assert_non_null(ref);
			assert_non_null(strstr(ref, "How to choose the right GPU for AI training "
						    "(original title: 如何为AI训练选择合适的GPU). A buying "
						    "guide published by a GPU rental marketplace, by "
						    "SynpixCloud, in Chinese"));
			free(ref);
		}
		/* a link to a page or a source the report holds leads to its part
		 * or reference, never out of the document; a card's, to the
		 * cards' part */
		static const char *const held[] = { "/tasks/", "/cases/", "/inference/", "/vram/",
						    "/health/", "/methodology/", "/sources/",
						    "/gpus/" };
		for (size_t k = 0; k < sizeof held / sizeof held[0]; k++) {
			char expr[128];
			snprintf(expr, sizeof expr, "count(//article//a[contains(@href,'%s')])",
				 held[k]);
			xmlXPathObjectPtr c = nodes_of(doc, expr);
			assert_non_null(c);
			if (c->floatval != 0.0)
				fail_msg("report (%s): %g links out to %s", lang_code((enum lang)l),
					 c->floatval, held[k]);
			xmlXPathFreeObject(c);
		}
		xmlFreeDoc(doc);
	}
}

/* A feed reader shows an article without the site's style sheet, which
 * picks one of a chart's two drawings by the column's width: an entry
 * holds the wide drawing only, each chart once, as its page's text. */
static void test_a_feed_entry_draws_each_chart_once(void **state)
{
	(void)state;
	assert_true(site_ready());
	for (int l = 0; l < LANG_COUNT; l++) {
		char file[1024];
		snprintf(file, sizeof file, "%s/%s/feed.xml", out_dir, lang_code((enum lang)l));
		struct buf b = BUF_INIT;
		assert_int_equal(fs_read_file(file, &b), 0);
		assert_non_null(strstr(b.ptr, "chart-wide"));
		assert_null(strstr(b.ptr, "chart-compact"));
		assert_non_null(strstr(b.ptr, "&lt;figcaption&gt;"));
		buf_release(&b);
	}
}

/* A card's page names every source it draws on: its row's (the RTX
 * 4090's names two) and those of its prices, results and job times (the
 * Training Guide's $0.39 quote, relative speeds and times), in the order
 * of sources.csv. */
static void test_gpu_page_names_every_source_it_draws_on(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_EN, "gpus/rtx-4090/");
	assert_non_null(doc);
	char *line = text_of(doc, "//main//p[@class='meta'][starts-with(.,'Sources on this card')]");
	assert_non_null(line);
	assert_string_equal(line, "Sources on this card: Training Guide; How to choose the right GPU "
				  "for AI training; Choosing GPUs for large-model training: A100, H100 "
				  "and RTX 4090 tested, with ways to save");
	free(line);
	xmlFreeDoc(doc);
}

/* A use case whose budget and recommended picks are two cards links, under
 * the recommended one, to their comparison, where a buyer sees which costs
 * less per job (the source picks the budget card by its hourly price); one
 * that names one card, or none, links to none. */
static void test_use_case_links_its_two_picks_compared(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_EN, "use-cases/");
	assert_non_null(doc);
	char *href = text_of(doc, "//tr[@id='llm-finetune-7b']/td//small/a/@href");
	assert_non_null(href);
	assert_string_equal(href, "../../en/compare/rtx-4090-vs-rtx-3090/");
	free(href);
	char *text = text_of(doc, "//tr[@id='llm-finetune-7b']/td//small/a");
	assert_string_equal(text, "Compared with the budget pick, RTX 3090");
	free(text);
	/* every link leads to a comparison page that exists */
	xmlXPathObjectPtr links = nodes_of(doc, "//table[contains(@class,'use-cases')]//td//small/a/@href");
	assert_true(links && links->nodesetval && links->nodesetval->nodeNr > 0);
	for (int i = 0; i < links->nodesetval->nodeNr; i++) {
		char *h = node_text(links->nodesetval->nodeTab[i]);
		const char *path = strstr(h, "compare/");
		assert_non_null(path);
		htmlDocPtr cmp = page_load(LANG_EN, path);
		assert_non_null(cmp);
		xmlFreeDoc(cmp);
		free(h);
	}
	xmlXPathFreeObject(links);
	xmlFreeDoc(doc);
}

/* A time the data-health check questions (its speed against the card's
 * results) says so beside it on its job's page, and no other time does. */
static void test_a_questioned_time_says_so_on_its_job_page(void **state)
{
	(void)state;
	assert_true(site_ready());
	struct metrics m;
	metrics_compute(&data, NULL, &m);
	findings_compute(&data, &m);
	size_t marked = 0;
	for (size_t t = 0; t < data.ntasks; t++) {
		char path[160];
		snprintf(path, sizeof path, "tasks/%s/", data.tasks[t].id);
		htmlDocPtr doc = page_load(LANG_EN, path);
		assert_non_null(doc);
		for (size_t g = 0; g < data.ngpus; g++) {
			char expr[256];
			snprintf(expr, sizeof expr, "//table[contains(@class,'task-costs')]//tr"
				 "[@data-gpu='%s']//small[@class='why'][contains(.,'questioned by "
				 "the data-health check')]", data.gpus[g].id);
			bool shown = count_of(doc, expr) > 0;
			assert_int_equal(shown, findings_time_questioned(&m, t, g));
			marked += shown;
		}
		xmlFreeDoc(doc);
	}
	assert_true(marked > 0);
}

static void test_gpu_index_cells_carry_raw_numbers_for_sorting(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_EN, "gpus/");
	assert_non_null(doc);
	char *sort = text_of(doc, "//table[contains(@class,'sortable')]/tbody/"
			     "tr[@data-gpu='h100-80gb']/td[@data-sort='3350']");
	assert_non_null(sort);
	assert_string_equal(sort, "3,350 GB/s");
	free(sort);
	/* a missing figure has an empty sort key (sorts last) and says why */
	char *missing = text_of(doc, "//table[contains(@class,'sortable')]/tbody/"
				"tr[@data-gpu='h100-80gb']/td[@data-sort=''][1]");
	assert_non_null(missing);
	assert_string_equal(missing, "—no data (no rental price seen)");
	free(missing);
	xmlFreeDoc(doc);
}

/* The offset of "nan" or "inf" standing alone, or -1. Inside a word
 * ("inference") or a key name ("inf.title", "t.inf_lead") they are fine. */
static long bad_number_at(const char *s, size_t len)
{
	for (size_t i = 0; i + 3 <= len; i++) {
		if (strncasecmp(s + i, "nan", 3) && strncasecmp(s + i, "inf", 3))
			continue;
		bool before = i > 0 && isalpha((unsigned char)s[i - 1]);
		bool after = i + 3 < len && (isalpha((unsigned char)s[i + 3]) ||
					     s[i + 3] == '.' || s[i + 3] == '_');
		if (!before && !after)
			return (long)i;
	}
	return -1;
}

static int pages_checked;
static char bad_page[512]; /* the first page showing one, with context */

static int check_no_bad_number(const char *path, const struct stat *sb, int flag,
			       struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	size_t n = strlen(path);
	if (flag != FTW_F || n < 5 || strcmp(path + n - 5, ".html"))
		return 0;
	struct buf b = BUF_INIT;
	long at = fs_read_file(path, &b) == 0 ? bad_number_at(b.ptr, b.len) : 0;
	if (at >= 0)
		snprintf(bad_page, sizeof bad_page, "%s: \"%.30s\"", path,
			 b.ptr + (at > 12 ? at - 12 : 0));
	buf_release(&b);
	pages_checked++;
	return at >= 0; /* stop at the first: failing inside nftw would leak */
}

static void test_no_page_shows_nan_or_inf(void **state)
{
	(void)state;
	assert_true(site_ready());
	pages_checked = 0;
	bad_page[0] = 0;
	if (nftw(out_dir, check_no_bad_number, 16, FTW_PHYS) != 0)
		fail_msg("%s", bad_page);
	assert_true(pages_checked > 100);
}

static void test_no_placeholder_is_left_unfilled(void **state)
{
	(void)state;
	assert_true(site_ready());
	static const char *const pages[] = {
		"compare/a100-80gb-vs-rtx-4090/", "compare/h100-80gb-vs-b100/",
		"gpus/rtx-4090/", "tasks/llama2-7b-lora/", "vram/", "use-cases/", NULL
	};
	for (int l = 0; l < LANG_COUNT; l++)
		for (size_t i = 0; pages[i]; i++) {
			htmlDocPtr doc = page_load((enum lang)l, pages[i]);
			assert_non_null(doc);
			/* the words of the page (a chart's stylesheet has braces) */
			xmlXPathObjectPtr r = nodes_of(doc, "//main//text()[not(ancestor::style)"
						       " and not(ancestor::script)]");
			assert_non_null(r);
			char found[256] = "";
			for (int k = 0; r->nodesetval && k < r->nodesetval->nodeNr && !*found; k++) {
				char *t = node_text(r->nodesetval->nodeTab[k]);
				if (strchr(t, '{') || strchr(t, '}'))
					snprintf(found, sizeof found, "%s", t);
				free(t);
			}
			xmlXPathFreeObject(r);
			xmlFreeDoc(doc);
			if (*found)
				fail_msg("%s/%s: %s", lang_code((enum lang)l), pages[i], found);
		}
}

static void test_sort_script_is_small_and_published(void **state)
{
	(void)state;
	assert_true(site_ready());
	char file[512];
	snprintf(file, sizeof file, "%s/sort.js", out_dir);
	struct buf b = BUF_INIT;
	assert_int_equal(fs_read_file(file, &b), 0);
	assert_true(b.len > 0 && b.len < 3072);
	assert_non_null(strstr(b.ptr, "aria-sort"));
	buf_release(&b);
}

/* The calculator writes a precision as the VRAM tables do ("FP16"), in its
 * options, its two rules tables and the rules of thumb its script names;
 * the options' values, and the rules' ids the script matches, stay "fp16". */
static void test_calculator_writes_precisions_as_the_tables_do(void **state)
{
	(void)state;
	assert_true(site_ready());
	for (int l = 0; l < LANG_COUNT; l++) {
		htmlDocPtr doc = page_load((enum lang)l, "calculator/");
		assert_non_null(doc);
		static const char *const cells[] = {
			"//select[@id='calc-precision']/option",
			"//h2[@id='rules']/following::table[1]/tbody/tr/th",
			"//table[@id='calc-rules']/tbody/tr/td[1]",
		};
		for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
			xmlXPathObjectPtr r = nodes_of(doc, cells[k]);
			assert_true(r && r->nodesetval && r->nodesetval->nodeNr > 0);
			for (int i = 0; i < r->nodesetval->nodeNr; i++) {
				xmlNodePtr n = r->nodesetval->nodeTab[i];
				char *t = node_text(n);
				/* "FP32 (4 bytes)", "INT4", never "fp32" */
				if (!(t[0] == 'F' || t[0] == 'B' || t[0] == 'I') ||
				    !isupper((unsigned char)t[1]))
					fail_msg("%s: %s: \"%s\"", lang_code((enum lang)l), cells[k], t);
				free(t);
				xmlChar *v = xmlGetProp(n, (const xmlChar *)"value");
				if (v && (!islower(v[0]) || strchr((const char *)v, 'F')))
					fail_msg("%s: option value \"%s\"", lang_code((enum lang)l),
						 (const char *)v);
				xmlFree(v);
			}
			xmlXPathFreeObject(r);
		}
		xmlFreeDoc(doc);

		char file[1024];
		snprintf(file, sizeof file, "%s/%s/calculator/data.json", out_dir,
			 lang_code((enum lang)l));
		struct buf b = BUF_INIT;
		assert_int_equal(fs_read_file(file, &b), 0);
		assert_non_null(strstr(b.ptr, "\"precision\":\"fp32\",\"label\":\"FP32\","));
		assert_null(strstr(b.ptr, "\"label\":\"fp"));
		buf_release(&b);
	}
}

/* Every standalone chart parses as XML and says what it shows: role="img",
 * a <title> and a <desc> first, named by aria-labelledby. */
static void test_every_standalone_svg_parses_with_title_and_desc(void **state)
{
	(void)state;
	assert_true(site_ready());
	size_t seen = 0;
	for (int l = 0; l < LANG_COUNT; l++) {
		char dir[1024];
		snprintf(dir, sizeof dir, "%s/charts/%s", out_dir, lang_code((enum lang)l));
		char **names = fs_list_dir(dir, ".svg");
		assert_non_null(names);
		for (char **n = names; *n; n++, seen++) {
			char file[2048];
			snprintf(file, sizeof file, "%s/%s", dir, *n);
			xmlDocPtr doc = xmlReadFile(file, NULL, XML_PARSE_NONET |
						    XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
			if (!doc)
				fail_msg("%s does not parse", file);
			xmlNodePtr root = xmlDocGetRootElement(doc);
			assert_string_equal((const char *)root->name, "svg");
			xmlChar *role = xmlGetProp(root, (const xmlChar *)"role");
			xmlChar *labels = xmlGetProp(root, (const xmlChar *)"aria-labelledby");
			assert_string_equal((const char *)role, "img");
			assert_non_null(labels);
			xmlNodePtr kid = xmlFirstElementChild(root);
			assert_string_equal((const char *)kid->name, "title");
			xmlChar *title = xmlNodeGetContent(kid);
			assert_true(title && *title);
			kid = xmlNextElementSibling(kid);
			assert_string_equal((const char *)kid->name, "desc");
			xmlChar *desc = xmlNodeGetContent(kid);
			assert_true(desc && *desc);
			xmlFree(role);
			xmlFree(labels);
			xmlFree(title);
			xmlFree(desc);
			xmlFreeDoc(doc);
		}
		fs_free_list(names);
	}
	assert_true(seen > 20);
}

/* The data table beside the relative-speed chart holds the figures of
 * results.csv: each cell's raw value (data-sort) equals the CSV's. */
static void test_chart_data_table_equals_the_csv(void **state)
{
	(void)state;
	assert_true(site_ready());
	htmlDocPtr doc = page_load(LANG_EN, "articles/training-guide/");
	assert_non_null(doc);
	xmlXPathObjectPtr heads = nodes_of(doc,
		"(//figure[contains(@class,'chart')]//details//table)[1]/thead/tr/th");
	xmlXPathObjectPtr rows = nodes_of(doc,
		"(//figure[contains(@class,'chart')]//details//table)[1]/tbody/tr");
	assert_non_null(heads);
	assert_non_null(rows);
	assert_true(rows->nodesetval && rows->nodesetval->nodeNr >= 6);
	size_t checked = 0;
	for (int r = 0; r < rows->nodesetval->nodeNr; r++) {
		xmlNodePtr tr = rows->nodesetval->nodeTab[r];
		xmlNodePtr th = xmlFirstElementChild(tr);
		char *name = node_text(th);
		long g = -1;
		for (size_t i = 0; i < data.ngpus; i++)
			if (!strcmp(data.gpus[i].name, name))
				g = (long)i;
		assert_true(g >= 0);
		int col = 1;
		for (xmlNodePtr td = xmlNextElementSibling(th); td;
		     td = xmlNextElementSibling(td), col++) {
			char *bench = node_text(heads->nodesetval->nodeTab[col]);
			long b = -1;
			for (size_t i = 0; i < data.nbenchmarks; i++)
				if (!strcmp(data.benchmarks[i].name_en, bench))
					b = (long)i;
			assert_true(b >= 0);
			xmlChar *raw = xmlGetProp(td, (const xmlChar *)"data-sort");
			long row = data.result_at[(size_t)b * data.ngpus + (size_t)g];
			if (row < 0) {
				assert_true(!raw || !*raw); /* no data: no number */
			} else {
				assert_non_null(raw);
				assert_true(strtod((const char *)raw, NULL) == data.results[row].value);
				checked++;
			}
			xmlFree(raw);
			free(bench);
		}
		free(name);
	}
	assert_true(checked >= 20);
	xmlXPathFreeObject(heads);
	xmlXPathFreeObject(rows);
	xmlFreeDoc(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_gpu_has_a_page_in_both_languages),
		cmocka_unit_test(test_task_page_cost_is_hours_times_the_quote),
		cmocka_unit_test(test_task_page_marks_the_cheapest_gpu),
		cmocka_unit_test(test_compare_page_marks_the_winner),
		cmocka_unit_test(test_compare_page_gives_no_winner_without_data),
		cmocka_unit_test(test_compare_specs_neither_card_has_are_a_line),
		cmocka_unit_test(test_gpu_page_says_what_a_left_out_column_lacks),
		cmocka_unit_test(test_compare_pages_mark_each_pairs_own_winner),
		cmocka_unit_test(test_inference_quote_names_the_results_source),
		cmocka_unit_test(test_compare_verdict_is_built_from_the_data),
		cmocka_unit_test(test_compare_sets_figures_side_by_side),
		cmocka_unit_test(test_gpu_index_lead_names_the_no_data_mark),
		cmocka_unit_test(test_compare_fit_names_the_card_that_holds_it_alone),
		cmocka_unit_test(test_report_shows_what_its_pages_show),
		cmocka_unit_test(test_a_feed_entry_draws_each_chart_once),
		cmocka_unit_test(test_gpu_page_names_every_source_it_draws_on),
		cmocka_unit_test(test_use_case_links_its_two_picks_compared),
		cmocka_unit_test(test_a_questioned_time_says_so_on_its_job_page),
		cmocka_unit_test(test_gpu_index_cells_carry_raw_numbers_for_sorting),
		cmocka_unit_test(test_no_page_shows_nan_or_inf),
		cmocka_unit_test(test_no_placeholder_is_left_unfilled),
		cmocka_unit_test(test_sort_script_is_small_and_published),
		cmocka_unit_test(test_every_standalone_svg_parses_with_title_and_desc),
		cmocka_unit_test(test_chart_data_table_equals_the_csv),
		cmocka_unit_test(test_calculator_writes_precisions_as_the_tables_do),
		cmocka_unit_test(test_titles_name_only_what_the_page_holds),
		cmocka_unit_test(test_compare_names_a_figure_both_lack_once),
		cmocka_unit_test(test_a_data_column_is_headed_as_its_table_means_it),
	};
	int rc = cmocka_run_group_tests_name("pages", tests, NULL, NULL);
	site_cleanup();
	return rc;
}
