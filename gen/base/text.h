/* text: small text utilities: UTF-8 checks, slugs, escaping for HTML, XML
 * and JSON, URL safety (the width of text in a picture is text_wrap.h's).
 * All inputs are borrowed; output is appended to the caller's `struct buf`.
 */
#ifndef GPUGUIDE_TEXT_H
#define GPUGUIDE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct buf;

/* Length of the valid UTF-8 sequence at s (at most `left` bytes), 0 when
 * the bytes there are not valid UTF-8 (overlong forms, surrogates and code
 * points above U+10FFFF included). A NUL byte counts as invalid. */
size_t text_utf8_sequence(const unsigned char *s, size_t left);

/* The offset of the first byte that is not valid UTF-8 (overlong forms,
 * surrogates and NUL bytes count as invalid), or `len` when all is valid. */
size_t text_utf8_check(const char *s, size_t len);

/* Words in s[0..len), for a reading time: a word starts where an ASCII
 * letter or digit follows any other byte, and every character of three or
 * four bytes (Chinese) counts as one ("显卡 H100" is three). */
size_t text_count_words(const char *s, size_t len);

/* The checks of text_utf8_check and text_find_unpublishable and the count of
 * text_count_words in one pass, for the common case of text with nothing to
 * report: true, with the words in *words, when s[0..len) is valid UTF-8 with
 * no NUL byte and no character text_find_unpublishable finds; false (and
 * *words untouched) when not, and the two checks then say where. */
bool text_scan_publishable(const char *s, size_t len, size_t *words);

/* The first character of the valid UTF-8 s[0..len) that no published file
 * may carry: a C0 control but tab, LF and CR; DEL; a C1 control; a
 * noncharacter (U+FDD0 to U+FDEF, and the last two code points of every
 * plane: U+FFFE, U+FFFF, ...), which XML cannot hold and HTML reads as an
 * error. Its code point goes to *cp; NULL when there is none. Every input
 * that reaches a page (CSV cells, front matter, article bodies) is checked
 * with it, and refused at the character's position. */
const char *text_find_unpublishable(const char *s, size_t len, unsigned *cp);
/* What such a code point is, for messages: "control character" or
 * "noncharacter". */
const char *text_unpublishable_kind(unsigned cp);

/* True for a slug: [a-z0-9]+ joined by single hyphens ("rtx-4090"). */
bool text_is_slug(const char *s);

/* Two strings, each given by its place in an array of strings (char *), in
 * byte order: the comparison qsort and bsearch take for such an array. */
int text_compare_strings(const void *a, const void *b);

/* True for a Chinese character (CJK ideograph) code point. */
bool text_is_han(unsigned cp);
/* The bytes of the sentence `s` without its closing full stop ("." or
 * "。"), to quote it inside another sentence's parentheses. */
size_t text_len_without_stop(const char *s);
/* True when no space may stand between the text `before` (its first `len`
 * bytes) and `after`: Chinese or its punctuation on both sides, or
 * full-width punctuation on either ("）" before "H100"). */
bool text_no_space_between(const char *before, size_t len, const char *after);
/* True when the text `s` (its first `len` bytes) ends in full-width
 * punctuation ("。", "："), which no space follows (content/STYLE.md). */
bool text_ends_in_fullwidth_punct(const char *s, size_t len);
/* True when the text `before` (its first `len` bytes) and the text `after`
 * meet Chinese against a Latin letter or digit ("$" opening a value after
 * Chinese, "%" closing one before it) and need one space between them
 * (content/STYLE.md). */
bool text_needs_space(const char *before, size_t len, const char *after);

/* Why `tag` (an article tag as written: "多卡训练", "LoRA") cannot be a
 * tag, or NULL when it can: any UTF-8 text but the characters that break
 * a URL or a folder name. */
const char *text_tag_problem(const char *tag);
/* Append the folder of a tag's page: ASCII letters lowercased, runs of
 * spaces as one hyphen, everything else (Chinese included) kept, so
 * "Multi GPU" and "multi-gpu" share tags/multi-gpu/ and "多卡训练" is
 * tags/多卡训练/ (its URL percent-encoded, as Hugo does). */
