/* cite_memo: inline shortcodes resolved once per thread (see cite.h). */
#include "cite/cite_memo.h"

#include "base/buf.h"
#include "base/numfmt.h"
#include "base/strmap.h"
#include "base/xalloc.h"
#include "markdown/markdown.h"
#include "model/ledger.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct memo_entry {
	char *html;
	size_t len;
	struct digest_value digest; /* markdown_cited_digest of the HTML */
	struct ledger_sink marks; /* the figures it showed */
};

struct cite_memo {
	struct strmap index; /* key -> entry + 1 */
	struct strmap by_text; /* text key -> entry + 1 */
	struct memo_entry *v;
	size_t n, cap;
	struct buf key;      /* the key being looked up */
	struct buf text_key; /* the text key being looked up */
	struct cite_memo_digest *digests; /* cite_memo_digests */
	size_t ndigests;
};

struct cite_memo *cite_memo_new(void)
{
	struct cite_memo *m = xcalloc(1, sizeof *m);
	m->index = (struct strmap)STRMAP_INIT;
	m->by_text = (struct strmap)STRMAP_INIT;
	buf_init(&m->key);
	buf_init(&m->text_key);
	return m;
}

void cite_memo_free(struct cite_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].html);
		ledger_sink_release(&m->v[i].marks);
	}
	free(m->v);
	strmap_free(&m->index);
	strmap_free(&m->by_text);
	buf_release(&m->key);
	buf_release(&m->text_key);
	free(m->digests);
	free(m);
}

/* The language, the depth and whether a block, each followed by a byte
 * no part holds, as both keys begin. */
static void key_begin(struct buf *k, const char *lang, int depth, bool block)
{
	char n[NUMFMT_UINT_MAX];
	buf_reset(k);
	buf_adds(k, lang);
	buf_addc(k, '\x1f');
	if (depth < 0)
		buf_addc(k, '-');
	buf_add(k, n, numfmt_uint(n, depth < 0 ? -(uint64_t)depth : (uint64_t)depth));
	buf_adds(k, block ? "\x1f" "1\x1f" : "\x1f" "0\x1f");
}

/* What a resolution depends on besides the site's inputs, which are one
 * build's: the language, the depth of the page (relative links), the
 * shortcode's name and arguments in their order, and whether it stands on
 * its own line. Each part is followed by a byte no part holds. */
const char *cite_memo_key(struct cite_memo *m, const char *lang, int depth,
			  const struct shortcode *sc)
{
	struct buf *k = &m->key;
	/* "<lang>\x1f<depth>\x1f<block>\x1f<name>" by parts: a printf per
	 * citation cost as much as the lookup */
	key_begin(k, lang, depth, sc->block);
	buf_adds(k, sc->name);
	for (size_t i = 0; i < sc->nargs; i++) {
		buf_addc(k, '\x1f');
		buf_adds(k, sc->args[i].key);
		buf_addc(k, '\x1e');
		buf_adds(k, sc->args[i].val);
	}
	return k->ptr;
}

/* The entry at `at` (an index's value, or NULL: none) into `out` and
 * `marks`. */
static const struct memo_entry *entry_give(const struct cite_memo *m, const size_t *at,
					   struct buf *out, struct ledger_sink *marks)
{
	if (!at)
		return NULL;
	const struct memo_entry *e = &m->v[*at - 1];
	buf_add(out, e->html, e->len);
	if (marks)
		ledger_sink_replay(marks, NULL, &e->marks);
	return e;
}

bool cite_memo_find(const struct cite_memo *m, const char *key, struct buf *out,
		    struct ledger_sink *marks)
{
	return entry_give(m, strmap_get(&m->index, key), out, marks) != NULL;
}

const char *cite_memo_text_key(struct cite_memo *m, const char *lang, int depth, bool block,
			       const char *text, size_t len)
{
	key_begin(&m->text_key, lang, depth, block);
	buf_add(&m->text_key, text, len);
	return m->text_key.ptr;
}

bool cite_memo_find_text(const struct cite_memo *m, const char *text_key, struct buf *out,
			 struct ledger_sink *marks, struct digest_value *digest)
{
	const struct memo_entry *e = entry_give(m, strmap_get(&m->by_text, text_key), out, marks);
	if (e)
		*digest = e->digest;
	return e != NULL;
}

void cite_memo_alias(struct cite_memo *m, const char *text_key, const char *key)
{
	const size_t *at = strmap_get(&m->index, key);
	if (!at)
		return;
	bool created;
	size_t *to = strmap_slot(&m->by_text, text_key, &created);
	*to = *at;
}

void cite_memo_keep(struct cite_memo *m, const char *key, const char *html, size_t len,
		    struct ledger_sink *marks)
{
	bool created;
	size_t *at = strmap_slot(&m->index, key, &created);
	if (!created) { /* kept already (never: a key is looked up first) */
		ledger_sink_release(marks);
		return;
	}
	ALLOC_GROW(m->v, m->n, m->cap);
	struct memo_entry *e = &m->v[m->n++];
	e->html = xmalloc(len + 1);
	memcpy(e->html, html, len);
	e->html[len] = '\0';
	e->len = len;
	e->digest = markdown_cited_digest(html, len);
	e->marks = *marks; /* taken */
	memset(marks, 0, sizeof *marks);
	*at = m->n;
}

struct cite_memo_digest *cite_memo_digests(struct cite_memo *m, size_t n)
{
	if (m->ndigests != n || !m->digests) {
		free(m->digests);
		m->digests = xcalloc(n + 1, sizeof *m->digests);
		m->ndigests = n;
	}
	return m->digests;
}
