#include "diag.h"

#include "buf.h"

#include <stdarg.h>

void diag_init(struct diag *d, FILE *echo, struct buf *log)
{
	d->echo = echo;
	d->log = log;
	d->errors = 0;
	d->warnings = 0;
}

static void diag_emit(struct diag *d, const char *path, int line, int col,
		      const char *severity, const char *fmt, va_list ap)
{
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
	buf_vaddf(&msg, fmt, ap);
	buf_addc(&msg, '\n');
	if (d->echo)
		fputs(msg.ptr, d->echo);
	if (d->log)
		buf_addbuf(d->log, &msg);
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
