/* The index's files, and the index kept between builds by term shard
 * (search_write.h). */
#include "search/search_write.h"

#include "base/bytes.h"
#include "base/numfmt.h"
#include "search/search_index.h"
#include "search/search_text.h"

#include "base/buf.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the list of term shards kept ---- */

/* What a term adds to the size the shard count is worked out from
 * (about its bytes in a shard file). */
static uint64_t term_size(const struct term *t)
{
	return t->len + 6 + (uint64_t)t->npost * 7;
}

/* The term shard count of a family of terms of `size` (term_size summed). */
static size_t shards_for(uint64_t size)
{
	return (size_t)(size / SEARCH_TERM_SHARD_BYTES) + 1;
}

/* The term shards of an index whose numbers' terms have `numbers` bytes
 * (term_size summed) and the others `words`. */
static struct search_shards shards_of(uint64_t numbers, uint64_t words)
{
	size_t n = shards_for(numbers);
	return (struct search_shards){ n, n + shards_for(words) };
}

static bool shards_equal(struct search_shards a, struct search_shards b)
{
	return a.numbers == b.numbers && a.all == b.all;
}

/* The sizes summed by family: size[k] for each shard k of `sh`, capped
 * (a list read back is not trusted to be small). */
static struct search_shards shards_of_sizes(const struct search_shards *sh,
					    const uint64_t *size)
{
	uint64_t total[2] = { 0, 0 };
	for (size_t k = 0; k < sh->all; k++)
		total[k >= sh->numbers] += size[k] < UINT32_MAX ? size[k] : UINT32_MAX;
	return shards_of(total[0], total[1]);
}

/* The list: the shard counts (all, then the numbers'), then each shard's
 * size (8 bytes). */
static void kept_encode(const struct search_shards *sh, const uint64_t *size,
			struct buf *out)
{
	buf_add_u32(out, (uint32_t)sh->all);
	buf_add_u32(out, (uint32_t)sh->numbers);
	for (size_t k = 0; k < sh->all; k++)
		buf_add_u64(out, size[k]);
}

struct search_kept *search_kept_decode(const char *data, size_t len)
{
	struct buf_reader r = { (const unsigned char *)data, len, false };
	size_t n = buf_read_u32(&r), numbers = buf_read_u32(&r);
	if (r.bad || !numbers || numbers >= n || r.left != n * 8)
		return NULL;
	struct search_kept *k = xcalloc(1, sizeof *k);
	k->shards = (struct search_shards){ numbers, n };
	k->size = xmalloc(n * sizeof *k->size);
	k->dirty = xmalloc(n * sizeof *k->dirty);
	for (size_t i = 0; i < n; i++) {
		k->size[i] = buf_read_u64(&r);
		atomic_init(&k->dirty[i], false);
	}
	/* not a list an index gave */
	if (!shards_equal(shards_of_sizes(&k->shards, k->size), k->shards)) {
		search_kept_free(k);
		return NULL;
	}
	return k;
}

void search_kept_free(struct search_kept *k)
{
	if (!k)
		return;
	free(k->size);
	free((void *)k->dirty);
	free(k);
}

/* ---- writing ---- */

static void add_uint(struct buf *b, size_t v)
{
	char tmp[NUMFMT_UINT_MAX];
	buf_add(b, tmp, numfmt_uint(tmp, v));
}

/* Terms in byte order of their keys (pointers sorted: no context needed). */
static int by_key(const void *a, const void *b)
{
	const struct term *x = *(const struct term *const *)a;
	const struct term *y = *(const struct term *const *)b;
	return strcmp(x->key, y->key);
}

/* Sort p[from, n) into the sorted p[0, from) by insertion, as long as
 * the postings moved stay within `budget`: whether they did (else p is
 * left a permutation of itself, partly sorted). */
static bool insert_postings(posting *p, uint32_t from, uint32_t n, uint64_t budget)
{
	uint64_t moved = 0;
	for (uint32_t i = from; i < n; i++) {
		posting v = p[i];
		uint32_t j = i;
		for (; j > 0 && p[j - 1] > v; j--)
			p[j] = p[j - 1];
		p[j] = v;
		moved += i - j;
		if (moved > budget)
			return false;
	}
	return true;
}

