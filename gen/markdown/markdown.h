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
#include "markdown/shortcode_text.h"

struct buf;
struct diag;

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
	/* an article read back from the page cache (markdown_article_decode):
	 * the tags' array and the strings above in this one block (owned),
	 * which is all there is to free of them; NULL for a parsed one */
	char *strings;
	int tags_line;   /* line of the tags in the front matter (0: none) */
	bool draft;
	int slug_line;   /* line of the slug in the front matter */
	int translation_line; /* line of the translation key, 0 when none */
	int body_line;   /* line of the first body line in the file */
	size_t body_at;  /* byte offset of the body in the file */
	size_t file_len; /* the file's size when it was parsed */
	char *body;      /* Markdown without front matter (owned); a site's
			    article holds it from its load to its page's
			    rendering, when it is held (content.h) */
	char *html;      /* rendered body (owned), after markdown_render */
	/* what `html` is wholly made from (markdown_render): the Markdown and
	 * each shortcode's text and HTML; one key, one HTML */
	struct digest_value html_key;
	/* the digest of `body` (markdown_body_key): the memo's key, known once
	 * the body was rendered, or from the parse kept since (has_body_key) */
	struct digest_value body_key;
	bool has_body_key;
	/* the parse's key in the memo when the parse is still to be kept
	 * (articles.c: kept once rendered, with the body's key) */
	struct digest_value parse_key;
	bool parse_unkept;
	struct heading *headings; size_t nheadings, cap_headings;
	char **cites; size_t ncites; /* canonical shortcode texts, sorted (when
					 * markdown_cite.list_cites asks) */
	size_t words;    /* words (en) or characters (zh) for reading time,
			    counted by markdown_count_words */
	bool keep_html;  /* the build keeps `html` after the page (feeds) */
	/* the page's rendering until the page is written or kept
	 * (markdown_render_deferred; articles.c) */
	struct markdown_pending *pending;
};

/* What cmark and the shortcode scan made of an article's body, kept between
 * builds (the page cache, pagecache.h) so that an article whose body did not
 * change is neither read nor parsed again. The key is the body's digest
 * (markdown_body_key, kept with the article's parse: an article whose file
 * did not change renders without being read); the record holds each
 * shortcode's text, place and whether it stands in code, and gfm.h's record
 * (the headings, the prose). cmark's HTML with tokens in is not kept: a
 * record of how the page's last splice changed it is
 * (markdown_html_record_key), read only for a page that is written, and
 * the HTML made again from the published page (cite->published; parsed
 * again when that cannot be). A cited figure that changed changes
 * neither: shortcodes are resolved and the prose checked on every
 * rendering. Only renderings that raised no message are kept, so a
 * record never hides a warning. Both calls may come from any rendering
 * thread. */
struct digest_value;
struct fs_file_id;
struct markdown_memo {
	/* The record kept for `key` into `rec` (appended): 0, or -1 when none. */
	int (*find)(void *ctx, struct digest_value key, struct buf *rec);
	/* Keep `len` bytes of record for `key` (copied). */
	void (*keep)(void *ctx, struct digest_value key, const char *rec, size_t len);
	void *ctx;
	/* As find, but the record is not kept for the next build (its caller
	 * keeps another for the key: the search index, search_pages.h); may
	 * be NULL. */
	int (*peek)(void *ctx, struct digest_value key, struct buf *rec);
	/* Keep the record of `key` for the next build, unread (a damaged one
	 * stays damaged, and is found so when read); may be NULL. */
	void (*carry)(void *ctx, struct digest_value key);
	/* The id the build's fingerprint took of the input file `path` (from
	 * the project folder: "content/en/x.md") before reading any: 0, or -1
	 * when it has none (the caller takes the id itself); may be NULL. */
	int (*file_id)(void *ctx, const char *path, struct fs_file_id *id);
};

/* A stretch of an article's prose in which a figure may be typed: a
 * paragraph's or heading's text (to be cut into sentences by the checker),
 * or a table row (its cells' text joined by " | "). Code is left out. Only
 * prose with a digit in it is given to a checker. */
struct prose_cite {
	const struct shortcode *sc;
	size_t at; /* where it stands in the prose's text */
};

struct prose_source;

