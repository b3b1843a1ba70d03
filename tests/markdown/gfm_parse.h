/* `md` parsed as gen/markdown/gfm.c parses an article's body (smart
 * punctuation, ~~ alone strikes through, its three extensions) and, when
 * asked, with task lists too (a node gfm_html leaves to cmark); the tree
 * on cmark's default allocator, freed with cmark_node_free. For
 * test_gfm_html and the fuzz target fuzz_gfm_html. */
#ifndef GPUGUIDE_TESTS_GFM_PARSE_H
#define GPUGUIDE_TESTS_GFM_PARSE_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <stdbool.h>
#include <stddef.h>

static inline cmark_node *parse_as_gfm(const char *md, size_t len, bool tasklist)
{
	static const char *const names[] = { "table", "strikethrough", "autolink", "tasklist" };
	cmark_gfm_core_extensions_ensure_registered();
	cmark_parser *p = cmark_parser_new(CMARK_OPT_SMART | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE);
	for (size_t i = 0; i < (tasklist ? 4u : 3u); i++)
		cmark_parser_attach_syntax_extension(p, cmark_find_syntax_extension(names[i]));
	cmark_parser_feed(p, md, len);
	cmark_node *doc = cmark_parser_finish(p);
	cmark_parser_free(p);
	return doc;
}

#endif