/* Postings in doc order (a posting is doc << 4 | fields, and a doc is in
 * a term's list once, so the numbers' order is the docs'). Pages are
 * rendered in doc order (search_pages_plan) and put as the threads finish
 * them: most lists are sorted already, the others nearly, each posting a
 * few places from its own, and sorted by insertion; short ones always,
 * long ones while that moves no more than a few postings each, else by
 * their bytes (four passes), not by calls to a comparison. */
static void sort_postings(posting *p, uint32_t n, posting **tmp, uint32_t *cap)
{
	uint32_t i = 1;
	while (i < n && p[i - 1] <= p[i])
		i++;
	if (i >= n)
		return;
	if (insert_postings(p, i, n, n <= 64 ? UINT64_MAX : 8 * (uint64_t)n))
		return;
	if (n > *cap) {
		*tmp = xreallocarray(*tmp, n, sizeof **tmp);
		*cap = n;
	}
	/* a byte all the postings share (the high bytes, with fewer than a
	 * million docs) needs no pass */
	posting all_or = 0, all_and = ~(posting)0;
	for (uint32_t k = 0; k < n; k++) {
		all_or |= p[k];
		all_and &= p[k];
	}
	posting *from = p, *to = *tmp;
	for (unsigned shift = 0; shift < 32; shift += 8) {
		if (((all_or ^ all_and) >> shift & 0xff) == 0)
			continue;
		uint32_t count[257] = { 0 };
		for (uint32_t k = 0; k < n; k++)
			count[((from[k] >> shift) & 0xff) + 1]++;
		for (unsigned d = 1; d <= 256; d++)
			count[d] += count[d - 1];
		for (uint32_t k = 0; k < n; k++)
			to[count[(from[k] >> shift) & 0xff]++] = from[k];
		posting *t = from;
		from = to;
		to = t;
	}
	if (from != p) /* an odd number of passes */
		memcpy(p, from, n * sizeof *p);
}

/* The postings' digits (search.h): a digit's value is its place here;
 * 0-31 ("0" to "v") end a number, 32-63 ("w" to "_") come before its
 * last digit. */
