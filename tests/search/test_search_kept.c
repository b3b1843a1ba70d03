/* The search index kept between builds by term shard (gen/search/search.c,
 * search_index_publish with a search_kept): a build that renders a page
 * again makes only the term shards whose postings it changes, keeps the
 * others as published, and the site it leaves is the one a build of every
 * page writes; when the kept shards cannot say the index, it writes
 * nothing and says so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "search/search.h"
#include "search/search_again.h"
#include "search/search_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Pages enough for several term shards: each has 60 words of its own and
 * the words every page shares, with a price. */
#define NPAGES 300
#define MAX_FILES 256

/* Whether the pages write their price as a figure (<span class="fig">),
 * and the page rendered again is read from its last record. */
static bool in_figure;
/* With in_figure: the page read again is put by what it changed
 * (search_index_put_changes), its other postings taken from the shards. */
static bool by_changes;

/* Page i's HTML: its price `price` ("39"). */
static void page_html(size_t i, const char *price, struct buf *html)
{
	buf_reset(html);
	buf_addf(html, in_figure ? "<main><h2>Prices</h2><p>shared words, price "
				   "<span class=\"fig\">%s</span>"
				 : "<main><h2>Prices</h2><p>shared words, price %s",
		 price);
	for (size_t j = 0; j < 60; j++)
		buf_addf(html, " p%zuw%zux", i, j);
	buf_adds(html, "</p></main>");
}

static struct search_doc page_doc(size_t i, char *title, size_t size)
{
	snprintf(title, size, "Page %zu", i);
	return (struct search_doc){ .title = title, .path = "p/", .kind = "article" };
}

/* Page i read (its price `price`). */
static struct search_page *page_read(struct search_terms *st, size_t i, const char *price)
{
	char title[32];
	struct search_doc d = page_doc(i, title, sizeof title);
	struct buf html = BUF_INIT;
	page_html(i, price, &html);
	struct search_page *pg = search_page_from_html(st, &d, html.ptr, html.len);
	buf_release(&html);
	return pg;
}

/* ---- what one build wrote and kept: files and records by name ---- */

struct named {
	char name[48];
	struct buf b;
};

struct shelf {
	struct named files[MAX_FILES]; /* written */
	size_t nfiles;
	struct named kept[MAX_FILES];  /* kept as published (no bytes) */
	size_t nkept;
	struct named recs[MAX_FILES];  /* "<all>.<numbers>/<name>": a shard's record */
	size_t nrecs;
	const struct shelf *last;      /* the last build's */
	bool lose_records;             /* the last build's records cannot be read */
	const char *changed;           /* a published file changed by hand */
	size_t carried;
};

static struct named *named_find(struct named *set, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(set[i].name, name))
			return &set[i];
	return NULL;
}

static struct named *named_add(struct named *set, size_t *n, const char *name)
{
	assert_null(named_find(set, *n, name)); /* never twice */
	assert_true(*n < MAX_FILES);
	struct named *x = &set[(*n)++];
	snprintf(x->name, sizeof x->name, "%s", name);
	buf_init(&x->b);
	return x;
}

static void shelf_release(struct shelf *sh)
{
	for (size_t i = 0; i < sh->nfiles; i++)
		buf_release(&sh->files[i].b);
	for (size_t i = 0; i < sh->nrecs; i++)
		buf_release(&sh->recs[i].b);
	free(sh);
}

static void rec_name(char *out, size_t size, const char *name,
		     const struct search_shards *shards)
{
	snprintf(out, size, "%zu.%zu/%s", shards->all, shards->numbers, name);
}

static int shelf_write(void *ctx, const char *name, const struct buf *data)
{
	struct shelf *sh = ctx;
	assert_null(named_find(sh->kept, sh->nkept, name));
	buf_addbuf(&named_add(sh->files, &sh->nfiles, name)->b, data);
	return 0;
}

static bool shelf_intact(void *ctx, const char *name)
{
	struct shelf *sh = ctx;
	return !(sh->changed && !strcmp(name, sh->changed));
}

static int shelf_keep_file(void *ctx, const char *name)
{
	struct shelf *sh = ctx;
	assert_true(shelf_intact(ctx, name));
	named_add(sh->kept, &sh->nkept, name);
	return 1;
}

static int shelf_find(void *ctx, const char *name, const struct search_shards *shards,
		      struct buf *rec)
{
	struct shelf *sh = ctx;
	char key[64];
	rec_name(key, sizeof key, name, shards);
	struct named *r = sh->last && !sh->lose_records
				  ? named_find((struct named *)sh->last->recs, sh->last->nrecs, key)
				  : NULL;
	if (!r)
		return -1;
	buf_addbuf(rec, &r->b);
	return 0;
}

