#include "build/serve.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "publish/output.h"
#include "build/build.h"
#include "view/site.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <microhttpd.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SERVE_DEBOUNCE_MS 200
#define SERVE_VERSION_URL "/__gen/version"
#define SERVE_STATUS_URL "/__gen/status"
/* The base URL serve builds with; in HTML responses it becomes "/" so that
 * pages using absolute links (404.html, canonical links) work in preview. */
#define SERVE_BASE_URL "https://gpuguide.example"

/* libmicrohttpd, opened when `gen serve` starts (GEN_MHD_SONAME, the
 * library libmicrohttpd-dev links against, as the Makefile found it), not
 * linked: linked, it and the TLS libraries it needs (gnutls and eight more)
 * are loaded and relocated at the start of every `gen build` too, 5 M
 * instructions, a sixth of a rebuild that finds nothing changed. Its
 * functions are called through this table, each of the type its header
 * declares. */
#ifndef GEN_MHD_SONAME
#define GEN_MHD_SONAME "libmicrohttpd.so.12"
#endif
static struct {
	void *lib;
	__typeof__(MHD_start_daemon) *start_daemon;
	__typeof__(MHD_stop_daemon) *stop_daemon;
	__typeof__(MHD_get_daemon_info) *get_daemon_info;
	__typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
	__typeof__(MHD_create_response_from_fd) *create_response_from_fd;
	__typeof__(MHD_add_response_header) *add_response_header;
	__typeof__(MHD_queue_response) *queue_response;
	__typeof__(MHD_destroy_response) *destroy_response;
} mhd;

/* Open the library and find its functions; 0, or -1 with the reason said. */
static int mhd_open(void)
{
	/* (a function's address stored through a void **, as POSIX's dlsym
	 * says to: C has no conversion from void * to a function pointer) */
	const struct {
		const char *name;
		void **fn;
	} fns[] = {
		{ "MHD_start_daemon", (void **)&mhd.start_daemon },
		{ "MHD_stop_daemon", (void **)&mhd.stop_daemon },
		{ "MHD_get_daemon_info", (void **)&mhd.get_daemon_info },
		{ "MHD_create_response_from_buffer", (void **)&mhd.create_response_from_buffer },
		{ "MHD_create_response_from_fd", (void **)&mhd.create_response_from_fd },
		{ "MHD_add_response_header", (void **)&mhd.add_response_header },
		{ "MHD_queue_response", (void **)&mhd.queue_response },
		{ "MHD_destroy_response", (void **)&mhd.destroy_response },
	};
	mhd.lib = dlopen(GEN_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!mhd.lib) {
		fprintf(stderr, "gen: serve needs libmicrohttpd: %s "
			"(`make` installs it: apt-get install libmicrohttpd-dev)\n", dlerror());
		return -1;
	}
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		*fns[i].fn = dlsym(mhd.lib, fns[i].name);
		if (!*fns[i].fn) {
			fprintf(stderr, "gen: %s has no %s\n", GEN_MHD_SONAME, fns[i].name);
			dlclose(mhd.lib);
			mhd.lib = NULL;
			return -1;
		}
	}
	return 0;
}

/* What the request threads read and the build loop writes. */
struct serve_state {
	pthread_mutex_t lock;
	unsigned long build; /* bumped whenever what is served changed */
	char *errors;        /* diagnostics of the failing build, or NULL */
	char *status;        /* the last good build's summary and changes */
	const char *site_dir;
};

/* Folders being watched: inotify watch descriptor -> path. */
struct watch_dir {
	int wd;
	char *path;
};

struct watch {
	int fd;
	struct watch_dir *dirs;
	size_t n, cap;
	char changed[512]; /* the last changed file, for the terminal */
};

static const uint32_t watch_mask = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE |
	IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF |
	IN_ONLYDIR;

static volatile sig_atomic_t stop_signal;
static int stop_pipe[2] = { -1, -1 };

static void serve_on_signal(int sig)
{
	int saved = errno;
	stop_signal = sig;
	if (stop_pipe[1] >= 0) {
		char c = 1;
		ssize_t w = write(stop_pipe[1], &c, 1);
		(void)w;
	}
	errno = saved;
}

/* ---- pure helpers ---- */

