/* Tests for appender: records appended by several threads (each chunk
 * that fills written by its thread outside the lock, in any order) all
 * read back from the file at the offsets they were given, a record larger
 * than a chunk too, with the tail after them; a write that fails stops
 * the writing and the finish says so; an appender never started only
 * counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/fs.h"
#include "publish/appender.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { THREADS = 4, RECORDS = 300 };

/* Record r of thread t: its size (a few bytes to a chunk and a half, now
 * and then) and its bytes, told apart by both. */
static size_t record_len(int t, int r)
{
	if (r % 97 == 13)
		return APPENDER_CHUNK + APPENDER_CHUNK / 2 + (size_t)t;
	return 1 + (size_t)((r * 7919 + t * 104729) % 9000);
}

static void record_fill(char *p, size_t len, int t, int r)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (char)('a' + (i + (size_t)t * 7 + (size_t)r * 13) % 26);
}

struct shared {
	struct appender ap;
	pthread_mutex_t lock;
	uint64_t at[THREADS][RECORDS];
};

struct worker {
	struct shared *sh;
	int t;
};

static void *append_records(void *arg)
{
	struct worker *w = arg;
	struct shared *sh = w->sh;
	char *bytes = malloc(2 * APPENDER_CHUNK);
	for (int r = 0; r < RECORDS; r++) {
		size_t len = record_len(w->t, r);
		record_fill(bytes, len, w->t, r);
		struct appender_chunk full;
		pthread_mutex_lock(&sh->lock);
		sh->at[w->t][r] = appender_add(&sh->ap, bytes, len, &full);
		pthread_mutex_unlock(&sh->lock);
		appender_write_chunk(&sh->ap, &full);
	}
	free(bytes);
	return NULL;
}

static char *temp_dir(void)
{
	char *dir = strdup("/tmp/test_appender_XXXXXX");
	assert_non_null(mkdtemp(dir));
	return dir;
}

static void test_records_from_threads_read_back_where_they_were_put(void **state)
{
	(void)state;
	char *dir = temp_dir();
	char path[80];
	snprintf(path, sizeof path, "%s/file", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	assert_true(fd >= 0);
	struct shared *sh = calloc(1, sizeof *sh);
	appender_init(&sh->ap);
	appender_start(&sh->ap, fd, 5); /* after a header of 5 bytes */
	pthread_mutex_init(&sh->lock, NULL);
	pthread_t th[THREADS];
	struct worker w[THREADS];
	for (int t = 0; t < THREADS; t++) {
		w[t] = (struct worker){ sh, t };
		assert_int_equal(pthread_create(&th[t], NULL, append_records, &w[t]), 0);
	}
	for (int t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);
	uint64_t end = sh->ap.at;
	assert_true(appender_active(&sh->ap));
	assert_int_equal(appender_finish(&sh->ap, "tail", 4), 0);
	assert_false(appender_active(&sh->ap));

	struct buf file = BUF_INIT;
	assert_int_equal(fs_read_file(path, &file), 0);
	assert_int_equal(file.len, end + 4);
	assert_memory_equal(file.ptr + end, "tail", 4);
	uint64_t total = 5;
	char *want = malloc(2 * APPENDER_CHUNK);
	for (int t = 0; t < THREADS; t++)
		for (int r = 0; r < RECORDS; r++) {
			size_t len = record_len(t, r);
			record_fill(want, len, t, r);
			assert_true(sh->at[t][r] + len <= end);
			assert_memory_equal(file.ptr + sh->at[t][r], want, len);
			total += len;
		}
	assert_int_equal(total, end); /* no gap, no overlap */
	free(want);
	buf_release(&file);
	pthread_mutex_destroy(&sh->lock);
	free(sh);
	assert_int_equal(fs_remove_tree(dir), 0);
	free(dir);
}

/* A descriptor that cannot be written: the first chunk's write fails, the
 * appender stops writing (offsets still given), the finish fails. */
static void test_a_failed_write_stops_the_writing(void **state)
{
	(void)state;
	char *dir = temp_dir();
	char path[80];
	snprintf(path, sizeof path, "%s/file", dir);
	close(open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
	struct appender ap;
	appender_init(&ap);
	appender_start(&ap, open(path, O_RDONLY | O_CLOEXEC), 0);
	char *bytes = calloc(1, APPENDER_CHUNK);
	struct appender_chunk full;
	assert_int_equal(appender_add(&ap, bytes, APPENDER_CHUNK, &full), 0);
	assert_null(full.bytes);
	assert_int_equal(appender_add(&ap, bytes, 10, &full), APPENDER_CHUNK);
	assert_non_null(full.bytes);
	assert_int_equal(full.at, 0);
	assert_int_equal(full.len, APPENDER_CHUNK);
	appender_write_chunk(&ap, &full);
	assert_null(full.bytes);
	assert_false(appender_active(&ap));
	assert_int_equal(appender_add(&ap, bytes, 10, &full), APPENDER_CHUNK + 10);
	assert_null(full.bytes);
	errno = 0;
	assert_int_equal(appender_finish(&ap, "x", 1), -1);
	assert_int_equal(errno, EIO);
	free(bytes);
	assert_int_equal(fs_remove_tree(dir), 0);
	free(dir);
}

static void test_an_appender_never_started_only_counts(void **state)
{
	(void)state;
	struct appender ap;
	appender_init(&ap);
	assert_false(appender_active(&ap));
	struct appender_chunk full;
	assert_int_equal(appender_add(&ap, "abc", 3, &full), 0);
	assert_null(full.bytes);
	errno = 0;
	assert_int_equal(appender_finish(&ap, NULL, 0), -1);
	assert_int_equal(errno, EINVAL);
	appender_abandon(&ap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_from_threads_read_back_where_they_were_put),
		cmocka_unit_test(test_a_failed_write_stops_the_writing),
		cmocka_unit_test(test_an_appender_never_started_only_counts),
	};
	return cmocka_run_group_tests_name("appender", tests, NULL, NULL);
}
