/* The articles' folders and files (content.h). */
#include "build/content.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/fs.h"
#include "base/pool.h"
#include "base/xalloc.h"
#include "markdown/frontmatter.h"
#include "model/i18n.h"
#include "view/site.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the folders ---- */

/* Articles only count in content/en/ and content/zh/ themselves: one in a
 * sub-folder or another language's folder would silently not be published,
 * so each such folder holding a .md file is an error (not a warning: the
 * editor expects the article on the site, and a warning scrolls by). */
static bool is_markdown(const char *name)
{
	size_t n = strlen(name);
	return n > 3 && !strcmp(name + n - 3, ".md");
}

static bool holds_markdown(const char *dir, int depth)
{
	char **names = fs_list_dir_kinds(dir);
	bool found = false;
	for (char **e = names; e && *e && !found; e++) {
		const char *name = *e + 1;
		if (name[0] == '.')
			continue;
		if ((enum fs_kind)(*e)[0] == FS_DIR && depth < 8) {
			struct buf sub = BUF_INIT;
			buf_addf(&sub, "%s/%s", dir, name);
			found = holds_markdown(sub.ptr, depth + 1);
			buf_release(&sub);
		} else if (is_markdown(name)) {
			found = true;
		}
	}
	fs_free_list(names);
	return found;
}

/* A note for editors beside the articles (STYLE.md, README.md: a name in
 * capitals), not an article that would be lost. */
static bool is_editors_note(const char *name)
{
	const char *dot = strrchr(name, '.');
	if (!dot || dot == name)
		return false;
	for (const char *c = name; c < dot; c++)
		if (!((*c >= 'A' && *c <= 'Z') || *c == '_' || *c == '-'))
			return false;
	return true;
}

void content_check_folders(struct site *s)
{
	const char *content = arena_printf(&s->arena, "%s/content", s->in.opt.root);
	char **names = fs_list_dir_kinds(content);
	for (char **e = names; e && *e; e++) {
		const char *name = *e + 1;
		enum fs_kind kind = (enum fs_kind)(*e)[0];
		if (name[0] == '.')
			continue;
		const char *full = arena_printf(&s->arena, "%s/%s", content, name);
		int lang = lang_from_code(name);
		if (lang >= 0 && kind == FS_DIR) {
			/* its folders only: its thousands of articles are listed
			 * (and sorted) once, by the loader */
			char **sub = fs_list_dir_of_kinds(full, FS_KIND(FS_DIR));
			for (char **f = sub; f && *f; f++) {
				const char *child = arena_printf(&s->arena, "%s/%s", full, *f + 1);
				if ((*f)[1] != '.' && holds_markdown(child, 0))
					diag_error(s->diag, arena_printf(&s->arena, "content/%s/%s", name, *f + 1),
						   0, 0, "articles in sub-folders are not read; move them to content/%s/",
						   name);
			}
			fs_free_list(sub);
		} else if (kind == FS_DIR && holds_markdown(full, 0)) {
			diag_error(s->diag, arena_printf(&s->arena, "content/%s", name), 0, 0,
				   "not a language of the site (en, zh): its articles would not be published");
		} else if (kind != FS_DIR && is_markdown(name) && !is_editors_note(name)) {
			diag_error(s->diag, arena_printf(&s->arena, "content/%s", name), 0, 0,
				   "articles go in content/en/ or content/zh/; this one would not be published");
		}
	}
	fs_free_list(names);
}


/* ---- the articles ---- */

static void add_article(struct site *s, const struct article *a)
{
	ALLOC_GROW(s->in.articles, s->in.narticles, s->in.cap_articles);
	s->in.articles[s->in.narticles++] = *a;
}

/* One file of content/<lang>/ to load, and what loading it gave (tens of
 * thousands of them: a few words each). */
struct article_file {
	enum lang lang;
	const char *full; /* the file's path (in load_all's arena of paths) */
	const char *path; /* as shown in messages: content/en/x.md (the end of full) */
	struct article a;
	bool keep;  /* parsed, valid and not a draft */
	struct diag *diag; /* its messages, for load_all (malloc'd; NULL: none) */
};

