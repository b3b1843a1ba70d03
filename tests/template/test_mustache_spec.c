/* The official Mustache spec (the JSON files in tests/fixtures/mustache-spec/), every case a
 * cmocka test: data becomes a `struct value` tree, partials a tmpl_set. Each
 * case is rendered twice to check that a parsed template renders the same
 * way every time. Prints per-file counts and a last line
 * "mustache spec: N passed, M failed"; exits non-zero if any case fails or
 * no case was found. Nothing is skipped. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "template/mustache.h"
#include "template/value.h"

/* a copy of the spec (MIT, version in VERSION) kept with the tests, so a
 * clone alone runs them */
#define SPEC_DIR "tests/fixtures/mustache-spec"

struct spec_case {
	const char *file;
	const char *name;
	json_t *test; /* borrowed from the file's document */
};

static struct value *value_from_json(struct arena *a, json_t *j)
{
	switch (json_typeof(j)) {
	case JSON_OBJECT: {
		struct value *m = value_new_map(a);
		const char *key;
		json_t *val;
		json_object_foreach(j, key, val)
			value_map_set(a, m, arena_strdup(a, key),
				      value_from_json(a, val));
		return m;
	}
	case JSON_ARRAY: {
		struct value *l = value_new_list(a);
		size_t i;
		json_t *val;
		json_array_foreach(j, i, val)
			value_list_push(a, l, value_from_json(a, val));
		return l;
	}
	case JSON_STRING:
		return value_new_stringn(a, json_string_value(j),
					 json_string_length(j));
	case JSON_INTEGER:
		return value_new_number(a, (double)json_integer_value(j));
	case JSON_REAL:
		return value_new_number(a, json_real_value(j));
	case JSON_TRUE:
		return value_new_bool(a, true);
	case JSON_FALSE:
		return value_new_bool(a, false);
	case JSON_NULL:
		break;
	}
	return value_null();
}

static void test_spec_case(void **state)
{
	const struct spec_case *c = *state;
	json_t *tmpl_j = json_object_get(c->test, "template");
	json_t *want_j = json_object_get(c->test, "expected");
	json_t *partials = json_object_get(c->test, "partials");
	assert_non_null(tmpl_j);
	assert_non_null(want_j);

	struct arena a = ARENA_INIT;
	struct value *ctx = value_from_json(&a, json_object_get(c->test, "data"));
	struct buf log = BUF_INIT, out = BUF_INIT, again = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct tmpl_set *set = tmpl_set_new();
	const char *key;
	json_t *val;
	json_object_foreach(partials, key, val)
		tmpl_set_add(set, key, key, json_string_value(val),
			     json_string_length(val), &d);
	int rc = tmpl_set_add(set, "(template)", "(template)",
			      json_string_value(tmpl_j),
			      json_string_length(tmpl_j), &d);
	const struct tmpl *t = tmpl_set_get(set, "(template)");
	if (rc == 0 && t) {
		rc |= tmpl_render(set, t, ctx, &out, &d);
		rc |= tmpl_render(set, t, ctx, &again, &d);
	}
	const char *want = json_string_value(want_j);
	int ok = rc == 0 && d.errors == 0 && buf_equals(&out, want) &&
		 buf_equals(&again, want);
	if (!ok)
		print_error("%s / %s\n  template: %s\n  expected: [%s]\n  got:      [%s]\n  second:   [%s]\n  diag: %s\n",
			    c->file, c->name, json_string_value(tmpl_j), want,
			    out.ptr, again.ptr, log.ptr);
	tmpl_set_free(set);
	arena_free(&a);
	buf_release(&log);
	buf_release(&out);
	buf_release(&again);
	if (!ok)
		fail_msg("spec case \"%s\" failed", c->name);
}

static int compare_strings(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The spec files, sorted; caller frees each and the array. */
static char **list_spec_files(size_t *n)
{
	char **names = NULL;
	size_t cap = 0;
	*n = 0;
	DIR *dir = opendir(SPEC_DIR);
	if (!dir)
		return NULL;
	struct dirent *de;
	while ((de = readdir(dir))) {
		size_t len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".json") != 0)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			names = realloc(names, cap * sizeof *names);
			if (!names)
				abort();
		}
		names[(*n)++] = strdup(de->d_name);
	}
	closedir(dir);
	if (*n)
		qsort(names, *n, sizeof *names, compare_strings);
	return names;
}

/* Run every case of one file as a cmocka group; adds to the counts.
 * Returns -1 when the file cannot be read. */
static int run_spec_file(const char *file, int *passed, int *failed)
{
	char path[512];
	json_error_t err;
	snprintf(path, sizeof path, "%s/%s", SPEC_DIR, file);
	json_t *doc = json_load_file(path, 0, &err);
	json_t *tests = doc ? json_object_get(doc, "tests") : NULL;
	if (!json_is_array(tests)) {
		fprintf(stderr, "%s:%d: cannot read spec file: %s\n", path,
			err.line, doc ? "no \"tests\" array" : err.text);
		json_decref(doc);
		return -1;
	}
	size_t n = json_array_size(tests);
	struct spec_case *cases = calloc(n ? n : 1, sizeof *cases);
	struct CMUnitTest *units = calloc(n ? n : 1, sizeof *units);
	char **names = calloc(n ? n : 1, sizeof *names);
	if (!cases || !units || !names)
		abort();
	for (size_t i = 0; i < n; i++) {
		json_t *t = json_array_get(tests, i);
		const char *name = json_string_value(json_object_get(t, "name"));
		struct buf full = BUF_INIT;
		buf_addf(&full, "%s: %s", file, name ? name : "(unnamed)");
		names[i] = buf_detach(&full, NULL);
		cases[i].file = file;
		cases[i].name = name ? name : "(unnamed)";
		cases[i].test = t;
		units[i].name = names[i];
		units[i].test_func = test_spec_case;
		units[i].initial_state = &cases[i];
	}
	struct buf group = BUF_INIT;
	buf_addf(&group, "mustache spec %s", file);
	int fails = _cmocka_run_group_tests(group.ptr, units, n, NULL, NULL);
	printf("mustache spec %s: %d passed, %d failed\n", file,
	       (int)n - fails, fails);
	fflush(stdout); /* cmocka writes to stderr: keep the order */
	*passed += (int)n - fails;
	*failed += fails;
	buf_release(&group);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(units);
	free(cases);
	json_decref(doc);
	return 0;
}

int main(void)
{
	size_t nfiles;
	char **files = list_spec_files(&nfiles);
	int passed = 0, failed = 0, bad_files = 0;
	for (size_t i = 0; i < nfiles; i++) {
		if (run_spec_file(files[i], &passed, &failed) < 0)
			bad_files++;
		free(files[i]);
	}
	free(files);
	if (nfiles == 0)
		fprintf(stderr, "no spec files found in %s\n", SPEC_DIR);
	printf("mustache spec: %d passed, %d failed\n", passed, failed);
	return failed || bad_files || passed == 0 ? 1 : 0;
}
