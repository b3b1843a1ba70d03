#include "base/diag.h"

#include "base/buf.h"

#include <poll.h>
#include <stdbool.h>
#include <string.h>
#include <stdarg.h>

void diag_init(struct diag *d, FILE *echo, struct buf *log)
{
	memset(d, 0, sizeof *d);
	d->echo = echo;
	d->log = log;
}

/* Count a message of format `fmt`; false when it is one too many of its
 * kind to show. */
static bool kind_allows(struct diag *d, const char *fmt)
{
	for (size_t i = 0; i < DIAG_KINDS; i++) {
		if (!d->kinds[i].fmt)
			d->kinds[i].fmt = fmt;
		if (d->kinds[i].fmt != fmt)
			continue;
		if (d->kinds[i].shown < DIAG_MAX_PER_KIND) {
			d->kinds[i].shown++;
			return true;
		}
		d->kinds[i].hidden++;
		return false;
	}
	return true; /* more kinds than tracked: all shown */
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
	for (size_t i = 0; i < DIAG_KINDS && d->kinds[i].fmt; i++) {
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

/* Append `text` with control characters written as escapes (\\n, \\x1b):
 * a message quoting input stays one line, and input cannot send escape
 * sequences to the terminal. */
static void add_printable(struct buf *out, const struct buf *text)
{
	for (size_t i = 0; i < text->len; i++) {
		unsigned char c = (unsigned char)text->ptr[i];
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

static void diag_emit(struct diag *d, const char *path, int line, int col,
		      const char *severity, const char *fmt, va_list ap)
{
	if (severity && !kind_allows(d, fmt))
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

void diag_note(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_emit(d, NULL, 0, 0, NULL, fmt, ap);
	va_end(ap);
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
