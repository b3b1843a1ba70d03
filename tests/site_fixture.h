/* site_fixture: a struct site for unit tests of the modules that work on
 * one (feeds, health, ...), with the real UI strings (data/i18n.csv: the
 * program's own text, not the editors' figures) and a diag that prints to
 * stderr. The test fills in the data, pages and articles it needs.
 *
 *   struct site_fixture f;  site_fixture_init(&f);  ...  site_fixture_free(&f);
 *
 * The site's arena and the fixture's own are freed by site_fixture_free;
 * what the test points the site at is the test's.
 */
#ifndef GPUGUIDE_TESTS_SITE_FIXTURE_H
#define GPUGUIDE_TESTS_SITE_FIXTURE_H

#include "base/arena.h"
#include "base/csv.h"
#include "base/diag.h"
#include "model/i18n.h"
#include "view/site.h"

#include <string.h>

struct site_fixture {
	struct site s;
	struct table i18n_table;
	struct arena arena;
	struct diag diag;
};

static inline void site_fixture_init(struct site_fixture *f)
{
	memset(f, 0, sizeof *f);
	diag_init(&f->diag, stderr, NULL);
	assert_int_equal(csv_table_load(&f->i18n_table, &f->arena, "data/i18n.csv",
					"data/i18n.csv", &f->diag), 0);
	f->s.diag = &f->diag;
	assert_int_equal(i18n_load(&f->s.in.i18n, &f->i18n_table, &f->diag), 0);
}

static inline void site_fixture_free(struct site_fixture *f)
{
	i18n_free(&f->s.in.i18n);
	arena_free(&f->s.arena);
	arena_free(&f->arena);
}

#endif
