/* data_files: which files of data/ a build reads. A table's file must be a
 * regular file inside the data folder (a symbolic link that stays inside it
 * is followed); a *.csv file that is no table is a warning, never silently
 * skipped. data_load asks, table by table.
 */
#ifndef GPUGUIDE_DATA_FILES_H
#define GPUGUIDE_DATA_FILES_H

#include <stdbool.h>

struct diag;

/* Whether `fs_path` (shown as `shown`), the file of table `name`, is a
 * readable table file of the data folder `real_dir` (resolved); reports why
 * not (missing, a link out of the folder or to nothing, not a regular file)
 * and returns false. */
bool data_files_table_ok(const char *fs_path, const char *shown, const char *real_dir,
			 const char *name, struct diag *diag);
/* Warn about each *.csv file of `data_dir` (shown under `display_dir`) that
 * is none of the known tables nor the file `not_table` (the publisher's
 * settings), in name order. */
void data_files_warn_unknown(const char *data_dir, const char *display_dir, const char *not_table,
			     struct diag *diag);

#endif
