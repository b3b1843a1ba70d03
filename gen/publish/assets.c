/* assets: static files with content-hashed URLs (see assets.h). */
#include "publish/assets.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "publish/output.h"
#include "base/strmap.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int assets_load(struct assets *a, const char *dir, const char *shown,
		struct diag *diag)
{
	memset(a, 0, sizeof *a);
	char **names = fs_list_dir(dir, NULL);
	if (!names)
		return 0;
	int rc = 0;
	struct buf path = BUF_INIT, b = BUF_INIT;
	for (char **n = names; *n; n++) {
		if ((*n)[0] == '.')
			continue;
		buf_reset(&path);
		buf_addf(&path, "%s/%s", dir, *n);
		buf_reset(&b);
		if (fs_read_file(path.ptr, &b) != 0) {
			struct buf where = BUF_INIT;
			buf_addf(&where, "%s/%s", shown, *n);
			diag_error(diag, where.ptr, 0, 0, "cannot read: %s", fs_strerror(errno));
			buf_release(&where);
			rc = -1;
			continue;
		}
		ALLOC_GROW(a->v, a->n, a->cap);
		struct asset *as = &a->v[a->n++];
		as->name = xstrdup(*n);
		as->len = b.len;
		as->data = buf_detach(&b, NULL);
		snprintf(as->hash, sizeof as->hash, "%016llx",
			 (unsigned long long)strmap_hash_bytes(as->data, as->len));
	}
	buf_release(&path);
	buf_release(&b);
	fs_free_list(names);
	return rc;
}

const char *assets_url(const struct assets *a, const char *name,
		       struct arena *arena)
{
	for (size_t i = 0; a && i < a->n; i++)
		if (!strcmp(a->v[i].name, name))
			return arena_printf(arena, "%s?v=%s", name, a->v[i].hash);
	return name;
}

struct value *assets_context(const struct assets *a, struct arena *arena)
{
	struct value *m = value_new_map(arena);
	for (size_t i = 0; i < a->n; i++) {
		char *key = arena_strdup(arena, a->v[i].name);
		for (char *c = key; *c; c++)
			if (*c == '.' || *c == '-')
				*c = '_';
		value_map_set_str(arena, m, key, assets_url(a, a->v[i].name, arena));
	}
	return m;
}

int assets_write(const struct assets *a, struct output *out)
{
	for (size_t i = 0; i < a->n; i++)
		if (output_add(out, a->v[i].name, a->v[i].data, a->v[i].len) != 0)
			return -1;
	return 0;
}

void assets_free(struct assets *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].name);
		free(a->v[i].data);
	}
	free(a->v);
	memset(a, 0, sizeof *a);
}
