#include "text.h"

#include "buf.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

size_t text_utf8_sequence(const unsigned char *s, size_t left)
{
	unsigned c = s[0];
	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	size_t n;
	unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (left < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

size_t text_utf8_check(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		/* ASCII fast path: eight bytes at a time while none has its high
		 * bit set or is NUL */
		while (i + 8 <= len) {
			uint64_t w;
			memcpy(&w, u + i, 8);
			if ((w & 0x8080808080808080u) ||
			    ((w - 0x0101010101010101u) & ~w & 0x8080808080808080u))
				break;
			i += 8;
		}
		if (i >= len)
			break;
		if (u[i] >= 0x01 && u[i] < 0x80) {
			i++;
			continue;
		}
		/* the common Chinese case: a three-byte character that is neither
		 * overlong (E0 80..9F) nor a surrogate (ED A0..BF) */
		if (i + 3 <= len && u[i] > 0xE0 && u[i] < 0xF0 && u[i] != 0xED &&
		    (u[i + 1] & 0xC0) == 0x80 && (u[i + 2] & 0xC0) == 0x80) {
			i += 3;
			continue;
		}
		size_t n = text_utf8_sequence(u + i, len - i);
		if (!n)
			return i;
		i += n;
	}
	return len;
}

size_t text_utf8_length(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

bool text_is_slug(const char *s)
{
	if (!*s)
		return false;
	bool prev_hyphen = true; /* no leading hyphen */
	for (; *s; s++) {
		if (*s == '-') {
			if (prev_hyphen)
				return false;
			prev_hyphen = true;
		} else if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')) {
			prev_hyphen = false;
		} else {
			return false;
		}
	}
	return !prev_hyphen;
}

void text_heading_id(struct buf *out, const char *s, size_t len)
{
	size_t start = out->len;
	bool pending_hyphen = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || isalnum(c)) {
			if (pending_hyphen && out->len > start)
				buf_addc(out, '-');
			pending_hyphen = false;
			buf_addc(out, c < 0x80 ? (char)tolower(c) : (char)c);
		} else {
			pending_hyphen = true;
		}
	}
	if (out->len == start)
		buf_adds(out, "section");
}

void text_escape_html(struct buf *out, const char *s, size_t len)
{
	size_t from = 0;
	for (size_t i = 0; i < len; i++) {
		const char *rep;
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default: continue;
		}
		buf_add(out, s + from, i - from);
		buf_adds(out, rep);
		from = i + 1;
	}
	buf_add(out, s + from, len - from);
}

void text_escape_htmls(struct buf *out, const char *s)
{
	text_escape_html(out, s, strlen(s));
}

void text_escape_json(struct buf *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	buf_addc(out, '"');
	size_t run = 0; /* start of the bytes copied as they are */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' &&
		    c != '&')
			continue;
		buf_add(out, s + run, i - run);
		run = i + 1;
		if (c == '"' || c == '\\') {
			buf_addc(out, '\\');
			buf_addc(out, (char)c);
		} else if (c == '\n') {
			buf_adds(out, "\\n");
		} else if (c == '\t') {
			buf_adds(out, "\\t");
		} else {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			buf_add(out, u, sizeof u);
		}
	}
	buf_add(out, s + run, len - run);
	buf_addc(out, '"');
}

void text_escape_jsons(struct buf *out, const char *s)
{
	text_escape_json(out, s, strlen(s));
}

bool text_url_is_safe(const char *url)
{
	size_t i = 0;
	for (; url[i]; i++) {
		unsigned char c = (unsigned char)url[i];
		if (c == ':')
			break;
		if (c == '/' || c == '?' || c == '#')
			return true; /* a relative reference: no scheme */
		if (c <= 0x20 || c == 0x7F)
			return false;
	}
	if (!url[i])
		return true;
	size_t n = i;
	return (n == 4 && !strncasecmp(url, "http", 4)) ||
	       (n == 5 && !strncasecmp(url, "https", 5)) ||
	       (n == 6 && !strncasecmp(url, "mailto", 6));
}
