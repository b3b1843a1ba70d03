/* svg: a streaming SVG writer (see svg.h). */
#include "chart/svg.h"

#include "base/buf.h"
#include "base/numfmt.h"
#include "base/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool svg_id_is_valid(const char *id)
{
	if (!id || !((*id >= 'A' && *id <= 'Z') || (*id >= 'a' && *id <= 'z')))
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return false;
	return true;
}

void svg_writer_init(struct svg_writer *w, struct buf *out, const char *id,
		     svg_presentation_fn *presentation)
{
	w->out = out;
	w->id = id;
	w->presentation = presentation;
	w->start_open = false;
	w->n_attrs = 0;
	w->depth = 0;
	w->memo_used = 0;
	w->memo_next = 0;
}

/* A broken nesting is a bug in the caller, not bad input. */
static void svg_fail(const char *why)
{
	fprintf(stderr, "gen: fatal: svg writer: %s\n", why);
	abort();
}

void svg_end_start_tag(struct svg_writer *w)
{
	if (w->start_open) {
		buf_addc(w->out, '>');
		w->start_open = false;
	}
}

void svg_open(struct svg_writer *w, const char *name)
{
	if (w->depth == SVG_MAX_DEPTH)
		svg_fail("elements nested too deep");
	svg_end_start_tag(w);
	buf_addc(w->out, '<');
	buf_adds(w->out, name);
	w->open[w->depth++] = name;
	w->start_open = true;
	w->n_attrs = 0;
}

void svg_close(struct svg_writer *w)
{
	if (!w->depth)
		svg_fail("close without open");
	const char *name = w->open[--w->depth];
	if (w->start_open) {
		buf_add(w->out, "/>", 2);
		w->start_open = false;
		return;
	}
	buf_add(w->out, "</", 2);
	buf_adds(w->out, name);
	buf_addc(w->out, '>');
}

bool svg_has_attr(const struct svg_writer *w, const char *name)
{
	for (size_t i = 0; i < w->n_attrs; i++)
		if (w->attrs[i][0] == name[0] && strcmp(w->attrs[i], name) == 0)
			return true;
	return false;
}

/* Count an attribute of the open start tag (before writing it). */
static void svg_attr_note(struct svg_writer *w, const char *name)
{
	if (!w->start_open)
		svg_fail("attribute outside a start tag");
	if (w->n_attrs == SVG_MAX_ATTRS)
		svg_fail("too many attributes");
	w->attrs[w->n_attrs++] = name;
}

void svg_attr_begin(struct svg_writer *w, const char *name)
{
	svg_attr_note(w, name);
	buf_addc(w->out, ' ');
	buf_adds(w->out, name);
	buf_add(w->out, "=\"", 2);
}

void svg_attr_end(struct svg_writer *w)
{
	buf_addc(w->out, '"');
}

void svg_attr(struct svg_writer *w, const char *name, const char *value)
{
	svg_attr_begin(w, name);
	text_escape_xml(w->out, value, true);
	svg_attr_end(w);
}

/* The most frequent attribute of a chart: written in place, in one piece. */
void svg_num(struct svg_writer *w, const char *name, double v)
{
	svg_attr_note(w, name);
	struct buf *out = w->out;
	/* room for ` name="`, the number and `"` */
	if (out->len + SVG_NAME_MAX + 4 + NUMFMT_COORD_MAX >= out->cap)
		buf_grow(out, SVG_NAME_MAX + 4 + NUMFMT_COORD_MAX);
	char *p = out->ptr + out->len;
	*p++ = ' ';
	for (const char *c = name; *c; c++) {
		if (c - name == SVG_NAME_MAX)
			svg_fail("attribute name too long");
		*p++ = *c;
	}
	*p++ = '=';
	*p++ = '"';
	p += numfmt_coord(v, p);
	*p++ = '"';
	*p = '\0';
	out->len = (size_t)(p - out->ptr);
}

void svg_text(struct svg_writer *w, const char *text)
{
	if (!text || !*text)
		return;
	svg_end_start_tag(w);
	text_escape_xml(w->out, text, false);
}

void svg_title(struct svg_writer *w, const char *tip)
{
	if (!tip)
		return;
	svg_open(w, "title");
	svg_text(w, tip);
	svg_close(w);
}

/* Write class="cls" (space-separated words) and the words' presentation
 * attributes. */
static void svg_class_write(struct svg_writer *w, const char *cls)
{
	svg_attr(w, "class", cls);
	for (const char *p = cls; *p;) {
		size_t len = strcspn(p, " ");
		if (w->presentation)
			w->presentation(w, p, len);
		p += len;
		while (*p == ' ')
			p++;
	}
}

/* True when the open start tag has the attribute names `prior` (the same
 * pointers: names are string literals), in that order. */
static bool svg_same_prior(const struct svg_writer *w, const char *const *prior,
			   size_t n_prior)
{
	if (w->n_attrs != n_prior)
		return false;
	for (size_t i = 0; i < n_prior; i++)
		if (w->attrs[i] != prior[i])
			return false;
	return true;
}

/* Write what svg_class wrote before for `cls` on a start tag like this
 * one, if that is remembered. */
static bool svg_class_replay(struct svg_writer *w, const char *cls)
{
	for (size_t i = 0; i < w->memo_used; i++) {
		const struct svg_class_memo *m = &w->memo[i];
		if (m->cls[0] != cls[0] || strcmp(m->cls, cls) ||
		    !svg_same_prior(w, m->prior, m->n_prior) ||
		    w->n_attrs + m->n_names > SVG_MAX_ATTRS)
			continue;
		buf_add(w->out, m->bytes, m->len);
		for (size_t k = 0; k < m->n_names; k++)
			w->attrs[w->n_attrs++] = m->names[k];
		return true;
	}
	return false;
}

/* Remember what svg_class wrote for `cls`: the bytes from `at` on and the
 * attributes from `first` on (those before were there already). */
static void svg_class_remember(struct svg_writer *w, const char *cls, size_t at,
			       size_t first)
{
	size_t len = w->out->len - at, nc = strlen(cls);
	if (!nc || nc >= SVG_MEMO_CLASS || len > SVG_MEMO_BYTES)
		return;
	struct svg_class_memo *m = &w->memo[w->memo_next++ % SVG_MEMOS];
	if (w->memo_used < SVG_MEMOS)
		w->memo_used++;
	memcpy(m->cls, cls, nc + 1);
	m->n_prior = first;
	memcpy(m->prior, w->attrs, first * sizeof *m->prior);
	memcpy(m->bytes, w->out->ptr + at, len);
	m->len = len;
	m->n_names = w->n_attrs - first;
	memcpy(m->names, w->attrs + first, m->n_names * sizeof *m->names);
}

/* A picture sets the same few classes on many elements of the same kind
 * (grid lines, labels, bars): what that writes depends only on the class
 * string and the attributes already on the start tag (a class word's
 * attribute gives way to one set before), so it is remembered per both and
 * then copied. */
void svg_class(struct svg_writer *w, const char *cls)
{
	if (!w->start_open)
		svg_fail("attribute outside a start tag");
	if (svg_class_replay(w, cls))
		return;
	size_t at = w->out->len, first = w->n_attrs;
	svg_class_write(w, cls);
	svg_class_remember(w, cls, at, first);
}

void svg_add_with_id(struct svg_writer *w, const char *tmpl)
{
	for (const char *dollar; (dollar = strchr(tmpl, '$')); tmpl = dollar + 1) {
		buf_add(w->out, tmpl, (size_t)(dollar - tmpl));
		buf_adds(w->out, w->id);
	}
	buf_adds(w->out, tmpl);
}
