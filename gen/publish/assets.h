/* assets: the site's static files (templates/assets/: stylesheet, scripts),
 * published at the site root under their own names, and referred to by
 * pages with a content hash, "style.css?v=3f2a9c1e0b7d4a65", so a host can
 * let browsers cache them for a year: a changed file gets a new URL.
 *
 * assets_load reads every file (names starting with a dot are skipped) and
 * hashes its bytes (strmap_hash_bytes: FNV-1a, 64 bits, 16 hex digits); assets_context gives
 * the map templates read as {{asset.style_css}} (a name's dots and dashes
 * become underscores); assets_write publishes the files as they are.
 *
 * Memory: struct assets and the files' bytes are the heap's, freed by
 * assets_free; the context lives in the arena given.
 */
#ifndef GPUGUIDE_ASSETS_H
#define GPUGUIDE_ASSETS_H

#include <stddef.h>

struct arena;
struct diag;
struct output;
struct value;

struct asset {
	char *name;   /* "style.css" */
	char *data;   /* its bytes */
	size_t len;
	char hash[17];
};

struct assets {
	struct asset *v; size_t n, cap;
};

/* Read `dir` (shown in messages as `shown`). Returns 0, or -1 after
 * reporting a file that cannot be read. A missing folder has no assets. */
int assets_load(struct assets *a, const char *dir, const char *shown,
		struct diag *diag);
/* {name_with_underscores: "name?v=hash"} for every asset. */
struct value *assets_context(const struct assets *a, struct arena *arena);
/* The URL of asset `name` under the site root ("style.css?v=..."), or
 * `name` itself when there is no such asset. */
const char *assets_url(const struct assets *a, const char *name,
		       struct arena *arena);
/* Publish every asset at the site root. Returns 0 or -1 (reported). */
int assets_write(const struct assets *a, struct output *out);
void assets_free(struct assets *a);

#endif
