/* data_files: which files of data/ a build reads (see data_files.h). */
#include "model/data_files.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "base/text.h"
#include "base/xalloc.h"
#include "model/schema.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* True when `path` is `dir` itself or lies under it (both resolved). */
static bool path_is_inside(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	if (strncmp(path, dir, n) != 0)
		return false;
	/* "/" as dir: everything is inside */
	return path[n] == '/' || path[n] == '\0' || (n && dir[n - 1] == '/');
}

bool data_files_table_ok(const char *fs_path, const char *shown, const char *real_dir,
			 const char *name, struct diag *diag)
{
	struct stat st;
	if (lstat(fs_path, &st) != 0) {
		if (errno == ENOENT)
			diag_error(diag, shown, 0, 0,
				   "missing file (the %s table is required)",
				   name);
		else
			diag_error(diag, shown, 0, 0, "cannot read: %s",
				   strerror(errno));
		return false;
	}
	if (S_ISLNK(st.st_mode)) {
		char *target = realpath(fs_path, NULL);
		if (!target) {
			diag_error(diag, shown, 0, 0,
				   "symbolic link to nothing (%s)",
				   strerror(errno));
			return false;
		}
		bool inside = real_dir && path_is_inside(target, real_dir);
		free(target);
		if (!inside) {
			diag_error(diag, shown, 0, 0,
				   "symbolic link points outside the data folder; refused");
			return false;
		}
		if (stat(fs_path, &st) != 0) {
			diag_error(diag, shown, 0, 0, "cannot read: %s",
				   strerror(errno));
			return false;
		}
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error(diag, shown, 0, 0, "cannot read: %s", fs_strerror(FS_ENOTREG));
		return false;
	}
	return true;
}

/* In name order: readdir's order is the file system's, and output must not
 * depend on it. */
void data_files_warn_unknown(const char *data_dir, const char *display_dir, const char *not_table,
			     struct diag *diag)
{
	DIR *dir = opendir(data_dir);
	if (!dir)
		return;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(dir)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 4, ".csv") != 0)
			continue;
		char *base = xstrndup(e->d_name, len - 4);
		/* the publisher's settings (not_table) are not a table */
		if (schema_table_spec(base) || !strcmp(e->d_name, not_table)) {
			free(base);
			continue;
		}
		free(base);
		ALLOC_GROW(names, n, cap);
		names[n++] = xstrdup(e->d_name);
	}
	closedir(dir);
	if (n)
		qsort(names, n, sizeof *names, text_compare_strings);
	for (size_t i = 0; i < n; i++) {
		struct buf shown = BUF_INIT;
		if (display_dir && *display_dir)
			buf_addf(&shown, "%s/", display_dir);
		buf_adds(&shown, names[i]);
		diag_warning(diag, shown.ptr, 0, 0,
			     "not a known table, ignored");
		buf_release(&shown);
		free(names[i]);
	}
	free(names);
}
