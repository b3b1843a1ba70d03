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
	struct ledger_sink marks; /* the figures it showed */
};

struct cite_memo {
	struct strmap index; /* key -> entry + 1 */
	struct memo_entry *v;
	size_t n, cap;
	struct buf key;      /* the key being looked up */
	struct cite_memo_digest *digests; /* cite_memo_digests */
	size_t ndigests;
};

struct cite_memo *cite_memo_new(void)
{
	struct cite_memo *m = xcalloc(1, sizeof *m);
	m->index = (struct strmap)STRMAP_INIT;
	buf_init(&m->key);
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
	buf_release(&m->key);
	free(m->digests);
	free(m);
}

/* What a resolution depends on besides the site's inputs, which are one
 * build's: the language, the depth of the page (relative links), the
 * shortcode's name and arguments in their order, and whether it stands on
 * its own line. Each part is followed by a byte no part holds. */
const char *cite_memo_key(struct cite_memo *m, const char *lang, int depth,
			  const struct shortcode *sc)
{
	struct buf *k = &m->key;
	buf_reset(k);
	/* "<lang>\x1f<depth>\x1f<block>\x1f<name>" by parts: a printf per
	 * citation cost as much as the lookup */
	char n[NUMFMT_UINT_MAX];
	buf_adds(k, lang);
	buf_addc(k, '\x1f');
	if (depth < 0)
		buf_addc(k, '-');
	buf_add(k, n, numfmt_uint(n, depth < 0 ? -(uint64_t)depth : (uint64_t)depth));
	buf_adds(k, sc->block ? "\x1f" "1\x1f" : "\x1f" "0\x1f");
	buf_adds(k, sc->name);
	for (size_t i = 0; i < sc->nargs; i++) {
		buf_addc(k, '\x1f');
		buf_adds(k, sc->args[i].key);
		buf_addc(k, '\x1e');
		buf_adds(k, sc->args[i].val);
	}
	return k->ptr;
}

bool cite_memo_find(const struct cite_memo *m, const char *key, struct buf *out,
		    struct ledger_sink *marks)
{
	const size_t *at = strmap_get(&m->index, key);
	if (!at)
		return false;
	const struct memo_entry *e = &m->v[*at - 1];
	buf_add(out, e->html, e->len);
	if (marks)
		ledger_sink_replay(marks, &e->marks);
	return true;
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
