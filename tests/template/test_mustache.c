/* Unit tests of the template engine beyond the spec: error messages and
 * their positions, the nesting limit, escaping, loading a folder, and
 * rendering one parsed template many times. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "template/mustache.h"
#include "template/value.h"

/* Parse `src` as "page" (path templates/page.mustache) into a fresh set;
 * the messages go to `log`. Returns tmpl_set_add's result. */
static int parse_page(struct tmpl_set *set, const char *src, struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	return tmpl_set_add(set, "page", "templates/page.mustache", src,
			    strlen(src), &d);
}

static void assert_parse_errors(const char *src, const char *messages)
{
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT;
	assert_int_equal(parse_page(set, src, &log), -1);
	assert_string_equal(log.ptr, messages);
	assert_null(tmpl_set_get(set, "page"));
	buf_release(&log);
	tmpl_set_free(set);
}

/* Render `name` of `set` with `ctx`; the output goes to `out`, messages to
 * `log`. */
static int render_name(struct tmpl_set *set, const char *name,
		       const struct value *ctx, struct buf *out,
		       struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	const struct tmpl *t = tmpl_set_get(set, name);
	assert_non_null(t);
	return tmpl_render(set, t, ctx, out, &d);
}

static void add_template(struct tmpl_set *set, const char *name,
			 const char *src)
{
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	int rc = tmpl_set_add(set, name, name, src, strlen(src), &d);
	assert_string_equal(log.ptr, "");
	assert_int_equal(rc, 0);
	buf_release(&log);
}

static void test_unclosed_section_is_reported_at_its_open_tag(void **state)
{
	(void)state;
	assert_parse_errors("<ul>\n\n  {{#items}}<li>{{name}}</li>\n</ul>\n",
			    "templates/page.mustache:3:3: error: unclosed section \"items\"\n");
}

static void test_mismatched_close_tag_names_the_expected_one(void **state)
{
	(void)state;
	/* {{/b}} closes nothing open, so "a" is also left unclosed */
	assert_parse_errors("{{#a}}\n x {{/b}}\n",
			    "templates/page.mustache:2:4: error: mismatched close tag \"b\", expected \"a\"\n"
			    "templates/page.mustache:1:1: error: unclosed section \"a\"\n");
}

static void test_mismatched_close_tag_of_outer_section_closes_it(void **state)
{
	(void)state;
	assert_parse_errors("{{#a}}{{^b}}x{{/a}}",
			    "templates/page.mustache:1:14: error: mismatched close tag \"a\", expected \"b\"\n");
}

static void test_close_tag_without_open_section_is_reported(void **state)
{
	(void)state;
	assert_parse_errors("x\n{{/items}}\n",
			    "templates/page.mustache:2:1: error: close tag \"items\" without an open section\n");
}

static void test_unterminated_tag_is_reported(void **state)
{
	(void)state;
	assert_parse_errors("<p>Hello {{name</p>\n",
			    "templates/page.mustache:1:10: error: unterminated tag: no \"}}\" after \"{{\"\n");
	assert_parse_errors("{{{html}}\n",
			    "templates/page.mustache:1:1: error: unterminated tag: no \"}}}\" after \"{{{\"\n");
}

static void test_bad_set_delimiter_tag_is_reported(void **state)
{
	(void)state;
	assert_parse_errors("a\n  {{=<% =}}\n",
			    "templates/page.mustache:2:3: error: bad set-delimiter tag \"{{=<% =}}\": expected two delimiters without spaces or '=', like {{=<% %>=}}\n");
}

static void test_columns_count_characters_not_bytes(void **state)
{
	(void)state;
	/* "价格" is six bytes, two characters */
	assert_parse_errors("价格 {{#x}}",
			    "templates/page.mustache:1:4: error: unclosed section \"x\"\n");
}

