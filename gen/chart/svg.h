/* svg: a streaming writer of SVG text, element by element, in document
 * order.
 *
 * Elements are written as they are opened, straight into the caller's
 * buffer: no tree. The bytes are what libxml2's xmlNodeDump wrote for the
 * same tree (no indentation): `<name a="v">children</name>`, or
 * `<name a="v"/>` for an element without children, so a start tag stays
 * open until its first child or its close decides which. (One difference:
 * libxml2 wrote non-ASCII in attribute values as character references,
 * this writes the UTF-8; the charts' attribute values are ids, classes and
 * numbers, all ASCII.)
 *
 * Promises: text and attribute values are escaped (& < > in text, also "
 * and tab, newline, carriage return in attributes), invalid UTF-8 becomes
 * U+FFFD and control characters spaces, so the output is well-formed
 * whatever the caller passes. Coordinates are printed by numfmt_coord
 * ("%.1f"). A nesting the caller breaks (a close without an open, an
 * attribute outside a start tag, more than SVG_MAX_DEPTH or SVG_MAX_ATTRS)
 * is a bug: the program stops with a message.
 *
 * Classes: svg_class writes class="..." and, through the writer's
 * `presentation` hook, the presentation attributes of each class word (for
 * renderers that ignore CSS); what one class string writes on a start tag
 * with the same attributes before it is remembered and copied.
 *
 * Memory: element and attribute names must be string literals (the writer
 * keeps the pointers); values are borrowed for the call. A writer is about
 * 10 kB, on the caller's stack, and owns nothing: output goes to the
 * caller's `struct buf`.
 */
#ifndef GPUGUIDE_SVG_H
#define GPUGUIDE_SVG_H

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct svg_writer;

/* Adds the presentation attributes of one class word (`len` bytes at
 * `word`, not NUL-terminated) to the open start tag, with svg_attr and
 * friends; svg_has_attr tells what is there already. */
typedef void svg_presentation_fn(struct svg_writer *w, const char *word,
				 size_t len);

#define SVG_MAX_DEPTH 8  /* deepest: svg > defs > pattern > line */
#define SVG_MAX_ATTRS 16 /* most on one element: 9 on the root */
#define SVG_NAME_MAX 32  /* longest attribute name: 16 (patternTransform) */

/* What svg_class wrote for one class string on an element whose start tag
 * had the attributes `prior` (see svg_class). */
#define SVG_MEMO_CLASS 48
#define SVG_MEMO_BYTES 256
#define SVG_MEMOS 16
struct svg_class_memo {
	char cls[SVG_MEMO_CLASS];
	const char *prior[SVG_MAX_ATTRS]; /* the names before (pointers) */
	size_t n_prior;
	char bytes[SVG_MEMO_BYTES];
	size_t len;
	const char *names[SVG_MAX_ATTRS]; /* the attributes it added */
	size_t n_names;
};

/* A writer; its fields are the writer's own (read w->out and w->id only). */
struct svg_writer {
	struct buf *out;
	const char *id;  /* the picture's id (svg_id_is_valid) */
	svg_presentation_fn *presentation; /* may be NULL */
	bool start_open; /* "<name a=.." written, its ">" or "/>" not yet */
	size_t n_attrs;  /* names of the attributes on the open start tag */
	const char *attrs[SVG_MAX_ATTRS];
	size_t depth;    /* the open elements, innermost last */
	const char *open[SVG_MAX_DEPTH];
	/* filled round-robin; only the first memo_used are set (the writer
	 * is not cleared: 10 kB per chart) */
	struct svg_class_memo memo[SVG_MEMOS];
	size_t memo_used, memo_next;
};

/* True for an id the writer may write as it is, in attributes and in CSS
 * selectors: [A-Za-z][A-Za-z0-9_-]*. */
bool svg_id_is_valid(const char *id);

/* A writer appending to `out` for the picture `id` (svg_id_is_valid),
 * adding class words' attributes with `presentation` (NULL: none). */
void svg_writer_init(struct svg_writer *w, struct buf *out, const char *id,
		     svg_presentation_fn *presentation);

/* Open the element `name` (its start tag stays open for attributes). */
void svg_open(struct svg_writer *w, const char *name);
/* Close the innermost open element: `/>` when it has no children. */
void svg_close(struct svg_writer *w);
/* End the open start tag with `>`, if one is open: what follows is the
 * element's content, which the caller may append to w->out unescaped
 * (a <style> sheet). */
void svg_end_start_tag(struct svg_writer *w);

/* True when the open start tag has the attribute `name`. */
bool svg_has_attr(const struct svg_writer *w, const char *name);
/* Add name="value" to the open start tag, value escaped. */
void svg_attr(struct svg_writer *w, const char *name, const char *value);
/* Write ` name="`; the caller appends the value to w->out (unescaped: only
 * bytes that need no escaping), then calls svg_attr_end for the quote. */
void svg_attr_begin(struct svg_writer *w, const char *name);
void svg_attr_end(struct svg_writer *w);
/* Add name="v" with one decimal (numfmt_coord: -0.0 and tiny noise print
 * as 0.0). */
void svg_num(struct svg_writer *w, const char *name, double v);
/* Add class="cls" (space-separated words) and the words' presentation
 * attributes (see above). */
void svg_class(struct svg_writer *w, const char *cls);

/* Text content, escaped; NULL or "" adds nothing (an element with no other
 * children stays empty: <desc id=".."/>). */
void svg_text(struct svg_writer *w, const char *text);
/* A <title> child (a tooltip) with the text; nothing when tip is NULL. */
void svg_title(struct svg_writer *w, const char *tip);
/* Append tmpl to w->out unescaped, each '$' replaced by the id. */
void svg_add_with_id(struct svg_writer *w, const char *tmpl);

#endif
