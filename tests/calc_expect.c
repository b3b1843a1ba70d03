/* calc_expect: what the C metrics compute for every row of vram.csv and
 * every GPU, as JSON on stdout, for the browser test of the calculator
 * (tests/browser/find.mjs), which checks that the page shows the same.
 *
 *     build/calc-expect DATA_DIR
 *
 * [{"params":7,"precision":"fp32","gb":28,"rule":0,
 *   "cards":{"h100-80gb":1,"rtx-3090":null,...}},...]
 * gb is metrics_model_vram's figure, rule its vram.csv row (-1: the bytes
 * rule), cards metric_gpus_needed's (null when the GPU's VRAM is unknown). */
#include "base/buf.h"
#include "model/data.h"
#include "base/diag.h"
#include "model/metrics.h"
#include "base/numfmt.h"
#include "base/text.h"

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
	for (size_t r = 0; r < d.nvram; r++) {
		const struct vram_rule *v = &d.vram[r];
		long rule;
		struct figure need = metrics_model_vram(&d, v->params_b, v->precision, &rule);
		buf_adds(&b, r ? ",\n{\"params\":" : "{\"params\":");
		num(&b, v->params_b);
		buf_adds(&b, ",\"precision\":");
		text_escape_jsons(&b, v->precision);
		buf_adds(&b, ",\"gb\":");
		num(&b, need.value);
		buf_adds(&b, ",\"rule\":");
		num(&b, (double)rule);
		buf_adds(&b, ",\"cards\":{");
		for (size_t g = 0; g < d.ngpus; g++) {
			struct figure cards = metric_gpus_needed(
				need, figure_of(d.gpus[g].vram_gb, "why.no_vram"));
			if (g)
				buf_addc(&b, ',');
			text_escape_jsons(&b, d.gpus[g].id);
			buf_addc(&b, ':');
			if (figure_ok(cards))
				num(&b, cards.value);
			else
				buf_adds(&b, "null");
		}
		buf_adds(&b, "}}");
	}
	buf_adds(&b, "]\n");
	fwrite(b.ptr, 1, b.len, stdout);
	buf_release(&b);
	data_free(&d);
	return 0;
}