const char *serve_content_type(const char *name)
{
	static const struct {
		const char *ext, *type;
	} types[] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".css", "text/css; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" },
		{ ".svg", "image/svg+xml" },
		{ ".xml", "application/xml; charset=utf-8" },
		{ ".csv", "text/csv; charset=utf-8" },
		{ ".txt", "text/plain; charset=utf-8" },
		{ ".json", "application/json" },
		{ ".png", "image/png" },
		{ ".jpg", "image/jpeg" },
		{ ".ico", "image/x-icon" },
		{ ".woff2", "font/woff2" },
	};
	const char *slash = strrchr(name, '/');
	const char *dot = strrchr(slash ? slash : name, '.');
	if (dot)
		for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
			if (!strcasecmp(dot, types[i].ext))
				return types[i].type;
	return "application/octet-stream";
}

void serve_inject(struct buf *out, const char *html, size_t len,
		  const char *script)
{
	static const char tag[] = "</body>";
	size_t tlen = sizeof tag - 1;
	size_t at = len;
	for (size_t i = len >= tlen ? len - tlen + 1 : 0; i-- > 0;)
		if (!strncasecmp(html + i, tag, tlen)) {
			at = i;
			break;
		}
	buf_add(out, html, at);
	buf_adds(out, script);
	buf_add(out, html + at, len - at);
}

void serve_rebase(struct buf *out, const char *html, size_t len,
		  const char *from, const char *to)
{
	size_t flen = strlen(from);
	size_t done = 0;
	for (size_t i = 0; flen && i + flen <= len;) {
		if (html[i] == from[0] && !memcmp(html + i, from, flen)) {
			buf_add(out, html + done, i - done);
			buf_adds(out, to);
			i += flen;
			done = i;
		} else {
			i++;
		}
	}
	buf_add(out, html + done, len - done);
}

int serve_path_is_safe(const char *path)
{
	if (path[0] != '/' || strchr(path, '\\'))
		return 0;
	for (const char *seg = path + 1;;) {
		const char *end = strchr(seg, '/');
		size_t n = end ? (size_t)(end - seg) : strlen(seg);
		if (n == 2 && seg[0] == '.' && seg[1] == '.')
			return 0;
		if (!end)
			return 1;
		seg = end + 1;
	}
}

static double serve_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* ---- responses ---- */

/* The script that makes an open page reload when the build number moves
 * past the one it was served with. */
static void serve_add_reload_script(struct buf *b, unsigned long build)
{
	buf_addf(b,
		 "<script>/* gen serve: live reload */(function(){var b=\"%lu\";"
		 "function p(){fetch(\"" SERVE_VERSION_URL "\",{cache:\"no-store\"})"
		 ".then(function(r){return r.text();}).then(function(t){"
		 "if(t.trim()!==b){location.reload();}else{setTimeout(p,500);}},"
		 "function(){setTimeout(p,2000);});}setTimeout(p,500);})();</script>",
		 build);
}

static void serve_add_error_page(struct buf *b, const char *errors,
				 unsigned long build)
{
	buf_adds(b,
		 "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
		 "<title>Build failed \xE2\x80\x94 gen serve</title><style>"
		 "body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;"
		 "max-width:60rem;padding:0 1rem;color:#1a1a1a;background:#fff}"
		 "h1{color:#a00}pre{background:#fff4f4;border:1px solid #c33;"
		 "padding:1rem;white-space:pre-wrap;overflow-wrap:anywhere}"
		 "</style></head>\n<body><main><h1>The build failed</h1>"
		 "<p>gen serve keeps the last good site. Fix the problems below: "
		 "this page reloads by itself when the build succeeds.</p>\n<pre>");
	text_escape_htmls(b, errors);
	buf_adds(b, "</pre></main>\n");
	serve_add_reload_script(b, build);
	buf_adds(b, "\n</body></html>\n");
}

/* The status page: the last good build's summary line and what it changed
 * in the figures the site shows (guide_ledger.h), escaped. */
