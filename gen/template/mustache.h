/* mustache: the template engine. Templates are parsed once into a tree and
 * rendered many times against a `struct value` context.
 *
 * Implements the Mustache spec (a copy of the official one is in
 * tests/fixtures/mustache-spec/): comments, set delimiters, interpolation,
 * sections, inverted sections, partials (with the standalone-line and
 * indentation rules), dynamic names ({{>*name}}) and the
 * inheritance module ({{<parent}}{{$block}}...{{/block}}{{/parent}}).
 * {{name}} escapes & < > " ' for HTML; {{{name}}} and {{&name}} do not.
 *
 * Errors (an unclosed section, a mismatched close tag, a bad delimiter tag,
 * sections nested deeper than MUSTACHE_MAX_NESTING) are reported at parse
 * time as "path:line:col: error: ...". tmpl_set_check_refs reports, once the
 * set is loaded, every partial or parent tag naming a template the set does
 * not have. At render time a missing partial renders as nothing and a name
 * the context stack lacks as "" or false (as the spec says) unless the set
 * is strict (tmpl_set_strict): then each is an error at its tag; and
 * partial/parent nesting deeper than MUSTACHE_MAX_DEPTH is an error.
 *
 * Nesting is bounded so that parsing, checking and rendering, which recurse
 * over the tree, need a bounded stack: at most MUSTACHE_MAX_NESTING levels
 * in one template, times MUSTACHE_MAX_DEPTH templates.
 *
 * The engine's modules: mustache (this header: the set, loading, checks),
 * mustache_parse (a source into its tree), mustache_render (a tree into
 * text) and mustache_memo (sections kept between renders); the last three
 * serve mustache only.
 */
#ifndef GPUGUIDE_MUSTACHE_H
#define GPUGUIDE_MUSTACHE_H

#include "base/digest.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct diag;
struct value;

#define MUSTACHE_MAX_DEPTH 64
#define MUSTACHE_MAX_NESTING 100

struct tmpl;     /* one compiled template */
struct tmpl_set; /* named templates: pages, layouts, partials */

/* A new, empty set; free it with tmpl_set_free (frees its templates). */
struct tmpl_set *tmpl_set_new(void);
void tmpl_set_free(struct tmpl_set *set);

/* Parse `src` (len bytes) as the template `name`; `path` names it in
 * messages. Replaces an earlier template of that name. Returns 0, or -1 after
 * reporting every error found to `diag`. */
int tmpl_set_add(struct tmpl_set *set, const char *name, const char *path,
		 const char *src, size_t len, struct diag *diag);

/* The fingerprint of every template added (names and sources, in the
 * order added): two sets with one digest render alike. */
struct digest_value tmpl_set_digest(const struct tmpl_set *set);

/* What a page rendered from the template `name` can depend on: the
 * digest of the sources of `name` and of every partial and parent it
 * names, transitively, in name order (*sources), and the first segment of
 * every name they look up ("gpu" of {{gpu.name}}), set in `names` (keys
 * borrowed from the set). False when that cannot be told: a dynamic
 * partial or parent, a "." at a template's top level (the whole context),
 * an unknown template; such a page depends on the whole set and on every
 * key of its context. */
struct strmap;
bool tmpl_set_depends(const struct tmpl_set *set, const char *name,
		      struct digest_value *sources, struct strmap *names);

/* Load every *.mustache file below `dir`; a file `dir/layouts/base.mustache`
 * becomes the template "layouts/base" (and partials name it that way).
 * `display_dir` prefixes paths in messages. Returns 0 or -1 (all errors
 * reported). Files are visited in sorted order, so results are repeatable. */
int tmpl_set_load_dir(struct tmpl_set *set, const char *dir,
		      const char *display_dir, struct diag *diag);

/* Report (to `diag`, at the tag) every partial or parent tag of every
 * template of the set whose (non-dynamic) name is not in the set, with the
 * nearest existing name when one is close ("did you mean"). Templates are
 * visited in name order. Returns the number of unknown names. */
int tmpl_set_check_refs(const struct tmpl_set *set, struct diag *diag);

/* Report (to `diag`, at the tag, templates in name order) every variable
 * or section name "<prefix>.<word>..." whose <word> is not one of the
 * `n` sorted `words`, naming the nearest one when close: "t.nav_lable" names
 * no <what>; did you mean "t.nav_label"? Returns the number reported. */
int tmpl_set_check_names(const struct tmpl_set *set, const char *prefix,
			 const char *const *words, size_t n, const char *what,
			 struct diag *diag);

/* Make rendering strict: a partial or parent whose (dynamic) name is not in
 * the set, and a variable or section whose name nothing on the context
 * stack has, is an error instead of the empty string (or false). */
void tmpl_set_strict(struct tmpl_set *set, bool strict);

/* The template of that name, or NULL. Borrowed from the set. */
const struct tmpl *tmpl_set_get(const struct tmpl_set *set, const char *name);

/* Render `t` with `ctx` as the context stack's bottom, appending to `out`.
 * Returns 0, or -1 after reporting an error (e.g. nesting too deep). */
int tmpl_render(const struct tmpl_set *set, const struct tmpl *t,
		const struct value *ctx, struct buf *out, struct diag *diag);

/* What one thread's renders keep of the sections they render over sealed
 * values, for the next renders (mustache_memo.h): the same output, made
 * once. A memo serves one set; free it before the set. */
struct tmpl_memo;
struct tmpl_memo *tmpl_memo_new(void);
void tmpl_memo_free(struct tmpl_memo *memo);
/* How many sections `memo` gave as kept (NULL: 0), for tests and
 * measurements. */
size_t tmpl_memo_hits(const struct tmpl_memo *memo);
/* tmpl_render with `memo` (one thread's; NULL: none). */
int tmpl_render_memo(const struct tmpl_set *set, const struct tmpl *t,
		     const struct value *ctx, struct buf *out, struct diag *diag,
		     struct tmpl_memo *memo);
/* tmpl_render_memo, and where the string `v` went: when a tag resolved a
 * name to it once, and that tag was {{{name}}} (raw: its bytes as they
 * are), its bytes are out[*at, *at + *len) and the output with any other
 * string in its place is this one with those bytes replaced; else (or
 * with `v` NULL) *at is SIZE_MAX. */
int tmpl_render_spot(const struct tmpl_set *set, const struct tmpl *t,
		     const struct value *ctx, struct buf *out, struct diag *diag,
		     struct tmpl_memo *memo, const struct value *v, size_t *at, size_t *len);

/* Append `len` bytes of `s` to `out`, escaped for HTML text and
 * double- or single-quoted attribute values. */
void mustache_escape_html(struct buf *out, const char *s, size_t len);

#endif
