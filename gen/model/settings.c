/* settings: data/site.csv (see settings.h). */
#include "model/settings.h"

#include "base/arena.h"
#include "base/csv.h"
#include "base/diag.h"
#include "base/fs.h"

#include <string.h>

const char *settings_base_url_problem(const char *url)
{
	const char *p = url;
	if (!strncmp(p, "https://", 8))
		p += 8;
	else if (!strncmp(p, "http://", 7))
		p += 7;
	else
		return "must start with http:// or https://";
	const char *host = p;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
	       (*p >= '0' && *p <= '9') || *p == '.' || *p == '-')
		p++;
	if (p == host || *host == '.' || *host == '-' || p[-1] == '.' || p[-1] == '-')
		return "has no host name";
	for (const char *q = host; q + 1 < p; q++)
		if (q[0] == '.' && q[1] == '.')
			return "has an empty part in its host name (\"..\")";
	if (*p == ':') {
		const char *port = ++p;
		long n = 0;
		while (*p >= '0' && *p <= '9' && n <= 65535)
			n = n * 10 + (*p++ - '0');
		if (p == port || n < 1 || n > 65535)
			return "has a port that is not a number from 1 to 65535";
	}
	if (*p && *p != '/')
		return "has a character a host name cannot hold";
	for (; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == '?' || *p == '#' || *p == '"' ||
		    *p == '<' || *p == '>' || *p == '\\' || (unsigned char)*p == 0x7f)
			return "may not hold spaces, quotes, a query (?) or a fragment (#)";
	return NULL;
}

static int conf_set(struct settings *c, const struct table *t, size_t r,
		    const char *key, const char *value, bool *seen, struct diag *diag)
{
	static const char *const keys[] = { "base_url", "default_lang", "site_name_en",
					    "site_name_zh" };
	size_t k = 0;
	while (k < sizeof keys / sizeof *keys && strcmp(keys[k], key))
		k++;
	if (k == sizeof keys / sizeof *keys) {
		diag_error(diag, t->path, t->lines[r], 1,
			   "unknown setting \"%s\" (known: base_url, default_lang, "
			   "site_name_en, site_name_zh)", key);
		return -1;
	}
	if (seen[k]) {
		diag_error(diag, t->path, t->lines[r], 1, "setting \"%s\" given twice", key);
		return -1;
	}
	seen[k] = true;
	int col = (int)strlen(key) + 2;
	if (k == 0) {
		const char *why = settings_base_url_problem(value);
		if (why) {
			diag_error(diag, t->path, t->lines[r], col,
				   "base_url \"%s\" %s", value, why);
			return -1;
		}
		c->base_url = value;
	} else if (k == 1) {
		int l = lang_from_code(value);
		if (l < 0) {
			diag_error(diag, t->path, t->lines[r], col,
				   "default_lang \"%s\" is not a language of the site (en, zh)",
				   value);
			return -1;
		}
		c->default_lang = (enum lang)l;
	} else if (!value[strspn(value, " \t")]) {
		/* (else data/i18n.csv's site.name is blamed for a blank here) */
		diag_error(diag, t->path, t->lines[r], col,
			   "%s is empty (leave the row out to name the site as data/i18n.csv's "
			   "site.name does)", key);
		return -1;
	} else {
		c->site_name[k == 2 ? LANG_EN : LANG_ZH] = value;
	}
	return 0;
}

int settings_load(struct settings *c, const char *fs_path, const char *path,
		  struct arena *arena, struct diag *diag)
{
	memset(c, 0, sizeof *c);
	c->default_lang = LANG_EN;
	if (!fs_exists(fs_path))
		return 0;
	struct table t;
	if (csv_table_load(&t, arena, fs_path, path, diag) != 0)
		return -1;
	long kc = csv_table_column(&t, "key"), vc = csv_table_column(&t, "value");
	if (kc < 0 || vc < 0 || t.ncols != 2) {
		diag_error(diag, path, 1, 1, "the header must be \"key,value\"");
		return -1;
	}
	int rc = 0;
	bool seen[4] = { false };
	for (size_t r = 0; r < t.nrows; r++)
		if (conf_set(c, &t, r, t.rows[r][kc], t.rows[r][vc], seen, diag) != 0)
			rc = -1;
	return rc;
}

void settings_apply_names(const struct settings *c, struct table *i18n)
{
	long kc = csv_table_column(i18n, "key");
	if (kc < 0)
		return;
	for (size_t r = 0; r < i18n->nrows; r++) {
		if (strcmp(i18n->rows[r][kc], "site.name"))
			continue;
		for (int l = 0; l < LANG_COUNT; l++) {
			long lc = csv_table_column(i18n, lang_code((enum lang)l));
			if (lc >= 0 && c->site_name[l])
				i18n->rows[r][lc] = c->site_name[l];
		}
	}
}