static void serve_add_status_page(struct buf *b, const char *status,
				  const char *errors, unsigned long build)
{
	buf_adds(b,
		 "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
		 "<title>Status \xE2\x80\x94 gen serve</title><style>"
		 "body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;"
		 "max-width:60rem;padding:0 1rem;color:#1a1a1a;background:#fff}"
		 "pre{background:#f6f6f6;border:1px solid #999;padding:1rem;"
		 "white-space:pre-wrap;overflow-wrap:anywhere}"
		 "</style></head>\n<body><main><h1>Last build</h1>\n");
	if (errors) {
		buf_adds(b, "<p>The last build failed; the site served is the last good one.</p>\n<pre>");
		text_escape_htmls(b, errors);
		buf_adds(b, "</pre>\n<h2>Last good build</h2>\n");
	}
	buf_adds(b, "<pre>");
	text_escape_htmls(b, status ? status : "");
	buf_adds(b, "</pre></main>\n");
	serve_add_reload_script(b, build);
	buf_adds(b, "\n</body></html>\n");
}

static enum MHD_Result serve_queue(struct MHD_Connection *c, unsigned status,
				   struct MHD_Response *r, const char *type)
{
	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	enum MHD_Result ret = mhd.queue_response(c, status, r);
	mhd.destroy_response(r);
	return ret;
}

static enum MHD_Result serve_text(struct MHD_Connection *c, unsigned status,
				  const char *text)
{
	struct MHD_Response *r = mhd.create_response_from_buffer(
		strlen(text), (void *)text, MHD_RESPMEM_MUST_COPY);
	return serve_queue(c, status, r, "text/plain; charset=utf-8");
}

/* An HTML page: with the reload script, or the error page while the last
 * build failed. `html` may be NULL (a missing 404.html). */
/* Answer with the HTML page built in `b` (taken: the buffer is left empty). */
static enum MHD_Result serve_buf_html(struct MHD_Connection *c, unsigned status,
				      struct buf *b)
{
	size_t len;
	char *body = buf_detach(b, &len);
	struct MHD_Response *r = mhd.create_response_from_buffer(
		len, body, MHD_RESPMEM_MUST_FREE);
	if (!r)
		free(body);
	return serve_queue(c, status, r, "text/html; charset=utf-8");
}

static enum MHD_Result serve_html(struct serve_state *st,
				  struct MHD_Connection *c, unsigned status,
				  const struct buf *html)
{
	struct buf b = BUF_INIT;
	pthread_mutex_lock(&st->lock);
	unsigned long build = st->build;
	if (st->errors) {
		serve_add_error_page(&b, st->errors, build);
		status = MHD_HTTP_INTERNAL_SERVER_ERROR;
	} else {
		struct buf script = BUF_INIT;
		serve_add_reload_script(&script, build);
		if (html) {
			struct buf local = BUF_INIT;
			serve_rebase(&local, html->ptr, html->len,
				     SERVE_BASE_URL "/", "/");
			serve_inject(&b, local.ptr, local.len, script.ptr);
			buf_release(&local);
		}
		else
			buf_addf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
				 "<meta charset=\"utf-8\"><title>Not found</title>"
				 "</head><body><h1>Not found</h1>%s</body></html>\n",
				 script.ptr);
		buf_release(&script);
	}
	pthread_mutex_unlock(&st->lock);
	return serve_buf_html(c, status, &b);
}

static bool serve_is_html(const char *path)
{
	return !strcmp(serve_content_type(path), "text/html; charset=utf-8");
}

static enum MHD_Result serve_not_found(struct serve_state *st,
				       struct MHD_Connection *c)
{
	struct buf path = BUF_INIT, html = BUF_INIT;
	buf_addf(&path, "%s/404.html", st->site_dir);
	bool have = (fs_read_file(path.ptr, &html) == 0);
	enum MHD_Result ret = serve_html(st, c, MHD_HTTP_NOT_FOUND,
					 have ? &html : NULL);
	buf_release(&path);
	buf_release(&html);
	return ret;
}

/* Location for a folder named without its slash: the URL, percent-encoded
 * where needed, plus "/". */
