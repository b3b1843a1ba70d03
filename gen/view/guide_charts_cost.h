/* guide_charts_cost: the charts of what a job costs and takes, from the
 * task costs of metrics (task-cost, task-hours: one task on every GPU that
 * ran it, best first) and of what speed a dollar buys (price-vs-speed: the
 * lowest hourly price against the mean relative speed, with its frontier).
 * Each fills a render's texts and data table and draws it
 * (guide_charts_common.h); guide_charts calls them for a checked request.
 *
 * Memory: what a build allocates is scratch in the render's arena (c->a);
 * its output goes into c's buffers, which the render owns and frees.
 */
#ifndef GPUGUIDE_GUIDE_CHARTS_COST_H
#define GPUGUIDE_GUIDE_CHARTS_COST_H

#include <stdbool.h>

struct gc;

/* task-cost (cost) or task-hours (!cost) of the task c->task. */
void guide_charts_cost_build_task(struct gc *c, bool cost);
/* price-vs-speed. */
void guide_charts_cost_build_price_speed(struct gc *c);

#endif
