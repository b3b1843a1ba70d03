/* The sections kept between renders of mustache_memo.h. */
#include "template/mustache_memo.h"

#include "base/digest.h"
#include "base/xalloc.h"
#include "template/mustache_parse.h"
#include "template/value.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MEMO_VARIANTS 8
#define MEMO_KEYS 1024            /* slots; forgotten at 3/4 of them */
#define MEMO_BYTES (8u << 20)     /* of kept output */
#define MEMO_NOTHING 0xFFu        /* a name that found nothing */

/* What a name found: its type (a value_type, or MEMO_NOTHING) and what
 * tells two of that type apart. */
struct memo_val {
	unsigned type;
	size_t len;     /* a string's */
	char *bytes;    /* a string's (owned) */
	uint64_t a, b;  /* a number's bits, a boolean; a sealed value's digest */
};

struct memo_dep {
	const struct name_path *np;
	struct memo_val val;
};

struct memo_variant {
	struct memo_dep *deps;
	size_t ndeps;
	char *out; /* owned */
	size_t len;
};

struct memo_entry {
	const struct node *nd;
	struct digest_value key;
	size_t nvariants;
	struct memo_variant v[MEMO_VARIANTS];
};

struct tmpl_memo {
	struct memo_entry **slots; /* MEMO_KEYS; NULL: empty */
	size_t nkeys, bytes;
	size_t hits; /* sections appended as kept */
};

struct tmpl_memo *memo_new(void)
{
	struct tmpl_memo *m = xcalloc(1, sizeof *m);
	m->slots = xcalloc(MEMO_KEYS, sizeof *m->slots);
	return m;
}

static void deps_free(struct memo_dep *deps, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(deps[i].val.bytes);
	free(deps);
}

/* Forget every kept section. */
static void memo_clear(struct tmpl_memo *m)
{
	for (size_t i = 0; i < MEMO_KEYS; i++) {
		struct memo_entry *e = m->slots[i];
		if (!e)
			continue;
		for (size_t k = 0; k < e->nvariants; k++) {
			deps_free(e->v[k].deps, e->v[k].ndeps);
			free(e->v[k].out);
		}
		free(e);
		m->slots[i] = NULL;
	}
	m->nkeys = m->bytes = 0;
}

void memo_free(struct tmpl_memo *m)
{
	if (!m)
		return;
	memo_clear(m);
	free(m->slots);
	free(m);
}

size_t memo_hits(const struct tmpl_memo *m)
{
	return m ? m->hits : 0;
}

const struct digest_value *memo_key_of(const struct value *v)
{
	if (v->type == VALUE_LIST)
		return v->u.list.seal;
	return v->type == VALUE_MAP ? v->u.map.seal : NULL;
}

/* ---- what a name found ---- */

/* `v` as a memo_val (a string's bytes borrowed); false when it cannot be
 * compared (an unsealed list or map). */
static bool val_of(const struct value *v, struct memo_val *out)
{
	*out = (struct memo_val){ .type = v ? v->type : MEMO_NOTHING };
	if (!v)
		return true;
	const struct digest_value *seal;
	switch (v->type) {
	case VALUE_NULL:
		return true;
	case VALUE_BOOL:
		out->a = v->u.boolean;
		return true;
	case VALUE_NUMBER:
		memcpy(&out->a, &v->u.number, sizeof out->a);
		return true;
	case VALUE_STRING:
		out->bytes = (char *)v->u.str.ptr;
		out->len = v->u.str.len;
		return true;
	case VALUE_LIST:
	case VALUE_MAP:
		if (!(seal = memo_key_of(v)))
			return false;
		out->a = seal->hi;
		out->b = seal->lo;
		return true;
	}
	return false;
}

static bool val_same(const struct memo_val *kept, const struct value *v)
{
	struct memo_val now;
	return val_of(v, &now) && now.type == kept->type && now.a == kept->a &&
	       now.b == kept->b && now.len == kept->len &&
	       (!now.len || !memcmp(now.bytes, kept->bytes, now.len));
}

/* ---- the table ---- */

static size_t slot_of(const struct node *nd, const struct digest_value *key)
{
	uint64_t h = ((uint64_t)(uintptr_t)nd ^ key->lo) * 0x9E3779B97F4A7C15u;
	return (size_t)(h >> 32) & (MEMO_KEYS - 1);
}

/* The entry of (nd, key), or the empty slot where it goes. */
static struct memo_entry **entry_slot(struct tmpl_memo *m, const struct node *nd,
				      const struct digest_value *key)
{
	for (size_t i = slot_of(nd, key);; i = (i + 1) & (MEMO_KEYS - 1)) {
		struct memo_entry *e = m->slots[i];
		if (!e || (e->nd == nd && digest_equal(e->key, *key)))
			return &m->slots[i];
	}
}

enum memo_use memo_look(struct tmpl_memo *m, const struct node *nd,
			const struct digest_value *key, memo_lookup_fn lookup, void *ctx,
			const char **out, size_t *len)
{
	struct memo_entry **slot = entry_slot(m, nd, key), *e = *slot;
	if (!e) { /* seen for the first time: noted */
		if (m->nkeys + 1 > MEMO_KEYS * 3 / 4) {
			memo_clear(m);
			slot = entry_slot(m, nd, key);
		}
		e = *slot = xcalloc(1, sizeof *e);
		e->nd = nd;
		e->key = *key;
		m->nkeys++;
		return MEMO_RENDER;
	}
	for (size_t k = 0; k < e->nvariants; k++) {
		const struct memo_variant *var = &e->v[k];
		size_t i = 0;
		while (i < var->ndeps && val_same(&var->deps[i].val, lookup(ctx, var->deps[i].np)))
			i++;
		if (i == var->ndeps) {
			*out = var->out;
			*len = var->len;
			m->hits++;
			return MEMO_HIT;
		}
	}
	return e->nvariants < MEMO_VARIANTS ? MEMO_RECORD : MEMO_RENDER;
}

/* ---- recording ---- */

void memo_rec_dep(struct memo_rec *rec, const struct name_path *np, const struct value *v)
{
	if (rec->spoilt)
		return;
	for (size_t i = 0; i < rec->n; i++)
		if (rec->deps[i].np == np)
			return; /* the outside does not change while it renders */
	struct memo_val val;
	if (!val_of(v, &val)) {
		rec->spoilt = true;
		return;
	}
	if (val.len || val.bytes) {
		char *copy = xmalloc(val.len + 1);
		memcpy(copy, val.bytes, val.len);
		copy[val.len] = '\0';
		val.bytes = copy;
	}
	ALLOC_GROW(rec->deps, rec->n, rec->cap);
	rec->deps[rec->n++] = (struct memo_dep){ np, val };
}

void memo_rec_drop(struct memo_rec *rec)
{
	deps_free(rec->deps, rec->n);
	*rec = (struct memo_rec)MEMO_REC_INIT;
}

void memo_rec_keep(struct tmpl_memo *m, const struct node *nd, const struct digest_value *key,
		   struct memo_rec *rec, const char *out, size_t len)
{
	struct memo_entry *e = *entry_slot(m, nd, key);
	if (rec->spoilt || !e || e->nvariants == MEMO_VARIANTS || m->bytes + len > MEMO_BYTES) {
		memo_rec_drop(rec);
		return;
	}
	char *copy = xmalloc(len + 1);
	memcpy(copy, out, len);
	e->v[e->nvariants++] = (struct memo_variant){ rec->deps, rec->n, copy, len };
	m->bytes += len;
	*rec = (struct memo_rec)MEMO_REC_INIT;
}