/* The .md files of both languages, in name order per language, their paths
 * in `paths` (one block for thousands: it runs beside the build's other
 * loading, content_load, so it keeps them out of the site's arena). */
static struct article_file *list_files(const struct site *s, struct arena *paths, size_t *n)
{
	struct article_file *files = NULL;
	size_t cap = 0, root = strlen(s->in.opt.root);
	struct buf dir = BUF_INIT;
	*n = 0;
	for (int l = 0; l < LANG_COUNT; l++) {
		buf_reset(&dir);
		buf_addf(&dir, "%s/content/%s", s->in.opt.root, lang_code((enum lang)l));
		char **names = fs_path_escapes(dir.ptr, s->in.opt.root) ? NULL /* reported by
			      the site's check of content/ */ : fs_list_dir(dir.ptr, ".md");
		size_t listed = 0;
		while (names && names[listed])
			listed++;
		if (*n + listed > cap) { /* room for them all at once: the files are big */
			cap = *n + listed;
			files = xreallocarray(files, cap, sizeof *files);
		}
		for (char **nm = names; nm && *nm; nm++) {
			if ((*nm)[0] == '.')
				continue;
			const char *full = arena_join(paths, dir.ptr, dir.len, '/', *nm,
						      strlen(*nm));
			struct article_file *f = &files[(*n)++];
			memset(f, 0, sizeof *f);
			f->lang = (enum lang)l;
			f->full = full;
			f->path = full + root + 1; /* "content/<lang>/<name>" */
		}
		fs_free_list(names);
	}
	buf_release(&dir);
	return files;
}

/* The key of a file's parse in the memo: its path, language and id (as
 * the build's fingerprint of its inputs knows a file without reading it). */
static struct digest_value parse_key(const struct article_file *f,
				     const struct fs_file_id *id)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "article front matter");
	digest_add_str(&d, f->path);
	digest_add_u64(&d, (uint64_t)f->lang);
	fs_file_id_digest(&d, id);
	return digest_end(&d);
}

/* The file's parse from the last build when its id is the one it had then
 * (the one the build's fingerprint took, or taken now: before any read,
 * and not of the last moments: see fs_file_id_settled); *key set for
 * keeping a new one (false: the file is not to be kept, being a link,
 * racing or without a memo). */
static bool load_kept(struct article_file *f, const struct markdown_memo *memo,
		      struct digest_value *key, bool *keep)
{
	struct fs_file_id id;
	*keep = memo &&
		((memo->file_id && memo->file_id(memo->ctx, f->path, &id) == 0) ||
		 fs_file_id_at(AT_FDCWD, f->full, &id) == 0) &&
		fs_file_id_settled(&id);
	if (!*keep)
		return false;
	*key = parse_key(f, &id);
	struct buf rec = BUF_INIT;
	bool found = memo->find(memo->ctx, *key, &rec) == 0 &&
		     markdown_article_decode(&f->a, f->path, f->lang, rec.ptr, rec.len) == 0;
	buf_release(&rec);
	if (found)
		f->keep = !f->a.draft;
	return found;
}

/* What load_all hands the pool: the files, what loading them needs, and a
 * diag per thread for the file it loads. */
struct load_jobs {
	struct article_file *files;
	const char *root; /* the project folder */
	/* the last build's parses and the next's (NULL: none kept) */
	const struct markdown_memo *memo;
	struct diag diag[POOL_MAX_JOBS]; /* kept, empty between files */
	atomic_size_t held; /* the bodies' bytes held (CONTENT_HELD_BODIES) */
};

/* The body of the file read into `src` held by its article `a` for its
 * page (src's block moved, not copied, and cut to the body's size) while
 * the bodies held stay within CONTENT_HELD_BODIES; else left to be read
 * again when the page is rendered. Which ones are held depends on the
 * threads; what is rendered does not: a body held is the one its front
 * matter was read with. */
