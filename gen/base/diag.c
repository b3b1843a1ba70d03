#include "base/diag.h"

#include "base/buf.h"
#include "base/strmap.h"
#include "base/xalloc.h"

#include <poll.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_init(struct diag *d, FILE *echo, struct buf *log)
{
	memset(d, 0, sizeof *d);
	d->echo = echo;
	d->log = log;
}

/* The slot that counts the messages of format `fmt` (the kind's). */
static size_t kind_of(struct diag *d, const char *fmt)
{
	size_t i = 0;
	while (i < DIAG_KINDS && d->kinds[i].fmt && d->kinds[i].fmt != fmt)
		i++;
	/* past DIAG_KINDS kinds, the rest share the last slot: still capped */
	if (!d->kinds[i].fmt)
		d->kinds[i].fmt = fmt;
	return i;
}

/* Count a message of format `fmt`; false when it is one too many of its
 * kind to show. */
static bool kind_allows(struct diag *d, const char *fmt)
{
	size_t i = kind_of(d, fmt);
	if (d->kinds[i].shown < DIAG_MAX_PER_KIND) {
		d->kinds[i].shown++;
		return true;
	}
	d->kinds[i].hidden++;
	return false;
}

static void emit_line(struct diag *d, const struct buf *msg)
{
	if (d->echo)
		fputs(msg->ptr, d->echo);
	if (d->log)
		buf_addbuf(d->log, msg);
}

void diag_replay(struct diag *d, const char *text, size_t len, int warnings)
{
	if (d->echo && len)
		fwrite(text, 1, len, d->echo);
	if (d->log)
		buf_add(d->log, text, len);
	d->warnings += warnings;
}

void diag_flush_capped(struct diag *d)
{
	for (size_t i = 0; i <= DIAG_KINDS && d->kinds[i].fmt; i++) {
		if (d->kinds[i].hidden) {
			struct buf msg = BUF_INIT;
			buf_addf(&msg, "gen: ... and %u more like the last of the %u shown\n",
				 d->kinds[i].hidden, d->kinds[i].shown);
			emit_line(d, &msg);
			buf_release(&msg);
		}
		d->kinds[i].fmt = NULL;
		d->kinds[i].shown = d->kinds[i].hidden = 0;
	}
}

/* Characters a terminal shows as nothing (or that reorder what follows):
 * zero-width spaces and joiners, direction marks and embeddings, the word
 * joiner and invisible operators, the soft hyphen, the byte-order mark. */
static bool is_invisible(unsigned cp)
{
	return cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) ||
	       (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) ||
	       cp == 0xFEFF;
}

/* The code point of the 2- or 3-byte UTF-8 sequence at p (n bytes left), or
 * 0 when there is none. */
static unsigned decode_short(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] >= 0xC2 && p[0] <= 0xDF && (p[1] & 0xC0) == 0x80)
		return (unsigned)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
	if (n >= 3 && p[0] >= 0xE0 && p[0] <= 0xEF && (p[1] & 0xC0) == 0x80 &&
	    (p[2] & 0xC0) == 0x80)
		return (unsigned)(p[0] & 0x0F) << 12 | (unsigned)(p[1] & 0x3F) << 6 |
		       (p[2] & 0x3F);
	return 0;
}

/* Append `text` with control characters written as escapes (\\n, \\x1b)
 * and invisible ones by name (<U+200B>): a message quoting input stays one
 * line, input cannot send escape sequences to the terminal, and "rtx-4090"
 * with a zero-width space inside does not read as "rtx-4090". */
