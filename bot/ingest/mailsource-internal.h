/* mailsource-internal.h - mailsource.c's parts under unit test. */
#ifndef LKB_BOT_INGEST_MAILSOURCE_INTERNAL_H
#define LKB_BOT_INGEST_MAILSOURCE_INTERNAL_H

#include <stddef.h>

#include "bot/ingest/mailsource.h"
#include "lib/compiler.h"

#ifdef LKB_UNIT_TEST
/* Split the mbox on fd (read to its end, chunk bytes a read(2): 1 or
 * more, LKB_IMPORT_READ_BYTES outside the tests); head_len bytes at head
 * (at most chunk) were read from fd already and come first. name goes
 * into the sources ("mbox:NAME:OFFSET", OFFSET that of the From_ line)
 * and the diagnostics. Each message is handed over in a buffer of its
 * own (mailsource_fn's own). Memory: LKB_MAX_LINE_BYTES + chunk for the
 * reader, and the message being built. Returns LKB_OK, the callback's
 * non-zero value, or LKB_ERR_IO (logged; the message being read when
 * the read failed is not passed on). */
int mailsource_read_mbox(int fd, const char *name, const char *head,
			 size_t head_len, size_t chunk, mailsource_fn *fn,
			 void *arg) LKB_WARN_UNUSED;
#endif

#endif
