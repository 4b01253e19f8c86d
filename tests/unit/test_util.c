/* test_util.c - helpers shared by unit tests. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/status.h"
#include "parsers/message.h"
#include "state/store.h"
#include "tests/unit/check_main.h"

int64_t
lkb_test_add_message(struct store *st, const char *mid, const char *irt,
		     const char **refs, size_t nrefs)
{
	struct message m;
	struct store_msg_in in = { 0 };
	int64_t id = 0;
	int is_new = 0;

	memset(&m, 0, sizeof(m));
	m.message_id = mid;
	m.in_reply_to = irt;
	m.references = refs;
	m.nreferences = nrefs;
	m.subject = "s";
	m.from.name = "";
	m.from.addr = "a@b";
	m.date = 1000;
	m.body = "";
	m.quality = MSG_OK;
	in.m = &m;
	in.source = "test";
	in.content_hash = "";
	ck_assert_int_eq(store_message_add(st, &in, &id, &is_new), LKB_OK);
	return id;
}

void
lkb_test_open_db(char *path, size_t size, const char *stem,
		 struct store **st_out)
{
	int fd;

	snprintf(path, size, "/tmp/lkb-%s-XXXXXX", stem);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(store_open(path, STORE_RW, st_out), LKB_OK);
}

const char *
lkb_test_data_dir(void)
{
	const char *d = getenv("LKB_TEST_DATA");

	return d && *d ? d : "tests/data";
}

void
lkb_test_remove_db(const char *path)
{
	static const char *const aux[] = { "-wal", "-shm", ".raw" };
	char p[4096];

	remove(path);
	for (size_t i = 0; i < sizeof(aux) / sizeof(aux[0]); i++) {
		snprintf(p, sizeof(p), "%s%s", path, aux[i]);
		remove(p);
	}
}
