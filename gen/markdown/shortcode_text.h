/* shortcode_text: the text between a shortcode's "{{<" and ">}}" ("name
 * k=v k=\"v w\""), split into its name and arguments (struct shortcode),
 * and written back canonically (the translations report compares an
 * article's citations with its twin's).
 *
 * Memory: a parsed shortcode points into the text it was split from (the
 * caller's, changed in place); the canonical text is malloc'd.
 */
#ifndef GPUGUIDE_SHORTCODE_TEXT_H
#define GPUGUIDE_SHORTCODE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

struct diag;

#define SHORTCODE_MAX_ARGS 8

struct shortcode {
	const char *name;
	size_t nargs;
	struct {
		const char *key, *val;
	} args[SHORTCODE_MAX_ARGS];
	const char *path; /* article path, for messages */
	int line, col;    /* position of "{{<" in the file */
	bool block;
	/* the shortcode as written, between "{{<" and ">}}" (NULL: not
	 * given), for a resolver that knows it again by it */
	const char *text;
	size_t text_len;
};

/* The value of an argument, or NULL. */
const char *shortcode_arg(const struct shortcode *sc, const char *key);
/* Split `s` (in place) into `sc` (whose path, line and column are set:
 * messages name them): 0, or -1 with an error (no name, an argument not
 * key=value, a quote not closed, more than SHORTCODE_MAX_ARGS). */
int shortcode_parse(char *s, struct shortcode *sc, struct diag *diag);
/* Its name, then its arguments sorted by key, but "text" (a link's text is
 * the language's own). */
char *shortcode_canonical(const struct shortcode *sc);

#endif