static void shelf_keep(void *ctx, const char *name, const struct search_shards *shards,
		       const char *rec, size_t len)
{
	struct shelf *sh = ctx;
	char key[64];
	rec_name(key, sizeof key, name, shards);
	buf_add(&named_add(sh->recs, &sh->nrecs, key)->b, rec, len);
}

static void shelf_carry(void *ctx, const char *name, const struct search_shards *shards)
{
	struct shelf *sh = ctx;
	struct buf rec = BUF_INIT;
	assert_int_equal(shelf_find(ctx, name, shards, &rec), 0);
	shelf_keep(ctx, name, shards, rec.ptr, rec.len);
	sh->carried++;
	buf_release(&rec);
}

static struct search_store shelf_store(struct shelf *sh)
{
	return (struct search_store){ shelf_write, shelf_intact, shelf_keep_file, shelf_find,
				      shelf_keep, shelf_carry, sh };
}

static struct shelf *shelf_new(const struct shelf *last)
{
	struct shelf *sh = calloc(1, sizeof *sh);
	assert_non_null(sh);
	sh->last = last;
	return sh;
}

/* A build of every page (page `edited` at price "41", the others "39"):
 * its files and records in a new shelf; each page's record in recs[]
 * (when not NULL). */
static struct shelf *build_whole_as(size_t edited, const char *price, struct buf *list,
				    struct buf *recs)
{
	struct search_index *ix = search_index_new();
	struct search_terms *st = search_terms_new();
	for (size_t i = 0; i < NPAGES; i++) {
		struct search_page *pg = page_read(st, i, i == edited ? price : "39");
		if (recs)
			search_page_encode(pg, &recs[i]);
		search_index_put(ix, i, pg);
	}
	struct shelf *sh = shelf_new(NULL);
	struct search_store store = shelf_store(sh);
	assert_int_equal(search_index_publish(ix, NULL, NULL, &store, list), 0);
	search_index_free(ix);
	search_terms_free(st);
	return sh;
}

static struct shelf *build_whole(size_t edited, struct buf *list, struct buf *recs)
{
	return build_whole_as(edited, "41", list, recs);
}

/* The next build with what `last` kept (its list `list`, each page's
 * record `recs`): page `edited` rendered again at price "41", the others
 * kept. Returns what search_index_publish returned; *out the new shelf. */
static int build_kept_as(const struct shelf *last, const struct buf *list,
			 const struct buf *recs, size_t edited, const char *price,
			 const char *was, size_t was_len, struct shelf **out,
			 void (*alter)(struct shelf *))
{
	struct search_kept *kept = search_kept_decode(list->ptr, list->len);
	assert_non_null(kept);
	struct search_index *ix = search_index_new();
	search_index_reserve(ix, NPAGES);
	bool from_old[NPAGES] = { false };
	for (size_t i = 0; i < NPAGES; i++) {
		if (i == edited)
			continue;
		assert_int_equal(search_index_put_doc(ix, i, recs[i].ptr, recs[i].len), 0);
		from_old[i] = true;
	}
	struct search_terms *st = search_terms_new();
	struct search_page *pg = page_read(st, edited, price);
	if (in_figure) { /* read from its record: the page the same */
		char title[32];
		struct search_doc d = page_doc(edited, title, sizeof title);
		struct buf old = BUF_INIT, html = BUF_INIT, whole = BUF_INIT, again = BUF_INIT;
		page_html(edited, "39", &old);
		page_html(edited, price, &html);
		search_page_encode(pg, &whole);
		search_page_free(pg);
		pg = search_page_from_last(st, &d, html.ptr, html.len, old.ptr, old.len, was,
					   was_len);
		assert_non_null(pg);
		search_page_encode(pg, &again);
		assert_true(search_records_same(again.ptr, again.len, whole.ptr, whole.len));
		buf_release(&old);
		buf_release(&html);
		buf_release(&whole);
		buf_release(&again);
	}
	/* with the page's own record, as a build has it: the terms both start
	 * with passed over by their bytes, the marks those read one by one
	 * would make (the list below is a whole build's) */
	struct buf now = BUF_INIT;
	search_page_encode(pg, &now);
	assert_int_equal(search_kept_note(kept, pg, was, was_len, now.ptr, now.len), 0);
	buf_release(&now);
	if (in_figure && by_changes) {
		from_old[edited] = true;
		search_index_put_changes(ix, edited, pg);
	} else {
		search_index_put(ix, edited, pg);
	}
	struct shelf *sh = shelf_new(last);
	if (alter)
		alter(sh);
	struct search_store store = shelf_store(sh);
	struct buf list2 = BUF_INIT;
	int rc = search_index_publish(ix, kept, from_old, &store, &list2);
	if (rc == 0) { /* the list says what a build of every page says */
		struct buf want = BUF_INIT;
		shelf_release(build_whole_as(edited, price, &want, NULL));
		assert_int_equal(list2.len, want.len);
		assert_memory_equal(list2.ptr, want.ptr, want.len);
		buf_release(&want);
	}
	buf_release(&list2);
	search_index_free(ix);
	search_terms_free(st);
	search_kept_free(kept);
	*out = sh;
	return rc;
}

