/* calculator: the job calculator (/<lang>/calculator/) and the GPU pair
 * picker's data.
 *
 * The calculator page states its rules without JavaScript (bytes per
 * parameter, the rules of thumb of data/vram.csv with their sources, what
 * the sources do not give); templates/assets/calculator.js computes from
 * <lang>/calculator/data.json, which this module writes with the very
 * figures the C metrics use (metric_bytes_per_param, data/vram.csv rows as
 * metrics_model_vram reads them, each GPU's VRAM and quotes, the tasks with
 * a stated model size and job and their times and costs as metrics_compute
 * priced them, METRICS_HOURS_PER_MONTH):
 *   {"hours_per_month":720,"params_min":0.1,"params_max":2000,
 *    "precisions":[{"id":"fp32","bytes":4},...],
 *    "rules":[{"params":7,"precision":"fp32","label":"FP32","gb":28,
 *              "source":"..","note":".."}],
 *    "gpus":[{"id":"h100-80gb","name":"H100 80GB","href":"../gpus/h100-80gb/",
 *             "vram":80|null,"quotes":[{"usd":2.5,"label":"on-demand; .."}]}],
 *    "tasks":[{"name":"..","href":"..","params":7,"job":"lora",
 *              "rows":[{"gpu":3,"time":"3 h","cost":"$1.17","quote":".."}]}]}
 * Memory: the build arena.
 */
#ifndef GPUGUIDE_CALCULATOR_H
#define GPUGUIDE_CALCULATOR_H

#include "model/i18n.h"

#include <stdbool.h>

/* The model sizes the calculator takes, in billions of parameters. */

struct buf;
struct output;
struct page_ctx;
struct site;
struct value;

/* Plan the calculator pages of both languages. */
void calculator_plan(struct site *s);

/* Keys every page of language `l` may use, set on its shared map `m`:
 * picker_gpus, the GPUs in data/gpus.csv order as {id, name}, for the
 * pair picker (templates/partials/pair-picker). */
void calculator_lang_keys(struct site *s, enum lang l, struct value *m);

/* The calculator's data of language `l` as JSON (above), appended to `out`. */
void calculator_json(struct site *s, enum lang l, struct buf *out);

/* A link from page p to the calculator preset for task `t`
 * (its stated model size and job), or NULL when the task states neither
 * size nor job. Memory: the page's arena. */
const char *calculator_task_href(const struct page_ctx *p, size_t t);

/* Write <lang>/calculator/data.json for both languages. 0 or -1. */
int calculator_write(struct site *s, struct output *out);

#endif
