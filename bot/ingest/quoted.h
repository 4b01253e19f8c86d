/* quoted.h - a robot report known only from a reply that quotes it
 * (bot/ingest/quoted.c). */
#ifndef LKB_BOT_INGEST_QUOTED_H
#define LKB_BOT_INGEST_QUOTED_H

#include "lib/compiler.h"

struct message;
struct store;
struct strbuf;

/* When m answers a robot report the store does not hold (a robot
 * Message-ID in References or In-Reply-To) and quotes it under the
 * robot's "... wrote:" line, append to out a stand-in mail for that
 * report: its Message-ID, the robot's From, m's subject without "Re:",
 * m's date and the quote with one '>' level taken off (no quote, or
 * one the report parser does not take: a robot Message-ID m names,
 * with no text); *report_id_out
 * is the report's Message-ID (m's memory). 1 made, 0 not (nothing to
 * make, or the store holds the report), or a negative status. */
int quoted_report_mail(struct store *st, const struct message *m,
		       struct strbuf *out, const char **report_id_out)
	LKB_WARN_UNUSED;

#endif
