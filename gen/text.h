/* text: small text utilities: UTF-8 checks, slugs, HTML escaping, URL safety.
 */
#ifndef GPUGUIDE_TEXT_H
#define GPUGUIDE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

struct buf;

/* Length of the valid UTF-8 sequence at s (at most `left` bytes), 0 when
 * the bytes there are not valid UTF-8 (overlong forms, surrogates and code
 * points above U+10FFFF included). A NUL byte counts as invalid. */
size_t text_utf8_sequence(const unsigned char *s, size_t left);

/* The offset of the first byte that is not valid UTF-8 (overlong forms,
 * surrogates and NUL bytes count as invalid), or `len` when all is valid. */
size_t text_utf8_check(const char *s, size_t len);

/* True for a slug: [a-z0-9]+ joined by single hyphens ("rtx-4090"). */
bool text_is_slug(const char *s);

/* Append an id for a heading: ASCII letters and digits lowercased, runs of
 * other ASCII characters as one hyphen, non-ASCII characters (CJK) kept;
 * "section" when nothing is left. */
void text_heading_id(struct buf *out, const char *s, size_t len);

/* Append `len` bytes escaped for HTML text and quoted attributes
 * (& < > " ' become entities). */
void text_escape_html(struct buf *out, const char *s, size_t len);
void text_escape_htmls(struct buf *out, const char *s);

/* Append `len` bytes of UTF-8 as a JSON string, quotes included: " and \
 * escaped, control characters as \n, \t or \u00XX, and < > & as \u003c,
 * \u003e, \u0026 so the JSON can also sit inside an HTML <script>. */
void text_escape_json(struct buf *out, const char *s, size_t len);
void text_escape_jsons(struct buf *out, const char *s);

/* True when a link target may be used: http, https, mailto, or relative
 * (no scheme). Control characters and white space inside a scheme (tricks
 * such as "java\tscript:") make it unsafe. */
bool text_url_is_safe(const char *url);

/* Count of Unicode code points in valid UTF-8. */
size_t text_utf8_length(const char *s, size_t len);

#endif
