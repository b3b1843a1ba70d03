/* shortcode_text: a shortcode's text read and written (see shortcode_text.h). */
#include "markdown/shortcode_text.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/text.h"

#include <stdlib.h>
#include <string.h>

const char *shortcode_arg(const struct shortcode *sc, const char *key)
{
	for (size_t i = 0; i < sc->nargs; i++)
		if (!strcmp(sc->args[i].key, key))
			return sc->args[i].val;
	return NULL;
}

/* Split "name k=v k="v w"" (in place) into sc; returns 0 or -1. */
int shortcode_parse(char *s, struct shortcode *sc, struct diag *diag)
{
	while (*s == ' ')
		s++;
	sc->name = s;
	while (*s && *s != ' ')
		s++;
	if (*s)
		*s++ = '\0';
	if (!*sc->name) {
		diag_error(diag, sc->path, sc->line, sc->col, "shortcode has no name");
		return -1;
	}
	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		char *key = s;
		while (*s && *s != '=' && *s != ' ')
			s++;
		if (*s != '=' || s == key) {
			diag_error(diag, sc->path, sc->line, sc->col,
				   "shortcode \"%s\": expected key=value", sc->name);
			return -1;
		}
		*s++ = '\0';
		char *val;
		if (*s == '"') {
			val = ++s;
			while (*s && *s != '"')
				s++;
			if (*s != '"') {
				diag_error(diag, sc->path, sc->line, sc->col,
					   "shortcode \"%s\": unterminated quote",
					   sc->name);
				return -1;
			}
			*s++ = '\0';
		} else {
			val = s;
			while (*s && *s != ' ')
				s++;
			if (*s)
				*s++ = '\0';
		}
		if (sc->nargs == SHORTCODE_MAX_ARGS) {
			diag_error(diag, sc->path, sc->line, sc->col,
				   "shortcode \"%s\": too many arguments", sc->name);
			return -1;
		}
		sc->args[sc->nargs].key = key;
		sc->args[sc->nargs].val = val;
		sc->nargs++;
	}
	return 0;
}

/* The canonical text of a shortcode: name, then its args sorted. */
char *shortcode_canonical(const struct shortcode *sc)
{
	const char *keys[SHORTCODE_MAX_ARGS];
	struct buf b = BUF_INIT;
	buf_adds(&b, sc->name);
	for (size_t i = 0; i < sc->nargs; i++)
		keys[i] = sc->args[i].key;
	qsort(keys, sc->nargs, sizeof *keys, text_compare_strings);
	for (size_t i = 0; i < sc->nargs; i++) {
		if (!strcmp(keys[i], "text"))
			continue; /* link text is language-specific */
		buf_addf(&b, " %s=%s", keys[i], shortcode_arg(sc, keys[i]));
	}
	return buf_detach(&b, NULL);
}
