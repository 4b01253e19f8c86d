/* verify.h - is a mail's sender the one its From: names? (DKIM)
 *
 * A mail's raw bytes are checked with libopendkim: a valid DKIM signature
 * whose signing domain (d=) is the From: address's domain, or a domain the
 * From: domain is a subdomain of, verifies its sender when it also
 * covers the fields lkpbot threads by and the whole body (issue 36: a
 * signed command acts only where it was signed for). Keys come from a
 * key file ([bot] dkim_key_file: lines "<selector>._domainkey.<domain>
 * <TXT record>") and then never from DNS; without one, from DNS.
 * libopendkim types stay in verify.c. */
#ifndef LKB_BOT_TRIAGE_VERIFY_H
#define LKB_BOT_TRIAGE_VERIFY_H

#include <stddef.h>

#include "lib/compiler.h"

struct verify;

/* A verifier with the keys of key_file (NULL: DNS). LKB_OK and *v_out
 * (free with verify_free), or LKB_ERR_CONFIG after a logged error. */
int verify_new(const char *key_file, struct verify **v_out) LKB_WARN_UNUSED;
void verify_free(struct verify *v);

/* Does raw[0..len) verify as from_addr's, for what lkpbot reads of it?
 * Verified (1) only when a valid signature of the From: domain covers
 * the whole body (an l= tag shorter than the body does not) and names in
 * its h= each of From, Subject, Message-ID, In-Reply-To and References
 * that is there, and none of these is there twice (lkpbot reads the first
 * instance, libopendkim checks the last), and no header line is odd.
 * 0 not, with why ("not verified: ...") in why_out[0..size); negative on
 * a failure of the library itself. */
int verify_sender(struct verify *v, const char *raw, size_t len,
		  const char *from_addr, char *why_out, size_t size)
	LKB_WARN_UNUSED;

/* The length of the body b[0..len) canonicalized for DKIM (RFC 6376
 * 3.4.3 simple, 3.4.4 relaxed), every CR and LF a line end (as
 * libopendkim with bare line ends fixed counts it). A signature whose l=
 * is less covers only part of the body. */
size_t verify_canon_len(const char *b, size_t len, int relaxed);

/* Is domain dom aligned with signing domain d (equal, or dom a subdomain
 * of d; any case)? */
int verify_aligned(const char *dom, const char *d);

#endif
