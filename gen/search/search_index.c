/* The index's terms and postings (search_index.h): the table of terms
 * grown, terms and postings as a record, postings merged and changed. */
#include "search/search_index.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The table of the index's terms: slots holding a term's index + 1 (0:
 * empty), a power of two of them, at most half full. Twice the slots (256
 * at first), each of the n entries (`stride` bytes apart, its uint32_t
 * hash at `hash_at`) placed again by its hash. */
void search_slots_grow(uint32_t **slots, size_t *nslots, const void *entries,
		       size_t stride, size_t hash_at, size_t n)
{
	size_t cap = *nslots ? *nslots * 2 : 256;
	uint32_t *s = xcalloc(cap, sizeof *s);
	for (size_t i = 0; i < n; i++) {
		uint32_t h;
		memcpy(&h, (const char *)entries + i * stride + hash_at, sizeof h);
		size_t k = h & (cap - 1);
		while (s[k])
			k = (k + 1) & (cap - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(*slots);
	*slots = s;
	*nslots = cap;
}

/* ---- the index as a record ---- */

/* The record: the doc count, the term count, each term's key, posting
 * count and postings (in doc order: each the step from the last doc,
 * shifted, with the fields, in 7-bit groups, low first: a byte or two
 * where four would hold the number; the index at 10,000 pages is 9 MB of
 * postings). The docs' strings are not in it: a kept page's own record has
 * them (search_index_put_doc). */
void search_varint_add(unsigned char **o, uint32_t v)
{
	while (v >= 0x80) {
		*(*o)++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*(*o)++ = (unsigned char)v;
}

void search_index_encode_terms(size_t ndocs, const struct term *const *terms, size_t n,
			       struct buf *out)
{
	size_t need = 8;
	for (size_t i = 0; i < n; i++)
		need += 8 + terms[i]->len + (size_t)terms[i]->npost * 5;
	buf_grow(out, need);
	buf_add_u32(out, (uint32_t)ndocs);
	buf_add_u32(out, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		const struct term *t = terms[i];
		buf_add_counted(out, t->key, t->len);
		buf_add_u32(out, t->npost);
		unsigned char *o = (unsigned char *)out->ptr + out->len;
		uint32_t last = 0;
		for (uint32_t k = 0; k < t->npost; k++) {
			uint32_t doc = POST_DOC(t->post[k]);
			search_varint_add(&o, (doc - last) << 4 | POST_FIELDS(t->post[k]));
			last = doc;
		}
		out->len = (size_t)((char *)o - out->ptr);
	}
	out->ptr[out->len] = '\0';
}

bool search_varint_read_long(struct buf_reader *r, uint32_t *v)
{
	uint32_t x = 0;
	for (unsigned shift = 0; shift < 35; shift += 7) {
		if (!r->left)
			return false;
		unsigned char c = *r->p++;
		r->left--;
		x |= (uint32_t)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return shift < 28 || c < 16 ? (*v = x, true) : false;
	}
	return false;
}

void search_postings_merge(struct term *t, const posting *b, uint32_t nb)
{
	posting *a = t->post;
	uint32_t na = t->npost;
	for (uint32_t i = 1; i < na; i++) /* insertion: a few, nearly sorted */
		for (uint32_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
			posting v = a[j];
			a[j] = a[j - 1];
			a[j - 1] = v;
		}
	posting *m = xreallocarray(NULL, (size_t)na + nb, sizeof *m);
	uint32_t i = 0, j = 0, k = 0;
	while (i < na && j < nb)
		m[k++] = a[i] < b[j] ? a[i++] : b[j++];
	while (i < na)
		m[k++] = a[i++];
	while (j < nb)
		m[k++] = b[j++];
	free(a);
	t->post = m;
	t->npost = t->cap = k;
}

void search_postings_change(struct term *t, const posting *c, uint32_t nc)
{
	posting *a = t->post, *m = xreallocarray(NULL, (size_t)t->npost + nc + 1, sizeof *m);
	uint32_t na = t->npost, i = 0, j = 0, k = 0;
	while (j < nc) {
		if (i < na && POST_DOC(a[i]) < POST_DOC(c[j])) {
			m[k++] = a[i++];
			continue;
		}
		if (i < na && POST_DOC(a[i]) == POST_DOC(c[j]))
			i++; /* the doc's posting, changed */
		if (POST_FIELDS(c[j]))
			m[k++] = c[j];
		j++;
	}
	while (i < na)
		m[k++] = a[i++];
	free(a);
	t->post = m;
	t->npost = k;
	t->cap = na + nc + 1;
}

void search_index_add_postings(struct search_index *ix, const struct term *from)
{
	size_t at = search_index_term(ix, from->key, from->len, from->head, from->hash);
	struct term *t = &ix->terms[at]; /* after: the terms may move as it is made */
	if (t->npost) {
		search_postings_merge(t, from->post, from->npost);
		return;
	}
	free(t->post);
	t->post = xreallocarray(NULL, from->npost, sizeof *t->post);
	memcpy(t->post, from->post, from->npost * sizeof *t->post);
	t->npost = t->cap = from->npost;
}