static int build_kept(const struct shelf *last, const struct buf *list, const struct buf *recs,
		      size_t edited, const char *was, size_t was_len, struct shelf **out,
		      void (*alter)(struct shelf *))
{
	return build_kept_as(last, list, recs, edited, "41", was, was_len, out, alter);
}

/* The site after `next` (files written, the others kept from `last`) is
 * the one `whole` wrote, file for file. */
static void assert_same_site(const struct shelf *last, const struct shelf *next,
			     const struct shelf *whole)
{
	assert_int_equal(next->nfiles + next->nkept, whole->nfiles);
	for (size_t i = 0; i < whole->nfiles; i++) {
		const struct named *w = &whole->files[i];
		const struct named *f = named_find((struct named *)next->files, next->nfiles,
						   w->name);
		if (!f) {
			assert_non_null(named_find((struct named *)next->kept, next->nkept, w->name));
			f = named_find((struct named *)last->files, last->nfiles, w->name);
		}
		assert_non_null(f);
		assert_int_equal(f->b.len, w->b.len);
		assert_memory_equal(f->b.ptr, w->b.ptr, w->b.len);
	}
}

static size_t term_shards_in(const struct shelf *sh)
{
	size_t n = 0;
	for (size_t i = 0; i < sh->nfiles; i++)
		n += sh->files[i].name[0] == 't';
	return n;
}

struct two_builds {
	struct buf list, recs[NPAGES];
	struct shelf *first, *whole;
};

static int setup_figures(void **state);

static int setup(void **state)
{
	in_figure = false;
	return setup_figures(state);
}

/* The two builds (in_figure as set). */
static int setup_figures(void **state)
{
	struct two_builds *tb = calloc(1, sizeof *tb);
	buf_init(&tb->list);
	for (size_t i = 0; i < NPAGES; i++)
		buf_init(&tb->recs[i]);
	tb->first = build_whole(SIZE_MAX, &tb->list, tb->recs);
	tb->whole = build_whole(7, NULL, NULL);
	*state = tb;
	return 0;
}

static int teardown(void **state)
{
	struct two_builds *tb = *state;
	buf_release(&tb->list);
	for (size_t i = 0; i < NPAGES; i++)
		buf_release(&tb->recs[i]);
	shelf_release(tb->first);
	shelf_release(tb->whole);
	free(tb);
	return 0;
}

/* A price edited on one page: the shards of "39" and "41" are made again
 * (at most two of several, both of the numbers'), every other term shard
 * is kept as published with its record carried, and the site is the whole
 * build's. */
static void test_an_edit_makes_only_the_shards_it_changes(void **state)
{
	struct two_builds *tb = *state;
	size_t nshards = term_shards_in(tb->first);
	assert_true(nshards >= 4);
	const struct named *meta = named_find((struct named *)tb->first->files,
					      tb->first->nfiles, "index.json");
	assert_non_null(meta);
	const char *at = strstr(meta->b.ptr, "\"number_shards\":");
	assert_non_null(at);
	size_t numbers = (size_t)atoi(at + strlen("\"number_shards\":"));
	assert_true(numbers >= 1 && numbers < nshards);
	struct shelf *next;
	assert_int_equal(build_kept(tb->first, &tb->list, tb->recs, 7, tb->recs[7].ptr,
				    tb->recs[7].len, &next, NULL), 0);
	size_t made = term_shards_in(next);
	assert_true(made >= 1 && made <= 2);
	for (size_t i = 0; i < next->nfiles; i++)
		if (next->files[i].name[0] == 't')
			assert_true((size_t)atoi(next->files[i].name + 1) < numbers);
	assert_int_equal(next->carried, nshards - made);
	assert_int_equal(next->nrecs, nshards);
	assert_same_site(tb->first, next, tb->whole);
	shelf_release(next);
}

/* The same, the price a figure, the page read again from its record and
 * its figure's new text: the same shards made, the same site. */
