/* fuzz_message.c - libFuzzer target for message_parse() (doc/style.md R39). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/status.h"
#include "parsers/message.h"
#include "tests/msg_same.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Touch every string so a bad pointer shows up under ASan. */
static size_t
touch(const struct message *m)
{
	size_t n = strlen(m->subject) + strlen(m->from.name) +
		   strlen(m->from.addr) + m->body_len;

	for (size_t i = 0; i < m->nreferences; i++)
		n += strlen(m->references[i]);
	for (size_t i = 0; i < m->nto; i++)
		n += strlen(m->to[i].name) + strlen(m->to[i].addr);
	for (size_t i = 0; i < m->ncc; i++)
		n += strlen(m->cc[i].name) + strlen(m->cc[i].addr);
	for (const struct mime_part *p = m->parts; p; p = p->next)
		n += strlen(p->type) + strlen(p->charset) + p->len +
		     (p->text[p->len] == '\0');
	if (m->message_id)
		n += strlen(m->message_id);
	if (m->body[m->body_len] != '\0')
		__builtin_trap();
	if (message_header(m, "subject"))
		n++;
	return n;
}

/* The parse with flags and the one that leaves the header block to
 * libetpan agree, header list included. */
static void
same_cut(const uint8_t *data, size_t size, unsigned flags)
{
	struct message *a = NULL, *b = NULL;

	if (message_parse_flags((const char *)data, size, flags, &a) !=
		    LKB_OK ||
	    message_parse_flags((const char *)data, size,
				flags | MESSAGE_LIBETPAN_HEADER, &b) != LKB_OK ||
	    !a || !b || msg_same_headers(a, b))
		__builtin_trap();
	message_free(a);
	message_free(b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct message *m = NULL;

	if (message_parse((const char *)data, size, &m) == LKB_OK) {
		struct message *u = NULL;

		if (!m || touch(m) == (size_t)-1)
			__builtin_trap();
		/* triage's cheaper parse must read the same message, and
		 * so must libetpan splitting every multipart body */
		if (message_parse_flags((const char *)data, size,
					MESSAGE_USED_FIELDS, &u) != LKB_OK ||
		    !u || msg_same(m, u))
			__builtin_trap();
		message_free(u);
		u = NULL;
		if (message_parse_flags((const char *)data, size,
					MESSAGE_LIBETPAN_MIME, &u) != LKB_OK ||
		    !u || msg_same(m, u))
			__builtin_trap();
		message_free(u);
		message_free(m);
		/* the hand cut of clean header blocks is libetpan's, in
		 * full and for the used fields */
		same_cut(data, size, 0);
		same_cut(data, size, MESSAGE_USED_FIELDS);
	}
	return 0;
}
