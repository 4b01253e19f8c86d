/* message-interim.c - INTERIM header-only parser so the importer can be
 * built and tested before parsers/message.c (libetpan) lands. Replaced
 * by it at merge; not part of any release. */
#include "config.h"
#include "parsers/message.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/ascii.h"
#include "lib/limits.h"
#include "lib/status.h"
#include "lib/xalloc.h"

static const char *
hdr(struct message *m, const char *raw, size_t hlen, const char *name)
{
	size_t nl = strlen(name);
	const char *p = raw, *end = raw + hlen;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q;

		if (!eol)
			eol = end;
		if ((size_t)(eol - p) > nl && !strncasecmp(p, name, nl) &&
		    p[nl] == ':') {
			q = p + nl + 1;
			while (eol + 1 < end && LKB_ISBLANK(eol[1])) {
				const char *n = memchr(eol + 1, '\n',
						       (size_t)(end - eol - 1));
				eol = n ? n : end;
			}
			while (q < eol && LKB_ISSPACE(*q))
				q++;
			return arena_memdup0(&m->arena, q, (size_t)(eol - q));
		}
		p = eol + 1;
	}
	return NULL;
}

static const char *
first_id(struct message *m, const char *v)
{
	const char *a, *b;

	if (!v || !(a = strchr(v, '<')) || !(b = strchr(a, '>')))
		return NULL;
	return arena_memdup0(&m->arena, a + 1, (size_t)(b - a - 1));
}

int
message_parse(const char *raw, size_t len, struct message **m_out)
{
	struct message *m;
	const char *sep, *refs, *from;
	size_t hlen;

	*m_out = NULL;
	if (len > LKB_MAX_MESSAGE_BYTES)
		return LKB_ERR_TOO_BIG;
	m = xcalloc(1, sizeof(*m));
	arena_init(&m->arena);
	sep = memmem(raw, len, "\n\n", 2);
	hlen = sep ? (size_t)(sep - raw) : len;
	m->message_id = first_id(m, hdr(m, raw, hlen, "Message-ID"));
	m->in_reply_to = first_id(m, hdr(m, raw, hlen, "In-Reply-To"));
	refs = hdr(m, raw, hlen, "References");
	m->references = arena_calloc(&m->arena, 64, sizeof(char *));
	while (refs && m->nreferences < 64 && (refs = strchr(refs, '<'))) {
		const char *id = first_id(m, refs);

		if (!id)
			break;
		m->references[m->nreferences++] = id;
		refs++;
	}
	m->subject = hdr(m, raw, hlen, "Subject");
	if (!m->subject)
		m->subject = "";
	from = hdr(m, raw, hlen, "From");
	m->from.name = "";
	m->from.addr = from ? first_id(m, from) : "";
	if (!m->from.addr)
		m->from.addr = from;
	if (from && strchr(from, '<'))
		m->from.name = arena_memdup0(&m->arena, from,
				(size_t)(strchr(from, '<') - from));
	m->date = (time_t)-1;
	m->body = sep ? arena_memdup0(&m->arena, sep + 2,
				      len - hlen - 2) : "";
	m->body_len = strlen(m->body);
	m->quality = sep ? MSG_OK : MSG_REJECTED;
	m->problem = sep ? NULL : "no header block";
	*m_out = m;
	return LKB_OK;
}

void
message_free(struct message *m)
{
	if (!m)
		return;
	arena_release(&m->arena);
	free(m);
}

const char *
message_header(const struct message *m, const char *name)
{
	(void)m;
	(void)name;
	return NULL;
}
