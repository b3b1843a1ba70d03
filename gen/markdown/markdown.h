/* markdown: articles. Splits the front matter off, checks it, finds the
 * shortcodes that cite data, renders the body with cmark-gfm (gfm.h:
 * CommonMark with pipe tables, strikethrough and autolinks; safe mode:
 * authors' raw HTML never passes; smart punctuation) and puts the
 * shortcodes' HTML in after rendering, so the build's own tables and charts
 * do pass. It hands the prose of the body (paragraphs, headings, table rows)
 * to a checker, so that a figure typed by hand can be told to cite the data.
 *
 * Front matter: a first line "---", then "key: value" lines (title,
 * description, date YYYY-MM-DD, slug, translation, tags as a comma list,
 * draft true/false), then "---". Errors name path:line:col.
 *
 * Shortcodes: {{< name key=value key="a value" >}}, closed on their line;
 * one alone on its line is a block (table, chart), else inline. Whatever
 * cmark reads as code (code spans, fenced and indented code, in lists and
 * block quotes too) shows a shortcode as the text it is, never resolved or
 * checked, so that shortcodes can be documented: cmark decides, not a line
 * scanner.
 */
#ifndef GPUGUIDE_MARKDOWN_H
#define GPUGUIDE_MARKDOWN_H

#include <stdbool.h>
#include <stddef.h>

#include "base/digest.h"

struct buf;
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
};

/* The value of an argument, or NULL. */
const char *shortcode_arg(const struct shortcode *sc, const char *key);

/* Resolves one shortcode to HTML appended to `out`; returns 0, or -1 after
 * reporting an error to `diag`. */
typedef int (*shortcode_resolver)(void *ctx, const struct shortcode *sc,
				  struct buf *out, struct diag *diag);

struct heading {
	int level;
	char *id;   /* unique within the article */
	char *text; /* plain text */
};

/* The longest slug, translation key or tag: each names a folder or a
 * file of the site, and a file name may have 255 bytes at most. */
#define MARKDOWN_SLUG_MAX 100
#define MARKDOWN_NAME_BYTES 255
/* At most this many tags per article: each tag's page lists the article,
 * so an article's tags must not multiply into pages without end. */
#define MARKDOWN_TAGS_MAX 20

struct article {
	char *path;  /* as shown in messages: "content/en/x.md" (owned) */
	char *file;  /* "x.md" (owned) */
	int lang;    /* enum lang */
	char *title, *description, *date, *slug, *translation; /* owned; NULL if absent */
	char **tags; size_t ntags, cap_tags; /* owned; any UTF-8 (text_tag_problem) */
	int tags_line;   /* line of the tags in the front matter (0: none) */
	bool draft;
	int slug_line;   /* line of the slug in the front matter */
	int translation_line; /* line of the translation key, 0 when none */
	int body_line;   /* line of the first body line in the file */
	size_t body_at;  /* byte offset of the body in the file */
	size_t file_len; /* the file's size when it was parsed */
	char *body;      /* Markdown without front matter (owned) */
	char *html;      /* rendered body (owned), after markdown_render */
	/* what `html` is wholly made from (markdown_render): the Markdown and
	 * each shortcode's text and HTML; one key, one HTML */
	struct digest_value html_key;
	struct heading *headings; size_t nheadings, cap_headings;
	char **cites; size_t ncites; /* canonical shortcode texts, sorted */
	size_t words;    /* words (en) or characters (zh) for reading time,
			    counted by markdown_count_words */
	bool keep_html;  /* the build keeps `html` after the page (feeds) */
};

/* What cmark made of an article, kept between builds (the page cache,
 * pagecache.h) so that an article whose Markdown did not change is not
 * parsed again. The key is the digest of the Markdown as cmark is given it
 * (each shortcode replaced by a token, so a cited figure that changed does
 * not change it); the record (gfm.h) holds the HTML (tokens still in), the
 * headings and the prose. Only renderings that raised no message are kept,
 * so a record never hides a warning (the prose is checked on every
 * rendering, from the record too). Both calls may come from any rendering thread. */
struct digest_value;
struct markdown_memo {
	/* The record kept for `key` into `rec` (appended): 0, or -1 when none. */
	int (*find)(void *ctx, struct digest_value key, struct buf *rec);
	/* Keep `len` bytes of record for `key` (copied). */
	void (*keep)(void *ctx, struct digest_value key, const char *rec, size_t len);
	void *ctx;
};

/* A stretch of an article's prose in which a figure may be typed: a
 * paragraph's or heading's text (to be cut into sentences by the checker),
 * or a table row (its cells' text joined by " | "). Code is left out. Only
 * prose with a digit in it is given to a checker. */
struct prose_cite {
	const struct shortcode *sc;
	size_t at; /* where it stands in the prose's text */
};

struct prose {
	bool row;
	const char *text; /* each shortcode stands as U+FFFC ("\xEF\xBF\xBC") */
	size_t len;
	const struct prose_cite *cites; /* the shortcodes resolved, in order */
	size_t ncites;
	const char *path; /* the article, for messages */
	/* the source lines it stands on: from line `line` of the file */
	const char *src;
	size_t src_len;
	int line;
};

/* Checks one stretch of prose, reporting to `diag` (warnings). */
typedef void (*prose_checker)(void *ctx, const struct prose *p, struct diag *diag);

/* A place in a text, counted forward: byte `at` lies `lines` newlines in;
 * its line starts at `line_at`; `cols` characters of that line were
 * counted up to `col_at`; `lost` once a text was not found. Start from
 * { 0 }. */
struct md_cursor {
	size_t at, line_at, col_at;
	int lines, cols;
	bool lost;
};

/* The position in the file of p->text[at..at+n) (no shortcode in it): the
 * place in `p`'s source past where `from` stands (a cursor over p->src,
 * { 0 } to begin; moved past it) that holds those bytes after the text
 * most like the text before them, among the next 16 that hold them, so
 * that each call costs what it reads; true. When the source does not hold
 * them as typed (an escape, an entity), false and the start of the
 * prose's first line, and so for every later call with that cursor.
 * Columns count characters from 1. */
bool markdown_prose_position(const struct prose *p, size_t at, size_t n,
			     struct md_cursor *from, int *line, int *col);

/* Who resolves an article's shortcodes and checks its prose (`check` may be
 * NULL); `ctx` goes to both. */
struct markdown_cite {
	shortcode_resolver resolve;
	prose_checker check;
	void *ctx;
};

/* Render a.body to a.html, resolving shortcodes and checking the prose with
 * `cite`. Headings get stable ids; links with unsafe targets lose their
 * link. `memo` (or NULL) spares cmark an unchanged body. Returns 0 or -1. */
int markdown_render(struct article *a, const struct markdown_cite *cite,
		    const struct markdown_memo *memo, struct diag *diag);

/* Free everything the article owns. */
void markdown_article_free(struct article *a);

/* Reading time in minutes (at least 1). */
int markdown_reading_minutes(const struct article *a);

#endif
