/* libFuzzer target: markdown_parse_article (front matter and body split) on
 * arbitrary bytes, in both languages.
 *
 * Oracles besides the sanitizers: an article accepted without errors has a
 * title, a real date and a slug (and tags, translation) that are plain slugs,
 * so none can lead a page outside its folder; every message is one line that
 * starts with the article's path. */
#include "base/buf.h"
#include "base/diag.h"
#include "markdown/frontmatter.h"
#include "markdown/markdown.h"
#include "model/schema.h"
#include "base/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(int ok, const char *what, const char *val)
{
	if (!ok) {
		fprintf(stderr, "accepted article breaks a rule: %s (\"%.200s\")\n",
			what, val ? val : "(null)");
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "content/en/fuzz.md", "content/zh/fuzz.md" };
	for (int lang = 0; lang < 2; lang++) {
		struct buf log = BUF_INIT;
		struct diag d;
		diag_init(&d, NULL, &log);
		struct article a;
		int rc = markdown_parse_article(&a, paths[lang], lang, (const char *)data,
						size, &d);
		if (rc == 0 && !diag_failed(&d)) {
			must(a.title != NULL, "has a title", a.title);
			must(a.slug && schema_is_id(a.slug), "slug is a slug", a.slug);
			must(a.date && schema_is_date(a.date), "date is a date", a.date);
			must(!a.translation || schema_is_id(a.translation),
			     "translation is a slug", a.translation);
			for (size_t i = 0; i < a.ntags; i++)
				must(!text_tag_problem(a.tags[i]), "tag is a tag (text_tag_problem)",
				     a.tags[i]);
			must(a.body != NULL, "has a body", NULL);
		}
		const char *p = log.ptr ? log.ptr : "";
		size_t n = strlen(paths[lang]);
		while (*p) {
			must(!strncmp(p, paths[lang], n) && p[n] == ':',
			     "message starts with the path", p);
			const char *nl = strchr(p, '\n');
			must(nl != NULL, "message ends with a newline", p);
			p = nl + 1;
		}
		markdown_article_free(&a);
		buf_release(&log);
	}
	return 0;
}
