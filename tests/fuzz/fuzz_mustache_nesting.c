/* libFuzzer target: templates nested far deeper than any page needs.
 *
 * The input describes a template rather than being one, so that every run
 * is deeply nested: bytes 0-1 give the depth D (0 to 65,535), byte 2 the
 * innermost text's choice, and the bytes after it, read in a cycle, give the
 * kind of each level: section, inverted section, block, parent (with a
 * block inside: two open tags) or a section whose innermost text includes a partial that
 * includes the template again. The template is D open tags, the innermost
 * part, then the D close tags.
 *
 * Oracles besides the sanitizers (a stack overflow is a crash): the parse
 * fails with exactly one "nested more than" error when the open tags nest
 * deeper than MUSTACHE_MAX_NESTING and succeeds otherwise; the reference check and a
 * strict rendering return (0 or an error) without crashing, and an error
 * from rendering is always reported. */
#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "template/mustache.h"
#include "template/value.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One level's open tag (into `open`) and its close tag (pushed on `close`,
 * written innermost first afterwards). */
static void add_level(struct buf *open, struct buf *close_tags, uint8_t kind)
{
	switch (kind % 5) {
	case 0:
		buf_adds(open, "{{#list}}");
		buf_adds(close_tags, "{{/list}}\n");
		break;
	case 1:
		buf_adds(open, "{{^no}}");
		buf_adds(close_tags, "{{/no}}\n");
		break;
	case 2:
		buf_adds(open, "{{$b}}");
		buf_adds(close_tags, "{{/b}}\n");
		break;
	case 3:
		buf_adds(open, "{{<p}}{{$b}}");
		buf_adds(close_tags, "{{/b}}{{/p}}\n");
		break;
	default:
		buf_adds(open, "{{#yes}}");
		buf_adds(close_tags, "{{/yes}}\n");
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	size_t depth = (size_t)data[0] << 8 | data[1];
	uint8_t inner = data[2];
	const uint8_t *kinds = data + 3;
	size_t nkinds = size - 3;

	struct buf src = BUF_INIT, closes = BUF_INIT;
	size_t tags = 0; /* open tags nested: a parent level holds two */
	for (size_t i = 0; i < depth; i++) {
		uint8_t kind = nkinds ? kinds[i % nkinds] : 0;
		add_level(&src, &closes, kind);
		tags += kind % 5 == 3 ? 2 : 1;
	}
	static const char *const middles[] = { "{{name}}", "{{>p}}", "{{>t}}",
					       "{{>*name}}", "{{>missing}}", "x" };
	buf_adds(&src, middles[inner % 6]);
	/* the close tags, innermost first: each ends with '\n' */
	size_t end = closes.len;
	while (end > 0) {
		size_t start = end - 1;
		while (start > 0 && closes.ptr[start - 1] != '\n')
			start--;
		buf_add(&src, closes.ptr + start, end - start - 1);
		end = start;
	}

	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct tmpl_set *set = tmpl_set_new();
	const char *p = "[{{$b}}p{{/b}}{{>t}}]";
	if (tmpl_set_add(set, "p", "templates/p.mustache", p, strlen(p), &d) != 0)
		abort();
	int rc = tmpl_set_add(set, "t", "templates/t.mustache", src.ptr, src.len, &d);
	bool too_deep = tags > MUSTACHE_MAX_NESTING;
	if ((rc != 0) != too_deep || (too_deep && (d.errors != 1 ||
						   !strstr(log.ptr, "nested more than")))) {
		fprintf(stderr, "depth %zu: parse returned %d with %d errors: %s\n",
			depth, rc, d.errors, log.ptr);
		abort();
	}
	if (rc == 0) {
		tmpl_set_check_refs(set, &d);
		tmpl_set_strict(set, true);
		struct arena a = ARENA_INIT;
		struct value *ctx = value_new_map(&a);
		value_map_set_bool(&a, ctx, "yes", true);
		value_map_set_str(&a, ctx, "name", "p");
		struct value *list = value_new_list(&a);
		value_list_push(&a, list, value_new_map(&a));
		value_map_set(&a, ctx, "list", list);
		struct buf out = BUF_INIT;
		int errors = d.errors;
		if (tmpl_render(set, tmpl_set_get(set, "t"), ctx, &out, &d) != 0 &&
		    d.errors == errors) {
			fprintf(stderr, "rendering failed without a message\n");
			abort();
		}
		buf_release(&out);
		arena_free(&a);
	}
	tmpl_set_free(set);
	buf_release(&log);
	buf_release(&src);
	buf_release(&closes);
	return 0;
}