static void hold_body(struct load_jobs *j, struct article *a, struct buf *src)
{
	size_t n = src->len - a->body_at;
	/* (a body refused counts too: once past the bound, none is held) */
	if (atomic_fetch_add_explicit(&j->held, n, memory_order_relaxed) + n >
	    CONTENT_HELD_BODIES)
		return;
	memmove(src->ptr, src->ptr + a->body_at, n);
	buf_truncate(src, n);
	a->body = xrealloc(buf_detach(src, NULL), n + 1);
}

/* Load one file (on any thread): its front matter checked, its words
 * counted, its body held for its page (hold_body) or dropped (read again
 * when its page is rendered); or all of that but the body from the last
 * build's record of the file as it still is. A parse that raised no
 * message is kept for the next build. */
static void load_file(struct load_jobs *j, struct article_file *f, struct diag *d)
{
	struct digest_value key;
	bool keep;
	if (load_kept(f, j->memo, &key, &keep))
		return;
	struct buf src = BUF_INIT;
	int rc = fs_read_file_nofollow(f->full, &src);
	/* a file linked from outside the project is refused by the site's check
	 * of content/; it must not be read either */
	bool is_link = rc != 0 && errno == ELOOP;
	bool refused = is_link && fs_path_escapes(f->full, j->root);
	if (is_link && !refused)
		rc = fs_read_file(f->full, &src);
	if (!refused) {
		if (rc != 0) {
			diag_error(d, f->path, 0, 0, "cannot read: %s", fs_strerror(errno));
		} else if (markdown_parse_front(&f->a, f->path, f->lang, src.ptr, src.len,
						d) == 0) {
			/* the body's words counted; the body held for its page
			 * (hold_body), or read again then */
			f->keep = !f->a.draft;
			bool clean = keep && !d->errors && !d->warnings;
			if (clean && !f->keep) {
				markdown_article_keep(j->memo, key, &f->a, &src); /* a draft's */
			} else if (clean) {
				/* kept once its page is rendered, with its body's key */
				f->a.parse_key = key;
				f->a.parse_unkept = true;
			}
			if (f->keep)
				hold_body(j, &f->a, &src);
		}
	}
	buf_release(&src);
}

static void load_job(void *ctx, size_t i, int worker)
{
	struct load_jobs *j = ctx;
	struct diag *d = &j->diag[worker];
	load_file(j, &j->files[i], d);
	j->files[i].diag = diag_take_kept(d);
}

/* Load every article on all cores, the build's other loading (`beside`)
 * started first, beside the listing of the files; messages and articles
 * are taken in file order afterwards, so the result does not depend on
 * the threads. */
static void load_all(struct site *s, void (*beside)(void *ctx), void *ctx)
{
	size_t n;
	int jobs = pool_size(s->in.opt.jobs);
	struct pool_beside other;
	if (beside)
		pool_beside_start(&other, jobs, beside, ctx);
	struct load_jobs *j = xcalloc(1, sizeof *j);
	atomic_init(&j->held, 0);
	struct arena paths = ARENA_INIT;
	j->files = list_files(s, &paths, &n);
	j->root = s->in.opt.root;
	j->memo = s->in.markdown_memo;
	for (int w = 0; w < POOL_MAX_JOBS; w++)
		diag_init_kept(&j->diag[w]);
	pool_run(jobs, n, load_job, j);
	if (beside)
		pool_beside_wait(&other);
	struct article_file *files = j->files;
	free(j);
	for (size_t i = 0; i < n; i++) {
		struct article_file *f = &files[i];
		if (f->diag) {
			diag_pass_on(s->diag, f->diag);
			free(f->diag);
		}
		if (f->keep)
			add_article(s, &f->a);
		else
			markdown_article_free(&f->a);
	}
	free(files);
	arena_free(&paths);
}

/* Neighbours in slug order: duplicates sit side by side. */
static void check_duplicate_slugs(struct site *s)
{
	size_t *idx = markdown_sorted_articles(s->in.articles, s->in.narticles, false);
	for (size_t i = 1; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[idx[i]];
		const struct article *b = &s->in.articles[idx[i - 1]];
		if (a->lang != b->lang || strcmp(a->slug, b->slug))
			continue;
		diag_error(s->diag, a->path, a->slug_line, 7,
			   "duplicate slug \"%s\" (also in %s)", a->slug, b->path);
	}
	free(idx);
}

