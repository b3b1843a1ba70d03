/* floor: the least work a static site generator can do on a gpuguide corpus,
 * as a lower bound for benchmarks. Reads every Markdown file in CORPUS/content/en and content/zh,
 * splits off the front matter (title, description, date, slug), renders the
 * body with libcmark (safe mode, smart punctuation), wraps it in a small
 * layout and writes OUT/<lang>/articles/<slug>/index.html, plus one index per
 * language listing every article (OUT/<lang>/articles/index.html).
 *
 *     floor [-j THREADS] CORPUS OUT
 *
 * Build: cc -std=c17 -O2 -D_DEFAULT_SOURCE -o floor floor.c -lcmark -lpthread
 * Shortcodes are left as text: resolving them is work the floor does not do.
 */
#include <cmark.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sbuf {
	char *p;
	size_t len, cap;
};

static void sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n + 1)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p) {
			perror("realloc");
			exit(1);
		}
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = 0;
}

static void sbuf_str(struct sbuf *b, const char *s) { sbuf_add(b, s, strlen(s)); }

static void sbuf_esc(struct sbuf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': sbuf_str(b, "&amp;"); break;
		case '<': sbuf_str(b, "&lt;"); break;
		case '>': sbuf_str(b, "&gt;"); break;
		case '"': sbuf_str(b, "&quot;"); break;
		default: sbuf_add(b, s, 1);
		}
	}
}

struct article {
	const char *lang;
	char *path;
	char *title, *description, *date, *slug;
};

static struct article *arts;
static size_t narts, caparts;
static const char *outdir;
static atomic_size_t next_job;
static atomic_int failed;

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct sbuf b = {0};
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		sbuf_add(&b, tmp, n);
	fclose(f);
	*len = b.len;
	return b.p ? b.p : strdup("");
}

static int write_file(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(s, 1, n, f) != n || fclose(f) != 0) {
		perror(path);
		return -1;
	}
	return 0;
}

