/* mustache_render: a parsed template (mustache_parse.h) rendered against a
 * context: the stack of values that names are looked up in, `ctx` at its
 * bottom, each section's value pushed on top while it renders. Shared by
 * the engine's modules only: the program renders through tmpl_render
 * (mustache.h).
 *
 * {{name}} is escaped for HTML; a partial is indented as its standalone tag
 * was; a parent renders its template with its blocks in place of the ones
 * of the same name (the outermost wins). This module knows no template set:
 * the one a partial or parent names is found by the caller's `get`.
 *
 * Memory: nothing is kept after the call but what the caller's memo
 * keeps; the output is appended to `out`, the caller's.
 */
#ifndef GPUGUIDE_MUSTACHE_RENDER_H
#define GPUGUIDE_MUSTACHE_RENDER_H

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct diag;
struct tmpl;
struct tmpl_memo;
struct tmpl_set;
struct value;

/* Where a render finds the templates its tags name, and its rules. */
struct mustache_render_env {
	/* the template called `name` in `set`, or NULL */
	const struct tmpl *(*get)(const struct tmpl_set *set, const char *name);
	const struct tmpl_set *set;
	bool strict;   /* a tag naming no template or no value is an error, not "" */
	int max_depth; /* partials, parents and blocks inside each other */
};

/* A value a render watches (`v`): how many tags resolved a name to it
 * (any tag: a section, an inverted one, {{name}}, a memo's check of what
 * a kept section read), how many of them were {{{name}}}, and where in
 * the output the last of those wrote its text (`at`, `len` bytes). */
struct mustache_watch {
	const struct value *v;
	unsigned seen, written;
	size_t at, len;
};

/* Render `t` with `ctx` (NULL: null) as the context stack's bottom,
 * appending to `out`; with `memo` (or NULL), sections over sealed values
 * rendered before are appended as kept (mustache_memo.h); with `watch` (or
 * NULL), its value watched. Returns 0, or -1 after reporting an error to
 * `diag` at the tag (nesting deeper than env->max_depth; in a strict env,
 * a tag naming no template or a name the context stack lacks). */
int mustache_render_template(const struct mustache_render_env *env,
			     const struct tmpl *t, const struct value *ctx,
			     struct buf *out, struct diag *diag, struct tmpl_memo *memo,
			     struct mustache_watch *watch);

#endif
