/* settings: the publisher's settings, data/site.csv, so a publish does not
 * depend on remembering command-line flags.
 *
 *     key,value
 *     base_url,https://guide.example.org
 *     default_lang,en
 *     site_name_en,GPU Buyer's Guide
 *     site_name_zh,GPU 选购指南
 *
 * Every key is optional: base_url (the absolute address canonical links,
 * feeds and the sitemap use; `gen build --base-url` overrides it; without
 * either the build uses SETTINGS_PLACEHOLDER_URL and says so), default_lang
 * (the language x-default links lead to: en or zh), site_name_<lang> (the
 * site's name, in place of data/i18n.csv's site.name). An unknown key, a
 * key given twice, a malformed base URL, an unknown language or an empty
 * site name is an error at its row. A missing file is no settings.
 *
 * Memory: strings live in the arena given to settings_load.
 */
#ifndef GPUGUIDE_SETTINGS_H
#define GPUGUIDE_SETTINGS_H

#include "model/data.h"
#include "model/i18n.h"

#include <stdbool.h>

struct arena;
struct diag;
struct table;

/* The base URL a build uses when neither data/site.csv nor --base-url
 * gives one: links made with it lead nowhere real. */
#define SETTINGS_PLACEHOLDER_URL "https://gpuguide.example"
/* The settings file, under data/ (data.h: it is not a table). */
#define SETTINGS_FILE DATA_SETTINGS_FILE

struct settings {
	const char *base_url;              /* NULL: not set */
	enum lang default_lang;            /* LANG_EN unless set */
	const char *site_name[LANG_COUNT]; /* NULL: not set */
};

/* Why `url` is not a base URL ("http://" or "https://", a host of letters,
 * digits, dots and dashes, an optional :port and /path; no spaces, query or
 * fragment), or NULL when it is one. */
const char *settings_base_url_problem(const char *url);

/* Read `fs_path` (shown as `path`) into `c`. Returns 0, or -1 after
 * reporting every problem. */
int settings_load(struct settings *c, const char *fs_path, const char *path,
		  struct arena *arena, struct diag *diag);

/* Put the configured site names into the UI strings table (data/i18n.csv
 * as read, before i18n_load) in place of site.name's. */
void settings_apply_names(const struct settings *c, struct table *i18n);

#endif