static const char post_digits[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/* `v` in the postings' digits at `o`, most significant first; past them.
 * A step of under 16 in the body alone is one digit, and most steps are:
 * one or two digits without a loop. */
static char *put_posting_number(char *o, uint64_t v)
{
	if (v < 32) {
		*o++ = post_digits[v];
		return o;
	}
	if (v < 32 * 32) {
		*o++ = post_digits[32 + (v >> 5)];
		*o++ = post_digits[v & 31];
		return o;
	}
	char rev[14]; /* 64 bits take 13 digits */
	size_t k = 0;
	rev[k++] = post_digits[v & 31];
	for (v >>= 5; v; v >>= 5)
		rev[k++] = post_digits[32 + (v & 31)];
	while (k)
		*o++ = rev[--k];
	return o;
}

/* "key":"postings" (`key` being the term's bytes from `skip` on: a CJK
 * pair's second character inside its first one's object): each posting
 * as one number, twice the step from the doc before (the first: from 0),
 * plus one when it is not in the body alone (most are), then, for those,
 * its fields as one digit: "638" is doc 3 (body), 4 (title, fields 8).
 * Steps are small and repeat: a posting is mostly one byte, and the
 * shards take a third (the real site) to a half (bench's corpus) less
 * than as JSON arrays of numbers, a twentieth to an eighth less
 * compressed. Written in place: a posting takes at most 7 digits of
 * number and 1 of fields. */
static void add_term(struct buf *b, const struct term *t, size_t skip)
{
	text_escape_json(b, t->key + skip, t->len - skip);
	buf_grow(b, 4 + (size_t)t->npost * 8);
	char *o = b->ptr + b->len;
	*o++ = ':';
	*o++ = '"';
	uint32_t last = 0;
	for (size_t k = 0; k < t->npost; k++) {
		uint32_t doc = POST_DOC(t->post[k]);
		uint32_t f = POST_FIELDS(t->post[k]);
		bool fields = f != SEARCH_IN_BODY;
		o = put_posting_number(o, (uint64_t)(doc - last) << 1 | fields);
		last = doc;
		if (fields)
			*o++ = post_digits[f];
	}
	*o++ = '"';
	b->len = (size_t)(o - b->ptr);
	b->ptr[b->len] = '\0';
}

/* Whether term t is a CJK pair whose first character (its first `first`
 * bytes) is `group`'s. */
static bool pair_of(const struct term *t, const char *group, size_t first)
{
	return search_pair_first_len(t->key, t->len) == first &&
	       memcmp(t->key, group, first) == 0;
}

/* A shard's terms (in byte order) as one JSON object: a word's postings
 * under the word, and so a CJK pair's, but for pairs that share their
 * first character with a neighbour: theirs are under that character,
 * then their second ({"卡指":[...],"显":{"卡":[...],"存":[...]}}). A
 * Chinese shard's keys are mostly pairs, and each first character written
 * once takes a fifteenth off the real site's compressed Chinese shards; a
 * lone pair in an object of its own would cost more than it saves (at
 * N=10,000, with 300 shards, most are alone). A first character's key is
 * no other term's: words hold no CJK character, and a pair has two. */
static void add_terms(struct buf *b, const struct term *const *terms, size_t n)
{
	const char *group = NULL; /* the first character of the pairs open */
	size_t group_len = 0;
	buf_addc(b, '{');
	for (size_t i = 0; i < n; i++) {
		const struct term *t = terms[i];
		if (group && !pair_of(t, group, group_len)) {
			buf_addc(b, '}');
			group = NULL;
		}
		if (i)
			buf_addc(b, ',');
		size_t first = group ? group_len : search_pair_first_len(t->key, t->len);
		if (first && !group && i + 1 < n && pair_of(terms[i + 1], t->key, first)) {
			text_escape_json(b, t->key, first);
			buf_adds(b, ":{");
			group = t->key;
			group_len = first;
		}
		add_term(b, t, group ? first : 0);
	}
	if (group)
		buf_addc(b, '}');
	buf_adds(b, "}\n");
}

/* An index's terms by shard: shard k's at term[from[k]] to
 * term[from[k + 1]], in byte order when `sorted` (to be written), else in
 * the index's (to be merged into a shard's terms, which are sorted when
 * it is written). With `shards` NULL, all of them as one shard. */
struct shard_terms {
	const struct term **term;
	size_t *from;
};

static void shard_terms_make(struct shard_terms *sh, const struct search_index *ix,
			     const struct search_shards *shards, bool sorted)
{
	size_t nshards = shards ? shards->all : 1;
	const struct term **order = xmalloc((ix->nterms + 1) * sizeof *order);
	size_t *shard = xmalloc((ix->nterms + 1) * sizeof *shard);
	for (size_t i = 0; i < ix->nterms; i++)
		order[i] = &ix->terms[i];
	if (sorted)
		qsort(order, ix->nterms, sizeof *order, by_key);
	sh->from = xcalloc(nshards + 2, sizeof *sh->from);
	for (size_t i = 0; i < ix->nterms; i++) {
		shard[i] = shards ? search_term_shard(order[i]->key, order[i]->len, shards) : 0;
		sh->from[shard[i] + 2]++;
	}
	for (size_t k = 2; k <= nshards + 1; k++)
		sh->from[k] += sh->from[k - 1];
	sh->term = xmalloc((ix->nterms + 1) * sizeof *sh->term);
	for (size_t i = 0; i < ix->nterms; i++) /* in order within each shard */
		sh->term[sh->from[shard[i] + 1]++] = order[i];
	free((void *)order);
	free(shard);
}

static void shard_terms_release(struct shard_terms *sh)
{
	free((void *)sh->term);
	free(sh->from);
}

/* "t<k>.json" */
static void shard_name(struct buf *name, char kind, size_t k)
{
	buf_reset(name);
	buf_addc(name, kind);
	add_uint(name, k);
	buf_adds(name, ".json");
}

/* Term shard k (its `n` terms in byte order) written, and its record
 * kept; the size it adds to *size. */
static int write_term_shard(const struct term *const *terms, size_t n, size_t k,
			    const struct search_shards *shards, size_t ndocs,
			    const struct search_store *st, uint64_t *size)
{
	struct buf b = BUF_INIT, name = BUF_INIT;
	uint64_t bytes = 0; /* term_size: about the bytes a term takes here */
	for (size_t i = 0; i < n; i++)
		bytes += term_size(terms[i]);
	*size += bytes;
	buf_grow(&b, (size_t)bytes + 3);
	add_terms(&b, terms, n);
	shard_name(&name, 't', k);
	int rc = st->write(st->ctx, name.ptr, &b);
	if (rc == 0 && st->keep) {
		buf_reset(&b);
		search_index_encode_terms(ndocs, terms, n, &b);
		st->keep(st->ctx, name.ptr, shards, b.ptr, b.len);
	}
	buf_release(&b);
	buf_release(&name);
	return rc;
}

/* Every term shard of the index, its size into size[k]. */
static int write_term_shards(const struct search_index *ix,
			     const struct search_shards *shards, const struct search_store *st, uint64_t *size)
{
	struct shard_terms sh;
	shard_terms_make(&sh, ix, shards, true);
	int rc = 0;
	for (size_t k = 0; k < shards->all && rc == 0; k++)
		rc = write_term_shard(sh.term + sh.from[k], sh.from[k + 1] - sh.from[k], k,
				      shards, ix->ndocs, st, &size[k]);
	shard_terms_release(&sh);
	return rc;
}

/* The shards a build with `kept` makes again: the marked ones, from the
 * record of each (the kept docs' postings, those of the pages read again
 * changed by ix's changes) and the terms of `ix` (the pages rendered) in
 * them; and the ones whose file is no longer as published, from their
 * records as they are. fresh[k] is each (NULL: kept as published). 0, or
 * 1 when a record is lost or the count of shards would change (fresh[]
 * freed). */
static int shards_remake(const struct search_index *ix, const struct search_kept *kept,
			 const bool *from_old, const struct search_store *st,
			 struct search_index **fresh)
{
	const struct search_shards *shards = &kept->shards;
	size_t nshards = shards->all;
	struct shard_terms sh, ch = { 0 };
	shard_terms_make(&sh, ix, shards, false);
	if (ix->changes)
		shard_terms_make(&ch, ix->changes, shards, false);
	struct buf rec = BUF_INIT, name = BUF_INIT;
	uint64_t *size = xcalloc(nshards, sizeof *size);
	int rc = 0;
	for (size_t k = 0; k < nshards && rc == 0; k++) {
		bool dirty = atomic_load_explicit(&kept->dirty[k], memory_order_relaxed) ||
			     (ch.from && ch.from[k + 1] > ch.from[k]);
		shard_name(&name, 't', k);
		if (!dirty && st->intact && st->intact(st->ctx, name.ptr)) {
			size[k] = kept->size[k];
			continue;
		}
		buf_reset(&rec);
		struct search_index *old = NULL;
		if (!st->find || st->find(st->ctx, name.ptr, shards, &rec) != 0 ||
		    !(old = search_index_decode(rec.ptr, rec.len, ix->ndocs))) {
			rc = 1;
			break;
		}
		if (dirty) {
			size_t to = ch.from ? ch.from[k + 1] : 0;
			for (size_t i = ch.from ? ch.from[k] : 0; i < to; i++) {
				const struct term *c = ch.term[i];
				size_t at = search_index_term(old, c->key, c->len, c->head,
							      c->hash);
				search_postings_change(&old->terms[at], c->post, c->npost);
			}
			fresh[k] = search_index_new();
			search_index_take(fresh[k], old, from_old);
			search_index_free(old);
			for (size_t i = sh.from[k]; i < sh.from[k + 1]; i++)
				search_index_add_postings(fresh[k], sh.term[i]);
		} else {
			fresh[k] = old;
		}
		for (size_t i = 0; i < fresh[k]->nterms; i++)
			size[k] += term_size(&fresh[k]->terms[i]);
	}
	if (rc == 0 && !shards_equal(shards_of_sizes(shards, size), *shards))
		rc = 1;
	free(size);
	if (rc != 0)
		for (size_t k = 0; k < nshards; k++) {
			search_index_free(fresh[k]);
			fresh[k] = NULL;
		}
	shard_terms_release(&sh);
	if (ch.from)
		shard_terms_release(&ch);
	buf_release(&rec);
	buf_release(&name);
	return rc;
}

/* The term shards of a build with `kept`: each remade one written, the
 * others kept as published (their records carried). */
static int write_kept_shards(const struct search_kept *kept, struct search_index **fresh,
			     size_t ndocs,
			     const struct search_store *st, uint64_t *size)
{
	const struct search_shards *shards = &kept->shards;
	struct buf name = BUF_INIT;
	int rc = 0;
	for (size_t k = 0; k < shards->all && rc == 0; k++) {
		if (fresh[k]) {
			struct shard_terms sh; /* all of it in one shard: in byte order */
			shard_terms_make(&sh, fresh[k], NULL, true);
			size[k] = 0;
			rc = write_term_shard(sh.term, fresh[k]->nterms, k, shards, ndocs,
					      st, &size[k]);
			shard_terms_release(&sh);
			continue;
		}
		shard_name(&name, 't', k);
		size[k] = kept->size[k];
		rc = st->keep_file(st->ctx, name.ptr);
		if (rc == 1 && st->carry)
			st->carry(st->ctx, name.ptr, shards);
		rc = rc == 1 ? 0 : -1;
	}
	buf_release(&name);
	return rc;
}

/* A doc as it was escaped (struct idoc); one no page gave, empty. */
static void add_doc(struct buf *b, const struct idoc *d)
{
	if (d->json)
		buf_add(b, d->json, d->len);
	else
		buf_adds(b, "[\"\",\"\",\"\",\"\"]");
}

/* Doc shards, cut when one reaches SEARCH_DOC_SHARD_BYTES; the first doc
 * of each goes to `starts`. */
static int write_doc_shards(const struct search_index *ix, struct buf *starts,
			    search_write_fn fn, void *ctx)
{
	int rc = 0;
	size_t k = 0;
	struct buf b = BUF_INIT, name = BUF_INIT;
	for (size_t i = 0; i < ix->ndocs && rc == 0; k++) {
		if (k)
			buf_addc(starts, ',');
		add_uint(starts, i);
		buf_reset(&b);
		buf_addc(&b, '[');
		size_t first = i;
		for (; i < ix->ndocs && (i == first || b.len < SEARCH_DOC_SHARD_BYTES); i++) {
			if (i > first)
				buf_addc(&b, ',');
			add_doc(&b, &ix->docs[i]);
		}
		buf_adds(&b, "]\n");
		shard_name(&name, 'd', k);
		rc = fn(ctx, name.ptr, &b);
	}
	buf_release(&b);
	buf_release(&name);
	return rc;
}

/* index.json: the shard counts, the docs, where each doc shard starts, and
 * each doc's count of title tokens. */
static int write_doc_list(const struct search_index *ix, const struct search_shards *shards,
			  const struct buf *starts, const struct search_store *st)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "{\"v\":3,\"shards\":");
	add_uint(&b, shards->all);
	buf_adds(&b, ",\"number_shards\":");
	add_uint(&b, shards->numbers);
	buf_adds(&b, ",\"docs\":");
	add_uint(&b, ix->ndocs);
	buf_adds(&b, ",\"doc_shards\":[");
	buf_addbuf(&b, starts);
	buf_adds(&b, "],\"title_tokens\":[");
	for (size_t i = 0; i < ix->ndocs; i++) {
		if (i)
			buf_addc(&b, ',');
		add_uint(&b, ix->docs[i].title_tokens);
	}
	buf_adds(&b, "],\"held\":[");
	for (size_t i = 0; i < ix->ndocs; i++) {
		if (i)
			buf_addc(&b, ',');
		add_uint(&b, ix->docs[i].held);
	}
	buf_adds(&b, "]}\n");
	int rc = st->write(st->ctx, "index.json", &b);
	buf_release(&b);
	return rc;
}

