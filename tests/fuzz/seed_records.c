/* The seeds of fuzz_records: records of each kind it decodes, made by the
 * encoders from a few English and Chinese texts, each written as
 * <dir>/<kind>-<n> with fuzz_records' selector byte first. Built and run
 * by tests/fuzz/run.sh into the copy of the corpus each run fuzzes:
 *
 *     seed_records DIR */
#include "base/buf.h"
#include "base/diag.h"
#include "markdown/frontmatter.h"
#include "markdown/gfm.h"
#include "markdown/markdown.h"
#include "model/ledger.h"
#include "search/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dir;

static void put(int kind, int n, const struct buf *rec)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%d-%d", dir, kind, n);
	FILE *f = fopen(path, "wb");
	unsigned char selector = (unsigned char)kind;
	if (!f || fwrite(&selector, 1, 1, f) != 1 ||
	    (rec->len && fwrite(rec->ptr, 1, rec->len, f) != rec->len) || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

static const struct search_doc docs[] = {
	{ "RTX 4090 for fine-tuning", "/en/articles/a/", "article", "What a 24 GB card does",
	  "Prices What it fits", "The RTX 4090 rents for $0.39/h and fits a 7B LoRA." },
	{ "显卡租赁指南", "/zh/articles/b/", "article", "按小时计价的显卡",
	  "价格 显存", "租用 RTX 4090 每小时 $0.39，显存 24 GB，适合 LoRA 微调。" },
	{ "Short", "/en/x/", "page", NULL, NULL, NULL },
};

static const char *const bodies[] = {
	"## Prices\n\nThe RTX 4090 costs $0.39/h on demand.\n\n"
	"| GPU | Price |\n|---|---|\n| RTX 4090 | $0.39 |\n\n### Fit\n\n- 24 GB\n- 7B LoRA\n",
	"## 价格\n\n按需租用每小时 0.39 美元。\n\n## 显存\n\n24 GB 足够 7B 模型的 LoRA 微调。\n",
	"No heading, no digit.\n",
};

static const char *const articles[] = {
	"---\ntitle: RTX 4090 for fine-tuning\ndescription: What it fits\n"
	"date: 2026-01-02\nslug: rtx-4090\ntags: training, prices\n---\n\nBody.\n",
	"---\ntitle: 显卡租赁\ndescription: 按小时计价\ndate: 2026-02-03\nslug: rent\n"
	"translation: rtx-4090\n---\n\n正文。\n",
};

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: seed_records DIR\n");
		return 2;
	}
	dir = argv[1];
	struct buf rec = BUF_INIT;
	struct search_index *ix = search_index_new();
	for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
		struct search_page *pg = search_page_new(&docs[i]);
		buf_reset(&rec);
		search_page_encode(pg, &rec);
		put(0, (int)i, &rec);
		search_index_put(ix, i, pg);
	}
	buf_reset(&rec);
	search_index_encode(ix, &rec);
	put(1, 0, &rec);
	search_index_free(ix);
	/* the list of a small index's shards: one of numbers, one of words */
	buf_reset(&rec);
	buf_add_u32(&rec, 2);
	buf_add_u32(&rec, 1);
	buf_add_u64(&rec, 100);
	buf_add_u64(&rec, 900);
	put(2, 0, &rec);

	struct diag d;
	diag_init(&d, NULL, NULL);
	for (size_t i = 0; i < sizeof bodies / sizeof *bodies; i++) {
		struct gfm_out o;
		gfm_out_init(&o);
		gfm_render(bodies[i], strlen(bodies[i]), "content/en/x.md", 7, &o, &d);
		buf_reset(&rec);
		gfm_encode(&o, &rec);
		put(3, (int)i, &rec);
		gfm_out_release(&o);
	}
	for (size_t i = 0; i < sizeof articles / sizeof *articles; i++) {
		struct article a;
		memset(&a, 0, sizeof a);
		if (markdown_parse_article(&a, "content/en/x.md", (int)i, articles[i],
					   strlen(articles[i]), &d) != 0) {
			fprintf(stderr, "seed_records: article %zu not parsed\n", i);
			return 1;
		}
		buf_reset(&rec);
		markdown_article_encode(&a, &rec);
		put(4, (int)i, &rec);
		markdown_article_free(&a);
	}
	/* a page's figures: one of the ledger's, one it defines */
	struct ledger lg;
	ledger_init(&lg);
	size_t price = ledger_add(&lg, "price.a", "A", "A 价", "0.39", "", "USD/h", "prices.csv:3");
	ledger_pages_begin(&lg, 1);
	struct ledger_sink *k = ledger_page_sink(&lg, 0);
	ledger_sink_mark(k, NULL, price);
	ledger_sink_define(k, NULL, "cost.a", "A's cost", "A 的成本", "4.68", "", "USD",
			   "prices.csv:3 results.csv:7");
	buf_reset(&rec);
	ledger_sink_encode(&lg, k, 0, &rec);
	put(5, 0, &rec);
	ledger_free(&lg);
	buf_release(&rec);
	return 0;
}
