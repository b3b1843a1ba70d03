/* libFuzzer target: cmark's HTML made again from a page's published body
 * and the record of its splice (splice_record, splice_undo), on arbitrary
 * bytes.
 *
 * The input is a document and, after the first byte 0x01, a record. The
 * document's bytes are read as a program: each byte below 0x20 puts in a
 * shortcode's token whose HTML (or its standing in code, or the error that
 * left it no HTML) the byte picks from a table; every other run of bytes
 * is cmark's text as it is (headings, tags, Chinese, spaces and all).
 * Oracles besides the sanitizers:
 *   - the document spliced, its record made, made again from the output:
 *     cmark's HTML, byte for byte;
 *   - the output with one byte changed (the record's byte picks which):
 *     refused, or cmark's HTML again (a byte of a figure's HTML is not
 *     cmark's); never another HTML;
 *   - the record after 0x01 against the output: refused or made, never a
 *     read out of bounds or an allocation past the two inputs' size. */
#include "base/buf.h"
#include "markdown/splice.h"
#include "../markdown/splice_doc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
	const char *html; /* NULL: left by an error */
	bool block, code;
} kinds[] = {
	{ "<b>$0.39/h</b>", false, false },
	{ "<b>小时</b>", false, false },
	{ "<b>任务（FSDP）</b>", false, false },
	{ "<i>x</i> ", false, false },
	{ " <b>y</b>", false, false },
	{ "小时 ", false, false },
	{ "（ ", false, false },
	{ "", false, false },
	{ "<div class=\"t\">table</div>", true, false },
	{ "<figure>f</figure>", true, false },
	{ "<table><tr><td>1</td></tr></table>", true, false },
	{ NULL, false, false },
	{ NULL, false, true },
};

static const char *const ids[] = { "costs", "prices", "x&y", "a\"b" };

/* The document the program `p` (`len` bytes) makes; a NUL ends it (cmark's
 * HTML is a C string). Bytes that look like a token are left as they are:
 * the splice places them or copies them, and either is undone. */
static void make_doc(struct splice_doc *d, const uint8_t *p, size_t len)
{
	splice_doc_init(d);
	for (size_t i = 0; i < len && p[i]; i++) {
		if (p[i] < 0x20 && p[i] != '\n') {
			unsigned k = p[i] % (sizeof kinds / sizeof *kinds);
			(void)splice_doc_add(d, kinds[k].html, kinds[k].block, kinds[k].code);
		} else {
			buf_addc(&d->html, (char)p[i]);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *cut = memchr(data, 0x01, size);
	size_t doc_len = cut ? (size_t)(cut - data) : size;
	const uint8_t *rec_in = cut ? cut + 1 : data + size;
	size_t rec_in_len = cut ? size - doc_len - 1 : 0;

	struct splice_doc d;
	make_doc(&d, data, doc_len);
	struct buf out = BUF_INIT, rec = BUF_INIT, back = BUF_INIT;
	struct splice_edits edits = { NULL, 0, 0 };
	splice_html(d.html.ptr, d.html.len, ids, 4, d.items, d.n, &out, &edits);
	splice_record(d.html.ptr, d.html.len, out.len, &edits, &rec);
	if (splice_undo(out.ptr, out.len, rec.ptr, rec.len, &back) != 0 ||
	    back.len != d.html.len || memcmp(back.ptr, d.html.ptr, d.html.len) != 0) {
		fprintf(stderr, "round trip: cmark's HTML not made again from the output\n");
		abort();
	}
	if (out.len) {
		size_t at = (rec_in_len ? rec_in[0] * 257u + (rec_in_len > 1 ? rec_in[1] : 0u) : 0u) %
			    out.len;
		out.ptr[at] ^= 0x20;
		buf_reset(&back);
		if (splice_undo(out.ptr, out.len, rec.ptr, rec.len, &back) == 0 &&
		    (back.len != d.html.len || memcmp(back.ptr, d.html.ptr, d.html.len) != 0)) {
			fprintf(stderr, "different: an output changed made another HTML\n");
			abort();
		}
		out.ptr[at] ^= 0x20;
	}
	buf_reset(&back);
	(void)splice_undo(out.ptr, out.len, (const char *)rec_in, rec_in_len, &back);
	if (back.len > out.len + rec_in_len) {
		fprintf(stderr, "hostile: a record made more than its bytes and the output's\n");
		abort();
	}
	free(edits.v);
	buf_release(&out);
	buf_release(&rec);
	buf_release(&back);
	splice_doc_release(&d);
	return 0;
}