/* The term shards when nothing is kept: from the index's size. */
static struct search_shards index_shards(const struct search_index *ix)
{
	uint64_t total[2] = { 0, 0 };
	for (size_t i = 0; i < ix->nterms; i++)
		total[!search_term_is_number(ix->terms[i].key)] += term_size(&ix->terms[i]);
	return shards_of(total[0], total[1]);
}

/* Postings in doc order, the index's and its changes': pages may have
 * been put in any order. */
static void sort_index_postings(struct search_index *ix)
{
	posting *tmp = NULL;
	uint32_t cap = 0;
	for (size_t i = 0; i < ix->nterms; i++)
		sort_postings(ix->terms[i].post, ix->terms[i].npost, &tmp, &cap);
	for (size_t i = 0; ix->changes && i < ix->changes->nterms; i++)
		sort_postings(ix->changes->terms[i].post, ix->changes->terms[i].npost, &tmp, &cap);
	free(tmp);
}

/* search_whole_begin with the shards `shards` (the index's own, or the
 * ones the last build kept). */
static void whole_begin(struct search_whole *w, struct search_index *ix,
			const struct search_store *st, struct search_shards shards)
{
	*w = (struct search_whole){ .ix = ix, .st = st, .shards = shards, .starts = BUF_INIT };
	w->size = xcalloc(w->shards.all + 1, sizeof *w->size);
}

