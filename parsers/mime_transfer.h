/* mime_transfer.h - Content-Transfer-Encoding decoders (RFC 2045 s6). */
#ifndef LKB_PARSERS_MIME_TRANSFER_H
#define LKB_PARSERS_MIME_TRANSFER_H

#include <stddef.h>

#include "lib/compiler.h"
#include "lib/strbuf.h"

/* Flags returned by the decoders; 0 means clean. */
enum {
	TRANSFER_TRUNCATED = 1 << 0,	/* base64 ended inside a quantum */
	TRANSFER_JUNK = 1 << 1		/* characters outside the alphabet */
};

/* Two hex digits at p (both must exist) to *v; 1 on success. */
int mime_hex_pair(const char *p, unsigned *v);

/* Base64 (RFC 2045 s6.8), lenient: blanks and line ends are skipped,
 * other junk is skipped and flagged, decoding stops at "=" padding, and
 * a trailing partial quantum yields the bytes it holds. Appends to out;
 * returns TRANSFER_* flags, or LKB_ERR_TOO_BIG when out's cap is hit. */
int mime_base64_decode(struct strbuf *out, const char *p, size_t len)
	LKB_WARN_UNUSED;

/* Quoted-printable (RFC 2045 s6.7): "=XX" is a byte, "=" at a line end
 * is a soft break (trailing blanks after it allowed), trailing blanks of
 * a hard line are kept (lenient), and a "=" not followed by two hex
 * digits stays literal. Line ends are copied as they are. Appends to
 * out; returns 0 or LKB_ERR_TOO_BIG. */
int mime_qp_decode(struct strbuf *out, const char *p, size_t len)
	LKB_WARN_UNUSED;

#endif
