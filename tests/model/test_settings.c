/* Tests for settings: data/site.csv and the base URL's form. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "model/settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_base_urls(void **state)
{
	(void)state;
	assert_null(settings_base_url_problem("https://gpuguide.example"));
	assert_null(settings_base_url_problem("http://localhost:8000/guide/"));
	assert_string_equal(settings_base_url_problem("gpuguide.example"),
			    "must start with http:// or https://");
	assert_string_equal(settings_base_url_problem("https://"), "has no host name");
	assert_string_equal(settings_base_url_problem("https://a.example:80x"),
			    "has a character a host name cannot hold");
	assert_string_equal(settings_base_url_problem("https://a.example:/"),
			    "has a port that is not a number from 1 to 65535");
	assert_string_equal(settings_base_url_problem("https://a.example:0"),
			    "has a port that is not a number from 1 to 65535");
	assert_string_equal(settings_base_url_problem("https://a.example:99999"),
			    "has a port that is not a number from 1 to 65535");
	assert_string_equal(settings_base_url_problem("https://a..b"),
			    "has an empty part in its host name (\"..\")");
	assert_string_equal(settings_base_url_problem("https://user@a.example"),
			    "has a character a host name cannot hold");
	assert_string_equal(settings_base_url_problem("javascript:alert(1)//"),
			    "must start with http:// or https://");
	assert_string_equal(settings_base_url_problem("https://a.example/a b"),
			    "may not hold spaces, quotes, a query (?) or a fragment (#)");
	assert_string_equal(settings_base_url_problem("https://a.example/?x=1"),
			    "may not hold spaces, quotes, a query (?) or a fragment (#)");
}

static int load(const char *text, struct settings *c, struct buf *log)
{
	char path[] = "/tmp/settings-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (long)strlen(text));
	close(fd);
	struct arena a = { 0 };
	struct diag d;
	diag_init(&d, NULL, log);
	int rc = settings_load(c, path, "data/site.csv", &a, &d);
	/* keep what c points to only as long as the test needs: copy out */
	static char names[2][64], url[128];
	if (c->base_url) {
		snprintf(url, sizeof url, "%s", c->base_url);
		c->base_url = url;
	}
	for (int l = 0; l < 2; l++)
		if (c->site_name[l]) {
			snprintf(names[l], sizeof names[l], "%s", c->site_name[l]);
			c->site_name[l] = names[l];
		}
	arena_free(&a);
	unlink(path);
	return rc;
}

static void test_settings_are_read(void **state)
{
	(void)state;
	struct settings c;
	struct buf log = BUF_INIT;
	assert_int_equal(load("key,value\nbase_url,https://guide.example.org\n"
			      "default_lang,zh\nsite_name_zh,显卡指南\n", &c, &log), 0);
	assert_string_equal(c.base_url, "https://guide.example.org");
	assert_int_equal(c.default_lang, LANG_ZH);
	assert_null(c.site_name[LANG_EN]);
	assert_string_equal(c.site_name[LANG_ZH], "显卡指南");
	assert_string_equal(log.ptr, "");
	buf_release(&log);
}

static void test_every_problem_is_positioned(void **state)
{
	(void)state;
	struct settings c;
	struct buf log = BUF_INIT;
	assert_int_equal(load("key,value\nbase_url,ftp://x\ncolour,blue\n"
			      "default_lang,fr\ndefault_lang,en\nsite_name_en,\nsite_name_zh,  \n", &c, &log), -1);
	assert_string_equal(log.ptr,
		"data/site.csv:2:10: error: base_url \"ftp://x\" must start with http:// or https://\n"
		"data/site.csv:3:1: error: unknown setting \"colour\" (known: base_url, default_lang, site_name_en, site_name_zh)\n"
		"data/site.csv:4:14: error: default_lang \"fr\" is not a language of the site (en, zh)\n"
		"data/site.csv:5:1: error: setting \"default_lang\" given twice\n"
		"data/site.csv:6:14: error: site_name_en is empty (leave the row out to name the site as data/i18n.csv's site.name does)\n"
		"data/site.csv:7:14: error: site_name_zh is empty (leave the row out to name the site as data/i18n.csv's site.name does)\n");
	buf_release(&log);
}

static void test_a_missing_file_is_no_settings(void **state)
{
	(void)state;
	struct settings c;
	struct arena a = { 0 };
	struct diag d;
	diag_init(&d, NULL, NULL);
	assert_int_equal(settings_load(&c, "/nonexistent/site.csv", "data/site.csv", &a, &d), 0);
	assert_null(c.base_url);
	assert_int_equal(c.default_lang, LANG_EN);
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_urls),
		cmocka_unit_test(test_settings_are_read),
		cmocka_unit_test(test_every_problem_is_positioned),
		cmocka_unit_test(test_a_missing_file_is_no_settings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