struct prose {
	bool row;
	const char *text; /* each shortcode stands as U+FFFC ("\xEF\xBF\xBC") */
	size_t len;
	const struct prose_cite *cites; /* the shortcodes resolved, in order */
	size_t ncites;
	const char *path; /* the article, for messages */
	int line; /* the line of the file it starts on */
	/* the source lines it stands on (markdown.c's: read only when a
	 * position in them is asked for, markdown_prose_position) */
	struct prose_source *source;
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
 * NULL), and reads its body when the memo does not hold what was made of
 * it (`load_body` may be NULL: the body is given); `ctx` goes to each.
 * load_body sets a->body (malloc'd) from the article's file, or reports
 * why it cannot and returns -1. `list_cites`: set a->cites (what `gen
 * check` compares between translations; a build does not read them). */
struct markdown_cite {
	shortcode_resolver resolve;
	prose_checker check;
	void *ctx;
	int (*load_body)(void *ctx, struct article *a);
	bool list_cites;
	/* May be NULL. A shortcode `resolve` resolved before without a
	 * message, known by its text as written (struct shortcode's `text`)
	 * and whether it stands on its own line: its HTML appended to `out`,
	 * the HTML's digest (markdown_cited_digest) into *digest, and true,
	 * as `resolve` would have done it; false when it is not known (it is
	 * then parsed and resolved). */
	bool (*resolve_known)(void *ctx, const char *text, size_t len, bool block,
			      struct buf *out, struct digest_value *digest);
	/* May be NULL. The article's HTML as the site last published it
	 * (markdown_splice's then, where the page's template wrote it): 0
	 * with *html and *len set (valid while the article renders), or -1
	 * when there is none. cmark's HTML is made again from it and the
	 * memo's record of that splice (markdown_html_record_key), so the
	 * memo need not keep the HTML itself. */
	int (*published)(void *ctx, const char **html, size_t *len);
};

/* The digest of a shortcode's HTML, as an article's html_key takes it. */
struct digest_value markdown_cited_digest(const char *html, size_t len);

/* The memo's key of a body of `len` bytes. */
struct digest_value markdown_body_key(const char *body, size_t len);
/* The memo keeps what cmark and the scan made of a body in three records:
 * under the body's key its shortcodes and how many headings it has (all
 * that a page kept as published reads), under markdown_gfm_record_key its
 * headings and prose (read to write the page or check its prose), under
 * markdown_html_record_key (one for each language: a body's shortcodes
 * speak its page's) how its last splice changed cmark's HTML (splice.h's
 * splice_record: read to write the page, cmark's HTML made again from the
 * published one, cite->published; kept anew by each splice). */
struct digest_value markdown_gfm_record_key(struct digest_value body_key);
struct digest_value markdown_html_record_key(struct digest_value body_key, int lang);

/* Render the article's body to a.html, resolving shortcodes and checking
 * the prose with `cite`. Headings get stable ids; links with unsafe targets
 * lose their link. The body is a.body, or (a.body NULL) the one whose key
 * a.body_key is: from `memo` when it holds it, else read by
 * cite->load_body (the prose's source too, when a position in it is
 * asked for); a body read that is not the one of that key is an error
 * (the file changed while the site was built). Sets a.body_key. `memo`
 * may be NULL. Returns 0 or -1. */
int markdown_render(struct article *a, const struct markdown_cite *cite,
		    const struct markdown_memo *memo, struct diag *diag);

/* markdown_render in two steps, so that a page kept as published needs no
 * HTML and no headings: markdown_render_deferred takes the article (`a` is
 * left empty) and does all but the HTML and the headings (shortcodes
 * resolved, prose checked when the cite has a checker, html_key set), into
 * *pending (always set; freed by the caller); markdown_splice then makes
 * the article's html (cmark's HTML and the headings, which the memo keeps
 * apart, read only now; the body parsed again when the memo has lost
 * them) and returns it (owned by the pending), or NULL when it could not
 * be made (reported). markdown_pending_free frees it all; records left
 * unread are carried to the next build's memo (memo->carry). */
struct markdown_pending;
int markdown_render_deferred(struct article *a, const struct markdown_cite *cite,
			     const struct markdown_memo *memo, struct diag *diag,
			     struct markdown_pending **pending);
struct article *markdown_pending_article(struct markdown_pending *p);
/* The prose of a pending article given to `check` (with `ctx`), as
 * markdown_render_deferred does when its cite has a checker (a caller that
 * keeps the check's outcome gives none there, and checks only when it
 * must); positions are found as they are there. False (nothing checked)
 * when the body could not be rendered. */
bool markdown_check_prose(struct markdown_pending *p, prose_checker check, void *ctx);
/* True when the body was rendered (its headings, shortcodes and html_key
 * are set): what markdown_check_prose needs. */
bool markdown_pending_parsed(const struct markdown_pending *p);
/* How many headings the body has, known without reading them (0 when it
 * was not rendered). */
size_t markdown_pending_nheadings(const struct markdown_pending *p);
/* The headings of a rendered body into the pending's article (with their
 * ids), read now from the memo if need be: 0, or -1 (reported). */
int markdown_pending_headings(struct markdown_pending *p);
const char *markdown_splice(struct markdown_pending *p);
/* True when markdown_splice made cmark's HTML again from the published page
 * (cite->published), neither reading the body nor parsing it. */
bool markdown_pending_remade(const struct markdown_pending *p);
void markdown_pending_free(struct markdown_pending *p);

/* Free everything the article owns. */
void markdown_article_free(struct article *a);

/* Reading time in minutes (at least 1). */
int markdown_reading_minutes(const struct article *a);

#endif