static enum MHD_Result serve_redirect_to_folder(struct MHD_Connection *c,
						const char *url)
{
	struct buf loc = BUF_INIT;
	for (const unsigned char *p = (const unsigned char *)url; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
			buf_addc(&loc, (char)*p);
		else
			buf_addf(&loc, "%%%02X", *p);
	}
	buf_addc(&loc, '/');
	struct MHD_Response *r = mhd.create_response_from_buffer(
		0, NULL, MHD_RESPMEM_PERSISTENT);
	if (r)
		mhd.add_response_header(r, MHD_HTTP_HEADER_LOCATION, loc.ptr);
	buf_release(&loc);
	return serve_queue(c, MHD_HTTP_MOVED_PERMANENTLY, r,
			   "text/plain; charset=utf-8");
}

static enum MHD_Result serve_file(struct serve_state *st,
				  struct MHD_Connection *c, const char *url)
{
	struct buf path = BUF_INIT;
	buf_addf(&path, "%s%s", st->site_dir, url);
	struct stat sb;
	enum MHD_Result ret;
	if (stat(path.ptr, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (url[strlen(url) - 1] != '/') {
			buf_release(&path);
			return serve_redirect_to_folder(c, url);
		}
		buf_adds(&path, "index.html");
	}
	int fd = open(path.ptr, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		if (fd >= 0)
			close(fd);
		ret = serve_not_found(st, c);
	} else if (serve_is_html(path.ptr)) {
		close(fd);
		struct buf html = BUF_INIT;
		if (fs_read_file(path.ptr, &html) == 0)
			ret = serve_html(st, c, MHD_HTTP_OK, &html);
		else
			ret = serve_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR,
					 "cannot read the file\n");
		buf_release(&html);
	} else {
		/* MHD owns and closes the descriptor from here on. */
		struct MHD_Response *r =
			mhd.create_response_from_fd((uint64_t)sb.st_size, fd);
		if (!r)
			close(fd);
		ret = serve_queue(c, MHD_HTTP_OK, r,
				  serve_content_type(path.ptr));
	}
	buf_release(&path);
	return ret;
}

static enum MHD_Result serve_answer(void *cls, struct MHD_Connection *c,
				    const char *url, const char *method,
				    const char *version, const char *upload_data,
				    size_t *upload_size, void **con_cls)
{
	(void)version;
	(void)upload_data;
	(void)upload_size;
	(void)con_cls;
	struct serve_state *st = cls;
	if (strcmp(method, MHD_HTTP_METHOD_GET) &&
	    strcmp(method, MHD_HTTP_METHOD_HEAD)) {
		struct MHD_Response *r = mhd.create_response_from_buffer(
			19, (void *)"method not allowed\n", MHD_RESPMEM_PERSISTENT);
		if (r)
			mhd.add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
		return serve_queue(c, MHD_HTTP_METHOD_NOT_ALLOWED, r,
				   "text/plain; charset=utf-8");
	}
	if (!strcmp(url, SERVE_VERSION_URL)) {
		char num[32];
		pthread_mutex_lock(&st->lock);
		snprintf(num, sizeof num, "%lu\n", st->build);
		pthread_mutex_unlock(&st->lock);
		return serve_text(c, MHD_HTTP_OK, num);
	}
	if (!strcmp(url, SERVE_STATUS_URL)) {
		struct buf b = BUF_INIT;
		pthread_mutex_lock(&st->lock);
		serve_add_status_page(&b, st->status, st->errors, st->build);
		pthread_mutex_unlock(&st->lock);
		return serve_buf_html(c, MHD_HTTP_OK, &b);
	}
	if (!serve_path_is_safe(url))
		return serve_text(c, MHD_HTTP_BAD_REQUEST, "bad path\n");
	return serve_file(st, c, url);
}

/* ---- watching ---- */

static void watch_add_tree(struct watch *w, const char *dir)
{
	int wd = inotify_add_watch(w->fd, dir, watch_mask);
	if (wd < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			fprintf(stderr, "gen: cannot watch %s: %s\n", dir,
				strerror(errno));
		return;
	}
	size_t i = 0;
	while (i < w->n && w->dirs[i].wd != wd)
		i++;
	if (i == w->n) {
		ALLOC_GROW(w->dirs, w->n, w->cap);
		w->dirs[w->n++].wd = wd;
	} else {
		free(w->dirs[i].path);
	}
	w->dirs[i].path = xstrdup(dir);
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	struct buf sub = BUF_INIT;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		buf_reset(&sub);
		buf_addf(&sub, "%s/%s", dir, e->d_name);
		struct stat sb;
		if (lstat(sub.ptr, &sb) == 0 && S_ISDIR(sb.st_mode))
			watch_add_tree(w, sub.ptr);
	}
	buf_release(&sub);
	closedir(d);
}