static int setup_in_figure(void **state)
{
	in_figure = true;
	return setup_figures(state);
}

static void test_a_figure_edited_makes_only_the_shards_it_changes(void **state)
{
	test_an_edit_makes_only_the_shards_it_changes(state);
	in_figure = false;
}

/* The same, the page put by what it changed: its old price's posting
 * dropped from the shard of "39" (a term other pages keep), its new one
 * added in the shard of "41" (a term new to it), every other posting of
 * the doc taken from the last build's shards. */
static void test_a_figure_edited_put_by_its_changes(void **state)
{
	by_changes = true;
	test_an_edit_makes_only_the_shards_it_changes(state);
	by_changes = false;
	in_figure = false;
}

/* A page rendered again with the terms it had: no term shard is made. */
static void test_a_page_as_it_was_makes_no_shard(void **state)
{
	struct two_builds *tb = *state;
	struct search_kept *kept = search_kept_decode(tb->list.ptr, tb->list.len);
	struct search_terms *st = search_terms_new();
	struct search_page *pg = page_read(st, 7, "39");
	assert_int_equal(search_kept_note(kept, pg, tb->recs[7].ptr, tb->recs[7].len, NULL, 0), 0);
	struct buf now = BUF_INIT;
	search_page_encode(pg, &now);
	assert_int_equal(search_kept_note(kept, pg, tb->recs[7].ptr, tb->recs[7].len, now.ptr,
					  now.len), 0);
	/* a record that is no page's: the index must be made whole */
	assert_int_equal(search_kept_note(kept, pg, tb->recs[7].ptr, tb->recs[7].len - 1, NULL, 0),
			 -1);
	assert_int_equal(search_kept_note(kept, pg, tb->recs[7].ptr, tb->recs[7].len - 1, now.ptr,
					  now.len), -1);
	assert_int_equal(search_kept_note(kept, pg, "x", 1, now.ptr, now.len), -1);
	/* its own record cut anywhere (still counting every term), each cut in
	 * a block of its own size: no page's, and never read past (ASan) */
	for (size_t cut = 1; cut < now.len; cut++) {
		char *bad = malloc(now.len - cut);
		assert_non_null(bad);
		memcpy(bad, now.ptr, now.len - cut);
		assert_int_equal(search_kept_note(kept, pg, bad, now.len - cut, now.ptr, now.len),
				 -1);
		assert_int_equal(search_kept_note(kept, pg, bad, now.len - cut, NULL, 0), -1);
		free(bad);
	}
	buf_release(&now);
	search_page_free(pg);
	search_terms_free(st);
	search_kept_free(kept);
	/* so a build after one that had the page so keeps every term shard */
	struct buf list = BUF_INIT, recs[NPAGES];
	for (size_t i = 0; i < NPAGES; i++)
		buf_init(&recs[i]);
	struct shelf *last = build_whole(7, &list, recs), *next;
	assert_int_equal(build_kept(last, &list, recs, 7, recs[7].ptr, recs[7].len, &next,
				    NULL), 0);
	assert_int_equal(term_shards_in(next), 0);
	assert_int_equal(next->carried, term_shards_in(last));
	assert_same_site(last, next, tb->whole);
	for (size_t i = 0; i < NPAGES; i++)
		buf_release(&recs[i]);
	buf_release(&list);
	shelf_release(last);
	shelf_release(next);
}

static void lose_records(struct shelf *sh)
{
	sh->lose_records = true;
}

static void change_by_hand(struct shelf *sh)
{
	sh->changed = "t0.json";
}

/* The last build's records lost: nothing written, 1 (make it whole). */
static void test_lost_records_write_nothing(void **state)
{
	struct two_builds *tb = *state;
	struct shelf *next;
	assert_int_equal(build_kept(tb->first, &tb->list, tb->recs, 7, tb->recs[7].ptr,
				    tb->recs[7].len, &next, lose_records), 1);
	assert_int_equal(next->nfiles, 0);
	assert_int_equal(next->nkept, 0);
	assert_int_equal(next->nrecs, 0);
	shelf_release(next);
}

/* Pages rendered again with words put in, taken out, moved (into a
 * heading: other fields) and repeated, at random: the shards marked give
 * the site a build of every page gives, whatever the order of the terms. */