void search_whole_begin(struct search_whole *w, struct search_index *ix,
			const struct search_store *st)
{
	whole_begin(w, ix, st, index_shards(ix));
}

int search_whole_terms(struct search_whole *w)
{
	sort_index_postings(w->ix);
	return write_term_shards(w->ix, &w->shards, w->st, w->size);
}

int search_whole_docs(struct search_whole *w, search_write_fn fn, void *ctx)
{
	return write_doc_shards(w->ix, &w->starts, fn, ctx);
}

int search_whole_end(struct search_whole *w, int rc, struct buf *list)
{
	if (rc == 0)
		rc = write_doc_list(w->ix, &w->shards, &w->starts, w->st);
	if (rc == 0 && list)
		kept_encode(&w->shards, w->size, list);
	buf_release(&w->starts);
	free(w->size);
	w->size = NULL;
	return rc;
}

/* The index written whole: the parts one after the other. */
static int publish_whole(struct search_index *ix, const struct search_store *st,
			 struct buf *list)
{
	struct search_whole w;
	search_whole_begin(&w, ix, st);
	int rc = search_whole_terms(&w);
	if (rc == 0)
		rc = search_whole_docs(&w, st->write, st->ctx);
	return search_whole_end(&w, rc, list);
}

int search_index_publish(struct search_index *ix, const struct search_kept *kept,
			 const bool *from_old, const struct search_store *st,
			 struct buf *list)
{
	if (!kept)
		return publish_whole(ix, st, list);
	sort_index_postings(ix);
	size_t nshards = kept->shards.all;
	struct search_index **fresh = xcalloc(nshards + 1, sizeof *fresh);
	if (shards_remake(ix, kept, from_old, st, fresh) != 0) {
		free(fresh);
		return 1;
	}
	/* the term shards from the kept ones; the docs and the list as the
	 * index written whole makes them */
	struct search_whole w;
	whole_begin(&w, ix, st, kept->shards);
	int rc = write_kept_shards(kept, fresh, ix->ndocs, st, w.size);
	for (size_t k = 0; k < nshards; k++)
		search_index_free(fresh[k]);
	free(fresh);
	if (rc == 0)
		rc = search_whole_docs(&w, st->write, st->ctx);
	return search_whole_end(&w, rc, list);
}

int search_index_write(struct search_index *ix, search_write_fn fn, void *ctx)
{
	struct search_store st = { .write = fn, .ctx = ctx };
	return search_index_publish(ix, NULL, NULL, &st, NULL);
}