static const char *watch_dir_path(const struct watch *w, int wd)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->dirs[i].wd == wd)
			return w->dirs[i].path;
	return NULL;
}

static void watch_forget(struct watch *w, int wd)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->dirs[i].wd == wd) {
			free(w->dirs[i].path);
			w->dirs[i] = w->dirs[--w->n];
			return;
		}
}

/* Editors' swap and backup files do not change the site. */
static bool watch_name_is_noise(const char *name)
{
	size_t n = strlen(name);
	return name[0] == '.' || (n && name[n - 1] == '~') ||
	       (n > 4 && (!strcmp(name + n - 4, ".swp") ||
			  !strcmp(name + n - 4, ".swx") ||
			  !strcmp(name + n - 4, ".tmp")));
}

/* Read the pending events; true when one of them may change the site. */
static bool watch_read(struct watch *w)
{
	char data[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	bool relevant = false;
	for (;;) {
		ssize_t n = read(w->fd, data, sizeof data);
		if (n <= 0)
			break;
		for (char *p = data; p < data + n;) {
			const struct inotify_event *ev = (const void *)p;
			p += sizeof *ev + ev->len;
			if (ev->mask & IN_Q_OVERFLOW) {
				relevant = true;
				continue;
			}
			if (ev->mask & IN_IGNORED) {
				watch_forget(w, ev->wd);
				continue;
			}
			const char *dir = watch_dir_path(w, ev->wd);
			const char *name = ev->len ? ev->name : "";
			if (!dir || (ev->len && watch_name_is_noise(name)))
				continue;
			snprintf(w->changed, sizeof w->changed, "%s%s%s", dir,
				 ev->len ? "/" : "", name);
			if ((ev->mask & IN_ISDIR) &&
			    (ev->mask & (IN_CREATE | IN_MOVED_TO)))
				watch_add_tree(w, w->changed);
			relevant = true;
		}
	}
	return relevant;
}

static int watch_start(struct watch *w, const char *root)
{
	memset(w, 0, sizeof *w);
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w->fd < 0) {
		fprintf(stderr, "gen: cannot start watching files: %s\n",
			strerror(errno));
		return -1;
	}
	static const char *const dirs[] = { "content", "data", "templates" };
	struct buf path = BUF_INIT;
	for (size_t i = 0; i < 3; i++) {
		buf_reset(&path);
		buf_addf(&path, "%s/%s", root, dirs[i]);
		watch_add_tree(w, path.ptr);
	}
	buf_release(&path);
	return 0;
}

static void watch_stop(struct watch *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->dirs[i].path);
	free(w->dirs);
	if (w->fd >= 0)
		close(w->fd);
}

/* ---- building ---- */

static void serve_build(struct serve_state *st, const struct site_options *opt)
{
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, stderr, &log);
	struct build_stats stats;
	int rc = build_site(opt, &d, &stats);
	pthread_mutex_lock(&st->lock);
	if (rc == 0) {
		struct buf status = BUF_INIT;
		buf_adds(&status, stats.report ? stats.report : "No figure changed.\n");
		buf_addf(&status, "gen: %zu pages written, %zu unchanged, %zu removed, "
			 "%d warnings, %.0f ms (%zu pages rendered, %zu kept)\n",
			 stats.written, stats.unchanged, stats.removed, stats.warnings,
			 stats.ms, stats.rendered, stats.kept);
		fputs(stats.report ? status.ptr : strchr(status.ptr, '\n') + 1, stdout);
		free(st->status);
		st->status = buf_detach(&status, NULL);
		if (st->errors || stats.written || stats.removed)
			st->build++;
		free(st->errors);
		st->errors = NULL;
	} else {
		fprintf(stderr, "gen: %d error%s, %d warning%s; still serving "
			"the last good site\n", d.errors, d.errors == 1 ? "" : "s",
			d.warnings, d.warnings == 1 ? "" : "s");
		if (!st->errors || strcmp(st->errors, log.ptr)) {
			free(st->errors);
			st->errors = buf_detach(&log, NULL);
			st->build++;
		}
	}
	pthread_mutex_unlock(&st->lock);
	free(stats.report);
	fflush(stdout);
	buf_release(&log);
}

