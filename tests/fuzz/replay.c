/* replay.c - feed seed files through a fuzz target once, without
 * libFuzzer, so `make check` runs every harness (doc/style.md R39).
 *
 * Usage: PROG FILE-OR-DIR...  (directories are walked recursively).
 * Exits 0 when every input went through; a crash fails the test. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/status.h"
#include "lib/strbuf.h"
#include "lib/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay_file(const char *path, size_t *count)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	FILE *f = fopen(path, "rb");
	size_t n;
	int rc = 0;

	if (!f) {
		perror(path);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	if (ferror(f))
		rc = -1;
	fclose(f);
	if (rc == 0) {
		LLVMFuzzerTestOneInput((const uint8_t *)sb.buf, sb.len);
		(*count)++;
	}
	strbuf_release(&sb);
	return rc;
}

static int
replay_path(const char *path, size_t *count)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if (stat(path, &st) < 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path, count);
	if (!(d = opendir(path))) {
		perror(path);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		char *sub;

		if (de->d_name[0] == '.')
			continue;
		sub = xasprintf("%s/%s", path, de->d_name);
		if (replay_path(sub, count) < 0)
			rc = -1;
		free(sub);
	}
	closedir(d);
	return rc;
}

int
main(int argc, char **argv)
{
	size_t count = 0;
	int rc = 0;

	for (int i = 1; i < argc; i++)
		if (replay_path(argv[i], &count) < 0)
			rc = 1;
	printf("replayed %zu inputs\n", count);
	return rc;
}