void text_tag_path(struct buf *out, const char *tag);
/* Append `s` with its ASCII letters upper case ("fp16" as "FP16"), every
 * other byte as it is. */
void text_add_upper(struct buf *out, const char *s);
/* Append `s` with every non-ASCII byte, space, control and "%" written as
 * %XX (UTF-8 percent-encoding, for URLs outside HTML: sitemaps, feeds). */
void text_uri_encode(struct buf *out, const char *s);

/* Append an id for a heading: ASCII letters and digits lowercased, runs of
 * other ASCII characters as one hyphen, non-ASCII characters (CJK) kept;
 * "section" when nothing is left. */
void text_heading_id(struct buf *out, const char *s, size_t len);

/* Append `len` bytes escaped for HTML text and quoted attributes
 * (& < > " ' become entities), 16 or 8 bytes tested at a time: for long
 * texts. The one HTML escape, its entities in one table: the two below
 * and cmark's variant give the same bytes for the same input (but for '
 * in cmark's). */
void text_escape_html(struct buf *out, const char *s, size_t len);
/* The same of `len` bytes followed by a NUL (s[len] is 0; one may come
 * before, an ordinary byte then): strcspn, the C library's vector scan,
 * finds each byte to escape, fastest for short strings (templates' values,
 * shortcodes' and charts' texts through text_escape_htmls). */
void text_escape_html_nul(struct buf *out, const char *s, size_t len);
void text_escape_htmls(struct buf *out, const char *s);
/* Whether text_escape_html_nul copies the `len` bytes at `s` (followed by
 * a NUL) as they are: none of them is a character it escapes. */
bool text_html_is_plain(const char *s, size_t len);
/* The same with ' left as it is: how cmark escapes text and code
 * (houdini_escape_html0 outside its secure mode), for gfm_html.c, which
 * writes cmark's bytes. */
void text_escape_html_cmark(struct buf *out, const char *s, size_t len);
/* Append `s` escaped for XML (SVG, the sitemap): & < > always; in an
 * attribute value (in_attr) also '"', and tab, LF and CR as character
 * references (kept through attribute value normalization). Bad UTF-8
 * becomes U+FFFD and other control characters a space, so the output is
 * well-formed XML whatever `s` holds. */
void text_escape_xml(struct buf *out, const char *s, bool in_attr);

/* Append `len` bytes of UTF-8 as a JSON string, quotes included: " and \
 * escaped, control characters as \n, \t or \u00XX, and < > & as \u003c,
 * \u003e, \u0026 so the JSON can also sit inside an HTML <script>. */
void text_escape_json(struct buf *out, const char *s, size_t len);
void text_escape_jsons(struct buf *out, const char *s);

/* True when a link target may be used: http, https, mailto, or relative
 * (no scheme). Control characters and white space inside a scheme (tricks
 * such as "java\tscript:") make it unsafe. "//host/x" is not relative (it
 * leads to another host; browsers read "/\\host" and "\\host" the same
 * way): unsafe, an external link must say https:// or http://. */
bool text_url_is_safe(const char *url);

/* Count of Unicode code points in valid UTF-8. */
size_t text_utf8_length(const char *s, size_t len);
/* How many bytes of the valid UTF-8 s[0..len) its first `chars` characters
 * take: where to cut it without splitting a character. */
size_t text_utf8_prefix(const char *s, size_t len, size_t chars);

/* ---- decoding, for text_wrap.h and the XML escape ---- */

/* The code point of the UTF-8 sequence at s; sets *len to its length.
 * UINT32_MAX (length 1) for a byte that starts no sequence or for a
 * truncated one. Lax: overlong forms, surrogates and code points above
 * U+10FFFF decode as they are (a writer that must not emit them checks
 * the result). */
uint32_t text_utf8_decode(const char *s, size_t *len);

#endif
