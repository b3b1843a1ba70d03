/* gen: the gpuguide command line. */
#include "base/buf.h"
#include "base/diag.h"
#include "publish/output.h"
#include "build/serve.h"
#include "build/build.h"
#include "view/site.h"
#include "base/text.h"
#include "model/settings.h"

#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_VERSION "0.1.0"

static const char usage[] =
	"usage: gen build [--root DIR] [--out DIR] [--base-url URL] [--jobs N] [--quiet]\n"
	"                 [--timings] [--dry-run]\n"
	"       gen check [--root DIR] [--jobs N] [--max-age DAYS]\n"
	"       gen serve [--root DIR] [--port N]\n"
	"       gen --help | --version\n"
	"\n"
	"  build   validate every input, render the site into a staging folder\n"
	"          and publish it to DIR (default ROOT/site) only if all is well\n"
	"  check   validate data, articles and templates, print the data report,\n"
	"          write nothing\n"
	"  serve   build, serve the site on 127.0.0.1 (default port 8000),\n"
	"          rebuild on every change and reload open pages\n"
	"\n"
	"  --root DIR      the project folder (default .)\n"
	"  --out DIR       where the site goes (default ROOT/site)\n"
	"  --jobs N        render on N threads (default: one per core; the\n"
	"                  output is the same for any N)\n"
	"  --base-url URL  absolute address of the site, for canonical links,\n"
	"                  feeds and the sitemap (default: base_url in\n"
	"                  data/site.csv, else the placeholder " SETTINGS_PLACEHOLDER_URL ")\n"
	"  --max-age DAYS  check: warn about quotes older than DAYS days (before\n"
	"                  SOURCE_DATE_EPOCH when set, else today); undated\n"
	"                  quotes, and quotes, sources and articles dated after\n"
	"                  today, are always named\n"
	"  --timings       also print where the build's time went (load, plan,\n"
	"                  render, finish), how many pages were rendered, and the\n"
	"                  time of Markdown, the search index, the page cache and\n"
	"                  the ledger\n"
	"  --dry-run       build and report what would change (figures, pages),\n"
	"                  but write nothing\n"
	"\n"
	"Exit status: 0 success, 1 input errors (the site is left as it was),\n"
	"2 usage errors.\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "gen: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage);
	return 2;
}

/* gen serve [--root DIR] [--port N] */
static int serve_main(int argc, char **argv)
{
	const char *root = ".";
	long port = 8000;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--root") && strcmp(a, "--port"))
			return usage_error("unknown option \"%s\"", a);
		if (i + 1 >= argc)
			return usage_error("%s needs a value", a);
		const char *v = argv[++i];
		if (!strcmp(a, "--root")) {
			root = v;
			continue;
		}
		char *end;
		port = strtol(v, &end, 10);
		if (!*v || *end || port < 0 || port > 65535)
			return usage_error("--port \"%s\" is not a port number", v);
	}
	return serve_run(root, (int)port);
}

/* The options of `gen build` and `gen check` (argv[2]...) into opt and
 * the flags; 0, or a usage error's status (2). */
struct cli {
	struct site_options opt;
	bool build, quiet, timings;
};

static int parse_number(const char *text, long min, long max, long *n)
{
	char *end;
	*n = strtol(text, &end, 10);
	return *text && !*end && *n >= min && *n <= max ? 0 : -1;
}

static int parse_build_options(int argc, char **argv, struct cli *c)
{
	const char *jobs = NULL, *max_age = NULL;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		const char **slot = NULL;
		if (!strcmp(a, "--root"))
			slot = &c->opt.root;
		else if (!strcmp(a, "--out") && c->build)
			slot = &c->opt.out;
		else if (!strcmp(a, "--base-url") && c->build)
			slot = &c->opt.base_url;
		else if (!strcmp(a, "--quiet"))
			c->quiet = true;
		else if (!strcmp(a, "--timings") && c->build)
			c->timings = true;
		else if (!strcmp(a, "--dry-run") && c->build)
			c->opt.dry_run = true;
		else if (!strcmp(a, "--jobs"))
			slot = &jobs;
		else if (!strcmp(a, "--max-age") && !c->build)
			slot = &max_age;
		else
			return usage_error("unknown option \"%s\"", a);
		if (slot) {
			if (i + 1 >= argc)
				return usage_error("%s needs a value", a);
			*slot = argv[++i];
		}
	}
	if (c->opt.root && !*c->opt.root)
		return usage_error("--root needs a folder, not \"%s\"", c->opt.root);
	if (c->opt.out && !*c->opt.out)
		return usage_error("--out needs a folder, not \"%s\"", c->opt.out);
	long n;
	if (jobs && parse_number(jobs, 1, 16, &n))
		return usage_error("--jobs takes a number from 1 to 16, not \"%s\"", jobs);
	if (jobs)
		c->opt.jobs = (int)n;
	if (max_age && parse_number(max_age, 1, 100000, &n))
		return usage_error("--max-age takes a number of days from 1 to 100000, not \"%s\"",
				   max_age);
	if (max_age)
		c->opt.max_age_days = n;
	const char *why = c->opt.base_url ? settings_base_url_problem(c->opt.base_url) : NULL;
	if (why) {
		fprintf(stderr, "gen: --base-url \"%s\" %s\n%s", c->opt.base_url, why, usage);
		return 2;
	}
	return 0;
}

