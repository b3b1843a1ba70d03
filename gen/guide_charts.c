/* Interim version: until the chart drawing lands, every chart request is
 * checked by name and shown as a figure that says there is no chart yet. */
#include "guide_charts.h"

#include "buf.h"
#include "diag.h"
#include "site.h"
#include "text.h"

#include <string.h>

static const char *const chart_names[] = {
	"relative-speed", "task-cost", "task-hours", "price-vs-speed",
	"vram-fit", "spec", "gpu", "pair", NULL
};

int guide_chart_render(struct site *s, enum lang l, const struct chart_request *rq,
		       struct buf *out, const char *path, int line, int col)
{
	for (size_t i = 0; chart_names[i]; i++) {
		if (strcmp(chart_names[i], rq->name))
			continue;
		buf_adds(out, "<figure class=\"chart\"><figcaption>");
		text_escape_htmls(out, i18n_get(&s->i18n, l, "no_data"));
		buf_adds(out, "</figcaption></figure>");
		return 0;
	}
	diag_error(s->diag, path, line, col, "unknown chart \"%s\"", rq->name);
	return -1;
}

int guide_charts_write(struct site *s, struct output *o)
{
	(void)s;
	(void)o;
	return 0;
}

void guide_charts_free(struct site *s)
{
	s->charts = NULL;
}
