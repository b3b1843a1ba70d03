/* mustache_memo: what a template's sections over sealed values rendered
 * to, kept from one render to the next by one thread (struct tmpl_memo,
 * which the program holds: mustache.h), so that a section listing the same
 * data with the same names outside it, page after page (a site's footer),
 * is rendered once. Shared by the engine's modules only.
 *
 * A section is kept when its content is self-contained (no partial, parent
 * or block below it: struct node's `self_contained`), its value is a list
 * or a map sealed with its digest (value_seal: the digest says all of its
 * content, its maps' parents too) and no indentation is in force. What it
 * renders is then made from the template node, that value and what its
 * names find outside it, nothing else. Each such name (the name node, as
 * written) is kept with what it found: a string's bytes, a number, a
 * boolean, null, nothing, or a sealed list's or map's digest; a name
 * finding an unsealed list or map outside leaves the section unkept. A
 * later render of the node over a value of the same digest, whose outside
 * names find the same again, appends the kept bytes.
 *
 * A pair of node and digest is kept the second time it is seen (most
 * lists are rendered once), in up to MEMO_VARIANTS variants (what the
 * outside names find differs: a relative link per page depth). The memo
 * forgets all it holds when it reaches MEMO_KEYS pairs or MEMO_BYTES of
 * output. Whatever it holds, every render's output is the same.
 *
 * Memory: the memo owns its copies (of output, strings, digests); it
 * keeps pointers to template nodes, which must outlive it (the template
 * set does: the memo is freed first).
 */
#ifndef GPUGUIDE_MUSTACHE_MEMO_H
#define GPUGUIDE_MUSTACHE_MEMO_H

#include <stdbool.h>
#include <stddef.h>

struct name_path;
struct node;
struct tmpl_memo;
struct value;
struct digest_value;

/* mustache.h's tmpl_memo_new, tmpl_memo_free and tmpl_memo_hits. */
struct tmpl_memo *memo_new(void);
void memo_free(struct tmpl_memo *m);
size_t memo_hits(const struct tmpl_memo *m);

/* The digest a section's value is sealed with when the memo may key it
 * (a sealed list or map), or NULL. */
const struct digest_value *memo_key_of(const struct value *v);

/* What a name finds, for memo_look to ask again (the render's lookup). */
typedef const struct value *(*memo_lookup_fn)(void *ctx, const struct name_path *np);

enum memo_use {
	MEMO_HIT,    /* *out, *len: the kept output */
	MEMO_RECORD, /* render it, recording (memo_rec_*) */
	MEMO_RENDER, /* render it, keeping nothing */
};

/* What to do with section `nd` over the value sealed as `key`. */
enum memo_use memo_look(struct tmpl_memo *m, const struct node *nd,
			const struct digest_value *key, memo_lookup_fn lookup, void *ctx,
			const char **out, size_t *len);

/* A section being recorded: the names it looked up outside it. */
struct memo_rec {
	struct memo_dep *deps;
	size_t n, cap;
	bool spoilt; /* a name found what cannot be compared: not kept */
};

#define MEMO_REC_INIT { NULL, 0, 0, false }

/* The name `np` found `v` (NULL: nothing) outside the section. */
void memo_rec_dep(struct memo_rec *rec, const struct name_path *np, const struct value *v);
/* The section rendered `len` bytes at `out`: kept (unless spoilt), and
 * `rec` emptied either way. */
void memo_rec_keep(struct tmpl_memo *m, const struct node *nd, const struct digest_value *key,
		   struct memo_rec *rec, const char *out, size_t len);
/* Empty `rec` without keeping anything (the render failed). */
void memo_rec_drop(struct memo_rec *rec);

#endif
