/* The seeds of the targets that read records back (fuzz_records,
 * fuzz_body_memo), made by today's encoders from a few English and Chinese
 * texts. Built and run by tests/fuzz/run.sh into the copy of the corpus
 * each run fuzzes:
 *
 *     seed_records TARGET DIR
 *
 * fuzz_records: records of each kind it decodes, each as <dir>/<kind>-<n>
 * with its selector byte first. fuzz_body_memo: bodies, each with the
 * records a render of it keeps and its HTML as published. */
#include "base/buf.h"
#include "base/diag.h"
#include "markdown/frontmatter.h"
#include "markdown/gfm.h"
#include "markdown/markdown.h"
#include "model/ledger.h"
#include "search/search.h"

#include "body_memo.h"
#include "edited_page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dir;

/* <dir>/<kind>-<n>: the selector `kind` (none when negative), `rec`. */
static void put(int kind, int n, const struct buf *rec)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%d-%d", dir, kind < 0 ? 0 : kind, n);
	FILE *f = fopen(path, "wb");
	unsigned char selector = (unsigned char)kind;
	if (!f || (kind >= 0 && fwrite(&selector, 1, 1, f) != 1) ||
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

static void add_part(struct buf *b, const char *p, size_t n)
{
	if (n > 0xFFFF) {
		fprintf(stderr, "seed_records: a part of %zu bytes\n", n);
		exit(1);
	}
	buf_addc(b, (char)(n & 0xFF));
	buf_addc(b, (char)(n >> 8));
	buf_add(b, p, n);
}

static const char *const memo_bodies[] = {
	"## Prices {#p}\n\nThe RTX 4090 costs {{< price gpu=rtx-4090 >}} an hour.\n\n"
	"{{< table id=costs >}}\n\n| GPU | Price |\n|---|---|\n| A | {{< price gpu=a >}} |\n",
	"## 价格\n\n每小时 {{< price gpu=rtx-4090 >}}，显存 {{< gpu field=vram_gb >}}。\n\n"
	"- 一 {{< hours task=lora-7b >}}\n- 二\n\n`{{< code >}}` and *emphasis*\n",
	"No shortcode at all, a [link](https://example.com) and **bold**.\n",
};

/* fuzz_body_memo's: a body's length and bytes, the lengths and bytes of
 * its three records as a render keeps them, its HTML. */
static int body_memo_seeds(void)
{
	for (size_t i = 0; i < sizeof memo_bodies / sizeof *memo_bodies; i++) {
		struct memo m;
	memo_init(&m);
		struct buf html = BUF_INIT, seed = BUF_INIT;
		if (render(memo_bodies[i], &m, &html) != 0) {
			fprintf(stderr, "seed_records: body %zu not rendered\n", i);
			return 1;
		}
		add_part(&seed, memo_bodies[i], strlen(memo_bodies[i]));
		for (int k = 0; k < NPARTS; k++)
			add_part(&seed, m.rec[k].ptr, m.rec[k].len);
		buf_addbuf(&seed, &html);
		put(-1, (int)i, &seed);
		memo_release(&m);
		buf_release(&html);
		buf_release(&seed);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "fuzz_records") && strcmp(argv[1], "fuzz_body_memo"))) {
		fprintf(stderr, "usage: seed_records fuzz_records|fuzz_body_memo DIR\n");
		return 2;
	}
	dir = argv[2];
	if (!strcmp(argv[1], "fuzz_body_memo"))
		return body_memo_seeds();
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
	/* the record of a page before its figure changed (fuzz_records.c's) */
	struct search_terms *st = search_terms_new();
	struct search_page *was = search_page_from_html(st, &fuzz_page_doc, fuzz_page_was,
							strlen(fuzz_page_was));
	buf_reset(&rec);
	search_page_encode(was, &rec);
	put(6, 0, &rec);
	put(7, 0, &rec);
	put(8, 0, &rec);
	search_page_free(was);
	search_terms_free(st);
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