static void add_printable(struct buf *out, const struct buf *text)
{
	for (size_t i = 0; i < text->len; i++) {
		unsigned char c = (unsigned char)text->ptr[i];
		unsigned cp = c >= 0xC2 ? decode_short((const unsigned char *)text->ptr + i,
						       text->len - i) : 0;
		if (cp && is_invisible(cp)) {
			buf_addf(out, "<U+%04X>", cp);
			i += cp < 0x800 ? 1 : 2;
			continue;
		}
		if (c == '\n')
			buf_adds(out, "\\n");
		else if (c == '\t')
			buf_adds(out, "\\t");
		else if (c < 0x20 || c == 0x7F)
			buf_addf(out, "\\x%02x", c);
		else if (c == 0xC2 && i + 1 < text->len &&
			 (unsigned char)text->ptr[i + 1] >= 0x80 &&
			 (unsigned char)text->ptr[i + 1] <= 0x9F)
			buf_addf(out, "\\u%04x", (unsigned char)text->ptr[++i]); /* C1 */
		else
			buf_addc(out, (char)c);
	}
}

static void keep_line(struct diag *d, const char *fmt, struct buf *msg)
{
	ALLOC_GROW(d->kept, d->nkept, d->cap_kept);
	d->kept[d->nkept++] = (struct diag_kept){ fmt, buf_detach(msg, NULL) };
}

void diag_init_kept(struct diag *d)
{
	diag_init(d, NULL, NULL);
	d->keeping = true;
}

/* True when `line` is in `said` (NULL: none is), which it is afterwards. */
static bool said_before(struct strmap *said, const char *line)
{
	bool created = false;
	if (said)
		strmap_slot(said, line, &created);
	return said && !created;
}

void diag_pass_on_once(struct diag *to, struct diag *from, struct strmap *said)
{
	for (size_t i = 0; i < from->nkept; i++) {
		const struct diag_kept *k = &from->kept[i];
		if (k->fmt && said_before(said, k->line))
			to->kinds[kind_of(to, k->fmt)].hidden++;
		else if (!k->fmt || kind_allows(to, k->fmt)) {
			struct buf line = BUF_INIT;
			buf_adds(&line, k->line);
			emit_line(to, &line);
			buf_release(&line);
		}
		free(k->line);
	}
	free(from->kept);
	from->kept = NULL;
	from->nkept = from->cap_kept = 0;
	to->errors += from->errors;
	to->warnings += from->warnings;
}

void diag_pass_on(struct diag *to, struct diag *from)
{
	diag_pass_on_once(to, from, NULL);
}

struct diag *diag_take_kept(struct diag *d)
{
	if (!d->nkept && !d->errors && !d->warnings)
		return NULL;
	struct diag *taken = xmalloc(sizeof *taken);
	*taken = *d; /* the kept messages move with it */
	diag_init_kept(d);
	return taken;
}

static void diag_emit(struct diag *d, const char *path, int line, int col,
		      const char *severity, const char *fmt, va_list ap)
{
	if (severity && !d->keeping && !kind_allows(d, fmt))
		return;
	struct buf msg = BUF_INIT;
	if (path) {
		buf_adds(&msg, path);
		if (line > 0) {
			buf_addf(&msg, ":%d", line);
			if (col > 0)
				buf_addf(&msg, ":%d", col);
		}
		buf_adds(&msg, ": ");
	}
	if (severity)
		buf_addf(&msg, "%s: ", severity);
	struct buf text = BUF_INIT;
	buf_vaddf(&text, fmt, ap);
	add_printable(&msg, &text);
	buf_release(&text);
	buf_addc(&msg, '\n');
	if (d->keeping)
		keep_line(d, severity ? fmt : NULL, &msg);
	else
		emit_line(d, &msg);
	buf_release(&msg);
}

void diag_error(struct diag *d, const char *path, int line, int col,
		const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_emit(d, path, line, col, "error", fmt, ap);
	va_end(ap);
	d->errors++;
}

void diag_warning(struct diag *d, const char *path, int line, int col,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_emit(d, path, line, col, "warning", fmt, ap);
	va_end(ap);
	d->warnings++;
}

int diag_failed(const struct diag *d)
{
	return d->errors > 0;
}

int diag_check_stdout(struct diag *d)
{
	struct pollfd p = { .fd = 1, .events = POLLOUT };
	if (poll(&p, 1, 0) != 1 || !(p.revents & (POLLERR | POLLHUP)))
		return 0;
	diag_error(d, NULL, 0, 0,
		   "standard output is a closed pipe (its reader has exited)");
	return -1;
}