/* An article's translation key as the sort by translation has it. */
static const char *translation_key(const struct site *s, size_t i)
{
	const char *t = s->in.articles[i].translation;
	return t ? t : "";
}

/* The end of the run of idx[from..to) whose articles share idx[from]'s
 * translation key. */
static size_t same_key_end(const struct site *s, const size_t *idx, size_t from, size_t to)
{
	const char *k = translation_key(s, idx[from]);
	size_t i = from + 1;
	while (i < to && !strcmp(translation_key(s, idx[i]), k))
		i++;
	return i;
}

/* Link each article to its translation: the first article of the other
 * language with the same translation key (`idx`: the articles sorted by
 * language, then translation key: the two languages' runs merged, each
 * key compared once, not searched for). */
static void link_translations(struct site *s, const size_t *idx)
{
	_Static_assert(LANG_EN == 0 && LANG_ZH == 1 && LANG_COUNT == 2,
		       "two languages, English first");
	size_t n = s->in.narticles;
	long *of = xmalloc((n + 1) * sizeof *of);
	for (size_t i = 0; i < n; i++)
		of[i] = -1;
	size_t zh = 0; /* where the Chinese run starts */
	while (zh < n && s->in.articles[idx[zh]].lang == LANG_EN)
		zh++;
	for (size_t i = 0, j = zh; i < zh && j < n;) {
		int c = strcmp(translation_key(s, idx[i]), translation_key(s, idx[j]));
		size_t ie = c <= 0 ? same_key_end(s, idx, i, zh) : i;
		size_t je = c >= 0 ? same_key_end(s, idx, j, n) : j;
		if (c == 0) { /* each side's articles to the first of the other's */
			const struct article *en = &s->in.articles[idx[i]];
			const struct article *zh_first = &s->in.articles[idx[j]];
			for (size_t k = i; k < ie && zh_first->translation; k++)
				if (s->in.articles[idx[k]].translation)
					of[idx[k]] = (long)idx[j];
			for (size_t k = j; k < je && en->translation; k++)
				if (s->in.articles[idx[k]].translation)
					of[idx[k]] = (long)idx[i];
		}
		i = ie;
		j = je;
	}
	s->in.translation_of = of;
}

/* One article per language may carry a translation key: two would both
 * claim the same page in the other language (`idx` as link_translations'). */
static void check_duplicate_translations(struct site *s, const size_t *idx)
{
	for (size_t i = 1; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[idx[i]];
		const struct article *b = &s->in.articles[idx[i - 1]];
		if (!a->translation || !b->translation || a->lang != b->lang ||
		    strcmp(a->translation, b->translation))
			continue;
		diag_error(s->diag, a->path, a->translation_line, 14,
			   "duplicate translation \"%s\" (also in %s): one article per language may have it",
			   a->translation, b->path);
	}
}

/* A Chinese article whose English twin is missing is worth a warning: the
 * English site, the primary one, does not have it. */
static void warn_missing_english(struct site *s)
{
	for (size_t i = 0; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[i];
		if (a->lang != LANG_ZH || s->in.translation_of[i] >= 0)
			continue;
		if (a->translation)
			diag_warning(s->diag, a->path, a->translation_line, 14,
				     "no English article has translation \"%s\" (this article has no English twin)",
				     a->translation);
		else
			diag_warning(s->diag, a->path, 1, 1,
				     "no translation key, so no English twin (add \"translation:\" to both articles)");
	}
}

void content_load(struct site *s, void (*beside)(void *ctx), void *ctx)
{
	load_all(s, beside, ctx);
	check_duplicate_slugs(s);
	size_t *by_translation = markdown_sorted_articles(s->in.articles, s->in.narticles, true);
	check_duplicate_translations(s, by_translation);
	link_translations(s, by_translation);
	free(by_translation);
	warn_missing_english(s);
}