/* The pipe the signal handler writes to, so poll() wakes up. */
static int serve_open_stop_pipe(void)
{
	if (pipe(stop_pipe) != 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		fcntl(stop_pipe[i], F_SETFD, FD_CLOEXEC);
		fcntl(stop_pipe[i], F_SETFL, O_NONBLOCK);
	}
	return 0;
}

static void serve_catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = serve_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static struct MHD_Daemon *serve_listen(struct serve_state *st, int port)
{
	struct sockaddr_in addr;
	memset(&addr, 0, sizeof addr);
	addr.sin_family = AF_INET;
	addr.sin_port = htons((uint16_t)port);
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	/* The server's threads inherit a mask without SIGINT/SIGTERM, so the
	 * signals reach the thread that builds and watches. */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	struct MHD_Daemon *daemon = mhd.start_daemon(
		MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ERROR_LOG, (uint16_t)port,
		NULL, NULL, serve_answer, st, MHD_OPTION_SOCK_ADDR, &addr,
		MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return daemon;
}

int serve_run(const char *root, int port)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	struct buf site_dir = BUF_INIT;
	buf_addf(&site_dir, "%s/site", root);
	struct site_options opt = {
		.root = root,
		.out = site_dir.ptr,
		.base_url = SERVE_BASE_URL,
		.write = true,
	};
	struct serve_state st = { .build = 1, .site_dir = site_dir.ptr };
	pthread_mutex_init(&st.lock, NULL);
	int rc = 1;
	struct watch w = { .fd = -1 };
	struct MHD_Daemon *daemon = NULL;
	if (mhd_open() != 0)
		goto done;
	if (serve_open_stop_pipe() != 0) {
		fprintf(stderr, "gen: %s\n", strerror(errno));
		goto done;
	}
	serve_catch_signals();
	if (watch_start(&w, root) != 0)
		goto done;
	serve_build(&st, &opt);
	if (stop_signal || output_interrupted())
		goto stopped;
	daemon = serve_listen(&st, port);
	if (!daemon) {
		fprintf(stderr, "gen: cannot listen on 127.0.0.1:%d (is the port "
			"in use?)\n", port);
		goto done;
	}
	const union MHD_DaemonInfo *info =
		mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
	printf("gen: serving http://127.0.0.1:%u/ from %s; watching content/, "
	       "data/, templates/; Ctrl-C stops\n",
	       info ? (unsigned)info->port : (unsigned)port, site_dir.ptr);

	bool pending = false;
	double last = 0;
	while (!stop_signal && !output_interrupted()) {
		int timeout = -1;
		if (pending) {
			double left = last + SERVE_DEBOUNCE_MS - serve_now_ms();
			timeout = left > 0 ? (int)left + 1 : 0;
		}
		struct pollfd p[2] = { { stop_pipe[0], POLLIN, 0 },
				       { w.fd, POLLIN, 0 } };
		int n = poll(p, 2, timeout);
		if (n < 0 && errno != EINTR) {
			fprintf(stderr, "gen: poll: %s\n", strerror(errno));
			break;
		}
		if (n > 0 && (p[1].revents & POLLIN) && watch_read(&w)) {
			pending = true;
			last = serve_now_ms();
		}
		if (pending && !stop_signal &&
		    serve_now_ms() - last >= SERVE_DEBOUNCE_MS) {
			pending = false;
			printf("gen: %s changed; rebuilding\n", w.changed);
			serve_build(&st, &opt);
		}
	}
stopped:
	printf("gen: stopped\n");
	rc = 0;
done:
	if (daemon)
		mhd.stop_daemon(daemon);
	watch_stop(&w);
	for (int i = 0; i < 2; i++)
		if (stop_pipe[i] >= 0) {
			close(stop_pipe[i]);
			stop_pipe[i] = -1;
		}
	free(st.errors);
	free(st.status);
	pthread_mutex_destroy(&st.lock);
	buf_release(&site_dir);
	if (mhd.lib) {
		dlclose(mhd.lib);
		mhd.lib = NULL;
	}
	return rc;
}
