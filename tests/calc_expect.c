/* calc_expect: what the C metrics compute for every row of vram.csv, every
 * job and every GPU, as JSON on stdout, for the browser test of the
 * calculator (tests/browser/find.mjs), which checks that the page shows the
 * same.
 *
 *     build/calc-expect DATA_DIR
 *
 * [{"params":7,"precision":"fp32","job":"inference","gb":28,"rule":0,
 *   "cards":{"h100-80gb":1,"rtx-3090":null,...},
 *   "tight":{"h100-80gb":false,...}},...]
 * gb is metrics_job_memory's total, rule the vram.csv row of a rule of thumb
 * (-1: none), cards and tight metric_fit's (null when the GPU's VRAM is
 * unknown). */
#include "base/buf.h"
#include "model/data.h"
#include "base/diag.h"
#include "model/metrics.h"
#include "base/numfmt.h"
#include "base/text.h"
#include "model/schema.h"

#include <stdio.h>

static void num(struct buf *b, double v)
{
	char tmp[40];
	buf_add(b, tmp, numfmt_g(tmp, sizeof tmp, v, 15));
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: calc-expect DATA_DIR\n", stderr);
		return 2;
	}
	struct diag diag;
	diag_init(&diag, stderr, NULL);
	struct data d;
	if (data_load(&d, argv[1], argv[1], &diag) != 0) {
		data_free(&d);
		return 1;
	}
	struct buf b = BUF_INIT;
	buf_addc(&b, '[');
	bool first = true;
	for (size_t r = 0; r < d.nvram; r++)
	for (size_t j = 0; schema_jobs[j]; j++) {
		const struct vram_rule *v = &d.vram[r];
		struct job_memory m = metrics_job_memory(&d, v->params_b, v->precision,
							 schema_jobs[j]);
		buf_adds(&b, first ? "{\"params\":" : ",\n{\"params\":");
		first = false;
		num(&b, v->params_b);
		buf_adds(&b, ",\"precision\":");
		text_escape_jsons(&b, v->precision);
		buf_adds(&b, ",\"job\":");
		text_escape_jsons(&b, schema_jobs[j]);
		buf_adds(&b, ",\"gb\":");
		num(&b, m.total.value);
		buf_adds(&b, ",\"rule\":");
		num(&b, (double)m.rule);
		struct buf tight = BUF_INIT;
		buf_adds(&b, ",\"cards\":{");
		for (size_t g = 0; g < d.ngpus; g++) {
			struct card_fit f = metric_fit(
				m.total, figure_of(d.gpus[g].vram_gb, "why.no_vram"));
			if (g) {
				buf_addc(&b, ',');
				buf_addc(&tight, ',');
			}
			text_escape_jsons(&b, d.gpus[g].id);
			buf_addc(&b, ':');
			text_escape_jsons(&tight, d.gpus[g].id);
			buf_addc(&tight, ':');
			if (figure_ok(f.cards)) {
				num(&b, f.cards.value);
				buf_adds(&tight, f.tight ? "true" : "false");
			} else {
				buf_adds(&b, "null");
				buf_adds(&tight, "null");
			}
		}
		buf_adds(&b, "},\"tight\":{");
		buf_add(&b, tight.ptr, tight.len);
		buf_adds(&b, "}}");
		buf_release(&tight);
	}
	buf_adds(&b, "]\n");
	fwrite(b.ptr, 1, b.len, stdout);
	buf_release(&b);
	data_free(&d);
	return 0;
}