static int mkdirs(const char *path)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s", path);
	for (char *p = tmp + 1; *p; p++) {
		if (*p == '/') {
			*p = 0;
			if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	}
	return mkdir(tmp, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* Splits "---\nkey: value\n...\n---\n" off src; fills the article's fields and
 * returns the body, or NULL when there is no front matter. */
static const char *split_front_matter(struct article *a, char *src)
{
	if (strncmp(src, "---\n", 4) != 0)
		return NULL;
	char *line = src + 4;
	for (;;) {
		char *nl = strchr(line, '\n');
		if (!nl)
			return NULL;
		*nl = 0;
		if (strcmp(line, "---") == 0)
			return nl + 1;
		char *colon = strchr(line, ':');
		if (colon) {
			*colon = 0;
			char *v = colon + 1;
			while (*v == ' ')
				v++;
			if (!strcmp(line, "title")) a->title = strdup(v);
			else if (!strcmp(line, "description")) a->description = strdup(v);
			else if (!strcmp(line, "date")) a->date = strdup(v);
			else if (!strcmp(line, "slug")) a->slug = strdup(v);
		}
		line = nl + 1;
	}
}

static void layout_open(struct sbuf *b, const char *lang, const char *title,
			const char *description)
{
	sbuf_str(b, "<!DOCTYPE html>\n<html lang=\"");
	sbuf_str(b, lang);
	sbuf_str(b, "\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	sbuf_esc(b, title);
	sbuf_str(b, " · GPU Buyer's Guide</title>\n<meta name=\"description\" content=\"");
	sbuf_esc(b, description);
	sbuf_str(b, "\">\n<link rel=\"stylesheet\" href=\"../../../style.css\">\n</head>\n<body>\n"
		    "<header class=\"site-header\"><div class=\"wrap\"><a class=\"brand\" href=\"../../\">"
		    "GPU Buyer's Guide</a></div></header>\n<main id=\"main\" class=\"wrap\">\n");
}

static void layout_close(struct sbuf *b)
{
	sbuf_str(b, "</main>\n<footer class=\"site-footer\"><div class=\"wrap\"><p>Every figure "
		    "comes from the data, and every row names its source.</p></div></footer>\n"
		    "</body>\n</html>\n");
}

static void render_article(struct article *a)
{
	size_t len;
	char *src = read_file(a->path, &len);
	const char *body = src ? split_front_matter(a, src) : NULL;
	if (!body || !a->slug || !a->title) {
		fprintf(stderr, "%s: unreadable or no front matter\n", a->path);
		atomic_store(&failed, 1);
		free(src);
		return;
	}
	char *html = cmark_markdown_to_html(body, strlen(body), CMARK_OPT_SMART);
	struct sbuf page = {0};
	layout_open(&page, a->lang, a->title, a->description ? a->description : "");
	sbuf_str(&page, "<article class=\"article\">\n<h1>");
	sbuf_esc(&page, a->title);
	sbuf_str(&page, "</h1>\n<p class=\"meta\"><time>");
	sbuf_esc(&page, a->date ? a->date : "");
	sbuf_str(&page, "</time></p>\n<div class=\"prose\">\n");
	sbuf_str(&page, html);
	sbuf_str(&page, "</div>\n</article>\n");
	layout_close(&page);

	char dir[4096], path[4200];
	snprintf(dir, sizeof dir, "%s/%s/articles/%s", outdir, a->lang, a->slug);
	snprintf(path, sizeof path, "%s/index.html", dir);
	if (mkdirs(dir) != 0 || write_file(path, page.p, page.len) != 0)
		atomic_store(&failed, 1);
	free(page.p);
	free(html);
	free(src);
}

static void *worker(void *arg)
{
	(void)arg;
	for (;;) {
		size_t i = atomic_fetch_add(&next_job, 1);
		if (i >= narts)
			return NULL;
		render_article(&arts[i]);
	}
}

static int by_name(const void *x, const void *y)
{
	const struct article *a = x, *b = y;
	int c = strcmp(a->lang, b->lang);
	return c ? c : strcmp(a->path, b->path);
}

static int list_language(const char *corpus, const char *lang)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/content/%s", corpus, lang);
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		return -1;
	}
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 4 || strcmp(e->d_name + n - 3, ".md") != 0)
			continue;
		if (narts == caparts) {
			caparts = caparts ? caparts * 2 : 1024;
			arts = realloc(arts, caparts * sizeof *arts);
		}
		struct article *a = &arts[narts++];
		memset(a, 0, sizeof *a);
		a->lang = lang;
		a->path = malloc(strlen(dir) + n + 2);
		sprintf(a->path, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	return 0;
}

static int write_index(const char *lang)
{
	struct sbuf b = {0};
	layout_open(&b, lang, strcmp(lang, "zh") ? "Articles" : "文章", "");
	sbuf_str(&b, "<ul class=\"article-list\">\n");
	for (size_t i = 0; i < narts; i++) {
		struct article *a = &arts[i];
		if (strcmp(a->lang, lang) != 0 || !a->slug)
			continue;
		sbuf_str(&b, "<li><h2><a href=\"");
		sbuf_esc(&b, a->slug);
		sbuf_str(&b, "/\">");
		sbuf_esc(&b, a->title);
		sbuf_str(&b, "</a></h2><p class=\"meta\"><time>");
		sbuf_esc(&b, a->date ? a->date : "");
		sbuf_str(&b, "</time></p><p>");
		sbuf_esc(&b, a->description ? a->description : "");
		sbuf_str(&b, "</p></li>\n");
	}
	sbuf_str(&b, "</ul>\n");
	layout_close(&b);
	char path[4200];
	snprintf(path, sizeof path, "%s/%s/articles", outdir, lang);
	int rc = mkdirs(path);
	snprintf(path, sizeof path, "%s/%s/articles/index.html", outdir, lang);
	if (rc == 0)
		rc = write_file(path, b.p, b.len);
	free(b.p);
	return rc;
}

int main(int argc, char **argv)
{
	int threads = 1, opt;
	while ((opt = getopt(argc, argv, "j:")) != -1) {
		if (opt == 'j' && atoi(optarg) > 0)
			threads = atoi(optarg);
		else {
			fprintf(stderr, "usage: floor [-j THREADS] CORPUS OUT\n");
			return 2;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: floor [-j THREADS] CORPUS OUT\n");
		return 2;
	}
	const char *corpus = argv[optind];
	outdir = argv[optind + 1];
	if (list_language(corpus, "en") != 0 || list_language(corpus, "zh") != 0)
		return 1;
	qsort(arts, narts, sizeof *arts, by_name);

	pthread_t tid[64];
	if (threads > 64)
		threads = 64;
	for (int i = 1; i < threads; i++)
		pthread_create(&tid[i], NULL, worker, NULL);
	worker(NULL);
	for (int i = 1; i < threads; i++)
		pthread_join(tid[i], NULL);

	if (write_index("en") != 0 || write_index("zh") != 0)
		failed = 1;
	for (size_t i = 0; i < narts; i++) {
		free(arts[i].path);
		free(arts[i].title);
		free(arts[i].description);
		free(arts[i].date);
		free(arts[i].slug);
	}
	free(arts);
	return failed ? 1 : 0;
}
