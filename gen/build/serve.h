/* serve: `gen serve`, a live preview for editors.
 *
 * serve_run builds the site (as `gen build` does, into ROOT/site), serves
 * ROOT/site on 127.0.0.1 with libmicrohttpd, watches ROOT/content, ROOT/data
 * and ROOT/templates (recursively, with inotify) and rebuilds after each burst
 * of changes (debounced). Pages open in a browser reload by themselves: every
 * HTML response gets, in serve mode only, a small script that polls
 * /__gen/version and reloads when the build number changes. The files on disk
 * are never changed by this.
 *
 * Each build prints, before its summary line, the figures it changed (the
 * change report of guide_ledger.h); /__gen/status shows the last build's
 * summary and report (and the diagnostics while a rebuild fails).
 *
 * A failed rebuild prints its diagnostics, keeps the last good site on disk,
 * and makes every HTML response an error page listing the diagnostics (HTML
 * escaped) until a rebuild succeeds.
 *
 * The site's base URL (https://gpuguide.example) becomes "/" in served HTML,
 * so pages with absolute links, such as 404.html, work in the preview too.
 *
 * Serving rules: a folder URL serves its index.html (a folder named without
 * its trailing slash is redirected to it, so relative links resolve); a
 * missing file serves /404.html with status 404; a path with a ".." segment
 * is refused with 400; only GET and HEAD are answered.
 */
#ifndef GPUGUIDE_SERVE_H
#define GPUGUIDE_SERVE_H

#include <stddef.h>

struct buf;

/* Build, serve and watch until SIGINT or SIGTERM. `root` is the project
 * folder; `port` 0 picks a free port (the address is printed either way as
 * "gen: serving http://127.0.0.1:PORT/"). Returns the exit status: 0 after a
 * clean stop, 1 when the server or the watcher cannot start (libmicrohttpd,
 * opened then, not found among them). */
int serve_run(const char *root, int port);

/* The Content-Type for a file name, by its extension (never NULL):
 * "text/html; charset=utf-8" for .html, "application/octet-stream" when the
 * extension is unknown. */
const char *serve_content_type(const char *name);

/* Append `html` to `out` with `script` inserted just before its last
 * "</body>" (any letter case), or at the end when there is none. */
void serve_inject(struct buf *out, const char *html, size_t len,
		  const char *script);

/* Append `html` to `out` with every occurrence of `from` replaced by `to`
 * (serve turns the site's base URL into "/" in what it serves). */
void serve_rebase(struct buf *out, const char *html, size_t len,
		  const char *from, const char *to);

/* True when the URL path is one the server may map to a file: it starts with
 * "/", has no ".." segment, no backslash and no NUL. */
int serve_path_is_safe(const char *path);

#endif