/* What a build or check says when it ends (status rc). */
static void print_summary(const struct cli *c, const struct build_stats *st,
			  const struct diag *diag, int rc)
{
	bool said = c->build && rc == 0 && !c->quiet;
	if (said && st->report)
		fputs(st->report, stdout);
	if (said && st->placeholder_url)
		printf("gen: the base URL is the placeholder " SETTINGS_PLACEHOLDER_URL
		       ": set base_url in data/site.csv (or pass --base-url) before publishing\n");
	if (said && c->opt.dry_run)
		printf("gen: dry run: %zu pages rendered, nothing written, %d warnings, %.0f ms\n",
		       st->rendered, st->warnings, st->ms);
	else if (said)
		printf("gen: %zu pages written, %zu unchanged, %zu removed, %d warnings, %.0f ms\n",
		       st->written, st->unchanged, st->removed, st->warnings, st->ms);
	else if (rc != 0)
		fprintf(stderr, "gen: %d error%s, %d warning%s; %s\n", diag->errors,
			diag->errors == 1 ? "" : "s", diag->warnings,
			diag->warnings == 1 ? "" : "s",
			c->build ? "the site was not changed" : "check failed");
	else if (!c->build)
		printf("gen: check passed, %d warnings\n", st->warnings);
	if (c->build && rc == 0 && c->timings)
		printf("gen: load %.0f ms, plan %.0f ms, render %.0f ms (%zu pages "
		       "rendered, %zu kept), finish %.0f ms\n",
		       st->load_ms, st->plan_ms, st->render_ms, st->rendered, st->kept,
		       st->finish_ms);
	if (c->build && rc == 0 && c->timings)
		printf("gen: of which Markdown %.0f ms (%zu articles' HTML made from their "
		       "pages), search index %.0f ms (%zu pages read from their figures), "
		       "page cache %.0f ms (%zu pages made from their files), ledger %.0f ms "
		       "(summed over threads)\n",
		       st->markdown_ms, st->remade, st->search_ms, st->search_again,
		       st->cache_ms, st->spliced, st->ledger_ms);
}

/* gen build | gen check [options] */
static int build_main(int argc, char **argv)
{
	struct cli c = { .opt = { .root = ".", .out = NULL, .base_url = NULL } };
	c.build = !strcmp(argv[1], "build");
	c.opt.write = c.build;
	int rc = parse_build_options(argc, argv, &c);
	if (rc)
		return rc;
	struct buf out_dir = BUF_INIT;
	if (!c.opt.out) {
		buf_addf(&out_dir, "%s/site", c.opt.root);
		c.opt.out = out_dir.ptr;
	}
	c.opt.verbose = !c.build;

	struct diag diag;
	diag_init(&diag, stderr, NULL);
	struct build_stats st;
	rc = build_site(&c.opt, &diag, &st);
	print_summary(&c, &st, &diag, rc);
	free(st.report);
	buf_release(&out_dir);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		/* SIGPIPE is ignored: a closed pipe is an error like any other */
		fprintf(stderr, "gen: error: cannot write to standard output%s\n",
			c.build && rc == 0 ? " (the site was published)" : "");
		rc = 1;
	}
	return rc;
}

int main(int argc, char **argv)
{
	/* a closed standard output (`gen build | head`) is reported as an
	 * error and leaves nothing behind, instead of killing the build */
	signal(SIGPIPE, SIG_IGN);
#ifdef M_MMAP_THRESHOLD
	/* glibc raises its threshold for mmap to the largest block freed, so
	 * which blocks come from the heap depends on the order big pages and
	 * index files come and go: at 10,000 articles a language that cost up
	 * to 8 MB more at the peak. Fixed, a block of a megabyte or more is
	 * mapped (grown without a copy, zeroed for free) and unmapped when
	 * freed, whatever came before it. */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
	if (argc < 2)
		return usage_error("%s", "missing command");
	const char *cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		fputs(usage, stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version")) {
		printf("gen (gpuguide) %s\n", GEN_VERSION);
		return 0;
	}
	if (!strcmp(cmd, "serve"))
		return serve_main(argc, argv);
	if (strcmp(cmd, "build") && strcmp(cmd, "check"))
		return usage_error("unknown command \"%s\"", cmd);
	int rc = build_main(argc, argv);
	int sig = output_interrupted();
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;
}