static void test_every_error_of_a_file_is_reported(void **state)
{
	(void)state;
	assert_parse_errors("{{}}\n{{a b}}\n{{#list}}\n{{/lsit}}\n{{#open}}\n",
			    "templates/page.mustache:1:1: error: empty tag name\n"
			    "templates/page.mustache:2:1: error: bad tag name \"a b\"\n"
			    "templates/page.mustache:4:1: error: mismatched close tag \"lsit\", expected \"list\"\n"
			    "templates/page.mustache:3:1: error: unclosed section \"list\"\n"
			    "templates/page.mustache:5:1: error: unclosed section \"open\"\n");
}

static void test_unclosed_parent_and_block_name_their_kind(void **state)
{
	(void)state;
	assert_parse_errors("{{<layouts/base}}\n{{$title}}T\n",
			    "templates/page.mustache:1:1: error: unclosed parent tag \"layouts/base\"\n"
			    "templates/page.mustache:2:1: error: unclosed block \"title\"\n");
}

static void test_failed_parse_keeps_the_earlier_template(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	assert_int_equal(parse_page(set, "old", &log), 0);
	assert_int_equal(parse_page(set, "{{#broken}}", &log), -1);
	assert_int_equal(render_name(set, "page", NULL, &out, &log), 0);
	assert_string_equal(out.ptr, "old");
	assert_int_equal(parse_page(set, "new", &log), 0);
	buf_reset(&out);
	assert_int_equal(render_name(set, "page", NULL, &out, &log), 0);
	assert_string_equal(out.ptr, "new");
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_recursive_partial_stops_at_max_depth(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	add_template(set, "page", "start {{>node}}");
	add_template(set, "node", "x\n  {{>node}}\n");
	assert_int_equal(render_name(set, "page", NULL, &out, &log), -1);
	char want[200];
	snprintf(want, sizeof want,
		 "node:2:3: error: partial \"node\" nested more than %d deep (does it include itself?)\n",
		 MUSTACHE_MAX_DEPTH);
	assert_string_equal(log.ptr, want);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_recursive_parent_stops_at_max_depth(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	add_template(set, "loop", "{{<loop}}{{$a}}x{{/a}}{{/loop}}");
	assert_int_equal(render_name(set, "loop", NULL, &out, &log), -1);
	assert_non_null(strstr(log.ptr, "loop:1:1: error: parent \"loop\" nested more than"));
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_block_overriding_itself_stops_at_max_depth(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	add_template(set, "base", "[{{$a}}{{/a}}]");
	add_template(set, "page", "{{<base}}{{$a}}({{$a}}{{/a}}){{/a}}{{/base}}");
	assert_int_equal(render_name(set, "page", NULL, &out, &log), -1);
	assert_non_null(strstr(log.ptr, "error: block \"a\" nested more than"));
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_nesting_up_to_max_depth_is_allowed(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT, want = BUF_INIT;
	struct arena a = ARENA_INIT;
	/* maps nested MUSTACHE_MAX_DEPTH - 1 deep, rendered by a recursive
	 * partial: MUSTACHE_MAX_DEPTH partials inside each other, the most
	 * allowed */
	struct value *root = value_new_map(&a), *m = root;
	for (int i = 0; i < MUSTACHE_MAX_DEPTH - 1; i++) {
		struct value *kid = value_new_map(&a);
		value_map_set(&a, m, "kid", kid);
		m = kid;
		buf_addc(&want, '.');
	}
	value_map_set_bool(&a, m, "kid", false); /* else found further down */
	add_template(set, "page", "{{>node}}");
	add_template(set, "node", "{{#kid}}.{{>node}}{{/kid}}");
	assert_int_equal(render_name(set, "page", root, &out, &log), 0);
	assert_string_equal(out.ptr, want.ptr);
	assert_string_equal(log.ptr, "");
	arena_free(&a);
	buf_release(&want);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_missing_partial_renders_nothing(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	add_template(set, "page", "[{{>nowhere}}]\n  {{>nowhere}}\n[{{<gone}}{{$a}}x{{/a}}{{/gone}}]");
	assert_int_equal(render_name(set, "page", NULL, &out, &log), 0);
	assert_string_equal(out.ptr, "[]\n[]");
	assert_string_equal(log.ptr, "");
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_escape_html_replaces_the_five_specials(void **state)
{
	(void)state;
	struct buf out = BUF_INIT;
	const char *s = "<a href=\"x\" title='Tom & Jerry'>价格</a>";
	mustache_escape_html(&out, s, strlen(s));
	assert_string_equal(out.ptr,
			    "&lt;a href=&quot;x&quot; title=&#39;Tom &amp; Jerry&#39;&gt;价格&lt;/a&gt;");
	buf_release(&out);
}

static void test_escaped_value_matches_escape_html_for_every_byte(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT, want = BUF_INIT;
	struct arena a = ARENA_INIT;
	char bytes[2 * 256];
	for (int i = 0; i < 2 * 256; i++) /* a NUL inside, after 255 bytes */
		bytes[i] = (char)(i + 1);
	struct value *ctx = value_new_map(&a);
	value_map_set(&a, ctx, "v", value_new_stringn(&a, bytes, sizeof bytes));
	add_template(set, "page", "[{{v}}]");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	buf_addc(&want, '[');
	mustache_escape_html(&want, bytes, sizeof bytes);
	buf_addc(&want, ']');
	assert_int_equal(out.len, want.len);
	assert_memory_equal(out.ptr, want.ptr, want.len);
	arena_free(&a);
	buf_release(&out);
	buf_release(&want);
	buf_release(&log);
	tmpl_set_free(set);
}

/* A string is looked at for characters to escape once, the first time it
 * is written: the next renders of the same value give the same bytes, a
 * plain one copied, one with specials (or a NUL byte inside) escaped. */
static void test_a_value_written_again_is_escaped_as_the_first_time(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	struct value *plain = value_new_string(&a, "RTX 4090 价格"),
		     *special = value_new_string(&a, "<b>R&D</b>"),
		     *nul = value_new_stringn(&a, "a\0<", 3);
	value_map_set(&a, ctx, "p", plain);
	value_map_set(&a, ctx, "s", special);
	value_map_set(&a, ctx, "n", nul);
	assert_int_equal(plain->u.str.html, VALUE_HTML_UNKNOWN);
	add_template(set, "page", "[{{p}}|{{s}}|{{n}}]");
	static const char want[] = "[RTX 4090 价格|&lt;b&gt;R&amp;D&lt;/b&gt;|a\0&lt;]";
	for (int i = 0; i < 3; i++) {
		buf_reset(&out);
		assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
		assert_int_equal(out.len, sizeof want - 1);
		assert_memory_equal(out.ptr, want, sizeof want);
		assert_int_equal(plain->u.str.html, VALUE_HTML_PLAIN);
		assert_int_equal(special->u.str.html, VALUE_HTML_ESCAPED);
		assert_int_equal(nul->u.str.html, VALUE_HTML_ESCAPED);
	}
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_double_mustache_escapes_and_triple_does_not(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_str(&a, ctx, "x", "<b>'R&D'</b>");
	add_template(set, "page", "{{x}}|{{{x}}}|{{&x}}");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr,
			    "&lt;b&gt;&#39;R&amp;D&#39;&lt;/b&gt;|<b>'R&D'</b>|<b>'R&D'</b>");
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_numbers_render_shortest_and_zero_is_truthy(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_num(&a, ctx, "zero", 0);
	value_map_set_num(&a, ctx, "price", 1.21);
	value_map_set(&a, ctx, "missing", value_null());
	add_template(set, "page",
		     "{{#zero}}{{zero}} is a figure{{/zero}}, {{price}}{{^missing}}, no value{{/missing}}");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "0 is a figure, 1.21, no value");
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_nested_standalone_partials_add_their_indentation(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_str(&a, ctx, "v", "1\n2");
	add_template(set, "page", "<body>\n  {{>outer}}\n</body>\n");
	add_template(set, "outer", "<div>\n  {{>inner}}\n</div>\n");
	add_template(set, "inner", "<p>{{v}}</p>\n{{#v}}\n<i>\n{{/v}}\n");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	/* the value's own newline is not indented: only template lines are */
	assert_string_equal(out.ptr,
			    "<body>\n  <div>\n    <p>1\n2</p>\n    <i>\n  </div>\n</body>\n");
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_partial_lines_are_indented_only_where_the_tag_is(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_str(&a, ctx, "v", "V");
	/* one partial, written whole where nothing indents it, line by line
	 * where its tag is indented */
	add_template(set, "page", "{{>p}}\n  {{>p}}\n<{{>p}}>\n");
	add_template(set, "p", "a\nb {{v}}\nc\n\nd");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "a\nb V\nc\n\nd"
				     "  a\n  b V\n  c\n  \n  d"
				     "<a\nb V\nc\n\nd>\n");
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_layout_blocks_fill_a_page(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_str(&a, ctx, "name", "H100");
	add_template(set, "layouts/base",
		     "<html>\n<head><title>{{$title}}gpuguide{{/title}}</title></head>\n"
		     "<body>\n  <main>\n    {{$content}}\n    {{/content}}\n  </main>\n</body>\n</html>\n");
	add_template(set, "page",
		     "{{<layouts/base}}\n"
		     "{{$title}}{{name}} | gpuguide{{/title}}\n"
		     "{{$content}}\n<h1>{{name}}</h1>\n<p>x</p>\n{{/content}}\n"
		     "{{/layouts/base}}\n");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr,
			    "<html>\n<head><title>H100 | gpuguide</title></head>\n"
			    "<body>\n  <main>\n    <h1>H100</h1>\n    <p>x</p>\n  </main>\n</body>\n</html>\n");
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_block_lines_lose_the_indentation_they_are_written_with(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	add_template(set, "layout", "<main>\n{{$content}}{{/content}}\n</main>\n");
	add_template(set, "page",
		     "{{<layout}}\n{{$content}}\n  <h1>x</h1>\n  <p>y</p>\n\n  <p>z</p>\n{{/content}}\n{{/layout}}\n");
	assert_int_equal(render_name(set, "page", NULL, &out, &log), 0);
	assert_string_equal(out.ptr,
			    "<main>\n<h1>x</h1>\n<p>y</p>\n\n<p>z</p>\n</main>\n");
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_dynamic_parent_name_comes_from_the_context(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_str(&a, ctx, "layout", "wide");
	add_template(set, "wide", "<wide>{{$body}}{{/body}}</wide>");
	add_template(set, "page", "{{<*layout}}{{$body}}B{{/body}}{{/*layout}}");
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "<wide>B</wide>");
	arena_free(&a);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_template_renders_identically_many_times(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, first = BUF_INIT, out = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	struct value *gpus = value_new_list(&a);
	for (int i = 0; i < 20; i++) {
		struct value *g = value_new_map(&a);
		value_map_set(&a, g, "name", value_new_string(&a, i % 2 ? "A100" : "H100 <SXM>"));
		value_map_set_num(&a, g, "price", 1.5 + i);
		value_list_push(&a, gpus, g);
	}
	value_map_set(&a, ctx, "gpus", gpus);
	add_template(set, "row", "<tr><td>{{name}}</td><td>{{price}}</td></tr>\n");
	add_template(set, "page",
		     "<table>\n{{#gpus}}\n  {{>row}}\n{{/gpus}}\n{{^gpus}}none{{/gpus}}\n</table>\n");
	assert_int_equal(render_name(set, "page", ctx, &first, &log), 0);
	assert_non_null(strstr(first.ptr, "  <tr><td>H100 &lt;SXM&gt;</td><td>1.5</td></tr>\n"));
	for (int i = 0; i < 2000; i++) {
		buf_reset(&out);
		assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
		assert_string_equal(out.ptr, first.ptr);
	}
	assert_string_equal(log.ptr, "");
	arena_free(&a);
	buf_release(&first);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

/* ---- tmpl_set_load_dir ---- */

static void write_file(const char *dir, const char *rel, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void remove_path(const char *dir, const char *rel)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	assert_int_equal(remove(path), 0);
}

static void make_dir(const char *dir, const char *rel)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	assert_int_equal(mkdir(path, 0700), 0);
}

static void test_load_dir_reads_every_mustache_file_below(void **state)
{
	(void)state;
	char dir[] = "/tmp/gpuguide-mustache-XXXXXX";
	assert_non_null(mkdtemp(dir));
	make_dir(dir, "layouts");
	make_dir(dir, "partials");
	make_dir(dir, "partials/cards");
	write_file(dir, "page.mustache", "{{<layouts/base}}{{$main}}{{>partials/cards/gpu}}{{/main}}{{/layouts/base}}");
	write_file(dir, "layouts/base.mustache", "<main>{{$main}}{{/main}}</main>");
	write_file(dir, "partials/cards/gpu.mustache", "card");
	write_file(dir, "partials/notes.txt", "not a template");
	write_file(dir, "broken.mustache", "ok\n{{#a}}\n");
	char gone[512];
	snprintf(gone, sizeof gone, "%s/gone.mustache", dir);
	assert_int_equal(symlink("/nonexistent/gpuguide/none", gone), 0);
	char loop[512];
	snprintf(loop, sizeof loop, "%s/layouts/loop", dir);
	assert_int_equal(symlink("..", loop), 0); /* must not be followed */

	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT, out = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	char slashed[512];
	snprintf(slashed, sizeof slashed, "%s/", dir);
	assert_int_equal(tmpl_set_load_dir(set, slashed, "templates/", &d), -1);
	assert_string_equal(log.ptr,
			    "templates/broken.mustache:2:1: error: unclosed section \"a\"\n"
			    "templates/gone.mustache: error: cannot read: No such file or directory\n");
	assert_int_equal(d.errors, 2);
	assert_non_null(tmpl_set_get(set, "layouts/base"));
	assert_non_null(tmpl_set_get(set, "partials/cards/gpu"));
	assert_null(tmpl_set_get(set, "partials/notes"));
	assert_null(tmpl_set_get(set, "broken"));
	assert_null(tmpl_set_get(set, "page.mustache"));
	assert_int_equal(render_name(set, "page", NULL, &out, &log), 0);
	assert_string_equal(out.ptr, "<main>card</main>");

	remove_path(dir, "layouts/loop");
	remove_path(dir, "gone.mustache");
	remove_path(dir, "broken.mustache");
	remove_path(dir, "partials/notes.txt");
	remove_path(dir, "partials/cards/gpu.mustache");
	remove_path(dir, "layouts/base.mustache");
	remove_path(dir, "page.mustache");
	remove_path(dir, "partials/cards");
	remove_path(dir, "partials");
	remove_path(dir, "layouts");
	assert_int_equal(rmdir(dir), 0);
	buf_release(&out);
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_load_dir_reports_a_missing_folder(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	assert_int_equal(tmpl_set_load_dir(set, "/nonexistent/gpuguide", "templates", &d), -1);
	assert_string_equal(log.ptr,
			    "templates: error: cannot open folder: No such file or directory\n");
	buf_release(&log);
	tmpl_set_free(set);
}


/* 60,000 nested sections: an error at the 101st open tag, no deep
 * recursion (the tree, its checks and rendering recurse over it). */
static void test_sections_nested_too_deep_are_an_error(void **state)
{
	(void)state;
	struct buf src = BUF_INIT;
	for (int i = 0; i < 60000; i++)
		buf_adds(&src, "{{#a}}");
	buf_adds(&src, "x");
	for (int i = 0; i < 60000; i++)
		buf_adds(&src, "{{/a}}");
	assert_parse_errors(src.ptr, "templates/page.mustache:1:601: error: "
				     "sections nested more than 100 deep\n");
	buf_release(&src);
}

static void test_sections_nested_up_to_the_limit_render(void **state)
{
	(void)state;
	struct buf src = BUF_INIT, out = BUF_INIT, log = BUF_INIT;
	for (int i = 0; i < MUSTACHE_MAX_NESTING; i++)
		buf_adds(&src, "{{#a}}");
	buf_adds(&src, "x");
	for (int i = 0; i < MUSTACHE_MAX_NESTING; i++)
		buf_adds(&src, "{{/a}}");
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", src.ptr);
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_bool(&a, ctx, "a", true);
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "x");
	arena_free(&a);
	tmpl_set_free(set);
	buf_release(&src);
	buf_release(&out);
	buf_release(&log);
}

static void test_unknown_references_are_reported_at_their_tags(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	const char *base = "<{{$body}}{{/body}}>";
	const char *page = "{{<layouts/bsae}}{{$body}}\n  {{>partials/nope}}{{/body}}{{/layouts/bsae}}";
	assert_int_equal(tmpl_set_add(set, "layouts/base", "templates/layouts/base.mustache",
				      base, strlen(base), &d), 0);
	assert_int_equal(tmpl_set_add(set, "pages/gpu", "templates/pages/gpu.mustache",
				      page, strlen(page), &d), 0);
	const char *dyn = "{{>*name}}";
	assert_int_equal(tmpl_set_add(set, "pages/dyn", "templates/pages/dyn.mustache",
				      dyn, strlen(dyn), &d), 0);
	assert_int_equal(tmpl_set_check_refs(set, &d), 2);
	assert_string_equal(log.ptr,
		"templates/pages/gpu.mustache:1:1: error: unknown parent \"layouts/bsae\" "
		"(there is no templates/layouts/bsae.mustache); did you mean \"layouts/base\"?\n"
		"templates/pages/gpu.mustache:2:3: error: unknown partial \"partials/nope\" "
		"(there is no templates/partials/nope.mustache)\n");
	buf_release(&log);
	tmpl_set_free(set);
}

static void test_strict_set_reports_an_unknown_dynamic_name(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", "a{{>*name}}b\n{{>*none}}");
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a);
	value_map_set_str(&a, ctx, "name", "partials/gone");
	struct buf out = BUF_INIT, log = BUF_INIT;
	/* the spec: the empty string */
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "ab\n");
	tmpl_set_strict(set, true);
	buf_reset(&out);
	assert_int_equal(render_name(set, "page", ctx, &out, &log), -1);
	assert_string_equal(log.ptr, "page:1:2: error: unknown partial \"partials/gone\" "
				     "(the value of \"*name\")\n");
	buf_reset(&log);
	value_map_set_str(&a, ctx, "name", "page");
	value_map_set_str(&a, ctx, "none", "");
	struct tmpl_set *one = tmpl_set_new();
	add_template(one, "page", "{{>*none}}");
	tmpl_set_strict(one, true);
	assert_int_equal(render_name(one, "page", ctx, &out, &log), -1);
	assert_string_equal(log.ptr, "page:1:1: error: dynamic partial \"*none\" names "
				     "no template (the value is empty)\n");
	tmpl_set_free(one);
	arena_free(&a);
	tmpl_set_free(set);
	buf_release(&out);
	buf_release(&log);
}

/* A name naming nothing: the empty string or false (the spec), or in a
 * strict set an error at the tag, a variable's or a section's, its whole
 * dotted name said; a value there as null or false, and a name found
 * below a section, are no error. */
static void test_strict_set_reports_a_name_naming_nothing(void **state)
{
	(void)state;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", "<a href=\"{{rot}}x\">{{#gpu}}{{name}}{{/gpu}}{{^flag}}-{{/flag}}"
				  "{{none}}</a>\n{{gpu.nmae}}{{{raw}}}{{#has_tgas}}tags{{/has_tgas}}");
	struct arena a = ARENA_INIT;
	struct value *ctx = value_new_map(&a), *gpu = value_new_map(&a);
	value_map_set_str(&a, gpu, "name", "H100");
	value_map_set(&a, ctx, "gpu", gpu);
	value_map_set(&a, ctx, "none", value_null());
	struct buf out = BUF_INIT, log = BUF_INIT;
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "<a href=\"x\">H100-</a>\n");
	tmpl_set_strict(set, true);
	/* each name in turn: an error at its tag until the page has it */
	static const struct {
		const char *name, *error;
	} missing[] = {
		{ "rot", "page:1:10: error: unknown name \"rot\": the page has no such value\n" },
		{ "flag", "page:1:44: error: unknown name \"flag\": the page has no such value\n" },
		{ "nmae", "page:2:1: error: unknown name \"gpu.nmae\": the page has no such value\n" },
		{ "raw", "page:2:13: error: unknown name \"raw\": the page has no such value\n" },
		{ "has_tgas", "page:2:22: error: unknown name \"has_tgas\": the page has no such value\n" },
	};
	for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
		buf_reset(&out);
		buf_reset(&log);
		assert_int_equal(render_name(set, "page", ctx, &out, &log), -1);
		assert_string_equal(log.ptr, missing[i].error);
		if (!strcmp(missing[i].name, "nmae"))
			value_map_set_str(&a, gpu, "nmae", "");
		else if (!strcmp(missing[i].name, "raw"))
			value_map_set_str(&a, ctx, "raw", "<b>");
		else
			value_map_set(&a, ctx, missing[i].name, !strcmp(missing[i].name, "rot")
				      ? value_new_string(&a, "") : value_new_bool(&a, false));
	}
	buf_reset(&out);
	buf_reset(&log);
	assert_int_equal(render_name(set, "page", ctx, &out, &log), 0);
	assert_string_equal(out.ptr, "<a href=\"x\">H100-</a>\n<b>");
	assert_int_equal(log.len, 0);
	arena_free(&a);
	tmpl_set_free(set);
	buf_release(&out);
	buf_release(&log);
}

/* A map finds every key it was given, through its parents too, and no
 * other: small maps scanned, big ones indexed, each skipping the keys its
 * filter of hashes tells it lacks. */
static void test_a_map_finds_its_keys_and_no_other(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	char name[32];
	for (size_t size = 1; size <= 40; size += 13) {
		struct value *parent = value_new_map(&a), *m = value_new_map(&a);
		value_map_set_parent(m, parent);
		for (size_t i = 0; i < size; i++) {
			snprintf(name, sizeof name, "k%zu", i);
			value_map_set_str(&a, m, arena_strdup(&a, name), name);
			snprintf(name, sizeof name, "p%zu", i);
			value_map_set_str(&a, parent, arena_strdup(&a, name), name);
		}
		for (size_t i = 0; i < 200; i++) {
			snprintf(name, sizeof name, "k%zu", i);
			const struct value *v = value_map_get(m, name);
			assert_int_equal(v != NULL, i < size);
			if (v)
				assert_string_equal(value_string(v), name);
			snprintf(name, sizeof name, "p%zu", i);
			v = value_map_get(m, name);
			assert_int_equal(v != NULL, i < size);
			if (v)
				assert_string_equal(value_string(v), name);
		}
	}
	arena_free(&a);
}

/* Keys of every length up to 40 that differ from another in one byte,
 * at any place, or that are its prefix: each is found as itself, in a map
 * small enough to be scanned and in one with an index. */
static void test_keys_one_byte_or_one_length_apart_are_different_keys(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	char base[41], key[42];
	for (size_t n = 0; n <= 40; n++) {
		for (size_t fill = 1; fill <= 30; fill += 29) {
			struct value *m = value_new_map(&a);
			memset(base, 'k', n);
			base[n] = '\0';
			for (size_t f = 0; f < fill; f++) { /* others, before: an index */
				snprintf(key, sizeof key, "other%zu", f);
				value_map_set_str(&a, m, arena_strdup(&a, key), "other");
			}
			value_map_set_str(&a, m, arena_strdup(&a, base), "base");
			for (size_t i = 0; i < n; i++) {
				memcpy(key, base, n + 1);
				key[i] = 'j';
				value_map_set_str(&a, m, arena_strdup(&a, key), key);
			}
			assert_string_equal(value_string(value_map_get(m, base)), "base");
			for (size_t i = 0; i < n; i++) {
				memcpy(key, base, n + 1);
				key[i] = 'j';
				assert_string_equal(value_string(value_map_get(m, key)), key);
				key[i] = 'i';
				assert_null(value_map_get(m, key));
				assert_null(value_map_get(m, base + i + 1)); /* shorter */
			}
			memset(key, 'k', n + 1);
			key[n + 1] = '\0';
			assert_null(value_map_get(m, key)); /* one byte longer */
		}
	}
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unclosed_section_is_reported_at_its_open_tag),
		cmocka_unit_test(test_a_map_finds_its_keys_and_no_other),
		cmocka_unit_test(test_keys_one_byte_or_one_length_apart_are_different_keys),
		cmocka_unit_test(test_mismatched_close_tag_names_the_expected_one),
		cmocka_unit_test(test_mismatched_close_tag_of_outer_section_closes_it),
		cmocka_unit_test(test_close_tag_without_open_section_is_reported),
		cmocka_unit_test(test_unterminated_tag_is_reported),
		cmocka_unit_test(test_bad_set_delimiter_tag_is_reported),
		cmocka_unit_test(test_columns_count_characters_not_bytes),
		cmocka_unit_test(test_every_error_of_a_file_is_reported),
		cmocka_unit_test(test_unclosed_parent_and_block_name_their_kind),
		cmocka_unit_test(test_failed_parse_keeps_the_earlier_template),
		cmocka_unit_test(test_recursive_partial_stops_at_max_depth),
		cmocka_unit_test(test_recursive_parent_stops_at_max_depth),
		cmocka_unit_test(test_block_overriding_itself_stops_at_max_depth),
		cmocka_unit_test(test_nesting_up_to_max_depth_is_allowed),
		cmocka_unit_test(test_missing_partial_renders_nothing),
		cmocka_unit_test(test_escape_html_replaces_the_five_specials),
		cmocka_unit_test(test_escaped_value_matches_escape_html_for_every_byte),
		cmocka_unit_test(test_a_value_written_again_is_escaped_as_the_first_time),
		cmocka_unit_test(test_double_mustache_escapes_and_triple_does_not),
		cmocka_unit_test(test_numbers_render_shortest_and_zero_is_truthy),
		cmocka_unit_test(test_nested_standalone_partials_add_their_indentation),
		cmocka_unit_test(test_partial_lines_are_indented_only_where_the_tag_is),
		cmocka_unit_test(test_layout_blocks_fill_a_page),
		cmocka_unit_test(test_block_lines_lose_the_indentation_they_are_written_with),
		cmocka_unit_test(test_dynamic_parent_name_comes_from_the_context),
		cmocka_unit_test(test_template_renders_identically_many_times),
		cmocka_unit_test(test_load_dir_reads_every_mustache_file_below),
		cmocka_unit_test(test_load_dir_reports_a_missing_folder),
		cmocka_unit_test(test_sections_nested_too_deep_are_an_error),
		cmocka_unit_test(test_sections_nested_up_to_the_limit_render),
		cmocka_unit_test(test_unknown_references_are_reported_at_their_tags),
		cmocka_unit_test(test_strict_set_reports_an_unknown_dynamic_name),
		cmocka_unit_test(test_strict_set_reports_a_name_naming_nothing),
	};
	return cmocka_run_group_tests_name("mustache", tests, NULL, NULL);
}