static void test_any_change_of_a_page_gives_the_whole_site(void **state)
{
	struct two_builds *tb = *state;
	srand(11);
	struct buf html = BUF_INIT;
	for (int round = 0; round < 16; round++) {
		buf_reset(&html);
		/* first, one word's fields alone: it goes into a heading too */
		buf_adds(&html, round ? "41" : "39</p><h3>shared</h3><p>");
		int n = round ? rand() % 80 : 0;
		for (int w = 0; w < n; w++) {
			int r = rand() % 10;
			if (r < 5)
				buf_addf(&html, " p7w%dx", rand() % 70);
			else if (r < 7)
				buf_addf(&html, " new%d", rand() % 20);
			else if (r < 8)
				buf_addf(&html, "</p><h3>p7w%dx</h3><p>", rand() % 60);
			else
				buf_adds(&html, rand() % 2 ? " shared" : " 39");
		}
		struct shelf *next;
		assert_int_equal(build_kept_as(tb->first, &tb->list, tb->recs, 7, html.ptr,
					       tb->recs[7].ptr, tb->recs[7].len, &next, NULL), 0);
		struct shelf *whole = build_whole_as(7, html.ptr, NULL, NULL);
		assert_same_site(tb->first, next, whole);
		shelf_release(whole);
		shelf_release(next);
	}
	buf_release(&html);
}

/* A page that grows the index past a shard's size: the count of shards
 * changes, so nothing is written, 1. */
static void test_a_new_shard_count_writes_nothing(void **state)
{
	struct two_builds *tb = *state;
	struct buf words = BUF_INIT;
	buf_adds(&words, "41");
	for (size_t j = 0; j < 6000; j++)
		buf_addf(&words, " grown%zuword", j);
	struct shelf *next;
	assert_int_equal(build_kept_as(tb->first, &tb->list, tb->recs, 7, words.ptr,
				       tb->recs[7].ptr, tb->recs[7].len, &next, NULL), 1);
	assert_int_equal(next->nfiles + next->nkept + next->nrecs, 0);
	buf_release(&words);
	shelf_release(next);
}

/* A term shard changed by hand since it was published is made again from
 * its record: the site is still the whole build's. */
static void test_a_shard_changed_by_hand_is_made_again(void **state)
{
	struct two_builds *tb = *state;
	struct shelf *next;
	assert_int_equal(build_kept(tb->first, &tb->list, tb->recs, 7, tb->recs[7].ptr,
				    tb->recs[7].len, &next, change_by_hand), 0);
	assert_non_null(named_find(next->files, next->nfiles, "t0.json"));
	assert_same_site(tb->first, next, tb->whole);
	shelf_release(next);
}

/* A list is read back exactly: cut short, one byte more, a count of no
 * shards or one its sizes do not give is no list. */
static void test_a_list_is_read_strictly(void **state)
{
	struct two_builds *tb = *state;
	const struct buf *l = &tb->list;
	for (size_t n = 0; n < l->len; n++)
		assert_null(search_kept_decode(l->ptr, n));
	struct buf bad = BUF_INIT;
	buf_addbuf(&bad, l);
	buf_addc(&bad, 0);
	assert_null(search_kept_decode(bad.ptr, bad.len));
	/* no shards; none of numbers, or all of them; three shards of
	 * nothing, of which one of numbers (an index gives two) */
	static const uint32_t counts[][2] = { { 0, 0 }, { 2, 0 }, { 2, 2 }, { 3, 1 } };
	for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		buf_reset(&bad);
		buf_add_u32(&bad, counts[c][0]);
		buf_add_u32(&bad, counts[c][1]);
		for (uint32_t i = 0; i < counts[c][0]; i++)
			buf_add_u64(&bad, 0);
		assert_null(search_kept_decode(bad.ptr, bad.len));
	}
	buf_reset(&bad); /* two shards of nothing, one of numbers: a list */
	buf_add_u32(&bad, 2);
	buf_add_u32(&bad, 1);
	buf_add_u64(&bad, 0);
	buf_add_u64(&bad, 0);
	struct search_kept *empty = search_kept_decode(bad.ptr, bad.len);
	assert_non_null(empty);
	search_kept_free(empty);
	buf_release(&bad);
	struct search_kept *k = search_kept_decode(l->ptr, l->len);
	assert_non_null(k);
	search_kept_free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_an_edit_makes_only_the_shards_it_changes,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_figure_edited_makes_only_the_shards_it_changes,
						setup_in_figure, teardown),
		cmocka_unit_test_setup_teardown(test_a_figure_edited_put_by_its_changes,
						setup_in_figure, teardown),
		cmocka_unit_test_setup_teardown(test_a_page_as_it_was_makes_no_shard, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_lost_records_write_nothing, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_any_change_of_a_page_gives_the_whole_site,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_new_shard_count_writes_nothing, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_shard_changed_by_hand_is_made_again,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_list_is_read_strictly, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
