/* msg_same.h - do two parses of one mail agree on everything typed?
 * (message_parse() against message_parse_flags(MESSAGE_USED_FIELDS):
 * only the header list differs, by design.) Shared by
 * tests/unit/test_message.c and tests/fuzz/fuzz_message.c. Returns NULL,
 * or the name of the first member that differs. */
#ifndef LKB_TESTS_MSG_SAME_H
#define LKB_TESTS_MSG_SAME_H

#include <string.h>

#include "parsers/message.h"

static int
msg_same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static int
msg_same_addrs(const struct address *a, const struct address *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!msg_same_str(a[i].name, b[i].name) ||
		    !msg_same_str(a[i].addr, b[i].addr))
			return 0;
	return 1;
}

static const char *
msg_same(const struct message *a, const struct message *b)
{
	const struct mime_part *p, *q;

	if (a->quality != b->quality || !msg_same_str(a->problem, b->problem))
		return "quality";
	if (!msg_same_str(a->message_id, b->message_id))
		return "message_id";
	if (!msg_same_str(a->in_reply_to, b->in_reply_to))
		return "in_reply_to";
	if (a->nreferences != b->nreferences)
		return "nreferences";
	for (size_t i = 0; i < a->nreferences; i++)
		if (!msg_same_str(a->references[i], b->references[i]))
			return "references";
	if (!msg_same_str(a->subject, b->subject))
		return "subject";
	if (!msg_same_addrs(&a->from, &b->from, 1))
		return "from";
	if (a->nto != b->nto || !msg_same_addrs(a->to, b->to, a->nto))
		return "to";
	if (a->ncc != b->ncc || !msg_same_addrs(a->cc, b->cc, a->ncc))
		return "cc";
	if (!msg_same_str(a->reply_to, b->reply_to))
		return "reply_to";
	if (a->date != b->date || !msg_same_str(a->date_raw, b->date_raw))
		return "date";
	if (!msg_same_str(a->auto_submitted, b->auto_submitted) ||
	    !msg_same_str(a->precedence, b->precedence) ||
	    !msg_same_str(a->list_id, b->list_id) ||
	    !msg_same_str(a->x_lkpbot, b->x_lkpbot) ||
	    !msg_same_str(a->return_path, b->return_path) ||
	    !msg_same_str(a->list_other, b->list_other) ||
	    !msg_same_str(a->x_autoreply, b->x_autoreply))
		return "loop fields";
	if (a->body_len != b->body_len || memcmp(a->body, b->body, a->body_len))
		return "body";
	if (a->nparts != b->nparts)
		return "nparts";
	for (p = a->parts, q = b->parts; p && q; p = p->next, q = q->next) {
		if (!msg_same_str(p->type, q->type) ||
		    !msg_same_str(p->charset, q->charset) ||
		    !msg_same_str(p->filename, q->filename) ||
		    p->len != q->len || memcmp(p->text, q->text, p->len) ||
		    p->is_attachment != q->is_attachment)
			return "parts";
		if ((p == a->body_part) != (q == b->body_part))
			return "body_part";
	}
	if (!a->body_part != !b->body_part)
		return "body_part";
	return NULL;
}

/* The header lists too (for two parses that differ only in how the
 * header block is cut): NULL, or "headers". */
static const char *
msg_same_headers(const struct message *a, const struct message *b)
{
	if (a->nheaders != b->nheaders)
		return "nheaders";
	for (size_t i = 0; i < a->nheaders; i++)
		if (strcmp(a->headers[i].name, b->headers[i].name) ||
		    strcmp(a->headers[i].value, b->headers[i].value))
			return "headers";
	return msg_same(a, b);
}

#endif
