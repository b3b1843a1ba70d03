/* libFuzzer target: tmpl_set_add and tmpl_render on arbitrary templates.
 *
 * The input is split at its first NUL byte: the part before is the template
 * "t", the part after (if any) the template "p"; both may include each other
 * ({{>t}}, {{>p}}, {{<p}}...), so recursion is exercised. The context holds
 * strings with markup, numbers, a list of maps, nested maps and booleans.
 *
 * Oracles besides the sanitizers: rendering is repeatable (same bytes
 * twice); {{name}} of a value holding markup never yields the raw markup
 * unless the template itself contains it or asks for it unescaped; a
 * strict render (tmpl_set_strict: a name or partial nothing has is an
 * error) gives the same bytes, or fails saying why. */
#define _GNU_SOURCE /* memmem */
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

static struct value *context(struct arena *a)
{
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "name", "RTX 4090");
	value_map_set_str(a, m, "evil", "<script>alert(1)</script>\" onmouseover=\"x");
	value_map_set_num(a, m, "n", 0.39);
	value_map_set_num(a, m, "zero", 0);
	value_map_set_bool(a, m, "yes", true);
	value_map_set_bool(a, m, "no", false);
	value_map_set_str(a, m, "empty", "");
	struct value *list = value_new_list(a);
	for (int i = 0; i < 3; i++) {
		struct value *item = value_new_map(a);
		value_map_set_num(a, item, "i", i);
		value_map_set_str(a, item, "name", i == 1 ? "<b>&amp;</b>" : "x");
		value_list_push(a, list, item);
	}
	value_map_set(a, m, "list", list);
	value_map_set(a, m, "none", value_new_list(a));
	struct value *inner = value_new_map(a);
	value_map_set_str(a, inner, "title", "a.b");
	value_map_set(a, inner, "self", m); /* a cycle through the context */
	value_map_set(a, m, "a", inner);
	return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *src = (const char *)data;
	const char *nul = memchr(src, '\0', size);
	size_t tlen = nul ? (size_t)(nul - src) : size;

	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct tmpl_set *set = tmpl_set_new();
	int rc = tmpl_set_add(set, "t", "templates/t.mustache", src, tlen, &d);
	if (nul)
		rc |= tmpl_set_add(set, "p", "templates/p.mustache", nul + 1,
				   size - tlen - 1, &d);
	const struct tmpl *t = tmpl_set_get(set, "t");
	if (rc == 0 && t) {
		struct arena a = ARENA_INIT;
		struct value *ctx = context(&a);
		struct buf out1 = BUF_INIT, out2 = BUF_INIT;
		int r1 = tmpl_render(set, t, ctx, &out1, &d);
		int r2 = tmpl_render(set, t, ctx, &out2, &d);
		if (r1 != r2 || out1.len != out2.len ||
		    (out1.len && memcmp(out1.ptr, out2.ptr, out1.len) != 0)) {
			fprintf(stderr, "rendering twice gave different results\n");
			abort();
		}
		/* raw markup from the context: only through {{{ }}}, {{& }} or a
		 * changed delimiter (then anything may be unescaped) */
		if (r1 == 0 && out1.len && memmem(out1.ptr, out1.len, "<script>", 8) &&
		    !memmem(src, size, "<script>", 8) && !memmem(src, size, "{{{", 3) &&
		    !memmem(src, size, "&", 1) && !memmem(src, size, "=", 1)) {
			fprintf(stderr, "escaped interpolation let <script> through\n");
			abort();
		}
		tmpl_set_strict(set, true);
		buf_reset(&out2);
		int errors = d.errors;
		int r3 = tmpl_render(set, t, ctx, &out2, &d);
		if (r1 == 0 && r3 == 0 && (out1.len != out2.len ||
					   (out1.len && memcmp(out1.ptr, out2.ptr, out1.len)))) {
			fprintf(stderr, "a strict render gave other bytes\n");
			abort();
		}
		if ((r1 != 0 && r3 == 0) || (r3 != 0 && d.errors == errors)) {
			fprintf(stderr, "a strict render took what the spec's refused, or "
					"failed without a message\n");
			abort();
		}
		buf_release(&out1);
		buf_release(&out2);
		arena_free(&a);
	}
	tmpl_set_free(set);
	buf_release(&log);
	return 0;
}
